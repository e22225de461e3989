//! Lifespans from the serialized DOM (Adar et al. §5).
//!
//! Every version is serialized as tuples `{full_path, type_path, node_hash, subtree_hash,
//! version}`, one per element: each block (`node_hash` = hash of its own text) and each element
//! above blocks, found from the blocks' paths (`node_hash` = 0 when no block sits at that path
//! itself). `subtree_hash` folds, in document order, the own-text hashes of every block at or
//! below the element. Grouping the tuples answers:
//!
//! - the lifespan of each **element** (full path): the time of the first and the last version it
//!   is in;
//! - the lifespan of each piece of **content** (a block's own-text hash), wherever it moves.
//!
//! An element or content "lives" from its first to its last version. **Survival** after Δ
//! (2 hours, 1 day, 1 week, 5 weeks, the paper's rows): among the elements whose first version
//! is at least Δ before the last version of the history (so that Δ can be observed), the share
//! still there Δ later (last version ≥ first + Δ). A row nothing can be observed for is `None`.
//! The paper's figures for DOM elements: 99.3%, 97.4%, 91.7%, 84.3%.
//!
//! The **heat map** of the latest version: for each of its blocks, how long its content has
//! been on the page (hours since its own text first appeared anywhere on the page) and how many
//! different texts its path has held; young content is short-lived, darker on the map.

use std::collections::HashMap;

use serde::{Deserialize, Serialize};

use super::{ordered, HistoryVersion};
use crate::block::{type_path_of, Block};
use crate::hash::stable_hash;

/// One serialized-DOM tuple.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct DomTuple {
    /// `/html[0]/body[0]/div[2]`.
    pub full_path: String,
    /// `/html/body/div`.
    pub type_path: String,
    /// Hash of the element's own text (0 when it is not a block).
    pub node_hash: u64,
    /// Hash of all text at or below it.
    pub subtree_hash: u64,
    /// The version (oldest = 0).
    pub version: usize,
}

/// The survival rows: (label, seconds).
pub const SURVIVAL_ROWS: [(&str, i64); 4] = [
    ("2 hours", 2 * 3600),
    ("1 day", 86_400),
    ("1 week", 7 * 86_400),
    ("5 weeks", 35 * 86_400),
];

fn fold(h: u64, x: u64) -> u64 {
    (h ^ x).wrapping_mul(0x9E37_79B9_7F4A_7C15).rotate_left(29)
}

/// The tuples of one version's blocks, in document order of first appearance.
pub fn serialize(blocks: &[Block], version: usize) -> Vec<DomTuple> {
    let mut index: HashMap<&str, usize> = HashMap::new();
    let mut out: Vec<DomTuple> = Vec::new();
    for b in blocks {
        let own = stable_hash(&b.text);
        let path = b.path.as_str();
        // Every prefix that ends an element step: /html[0], /html[0]/body[0], … and the path.
        let mut ends: Vec<usize> = path
            .char_indices()
            .filter(|&(i, c)| c == '/' && i > 0)
            .map(|(i, _)| i)
            .collect();
        ends.push(path.len());
        for (k, &end) in ends.iter().enumerate() {
            let prefix = &path[..end];
            let is_self = k == ends.len() - 1;
            let i = *index.entry(prefix).or_insert_with(|| {
                out.push(DomTuple {
                    full_path: prefix.to_string(),
                    type_path: if is_self && !b.type_path.is_empty() {
                        b.type_path.clone()
                    } else {
                        type_path_of(prefix)
                    },
                    node_hash: 0,
                    subtree_hash: 0,
                    version,
                });
                out.len() - 1
            });
            out[i].subtree_hash = fold(out[i].subtree_hash, own);
            if is_self {
                out[i].node_hash = own;
            }
        }
    }
    out
}

/// The lifespan of one element or piece of content.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Lifespan {
    /// The full path (elements) or the first 80 characters of the text (content).
    pub key: String,
    /// Time of its first version.
    pub first: i64,
    /// Time of its last version.
    pub last: i64,
    /// Versions it is in.
    pub versions: usize,
    /// Different subtree hashes it had (elements; 1 for content).
    pub changes: usize,
    /// `last − first` in hours.
    pub hours: f64,
    /// Still in the latest version.
    pub alive: bool,
}

/// One row of the survival table.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct SurvivalRow {
    /// "2 hours", "1 day", …
    pub after: String,
    /// Seconds.
    pub seconds: i64,
    /// Share of elements (by path) alive after that time, `None` when none can be observed.
    pub elements: Option<f64>,
    /// Elements observable for that row.
    pub elements_observed: usize,
    /// Share of content (by text) alive after that time.
    pub content: Option<f64>,
    /// Content observable for that row.
    pub content_observed: usize,
}

/// One block of the latest version on the heat map.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct HeatBlock {
    /// Index of the block in the latest version.
    pub index: usize,
    /// Its path.
    pub path: String,
    /// Hours its text has been on the page.
    pub age_hours: f64,
    /// Different texts seen at its path.
    pub texts_at_path: usize,
    /// 3 = under 2 hours (darkest), 2 = under a day, 1 = under a week, 0 = older.
    pub level: u8,
    /// The level in words.
    pub label: String,
}

