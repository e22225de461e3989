//! Watch lists exported by other page watchers, read into ours.
//!
//! Three formats, recognized from their shape (written from the tools' documented export
//! formats; the fixtures in the tests are the project's own):
//!
//! | tool | file | what is read |
//! |---|---|---|
//! | **Distill** Web Monitor | `{ "data": [ { "name", "uri", "schedule", "config", … } ] }` (`schedule` an object or a JSON string `{ "type": "INTERVAL", "params": { "interval": seconds } }`) | `uri`, `name`, the interval |
//! | **Update Scanner** (Firefox) backup | `{ "id": "…updatescanner…", "version": 1, "data": { "children": [ … ] } }`, a tree of `{ "type": "PageFolder", "title", "children" }` and `{ "type": "Page", "title", "url", "scanRateMinutes", "changeThreshold", "ignoreNumbers" }` | `url`, `title`, `scanRateMinutes` (0 = manual only: imported paused), the folder as a label |
//! | **SiteDelta** Watch pages export | `[ { "url", "title", "content", "includes", "excludes", "watchDelay", … } ]` (`watchDelay` in minutes) | `url`, `title`, `watchDelay` |
//!
//! What is not carried over is said per entry ([`ImportedWatch::not_carried`]): Distill's
//! selections of parts of the page, its actions and alerts; Update Scanner's change threshold and
//! "ignore numbers" (this product learns noise instead); SiteDelta's include/exclude regions,
//! its stored content and its comparison options. Entries that cannot be watched (not http(s),
//! too long, duplicates) are listed in [`WatchImport::skipped`] with the reason.

use std::collections::HashSet;

use serde::Serialize;
use serde_json::Value;

use crate::errors::Error;
use crate::limits::{MAX_TITLE, MAX_URL};

/// Largest watch-list file read (bytes).
pub const MAX_IMPORT_BYTES: usize = 8 * 1024 * 1024;
/// Most entries read from one file.
pub const MAX_IMPORT_ENTRIES: usize = 5000;

/// One page to watch, from another tool's list.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct ImportedWatch {
    /// The page's address (http or https).
    pub url: String,
    /// Its name in the other tool, if any.
    pub title: Option<String>,
    /// The interval the other tool used, seconds (`None`: not given or automatic; ours is learned).
    pub interval_secs: Option<u64>,
    /// Imported paused (the other tool only checked it by hand).
    pub paused: bool,
    /// The folder or tags it was filed under, if any.
    pub label: Option<String>,
    /// The settings of this entry that are not carried over, in words.
    pub not_carried: Vec<String>,
}

/// An entry of the file that was not imported, and why.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Skipped {
    /// The address or name as the file gave it (cut to 200 characters).
    pub entry: String,
    /// Why, in words.
    pub reason: String,
}

/// What a watch-list file gave.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct WatchImport {
    /// `"distill"`, `"update_scanner"` or `"sitedelta"`.
    pub source: &'static str,
    /// The tool's name for people.
    pub source_name: &'static str,
    /// The pages to watch, in the file's order, without duplicates.
    pub entries: Vec<ImportedWatch>,
    /// Entries left out.
    pub skipped: Vec<Skipped>,
}

/// Reads a watch list exported by Distill, Update Scanner or SiteDelta (see the module docs).
///
/// Errors: [`Error::TooLarge`] over [`MAX_IMPORT_BYTES`]; [`Error::Empty`] for a blank file;
/// [`Error::Malformed`] when it is not JSON or not one of the three formats.
pub fn import_watch_list(text: &str) -> Result<WatchImport, Error> {
    if text.len() > MAX_IMPORT_BYTES {
        return Err(Error::TooLarge {
            size: text.len(),
            limit: MAX_IMPORT_BYTES,
        });
    }
    if text.trim().is_empty() {
        return Err(Error::Empty);
    }
    let v: Value = serde_json::from_str(text.trim_start_matches('\u{feff}'))
        .map_err(|e| Error::Malformed(format!("not a JSON file: {e}")))?;
    let mut out = Builder::default();
    let (source, source_name) = if is_update_scanner(&v) {
        update_scanner(&v["data"], None, &mut out, 0);
        ("update_scanner", "Update Scanner")
    } else if let Some(items) = distill_items(&v) {
        for item in items {
            distill(item, &mut out);
        }
        ("distill", "Distill")
    } else if let Some(items) = v.as_array().filter(|a| a.iter().any(is_sitedelta)) {
        for item in items {
            sitedelta(item, &mut out);
        }
        ("sitedelta", "SiteDelta")
    } else {
        return Err(Error::Malformed(
            "not a watch list of Distill, Update Scanner or SiteDelta".into(),
        ));
    };
    Ok(WatchImport {
        source,
        source_name,
        entries: out.entries,
        skipped: out.skipped,
    })
}

