//! The CLI contract, run as a person or a script would run it.
#![allow(clippy::unwrap_used)] // a panic in a test is a failed test

use std::path::{Path, PathBuf};
use std::process::Command;

fn bin() -> Command {
    Command::new(env!("CARGO_BIN_EXE_sincelast"))
}

fn fixture(case: &str, file: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../../tests/fixtures")
        .join(case)
        .join(file)
}

fn run(args: &[&str]) -> (i32, String, String) {
    let out = bin().args(args).output().expect("sincelast runs");
    (
        out.status.code().unwrap_or(-1),
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

fn tmpdir(name: &str) -> PathBuf {
    let d = std::env::temp_dir().join(format!("sincelast-cli-{}-{name}", std::process::id()));
    let _ = std::fs::remove_dir_all(&d);
    std::fs::create_dir_all(&d).expect("temp dir");
    d
}

#[test]
fn diff_text_reads_like_a_summary() {
    let (a, b) = (
        fixture("all-at-once", "before.html"),
        fixture("all-at-once", "after.html"),
    );
    let (code, out, _) = run(&["diff", a.to_str().unwrap(), b.to_str().unwrap()]);
    assert_eq!(code, 0);
    let first = out.lines().next().unwrap_or_default();
    assert_eq!(
        first,
        "2 new blocks, 2 changed, 2 removed, 1 moved; words +20 \u{2212}22, 5 moved"
    );
    assert!(
        out.contains("~ changed  The morning ferry will leave at [-7:15-]{+7:30+} instead of 7:00")
    );
    assert!(out.contains("Visitors today: [-1,204-]{+1,377+}  (builtin: counter)"));
}

#[test]
fn diff_json_contract() {
    let (a, b) = (
        fixture("edited-paragraph", "before.html"),
        fixture("edited-paragraph", "after.html"),
    );
    let (code, out, _) = run(&[
        "diff",
        a.to_str().unwrap(),
        b.to_str().unwrap(),
        "--format",
        "json",
    ]);
    assert_eq!(code, 0);
    let v: serde_json::Value = serde_json::from_str(&out).expect("valid JSON");
    for key in [
        "new",
        "changed",
        "moved",
        "removed",
        "unchanged",
        "approximate",
        "meaningful",
    ] {
        assert!(v["summary"].get(key).is_some(), "summary.{key}");
    }
    assert_eq!(v["summary"]["changed"], 1);
    let changed = v["blocks"]
        .as_array()
        .unwrap()
        .iter()
        .find(|b| b["status"] == "changed")
        .expect("a changed block");
    assert!(changed["path"]
        .as_str()
        .unwrap()
        .starts_with("/html[0]/body["));
    let spans = changed["spans"].as_array().expect("spans");
    let rebuilt: String = spans
        .iter()
        .filter(|s| s["kind"] != "delete")
        .map(|s| s["text"].as_str().unwrap())
        .collect();
    assert_eq!(rebuilt, changed["text"].as_str().unwrap());
    assert_eq!(changed["kind"], "content");
}

#[test]
fn diff_html_is_self_contained_and_escaped() {
    let d = tmpdir("html");
    std::fs::write(
        d.join("a.html"),
        "<p>Hello &lt;script&gt;alert(1)&lt;/script&gt; world</p>",
    )
    .unwrap();
    std::fs::write(
        d.join("b.html"),
        "<p>Hello &lt;script&gt;alert(2)&lt;/script&gt; world</p><p>New one</p>",
    )
    .unwrap();
    let (code, out, _) = run(&[
        "diff",
        d.join("a.html").to_str().unwrap(),
        d.join("b.html").to_str().unwrap(),
        "--format",
        "html",
    ]);
    assert_eq!(code, 0);
    assert!(out.starts_with("<!DOCTYPE html>"));
    assert!(!out.contains("<script>"), "page text is escaped");
    assert!(out.contains("&lt;script&gt;"));
    assert!(out.contains("data-status=\"new\""));
    assert!(
        !out.contains("src=") && !out.contains("href="),
        "nothing loaded from elsewhere"
    );
}

#[test]
fn metrics_json_has_every_key() {
    let (a, b) = (
        fixture("all-at-once", "before.html"),
        fixture("all-at-once", "after.html"),
    );
    let (code, out, _) = run(&[
        "metrics",
        a.to_str().unwrap(),
        b.to_str().unwrap(),
        "--format",
        "json",
        "--copy-cost",
        "0.4",
        "--move-cost",
        "0.9",
        "--shingle",
        "4",
    ]);
    assert_eq!(code, 0);
    let v: serde_json::Value = serde_json::from_str(&out).expect("valid JSON");
    for key in [
        "dice",
        "fragment_staleness",
        "ied",
        "cosine",
        "word_distance",
        "edit_distance",
        "bytewise",
        "shingling",
    ] {
        assert!(v.get(key).is_some(), "{key}");
    }
    for key in [
        "add", "drop", "copy", "shrink", "replace", "move", "delta", "distance",
    ] {
        assert!(v["ied"].get(key).is_some(), "ied.{key}");
    }
    let (code, _, err) = run(&[
        "metrics",
        a.to_str().unwrap(),
        b.to_str().unwrap(),
        "--copy-cost",
        "3",
    ]);
    assert_eq!(code, 1);
    assert!(err.contains("sincelast:"), "{err}");
}

#[test]
fn plain_text_files_work() {
    let d = tmpdir("text");
    std::fs::write(d.join("a.txt"), "first line\nsecond line\n").unwrap();
    std::fs::write(
        d.join("b.txt"),
        "first line\nsecond line changed here\nthird\n",
    )
    .unwrap();
    let (code, out, _) = run(&[
        "diff",
        d.join("a.txt").to_str().unwrap(),
        d.join("b.txt").to_str().unwrap(),
    ]);
    assert_eq!(code, 0, "{out}");
    assert!(
        out.starts_with("1 new block, 1 changed, 0 removed, 0 moved"),
        "{out}"
    );
}

#[test]
fn bad_inputs_get_one_clear_line_and_exit_1() {
    let d = tmpdir("bad");
    let good = fixture("counter", "after.html");
    std::fs::write(d.join("empty.html"), "  \n").unwrap();
    std::fs::write(d.join("binary.html"), b"\x89PNG\r\n\x1a\n\0\0\0").unwrap();
    let big = std::fs::File::create(d.join("big.html")).unwrap();
    big.set_len(65 * 1024 * 1024).unwrap(); // sparse: cheap to create
    for (file, expect) in [
        ("missing.html", "cannot read"),
        ("empty.html", "empty"),
        ("binary.html", "binary"),
        ("big.html", "too large"),
    ] {
        let (code, out, err) = run(&[
            "diff",
            d.join(file).to_str().unwrap(),
            good.to_str().unwrap(),
        ]);
        assert_eq!(code, 1, "{file}");
        assert!(out.is_empty());
        assert_eq!(err.lines().count(), 1, "{file}: {err}");
        assert!(err.contains(expect), "{file}: {err}");
    }
    let (code, _, err) = run(&["diff", d.to_str().unwrap(), good.to_str().unwrap()]);
    assert_eq!(code, 1);
    assert!(err.contains("directory"), "{err}");
    let (code, _, _) = run(&["diff", "--no-such-flag"]);
    assert_eq!(code, 2);
}

fn site_page(title: &str, body: &str, counter: u32) -> String {
    format!(
        "<html><head><title>{title}</title></head><body>\
         <header><p>The Harbour Times</p><nav><a href='/'>Home</a> <a href='/sport'>Sport</a></nav></header>\
         <main><h1>{title}</h1><p>{body}</p><p>Visitor number {counter}</p></main>\
         <aside><p>Weather: {w}</p></aside>\
         <footer><p>Contact the newsroom at any hour of the day</p></footer></body></html>",
        w = if counter % 2 == 0 { "sunny" } else { "cloudy" }
    )
}

#[test]
fn history_teaches_templates_and_noise() {
    let d = tmpdir("history");
    let h = d.join("history");
    std::fs::create_dir_all(&h).unwrap();
    // Other pages of the site, and near-simultaneous reloads of this page (weather flips).
    std::fs::write(
        h.join("20261101T080000Z_regatta.html"),
        site_page("Regatta", "Boats race on Sunday.", 1),
    )
    .unwrap();
    std::fs::write(
        h.join("20261101T090000Z_market.html"),
        site_page("Market", "Fish on Saturday.", 2),
    )
    .unwrap();
    std::fs::write(
        h.join("20261101T100000Z_ferry.html"),
        site_page("Ferry", "The ferry leaves at seven.", 10),
    )
    .unwrap();
    std::fs::write(
        h.join("20261101T100200Z_ferry.html"),
        site_page("Ferry", "The ferry leaves at seven.", 11),
    )
    .unwrap();
    let old = d.join("20261102T100000Z_ferry.html");
    let new = d.join("20261103T100000Z_ferry.html");
    std::fs::write(&old, site_page("Ferry", "The ferry leaves at seven.", 12)).unwrap();
    std::fs::write(
        &new,
        site_page("Ferry", "The ferry leaves at half past seven.", 13)
            .replace("Contact the newsroom", "Write to the newsroom"),
    )
    .unwrap();

    let (code, out, err) = run(&[
        "diff",
        old.to_str().unwrap(),
        new.to_str().unwrap(),
        "--url",
        "ferry.html",
        "--history",
        h.to_str().unwrap(),
        "--format",
        "json",
    ]);
    assert_eq!(code, 0, "{err}");
    let v: serde_json::Value = serde_json::from_str(&out).expect("JSON");
    let changes: Vec<&serde_json::Value> = v["blocks"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|b| b["status"] != "unchanged")
        .collect();
    let kind_of = |needle: &str| {
        changes
            .iter()
            .find(|b| b["text"].as_str().unwrap_or("").contains(needle))
            .map(|b| b["kind"].as_str().unwrap_or("").to_string())
    };
    assert_eq!(kind_of("half past seven").as_deref(), Some("content"));
    assert_eq!(kind_of("Visitor number").as_deref(), Some("noise"));
    // A rotating short block: noise (a learned flip) or template (seen on other pages of the
    // site), never content.
    assert_ne!(
        kind_of("Weather:").as_deref(),
        Some("content"),
        "{changes:#?}"
    );
    assert_eq!(
        v["summary"]["meaningful"], 2,
        "the edit and the footer wording (footer not yet template on its new text)"
    );

    let (code, out, err) = run(&["templates", h.to_str().unwrap()]);
    assert_eq!(code, 0, "{err}");
    assert!(out.starts_with("3 pages"), "{out}");
    assert!(out.contains("The Harbour Times"), "{out}");
    assert!(out.contains("Contact the newsroom"), "{out}");
    let (code, _, err) = run(&["templates", d.join("nothing").to_str().unwrap()]);
    assert_eq!(code, 1);
    assert!(err.contains("cannot read"));
}

/// Runs the CLI; fails the test (instead of hanging it) when it takes more than `secs`.
fn run_within(args: &[&str], secs: u64) -> (i32, String, String) {
    let child = bin()
        .args(args)
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::piped())
        .spawn()
        .expect("sincelast runs");
    let pid = child.id();
    let (tx, rx) = std::sync::mpsc::channel();
    std::thread::spawn(move || {
        let _ = tx.send(child.wait_with_output());
    });
    match rx.recv_timeout(std::time::Duration::from_secs(secs)) {
        Ok(out) => {
            let out = out.unwrap();
            (
                out.status.code().unwrap_or(-1),
                String::from_utf8_lossy(&out.stdout).into_owned(),
                String::from_utf8_lossy(&out.stderr).into_owned(),
            )
        }
        Err(_) => {
            let _ = Command::new("kill").args(["-9", &pid.to_string()]).status();
            panic!("sincelast {args:?} still running after {secs} s");
        }
    }
}

#[test]
fn only_regular_files_are_read() {
    let d = tmpdir("special");
    let good = fixture("counter", "after.html");
    let fifo = d.join("pipe.html");
    let made = Command::new("mkfifo").arg(&fifo).status().unwrap();
    assert!(made.success());
    // A FIFO with no writer would block a read forever; /dev/zero never ends.
    for special in [fifo.to_str().unwrap(), "/dev/zero"] {
        let (code, out, err) = run_within(&["diff", special, good.to_str().unwrap()], 10);
        assert_eq!(code, 1, "{special}: {err}");
        assert!(out.is_empty());
        assert!(err.contains("not a regular file"), "{special}: {err}");
    }
    let (code, _, err) = run_within(&["extract", "/dev/zero"], 10);
    assert_eq!(code, 1);
    assert!(err.contains("not a regular file"), "{err}");
}

#[test]
fn one_size_cap_for_every_input_kind() {
    let d = tmpdir("caps");
    // Over the cap (16 MiB, the core's MAX_HTML_BYTES), text as well as HTML.
    let big = std::fs::File::create(d.join("big.txt")).unwrap();
    big.set_len(17 * 1024 * 1024).unwrap();
    let (code, _, err) = run_within(&["extract", d.join("big.txt").to_str().unwrap()], 10);
    assert_eq!(code, 1);
    assert!(err.contains("too large"), "{err}");
    // One long line of text: blocks of at most the core's block cap, like HTML.
    let line = "tide ".repeat(500_000); // 2.5 M characters
    std::fs::write(d.join("a.txt"), &line).unwrap();
    std::fs::write(d.join("b.txt"), line.replacen("tide", "wave", 1)).unwrap();
    let (code, out, err) = run_within(&["extract", d.join("a.txt").to_str().unwrap()], 60);
    assert_eq!(code, 0, "{err}");
    let v: serde_json::Value = serde_json::from_str(&out).unwrap();
    let blocks = v["blocks"].as_array().unwrap();
    assert!(blocks.len() >= 25, "{} blocks", blocks.len());
    for b in blocks {
        assert!(b["text"].as_str().unwrap().chars().count() <= 100_000);
    }
    let (code, out, err) = run_within(
        &[
            "diff",
            d.join("a.txt").to_str().unwrap(),
            d.join("b.txt").to_str().unwrap(),
        ],
        120,
    );
    assert_eq!(code, 0, "{err}");
    assert!(
        out.starts_with("0 new blocks, 1 changed"),
        "{}",
        &out[..out.len().min(300)]
    );
}

#[test]
fn binary_files_without_nul_bytes_are_refused() {
    let d = tmpdir("binary");
    let mut x: u32 = 7;
    let bytes: Vec<u8> = (0..64 * 1024)
        .map(|_| {
            x = x.wrapping_mul(1_103_515_245).wrapping_add(12345);
            ((x >> 16) as u8).max(1)
        })
        .collect();
    std::fs::write(d.join("noise.bin"), &bytes).unwrap();
    let good = fixture("counter", "after.html");
    let (code, out, err) = run(&[
        "diff",
        d.join("noise.bin").to_str().unwrap(),
        good.to_str().unwrap(),
    ]);
    assert_eq!(code, 1, "{out}");
    assert!(err.contains("binary"), "{err}");
    // Legacy (Windows-1252) text is still text.
    std::fs::write(d.join("legacy.txt"), b"Caf\xe9 \x93open\x94 on Sunday\n").unwrap();
    let (code, out, err) = run(&["extract", d.join("legacy.txt").to_str().unwrap()]);
    assert_eq!(code, 0, "{err}");
    assert!(out.contains("Café “open” on Sunday"), "{out}");
}

#[test]
fn page_text_cannot_drive_the_terminal() {
    let d = tmpdir("escapes");
    std::fs::write(d.join("a.txt"), "The ferry leaves at seven.\n").unwrap();
    std::fs::write(
        d.join("b.txt"),
        "The ferry leaves at \u{1b}]0;owned\u{7}\u{1b}[2J eight\u{202e}.\n",
    )
    .unwrap();
    let (code, out, err) = run(&[
        "diff",
        d.join("a.txt").to_str().unwrap(),
        d.join("b.txt").to_str().unwrap(),
    ]);
    assert_eq!(code, 0, "{err}");
    assert!(
        !out.chars()
            .any(|c| (c.is_control() && c != '\n' && c != '\t') || c == '\u{202e}'),
        "{out:?}"
    );
    assert!(out.contains("\\x1B]0;owned\\x07\\x1B[2J"), "{out}");
    assert!(out.contains("\\u{202E}"), "{out}");
}

#[test]
fn history_skips_symbolic_links() {
    let d = tmpdir("links");
    let h = d.join("history");
    std::fs::create_dir_all(&h).unwrap();
    std::fs::write(
        h.join("20261101T080000Z_regatta.html"),
        site_page("Regatta", "Boats race on Sunday.", 1),
    )
    .unwrap();
    // A link to the folder itself (a loop), two links to each other, a second name for a file.
    std::os::unix::fs::symlink(".", h.join("again")).unwrap();
    std::os::unix::fs::symlink("y.html", h.join("x.html")).unwrap();
    std::os::unix::fs::symlink("x.html", h.join("y.html")).unwrap();
    std::os::unix::fs::symlink("20261101T080000Z_regatta.html", h.join("copy.html")).unwrap();
    let (code, out, err) = run_within(&["templates", h.to_str().unwrap(), "--format", "json"], 30);
    assert_eq!(code, 0, "{err}");
    let v: serde_json::Value = serde_json::from_str(&out).unwrap();
    assert_eq!(v["pages"], 1, "{out}");
    assert_eq!(v["coverage"].as_array().unwrap().len(), 1, "{out}");
}

// ---------------------------------------------------------------------------------------------
// history, curve, lifespans (tests/history-fixtures/news-knot: a page built to have its knot at
// 4 h with Dice 0.5, see tests/site/knot-page.mjs).

fn knot_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../../tests/history-fixtures/news-knot")
}

