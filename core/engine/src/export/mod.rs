//! The export file: everything the extension keeps, as one JSON Lines file a person can open,
//! and the strict reader that takes it back. See the README's section "Export file" for the
//! format as a person or a script reads it.
//!
//! ```text
//! {"format":"sincelast-export","schema":1,"created":1700000000000,"filter":{…},"generator":"…","stores":[…]}
//! {"store":"visits","key":1,"value":{"id":1,"url":"https://…",…}}
//! …                                             one line per record, stores in STORES order,
//! …                                             keys ascending within a store
//! {"derived":"pageStats","key":"https://…","value":{"visits":3,…}}
//! ```
//!
//! - **Writing** ([`Exporter`]): the caller hands every record of every store, store by store
//!   in [`spec::STORES`] order and key order within a store (as IndexedDB's cursors give them),
//!   in their native form (bytes tagged, see [`spec::BYTES_TAG`]). Each record is checked
//!   against its store's spec and written canonically (object keys sorted, no spaces), so the
//!   same records always make the same bytes. A [`Filter`] (time range, site) keeps the visits
//!   it selects and what they refer to. The per-visit CSV table comes out alongside.
//! - **Reading** ([`Importer`], [`read_all`]): line by line. A first line that is not a header
//!   of this format and [`SCHEMA_VERSION`] refuses the whole file; any other bad line (over
//!   [`MAX_EXPORT_LINE`] bytes, not UTF-8, not JSON, not a record, an unknown store, a field
//!   of the wrong type, a key that does not match its value, a second record under a key
//!   already read) is skipped with its reason. The reader never panics on any input.

pub mod spec;

use std::collections::{BTreeMap, HashMap, HashSet};

use serde::{Deserialize, Serialize};
use serde_json::{Map, Value};

pub use crate::limits::MAX_EXPORT_LINE;
use spec::{convert_fields, convert_record, key_of, Dir, Reach, StoreSpec, STORES};

/// The `format` of an export file's header.
pub const FORMAT: &str = "sincelast-export";
/// The schema version this core writes and reads. Bumped when a record's meaning changes; a
/// new store or a new optional field is listed in [`spec`] without a bump.
pub const SCHEMA_VERSION: u32 = 1;

/// What an export keeps: visits in `[since, until)` (milliseconds since the epoch) of `site`
/// (its subdomains too), and what those visits refer to. Every field is optional.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Filter {
    /// Earliest visit time kept (inclusive).
    #[serde(default)]
    pub since: Option<i64>,
    /// Latest visit time kept (exclusive).
    #[serde(default)]
    pub until: Option<i64>,
    /// A host name: its visits and those of its subdomains.
    #[serde(default)]
    pub site: Option<String>,
}

impl Filter {
    fn is_empty(&self) -> bool {
        self.since.is_none() && self.until.is_none() && self.site.is_none()
    }
    fn site_ok(&self, site: &str) -> bool {
        match &self.site {
            None => true,
            Some(s) => {
                site == s
                    || (site.len() > s.len()
                        && site.ends_with(s.as_str())
                        && site.as_bytes()[site.len() - s.len() - 1] == b'.')
            }
        }
    }
    fn time_ok(&self, t: i64) -> bool {
        self.since.is_none_or(|s| t >= s) && self.until.is_none_or(|u| t < u)
    }
}

/// The first line of an export file.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Header {
    /// Always [`FORMAT`].
    pub format: String,
    /// [`SCHEMA_VERSION`] of the writer.
    pub schema: u32,
    /// When the file was written (milliseconds since the epoch).
    pub created: i64,
    /// The filter the file was written with.
    pub filter: Filter,
    /// What wrote it (`sincelast-core 0.1.0`).
    pub generator: String,
    /// The stores the writer knew, in file order.
    pub stores: Vec<String>,
}

/// Writes `v` as canonical JSON: object keys sorted (by their UTF-16 code units, as JavaScript
/// sorts them... and by bytes, which orders the ASCII keys used here the same), no spaces.
pub fn canonical(v: &Value) -> String {
    let mut out = String::new();
    write_canonical(v, &mut out);
    out
}

