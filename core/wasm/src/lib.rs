//! # sincelast-wasm
//!
//! Thin JavaScript bindings over [`sincelast_core`], built with `wasm-pack --target web` and
//! instantiated asynchronously by the extension's background (service worker / event page) and
//! its pages. Nothing here computes: every function converts its arguments, calls the core and
//! converts the result (plain JS objects; `None` becomes `null`).
//!
//! ```js
//! import init, { diffBlocks, metrics, extractHtml, blockId } from './sincelast_wasm.js';
//! await init({ module_or_path: wasmUrl });
//! const report = diffBlocks(oldBlocks, newBlocks); // { summary, blocks }
//! ```
//!
//! Errors are thrown as JS `Error`s with a `kind` (`too_large`, `empty`, `not_text`,
//! `invalid_argument`, `bad_input`). A Rust panic is reported on the console and marks the
//! instance poisoned ([`isPoisoned`](is_poisoned)): the caller drops it and instantiates a
//! fresh one.
#![deny(missing_docs)]
// wasm-bindgen's generated glue contains `unsafe` blocks; this crate itself writes none.
#![allow(unsafe_code)]

use std::sync::atomic::{AtomicBool, Ordering};

use serde::Serialize;
use sincelast_core::diff::{self, DiffOptions};
use sincelast_core::extract::{self, ExtractOptions};
use sincelast_core::packed::{self, LeanReport};
use sincelast_core::site::{self, AnalyzeOptions, SiteModel, Visit};
use sincelast_core::{metrics, Block, Error};
use wasm_bindgen::prelude::*;

/// Most blocks accepted per page from JavaScript.
const MAX_BLOCKS: usize = 100_000;
/// Most text bytes accepted per page from JavaScript.
const MAX_TEXT_BYTES: usize = 32 * 1024 * 1024;

static POISONED: AtomicBool = AtomicBool::new(false);

#[wasm_bindgen]
extern "C" {
    #[wasm_bindgen(js_namespace = console, js_name = error)]
    fn console_error(s: &str);
}

/// Installs the panic hook (called once at instantiation).
#[wasm_bindgen(start)]
pub fn start() {
    std::panic::set_hook(Box::new(|info| {
        POISONED.store(true, Ordering::SeqCst);
        console_error(&format!("sincelast-wasm panicked: {info}"));
        // The glue instantiates a fresh module before the next call.
        wasm_bindgen::handler::schedule_reinit();
    }));
}

/// True after a panic: this instance must be dropped and a new one created.
#[wasm_bindgen(js_name = isPoisoned)]
pub fn is_poisoned() -> bool {
    POISONED.load(Ordering::SeqCst)
}

/// The core's version and the persisted hash version, e.g. `{ version: "0.1.0", hash: 1 }`.
#[wasm_bindgen(js_name = coreVersion)]
pub fn core_version() -> Result<JsValue, JsValue> {
    #[derive(Serialize)]
    struct V {
        version: &'static str,
        hash: u32,
    }
    to_js(&V {
        version: env!("CARGO_PKG_VERSION"),
        hash: sincelast_core::hash::HASH_VERSION,
    })
}

fn js_error(kind: &str, message: &str) -> JsValue {
    let err = js_sys::Error::new(message);
    // Setting a property on a fresh Error object cannot fail; ignore the impossible case.
    let _ = js_sys::Reflect::set(&err, &JsValue::from_str("kind"), &JsValue::from_str(kind));
    err.into()
}

fn core_error(e: Error) -> JsValue {
    js_error(e.kind(), &e.to_string())
}

fn to_js<T: Serialize>(value: &T) -> Result<JsValue, JsValue> {
    value
        .serialize(&serde_wasm_bindgen::Serializer::json_compatible())
        .map_err(|e| js_error("bad_output", &e.to_string()))
}

fn blocks_from_js(value: JsValue, which: &str) -> Result<Vec<Block>, JsValue> {
    let blocks: Vec<Block> = serde_wasm_bindgen::from_value(value)
        .map_err(|e| js_error("bad_input", &format!("{which} blocks: {e}")))?;
    if blocks.len() > MAX_BLOCKS {
        return Err(core_error(Error::TooLarge {
            size: blocks.len(),
            limit: MAX_BLOCKS,
        }));
    }
    let bytes: usize = blocks.iter().map(|b| b.text.len()).sum();
    if bytes > MAX_TEXT_BYTES {
        return Err(core_error(Error::TooLarge {
            size: bytes,
            limit: MAX_TEXT_BYTES,
        }));
    }
    Ok(blocks)
}

