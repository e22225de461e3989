//! # sincelast-wasm
//!
//! Thin JavaScript bindings over [`sincelast_core`], built with `wasm-pack --target web` and
//! instantiated asynchronously by the extension's background (service worker / event page) and
//! its pages. Nothing here computes: every function converts its arguments, calls the core and
//! converts the result. Results are plain JS objects (`None` becomes `null`; hash lists are
//! `Uint8Array`s), keys in snake_case as the core names them — except [`limits`], whose keys are
//! the extension's camelCase names.
//!
//! ## The API
//!
//! **Site state.** The instance keeps the state of a few sites in memory (least recently used
//! dropped past [`sincelast_core::limits::MAX_CACHED_SITES`] = 8), so a
//! site's records cross the boundary once, not on every visit. Storage stays the source of
//! truth: after a (re)start, or when a call throws `site_not_loaded`, load the site's records
//! and call again.
//!
//! - `loadSite(site: string, pages: PageRecord[], rules: RuleRecord[]) -> number` — builds the
//!   site's state from its stored records (replacing any cached one); returns how many records
//!   were bad and dropped (they are derived data: delete or ignore them).
//! - `hasSite(site: string) -> boolean`; `dropSite(site: string)`.
//! - `visit(url, site, prevTime, prevBytes, prevCount, newTime, newBytes, newCount) -> Outcome`
//!   — one visit: `prevTime`/`prevBytes` are `undefined` on a first visit (and `prevCount` 0);
//!   times are milliseconds since the epoch (`Date.now()`); blocks are packed as for
//!   `diffPacked` (their `n` texts then `n` paths joined by U+0000, `count` = 2n; see
//!   `extension/background/pack.js`). Throws `site_not_loaded` if the site is not loaded.
//! - `siteRules(site) -> { rules: RuleRecord[], template_pages: number }` (for the settings
//!   page; removed rules are listed, marked `removed: true`).
//! - `removeRule(site, id) -> RuleRecord | null` — the record to put (marked removed), or
//!   `null` when the site has no such rule.
//! - `learnLive(site, paths: string[], olds: string[], news: string[], shown?: { changes: [{
//!   path, old, new }], then: number, now: number }) -> { pages_put: [], pages_deleted: [],
//!   rules_put: RuleRecord[], rules_deleted: string[], hidden: (Reason | null)[] }` — blocks
//!   whose text changed by itself while the page stayed open teach as near-simultaneous
//!   versions do; the shown visit's content changes are judged again by the rules just
//!   learned (`hidden[k]`: the reason that now hides `shown.changes[k]`).
//! - `forgetPage(site, url) -> string | null` — the URL of the page record to delete (`null`
//!   when the site did not know the page).
//! - `migrateLegacySite(json: string) -> { pages: PageRecord[], rules: RuleRecord[] }` — the
//!   records of a site model stored as one JSON string by earlier versions.
//!
//! ```text
//! PageRecord = { url: string, seq: number, version: number,
//!                dom: Uint8Array, text: Uint8Array,          // little-endian u32 hashes
//!                flips: [{ path: string, ids: Uint8Array }], // little-endian u64 text ids
//!                arrived?: Uint8Array,   // u64 ids of the texts the latest revisit brought
//!                kept?: Uint8Array }     // u64 ids of the texts it kept as not loaded yet
//! RuleRecord = { id: string, rule: { type: "slots", pattern: (string|null)[] }
//!                                | { type: "rotating", path: string } | null,
//!                learned_from: "near_simultaneous" | "flip" | "", hits: number,
//!                label: string, removed: boolean }
//! Outcome = {
//!   status: "first" | "changed" | "unchanged",
//!   summary: null | { new, changed, moved, removed, unchanged, approximate, words_added,
//!                     words_removed, words_moved, meaningful, noise, template,
//!                     degraded?: ("pairing" | "word_diff" | "classification")[] },
//!             (`degraded`, present only when one of the core's page-wide work budgets ran out:
//!             a page too large to compare word by word; `approximate` is then true)
//!   changes: [{ status: "new" | "changed" | "moved" | "removed",
//!               kind: "content" | "template" | "noise",
//!               reason: null | { source: "builtin" | "learned" | "template",
//!                                kinds: string[],          // builtin: "counter", "clock", …
//!                                rule_id: string | null,   // learned
//!                                label: string | null,     // learned
//!                                kept?: { type: "new_words", words: string[] },
//!                                evidence?: { pages, visits } },  // rotating module
//!               new_index: number | null, old_index: number | null,
//!               spans: null | [{ kind: "equal" | "insert" | "delete", text }], // changed
//!               text: string | null,   // removed: the old text
//!               at: number | null }],  // removed: index of the new block it stood before
//!                                      // (null = at the end)
//!   ids: string[], list_id: string, pathset_id: string,  // content addresses to store
//!   kept_unloaded: [number, number][],  // [old index, new index]: old blocks that had not
//!                    // loaded yet, kept in the stored version before that new block (the ids
//!                    // are the stored version's; extension/background/pack.js storedVersion)
//!   updates: { pages_put: PageRecord[], pages_deleted: string[],
//!              rules_put: RuleRecord[], rules_deleted: string[] } }
//! ```
//!
//! **Other exports.** `limits()` (every cap, camelCase keys: `maxBlocks`, `maxBlockText`,
//! `maxTotalText`, `maxPath`, `maxLinksPerBlock`, `maxLink`, `maxTitle`, `maxUrl`, `maxSites`,
//! `maxSite`, and the core's own), `coreVersion()` (`{ version, hash, model }`), `isPoisoned()`,
//! `extractHtml(html, url?)` (`{ title, blocks, truncated }`), `metrics(old, new, options?)`
//! (every change metric of two texts), `diffPacked(oldBytes, oldCount, newBytes, newCount)`
//! (the plain alignment as a lean JSON report, for the benchmark), `diceBytes(old, new)` and
//! `fragmentStalenessBytes(old, new, k)` (two metrics of UTF-8 texts, for the benchmark).
//!
//! **Watching.** `watchPlan(checks, options?)` (the next check of a watched page and why, from
//! its checks) and `importWatchList(text)` (a Distill, Update Scanner or SiteDelta watch list).
//!
//! ```js
//! import init, { loadSite, hasSite, visit } from './sincelast_wasm.js';
//! await init({ module_or_path: wasmUrl });
//! if (!hasSite(site)) loadSite(site, await db.pages(site), await db.rules(site));
//! const out = visit(url, site, prev?.time, prev?.bytes, prev?.count ?? 0, Date.now(), bytes, count);
//! await db.apply(site, out.updates);
//! ```
//!
//! Errors are thrown as JS `Error`s with a `kind` from the core's one vocabulary
//! ([`sincelast_core::errors`]: `too_large`, `empty`, `not_text`, `invalid_argument`,
//! `bad_input`, `site_not_loaded`, `bad_output`). A Rust panic is reported on the console and
//! marks the instance poisoned ([`isPoisoned`](is_poisoned)): the caller drops it and
//! instantiates a fresh one (its site cache is gone with it: load the sites again).
#![deny(missing_docs)]
// wasm-bindgen's generated glue contains `unsafe` blocks; this crate itself writes none.
#![allow(unsafe_code)]