fn write_canonical(v: &Value, out: &mut String) {
    match v {
        Value::Object(o) => {
            let mut keys: Vec<&String> = o.keys().collect();
            keys.sort();
            out.push('{');
            for (i, k) in keys.into_iter().enumerate() {
                if i > 0 {
                    out.push(',');
                }
                out.push_str(&Value::String(k.clone()).to_string());
                out.push(':');
                write_canonical(&o[k], out);
            }
            out.push('}');
        }
        Value::Array(a) => {
            out.push('[');
            for (i, x) in a.iter().enumerate() {
                if i > 0 {
                    out.push(',');
                }
                write_canonical(x, out);
            }
            out.push(']');
        }
        _ => out.push_str(&v.to_string()),
    }
}

fn record_line(store: &str, key: &Value, value: &Value) -> String {
    format!(
        "{{\"store\":{},\"key\":{},\"value\":{}}}\n",
        Value::String(store.to_string()),
        canonical(key),
        canonical(value)
    )
}

/// A record's line in the file (with its `\n`), from its native form: what the writer writes,
/// and what an import compares a stored record with.
pub fn encode_record(store: &str, native: &Value) -> Result<String, String> {
    let spec = spec::store(store).ok_or(format!("unknown store {store:?}"))?;
    let file = convert_record(spec, native, Dir::ToFile)?;
    let key = key_of(spec, &file)?;
    Ok(record_line(spec.name, &key, &Value::Object(file)))
}

/// The header of a file written now with `filter`.
pub fn header(created: i64, filter: &Filter) -> Header {
    Header {
        format: FORMAT.to_string(),
        schema: SCHEMA_VERSION,
        created,
        filter: filter.clone(),
        generator: format!("sincelast-core {}", env!("CARGO_PKG_VERSION")),
        stores: STORES.iter().map(|s| s.name.to_string()).collect(),
    }
}

#[derive(Debug, Clone, Default, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
struct PageStats {
    site: String,
    visits: u64,
    first_time: i64,
    last_time: i64,
    changed_visits: u64,
    meaningful: u64,
}

/// A record the writer left out, and why.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Unexported {
    /// Its store.
    pub store: String,
    /// Its key (as JSON), when it had one.
    pub key: String,
    /// Why.
    pub reason: String,
}

/// What an export wrote, per store, and what it left out.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize)]
pub struct ExportSummary {
    /// Records written per store.
    pub written: BTreeMap<String, u64>,
    /// Records the filter left out.
    pub filtered: u64,
    /// Records that failed their store's checks (not written), with reasons (at most 100
    /// listed; `invalid` counts them all).
    pub unexported: Vec<Unexported>,
    /// How many records failed their checks.
    pub invalid: u64,
    /// Derived records written.
    pub derived: u64,
}

/// Writes an export file, record by record (see the module docs).
pub struct Exporter {
    filter: Filter,
    store_index: usize,
    // url → (visit id, time, title) of the last kept visit, and how many were kept
    last_visit: HashMap<String, (Value, Value, Option<Value>, u64)>,
    lists: HashSet<String>,
    pathsets: HashSet<String>,
    blocks: HashSet<String>,
    stats: BTreeMap<String, PageStats>,
    summary: ExportSummary,
}

/// The CSV table's header row (one row per visit follows).
pub const CSV_HEADER: &str = "visit_id,url,site,time_ms,time_utc,title,status,meaningful,new,changed,moved,removed,unchanged,words_added,words_removed,words_moved,noise,template,truncated\n";

impl Exporter {
    /// A writer with this filter.
    pub fn new(filter: Filter) -> Exporter {
        Exporter {
            filter,
            store_index: 0,
            last_visit: HashMap::new(),
            lists: HashSet::new(),
            pathsets: HashSet::new(),
            blocks: HashSet::new(),
            stats: BTreeMap::new(),
            summary: ExportSummary::default(),
        }
    }

    /// The header line (with its `\n`).
    pub fn header_line(&self, created: i64) -> String {
        let mut s = serde_json::to_string(&header(created, &self.filter)).unwrap_or_default();
        s.push('\n');
        s
    }

    fn fail(&mut self, store: &str, key: String, reason: String) {
        self.summary.invalid += 1;
        if self.summary.unexported.len() < 100 {
            self.summary.unexported.push(Unexported {
                store: store.to_string(),
                key,
                reason,
            });
        }
    }

