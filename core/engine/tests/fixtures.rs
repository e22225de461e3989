//! The fixture harness: every folder `tests/fixtures/<case>/` is one trial, run through the
//! product's one path, [`sincelast_core::visit`]: the page's versions are visited in order by
//! one site state (a first visit, then revisits), and the last visit — `before.html` →
//! `after.html` — is compared with `expected.json`.
//!
//! A case folder holds:
//! - `before.html`, `after.html`: the last two versions;
//! - `history/<n>.html` (optional): earlier versions, visited first in the order of `n`, so a
//!   case can teach the site (a slot that rotates, a counter seen before);
//! - `case.json` (optional): `{ "url": "…", "times": [seconds…] }` — the page's URL (default
//!   `http://127.0.0.1/page`) and the visit time of each version, history first (default: one
//!   day apart, starting at 2026-01-01);
//! - `expected.json`: the visit's `status`, its summary counts (with `meaningful`, `noise`,
//!   `template`) and, in page order, every change: its status, kind, typed reason, its text
//!   (the old text of a removed block, with `at`, the new block it stood before), and for a
//!   changed block its word spans.
//!
//! Set `SINCELAST_BLESS=1` to write the actual results into `expected.json` (then review the
//! diff). The demo site serves the same pages (`/s/<story>/fixture/<case>`) to the Chromium test
//! tests/browser/chromium-fixtures.test.mjs, which checks the extension reports the same.

use std::path::{Path, PathBuf};

use libtest_mimic::{Arguments, Failed, Trial};
use serde_json::{json, Value};
use sincelast_core::align::SpanKind;
use sincelast_core::classify::site::SiteState;
use sincelast_core::extract::{extract_html, ExtractOptions};
use sincelast_core::visit::{visit, Version, VisitInput};
use sincelast_core::Block;

fn fixtures_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../../tests/fixtures")
}

/// 2026-01-01T00:00:00Z, the default time of a case's first version.
const START: i64 = 1_767_225_600;
const DAY: i64 = 86_400;

fn run_case(dir: &Path) -> Result<(), Failed> {
    let read =
        |path: &Path| std::fs::read_to_string(path).map_err(|e| format!("{}: {e}", path.display()));
    let case: Value = match dir.join("case.json") {
        p if p.exists() => {
            serde_json::from_str(&read(&p)?).map_err(|e| format!("case.json: {e}"))?
        }
        _ => json!({}),
    };
    let url = case["url"]
        .as_str()
        .unwrap_or("http://127.0.0.1/page")
        .to_string();
    let opts = ExtractOptions {
        url: Some(url.clone()),
        ..Default::default()
    };

    // The versions in visit order: history/<n>.html by n, then before, then after.
    let mut files: Vec<(u64, PathBuf)> = match std::fs::read_dir(dir.join("history")) {
        Ok(entries) => entries
            .flatten()
            .map(|e| e.path())
            .filter_map(|p| {
                let n = p.file_stem()?.to_str()?.parse::<u64>().ok()?;
                (p.extension()? == "html").then_some((n, p))
            })
            .collect(),
        Err(_) => Vec::new(),
    };
    files.sort();
    let mut paths: Vec<PathBuf> = files.into_iter().map(|(_, p)| p).collect();
    paths.push(dir.join("before.html"));
    paths.push(dir.join("after.html"));
    let versions: Vec<Vec<Block>> = paths
        .iter()
        .map(|p| {
            extract_html(&read(p)?, &opts)
                .map(|page| page.blocks)
                .map_err(|e| format!("{}: {e}", p.display()))
        })
        .collect::<Result<_, String>>()?;
    let times: Vec<i64> = (0..versions.len())
        .map(|k| case["times"][k].as_i64().unwrap_or(START + k as i64 * DAY))
        .collect();

    let mut site = SiteState::new();
    let mut last = None;
    for k in 0..versions.len() {
        let previous = (k > 0).then(|| Version {
            time: Some(times[k - 1]),
            blocks: &versions[k - 1],
        });
        let input = VisitInput {
            url: &url,
            previous,
            current: Version {
                time: Some(times[k]),
                blocks: &versions[k],
            },
        };
        last = Some(visit(&input, &mut site));
    }
    let outcome = last.ok_or("no versions")?;
    let old = &versions[versions.len() - 2];
    let new = &versions[versions.len() - 1];

    let s = outcome
        .summary
        .as_ref()
        .ok_or("the last visit is a revisit")?;
    let summary = json!({
        "new": s.new, "changed": s.changed, "moved": s.moved, "removed": s.removed,
        "unchanged": s.unchanged, "approximate": s.approximate,
        "meaningful": s.meaningful, "noise": s.noise, "template": s.template,
    });
    let changes: Vec<Value> = outcome
        .changes
        .iter()
        .map(|c| {
            let text = match (c.new_index, &c.text) {
                (Some(j), _) => new[j].text.as_str(),
                (None, Some(t)) => t.as_str(),
                (None, None) => "",
            };
            let mut v = json!({
                "status": c.status, "kind": c.kind, "reason": c.reason, "text": text,
            });
            if let Some(spans) = &c.spans {
                v["spans"] = json!(spans);
            }
            if c.new_index.is_none() {
                v["at"] = json!(c.at);
            }
            v
        })
        .collect();
    let actual = json!({ "status": outcome.status, "summary": summary, "changes": changes });
    let expected_path = dir.join("expected.json");
    if std::env::var_os("SINCELAST_BLESS").is_some() {
        let mut text = serde_json::to_string_pretty(&actual).map_err(|e| e.to_string())?;
        text.push('\n');
        std::fs::write(&expected_path, text).map_err(|e| e.to_string())?;
    }
    let expected: Value =
        serde_json::from_str(&read(&expected_path)?).map_err(|e| format!("expected.json: {e}"))?;
    if actual != expected {
        return Err(format!(
            "visit differs from expected.json\n--- expected\n{}\n--- actual\n{}",
            serde_json::to_string_pretty(&expected).unwrap_or_default(),
            serde_json::to_string_pretty(&actual).unwrap_or_default()
        )
        .into());
    }
    // Spans rebuild the new text (equal + insert) and the old text (equal + delete) exactly.
    for c in outcome.changes.iter().filter(|c| c.spans.is_some()) {
        let rebuild = |skip: SpanKind| -> String {
            c.spans
                .iter()
                .flatten()
                .filter(|s| s.kind != skip)
                .map(|s| s.text.as_str())
                .collect()
        };
        let (i, j) = (c.old_index.unwrap_or(0), c.new_index.unwrap_or(0));
        if rebuild(SpanKind::Delete) != new[j].text || rebuild(SpanKind::Insert) != old[i].text {
            return Err(format!("spans do not rebuild {:?}", new[j].text).into());
        }
    }
    Ok(())
}

fn main() {
    let args = Arguments::from_args();
    let mut cases: Vec<PathBuf> = std::fs::read_dir(fixtures_dir())
        .expect("tests/fixtures exists")
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| p.join("before.html").exists())
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
