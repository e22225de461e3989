//! `sincelast export` and `sincelast import`: a history folder (as `diff --history` reads it)
//! turned into the extension's export file, and an export file turned into a history folder
//! with a table of visits, through the core's [`sincelast_core::export`].
//!
//! `export DIR -o FILE [--site HOST]`: every version of every page below DIR, oldest first, is
//! one visit of `https://HOST/<page>` (the same analysis as `diff --history`: the site learns
//! as the versions come). The file holds the visits, pages, block lists, paths, blocks, and
//! the site's template pages and learned rules, as the extension stores them: the extension
//! imports it (Settings → Import).
//!
//! `import FILE -o DIR`: every visit of the file becomes one HTML file
//! `DIR/<host>/<path>/<YYYYmmddTHHMMSSZ>_<visit id>.html` (its blocks in order, one paragraph
//! each; `diff --history DIR` and `templates DIR` read it), and `DIR/visits.csv` the table of
//! visits. Lines the reader skips are listed on stderr with their reasons; a file the reader
//! refuses (not an export file, another schema version) is an error.

use std::collections::BTreeMap;
use std::path::Path;

use serde_json::{json, Map, Value};
use sincelast_core::block::type_path_of;
use sincelast_core::classify::site::{PageRecord, SiteState};
use sincelast_core::export::{self, to_hex, Exporter, Filter};
use sincelast_core::visit::{visit, Version, VisitInput};
use sincelast_core::Page;

use crate::{history, input, render};

fn bytes(hex: String) -> Value {
    json!({ export::spec::BYTES_TAG: hex })
}

fn le32(v: &[u32]) -> String {
    to_hex(&v.iter().flat_map(|x| x.to_le_bytes()).collect::<Vec<u8>>())
}

fn page_record(site: &str, p: &PageRecord) -> Value {
    let flips: Vec<Value> = p
        .flips
        .iter()
        .map(|f| {
            let ids: Vec<u8> = f.ids.iter().flat_map(|x| x.to_le_bytes()).collect();
            let mut v = json!({ "path": f.path, "ids": bytes(to_hex(&ids)) });
            if f.held > 0 {
                v["held"] = json!(f.held);
            }
            if let Some(t) = f.since {
                v["since"] = json!(t);
            }
            if !f.states.is_empty() {
                let states: Vec<u8> = f.states.iter().flat_map(|x| x.to_le_bytes()).collect();
                v["states"] = bytes(to_hex(&states));
            }
            v
        })
        .collect();
    json!({ "site": site, "url": p.url, "seq": p.seq, "version": p.version,
            "dom": bytes(le32(&p.dom)), "text": bytes(le32(&p.text)), "flips": flips })
}

/// Front coding of paths as the extension stores them (shared/wire.js `encodePaths`): each as
/// `<n>|<rest>`, n the UTF-16 units it shares with the path before it.
pub fn encode_paths(paths: &[&str]) -> Vec<String> {
    let mut prev: Vec<u16> = Vec::new();
    paths
        .iter()
        .map(|p| {
            let units: Vec<u16> = p.encode_utf16().collect();
            let mut n = 0;
            while n < units.len().min(prev.len()) && units[n] == prev[n] {
                n += 1;
            }
            // A shared prefix never ends inside a surrogate pair of this path.
            while n > 0 && n < units.len() && (0xDC00..0xE000).contains(&units[n]) {
                n -= 1;
            }
            let rest = String::from_utf16_lossy(&units[n..]);
            prev = units;
            format!("{n}|{rest}")
        })
        .collect()
}

/// The paths of [`encode_paths`] back (`None` on a bad coding).
pub fn decode_paths(coded: &[String]) -> Option<Vec<String>> {
    let mut prev: Vec<u16> = Vec::new();
    let mut out = Vec::with_capacity(coded.len());
    for c in coded {
        let (n, rest) = c.split_once('|')?;
        let n: usize = n.parse().ok()?;
        if n > prev.len() {
            return None;
        }
        prev.truncate(n);
        prev.extend(rest.encode_utf16());
        out.push(String::from_utf16_lossy(&prev));
    }
    Some(out)
}

