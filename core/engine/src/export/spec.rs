//! The stores of an export file and the shape of their records: one [`StoreSpec`] per store,
//! listed in [`STORES`] in the order a file writes them. A store added later is one more entry
//! (its fields, its key, its site field) — the reader and the writer need nothing else.
//!
//! Each field has a [`Ty`]: it is checked on the way out (what IndexedDB holds, "native") and
//! on the way in (what the file holds), and converted between the two. Binary fields cross the
//! JavaScript boundary as `{"$bytes": "<lowercase hex>"}` (see [`BYTES_TAG`]).

use serde_json::{Map, Value};

use crate::limits::{
    MAX_BLOCK_TEXT, MAX_CORE_BLOCKS, MAX_FLIP_PATHS, MAX_LINK, MAX_LINKS_PER_BLOCK, MAX_PATH,
    MAX_RULE_LABEL, MAX_SITE, MAX_SITES, MAX_TEXT_BYTES, MAX_TITLE, MAX_URL,
};

/// The tag of a byte string in a native record at the JavaScript boundary:
/// `{"$bytes": "0a1b…"}` (lowercase hex) stands for a `Uint8Array`.
pub const BYTES_TAG: &str = "$bytes";

/// Largest integer a JavaScript number holds exactly.
const SAFE_INT: i64 = (1 << 53) - 1;

