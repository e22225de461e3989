//! `sincelast export` and `sincelast import` on files, as a researcher runs them.
#![allow(clippy::unwrap_used)] // a panic in a test is a failed test

use std::path::{Path, PathBuf};
use std::process::Command;

fn run(args: &[&str]) -> (i32, String, String) {
    let out = Command::new(env!("CARGO_BIN_EXE_sincelast"))
        .args(args)
        .output()
        .expect("sincelast runs");
    (
        out.status.code().unwrap_or(-1),
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

fn tmpdir(name: &str) -> PathBuf {
    let d = std::env::temp_dir().join(format!("sincelast-exchange-{}-{name}", std::process::id()));
    let _ = std::fs::remove_dir_all(&d);
    std::fs::create_dir_all(&d).unwrap();
    d
}

fn fixture(case: &str, file: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../../tests/fixtures")
        .join(case)
        .join(file)
}

/// A history folder: three versions of one page (before, after, after) a day apart, and one
/// version of another page.
fn history(name: &str) -> PathBuf {
    let d = tmpdir(name);
    let news = d.join("news.html");
    std::fs::create_dir_all(&news).unwrap();
    let before = std::fs::read(fixture("edited-paragraph", "before.html")).unwrap();
    let after = std::fs::read(fixture("edited-paragraph", "after.html")).unwrap();
    std::fs::write(news.join("20220101T100000Z_aaaaaa.html"), &before).unwrap();
    std::fs::write(news.join("20220102T100000Z_bbbbbb.html"), &after).unwrap();
    std::fs::write(news.join("20220103T100000Z_cccccc.html"), &after).unwrap();
    std::fs::write(
        d.join("20220101T120000Z_about.html"),
        std::fs::read(fixture("new-article", "before.html")).unwrap(),
    )
    .unwrap();
    d
}

#[test]
fn export_writes_the_extensions_file_and_import_reads_it_back() {
    let dir = history("history-a");
    let out = tmpdir("out");
    let file = out.join("export.jsonl");
    let (code, stdout, stderr) = run(&[
        "export",
        dir.to_str().unwrap(),
        "-o",
        file.to_str().unwrap(),
        "--site",
        "news.example",
    ]);
    assert_eq!(code, 0, "{stderr}");
    assert!(stdout.starts_with("4 visits of 2 pages"), "{stdout}");
    let text = std::fs::read_to_string(&file).unwrap();
    let lines: Vec<serde_json::Value> = text
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    assert_eq!(lines[0]["format"], "sincelast-export");
    assert_eq!(lines[0]["schema"], 1);
    let visits: Vec<&serde_json::Value> = lines.iter().filter(|l| l["store"] == "visits").collect();
    assert_eq!(visits.len(), 4);
    // Oldest first: the news page's first version (2022-01-01 10:00 UTC, in ms), then the other page.
    assert_eq!(visits[0]["value"]["url"], "https://news.example/news.html/");
    assert_eq!(visits[0]["value"]["time"], 1_641_031_200_000_i64);
    assert_eq!(visits[0]["value"]["summary"], serde_json::Value::Null);
    assert_eq!(visits[1]["value"]["url"], "https://news.example/about.html");
    assert_eq!(visits[2]["value"]["summary"]["changed"], 1);
    assert_eq!(visits[3]["value"]["summary"]["meaningful"], 0);
    // The unchanged third version has the second's list: stored once.
    assert_eq!(visits[2]["value"]["listId"], visits[3]["value"]["listId"]);
    let stats = lines
        .iter()
        .find(|l| l["derived"] == "pageStats" && l["key"] == "https://news.example/news.html/")
        .unwrap();
    assert_eq!(stats["value"]["visits"], 3);
    assert_eq!(stats["value"]["changedVisits"], 1);
    assert!(lines.iter().any(|l| l["store"] == "sitePages"));

    // Back to a history folder: one HTML file per visit, and the visits table.
    let back = out.join("history");
    let (code, stdout, stderr) = run(&[
        "import",
        file.to_str().unwrap(),
        "-o",
        back.to_str().unwrap(),
    ]);
    assert_eq!(code, 0, "{stderr}");
    assert_eq!(
        stdout,
        format!(
            "4 visits of 2 pages written to {}; 0 lines skipped\n",
            back.display()
        )
    );
    let page = back.join("news.example/news.html");
    let mut names: Vec<String> = std::fs::read_dir(&page)
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .collect();
    names.sort();
    assert_eq!(
        names,
        vec![
            "20220101T100000Z_00000001.html",
            "20220102T100000Z_00000003.html",
            "20220103T100000Z_00000004.html"
        ]
    );
    let csv = std::fs::read_to_string(back.join("visits.csv")).unwrap();
    assert_eq!(csv.lines().count(), 5);
    assert!(csv.lines().nth(3).unwrap().starts_with(
        "3,https://news.example/news.html/,news.example,1641117600000,2022-01-02T10:00:00.000Z,"
    ));
    // The rebuilt versions compare as the saved ones did: one changed paragraph.
    let (code, stdout, _) = run(&[
        "diff",
        page.join(&names[0]).to_str().unwrap(),
        page.join(&names[1]).to_str().unwrap(),
    ]);
    assert_eq!(code, 0);
    let (_, expected, _) = run(&[
        "diff",
        fixture("edited-paragraph", "before.html").to_str().unwrap(),
        fixture("edited-paragraph", "after.html").to_str().unwrap(),
    ]);
    assert_eq!(stdout.lines().next(), expected.lines().next());
}

#[test]
fn import_skips_bad_lines_and_refuses_other_schemas() {
    let dir = history("history-b");
    let out = tmpdir("bad");
    let file = out.join("export.jsonl");
    assert_eq!(
        run(&[
            "export",
            dir.to_str().unwrap(),
            "-o",
            file.to_str().unwrap()
        ])
        .0,
        0
    );
    let text = std::fs::read_to_string(&file).unwrap();
    let block = text
        .lines()
        .find(|l| l.starts_with("{\"store\":\"blocks\""))
        .unwrap();
    let bad = format!("{text}{{oops\n{block}\n{{\"store\":\"links\",\"key\":1,\"value\":{{}}}}\n");
    let bad_file = out.join("bad.jsonl");
    std::fs::write(&bad_file, bad).unwrap();
    let n = text.lines().count();
    let (code, stdout, stderr) = run(&[
        "import",
        bad_file.to_str().unwrap(),
        "-o",
        out.join("h").to_str().unwrap(),
    ]);
    assert_eq!(code, 0, "{stderr}");
    assert!(stdout.ends_with("; 3 lines skipped\n"), "{stdout}");
    assert!(
        stderr.contains(&format!("line {} skipped: malformed: not JSON", n + 1)),
        "{stderr}"
    );
    assert!(
        stderr.contains(&format!(
            "line {} skipped: duplicate: the same key as line",
            n + 2
        )),
        "{stderr}"
    );
    assert!(
        stderr.contains(&format!("line {} skipped: unknown store \"links\"", n + 3)),
        "{stderr}"
    );

    let wrong = out.join("wrong.jsonl");
    std::fs::write(&wrong, text.replacen("\"schema\":1", "\"schema\":7", 1)).unwrap();
    let (code, _, stderr) = run(&[
        "import",
        wrong.to_str().unwrap(),
        "-o",
        out.join("w").to_str().unwrap(),
    ]);
    assert_eq!(code, 1);
    assert!(
        stderr.contains("not imported: schema version 7 is not supported"),
        "{stderr}"
    );
    assert!(!out.join("w").exists());
}