#[test]
fn curve_of_a_page_built_with_a_knot() {
    let d = knot_dir();
    let (code, out, err) = run(&["curve", d.to_str().unwrap(), "--format", "json"]);
    assert_eq!(code, 0, "{err}");
    let v: serde_json::Value = serde_json::from_str(&out).unwrap();
    assert_eq!(v["class"], "knotted");
    assert_eq!(v["knot_hours"], 4.0);
    assert_eq!(v["knot_dice"], 0.5);
    assert_eq!(v["exact"]["knot_index"], 4);
    assert_eq!(v["heuristic"]["knot_index"], 4);
    assert_eq!(v["references"], serde_json::json!([0, 1, 2, 3]));
    let dice: Vec<f64> = v["points"]
        .as_array()
        .unwrap()
        .iter()
        .map(|p| p["dice"].as_f64().unwrap())
        .collect();
    assert_eq!(dice, vec![1.0, 0.875, 0.75, 0.625, 0.5, 0.5, 0.5, 0.5]);
    let (_, text, _) = run(&["curve", d.to_str().unwrap()]);
    assert!(text.contains(
        "knotted: its fast-changing part turns over within about 4 hours; about 50% of the page is stable"
    ));
    let (_, csv, _) = run(&["curve", d.to_str().unwrap(), "--format", "csv"]);
    assert_eq!(
        csv.lines().next(),
        Some("hours,dice,pairs,exact_fit,heuristic_fit")
    );
    assert_eq!(csv.lines().nth(5), Some("4,0.500000,4,0.500000,0.500000"));
    let (_, svg, _) = run(&["curve", d.to_str().unwrap(), "--format", "svg"]);
    assert!(svg.starts_with("<svg") && svg.contains("knot: 4 h, Dice 0.50"));
}