#[derive(Default)]
struct Builder {
    entries: Vec<ImportedWatch>,
    skipped: Vec<Skipped>,
    seen: HashSet<String>,
}

fn cut(s: &str, max: usize) -> String {
    if s.chars().count() <= max {
        s.to_string()
    } else {
        let mut t: String = s.chars().take(max - 1).collect();
        t.push('…');
        t
    }
}

impl Builder {
    fn push(&mut self, raw_url: Option<&str>, name: Option<&str>, mut w: ImportedWatch) {
        let shown = raw_url.or(name).unwrap_or("(no address)");
        let skip = |b: &mut Builder, reason: &str| {
            b.skipped.push(Skipped {
                entry: cut(shown, 200),
                reason: reason.to_string(),
            })
        };
        if self.entries.len() >= MAX_IMPORT_ENTRIES {
            return skip(self, &format!("more than {MAX_IMPORT_ENTRIES} entries"));
        }
        let Some(raw) = raw_url.map(str::trim).filter(|u| !u.is_empty()) else {
            return skip(self, "no address");
        };
        if raw.len() > MAX_URL {
            return skip(self, "address too long");
        }
        let Ok(mut url) = url::Url::parse(raw) else {
            return skip(self, "not a valid address");
        };
        if url.scheme() != "http" && url.scheme() != "https" {
            return skip(self, "only http and https pages can be watched");
        }
        if !url.username().is_empty() || url.password().is_some() {
            // A user name or password in the address would be sent with every check.
            let _ = url.set_username("");
            let _ = url.set_password(None);
            w.not_carried
                .push("the user name and password in the address".into());
        }
        url.set_fragment(None);
        let key = url.to_string();
        if !self.seen.insert(key.clone()) {
            return skip(self, "already in the list");
        }
        w.url = key;
        w.title = name
            .map(str::trim)
            .filter(|t| !t.is_empty())
            .map(|t| cut(t, MAX_TITLE));
        self.entries.push(w);
    }
}

fn blank() -> ImportedWatch {
    ImportedWatch {
        url: String::new(),
        title: None,
        interval_secs: None,
        paused: false,
        label: None,
        not_carried: Vec::new(),
    }
}

fn is_update_scanner(v: &Value) -> bool {
    v.get("id")
        .and_then(Value::as_str)
        .is_some_and(|id| id.to_ascii_lowercase().contains("updatescanner"))
        && v.get("data").is_some_and(Value::is_object)
}

fn update_scanner(node: &Value, folder: Option<&str>, out: &mut Builder, depth: usize) {
    let Some(children) = node.get("children").and_then(Value::as_array) else {
        return;
    };
    if depth > 64 {
        return;
    }
    for child in children {
        let title = child.get("title").and_then(Value::as_str);
        match child.get("type").and_then(Value::as_str) {
            Some("PageFolder") => {
                let label = match (folder, title) {
                    (Some(f), Some(t)) => Some(format!("{f} / {t}")),
                    (None, Some(t)) => Some(t.to_string()),
                    (f, None) => f.map(str::to_string),
                };
                update_scanner(child, label.as_deref(), out, depth + 1);
            }
            Some("Page") => {
                let mut w = blank();
                w.label = folder.map(|f| cut(f, MAX_TITLE));
                match child.get("scanRateMinutes").and_then(Value::as_f64) {
                    Some(m) if m > 0.0 => w.interval_secs = Some((m * 60.0).round() as u64),
                    Some(_) => {
                        w.paused = true;
                        w.not_carried
                            .push("manual scans only: imported paused".into());
                    }
                    None => {}
                }
                if let Some(t) = child.get("changeThreshold").and_then(Value::as_f64) {
                    w.not_carried.push(format!(
                        "the change threshold ({t} characters): noise is learned instead"
                    ));
                }
                if child.get("ignoreNumbers").and_then(Value::as_bool) == Some(true) {
                    w.not_carried.push(
                        "\"ignore numbers\": counters and clocks are recognized instead".into(),
                    );
                }
                if child
                    .get("encoding")
                    .and_then(Value::as_str)
                    .is_some_and(|e| !e.eq_ignore_ascii_case("auto"))
                {
                    w.not_carried.push("the forced character encoding".into());
                }
                out.push(child.get("url").and_then(Value::as_str), title, w);
            }
            _ => out.skipped.push(Skipped {
                entry: cut(title.unwrap_or("(unknown item)"), 200),
                reason: "not a page or a folder".into(),
            }),
        }
    }
}

