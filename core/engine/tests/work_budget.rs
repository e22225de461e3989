//! The page-wide work budgets of one visit (issue 13, `align::Budgets`): a hostile page within
//! the core's limits costs bounded work in the one call of a visit — counted in work units
//! (pair cells, similarity words, word-diff bytes, classification bytes), never timed — and
//! says so (`Summary::degraded`), while an ordinary page gets exactly the result it gets with
//! no budget at all.
//!
//! The hostile shapes are those of `examples/hostile_visits.rs`. The debug build (scripts/test)
//! runs them at a tenth of the caps against a tenth of each budget; release builds and
//! `STRESS=full` also run them at the caps against the product's budgets.
#![allow(clippy::unwrap_used)]

use sincelast_core::align::{Budgets, Degraded, DiffOptions, Report, Status, Work};
use sincelast_core::classify::site::SiteState;
use sincelast_core::limits::{MAX_BLOCKS, MAX_BLOCK_TEXT, MAX_TOTAL_TEXT};
use sincelast_core::visit::{visit_with, VisitInput, VisitOptions};
use sincelast_core::Block;

fn block(text: String, path: String) -> Block {
    Block {
        text,
        path,
        ..Block::default()
    }
}

/// A word that differs for every `i`.
fn word(i: usize) -> String {
    let mut s = String::new();
    let mut n = i + 1;
    while n > 0 {
        s.push((b'a' + (n % 26) as u8) as char);
        n /= 26;
    }
    s
}

/// `n` blocks of about `per` characters of words no other block has.
fn words(n: usize, per: usize, seed: usize) -> Vec<Block> {
    (0..n)
        .map(|i| {
            let mut t = String::new();
            let mut k = 0;
            while t.len() < per - 10 {
                t.push_str(&word(seed + i * 64 + k));
                t.push(' ');
                k += 1;
            }
            block(t, format!("/html[0]/body[0]/p[{i}]"))
        })
        .collect()
}

/// The hostile shapes at `1/div` of the caps (1 = at the caps).
fn shapes(div: usize) -> Vec<(&'static str, Vec<Block>, Vec<Block>)> {
    let n = MAX_BLOCKS / div;
    let per = MAX_TOTAL_TEXT / MAX_BLOCKS; // 400 characters a block
    let mut out = Vec::new();
    out.push((
        "all_words_edited",
        words(n, per, 0),
        words(n, per, 7_000_000),
    ));
    let old = words(n, per, 0);
    let new: Vec<Block> = old
        .iter()
        .map(|b| {
            let t: Vec<String> = b
                .text
                .split(' ')
                .enumerate()
                .map(|(k, w)| {
                    if k % 3 == 0 {
                        format!("{w}z")
                    } else {
                        w.to_owned()
                    }
                })
                .collect();
            block(t.join(" "), b.path.clone())
        })
        .collect();
    out.push(("third_of_words_edited", old, new));
    let big = |edit: bool| -> Vec<Block> {
        (0..MAX_TOTAL_TEXT / MAX_BLOCK_TEXT / div)
            .map(|i| {
                let mut t = String::new();
                let mut k = 0;
                while t.len() < MAX_BLOCK_TEXT - 10 {
                    t.push_str(&word(i * 100_000 + k));
                    if edit && k % 2 == 0 {
                        t.push('q');
                    }
                    t.push(' ');
                    k += 1;
                }
                block(t, format!("/html[0]/body[0]/p[{i}]"))
            })
            .collect()
    };
    out.push(("huge_blocks_edited", big(false), big(true)));
    out
}

fn options(budgets: Budgets) -> VisitOptions {
    VisitOptions {
        diff: DiffOptions {
            budgets,
            ..DiffOptions::default()
        },
        ..VisitOptions::default()
    }
}

/// A first visit of `old`, then the revisit to `new`, through the one visit call.
fn revisit(old: &[Block], new: &[Block], budgets: Budgets) -> Report {
    let mut site = SiteState::new();
    let url = "https://hostile.example/";
    let opts = options(budgets);
    visit_with(&VisitInput::first(url, Some(0), old), &mut site, &opts);
    visit_with(
        &VisitInput::revisit(url, (0, old), (86_400, new)),
        &mut site,
        &opts,
    )
    .report
    .unwrap()
}