/// Aligns old and new blocks (`[{text, path, type_path, links}]`) and returns
/// `{ summary, blocks: [{ status, old_index, new_index, path, text, spans }] }`.
#[wasm_bindgen(js_name = diffBlocks)]
pub fn diff_blocks(old_blocks: JsValue, new_blocks: JsValue) -> Result<JsValue, JsValue> {
    let old = blocks_from_js(old_blocks, "old")?;
    let new = blocks_from_js(new_blocks, "new")?;
    to_js(&diff::diff_blocks(&old, &new, &DiffOptions::default()))
}

/// Every change metric of the core on two texts. `options` may be `undefined` or
/// `{ copy_cost, move_cost, shingle }` (any subset).
#[wasm_bindgen]
pub fn metrics(old_text: &str, new_text: &str, options: JsValue) -> Result<JsValue, JsValue> {
    let mut opts = metrics::MetricOptions::default();
    if !options.is_undefined() && !options.is_null() {
        #[derive(serde::Deserialize)]
        struct Partial {
            copy_cost: Option<f64>,
            move_cost: Option<f64>,
            shingle: Option<usize>,
        }
        let p: Partial = serde_wasm_bindgen::from_value(options)
            .map_err(|e| js_error("invalid_argument", &format!("metrics options: {e}")))?;
        opts.copy_cost = p.copy_cost.unwrap_or(opts.copy_cost);
        opts.move_cost = p.move_cost.unwrap_or(opts.move_cost);
        opts.shingle = p.shingle.unwrap_or(opts.shingle);
    }
    for (name, t) in [("old", old_text), ("new", new_text)] {
        if t.len() > MAX_TEXT_BYTES {
            return Err(js_error(
                "too_large",
                &format!("{name} text: {} bytes (limit {MAX_TEXT_BYTES})", t.len()),
            ));
        }
    }
    let m = metrics::compute(old_text, new_text, &opts).map_err(core_error)?;
    to_js(&m)
}

/// Dice similarity of the two texts' word sets (1 = same vocabulary).
#[wasm_bindgen]
pub fn dice(old_text: &str, new_text: &str) -> f64 {
    metrics::dice(
        &metrics::word_hashes(old_text),
        &metrics::word_hashes(new_text),
    )
}

/// Fragment staleness (Olston & Pandey): 1 − Jaccard of the texts' word k-shingle sets.
#[wasm_bindgen(js_name = fragmentStaleness)]
pub fn fragment_staleness(old_text: &str, new_text: &str, k: usize) -> Result<f64, JsValue> {
    if k == 0 {
        return Err(js_error(
            "invalid_argument",
            "shingle size k must be at least 1",
        ));
    }
    Ok(metrics::fragment_staleness(
        &metrics::word_hashes(old_text),
        &metrics::word_hashes(new_text),
        k,
    ))
}

/// Extracts a page's blocks from HTML (for pages the background fetches itself):
/// `{ title, blocks, truncated }`.
#[wasm_bindgen(js_name = extractHtml)]
pub fn extract_html(html: &str, url: Option<String>) -> Result<JsValue, JsValue> {
    let opts = ExtractOptions {
        url,
        ..ExtractOptions::default()
    };
    let page = extract::extract_html(html, &opts).map_err(core_error)?;
    to_js(&page)
}

/// A visit as JavaScript passes it: `{ url, time, blocks }`, `time` in milliseconds since the
/// Unix epoch (as `Date.now()` gives it).
#[derive(serde::Deserialize)]
struct JsVisit {
    url: String,
    time: Option<f64>,
    blocks: Vec<Block>,
}

fn visit_from_js(value: JsValue, which: &str) -> Result<JsVisit, JsValue> {
    let v: JsVisit = serde_wasm_bindgen::from_value(value)
        .map_err(|e| js_error("bad_input", &format!("{which} visit: {e}")))?;
    if v.blocks.len() > MAX_BLOCKS {
        return Err(core_error(Error::TooLarge {
            size: v.blocks.len(),
            limit: MAX_BLOCKS,
        }));
    }
    let bytes: usize = v.blocks.iter().map(|b| b.text.len()).sum();
    if bytes > MAX_TEXT_BYTES {
        return Err(core_error(Error::TooLarge {
            size: bytes,
            limit: MAX_TEXT_BYTES,
        }));
    }
    Ok(v)
}

