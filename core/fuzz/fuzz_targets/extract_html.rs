//! HTML extraction: any bytes (UTF-8 or not, the CLI reads them lossily) → blocks within the
//! caps, or a typed error; then the page is visited against itself and against nothing, so the
//! extracted blocks go through the whole pipeline. Never a panic.
#![no_main]

use libfuzzer_sys::fuzz_target;
use sincelast_core::classify::site::SiteState;
use sincelast_core::extract::{extract_html, ExtractOptions};
use sincelast_core::limits::{MAX_DEPTH, MAX_EXTRACT_BLOCKS};
use sincelast_core::visit::{visit, VisitInput};

fuzz_target!(|data: &[u8]| {
    let html = String::from_utf8_lossy(data);
    let opts = ExtractOptions {
        url: Some("https://fuzz.example/a/b?c".into()),
        ..Default::default()
    };
    let Ok(page) = extract_html(&html, &opts) else {
        return;
    };
    assert!(page.blocks.len() <= MAX_EXTRACT_BLOCKS);
    for b in &page.blocks {
        assert!(b.type_path.matches('/').count() <= MAX_DEPTH + 2);
    }
    let mut site = SiteState::new();
    let url = "https://fuzz.example/a";
    visit(&VisitInput::first(url, Some(0), &page.blocks), &mut site);
    let half = &page.blocks[..page.blocks.len() / 2];
    visit(
        &VisitInput::revisit(url, (0, half), (86_400, &page.blocks)),
        &mut site,
    );
});