/// The type of one field.
#[derive(Debug, Clone, Copy)]
pub enum Ty {
    /// A string of at most this many characters.
    Str(usize),
    /// An integer in `[min, max]`.
    Int(i64, i64),
    /// `true` or `false`.
    Bool,
    /// `null` or the inner type.
    Nullable(&'static Ty),
    /// An array of at most this many items of the inner type.
    List(&'static Ty, usize),
    /// An object with exactly these fields (unknown fields refused).
    Obj(&'static [Field]),
    /// Block ids (16 lowercase hex digits each): natively 8 bytes each (or, in lists stored
    /// before packing, an array of the hex strings); in the file an array of the hex strings.
    Ids,
    /// A byte string whose length is a multiple of the unit: in the file lowercase hex.
    Hex(usize),
    /// A block id or content address: 16 lowercase hex digits.
    Id,
    /// Any JSON value of the store's own check (see [`StoreSpec::check`]).
    Json,
}

/// One field of a record.
#[derive(Debug, Clone, Copy)]
pub struct Field {
    /// Its name (as stored; the file uses the same).
    pub name: &'static str,
    /// Its type.
    pub ty: Ty,
    /// Whether a record must have it (an optional field absent stays absent).
    pub required: bool,
}

const fn req(name: &'static str, ty: Ty) -> Field {
    Field {
        name,
        ty,
        required: true,
    }
}
const fn opt(name: &'static str, ty: Ty) -> Field {
    Field {
        name,
        ty,
        required: false,
    }
}

/// How a record's key is made from its fields (the store's IndexedDB key path).
#[derive(Debug, Clone, Copy)]
pub enum Key {
    /// One field.
    Field(&'static str),
    /// Two fields, as an array `[a, b]`.
    Pair(&'static str, &'static str),
    /// One record under a fixed key (settings).
    Fixed(&'static str),
}

/// A filter's reach over a store.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Reach {
    /// Visits: by time and site.
    Visits,
    /// Pages: kept when a visit of theirs was kept (and rewritten to their last kept visit).
    Pages,
    /// Content-addressed stores kept when a kept record refers to them.
    Referenced,
    /// Kept when the record's `site` field matches the filter's site.
    Site,
    /// Always kept.
    Always,
}

/// A further check of a whole record.
pub type RecordCheck = fn(&Map<String, Value>) -> Result<(), String>;

/// One store of an export file.
#[derive(Debug, Clone, Copy)]
pub struct StoreSpec {
    /// The store's name (the IndexedDB object store, or `settings`).
    pub name: &'static str,
    /// Its key.
    pub key: Key,
    /// Its fields.
    pub fields: &'static [Field],
    /// How a filter selects its records.
    pub reach: Reach,
    /// A further check of a whole native record (after the field checks).
    pub check: Option<RecordCheck>,
}

const SAFE: Ty = Ty::Int(0, SAFE_INT);
const TIME: Ty = Ty::Int(-SAFE_INT, SAFE_INT);
const URL: Ty = Ty::Str(MAX_URL);
const SITE: Ty = Ty::Str(MAX_SITE);
const TITLE: Ty = Ty::Str(MAX_TITLE);
const COUNT: Ty = Ty::Int(0, SAFE_INT);
const LINK: Ty = Ty::Str(MAX_LINK);
const LINKS: Ty = Ty::List(&LINK, MAX_LINKS_PER_BLOCK);
// A front-coded path: `<n>|<rest>`.
const CODED_PATH: Ty = Ty::Str(MAX_PATH + 8);
const TYPE_PATH: Ty = Ty::Str(MAX_PATH);
const CODED_PATHS: Ty = Ty::List(&CODED_PATH, MAX_CORE_BLOCKS);
const TYPE_PATHS: Ty = Ty::List(&TYPE_PATH, MAX_CORE_BLOCKS);
const NULLABLE_TYPE_PATHS: Ty = Ty::Nullable(&TYPE_PATHS);

const SUMMARY_FIELDS: &[Field] = &[
    opt("new", COUNT),
    opt("changed", COUNT),
    opt("moved", COUNT),
    opt("removed", COUNT),
    opt("unchanged", COUNT),
    opt("approximate", Ty::Bool),
    opt("words_added", COUNT),
    opt("words_removed", COUNT),
    opt("words_moved", COUNT),
    opt("meaningful", COUNT),
    opt("meaningful_removed", COUNT),
    opt("not_loaded", Ty::Bool),
    opt("noise", COUNT),
    opt("template", COUNT),
];
const SUMMARY: Ty = Ty::Obj(SUMMARY_FIELDS);
const NULLABLE_SUMMARY: Ty = Ty::Nullable(&SUMMARY);
const NULLABLE_TITLE: Ty = Ty::Nullable(&TITLE);

const FLIP_FIELDS: &[Field] = &[
    req("path", TYPE_PATH),
    req("ids", Ty::Hex(8)),
    opt("held", Ty::Int(0, u32::MAX as i64)),
    opt("since", TIME),
    opt("states", Ty::Hex(8)),
];
const FLIP: Ty = Ty::Obj(FLIP_FIELDS);
const SITE_NAMES: Ty = Ty::List(&SITE, MAX_SITES);

/// Why a visit showed a change a learned rule looked at ("kept because …"): the kept kind and
/// its evidence, as the core's `Kept` (extension/background/db.js keptOf).
const KEPT_WHY_FIELDS: &[Field] = &[
    req("type", Ty::Str(16)),
    opt("words", Ty::List(&Ty::Str(64), 32)),
    opt("visits", Ty::Int(0, u32::MAX as i64)),
    opt("phrase", Ty::Str(128)),
];
/// One kept change of a visit: the block's index in the version, the rule it looked like.
const KEPT_FIELDS: &[Field] = &[
    req("i", Ty::Int(0, MAX_CORE_BLOCKS as i64)),
    opt("rule", Ty::Nullable(&Ty::Str(64))),
    opt("label", Ty::Nullable(&Ty::Str(256))),
    req("kept", Ty::Obj(KEPT_WHY_FIELDS)),
];
/// At most this many per visit (extension/background/db.js MAX_KEPT).
pub const MAX_KEPT: usize = 256;

/// Every store, in the order a file writes them. Visits come first so that a filtered export
/// knows which pages, lists, pathsets and blocks it keeps before it meets them.
pub const STORES: &[StoreSpec] = &[
    StoreSpec {
        name: "visits",
        key: Key::Field("id"),
        fields: &[
            req("id", Ty::Int(1, SAFE_INT)),
            req("url", URL),
            req("site", SITE),
            req("time", TIME),
            opt("title", NULLABLE_TITLE),
            req("listId", Ty::Id),
            req("pathsetId", Ty::Id),
            opt("summary", NULLABLE_SUMMARY),
            opt("truncated", Ty::Bool),
            // A background check of a watched page ("checked"); absent: a visit the person saw.
            opt("kind", Ty::Str(16)),
            // The changes shown though a learned rule looked at them, and why.
            opt("kept", Ty::List(&Ty::Obj(KEPT_FIELDS), MAX_KEPT)),
        ],
        reach: Reach::Visits,
        check: None,
    },
    StoreSpec {
        name: "pages",
        key: Key::Field("url"),
        fields: &[
            req("url", URL),
            req("site", SITE),
            opt("title", NULLABLE_TITLE),
            req("lastVisitId", Ty::Int(1, SAFE_INT)),
            req("lastTime", TIME),
            req("visits", COUNT),
            // The last version the person saw, when the last one is a background check.
            opt("seenVisitId", Ty::Int(1, SAFE_INT)),
        ],
        reach: Reach::Pages,
        check: None,
    },
    StoreSpec {
        name: "lists",
        key: Key::Field("id"),
        fields: &[req("id", Ty::Id), req("ids", Ty::Ids)],
        reach: Reach::Referenced,
        check: None,
    },
    StoreSpec {
        name: "pathsets",
        key: Key::Field("id"),
        fields: &[
            req("id", Ty::Id),
            req("paths", CODED_PATHS),
            opt("typePaths", NULLABLE_TYPE_PATHS),
        ],
        reach: Reach::Referenced,
        check: None,
    },
    StoreSpec {
        name: "blocks",
        key: Key::Field("id"),
        fields: &[
            req("id", Ty::Id),
            req("text", Ty::Str(MAX_BLOCK_TEXT)),
            opt("links", LINKS),
        ],
        reach: Reach::Referenced,
        check: Some(check_block),
    },
    StoreSpec {
        name: "sitePages",
        key: Key::Pair("site", "url"),
        fields: &[
            req("site", SITE),
            req("url", URL),
            req("seq", SAFE),
            req("version", Ty::Int(0, u32::MAX as i64)),
            req("dom", Ty::Hex(4)),
            req("text", Ty::Hex(4)),
            opt("flips", Ty::List(&FLIP, MAX_FLIP_PATHS)),
            opt("arrived", Ty::Hex(8)),
            opt("kept", Ty::Hex(8)),
        ],
        reach: Reach::Site,
        check: None,
    },
    StoreSpec {
        name: "rules",
        key: Key::Pair("site", "id"),
        fields: &[
            req("site", SITE),
            req("id", Ty::Str(64)),
            req("rule", Ty::Json),
            req("learned_from", Ty::Str(32)),
            req("hits", Ty::Int(0, u32::MAX as i64)),
            req("label", Ty::Str(MAX_RULE_LABEL + 1)),
            opt("removed", Ty::Bool),
            opt("vocabulary", Ty::Json),
            opt("evidence", Ty::Json),
        ],
        reach: Reach::Site,
        check: Some(check_rule),
    },
    StoreSpec {
        name: "sites",
        key: Key::Field("site"),
        fields: &[
            req("site", SITE),
            req("model", Ty::Str(MAX_TEXT_BYTES)),
            opt("time", TIME),
            opt("removed", Ty::List(&Ty::Str(64), 100_000)),
        ],
        reach: Reach::Site,
        check: None,
    },
    // The watch list (extension/background/watch.js): one record per watched page; its checks
    // and learned plan as the background keeps them.
    StoreSpec {
        name: "watches",
        key: Key::Field("url"),
        fields: &[
            req("url", URL),
            req("site", SITE),
            opt("title", Ty::Json),
            opt("added", TIME),
            opt("paused", Ty::Bool),
            opt("cookies", Ty::Bool),
            opt("checks", Ty::Json),
            opt("plan", Ty::Json),
            opt("nextTime", TIME),
            opt("lastCheck", Ty::Json),
            opt("lastChange", Ty::Json),
            opt("lastSeen", Ty::Json),
            opt("status", Ty::Str(64)),
            opt("statusText", Ty::Str(1024)),
            opt("unseen", COUNT),
            opt("checksSinceSeen", COUNT),
            opt("importedInterval", Ty::Json),
            opt("source", Ty::Json),
            opt("notCarried", Ty::Json),
            opt("label", Ty::Json),
        ],
        reach: Reach::Site,
        check: None,
    },
    // The visited link graph (extension/background/links.js): each visited page's links and
    // the ones seen appearing on it; when each page was first seen.
    StoreSpec {
        name: "linkPages",
        key: Key::Field("url"),
        fields: &[
            req("url", URL),
            req("site", SITE),
            req("time", TIME),
            req("visits", COUNT),
            req("links", Ty::List(&LINK, 100_000)),
            opt("certain", Ty::Json),
        ],
        reach: Reach::Site,
        check: None,
    },
    StoreSpec {
        name: "linkSeen",
        key: Key::Field("url"),
        fields: &[req("url", LINK), req("time", TIME), opt("via", Ty::Json)],
        reach: Reach::Always,
        check: None,
    },
    StoreSpec {
        name: "settings",
        key: Key::Fixed("settings"),
        fields: &[
            req("excludedSites", SITE_NAMES),
            req("retentionDays", Ty::Int(1, 3650)),
            // Sites never recorded (a default list the person can edit).
            opt("sensitiveSites", SITE_NAMES),
        ],
        reach: Reach::Always,
        check: None,
    },
];

/// The derived record kinds a file may hold after the stores (computed on export, checked and
/// not stored on import).
pub const DERIVED: &[(&str, &[Field])] = &[("pageStats", PAGE_STATS_FIELDS)];

/// Fields of a `pageStats` derived record (key: the page's URL).
pub const PAGE_STATS_FIELDS: &[Field] = &[
    req("site", SITE),
    req("visits", COUNT),
    req("firstTime", TIME),
    req("lastTime", TIME),
    req("changedVisits", COUNT),
    req("meaningful", COUNT),
];

// Blocks are content-addressed: a block whose id is not its text's is not one the extension
// stored (and would stand for another text in every list naming it).
fn check_block(rec: &Map<String, Value>) -> Result<(), String> {
    let text = rec.get("text").and_then(Value::as_str).unwrap_or_default();
    match rec.get("id").and_then(Value::as_str) {
        Some(id) if id == crate::hash::block_id(text) => Ok(()),
        _ => Err("id: not the id of the block's text".into()),
    }
}

fn check_rule(rec: &Map<String, Value>) -> Result<(), String> {
    let mut plain = rec.clone();
    plain.remove("site");
    serde_json::from_value::<crate::classify::noise::NoiseRule>(Value::Object(plain))
        .map(|_| ())
        .map_err(|e| format!("not a rule record: {e}"))
}

/// The spec of a store by name.
pub fn store(name: &str) -> Option<&'static StoreSpec> {
    STORES.iter().find(|s| s.name == name)
}

/// Which way a value is converted.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Dir {
    /// From a native record (IndexedDB, with tagged bytes) to the file's form.
    ToFile,
    /// From the file's form to a native record.
    ToNative,
}

fn is_hex(s: &str) -> bool {
    s.bytes()
        .all(|b| b.is_ascii_digit() || (b'a'..=b'f').contains(&b))
}

fn tagged_bytes(v: &Value) -> Option<&str> {
    let o = v.as_object()?;
    if o.len() != 1 {
        return None;
    }
    o.get(BYTES_TAG)?.as_str()
}

fn tag(hex: String) -> Value {
    let mut m = Map::new();
    m.insert(BYTES_TAG.to_string(), Value::String(hex));
    Value::Object(m)
}

/// Converts (and checks) one value of type `ty`.
pub fn convert(ty: &Ty, v: &Value, dir: Dir) -> Result<Value, String> {
    match *ty {
        Ty::Str(max) => match v.as_str() {
            Some(s) if s.chars().count() <= max => Ok(v.clone()),
            Some(_) => Err(format!("a string longer than {max} characters")),
            None => Err("not a string".into()),
        },
        Ty::Int(min, max) => match v.as_i64() {
            Some(n) if (min..=max).contains(&n) => Ok(v.clone()),
            Some(n) => Err(format!("{n} is out of range {min}..={max}")),
            None => Err("not an integer".into()),
        },
        Ty::Bool => match v {
            Value::Bool(_) => Ok(v.clone()),
            _ => Err("not true or false".into()),
        },
        Ty::Nullable(inner) => match v {
            Value::Null => Ok(Value::Null),
            _ => convert(inner, v, dir),
        },
        Ty::List(inner, max) => {
            let a = v.as_array().ok_or("not an array")?;
            if a.len() > max {
                return Err(format!("more than {max} items"));
            }
            a.iter()
                .enumerate()
                .map(|(i, x)| convert(inner, x, dir).map_err(|e| format!("[{i}]: {e}")))
                .collect::<Result<Vec<_>, _>>()
                .map(Value::Array)
        }
        Ty::Obj(fields) => {
            let o = v.as_object().ok_or("not an object")?;
            convert_fields(fields, o, dir).map(Value::Object)
        }
        Ty::Id => match v.as_str() {
            Some(s) if s.len() == 16 && is_hex(s) => Ok(v.clone()),
            _ => Err("not an id (16 lowercase hex digits)".into()),
        },
        Ty::Ids => {
            let ids: Vec<String> = match (dir, v) {
                (Dir::ToFile, _) if tagged_bytes(v).is_some() => {
                    let hex = tagged_bytes(v).unwrap_or_default();
                    if hex.len() % 16 != 0 || !is_hex(hex) {
                        return Err("packed ids: not 8 bytes per id".into());
                    }
                    (0..hex.len() / 16)
                        .map(|i| hex[i * 16..i * 16 + 16].to_string())
                        .collect()
                }
                (_, Value::Array(a)) => {
                    let mut out = Vec::with_capacity(a.len());
                    for (i, x) in a.iter().enumerate() {
                        match x.as_str() {
                            Some(s) if s.len() == 16 && is_hex(s) => out.push(s.to_string()),
                            _ => return Err(format!("[{i}]: not an id (16 lowercase hex digits)")),
                        }
                    }
                    out
                }
                _ => return Err("not a list of ids".into()),
            };
            if ids.len() > MAX_CORE_BLOCKS {
                return Err(format!("more than {MAX_CORE_BLOCKS} ids"));
            }
            Ok(match dir {
                Dir::ToFile => Value::Array(ids.into_iter().map(Value::String).collect()),
                Dir::ToNative => tag(ids.concat()),
            })
        }
        Ty::Hex(unit) => {
            let hex = match dir {
                Dir::ToFile => tagged_bytes(v).ok_or("not bytes")?,
                Dir::ToNative => v.as_str().ok_or("not a hex string")?,
            };
            if hex.len() % (2 * unit) != 0 || !is_hex(hex) {
                return Err(format!("not lowercase hex of {unit}-byte units"));
            }
            if hex.len() > 2 * MAX_TEXT_BYTES {
                return Err("too many bytes".into());
            }
            Ok(match dir {
                Dir::ToFile => Value::String(hex.to_string()),
                Dir::ToNative => tag(hex.to_string()),
            })
        }
        Ty::Json => Ok(v.clone()),
    }
}

/// Converts (and checks) an object's fields: every required field present, no unknown field.
pub fn convert_fields(
    fields: &[Field],
    o: &Map<String, Value>,
    dir: Dir,
) -> Result<Map<String, Value>, String> {
    let mut out = Map::new();
    for f in fields {
        match o.get(f.name) {
            Some(v) => {
                let c = convert(&f.ty, v, dir).map_err(|e| format!("{}: {e}", f.name))?;
                out.insert(f.name.to_string(), c);
            }
            None if f.required => return Err(format!("{}: missing", f.name)),
            None => {}
        }
    }
    if let Some(k) = o
        .keys()
        .find(|k| !fields.iter().any(|f| f.name == k.as_str()))
    {
        return Err(format!("unknown field {k:?}"));
    }
    Ok(out)
}

/// The key of a record (native or file form: key fields are the same in both).
pub fn key_of(spec: &StoreSpec, rec: &Map<String, Value>) -> Result<Value, String> {
    let get = |f: &str| rec.get(f).cloned().ok_or(format!("{f}: missing"));
    Ok(match spec.key {
        Key::Field(f) => get(f)?,
        Key::Pair(a, b) => Value::Array(vec![get(a)?, get(b)?]),
        Key::Fixed(k) => Value::String(k.to_string()),
    })
}

/// Checks a whole record of `spec` and converts it.
pub fn convert_record(spec: &StoreSpec, v: &Value, dir: Dir) -> Result<Map<String, Value>, String> {
    let o = v.as_object().ok_or("not an object")?;
    let out = convert_fields(spec.fields, o, dir)?;
    if let Some(check) = spec.check {
        check(&out)?;
    }
    Ok(out)
}