    /// One native record of `store`: its line (and, for a visit, its CSV row), or `None` when
    /// the filter leaves it out or it fails its checks (counted in the summary). Stores must
    /// come in [`STORES`] order; a record of a store before the current one is refused.
    pub fn add(&mut self, store: &str, native: &Value) -> Result<Option<(String, String)>, String> {
        let Some(index) = STORES.iter().position(|s| s.name == store) else {
            return Err(format!("unknown store {store:?}"));
        };
        if index < self.store_index {
            return Err(format!(
                "store {store:?} after {:?}: stores must come in order",
                STORES[self.store_index].name
            ));
        }
        self.store_index = index;
        let spec: &StoreSpec = &STORES[index];
        let mut file = match convert_record(spec, native, Dir::ToFile) {
            Ok(f) => f,
            Err(e) => {
                let key = native
                    .as_object()
                    .and_then(|o| key_of(spec, o).ok())
                    .map(|k| canonical(&k))
                    .unwrap_or_default();
                self.fail(store, key, e);
                return Ok(None);
            }
        };
        let key = key_of(spec, &file)?;
        let filtered = !self.filter.is_empty();
        let str_field = |f: &Map<String, Value>, n: &str| {
            f.get(n)
                .and_then(Value::as_str)
                .unwrap_or_default()
                .to_string()
        };
        let mut csv = String::new();
        match spec.reach {
            Reach::Visits => {
                let site = str_field(&file, "site");
                let time = file.get("time").and_then(Value::as_i64).unwrap_or(0);
                if !(self.filter.site_ok(&site) && self.filter.time_ok(time)) {
                    self.summary.filtered += 1;
                    return Ok(None);
                }
                let url = str_field(&file, "url");
                self.lists.insert(str_field(&file, "listId"));
                self.pathsets.insert(str_field(&file, "pathsetId"));
                let entry = self.last_visit.entry(url.clone()).or_insert((
                    Value::Null,
                    Value::Null,
                    None,
                    0,
                ));
                *entry = (
                    key.clone(),
                    Value::from(time),
                    file.get("title").cloned(),
                    entry.3 + 1,
                );
                let count = |k: &str| {
                    file.get("summary")
                        .and_then(|s| s.get(k))
                        .and_then(Value::as_u64)
                        .unwrap_or(0)
                };
                // Highlighted changes (what the history's timeline counts); a visit that only
                // lost text changed too.
                let meaningful = count("meaningful");
                let changed = meaningful + count("meaningful_removed") > 0;
                let st = self.stats.entry(url).or_insert_with(|| PageStats {
                    site: site.clone(),
                    first_time: time,
                    last_time: time,
                    ..PageStats::default()
                });
                st.site = site;
                st.visits += 1;
                st.first_time = st.first_time.min(time);
                st.last_time = st.last_time.max(time);
                st.meaningful += meaningful;
                if changed {
                    st.changed_visits += 1;
                }
                csv = csv_row(&file);
            }
            Reach::Pages if filtered => {
                let url = str_field(&file, "url");
                let Some((id, time, title, n)) = self.last_visit.get(&url) else {
                    self.summary.filtered += 1;
                    return Ok(None);
                };
                // The page as of its last kept visit.
                file.insert("lastVisitId".into(), id.clone());
                file.insert("lastTime".into(), time.clone());
                file.insert("visits".into(), Value::from(*n));
                match title {
                    Some(t) => file.insert("title".into(), t.clone()),
                    None => file.remove("title"),
                };
            }
            Reach::Referenced if filtered => {
                let id = str_field(&file, "id");
                let wanted = match store {
                    "lists" => self.lists.contains(&id),
                    "pathsets" => self.pathsets.contains(&id),
                    _ => self.blocks.contains(&id),
                };
                if !wanted {
                    self.summary.filtered += 1;
                    return Ok(None);
                }
            }
            Reach::Site if !self.filter.site_ok(&str_field(&file, "site")) => {
                self.summary.filtered += 1;
                return Ok(None);
            }
            _ => {}
        }
        if store == "lists" {
            if let Some(ids) = file.get("ids").and_then(Value::as_array) {
                for id in ids.iter().filter_map(Value::as_str) {
                    self.blocks.insert(id.to_string());
                }
            }
        }
        *self.summary.written.entry(store.to_string()).or_default() += 1;
        Ok(Some((
            record_line(spec.name, &key, &Value::Object(file)),
            csv,
        )))
    }