#[test]
fn history_timeline_and_terms() {
    let d = knot_dir();
    let (code, out, _) = run(&["history", d.to_str().unwrap()]);
    assert_eq!(code, 0);
    assert!(out.starts_with("index.html: 8 versions\n"));
    assert!(out.contains("2026-01-05 07:00 UTC         6      40           1  0.875   +5/−5"));
    let (_, json, _) = run(&["history", d.to_str().unwrap(), "--format", "json"]);
    let v: serde_json::Value = serde_json::from_str(&json).unwrap();
    assert_eq!(v["timeline"].as_array().unwrap().len(), 8);
    assert_eq!(v["meaningful"][0], serde_json::Value::Null);
    let stable: Vec<&str> = v["terms"]["characteristic"]
        .as_array()
        .unwrap()
        .iter()
        .map(|t| t["term"].as_str().unwrap())
        .collect();
    assert!(
        stable.contains(&"gazette") && stable.contains(&"home"),
        "{stable:?}"
    );
    assert!(v["terms"]["ephemeral"]
        .as_array()
        .unwrap()
        .iter()
        .all(|t| t["staying_power"].as_f64().unwrap() < 0.2));
}

#[test]
fn lifespans_survival_table() {
    let d = knot_dir();
    let (code, out, _) = run(&["lifespans", d.to_str().unwrap(), "--format", "json"]);
    assert_eq!(code, 0);
    let v: serde_json::Value = serde_json::from_str(&out).unwrap();
    let rows = v["survival"].as_array().unwrap();
    assert_eq!(rows.len(), 4);
    assert_eq!(rows[0]["after"], "2 hours");
    // Elements: every path is on every version (13 of them): all alive after 2 h.
    assert_eq!(rows[0]["elements"], 1.0);
    assert_eq!(rows[0]["elements_observed"], 13);
    // Content first seen by 11:00 (11 texts: 2 stable, 9 stories); the stories that end
    // before 2 hours pass are the ones cut short by the first version (0a, 1a, 2a, 1b... see
    // the page): 9 of 11 live on.
    assert_eq!(rows[0]["content_observed"], 11);
    assert_eq!(rows[1]["elements"], serde_json::Value::Null);
    let (_, text, _) = run(&["lifespans", d.to_str().unwrap()]);
    assert!(text.contains("alive after"));
}

