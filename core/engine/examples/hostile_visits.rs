//! Hostile pages within the content script's caps (20,000 blocks, 8,000,000 characters,
//! 100,000 per block, paths of 2,048): the time and peak of one revisit each, as the one wasm
//! call of a visit does it. Prints `figure: visit.<shape>.<step>_ms: <value> (target <= <bound>)`
//! (wall time) and `…_cpu_ms` (this thread's CPU time, from /proc: the figure that holds on a
//! machine shared with other work), the page-wide budgets that ran out (`degraded`) and the
//! work counted against them (`align::Budgets`).
//! Run: `cargo run --release -p sincelast-core --example hostile_visits [SHAPE]`.
#![allow(missing_docs, clippy::unwrap_used)]

use std::time::Instant;

use sincelast_core::classify::site::SiteState;
use sincelast_core::limits::{MAX_BLOCKS, MAX_BLOCK_TEXT, MAX_PATH, MAX_TOTAL_TEXT};
use sincelast_core::visit::{visit, VisitInput};
use sincelast_core::Block;

fn block(text: String, path: String) -> Block {
    Block {
        text,
        path,
        ..Block::default()
    }
}

/// A word that differs for every `i` (no shared vocabulary between blocks).
fn word(i: usize) -> String {
    let mut s = String::new();
    let mut n = i + 1;
    while n > 0 {
        s.push((b'a' + (n % 26) as u8) as char);
        n /= 26;
    }
    s
}