    /// The derived lines (per-page statistics, URL order) and the summary.
    pub fn finish(mut self) -> (String, ExportSummary) {
        let mut out = String::new();
        for (url, st) in &self.stats {
            let value = serde_json::to_value(st).unwrap_or(Value::Null);
            out.push_str(&format!(
                "{{\"derived\":\"pageStats\",\"key\":{},\"value\":{}}}\n",
                Value::String(url.clone()),
                canonical(&value)
            ));
            self.summary.derived += 1;
        }
        (out, self.summary)
    }
}

fn csv_cell(s: &str) -> String {
    // A cell a spreadsheet would run as a formula starts with an apostrophe instead.
    let s = if s.starts_with(['=', '+', '-', '@', '\t', '\r']) {
        format!("'{s}")
    } else {
        s.to_string()
    };
    if s.contains([',', '"', '\n', '\r']) {
        format!("\"{}\"", s.replace('"', "\"\""))
    } else {
        s
    }
}

/// `YYYY-MM-DDTHH:MM:SS.mmmZ` of milliseconds since the epoch.
pub fn iso_time(ms: i64) -> String {
    let secs = ms.div_euclid(1000);
    let days = secs.div_euclid(86_400);
    let rem = secs.rem_euclid(86_400);
    let (y, m, d) = crate::calendar::civil_from_days(days);
    format!(
        "{y:04}-{m:02}-{d:02}T{:02}:{:02}:{:02}.{:03}Z",
        rem / 3600,
        rem % 3600 / 60,
        rem % 60,
        ms.rem_euclid(1000)
    )
}

fn csv_row(visit: &Map<String, Value>) -> String {
    let s = |k: &str| {
        visit
            .get(k)
            .and_then(Value::as_str)
            .unwrap_or_default()
            .to_string()
    };
    let time = visit.get("time").and_then(Value::as_i64).unwrap_or(0);
    let summary = visit.get("summary").and_then(Value::as_object);
    let n = |k: &str| {
        summary
            .and_then(|m| m.get(k))
            .and_then(Value::as_u64)
            .map(|v| v.to_string())
            .unwrap_or_default()
    };
    let status = match summary {
        None => "first",
        Some(m) => {
            let moved: u64 = ["new", "changed", "moved", "removed"]
                .iter()
                .filter_map(|k| m.get(*k).and_then(Value::as_u64))
                .sum();
            if moved == 0 {
                "unchanged"
            } else {
                "changed"
            }
        }
    };
    let mut cells = vec![
        visit.get("id").map(|v| v.to_string()).unwrap_or_default(),
        csv_cell(&s("url")),
        csv_cell(&s("site")),
        time.to_string(),
        iso_time(time),
        csv_cell(&s("title")),
        status.to_string(),
    ];
    for k in [
        "meaningful",
        "new",
        "changed",
        "moved",
        "removed",
        "unchanged",
        "words_added",
        "words_removed",
        "words_moved",
        "noise",
        "template",
    ] {
        cells.push(n(k));
    }
    cells.push(
        visit
            .get("truncated")
            .and_then(Value::as_bool)
            .unwrap_or(false)
            .to_string(),
    );
    let mut row = cells.join(",");
    row.push('\n');
    row
}

/// One record read from a file, ready to store.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct ImportRecord {
    /// Its line number (1-based).
    pub line: usize,
    /// Its store.
    pub store: &'static str,
    /// Its key.
    pub key: Value,
    /// The record in native form (bytes tagged).
    pub value: Value,
    /// Its canonical line: compare with [`encode_record`] of a stored record.
    pub canonical: String,
}