use std::cell::RefCell;
use std::sync::atomic::{AtomicBool, Ordering};

use serde::{Deserialize, Serialize};
use sincelast_core::align::{self, DiffOptions};
use sincelast_core::classify::noise::NoiseRule;
use sincelast_core::classify::site::{PageRecord, SiteState, SiteUpdates};
use sincelast_core::classify::Reason;
use sincelast_core::extract::{self, ExtractOptions};
use sincelast_core::limits::{Limits, MAX_CACHED_SITES, MAX_TEXT_BYTES};
use sincelast_core::report::packed::{self, LeanReport};
use sincelast_core::visit::{self as core_visit, Version, VisitInput};
use sincelast_core::{metrics, Block, Error};
use wasm_bindgen::prelude::*;

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

/// The core's version, the persisted hash version and the template model version, e.g.
/// `{ version: "0.1.0", hash: 1, model: 3 }`.
#[wasm_bindgen(js_name = coreVersion)]
pub fn core_version() -> Result<JsValue, JsValue> {
    #[derive(Serialize)]
    struct V {
        version: &'static str,
        hash: u32,
        model: u32,
    }
    to_js(&V {
        version: env!("CARGO_PKG_VERSION"),
        hash: sincelast_core::hash::HASH_VERSION,
        model: sincelast_core::classify::template::MODEL_VERSION,
    })
}

/// Every cap of the product ([`sincelast_core::limits`]) as a plain object with the
/// extension's camelCase names (`maxBlocks`, `maxBlockText`, …).
#[wasm_bindgen]
pub fn limits() -> Result<JsValue, JsValue> {
    to_js(&Limits::product())
}