/// A site model from its stored JSON (`null`/`undefined`/empty → a fresh one). A model that
/// does not parse is replaced by a fresh one (`reset` = true): it is derived data, relearned
/// from later visits.
fn model_from_js(model: Option<String>) -> (SiteModel, bool) {
    match model.as_deref() {
        None | Some("") => (SiteModel::default(), false),
        Some(json) => match serde_json::from_str(json) {
            Ok(m) => (m, false),
            Err(_) => (SiteModel::default(), true),
        },
    }
}

fn model_to_js(model: &SiteModel) -> Result<String, JsValue> {
    serde_json::to_string(model).map_err(|e| js_error("bad_output", &e.to_string()))
}

fn as_visit(v: &JsVisit) -> Visit<'_> {
    Visit {
        url: &v.url,
        time: v.time.map(|ms| (ms / 1000.0).floor() as i64),
        blocks: &v.blocks,
    }
}

/// Compares two visits of one page with the site's learned model, classifying every change as
/// content, template or noise, and teaches the model. Returns
/// `{ report, model, model_reset }`: `report` as [`diffBlocks`](diff_blocks) gives it plus
/// `kind`/`reason` per block and `summary.meaningful`/`noise`/`template`; `model` is the
/// updated site model to store (a JSON string).
#[wasm_bindgen(js_name = analyzeVisit)]
pub fn analyze_visit(
    old: JsValue,
    new: JsValue,
    model: Option<String>,
) -> Result<JsValue, JsValue> {
    let old = visit_from_js(old, "old")?;
    let new = visit_from_js(new, "new")?;
    let (mut m, reset) = model_from_js(model);
    let report = site::analyze(
        &as_visit(&old),
        &as_visit(&new),
        &mut m,
        &AnalyzeOptions::default(),
    );
    #[derive(Serialize)]
    struct Out<'a> {
        report: &'a sincelast_core::diff::Report,
        model: String,
        model_reset: bool,
    }
    to_js(&Out {
        report: &report,
        model: model_to_js(&m)?,
        model_reset: reset,
    })
}

/// Records a first visit in the site model; returns the updated model (JSON string).
#[wasm_bindgen(js_name = observeVisit)]
pub fn observe_visit(visit: JsValue, model: Option<String>) -> Result<String, JsValue> {
    let v = visit_from_js(visit, "first")?;
    let (mut m, _) = model_from_js(model);
    m.observe(&as_visit(&v));
    model_to_js(&m)
}

/// The site's learned noise rules: `[{ id, label, learned_from, hits, rule }]`, plus the
/// number of pages its template model holds: `{ rules, template_pages }`.
#[wasm_bindgen(js_name = siteSummary)]
pub fn site_summary(model: Option<String>) -> Result<JsValue, JsValue> {
    let (m, _) = model_from_js(model);
    #[derive(Serialize)]
    struct Out<'a> {
        rules: &'a [sincelast_core::noise::NoiseRule],
        template_pages: usize,
    }
    to_js(&Out {
        rules: &m.noise.rules,
        template_pages: m.templates.pages(),
    })
}

/// Removes one learned noise rule by id; returns the updated model.
#[wasm_bindgen(js_name = removeNoiseRule)]
pub fn remove_noise_rule(model: Option<String>, id: &str) -> Result<String, JsValue> {
    let (mut m, _) = model_from_js(model);
    m.noise.remove(id);
    model_to_js(&m)
}

/// Forgets one page of the site (its template contribution and flip history); returns the
/// updated model.
#[wasm_bindgen(js_name = forgetPage)]
pub fn forget_page(model: Option<String>, url: &str) -> Result<String, JsValue> {
    let (mut m, _) = model_from_js(model);
    m.forget(url);
    model_to_js(&m)
}

// ---------------------------------------------------------------------------------------------
// The packed boundary (see `sincelast_core::packed`): blocks cross as one UTF-8 buffer, the
// strings joined by U+0000, plus their count (extension/background/pack.js packs them); results
// come back as one JSON string, the lean report.

fn unpack_blocks(bytes: &[u8], count: u32, which: &str) -> Result<Vec<Block>, JsValue> {
    packed::unpack_blocks(bytes, count as usize)
        .map_err(|e| js_error(e.kind(), &format!("{which}: {e}")))
}