/// What one line of a file was.
#[derive(Debug, Clone, PartialEq, Serialize)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum LineOutcome {
    /// An empty line (ignored).
    Blank,
    /// The header.
    Header {
        /// It.
        header: Header,
    },
    /// A record to store.
    Record(ImportRecord),
    /// A derived record: checked, not stored (the extension computes it again).
    Derived {
        /// Its line.
        line: usize,
    },
    /// A line skipped, and why.
    Skipped {
        /// Its line.
        line: usize,
        /// Why.
        reason: String,
    },
    /// The file is refused (its header): nothing in it is imported.
    Refused {
        /// Its line.
        line: usize,
        /// Why.
        reason: String,
    },
}

/// Reads an export file line by line (see the module docs).
#[derive(Debug, Default)]
pub struct Importer {
    line: usize,
    header: Option<Header>,
    refused: Option<String>,
    seen: HashMap<String, usize>,
}

impl Importer {
    /// A reader at the start of a file.
    pub fn new() -> Importer {
        Importer::default()
    }

    /// Why the file was refused, once it was.
    pub fn refused(&self) -> Option<&str> {
        self.refused.as_deref()
    }

    /// The header read, once read.
    pub fn header(&self) -> Option<&Header> {
        self.header.as_ref()
    }

    /// The next line of the file (without its `\n`; a trailing `\r` is ignored).
    pub fn feed_line(&mut self, bytes: &[u8]) -> LineOutcome {
        self.line += 1;
        let line = self.line;
        let bytes = bytes.strip_suffix(b"\r").unwrap_or(bytes);
        if let Some(r) = &self.refused {
            return LineOutcome::Refused {
                line,
                reason: r.clone(),
            };
        }
        if bytes.iter().all(u8::is_ascii_whitespace) {
            return LineOutcome::Blank;
        }
        if self.header.is_none() {
            return match read_header(bytes) {
                Ok(header) => {
                    self.header = Some(header.clone());
                    LineOutcome::Header { header }
                }
                Err(reason) => {
                    self.refused = Some(reason.clone());
                    LineOutcome::Refused { line, reason }
                }
            };
        }
        match self.read_record(bytes) {
            Ok(Some(rec)) => LineOutcome::Record(ImportRecord { line, ..rec }),
            Ok(None) => LineOutcome::Derived { line },
            Err(reason) => LineOutcome::Skipped { line, reason },
        }
    }

    fn read_record(&mut self, bytes: &[u8]) -> Result<Option<ImportRecord>, String> {
        if bytes.len() > MAX_EXPORT_LINE {
            return Err(format!(
                "oversized: {} bytes (at most {MAX_EXPORT_LINE})",
                bytes.len()
            ));
        }
        let text = std::str::from_utf8(bytes).map_err(|_| "malformed: not UTF-8".to_string())?;
        let v: Value =
            serde_json::from_str(text).map_err(|e| format!("malformed: not JSON ({e})"))?;
        let o = v.as_object().ok_or("malformed: not a JSON object")?;
        let (Some(key), Some(value)) = (o.get("key"), o.get("value")) else {
            return Err("malformed: a record has a key and a value".into());
        };
        if o.len() != 3 {
            return Err("malformed: a record has exactly store (or derived), key and value".into());
        }
        if let Some(kind) = o.get("derived") {
            let kind = kind.as_str().ok_or("malformed: derived is not a name")?;
            let fields = spec::DERIVED
                .iter()
                .find(|(k, _)| *k == kind)
                .map(|(_, f)| *f)
                .ok_or(format!("unknown derived record {kind:?}"))?;
            if !key.is_string() {
                return Err(format!("{kind}: key is not a URL"));
            }
            let vo = value.as_object().ok_or(format!("{kind}: not an object"))?;
            convert_fields(fields, vo, Dir::ToNative).map_err(|e| format!("{kind}: {e}"))?;
            self.first_time(&format!("derived {kind} {}", canonical(key)))?;
            return Ok(None);
        }
        let store = o
            .get("store")
            .ok_or("malformed: neither store nor derived")?
            .as_str()
            .ok_or("malformed: store is not a name")?;
        let spec = spec::store(store).ok_or(format!("unknown store {store:?}"))?;
        let native =
            convert_record(spec, value, Dir::ToNative).map_err(|e| format!("{store}: {e}"))?;
        let derived = key_of(spec, &native)?;
        if &derived != key {
            return Err(format!(
                "{store}: key {} does not match the record's {}",
                canonical(key),
                canonical(&derived)
            ));
        }
        let file = convert_record(spec, &Value::Object(native.clone()), Dir::ToFile)
            .map_err(|e| format!("{store}: {e}"))?;
        self.first_time(&format!("{store} {}", canonical(key)))?;
        Ok(Some(ImportRecord {
            line: 0,
            store: spec.name,
            canonical: record_line(spec.name, key, &Value::Object(file)),
            key: derived,
            value: Value::Object(native),
        }))
    }