/// Every error kind the core throws ([`Error::KINDS`]): the extension's error vocabulary holds
/// each of them (its tests check it).
#[wasm_bindgen(js_name = errorKinds)]
pub fn error_kinds() -> Vec<String> {
    Error::KINDS.iter().map(|k| k.to_string()).collect()
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

/// Plain objects (not `Map`s), and bytes (record hashes) as `Uint8Array`s, not number arrays
/// (json_compatible() turns bytes into arrays).
fn to_js<T: Serialize>(value: &T) -> Result<JsValue, JsValue> {
    value
        .serialize(
            &serde_wasm_bindgen::Serializer::json_compatible().serialize_bytes_as_arrays(false),
        )
        .map_err(|e| core_error(Error::Output(e.to_string())))
}

/// Milliseconds since the epoch (as `Date.now()`) to whole seconds.
fn secs(ms: f64) -> i64 {
    (ms / 1000.0).floor() as i64
}

// ---------------------------------------------------------------------------------------------
// The site cache.

/// The states of the sites used most recently, most recent last.
#[derive(Default)]
struct Sites(Vec<(String, SiteState)>);

impl Sites {
    fn put(&mut self, site: &str, state: SiteState) {
        self.0.retain(|(s, _)| s != site);
        self.0.push((site.to_string(), state));
        if self.0.len() > MAX_CACHED_SITES {
            self.0.remove(0);
        }
    }

    /// The state of `site`, marked most recently used.
    fn get(&mut self, site: &str) -> Result<&mut SiteState, JsValue> {
        let k = self
            .0
            .iter()
            .position(|(s, _)| s == site)
            .ok_or_else(|| core_error(Error::SiteNotLoaded(site.to_string())))?;
        let entry = self.0.remove(k);
        self.0.push(entry);
        match self.0.last_mut() {
            Some((_, state)) => Ok(state),
            None => Err(core_error(Error::SiteNotLoaded(site.to_string()))),
        }
    }
}

thread_local! {
    static SITES: RefCell<Sites> = RefCell::new(Sites::default());
}

fn with_site<T>(
    site: &str,
    f: impl FnOnce(&mut SiteState) -> Result<T, JsValue>,
) -> Result<T, JsValue> {
    SITES.with(|sites| f(sites.borrow_mut().get(site)?))
}

/// Records from a JS array, each converted on its own: a bad one is counted, not fatal.
fn records<T: serde::de::DeserializeOwned>(
    value: JsValue,
    which: &str,
) -> Result<(Vec<T>, u32), JsValue> {
    if value.is_undefined() || value.is_null() {
        return Ok((Vec::new(), 0));
    }
    if !js_sys::Array::is_array(&value) {
        return Err(core_error(Error::Malformed(format!(
            "{which}: not an array"
        ))));
    }
    let array = js_sys::Array::from(&value);
    let mut out = Vec::with_capacity(array.length() as usize);
    let mut bad = 0;
    for item in array.iter() {
        match serde_wasm_bindgen::from_value::<T>(item) {
            Ok(r) => out.push(r),
            Err(_) => bad += 1,
        }
    }
    Ok((out, bad))
}

/// Loads a site's state from its stored records (page records and rule records, see the crate
/// docs), replacing any cached state of that site; returns how many records were bad and
/// dropped.
#[wasm_bindgen(js_name = loadSite)]
pub fn load_site(site: &str, pages: JsValue, rules: JsValue) -> Result<u32, JsValue> {
    let (pages, bad_pages) = records::<PageRecord>(pages, "pages")?;
    let (rules, bad_rules) = records::<NoiseRule>(rules, "rules")?;
    let state = SiteState::from_records(pages, rules);
    let dropped = bad_pages + bad_rules + state.dropped_records() as u32;
    SITES.with(|sites| sites.borrow_mut().put(site, state));
    Ok(dropped)
}

/// True when the site's state is in this instance's cache.
#[wasm_bindgen(js_name = hasSite)]
pub fn has_site(site: &str) -> bool {
    SITES.with(|sites| sites.borrow().0.iter().any(|(s, _)| s == site))
}

/// Drops the site's state from the cache (e.g. when its data is deleted).
#[wasm_bindgen(js_name = dropSite)]
pub fn drop_site(site: &str) {
    SITES.with(|sites| sites.borrow_mut().0.retain(|(s, _)| s != site));
}

fn unpack_blocks(bytes: &[u8], count: u32, which: &str) -> Result<Vec<Block>, JsValue> {
    packed::unpack_blocks(bytes, count as usize)
        .map_err(|e| js_error(e.kind(), &format!("{which}: {e}")))
}

/// One visit of the page at `url` of `site` (see the crate docs for the arguments and the
/// result): aligns the previous version (if any) with the new one, classifies every change
/// with the site's state, teaches it, and returns the outcome with the records to write.
#[wasm_bindgen]
#[allow(clippy::too_many_arguments)]
pub fn visit(
    url: &str,
    site: &str,
    prev_time: Option<f64>,
    prev_bytes: Option<Vec<u8>>,
    prev_count: u32,
    new_time: f64,
    new_bytes: &[u8],
    new_count: u32,
) -> Result<JsValue, JsValue> {
    let old = match &prev_bytes {
        Some(bytes) => Some(unpack_blocks(bytes, prev_count, "previous")?),
        None => None,
    };
    let new = unpack_blocks(new_bytes, new_count, "new")?;
    with_site(site, |state| {
        let input = VisitInput {
            url,
            previous: old.as_deref().map(|blocks| Version {
                time: prev_time.map(secs),
                blocks,
            }),
            current: Version {
                time: Some(secs(new_time)),
                blocks: &new,
            },
        };
        outcome_to_js(&core_visit::visit(&input, state))
    })
}

/// The visit's outcome as it crosses to JavaScript: `{ json, ids, pages_put }` — `json` is the
/// outcome without the block ids and the page records (one string for `JSON.parse`, which is
/// far faster than building the objects field by field across the boundary), `ids` the block
/// ids concatenated (16 hex digits each), `pages_put` the page records with their hashes as
/// byte arrays. `extension/background/pack.js` (`visitPacked`) puts them back together.
fn outcome_to_js(out: &core_visit::VisitOutcome) -> Result<JsValue, JsValue> {
    #[derive(Serialize)]
    struct Updates<'a> {
        pages_deleted: &'a [String],
        rules_put: &'a [NoiseRule],
        rules_deleted: &'a [String],
    }
    #[derive(Serialize)]
    struct Lean<'a> {
        status: core_visit::VisitStatus,
        summary: &'a Option<align::Summary>,
        changes: &'a [sincelast_core::report::Change],
        list_id: &'a str,
        pathset_id: &'a str,
        kept_unloaded: &'a [[usize; 2]],
        updates: Updates<'a>,
    }
    #[derive(Serialize)]
    struct Out<'a> {
        json: String,
        ids: String,
        pages_put: &'a [PageRecord],
    }
    let json = serde_json::to_string(&Lean {
        status: out.status,
        summary: &out.summary,
        changes: &out.changes,
        list_id: &out.list_id,
        pathset_id: &out.pathset_id,
        kept_unloaded: &out.kept_unloaded,
        updates: Updates {
            pages_deleted: &out.updates.pages_deleted,
            rules_put: &out.updates.rules_put,
            rules_deleted: &out.updates.rules_deleted,
        },
    })
    .map_err(|e| js_error("bad_output", &e.to_string()))?;
    to_js(&Out {
        json,
        ids: out.ids.concat(),
        pages_put: &out.updates.pages_put,
    })
}