fn within(w: &Work, b: &Budgets) -> bool {
    w.pair_cells <= b.pair_cells
        && w.similarity_words <= b.similarity_words
        && w.word_diff_bytes <= b.word_diff_bytes
        && w.classify_bytes <= b.classify_bytes
}

/// The dimensions in which `w` went over `b`.
fn over(w: &Work, b: &Budgets) -> Vec<&'static str> {
    let mut v = Vec::new();
    if w.pair_cells > b.pair_cells {
        v.push("pair_cells");
    }
    if w.similarity_words > b.similarity_words {
        v.push("similarity_words");
    }
    if w.word_diff_bytes > b.word_diff_bytes {
        v.push("word_diff_bytes");
    }
    if w.classify_bytes > b.classify_bytes {
        v.push("classify_bytes");
    }
    v
}

fn check_hostile(div: usize, budgets: Budgets) {
    for (name, old, new) in shapes(div) {
        let unbudgeted = revisit(&old, &new, Budgets::unlimited());
        let r = revisit(&old, &new, budgets);
        let s = &r.summary;
        println!(
            "{name} (1/{div} of the caps): unbudgeted {:?}, budgeted {:?}, degraded {:?}",
            unbudgeted.work, r.work, s.degraded
        );
        if div == 1 {
            for (unit, spent, limit, free) in [
                (
                    "pair_cells",
                    r.work.pair_cells,
                    budgets.pair_cells,
                    unbudgeted.work.pair_cells,
                ),
                (
                    "similarity_words",
                    r.work.similarity_words,
                    budgets.similarity_words,
                    unbudgeted.work.similarity_words,
                ),
                (
                    "word_diff_bytes",
                    r.work.word_diff_bytes,
                    budgets.word_diff_bytes,
                    unbudgeted.work.word_diff_bytes,
                ),
                (
                    "classify_bytes",
                    r.work.classify_bytes,
                    budgets.classify_bytes,
                    unbudgeted.work.classify_bytes,
                ),
            ] {
                println!(
                    "figure: core.budget.{name}.{unit}: {spent} (target <= {limit}; unbudgeted {free})"
                );
            }
        }
        // Unbudgeted, the page costs more than the budget allows: the budget is what bounds it.
        assert!(
            !over(&unbudgeted.work, &budgets).is_empty(),
            "{name}: not hostile enough to need the budget: {:?}",
            unbudgeted.work
        );
        assert!(unbudgeted.summary.degraded.is_empty(), "{name}");
        // Budgeted: every count within its budget, the report says which ran out, and the
        // result is still a whole report (every block accounted for).
        assert!(within(&r.work, &budgets), "{name}: {:?}", r.work);
        assert!(!s.degraded.is_empty() && s.approximate, "{name}: {s:?}");
        assert!(
            s.to_string()
                .ends_with("(approximate: page too large to compare word by word)"),
            "{name}: {s}"
        );
        assert_eq!(
            r.blocks.iter().filter(|b| b.new_index.is_some()).count(),
            new.len(),
            "{name}"
        );
        assert_eq!(
            r.blocks.iter().filter(|b| b.old_index.is_some()).count(),
            old.len(),
            "{name}"
        );
        // Degrading never hides a change: whatever was not classified is content, and the
        // page still counts as changed everywhere it changed.
        assert!(s.meaningful > 0, "{name}");
        for d in &s.degraded {
            let dim = match d {
                Degraded::Pairing => ["pair_cells", "similarity_words"].as_slice(),
                Degraded::WordDiff => &["word_diff_bytes"],
                Degraded::Classification => &["classify_bytes"],
            };
            let o = over(&unbudgeted.work, &budgets);
            assert!(
                dim.iter().any(|x| o.contains(x)),
                "{name}: {d:?} degraded but unbudgeted work {:?} was within",
                unbudgeted.work
            );
        }
        // Changed blocks past the word-diff budget are shown wholly replaced.
        if s.degraded.contains(&Degraded::WordDiff) {
            let whole = r
                .blocks
                .iter()
                .filter(|b| b.status == Status::Changed)
                .filter(|b| {
                    b.spans.as_ref().is_some_and(|v| {
                        v.iter()
                            .all(|x| x.kind != sincelast_core::align::SpanKind::Equal)
                    })
                })
                .count();
            assert!(whole > 0, "{name}");
        }
    }
}

