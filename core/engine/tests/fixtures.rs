//! The fixture harness: every folder `tests/fixtures/<case>/` holds `before.html`,
//! `after.html` and `expected.json`; each folder is one trial.
//!
//! `expected.json` pins the summary counts and, in page order, every block that is not
//! unchanged: its status, its text, and for changed blocks its word spans.
//! The same fixture pages are served to the browser tests.

use std::path::{Path, PathBuf};

use libtest_mimic::{Arguments, Failed, Trial};
use serde_json::{json, Value};
use sincelast_core::align::{diff_blocks, DiffOptions, SpanKind, Status};
use sincelast_core::extract::{extract_html, ExtractOptions};

fn fixtures_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../../tests/fixtures")
}

fn run_case(dir: &Path) -> Result<(), Failed> {
    let read =
        |name: &str| std::fs::read_to_string(dir.join(name)).map_err(|e| format!("{name}: {e}"));
    let opts = ExtractOptions {
        url: Some("http://127.0.0.1/page".into()),
        ..Default::default()
    };
    let old = extract_html(&read("before.html")?, &opts).map_err(|e| e.to_string())?;
    let new = extract_html(&read("after.html")?, &opts).map_err(|e| e.to_string())?;
    let expected: Value =
        serde_json::from_str(&read("expected.json")?).map_err(|e| format!("expected.json: {e}"))?;
    let report = diff_blocks(&old.blocks, &new.blocks, &DiffOptions::default());

    let s = &report.summary;
    let summary = json!({
        "new": s.new, "changed": s.changed, "moved": s.moved, "removed": s.removed,
        "unchanged": s.unchanged, "approximate": s.approximate,
    });
    let changes: Vec<Value> = report
        .blocks
        .iter()
        .filter(|b| b.status != Status::Unchanged)
        .map(|b| {
            let mut v = json!({ "status": b.status, "text": b.text });
            if let Some(spans) = &b.spans {
                v["spans"] = json!(spans);
            }
            v
        })
        .collect();
    let actual = json!({ "summary": summary, "changes": changes });
    if actual != expected {
        return Err(format!(
            "report differs from expected.json\n--- expected\n{}\n--- actual\n{}",
            serde_json::to_string_pretty(&expected).unwrap_or_default(),
            serde_json::to_string_pretty(&actual).unwrap_or_default()
        )
        .into());
    }
    // Spans rebuild the new text exactly.
    for b in report.blocks.iter().filter(|b| b.spans.is_some()) {
        let rebuilt: String = b
            .spans
            .iter()
            .flatten()
            .filter(|s| s.kind != SpanKind::Delete)
            .map(|s| s.text.as_str())
            .collect();
        if rebuilt != b.text {
            return Err(format!("spans do not rebuild {:?}", b.text).into());
        }
    }
    Ok(())
}

fn main() {
    let args = Arguments::from_args();
    let mut cases: Vec<PathBuf> = std::fs::read_dir(fixtures_dir())
        .expect("tests/fixtures exists")
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| p.join("expected.json").exists())
        .collect();
    cases.sort();
    assert!(!cases.is_empty(), "no fixture cases found");
    let trials = cases
        .into_iter()
        .map(|dir| {
            let name = dir
                .file_name()
                .map(|n| n.to_string_lossy().into_owned())
                .unwrap_or_default();
            Trial::test(name, move || run_case(&dir))
        })
        .collect();
    libtest_mimic::run(&args, trials).exit();
}