/// [`diffBlocks`](diff_blocks) over packed blocks (texts then paths joined by U+0000, see
/// `sincelast_core::packed`): returns the lean report as a JSON string `{ summary, changes:
/// [{ status, old_index, new_index, spans, kind, reason }] }` (unchanged blocks left out).
#[wasm_bindgen(js_name = diffPacked)]
pub fn diff_packed(
    old_bytes: &[u8],
    old_count: u32,
    new_bytes: &[u8],
    new_count: u32,
) -> Result<String, JsValue> {
    let old = unpack_blocks(old_bytes, old_count, "old")?;
    let new = unpack_blocks(new_bytes, new_count, "new")?;
    Ok(LeanReport::of(&diff::diff_blocks(&old, &new, &DiffOptions::default())).to_json())
}

/// [`analyzeVisit`](analyze_visit) over packed blocks: returns `{ report, model, model_reset }`
/// where `report` is the lean report as a JSON string and `model` the updated site model.
/// Times are milliseconds since the Unix epoch (or undefined).
#[wasm_bindgen(js_name = analyzePacked)]
#[allow(clippy::too_many_arguments)]
pub fn analyze_packed(
    url: &str,
    old_time: Option<f64>,
    old_bytes: &[u8],
    old_count: u32,
    new_time: Option<f64>,
    new_bytes: &[u8],
    new_count: u32,
    model: Option<String>,
) -> Result<JsValue, JsValue> {
    let old = unpack_blocks(old_bytes, old_count, "old")?;
    let new = unpack_blocks(new_bytes, new_count, "new")?;
    let (mut m, reset) = model_from_js(model);
    let secs = |t: Option<f64>| t.map(|ms| (ms / 1000.0).floor() as i64);
    let report = site::analyze(
        &Visit {
            url,
            time: secs(old_time),
            blocks: &old,
        },
        &Visit {
            url,
            time: secs(new_time),
            blocks: &new,
        },
        &mut m,
        &AnalyzeOptions::default(),
    );
    #[derive(Serialize)]
    struct Out {
        report: String,
        model: String,
        model_reset: bool,
    }
    to_js(&Out {
        report: LeanReport::of(&report).to_json(),
        model: model_to_js(&m)?,
        model_reset: reset,
    })
}

/// [`observeVisit`](observe_visit) over packed blocks (a first visit): returns the updated
/// site model (JSON string).
#[wasm_bindgen(js_name = observePacked)]
pub fn observe_packed(
    url: &str,
    time: Option<f64>,
    bytes: &[u8],
    count: u32,
    model: Option<String>,
) -> Result<String, JsValue> {
    let blocks = unpack_blocks(bytes, count, "first")?;
    let (mut m, _) = model_from_js(model);
    m.observe(&Visit {
        url,
        time: time.map(|ms| (ms / 1000.0).floor() as i64),
        blocks: &blocks,
    });
    model_to_js(&m)
}

/// Dice similarity of two UTF-8 texts' word sets (the packed form of [`dice`]).
#[wasm_bindgen(js_name = diceBytes)]
pub fn dice_bytes(old: &[u8], new: &[u8]) -> Result<f64, JsValue> {
    let (a, b) = (utf8(old, "old")?, utf8(new, "new")?);
    Ok(metrics::dice(
        &metrics::word_hashes(a),
        &metrics::word_hashes(b),
    ))
}

/// Fragment staleness of two UTF-8 texts (the packed form of
/// [`fragmentStaleness`](fragment_staleness)).
#[wasm_bindgen(js_name = fragmentStalenessBytes)]
pub fn fragment_staleness_bytes(old: &[u8], new: &[u8], k: usize) -> Result<f64, JsValue> {
    if k == 0 {
        return Err(js_error(
            "invalid_argument",
            "shingle size k must be at least 1",
        ));
    }
    let (a, b) = (utf8(old, "old")?, utf8(new, "new")?);
    Ok(metrics::fragment_staleness(
        &metrics::word_hashes(a),
        &metrics::word_hashes(b),
        k,
    ))
}

fn utf8<'a>(bytes: &'a [u8], which: &str) -> Result<&'a str, JsValue> {
    std::str::from_utf8(bytes)
        .map_err(|_| js_error("bad_input", &format!("{which} text: not UTF-8")))
}

/// The persisted id of a block's text: XXH3-64 as 16 hex digits (hash spec version 1).
#[wasm_bindgen(js_name = blockId)]
pub fn block_id(text: &str) -> String {
    sincelast_core::hash::block_id(text)
}

/// Ids of many texts at once (one call across the boundary instead of one per block).
#[wasm_bindgen(js_name = blockIds)]
pub fn block_ids(texts: Vec<String>) -> Vec<String> {
    texts
        .iter()
        .map(|t| sincelast_core::hash::block_id(t))
        .collect()
}