/// `sincelast export`: the export file's text and a one-line summary.
pub fn export_dir(dir: &Path, site: &str, created: i64) -> Result<(String, String), String> {
    let versions = history::scan(dir)?;
    let mut state = SiteState::new();
    let mut last: BTreeMap<String, (i64, Page, u64)> = BTreeMap::new();
    let mut visits: Vec<Value> = Vec::new();
    let mut pages: BTreeMap<String, Value> = BTreeMap::new();
    let mut lists: BTreeMap<String, Value> = BTreeMap::new();
    let mut pathsets: BTreeMap<String, Value> = BTreeMap::new();
    let mut blocks: BTreeMap<String, Value> = BTreeMap::new();
    let mut site_pages: BTreeMap<String, Value> = BTreeMap::new();
    let mut rules: BTreeMap<String, Value> = BTreeMap::new();
    for v in &versions {
        let page = match input::load_page(&v.path, None) {
            Ok(p) => p,
            Err(e) => {
                eprintln!("sincelast: skipping {}", render::terminal_safe(&e));
                continue;
            }
        };
        let url = format!("https://{site}/{}", v.page);
        let previous = last.get(&url).map(|(t, p, _)| Version {
            time: Some(*t),
            blocks: &p.blocks,
        });
        let outcome = visit(
            &VisitInput {
                url: &url,
                previous,
                current: Version {
                    time: Some(v.time),
                    blocks: &page.blocks,
                },
            },
            &mut state,
        );
        let id = visits.len() as u64 + 1;
        let time = v.time * 1000;
        let title = page.title.clone().unwrap_or_default();
        visits.push(json!({
            "id": id, "url": url, "site": site, "time": time, "title": title,
            "listId": outcome.list_id, "pathsetId": outcome.pathset_id,
            "summary": outcome.summary, "truncated": page.truncated,
        }));
        let count = last.get(&url).map_or(0, |(_, _, n)| *n) + 1;
        pages.insert(
            url.clone(),
            json!({ "url": url, "site": site, "title": title, "lastVisitId": id,
                    "lastTime": time, "visits": count }),
        );
        lists.insert(
            outcome.list_id.clone(),
            json!({ "id": outcome.list_id, "ids": outcome.ids }),
        );
        let paths: Vec<&str> = page.blocks.iter().map(|b| b.path.as_str()).collect();
        let derivable = page
            .blocks
            .iter()
            .all(|b| b.type_path == type_path_of(&b.path));
        let type_paths: Value = if derivable {
            Value::Null
        } else {
            json!(page.blocks.iter().map(|b| &b.type_path).collect::<Vec<_>>())
        };
        pathsets.insert(
            outcome.pathset_id.clone(),
            json!({ "id": outcome.pathset_id, "paths": encode_paths(&paths), "typePaths": type_paths }),
        );
        for (b, bid) in page.blocks.iter().zip(&outcome.ids) {
            let mut rec = Map::new();
            rec.insert("id".into(), json!(bid));
            rec.insert("text".into(), json!(b.text));
            if !b.links.is_empty() {
                rec.insert("links".into(), json!(b.links));
            }
            blocks.insert(bid.clone(), Value::Object(rec));
        }
        for p in &outcome.updates.pages_put {
            site_pages.insert(p.url.clone(), page_record(site, p));
        }
        for u in &outcome.updates.pages_deleted {
            site_pages.remove(u);
        }
        for r in &outcome.updates.rules_put {
            let mut v = serde_json::to_value(r).map_err(|e| e.to_string())?;
            v["site"] = json!(site);
            rules.insert(r.id.clone(), v);
        }
        for r in &outcome.updates.rules_deleted {
            rules.remove(r);
        }
        last.insert(url, (v.time, page, count));
    }
    let mut ex = Exporter::new(Filter::default());
    let mut out = ex.header_line(created);
    let stores: [(&str, Vec<&Value>); 7] = [
        ("visits", visits.iter().collect()),
        ("pages", pages.values().collect()),
        ("lists", lists.values().collect()),
        ("pathsets", pathsets.values().collect()),
        ("blocks", blocks.values().collect()),
        ("sitePages", site_pages.values().collect()),
        ("rules", rules.values().collect()),
    ];
    for (store, records) in stores {
        for r in records {
            if let Some((line, _)) = ex.add(store, r)? {
                out.push_str(&line);
            }
        }
    }
    let (derived, summary) = ex.finish();
    out.push_str(&derived);
    for u in &summary.unexported {
        eprintln!(
            "sincelast: left out {} {}: {}",
            u.store,
            render::terminal_safe(&u.key),
            render::terminal_safe(&u.reason)
        );
    }
    let n = |s: &str| summary.written.get(s).copied().unwrap_or(0);
    Ok((
        out,
        format!(
            "{} visits of {} pages, {} blocks, {} site pages, {} rules\n",
            n("visits"),
            n("pages"),
            n("blocks"),
            n("sitePages"),
            n("rules")
        ),
    ))
}