/// Lifespans of a page's history.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Lifespans {
    /// Versions read.
    pub versions: usize,
    /// Time spanned, hours.
    pub span_hours: f64,
    /// Survival table.
    pub survival: Vec<SurvivalRow>,
    /// Element lifespans, shortest first (ties by path).
    pub elements: Vec<Lifespan>,
    /// Content lifespans, shortest first.
    pub content: Vec<Lifespan>,
    /// The heat map of the latest version.
    pub heat: Vec<HeatBlock>,
}

/// The level of content that has lived `age` seconds.
pub fn heat_level(age: i64) -> (u8, &'static str) {
    if age < 2 * 3600 {
        (3, "new: under 2 hours")
    } else if age < 86_400 {
        (2, "under a day")
    } else if age < 7 * 86_400 {
        (1, "under a week")
    } else {
        (0, "a week or more")
    }
}

struct Span {
    first: i64,
    last: i64,
    last_v: usize,
    versions: usize,
    hashes: Vec<u64>,
}

fn survival(spans: &[&Span], end: i64, secs: i64) -> (Option<f64>, usize) {
    let observed: Vec<&&Span> = spans.iter().filter(|s| s.first + secs <= end).collect();
    if observed.is_empty() {
        return (None, 0);
    }
    let alive = observed.iter().filter(|s| s.last >= s.first + secs).count();
    (Some(alive as f64 / observed.len() as f64), observed.len())
}

/// Every tuple of every version (versions sorted oldest first).
pub fn all_tuples(versions: &[HistoryVersion]) -> Vec<DomTuple> {
    ordered(versions)
        .iter()
        .enumerate()
        .flat_map(|(i, v)| serialize(&v.blocks, i))
        .collect()
}