/// The site's learned noise rules (removed ones marked) and the number of pages its template
/// model holds: `{ rules, template_pages }`.
#[wasm_bindgen(js_name = siteRules)]
pub fn site_rules(site: &str) -> Result<JsValue, JsValue> {
    with_site(site, |state| {
        #[derive(Serialize)]
        struct Out<'a> {
            rules: &'a [NoiseRule],
            template_pages: usize,
        }
        to_js(&Out {
            rules: state.rules(),
            template_pages: state.template_pages(),
        })
    })
}

/// Removes a learned rule for good: returns the rule record to put (marked removed), or `null`
/// when the site has no rule with this id.
#[wasm_bindgen(js_name = removeRule)]
pub fn remove_rule(site: &str, id: &str) -> Result<JsValue, JsValue> {
    with_site(site, |state| match state.remove_rule(id) {
        Some(record) => to_js(&record),
        None => Ok(JsValue::NULL),
    })
}

/// Forgets one page of the site: returns the URL of the page record to delete, or `null` when
/// the site did not know it.
#[wasm_bindgen(js_name = forgetPage)]
pub fn forget_page(site: &str, url: &str) -> Result<Option<String>, JsValue> {
    with_site(site, |state| Ok(state.forget_page(url)))
}

/// The records (`{ pages, rules }`) of a site model stored as one JSON string by earlier
/// versions, to upgrade a database in place.
#[wasm_bindgen(js_name = migrateLegacySite)]
pub fn migrate_legacy_site(json: &str) -> Result<JsValue, JsValue> {
    let (pages, rules) = SiteState::from_legacy_json(json).map_err(core_error)?;
    #[derive(Serialize)]
    struct Out {
        pages: Vec<PageRecord>,
        rules: Vec<NoiseRule>,
    }
    to_js(&Out { pages, rules })
}

// ---------------------------------------------------------------------------------------------
// Pages the background fetches, the popup's metrics, the benchmark's plain alignment.

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

/// The plain alignment of two packed block lists (texts then paths joined by U+0000, see
/// `sincelast_core::report::packed`): the lean report as a JSON string `{ summary, changes:
/// [{ status, old_index, new_index, spans, kind, reason }] }` (unchanged blocks left out). The
/// benchmark's path; the extension uses [`visit`].
#[wasm_bindgen(js_name = diffPacked)]
pub fn diff_packed(
    old_bytes: &[u8],
    old_count: u32,
    new_bytes: &[u8],
    new_count: u32,
) -> Result<String, JsValue> {
    let old = unpack_blocks(old_bytes, old_count, "old")?;
    let new = unpack_blocks(new_bytes, new_count, "new")?;
    Ok(LeanReport::of(&align::diff_blocks(&old, &new, &DiffOptions::default())).to_json())
}