fn distill_items(v: &Value) -> Option<&Vec<Value>> {
    let items = match v {
        Value::Object(o) => o.get("data").or_else(|| o.get("sieves"))?.as_array()?,
        Value::Array(a) => a,
        _ => return None,
    };
    items
        .iter()
        .any(|i| i.get("uri").is_some())
        .then_some(items)
}

/// A Distill field that may be an object or a JSON string of one.
fn object_or_json(v: Option<&Value>) -> Option<Value> {
    match v? {
        Value::String(s) => serde_json::from_str(s).ok(),
        o @ Value::Object(_) => Some(o.clone()),
        _ => None,
    }
}

fn distill(item: &Value, out: &mut Builder) {
    let mut w = blank();
    if let Some(schedule) = object_or_json(item.get("schedule")) {
        let kind = schedule.get("type").and_then(Value::as_str).unwrap_or("");
        let interval = schedule
            .get("params")
            .and_then(|p| p.get("interval"))
            .and_then(Value::as_f64);
        match (kind.to_ascii_uppercase().as_str(), interval) {
            ("INTERVAL", Some(s)) if s > 0.0 => w.interval_secs = Some(s.round() as u64),
            ("LIVE", _) => w.not_carried.push("live (continuous) checking".into()),
            _ => w
                .not_carried
                .push(format!("the schedule of type \"{}\"", cut(kind, 40))),
        }
    }
    if let Some(config) = object_or_json(item.get("config")) {
        let parts = config
            .get("selections")
            .and_then(Value::as_array)
            .map_or(0, Vec::len);
        if parts > 0 {
            w.not_carried.push(
                "the selected parts of the page: the whole page is watched, templates and noise left out"
                    .into(),
            );
        }
    }
    if item.get("actions").is_some_and(|a| !a.is_null()) {
        w.not_carried.push("actions and alerts".into());
    }
    if let Some(tags) = item
        .get("tags")
        .and_then(Value::as_str)
        .filter(|t| !t.is_empty())
    {
        w.label = Some(cut(tags, MAX_TITLE));
    }
    if item
        .get("content_type")
        .and_then(Value::as_i64)
        .is_some_and(|t| t != 1 && t != 2)
    {
        w.not_carried
            .push("the content type (only HTML pages are read)".into());
    }
    out.push(
        item.get("uri").and_then(Value::as_str),
        item.get("name").and_then(Value::as_str),
        w,
    );
}

fn is_sitedelta(v: &Value) -> bool {
    v.get("url").is_some()
        && [
            "content",
            "watchDelay",
            "includes",
            "excludes",
            "checkDeleted",
        ]
        .iter()
        .any(|k| v.get(k).is_some())
}

fn sitedelta(item: &Value, out: &mut Builder) {
    let mut w = blank();
    match item.get("watchDelay").and_then(Value::as_f64) {
        Some(m) if m > 0.0 => w.interval_secs = Some((m * 60.0).round() as u64),
        Some(_) => w
            .not_carried
            .push("the automatic delay: ours is learned".into()),
        None => {}
    }
    let regions = ["includes", "excludes"]
        .iter()
        .filter_map(|k| item.get(*k).and_then(Value::as_array))
        .map(Vec::len)
        .sum::<usize>();
    if regions > 0 {
        w.not_carried.push(
            "the include/exclude regions: the whole page is watched, templates and noise left out"
                .into(),
        );
    }
    if item
        .get("content")
        .and_then(Value::as_str)
        .is_some_and(|c| !c.is_empty())
    {
        w.not_carried
            .push("the stored content: the first check takes the page as it is now".into());
    }
    let options: Vec<&str> = ["checkDeleted", "scanImages", "ignoreCase", "ignoreNumbers"]
        .into_iter()
        .filter(|k| item.get(*k).is_some())
        .collect();
    if !options.is_empty() {
        w.not_carried
            .push(format!("the comparison options ({})", options.join(", ")));
    }
    out.push(
        item.get("url").and_then(Value::as_str),
        item.get("title").and_then(Value::as_str),
        w,
    );
}