#[test]
fn too_little_history_says_how_many_more_visits() {
    let d = tmpdir("short-history");
    for f in ["20260105T060000Z_index.html", "20260105T070000Z_index.html"] {
        std::fs::copy(knot_dir().join(f), d.join(f)).unwrap();
    }
    let (code, out, _) = run(&["curve", d.to_str().unwrap()]);
    assert_eq!(code, 0);
    assert!(
        out.contains("about 4 more visits before a change curve can be drawn"),
        "{out}"
    );
    let (code, _, err) = run(&["curve", d.to_str().unwrap(), "--page", "nope.html"]);
    assert_eq!(code, 1);
    assert!(err.contains("no page named"), "{err}");
}

// ---------------------------------------------------------------------------------------------
// --format parquet (history: per-version metrics; lifespans: serialized-DOM tuples), read back
// with the parquet crate's own reader.

fn parquet_rows(path: &Path) -> Vec<parquet::record::Row> {
    use parquet::file::reader::{FileReader, SerializedFileReader};
    let reader = SerializedFileReader::new(std::fs::File::open(path).expect("parquet file"))
        .expect("a parquet file");
    let n = reader.metadata().file_metadata().num_rows();
    let rows: Vec<_> = reader
        .get_row_iter(None)
        .expect("rows")
        .map(|r| r.expect("row"))
        .collect();
    assert_eq!(rows.len() as i64, n);
    rows
}