fn scaled(b: Budgets, div: usize) -> Budgets {
    Budgets {
        pair_cells: b.pair_cells / div,
        similarity_words: b.similarity_words / div,
        word_diff_bytes: b.word_diff_bytes / div,
        classify_bytes: b.classify_bytes / div,
    }
}

#[test]
fn hostile_pages_stay_within_every_budget_and_say_so() {
    check_hostile(10, scaled(Budgets::default(), 10));
}

#[test]
fn hostile_pages_at_the_caps_stay_within_the_product_budgets() {
    if cfg!(debug_assertions) && std::env::var("STRESS").as_deref() != Ok("full") {
        return; // minutes unoptimized; scripts/stress runs it in release
    }
    check_hostile(1, Budgets::default());
}

/// Ordinary pages: an article edited here and there, a news front page whose clocks and
/// counters moved on, a long list reordered, a page rewritten from top to bottom.
fn ordinary() -> Vec<(&'static str, Vec<Block>, Vec<Block>)> {
    let prose = |i: usize, v: usize| {
        format!(
            "Paragraph {i} of the report on the harbour: the council met on Tuesday and {} \
             members discussed the ferry timetable, the fees for moorings and the new quay, \
             which opens {}.",
            12 + (i % 5),
            if v == 0 {
                "in May"
            } else {
                "in June after the storm repairs"
            }
        )
    };
    let page = |n: usize, f: &dyn Fn(usize) -> String| -> Vec<Block> {
        (0..n)
            .map(|i| block(f(i), format!("/html[0]/body[0]/main[0]/p[{i}]")))
            .collect()
    };
    let mut out = Vec::new();
    let old = page(400, &|i| prose(i, 0));
    let new = page(400, &|i| prose(i, usize::from(i % 9 == 0)));
    out.push(("article_edited", old, new));
    let news = |t: usize| {
        page(1500, &move |i| {
            format!(
                "{:02}:{:02} Uhr — Story {i}: {} readers, {} comments",
                (i + t) % 24,
                (i * 7 + t) % 60,
                1000 + i * 3 + t,
                i + t
            )
        })
    };
    out.push(("news_clocks", news(0), news(5)));
    let list = page(3000, &|i| {
        format!("Item {i}: {} and {}", word(i), word(i + 9))
    });
    let mut shuffled = list.clone();
    shuffled.rotate_left(700);
    shuffled[10].text.push_str(" (sold out)");
    out.push(("list_reordered", list, shuffled));
    let old = page(2000, &|i| prose(i, 0));
    let new = page(2000, &|i| format!("{} Updated.", prose(i, 1)));
    out.push(("rewritten", old, new));
    out
}

#[test]
fn ordinary_pages_get_exactly_the_unbudgeted_result() {
    let budgets = Budgets::default();
    for (name, old, new) in ordinary() {
        let free = revisit(&old, &new, Budgets::unlimited());
        let r = revisit(&old, &new, budgets);
        println!("{name}: {:?}", r.work);
        assert!(r.summary.degraded.is_empty(), "{name}: {:?}", r.summary);
        assert_eq!(r.summary, free.summary, "{name}");
        assert_eq!(r.blocks, free.blocks, "{name}");
        assert_eq!(r.work, free.work, "{name}");
        // With room to spare: each at most half its budget.
        assert!(within(&r.work, &scaled(budgets, 2)), "{name}: {:?}", r.work);
    }
}

#[test]
fn the_degraded_field_is_absent_from_json_unless_a_budget_ran_out() {
    let (_, old, new) = ordinary().remove(0);
    let r = revisit(&old, &new, Budgets::default());
    let json = serde_json::to_value(&r.summary).unwrap();
    assert!(json.get("degraded").is_none(), "{json}");
    let (_, old, new) = shapes(10).remove(1);
    let r = revisit(&old, &new, scaled(Budgets::default(), 10));
    let json = serde_json::to_value(&r.summary).unwrap();
    assert_eq!(
        json["degraded"],
        serde_json::json!(["word_diff", "classification"])
    );
}