#[cfg(test)]
mod tests {
    use super::*;

    const FIXTURES: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/../../tests/watch-import");

    fn read(name: &str) -> String {
        std::fs::read_to_string(format!("{FIXTURES}/{name}")).unwrap()
    }

    #[test]
    fn distill_export() {
        let got = import_watch_list(&read("distill.json")).unwrap();
        assert_eq!(got.source, "distill");
        let urls: Vec<&str> = got.entries.iter().map(|e| e.url.as_str()).collect();
        assert_eq!(
            urls,
            [
                "https://example.org/prices",
                "https://news.example.com/",
                "http://example.net/jobs?page=1"
            ]
        );
        assert_eq!(got.entries[0].interval_secs, Some(1800));
        assert_eq!(got.entries[0].title.as_deref(), Some("Prices"));
        assert!(got.entries[0].not_carried[0].starts_with("the selected parts"));
        assert_eq!(got.entries[1].interval_secs, Some(86_400)); // schedule as an object
        assert_eq!(got.entries[1].label.as_deref(), Some("news"));
        assert_eq!(got.entries[2].interval_secs, None);
        assert!(got.entries[2]
            .not_carried
            .iter()
            .any(|n| n.contains("LIVE") || n.contains("live")));
        assert_eq!(got.skipped.len(), 2);
        assert_eq!(
            got.skipped[0].reason,
            "only http and https pages can be watched"
        );
        assert_eq!(got.skipped[1].reason, "already in the list");
    }

    #[test]
    fn update_scanner_backup() {
        let got = import_watch_list(&read("update-scanner.json")).unwrap();
        assert_eq!(got.source, "update_scanner");
        let e = &got.entries;
        assert_eq!(e.len(), 3);
        assert_eq!(e[0].url, "https://www.example.org/changelog");
        assert_eq!(e[0].interval_secs, Some(86_400));
        assert_eq!(e[0].label, None);
        assert!(e[0].not_carried[0].starts_with("the change threshold (100 characters)"));
        assert_eq!(e[1].url, "https://shop.example.com/item/42");
        assert_eq!(e[1].label.as_deref(), Some("Shopping"));
        assert_eq!(e[1].interval_secs, Some(360 * 60));
        assert_eq!(e[2].label.as_deref(), Some("Shopping / Old"));
        assert!(e[2].paused);
        assert_eq!(e[2].url, "https://old.example.com/"); // credentials removed
        assert!(e[2].not_carried.iter().any(|n| n.contains("password")));
        assert_eq!(got.skipped.len(), 1);
        assert_eq!(got.skipped[0].reason, "not a valid address");
    }

    #[test]
    fn sitedelta_export() {
        let got = import_watch_list(&read("sitedelta.json")).unwrap();
        assert_eq!(got.source, "sitedelta");
        let e = &got.entries;
        assert_eq!(e.len(), 2);
        assert_eq!(e[0].url, "https://www.example.de/termine");
        assert_eq!(e[0].interval_secs, Some(1440 * 60));
        assert!(e[0]
            .not_carried
            .iter()
            .any(|n| n.starts_with("the include/exclude regions")));
        assert!(e[0]
            .not_carried
            .iter()
            .any(|n| n.starts_with("the stored content")));
        assert_eq!(e[1].interval_secs, None);
        assert!(e[1]
            .not_carried
            .iter()
            .any(|n| n.starts_with("the automatic delay")));
        assert_eq!(
            got.skipped[0].reason,
            "only http and https pages can be watched"
        );
    }

    #[test]
    fn bad_files_get_clear_errors() {
        assert_eq!(import_watch_list("").unwrap_err().kind(), "empty");
        assert_eq!(import_watch_list("{nope").unwrap_err().kind(), "bad_input");
        assert_eq!(
            import_watch_list("{\"a\":1}").unwrap_err().kind(),
            "bad_input"
        );
        assert_eq!(import_watch_list("[1,2]").unwrap_err().kind(), "bad_input");
        let big = " ".repeat(MAX_IMPORT_BYTES + 1);
        assert_eq!(import_watch_list(&big).unwrap_err().kind(), "too_large");
    }
}