fn safe_segment(s: &str) -> String {
    let mut out: String = s
        .chars()
        .map(|c| {
            if c.is_ascii_alphanumeric() || matches!(c, '.' | '_' | '-') {
                c
            } else {
                '_'
            }
        })
        .take(80)
        .collect();
    if out.is_empty() || out.chars().all(|c| c == '.') {
        out = format!("_{out}");
    }
    out
}

/// The folder of a page below the output: its host, then its path's segments (and query),
/// each made a safe file name.
fn page_folder(url: &str) -> std::path::PathBuf {
    let rest = url.split_once("://").map_or(url, |(_, r)| r);
    let mut p = std::path::PathBuf::new();
    for (i, seg) in rest.split(['/', '?', '#']).enumerate() {
        if seg.is_empty() && i > 0 {
            continue;
        }
        p.push(safe_segment(seg));
    }
    p
}

fn escape(s: &str) -> String {
    s.replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
}

fn stamp(ms: i64) -> String {
    let iso = export::iso_time(ms); // YYYY-MM-DDTHH:MM:SS.mmmZ
    format!(
        "{}{}{}T{}{}{}Z",
        &iso[0..4],
        &iso[5..7],
        &iso[8..10],
        &iso[11..13],
        &iso[14..16],
        &iso[17..19]
    )
}