/// Dice similarity of two UTF-8 texts' word sets (1 = same vocabulary); the benchmark's
/// throughput figure.
#[wasm_bindgen(js_name = diceBytes)]
pub fn dice_bytes(old: &[u8], new: &[u8]) -> Result<f64, JsValue> {
    let (a, b) = (utf8(old, "old")?, utf8(new, "new")?);
    Ok(metrics::dice(
        &metrics::word_hashes(a),
        &metrics::word_hashes(b),
    ))
}

/// Fragment staleness (Olston & Pandey: 1 − Jaccard of the word k-shingle sets) of two UTF-8
/// texts; the benchmark's throughput figure.
#[wasm_bindgen(js_name = fragmentStalenessBytes)]
pub fn fragment_staleness_bytes(old: &[u8], new: &[u8], k: usize) -> Result<f64, JsValue> {
    if k == 0 {
        return Err(core_error(Error::InvalidArgument(
            "shingle size k must be at least 1".into(),
        )));
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
        .map_err(|_| core_error(Error::Malformed(format!("{which} text: not UTF-8"))))
}

// ---------------------------------------------------------------------------------------------
// A page's life over time (the history and dashboard pages): sincelast_core::history.

/// The analysis of one page's history, as the CLI's `history --format json` prints it: the
/// input is a JSON string `{ versions: [{ time (seconds), blocks: [{ text, path, type_path }] }],
/// collection: [distinct block texts of everything cached] }`, the output a JSON string `{
/// timeline, curve, terms, lifespans }` (see `sincelast_core::history::Analysis`).
#[wasm_bindgen(js_name = historyAnalyze)]
pub fn history_analyze(input: &str) -> Result<String, JsValue> {
    let input: sincelast_core::history::HistoryInput = serde_json::from_str(input)
        .map_err(|e| core_error(Error::Malformed(format!("history input: {e}"))))?;
    serde_json::to_string(&sincelast_core::history::analyze(&input))
        .map_err(|e| core_error(Error::Output(e.to_string())))
}

/// A site's template picture (Gibson §5): input a JSON string `[{ url, blocks }]` (the latest
/// version of each page of the site), output a JSON string `{ pages, lower, bars: [{ url,
/// length, spans: [{ start, len, pages, band }], template_share }], template_share }`.
#[wasm_bindgen(js_name = templatePicture)]
pub fn template_picture(input: &str) -> Result<String, JsValue> {
    let pages: Vec<sincelast_core::history::picture::PicturePage> = serde_json::from_str(input)
        .map_err(|e| core_error(Error::Malformed(format!("picture input: {e}"))))?;
    serde_json::to_string(&sincelast_core::history::picture::picture(&pages))
        .map_err(|e| core_error(Error::Output(e.to_string())))
}

// The export file (sincelast_core::export): written and read by the background, record by
// record, so a history of any size crosses the boundary in chunks. Records cross as JSON text,
// in their native form with byte strings tagged `{"$bytes": "<hex>"}` (the background turns
// `Uint8Array`s into tags and back: extension/background/export.js).

use sincelast_core::export as core_export;

/// Writes an export file: `new ExportWriter(filterJson)`, `header(created)`, then
/// `add(store, recordsJson)` for every store of `exportStores()` in order (records in key
/// order, any number of calls per store) and `finish()`.
#[wasm_bindgen]
pub struct ExportWriter {
    inner: Option<core_export::Exporter>,
}

#[derive(Serialize)]
struct ExportChunk {
    lines: String,
    csv: String,
}

#[derive(Serialize)]
struct ExportEnd {
    lines: String,
    summary: core_export::ExportSummary,
}

#[wasm_bindgen]
impl ExportWriter {
    /// A writer with a filter `{ since?, until?, site? }` as JSON (`"{}"`: everything).
    #[wasm_bindgen(constructor)]
    pub fn new(filter_json: &str) -> Result<ExportWriter, JsValue> {
        let filter: core_export::Filter = serde_json::from_str(filter_json)
            .map_err(|e| core_error(Error::Malformed(format!("export filter: {e}"))))?;
        Ok(ExportWriter {
            inner: Some(core_export::Exporter::new(filter)),
        })
    }

    /// The header line (with its newline), dated `created` (milliseconds since the epoch).
    pub fn header(&self, created: f64) -> String {
        self.inner
            .as_ref()
            .map(|e| e.header_line(created as i64))
            .unwrap_or_default()
    }

    /// Records of one store (a JSON array of native records) → `{ lines, csv }`: their lines
    /// and, for visits, their CSV rows. Records the filter leaves out or that fail their
    /// checks are not written (the summary of `finish` counts them).
    pub fn add(&mut self, store: &str, records_json: &str) -> Result<JsValue, JsValue> {
        let ex = self
            .inner
            .as_mut()
            .ok_or_else(|| core_error(Error::Malformed("export finished".into())))?;
        let records: Vec<serde_json::Value> = serde_json::from_str(records_json)
            .map_err(|e| core_error(Error::Malformed(format!("export records: {e}"))))?;
        let mut chunk = ExportChunk {
            lines: String::new(),
            csv: String::new(),
        };
        for r in &records {
            if let Some((line, row)) = ex
                .add(store, r)
                .map_err(|e| core_error(Error::Malformed(e)))?
            {
                chunk.lines.push_str(&line);
                chunk.csv.push_str(&row);
            }
        }
        to_js(&chunk)
    }

    /// The derived lines (per-page statistics) and `{ written, filtered, invalid, unexported,
    /// derived }`.
    pub fn finish(&mut self) -> Result<JsValue, JsValue> {
        let ex = self
            .inner
            .take()
            .ok_or_else(|| core_error(Error::Malformed("export finished".into())))?;
        let (lines, summary) = ex.finish();
        to_js(&ExportEnd { lines, summary })
    }
}

/// The stores of an export file, in file order.
#[wasm_bindgen(js_name = exportStores)]
pub fn export_stores() -> Vec<String> {
    core_export::spec::STORES
        .iter()
        .map(|s| s.name.to_string())
        .collect()
}

/// The CSV table's header row.
#[wasm_bindgen(js_name = exportCsvHeader)]
pub fn export_csv_header() -> String {
    core_export::CSV_HEADER.to_string()
}

/// The line a stored record (native form, JSON) has in an export file: an import compares it
/// with the line it read.
#[wasm_bindgen(js_name = exportRecordLine)]
pub fn export_record_line(store: &str, record_json: &str) -> Result<String, JsValue> {
    let v: serde_json::Value = serde_json::from_str(record_json)
        .map_err(|e| core_error(Error::Malformed(format!("record: {e}"))))?;
    core_export::encode_record(store, &v).map_err(|e| core_error(Error::Malformed(e)))
}

/// Reads an export file: `new ImportReader()`, then `feed(text)` with whole lines (joined by
/// `\n`, in file order) → `{ records: [{ line, store, key, value (JSON text of the native
/// record), canonical }], skipped: [{ line, reason }], derived, refused, header }`.
#[wasm_bindgen]
pub struct ImportReader {
    inner: core_export::Importer,
}

#[derive(Serialize)]
struct ReadRecord {
    line: usize,
    store: &'static str,
    key: serde_json::Value,
    value: String,
    canonical: String,
}

#[derive(Serialize)]
struct Skip {
    line: usize,
    reason: String,
}

#[derive(Serialize)]
struct ReadChunk {
    records: Vec<ReadRecord>,
    skipped: Vec<Skip>,
    derived: u32,
    refused: Option<String>,
    header: Option<core_export::Header>,
}

#[wasm_bindgen]
impl ImportReader {
    /// A reader at the start of a file.
    #[wasm_bindgen(constructor)]
    #[allow(clippy::new_without_default)]
    pub fn new() -> ImportReader {
        ImportReader {
            inner: core_export::Importer::new(),
        }
    }

    /// The next lines of the file (see the type's docs).
    pub fn feed(&mut self, text: &str) -> Result<JsValue, JsValue> {
        let mut out = ReadChunk {
            records: Vec::new(),
            skipped: Vec::new(),
            derived: 0,
            refused: None,
            header: None,
        };
        for line in text.split('\n') {
            match self.inner.feed_line(line.as_bytes()) {
                core_export::LineOutcome::Blank => {}
                core_export::LineOutcome::Header { header } => out.header = Some(header),
                core_export::LineOutcome::Record(r) => out.records.push(ReadRecord {
                    line: r.line,
                    store: r.store,
                    key: r.key,
                    value: r.value.to_string(),
                    canonical: r.canonical,
                }),
                core_export::LineOutcome::Derived { .. } => out.derived += 1,
                core_export::LineOutcome::Skipped { line, reason } => {
                    out.skipped.push(Skip { line, reason })
                }
                core_export::LineOutcome::Refused { reason, .. } => {
                    out.records.clear();
                    out.refused = Some(reason);
                    break;
                }
            }
        }
        to_js(&out)
    }
}

// Watching pages in the background (sincelast_core::watch).

/// The next check of a watched page from its checks, oldest first: `checks` = `[{ time, span,
/// ok, meaningful, staleness }]` (times and spans in seconds), `options` `undefined` or any
/// subset of `{ min_secs, max_secs, initial_secs, window, target_change_share, min_staleness,
/// max_growth, max_shrink }`. Returns `{ interval_secs, next_time, checks, changes, failures,
/// changes_per_day, reason }`.
#[wasm_bindgen(js_name = watchPlan)]
pub fn watch_plan(checks: JsValue, options: JsValue) -> Result<JsValue, JsValue> {
    use sincelast_core::watch::schedule::{plan, Check, ScheduleOptions};
    let checks: Vec<Check> = serde_wasm_bindgen::from_value(checks)
        .map_err(|e| js_error("bad_input", &format!("checks: {e}")))?;
    let opts: ScheduleOptions = if options.is_undefined() || options.is_null() {
        ScheduleOptions::default()
    } else {
        serde_wasm_bindgen::from_value(options)
            .map_err(|e| js_error("invalid_argument", &format!("schedule options: {e}")))?
    };
    to_js(&plan(&checks, &opts).map_err(core_error)?)
}

/// Reads a watch list exported by Distill, Update Scanner or SiteDelta: `{ source,
/// source_name, entries: [{ url, title, interval_secs, paused, label, not_carried }],
/// skipped: [{ entry, reason }] }`.
#[wasm_bindgen(js_name = importWatchList)]
pub fn import_watch_list(text: &str) -> Result<JsValue, JsValue> {
    to_js(&sincelast_core::watch::import::import_watch_list(text).map_err(core_error)?)
}

// New links since the last visit and newly appeared pages (Toyoda & Kitsuregawa); see
// `sincelast_core::links`.

/// Most links one `newLinks` list may hold (a page's blocks: 20,000 × 200 at most).
const MAX_LINKS_PER_CALL: usize = 200_000;

fn link_list(value: JsValue, which: &str) -> Result<Vec<String>, JsValue> {
    if value.is_undefined() || value.is_null() {
        return Ok(Vec::new());
    }
    let list: Vec<String> = serde_wasm_bindgen::from_value(value)
        .map_err(|e| core_error(Error::Malformed(format!("{which}: {e}"))))?;
    if list.len() > MAX_LINKS_PER_CALL {
        return Err(core_error(Error::TooLarge {
            size: list.len(),
            limit: MAX_LINKS_PER_CALL,
        }));
    }
    Ok(list)
}

/// The normalised target of a link (fragment and tracking parameters dropped), or `null`
/// when it is not an http(s) link.
#[wasm_bindgen(js_name = normalizeLink)]
pub fn normalize_link(link: &str) -> Option<String> {
    sincelast_core::links::normalize_link(link)
}

/// The certainly new links of a page seen at both visits: `string[]`, normalised, in the order
/// of `current`, those among none of `previous` (the page's own URL `page` never).
#[wasm_bindgen(js_name = newLinks)]
pub fn new_links(
    page: Option<String>,
    previous: JsValue,
    current: JsValue,
) -> Result<Vec<String>, JsValue> {
    let previous = link_list(previous, "previous")?;
    let current = link_list(current, "current")?;
    Ok(sincelast_core::links::new_links(
        page.as_deref(),
        previous.iter().map(String::as_str),
        current.iter().map(String::as_str),
    ))
}

/// Newly appeared pages ranked by novelty: `history` = `{ pages: [{ url, links, certain,
/// revisited }],
/// unidentified: string[] }`; `delta` and `iterations` default to the paper's 0.1 and 20.
/// Returns `[{ url, score, in_links, certain_links, via }]`, highest score first, positive
/// scores only.
#[wasm_bindgen(js_name = rankNewPages)]
pub fn rank_new_pages(
    history: JsValue,
    delta: Option<f64>,
    iterations: Option<u32>,
) -> Result<JsValue, JsValue> {
    use sincelast_core::links;
    let history: links::LinkHistory = serde_wasm_bindgen::from_value(history)
        .map_err(|e| core_error(Error::Malformed(format!("history: {e}"))))?;
    let ranked = links::rank_new_pages(
        &history,
        delta.unwrap_or(links::NOVELTY_DELTA),
        iterations.map_or(links::NOVELTY_ITERATIONS, |n| n as usize),
    )
    .map_err(core_error)?;
    to_js(&ranked)
}

// What the person teaches ("this is noise", "always show changes here") and the visit's metrics
// on its content changes only.

/// The person teaches the slot at `path` of `site` (whose state must be loaded): `noise` true
/// for "this is noise", false for "always show changes here". Returns the rule records to put
/// (the taught one first, then the opposite rule it removed, if any). Errors: `invalid_argument`
/// for an empty path.
#[wasm_bindgen(js_name = teachRule)]
pub fn teach_rule(site: &str, path: &str, noise: bool) -> Result<JsValue, JsValue> {
    if path.len() > MAX_TEXT_BYTES {
        return Err(js_error("too_large", "path"));
    }
    with_site(site, |state| match state.teach(path, noise) {
        Some(records) => to_js(&records),
        None => Err(js_error("invalid_argument", "a rule needs a block path")),
    })
}

/// Blocks whose text changed by itself while a page of `site` (whose state must be loaded)
/// stayed open: `paths[k]` read `olds[k]`, then `news[k]` moments later, nobody touching the
/// page. They teach as two versions fetched moments apart do (the core's
/// `SiteState::learn_live`). `shown` (optional): the content changes of a block's text of the
/// visit the page shows, `{ changes: [{ path, old, new }], then, now }` (`old` the text of the
/// visit before, read at `then`; `new` the visit's, at `now`; milliseconds), judged again by
/// the rules learned just now (`SiteState::learn_live_judging`). Returns the records to write,
/// as a visit's `updates`, and for each shown change the reason that now hides it or null: `{
/// pages_put: [], pages_deleted: [], rules_put, rules_deleted, hidden: (Reason | null)[] }`.
/// Errors: `invalid_argument` when the arrays differ in length or `shown` is malformed,
/// `too_large` past the caps.
#[wasm_bindgen(js_name = learnLive)]
pub fn learn_live(
    site: &str,
    paths: Vec<String>,
    olds: Vec<String>,
    news: Vec<String>,
    shown: JsValue,
) -> Result<JsValue, JsValue> {
    #[derive(Deserialize)]
    struct ShownChange {
        path: String,
        old: String,
        new: String,
    }
    #[derive(Deserialize)]
    struct Shown {
        changes: Vec<ShownChange>,
        then: Option<f64>,
        now: Option<f64>,
    }
    #[derive(Serialize)]
    struct Out {
        #[serde(flatten)]
        updates: SiteUpdates,
        hidden: Vec<Option<Reason>>,
    }
    if paths.len() != olds.len() || paths.len() != news.len() {
        return Err(js_error(
            "invalid_argument",
            "paths, olds and news differ in length",
        ));
    }
    let shown: Option<Shown> = if shown.is_undefined() || shown.is_null() {
        None
    } else {
        Some(
            serde_wasm_bindgen::from_value(shown)
                .map_err(|e| js_error("invalid_argument", &format!("shown: {e}")))?,
        )
    };
    let shown_bytes: usize = shown.as_ref().map_or(0, |s| {
        s.changes
            .iter()
            .map(|c| c.path.len() + c.old.len() + c.new.len())
            .sum()
    });
    let bytes: usize = paths
        .iter()
        .chain(&olds)
        .chain(&news)
        .map(String::len)
        .sum::<usize>()
        + shown_bytes;
    if bytes > MAX_TEXT_BYTES {
        return Err(js_error("too_large", "texts"));
    }
    let changes: Vec<(String, String, String)> = paths
        .into_iter()
        .zip(olds)
        .zip(news)
        .map(|((p, o), n)| (p, o, n))
        .collect();
    let (then, now) = shown
        .as_ref()
        .map_or((None, None), |s| (s.then.map(secs), s.now.map(secs)));
    let shown: Vec<(String, String, String)> = shown
        .map(|s| {
            s.changes
                .into_iter()
                .map(|c| (c.path, c.old, c.new))
                .collect()
        })
        .unwrap_or_default();
    with_site(site, |state| {
        let (updates, hidden) = state.learn_live_judging(&changes, &shown, then, now);
        to_js(&Out { updates, hidden })
    })
}

/// Every metric of the core on a visit's content: the old and new versions' block texts, the
/// visit's changes (`[{ kind, old_index, new_index }]`; template and noise changes are left out
/// on both sides), options as [`metrics()`].
#[wasm_bindgen(js_name = contentMetrics)]
pub fn content_metrics(
    old_texts: Vec<String>,
    new_texts: Vec<String>,
    changes: JsValue,
    options: JsValue,
) -> Result<JsValue, JsValue> {
    for (name, t) in [("old", &old_texts), ("new", &new_texts)] {
        let bytes: usize = t.iter().map(|s| s.len() + 1).sum();
        if bytes > MAX_TEXT_BYTES {
            return Err(js_error(
                "too_large",
                &format!("{name} text: {bytes} bytes (limit {MAX_TEXT_BYTES})"),
            ));
        }
    }
    let changes: Vec<metrics::ChangeAt> = serde_wasm_bindgen::from_value(changes)
        .map_err(|e| js_error("invalid_argument", &format!("changes: {e}")))?;
    let mut opts = metrics::MetricOptions::default();
    if !options.is_undefined() && !options.is_null() {
        opts = serde_wasm_bindgen::from_value(options)
            .map_err(|e| js_error("invalid_argument", &format!("metrics options: {e}")))?;
    }
    let old: Vec<&str> = old_texts.iter().map(String::as_str).collect();
    let new: Vec<&str> = new_texts.iter().map(String::as_str).collect();
    let m = metrics::compute_content(&old, &new, &changes, &opts).map_err(core_error)?;
    to_js(&m)
}