    fn first_time(&mut self, id: &str) -> Result<(), String> {
        if let Some(first) = self.seen.get(id) {
            return Err(format!("duplicate: the same key as line {first}"));
        }
        // Keys are checked to be short (ids, URLs, site names), so this stays small per record.
        self.seen.insert(id.to_string(), self.line);
        Ok(())
    }
}

fn read_header(bytes: &[u8]) -> Result<Header, String> {
    let not_ours =
        "not a Since Last Visit export file (its first line is not a sincelast-export header)";
    if bytes.len() > MAX_EXPORT_LINE {
        return Err(not_ours.into());
    }
    let v: Value = serde_json::from_slice(bytes).map_err(|_| not_ours.to_string())?;
    if v.get("format").and_then(Value::as_str) != Some(FORMAT) {
        return Err(not_ours.into());
    }
    match v.get("schema").and_then(Value::as_u64) {
        Some(n) if n == u64::from(SCHEMA_VERSION) => {}
        Some(n) => {
            return Err(format!(
                "schema version {n} is not supported (this version reads schema {SCHEMA_VERSION})"
            ))
        }
        None => return Err("the header has no schema version".into()),
    }
    serde_json::from_value(v).map_err(|e| format!("bad header: {e}"))
}

/// What a whole file read gives: the records to store, the lines skipped and why.
#[derive(Debug, Clone, Default, PartialEq, Serialize)]
pub struct ImportReport {
    /// The header, when the file had a valid one.
    pub header: Option<Header>,
    /// Why the whole file was refused (then nothing is imported).
    pub refused: Option<String>,
    /// The records to store, in file order.
    pub records: Vec<ImportRecord>,
    /// Derived records read (checked, not stored).
    pub derived: u64,
    /// Skipped lines: (line, reason).
    pub skipped: Vec<(usize, String)>,
}

/// Reads a whole file (lines split at `\n`): the entry point for tools and fuzzing.
pub fn read_all(bytes: &[u8]) -> ImportReport {
    let mut imp = Importer::new();
    let mut report = ImportReport::default();
    for line in bytes.split(|&b| b == b'\n') {
        match imp.feed_line(line) {
            LineOutcome::Blank => {}
            LineOutcome::Header { header } => report.header = Some(header),
            LineOutcome::Record(r) => report.records.push(r),
            LineOutcome::Derived { .. } => report.derived += 1,
            LineOutcome::Skipped { line, reason } => report.skipped.push((line, reason)),
            LineOutcome::Refused { reason, .. } => {
                report.refused = Some(reason);
                report.records.clear();
                break;
            }
        }
    }
    if report.header.is_none() && report.refused.is_none() {
        report.refused = Some("empty file: no header".into());
    }
    report
}

/// Hex of bytes (lowercase), as byte fields are written.
pub fn to_hex(bytes: &[u8]) -> String {
    const HEX: &[u8; 16] = b"0123456789abcdef";
    let mut s = String::with_capacity(bytes.len() * 2);
    for b in bytes {
        s.push(HEX[(b >> 4) as usize] as char);
        s.push(HEX[(b & 15) as usize] as char);
    }
    s
}

/// Bytes of lowercase hex, or `None` when it is not.
pub fn from_hex(s: &str) -> Option<Vec<u8>> {
    if s.len() % 2 != 0 {
        return None;
    }
    let d = |c: u8| match c {
        b'0'..=b'9' => Some(c - b'0'),
        b'a'..=b'f' => Some(c - b'a' + 10),
        _ => None,
    };
    s.as_bytes()
        .chunks(2)
        .map(|p| Some(d(p[0])? << 4 | d(p[1])?))
        .collect()
}

#[cfg(test)]
mod tests;