/// `sincelast import`: writes the history folder; returns a summary (skipped lines go to stderr).
pub fn import_file(bytes: &[u8], out: &Path) -> Result<String, String> {
    let report = export::read_all(bytes);
    if let Some(r) = &report.refused {
        return Err(format!("not imported: {r}"));
    }
    for (line, reason) in &report.skipped {
        eprintln!(
            "sincelast: line {line} skipped: {}",
            render::terminal_safe(reason)
        );
    }
    let mut blocks: BTreeMap<String, String> = BTreeMap::new();
    let mut lists: BTreeMap<String, Vec<String>> = BTreeMap::new();
    let mut pathsets: BTreeMap<String, Vec<String>> = BTreeMap::new();
    let mut visits: Vec<&Value> = Vec::new();
    for r in &report.records {
        let v = &r.value;
        let s = |k: &str| v[k].as_str().unwrap_or_default().to_string();
        match r.store {
            "blocks" => {
                blocks.insert(s("id"), s("text"));
            }
            "lists" => {
                let hex = v["ids"][export::spec::BYTES_TAG]
                    .as_str()
                    .unwrap_or_default();
                let ids = (0..hex.len() / 16)
                    .map(|i| hex[i * 16..i * 16 + 16].to_string())
                    .collect();
                lists.insert(s("id"), ids);
            }
            "pathsets" => {
                let coded: Vec<String> = v["paths"]
                    .as_array()
                    .map(|a| {
                        a.iter()
                            .filter_map(|p| p.as_str().map(String::from))
                            .collect()
                    })
                    .unwrap_or_default();
                if let Some(paths) = decode_paths(&coded) {
                    pathsets.insert(s("id"), paths);
                }
            }
            "visits" => visits.push(v),
            _ => {}
        }
    }
    std::fs::create_dir_all(out).map_err(|e| format!("{}: {e}", out.display()))?;
    let mut csv = export::CSV_HEADER.to_string();
    let mut ex = Exporter::new(Filter::default());
    let mut written = 0;
    let mut pages = std::collections::BTreeSet::new();
    for v in visits {
        if let Ok(Some((_, row))) = ex.add("visits", v) {
            csv.push_str(&row);
        }
        let id = v["id"].as_i64().unwrap_or(0);
        let url = v["url"].as_str().unwrap_or_default();
        let Some(ids) = v["listId"].as_str().and_then(|l| lists.get(l)) else {
            eprintln!("sincelast: visit {id}: its block list is not in the file; no page written");
            continue;
        };
        let mut html = format!(
            "<!doctype html>\n<meta charset=\"utf-8\">\n<title>{}</title>\n<body>\n",
            escape(v["title"].as_str().unwrap_or_default())
        );
        let paths = v["pathsetId"].as_str().and_then(|p| pathsets.get(p));
        let mut missing = 0;
        for (k, bid) in ids.iter().enumerate() {
            // The block's path in the page it was seen in, for a reader of the file.
            let path = paths
                .and_then(|p| p.get(k))
                .map(|p| format!(" data-path=\"{}\"", escape(p).replace('"', "&quot;")))
                .unwrap_or_default();
            match blocks.get(bid) {
                Some(t) => html.push_str(&format!("<p{path}>{}</p>\n", escape(t))),
                None => missing += 1,
            }
        }
        if missing > 0 {
            eprintln!(
                "sincelast: visit {id}: {missing} blocks are not in the file; written without them"
            );
        }
        html.push_str("</body>\n");
        let folder = out.join(page_folder(url));
        std::fs::create_dir_all(&folder).map_err(|e| format!("{}: {e}", folder.display()))?;
        let name = format!("{}_{id:08}.html", stamp(v["time"].as_i64().unwrap_or(0)));
        std::fs::write(folder.join(&name), html)
            .map_err(|e| format!("{}: {e}", folder.join(&name).display()))?;
        written += 1;
        pages.insert(url.to_string());
    }
    std::fs::write(out.join("visits.csv"), csv).map_err(|e| format!("visits.csv: {e}"))?;
    Ok(format!(
        "{written} visits of {} pages written to {}; {} lines skipped\n",
        pages.len(),
        out.display(),
        report.skipped.len()
    ))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn paths_front_code_as_the_extension_does() {
        let coded = encode_paths(&["/html[0]/body[0]/p[0]", "/html[0]/body[0]/p[1]", "/x"]);
        assert_eq!(coded, vec!["0|/html[0]/body[0]/p[0]", "19|1]", "1|x"]);
        assert_eq!(
            decode_paths(&coded).unwrap_or_default(),
            vec!["/html[0]/body[0]/p[0]", "/html[0]/body[0]/p[1]", "/x"]
        );
        assert_eq!(decode_paths(&["5|x".to_string()]), None);
    }

    #[test]
    fn page_folders_are_safe() {
        assert_eq!(
            page_folder("https://a.example/news/../x?q=1"),
            Path::new("a.example/news/_../x/q_1")
        );
        assert_eq!(page_folder("https://a.example/"), Path::new("a.example"));
        assert_eq!(stamp(1_643_364_000_000), "20220128T100000Z");
    }
}
