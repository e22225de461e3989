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