fn shapes() -> Vec<(&'static str, Vec<Block>, Vec<Block>)> {
    let n = MAX_BLOCKS;
    let per = MAX_TOTAL_TEXT / n; // 400 characters a block
    let mut out = Vec::new();
    // Every block empty at one path: the identical-everything page.
    let same: Vec<Block> = (0..n)
        .map(|_| block(String::new(), String::new()))
        .collect();
    let mut half = same.clone();
    for b in &mut half[n / 2..] {
        b.text = "x".into();
    }
    out.push(("identical_blocks", same, half));
    // Every block's every word edited (unique words, 400 characters each).
    let words = |seed: usize| -> Vec<Block> {
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
    };
    out.push(("all_words_edited", words(0), words(7_000_000)));
    // Half the words of every block edited (each block still pairs as changed).
    let old = words(0);
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
    // 80 blocks of 100,000 characters, every other word edited.
    let big = |edit: bool| -> Vec<Block> {
        (0..MAX_TOTAL_TEXT / MAX_BLOCK_TEXT)
            .map(|i| {
                let mut t = String::new();
                let mut k = 0;
                while t.len() < MAX_BLOCK_TEXT - 10 {
                    let w = word(i * 100_000 + k);
                    t.push_str(&w);
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
    // Blocks shuffled: every block moved (a reversed page), paths of the cap's length.
    let long_path = |i: usize| format!("/{}p[{i}]", "div[0]/".repeat((MAX_PATH - 20) / 7));
    let rev: Vec<Block> = (0..n)
        .map(|i| block(format!("item {} {}", word(i), word(i + n)), long_path(i)))
        .collect();
    let mut reversed = rev.clone();
    reversed.reverse();
    out.push(("all_moved_long_paths", rev, reversed));
    // Numbers and dates everywhere (the noise detectors' inputs), all changed.
    let dated = |d: usize| -> Vec<Block> {
        (0..n)
            .map(|i| {
                block(
                    format!(
                        "Updated {}.11.2026 at {}:{:02} — {} views, id {}",
                        1 + (i + d) % 28,
                        i % 24,
                        (i + d) % 60,
                        i * 31 + d,
                        word(i)
                    ),
                    format!("/html[0]/body[0]/div[{}]/span[0]", i % 50),
                )
            })
            .collect()
    };
    out.push(("dates_everywhere", dated(0), dated(1)));
    // A list of cards in reverse order, each card's title the same and its age line another
    // (every title moved, every age line left over in one hunk, paired card by card).
    let cards = |reverse: bool, age: &str| -> Vec<Block> {
        let order: Vec<usize> = if reverse {
            (0..n / 2).rev().collect()
        } else {
            (0..n / 2).collect()
        };
        order
            .into_iter()
            .enumerate()
            .flat_map(|(k, i)| {
                [
                    block(
                        format!("{} {} {}", word(i), word(i + n), word(i + 2 * n)),
                        format!("/html[0]/body[0]/ul[0]/li[{k}]/h3[0]"),
                    ),
                    block(
                        format!("by {} · {}", word(i), age),
                        format!("/html[0]/body[0]/ul[0]/li[{k}]/p[0]"),
                    ),
                ]
            })
            .collect()
    };
    out.push(("cards_reversed", cards(false, "2h"), cards(true, "Nov 29")));
    // One table of bare numbers under a header row, at paths of the cap's length, every
    // number changed: each changed cell looks for its column's header.
    let table = |bump: usize| -> Vec<Block> {
        let at = format!(
            "/{}table[0]/tbody[0]",
            "div[0]/".repeat((MAX_PATH - 60) / 7)
        );
        let cols = 10;
        (0..n)
            .map(|i| {
                let (row, col) = (i / cols, i % cols);
                if row == 0 {
                    block(format!("Col {col}"), format!("{at}/tr[0]/th[{col}]"))
                } else {
                    block(
                        format!("{}", i * 7 + bump),
                        format!("{at}/tr[{row}]/td[{col}]"),
                    )
                }
            })
            .collect()
    };
    out.push(("table_of_numbers", table(0), table(3)));
    out
}

/// This thread's CPU time (user + system) in milliseconds, from /proc (10 ms resolution);
/// 0 where /proc is absent.
fn cpu_ms() -> f64 {
    let stat = std::fs::read_to_string("/proc/thread-self/stat").unwrap_or_default();
    // Fields after the command name (which is in parentheses and may hold spaces).
    let rest = stat.rsplit_once(')').map_or("", |(_, r)| r);
    let f: Vec<&str> = rest.split_whitespace().collect();
    let ticks = |k: usize| f.get(k).and_then(|v| v.parse::<f64>().ok()).unwrap_or(0.0);
    // utime and stime are fields 14 and 15 of the line; 12 and 13 after the name and state.
    (ticks(11) + ticks(12)) * 10.0
}

fn main() {
    let only = std::env::args().nth(1);
    let bound_ms = 1_000;
    for (name, old, new) in shapes() {
        if only.as_deref().is_some_and(|o| o != name) {
            continue;
        }
        let t = Instant::now();
        let c = cpu_ms();
        let report = sincelast_core::align::diff_blocks(&old, &new, &Default::default());
        let align = t.elapsed().as_secs_f64() * 1e3;
        let align_cpu = cpu_ms() - c;
        println!(
            "figure: visit.{name}.align_only_ms: {align:.0} (target <= {bound_ms}){}",
            if report.summary.approximate {
                " approximate"
            } else {
                ""
            }
        );
        println!("figure: visit.{name}.align_only_cpu_ms: {align_cpu:.0} (target <= {bound_ms})");
        let mut site = SiteState::new();
        let url = "https://hostile.example/";
        let t = Instant::now();
        let c = cpu_ms();
        visit(&VisitInput::first(url, Some(0), &old), &mut site);
        let first = t.elapsed().as_secs_f64() * 1e3;
        let first_cpu = cpu_ms() - c;
        let t = Instant::now();
        let c = cpu_ms();
        let out = visit(
            &VisitInput::revisit(url, (0, &old), (86_400, &new)),
            &mut site,
        );
        let again = t.elapsed().as_secs_f64() * 1e3;
        let again_cpu = cpu_ms() - c;
        let approx = out.summary.as_ref().is_some_and(|s| s.approximate);
        println!("figure: visit.{name}.first_ms: {first:.0} (target <= {bound_ms})");
        println!("figure: visit.{name}.first_cpu_ms: {first_cpu:.0} (target <= {bound_ms})");
        println!(
            "figure: visit.{name}.revisit_ms: {again:.0} (target <= {bound_ms}){}",
            if approx { " approximate" } else { "" }
        );
        println!("figure: visit.{name}.revisit_cpu_ms: {again_cpu:.0} (target <= {bound_ms})");
        if let Some(r) = &out.report {
            println!(
                "  {name}: degraded {:?}, work {:?}",
                r.summary.degraded, r.work
            );
        }
    }
}