#[test]
fn lifespans_as_parquet_tuples() {
    use parquet::record::RowAccessor;
    let d = knot_dir();
    let out = tmpdir("parquet-tuples").join("tuples.parquet");
    let (code, stdout, err) = run(&[
        "lifespans",
        d.to_str().unwrap(),
        "--format",
        "parquet",
        "-o",
        out.to_str().unwrap(),
    ]);
    assert_eq!(code, 0, "{err}");
    assert_eq!(stdout, "");
    let rows = parquet_rows(&out);
    // Eight versions, the same 13 element paths on each (lifespans_survival_table).
    assert_eq!(rows.len(), 8 * 13, "{err}");
    assert!(err.contains("104 tuples written"), "{err}");
    let versions: std::collections::BTreeSet<i32> =
        rows.iter().map(|r| r.get_int(5).unwrap()).collect();
    assert_eq!(versions, (0..8).collect());
    let first = &rows[0];
    assert_eq!(first.get_string(0).unwrap(), "index.html");
    assert!(first.get_string(1).unwrap().starts_with("/html"));
    assert!(!first.get_string(2).unwrap().contains('['));
    // Times: one per version, an hour apart.
    let times: std::collections::BTreeSet<i64> =
        rows.iter().map(|r| r.get_long(6).unwrap()).collect();
    let times: Vec<i64> = times.into_iter().collect();
    assert_eq!(times.len(), 8);
    assert!(times.windows(2).all(|w| w[1] - w[0] == 3600), "{times:?}");
    // A path whose text never changes keeps its subtree hash in every version.
    let of = |p: &str| -> std::collections::BTreeSet<i64> {
        rows.iter()
            .filter(|r| r.get_string(1).unwrap() == p)
            .map(|r| r.get_long(4).unwrap())
            .collect()
    };
    let stable = rows
        .iter()
        .map(|r| r.get_string(1).unwrap().clone())
        .filter(|p| of(p).len() == 1)
        .count();
    assert!(stable > 0 && stable < rows.len());
}

