//! The site-state decoder: stored records as JSON (`{"pages": [...], "rules": [...]}`, each
//! record decoded on its own as the bindings do, bad ones dropped) or a legacy site model
//! (`SiteState::from_legacy_json`). The state built from them must survive two visits and a
//! round trip through its records. Never a panic.
#![no_main]

use libfuzzer_sys::fuzz_target;
use serde_json::Value;
use sincelast_core::classify::noise::NoiseRule;
use sincelast_core::classify::site::{PageRecord, SiteState};
use sincelast_core::extract::{extract_html, ExtractOptions};
use sincelast_core::visit::{visit, VisitInput};

fn each<T: serde::de::DeserializeOwned>(v: Option<&Value>) -> Vec<T> {
    match v {
        Some(Value::Array(items)) => items
            .iter()
            .filter_map(|i| serde_json::from_value(i.clone()).ok())
            .collect(),
        _ => Vec::new(),
    }
}

fuzz_target!(|data: &[u8]| {
    let Ok(json) = std::str::from_utf8(data) else {
        return;
    };
    let (pages, rules) = match SiteState::from_legacy_json(json) {
        Ok(records) => records,
        Err(_) => match serde_json::from_str::<Value>(json) {
            Ok(v) => (
                each::<PageRecord>(v.get("pages")),
                each::<NoiseRule>(v.get("rules")),
            ),
            Err(_) => return,
        },
    };
    let mut site = SiteState::from_records(pages, rules);
    let opts = ExtractOptions::default();
    let (Ok(old), Ok(new)) = (
        extract_html("<h1>T</h1><p>Visitor 12</p><p>a b c</p><nav>x</nav>", &opts),
        extract_html("<h1>T</h1><p>Visitor 13</p><p>a b d</p><nav>x</nav>", &opts),
    ) else {
        return;
    };
    let url = "https://fuzz.example/p";
    visit(&VisitInput::first(url, Some(0), &old.blocks), &mut site);
    visit(
        &VisitInput::revisit(url, (0, &old.blocks), (60, &new.blocks)),
        &mut site,
    );
    let (pages, rules) = site.to_records();
    let again = SiteState::from_records(pages, rules);
    assert_eq!(again.dropped_records(), 0);
});
