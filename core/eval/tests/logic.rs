//! The evaluation's own logic on tiny fixtures written for this test.

use sincelast_core::block::Block;
use sincelast_core::extract::{extract_html, ExtractOptions};
use sincelast_eval::region::{l3s_boilerplate, l3s_labels, ElementIndex, RegionSpec};
use sincelast_eval::{
    csv_rows, gold_content, gold_content_aligned, gold_units, ignore_numbers, markdown_changes,
    markdown_visible, overlaps, parse_time, plain, recalls, strip_digits, words, Confusion,
};

fn blocks(html: &str) -> Vec<Block> {
    extract_html(html, &ExtractOptions::default())
        .expect("fixture extracts")
        .blocks
}

const PAGE: &str = "<html><body><header><p>Site menu</p></header>\
    <div class='terms'><h1>Terms</h1><p>Cancel within 30 days.</p><div class='toc'><p>Contents</p></div></div>\
    <footer><p>Footer 2024</p></footer><div id=a><p>between</p></div><p id=b>after</p></body></html>";

#[test]
fn region_maps_blocks_inside_selected_elements_minus_removed() {
    let b = blocks(PAGE);
    let idx = ElementIndex::new(PAGE);
    let spec = RegionSpec::from_json(&serde_json::json!({"select": ".terms", "remove": [".toc"]}));
    let (flags, unmapped) = idx.block_flags(&spec, &b);
    assert_eq!(unmapped, 0);
    let inside: Vec<&str> = b
        .iter()
        .zip(&flags)
        .filter(|(_, f)| **f)
        .map(|(b, _)| b.text.as_str())
        .collect();
    assert_eq!(inside, ["Terms", "Cancel within 30 days."]);
}

#[test]
fn region_range_between_two_elements() {
    let b = blocks(PAGE);
    let idx = ElementIndex::new(PAGE);
    let spec = RegionSpec::from_json(
        &serde_json::json!({"select": [{"startAfter": "footer", "endBefore": "#b"}]}),
    );
    let (flags, _) = idx.block_flags(&spec, &b);
    let inside: Vec<&str> = b
        .iter()
        .zip(&flags)
        .filter(|(_, f)| **f)
        .map(|(b, _)| b.text.as_str())
        .collect();
    assert_eq!(inside, ["between"]);
    // A selector matching nothing selects nothing.
    let none = RegionSpec::from_json(&serde_json::json!({"select": ".absent"}));
    assert!(idx.region(&none).is_empty());
}

#[test]
fn ignore_numbers_hides_digit_changes_only() {
    let old = vec![
        Block::from_text("Visitors: 1,204"),
        Block::from_text("Hello"),
    ];
    let new = vec![
        Block::from_text("Visitors: 1,377"),
        Block::from_text("Hello"),
    ];
    assert_eq!(strip_digits(&new)[0].text, "Visitors: ,");
    assert_eq!(plain(&old, &new).highlighted, [0]);
    assert!(ignore_numbers(&old, &new).is_quiet());
    let new2 = vec![
        Block::from_text("Visitors: 1,204"),
        Block::from_text("Hello there"),
    ];
    assert_eq!(ignore_numbers(&old, &new2).highlighted, [1]);
}

#[test]
fn a_pair_that_only_lost_a_block_is_not_quiet() {
    let old = vec![
        Block::from_text("The north landing stage is closed."),
        Block::from_text("Tickets are valid all day."),
    ];
    let new = vec![Block::from_text("Tickets are valid all day.")];
    let o = plain(&old, &new);
    assert!(o.highlighted.is_empty());
    assert_eq!(o.removed, [0]);
    assert!(!o.is_quiet());
    assert!(plain(&new, &new).is_quiet());
}