/// The lifespans of a page's history. `list` caps the element and content lists (shortest
/// lifespans first).
pub fn lifespans(versions: &[HistoryVersion], list: usize) -> Lifespans {
    let v = ordered(versions);
    let n = v.len();
    let end = v.last().map_or(0, |x| x.time);
    let start = v.first().map_or(0, |x| x.time);
    let mut paths: HashMap<String, Span> = HashMap::new();
    let mut texts: HashMap<u64, (Span, String)> = HashMap::new();
    let mut path_texts: HashMap<&str, Vec<u64>> = HashMap::new();
    for (i, x) in v.iter().enumerate() {
        for t in serialize(&x.blocks, i) {
            let s = paths.entry(t.full_path).or_insert(Span {
                first: x.time,
                last: x.time,
                last_v: i,
                versions: 0,
                hashes: Vec::new(),
            });
            s.last = x.time;
            s.last_v = i;
            s.versions += 1;
            if !s.hashes.contains(&t.subtree_hash) && s.hashes.len() < 1_000 {
                s.hashes.push(t.subtree_hash);
            }
        }
        for b in &x.blocks {
            let h = stable_hash(&b.text);
            let e = texts.entry(h).or_insert_with(|| {
                (
                    Span {
                        first: x.time,
                        last: x.time,
                        last_v: i,
                        versions: 0,
                        hashes: vec![h],
                    },
                    b.text.chars().take(80).collect(),
                )
            });
            if e.0.last_v != i || e.0.versions == 0 {
                e.0.versions += 1;
            }
            e.0.last = x.time;
            e.0.last_v = i;
            let at = path_texts.entry(b.path.as_str()).or_default();
            if !at.contains(&h) && at.len() < 1_000 {
                at.push(h);
            }
        }
    }
    let path_spans: Vec<&Span> = paths.values().collect();
    let text_spans: Vec<&Span> = texts.values().map(|(s, _)| s).collect();
    let survival_rows = SURVIVAL_ROWS
        .iter()
        .map(|&(label, secs)| {
            let (elements, elements_observed) = survival(&path_spans, end, secs);
            let (content, content_observed) = survival(&text_spans, end, secs);
            SurvivalRow {
                after: label.to_string(),
                seconds: secs,
                elements,
                elements_observed,
                content,
                content_observed,
            }
        })
        .collect();
    let to_life = |key: String, s: &Span| Lifespan {
        key,
        first: s.first,
        last: s.last,
        versions: s.versions,
        changes: s.hashes.len(),
        hours: (s.last - s.first) as f64 / 3600.0,
        alive: s.last_v + 1 == n,
    };
    let mut elements: Vec<Lifespan> = paths.iter().map(|(k, s)| to_life(k.clone(), s)).collect();
    elements.sort_by(|a, b| a.hours.total_cmp(&b.hours).then_with(|| a.key.cmp(&b.key)));
    elements.truncate(list);
    let mut content: Vec<Lifespan> = texts.values().map(|(s, k)| to_life(k.clone(), s)).collect();
    content.sort_by(|a, b| a.hours.total_cmp(&b.hours).then_with(|| a.key.cmp(&b.key)));
    content.truncate(list);
    let heat = v
        .last()
        .map(|x| {
            x.blocks
                .iter()
                .enumerate()
                .map(|(i, b)| {
                    let h = stable_hash(&b.text);
                    let first = texts.get(&h).map_or(x.time, |(s, _)| s.first);
                    let (level, label) = heat_level(x.time - first);
                    HeatBlock {
                        index: i,
                        path: b.path.clone(),
                        age_hours: (x.time - first) as f64 / 3600.0,
                        texts_at_path: path_texts.get(b.path.as_str()).map_or(1, |t| t.len()),
                        level,
                        label: label.to_string(),
                    }
                })
                .collect()
        })
        .unwrap_or_default();
    Lifespans {
        versions: n,
        span_hours: (end - start) as f64 / 3600.0,
        survival: survival_rows,
        elements,
        content,
        heat,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::history::tests::version;

    fn block(path: &str, text: &str) -> Block {
        Block {
            text: text.into(),
            path: path.into(),
            type_path: type_path_of(path),
            links: Vec::new(),
        }
    }

    #[test]
    fn tuples_by_hand() {
        let blocks = vec![
            block("/html[0]/body[0]/div[0]/p[0]", "one"),
            block("/html[0]/body[0]/div[0]/p[1]", "two"),
            block("/html[0]/body[0]/p[1]", "three"),
        ];
        let t = serialize(&blocks, 7);
        let paths: Vec<&str> = t.iter().map(|x| x.full_path.as_str()).collect();
        assert_eq!(
            paths,
            vec![
                "/html[0]",
                "/html[0]/body[0]",
                "/html[0]/body[0]/div[0]",
                "/html[0]/body[0]/div[0]/p[0]",
                "/html[0]/body[0]/div[0]/p[1]",
                "/html[0]/body[0]/p[1]",
            ]
        );
        assert!(t.iter().all(|x| x.version == 7));
        assert_eq!(t[2].type_path, "/html/body/div");
        assert_eq!(t[2].node_hash, 0);
        assert_eq!(t[3].node_hash, stable_hash("one"));
        // The div's subtree is "one" then "two"; the body's adds "three".
        let div = fold(fold(0, stable_hash("one")), stable_hash("two"));
        assert_eq!(t[2].subtree_hash, div);
        assert_eq!(t[1].subtree_hash, fold(div, stable_hash("three")));
        assert_eq!(t[3].subtree_hash, fold(0, stable_hash("one")));
    }

    #[test]
    fn survival_by_hand() {
        // Versions at 0 h, 1 h, 3 h, 30 h. "nav" lives throughout; "a" 0–1 h; "b" 1–3 h;
        // "c" at 3 h only; "d" at 30 h only.
        let v = vec![
            version(0, &["nav", "a"]),
            version(1, &["nav", "a", "b"]),
            version(3, &["nav", "b", "c"]),
            version(30, &["nav", "d"]),
        ];
        let l = lifespans(&v, 100);
        assert_eq!(l.versions, 4);
        assert_eq!(l.span_hours, 30.0);
        // Content at 2 h: observable = first ≤ 28 h: nav, a, b, c (d is at 30 h). Alive 2 h
        // later: nav (0→30), b (1→3). 2 of 4.
        let r = &l.survival[0];
        assert_eq!(r.after, "2 hours");
        assert_eq!((r.content, r.content_observed), (Some(0.5), 4));
        // At 1 day: observable = first ≤ 6 h: nav, a, b, c; alive: nav only.
        assert_eq!(l.survival[1].content, Some(0.25));
        assert_eq!(l.survival[2].content, None);
        // Elements: /html[0], /html[0]/body[0], p[0] (0–30 h), p[1] (0–30 h: a, b, d), p[2]
        // (1–3 h). At 2 h: all five observable, p[2] lives 2 h: alive. 100%.
        assert_eq!(l.survival[0].elements, Some(1.0));
        assert_eq!(l.survival[0].elements_observed, 5);
        // At 1 day: observable first ≤ 6 h: all five; p[2] dies: 4 of 5.
        assert_eq!(l.survival[1].elements, Some(0.8));
        let p2 = l
            .elements
            .iter()
            .find(|e| e.key == "/html[0]/body[0]/p[2]")
            .unwrap();
        assert_eq!((p2.hours, p2.versions, p2.alive), (2.0, 2, false));
        let p1 = l
            .elements
            .iter()
            .find(|e| e.key == "/html[0]/body[0]/p[1]")
            .unwrap();
        assert_eq!((p1.changes, p1.alive), (3, true));
        // Heat map of the last version: nav is 30 h old (level 1), d is new (level 3).
        assert_eq!(l.heat.len(), 2);
        assert_eq!((l.heat[0].level, l.heat[0].age_hours), (1, 30.0));
        assert_eq!((l.heat[1].level, l.heat[1].texts_at_path), (3, 3));
        assert_eq!(l.heat[1].label, "new: under 2 hours");
    }
}