#[test]
fn history_as_parquet_metrics() {
    use parquet::record::RowAccessor;
    let d = knot_dir();
    let out = tmpdir("parquet-versions").join("versions.parquet");
    let (code, _, err) = run(&[
        "history",
        d.to_str().unwrap(),
        "--format",
        "parquet",
        "-o",
        out.to_str().unwrap(),
    ]);
    assert_eq!(code, 0, "{err}");
    let rows = parquet_rows(&out);
    assert_eq!(rows.len(), 8);
    for (i, r) in rows.iter().enumerate() {
        assert_eq!(r.get_int(1).unwrap(), i as i32);
        assert_eq!(r.get_long(4).unwrap(), 6, "blocks");
        assert_eq!(r.get_long(5).unwrap(), 40, "words");
        if i == 0 {
            assert!(r.get_long(6).is_err(), "no meaningful count for the first");
            assert!(r.get_double(7).is_err(), "no Dice for the first");
        } else {
            assert_eq!(r.get_long(6).unwrap(), 1);
            assert_eq!(r.get_double(7).unwrap(), 0.875);
        }
    }
    // -o without parquet, parquet without -o: refused.
    let (code, _, err) = run(&["history", d.to_str().unwrap(), "--format", "parquet"]);
    assert_eq!(code, 1);
    assert!(err.contains("-o FILE"), "{err}");
    let (code, _, err) = run(&["lifespans", d.to_str().unwrap(), "-o", "x.parquet"]);
    assert_eq!(code, 1);
    assert!(err.contains("--format parquet"), "{err}");
}