#[test]
fn markdown_changes_and_recall() {
    let old_md = "# Terms\n\nYou may cancel within [30 days](https://x.example/a).\n\nKeep this.\n";
    let new_md = "# Terms\n\nYou may cancel within [60 days](https://x.example/b).\n\nKeep this.\n";
    assert_eq!(
        markdown_visible("See [our page](https://a.example/(x)) now"),
        "See our page now"
    );
    let (added, deleted) = markdown_changes(old_md, new_md);
    assert_eq!(added, [words("You may cancel within 60 days")]);
    assert_eq!(deleted, [words("You may cancel within 30 days")]);
    let old = vec![
        Block::from_text("Terms"),
        Block::from_text("You may cancel within 30 days."),
    ];
    let new = vec![
        Block::from_text("Terms"),
        Block::from_text("You may cancel within 60 days."),
    ];
    assert!(recalls(&plain(&old, &new), &old, &new, &added, &deleted));
    assert!(!recalls(
        &ignore_numbers(&old, &new),
        &old,
        &new,
        &added,
        &deleted
    ));
    // A short line must be contained whole; a 4-word run suffices for a long one.
    assert!(overlaps(
        &words("Last updated"),
        &words("Last updated May 2")
    ));
    assert!(!overlaps(&words("Last updated"), &words("Last")));
    assert!(overlaps(&words("a b c d e f"), &words("x c d e f y")));
    assert!(!overlaps(&words("a b c d e f"), &words("a b c x d e f")));
}

#[test]
fn confusion_arithmetic() {
    let mut c = Confusion::default();
    for (p, g) in [
        (true, true),
        (true, true),
        (true, false),
        (false, true),
        (false, false),
    ] {
        c.add(p, g);
    }
    assert_eq!(c.precision(), Some(2.0 / 3.0));
    assert_eq!(c.recall(), Some(2.0 / 3.0));
    assert_eq!(Confusion::default().precision(), None);
    let mut t = c;
    t.merge(&c);
    assert_eq!((t.tp, t.fp, t.fn_, t.tn), (4, 2, 2, 2));
}

#[test]
fn l3s_labels_by_block() {
    let html = "<body><div>Menu <span class='x-nc-sel0'>Home</span></div>\
        <p><span class='x-nc-sel2'>Body text here</span> more</p><p>Unlabelled</p></body>";
    let b = blocks(html);
    let labels = l3s_labels(html);
    let gold: Vec<Option<bool>> = b
        .iter()
        .map(|b| l3s_boilerplate(&labels, &b.path))
        .collect();
    assert_eq!(b[0].text, "Menu Home");
    assert_eq!(gold, [Some(true), Some(false), Some(true)]);
}

#[test]
fn cleaneval_gold_content() {
    let gold = words("The quick brown fox jumps over the lazy dog. Short one.");
    let b = vec![
        Block::from_text("quick brown fox jumps over"),
        Block::from_text("Short one"),
        Block::from_text("Subscribe to our newsletter today"),
    ];
    assert_eq!(gold_content(&b, &gold), [true, true, false]);
}

#[test]
fn times_and_csv() {
    assert_eq!(parse_time("19700101T000000Z"), Some(0));
    assert_eq!(parse_time("2022-01-28T21:35:10Z"), Some(1_643_405_710));
    assert_eq!(parse_time("20220128T213510Z"), Some(1_643_405_710));
    assert_eq!(parse_time("nope"), None);
    let rows = csv_rows("a,b\n\"x, \"\"y\"\"\",2\n");
    assert_eq!(rows, [vec!["a", "b"], vec!["x, \"y\"", "2"]]);
}

/// A navigation word the article also uses is boilerplate by alignment: the gold text has it
/// only inside the article, in another place of the page's order. The earlier rule took it as
/// content. A heading that is a whole unit of the gold text is content wherever the page has
/// it; a long block is judged by shared runs as before.
#[test]
fn gold_labels_by_alignment_and_units() {
    let page: Vec<Block> = [
        "About",
        "Rivers rose",
        "The river rose two metres more overnight and the old bridge is closed.",
        "Officials said the road would reopen about noon on Friday.",
        "Share this",
        "More",
    ]
    .iter()
    .map(|t| Block::from_text(*t))
    .collect();
    let raw = "URL: http://x.example/a\n  <h>Rivers rose\n<p>The river rose two metres more overnight and the\n old bridge is closed.\n<p>Officials said the road would reopen about noon on\n Friday.\n";
    let text: String = raw
        .lines()
        .filter(|l| !l.starts_with("URL:"))
        .map(|l| {
            l.trim_start()
                .trim_start_matches("<h>")
                .trim_start_matches("<p>")
        })
        .collect::<Vec<_>>()
        .join("\n");
    let gold = words(&text);
    let units = gold_units(raw);
    assert!(units.contains(&words("Rivers rose")));
    assert!(!units.contains(&words("More")));
    let earlier = gold_content(&page, &gold);
    assert_eq!(earlier, [true, true, true, true, false, true]);
    let aligned = gold_content_aligned(&page, &gold, &units);
    assert_eq!(aligned, [false, true, true, true, false, false]);
}
