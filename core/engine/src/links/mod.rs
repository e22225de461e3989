//! New links since the last visit, and the novelty of the pages they lead to (Toyoda &
//! Kitsuregawa, "What's Really New on the Web?", WWW 2006).
//!
//! ## Certainly new links
//! A link is compared by its **normalised target** ([`normalize_link`]): an absolute http(s)
//! URL, scheme and host lower-cased, default port dropped (the `url` crate's serialisation),
//! the fragment dropped (`#…` points inside the same page), tracking parameters dropped
//! (`utm_*`, `fbclid`, `gclid`, `mc_cid`, `mc_eid`), an empty query dropped. Anything else
//! (other schemes, unparsable, longer than [`crate::limits::MAX_LINK`]) is not a link.
//!
//! A link of a page is **certainly new** when the page was seen at both its previous and its
//! current visit, and the normalised target is among the page's links now and among none of
//! the page's links in the previous version ([`new_links`]). The page's own URL is never new.
//! Links that only moved within the page, or changed only by fragment or tracking parameters,
//! are not new.
//!
//! ## Novelty (the paper's definition (1)/(2))
//! Pages are *old* (O), a subset of which was seen at both the previous and the current snapshot
//! (L2: their new out-links are certainly new), or *unidentified* (U: first seen now). For
//! p ∈ U, with I(p) its in-links in the current graph:
//!
//! ```text
//! N(p) = (1 − δ) · Σ_{(q,p) ∈ I(p)} n(q,p) / |I(p)|
//! n(q,p) = 1 if q ∈ L2;  0 if q ∈ O \ L2;  N(q) if q ∈ U
//! ```
//!
//! computed as the paper does (§4.3): scores of U start at 0 and every iteration recomputes all
//! of them from the previous iteration's (Jacobi), 20 iterations at δ = 0.1 by default
//! ([`NOVELTY_DELTA`], [`NOVELTY_ITERATIONS`]). A page of U without in-links scores 0 (its
//! novelty is unknown, not "old"). It is the absorption probability in the success state of a
//! reverse random walk that stops with probability δ at each step ([`novelty`]).
//!
//! One generalisation, needed when the snapshots are a person's visits rather than whole
//! crawls: an edge can itself be *certain* ([`Edge::certain`], a link seen appearing on a
//! revisit of its source): it counts 1 whatever its source. With no certain edges this is the
//! paper's definition exactly. [`rank_new_pages`] builds that graph from a history of visits.

use std::collections::{HashMap, HashSet};

use serde::{Deserialize, Serialize};

use crate::errors::Error;
use crate::limits::MAX_LINK;

/// The paper's damping factor δ.
pub const NOVELTY_DELTA: f64 = 0.1;
/// The paper's number of iterations.
pub const NOVELTY_ITERATIONS: usize = 20;
/// Most iterations a caller may ask for.
pub const MAX_NOVELTY_ITERATIONS: usize = 1000;
/// Most nodes of one novelty graph (visited pages and every page they link to).
pub const MAX_GRAPH_NODES: usize = 1_000_000;
/// Most edges of one novelty graph.
pub const MAX_GRAPH_EDGES: usize = 5_000_000;

/// Query parameters that only say where a click came from (dropped by [`normalize_link`]).
const TRACKING: [&str; 4] = ["fbclid", "gclid", "mc_cid", "mc_eid"];

/// The normalised target of a link (see the module docs), or `None` when it is not an http(s)
/// link.
pub fn normalize_link(link: &str) -> Option<String> {
    if link.len() > MAX_LINK {
        return None;
    }
    let mut url = url::Url::parse(link.trim()).ok()?;
    if url.scheme() != "http" && url.scheme() != "https" {
        return None;
    }
    url.host_str()?;
    url.set_fragment(None);
    if url.query().is_some() {
        let kept: Vec<(String, String)> = url
            .query_pairs()
            .filter(|(k, _)| {
                let k = k.to_ascii_lowercase();
                !k.starts_with("utm_") && !TRACKING.contains(&k.as_str())
            })
            .map(|(k, v)| (k.into_owned(), v.into_owned()))
            .collect();
        if kept.is_empty() {
            url.set_query(None);
        } else if kept.len() != url.query_pairs().count() {
            url.query_pairs_mut().clear().extend_pairs(kept);
        }
    }
    let out = String::from(url);
    (out.len() <= MAX_LINK).then_some(out)
}

/// The certainly new links of a page seen at both visits: normalised targets among `current`
/// and among none of `previous`, in the order of their first occurrence in `current`, without
/// duplicates; `page` (the page's own URL) is never one.
pub fn new_links<'a>(
    page: Option<&str>,
    previous: impl IntoIterator<Item = &'a str>,
    current: impl IntoIterator<Item = &'a str>,
) -> Vec<String> {
    let own = page.and_then(normalize_link);
    let before: HashSet<String> = previous.into_iter().filter_map(normalize_link).collect();
    let mut seen: HashSet<String> = HashSet::new();
    let mut out = Vec::new();
    for link in current {
        let Some(n) = normalize_link(link) else {
            continue;
        };
        if before.contains(&n) || own.as_deref() == Some(n.as_str()) || !seen.insert(n.clone()) {
            continue;
        }
        out.push(n);
    }
    out
}

/// What is known of a page of the graph (the paper's classes).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum NodeKind {
    /// L2: an old page seen at both the previous and the current snapshot (its links to
    /// unidentified pages are certainly new): n = 1.
    Both,
    /// O \ L2: an old page not seen at both snapshots: n = 0.
    Old,
    /// U: first seen now; its novelty is computed.
    Unidentified,
}

/// A link of the graph, by node index.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct Edge {
    /// The page the link is on.
    pub from: usize,
    /// The page it leads to.
    pub to: usize,
    /// Seen appearing on a revisit of `from`: counts 1 whatever `from` is.
    #[serde(default)]
    pub certain: bool,
}

/// The novelty N of every node: 1 for [`NodeKind::Both`], 0 for [`NodeKind::Old`], the
/// computed score (0 ..= 1 − δ) for [`NodeKind::Unidentified`]; after `iterations` Jacobi
/// iterations from 0. Errors on δ outside [0, 1], too many iterations, nodes or edges, or an
/// edge naming a node that does not exist.
pub fn novelty(
    kinds: &[NodeKind],
    edges: &[Edge],
    delta: f64,
    iterations: usize,
) -> Result<Vec<f64>, Error> {
    if !(0.0..=1.0).contains(&delta) {
        return Err(Error::InvalidArgument(format!(
            "delta must be within [0, 1], not {delta}"
        )));
    }
    if iterations > MAX_NOVELTY_ITERATIONS {
        return Err(Error::InvalidArgument(format!(
            "at most {MAX_NOVELTY_ITERATIONS} iterations, not {iterations}"
        )));
    }
    if kinds.len() > MAX_GRAPH_NODES || edges.len() > MAX_GRAPH_EDGES {
        return Err(Error::TooLarge {
            size: kinds.len().max(edges.len()),
            limit: if kinds.len() > MAX_GRAPH_NODES {
                MAX_GRAPH_NODES
            } else {
                MAX_GRAPH_EDGES
            },
        });
    }
    let n = kinds.len();
    if let Some(e) = edges.iter().find(|e| e.from >= n || e.to >= n) {
        return Err(Error::InvalidArgument(format!(
            "edge {} → {} names a node beyond {n}",
            e.from, e.to
        )));
    }
    let mut score: Vec<f64> = kinds
        .iter()
        .map(|k| if *k == NodeKind::Both { 1.0 } else { 0.0 })
        .collect();
    // Per unidentified node: its in-link count and the sum of the in-links whose value does not
    // change (certain edges, L2 and old sources); the edges from unidentified sources are
    // summed again at each iteration.
    let mut count = vec![0u32; n];
    let mut fixed = vec![0.0f64; n];
    let mut moving: Vec<(usize, usize)> = Vec::new();
    for e in edges {
        if kinds[e.to] != NodeKind::Unidentified {
            continue;
        }
        count[e.to] += 1;
        if e.certain {
            fixed[e.to] += 1.0;
        } else {
            match kinds[e.from] {
                NodeKind::Both => fixed[e.to] += 1.0,
                NodeKind::Old => {}
                NodeKind::Unidentified => moving.push((e.from, e.to)),
            }
        }
    }
    let mut sum = vec![0.0f64; n];
    for _ in 0..iterations {
        sum.copy_from_slice(&fixed);
        for &(from, to) in &moving {
            sum[to] += score[from];
        }
        for p in 0..n {
            if kinds[p] == NodeKind::Unidentified {
                score[p] = if count[p] == 0 {
                    0.0
                } else {
                    (1.0 - delta) * sum[p] / f64::from(count[p])
                };
            }
        }
    }
    Ok(score)
}

/// One visited page of a person's history, as [`rank_new_pages`] reads it.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct VisitedPage {
    /// The page's URL.
    pub url: String,
    /// The links of its latest version.
    #[serde(default)]
    pub links: Vec<String>,
    /// Links seen appearing on a revisit of it (certainly new when they appeared), among
    /// `links` or not.
    #[serde(default)]
    pub certain: Vec<String>,
    /// Visited twice or more: it existed at its previous visit, so it is old (the paper's L2)
    /// even when it was first seen within the period. Its links count 1 only when certain.
    #[serde(default)]
    pub revisited: bool,
}

/// The history the newly appeared pages are ranked from.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct LinkHistory {
    /// Every visited page (latest version).
    pub pages: Vec<VisitedPage>,
    /// U: the pages first seen within the period asked about (as a link target or a visited
    /// page). Every other page of the graph is old.
    pub unidentified: Vec<String>,
}

/// A newly appeared page, as [`rank_new_pages`] answers it.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct NewPage {
    /// Its normalised URL.
    pub url: String,
    /// Its novelty N.
    pub score: f64,
    /// Links to it from visited pages.
    pub in_links: usize,
    /// Of which certainly new ones.
    pub certain_links: usize,
    /// The first visited page (in `pages` order) with a certain link to it, else with any link.
    pub via: Option<String>,
}

/// The pages of `history.unidentified` ranked by novelty (highest first, then by URL), those
/// with a positive score only. The graph: every visited page and every page its links lead to
/// (normalised); an edge is certain when its target is among its source's `certain` links; a
/// page is unidentified when it is in `history.unidentified` and not revisited, else old.
pub fn rank_new_pages(
    history: &LinkHistory,
    delta: f64,
    iterations: usize,
) -> Result<Vec<NewPage>, Error> {
    let mut index: HashMap<String, usize> = HashMap::new();
    let mut urls: Vec<String> = Vec::new();
    let mut id = |u: String, urls: &mut Vec<String>| -> usize {
        *index.entry(u).or_insert_with_key(|k| {
            urls.push(k.clone());
            urls.len() - 1
        })
    };
    let unidentified: HashSet<String> = history
        .unidentified
        .iter()
        .filter_map(|u| normalize_link(u))
        .collect();
    let mut edges: Vec<Edge> = Vec::new();
    let mut revisited: HashSet<String> = HashSet::new();
    for page in &history.pages {
        let Some(src) = normalize_link(&page.url) else {
            continue;
        };
        if page.revisited {
            revisited.insert(src.clone());
        }
        let from = id(src.clone(), &mut urls);
        let certain: HashSet<String> = page
            .certain
            .iter()
            .filter_map(|u| normalize_link(u))
            .collect();
        let mut seen = HashSet::new();
        for link in &page.links {
            let Some(target) = normalize_link(link) else {
                continue;
            };
            if target == src || !seen.insert(target.clone()) {
                continue;
            }
            let is_certain = certain.contains(&target);
            let to = id(target, &mut urls);
            edges.push(Edge {
                from,
                to,
                certain: is_certain,
            });
            if edges.len() > MAX_GRAPH_EDGES {
                return Err(Error::TooLarge {
                    size: edges.len(),
                    limit: MAX_GRAPH_EDGES,
                });
            }
        }
    }
    let kinds: Vec<NodeKind> = urls
        .iter()
        .map(|u| {
            if unidentified.contains(u) && !revisited.contains(u) {
                NodeKind::Unidentified
            } else {
                NodeKind::Old
            }
        })
        .collect();
    let scores = novelty(&kinds, &edges, delta, iterations)?;
    let mut in_links = vec![0usize; urls.len()];
    let mut certain_links = vec![0usize; urls.len()];
    let mut via_certain: Vec<Option<usize>> = vec![None; urls.len()];
    let mut via_any: Vec<Option<usize>> = vec![None; urls.len()];
    for e in &edges {
        in_links[e.to] += 1;
        via_any[e.to].get_or_insert(e.from);
        if e.certain {
            certain_links[e.to] += 1;
            via_certain[e.to].get_or_insert(e.from);
        }
    }
    let mut out: Vec<NewPage> = (0..urls.len())
        .filter(|&p| kinds[p] == NodeKind::Unidentified && scores[p] > 0.0)
        .map(|p| NewPage {
            url: urls[p].clone(),
            score: scores[p],
            in_links: in_links[p],
            certain_links: certain_links[p],
            via: via_certain[p].or(via_any[p]).map(|q| urls[q].clone()),
        })
        .collect();
    out.sort_by(|a, b| b.score.total_cmp(&a.score).then_with(|| a.url.cmp(&b.url)));
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;
    use NodeKind::{Both, Old, Unidentified as U};

    fn e(from: usize, to: usize) -> Edge {
        Edge {
            from,
            to,
            certain: false,
        }
    }

    fn close(a: f64, b: f64) -> bool {
        (a - b).abs() < 1e-9
    }

    #[test]
    fn normalisation_drops_fragment_tracking_and_default_port() {
        assert_eq!(
            normalize_link("HTTPS://Example.ORG:443/a/b?utm_source=x&id=3&fbclid=9#top").as_deref(),
            Some("https://example.org/a/b?id=3")
        );
        assert_eq!(
            normalize_link("http://example.org:80/x?utm_medium=m").as_deref(),
            Some("http://example.org/x")
        );
        assert_eq!(
            normalize_link("https://example.org").as_deref(),
            Some("https://example.org/")
        );
        assert_eq!(normalize_link("mailto:a@b.c"), None);
        assert_eq!(normalize_link("javascript:void(0)"), None);
        assert_eq!(normalize_link("/relative"), None);
        let long = format!("https://example.org/{}", "a".repeat(MAX_LINK));
        assert_eq!(normalize_link(&long), None);
        // Other parameters are kept as they were, in order.
        assert_eq!(
            normalize_link("https://example.org/s?b=2&a=1").as_deref(),
            Some("https://example.org/s?b=2&a=1")
        );
    }

    #[test]
    fn new_links_are_present_now_and_absent_before() {
        let prev = [
            "https://n.example/a",
            "https://n.example/b#comments",
            "https://n.example/c?utm_source=feed",
        ];
        let cur = [
            "https://n.example/b",     // same target, fragment gone: not new
            "https://n.example/c",     // tracking parameter gone: not new
            "https://n.example/d",     // new
            "https://n.example/d#x",   // the same new target again
            "https://n.example/",      // the page itself
            "https://other.example/e", // new
            "ftp://n.example/f",       // not a link
            "https://n.example/a",     // moved within the page: not new
        ];
        assert_eq!(
            new_links(Some("https://n.example/#top"), prev, cur),
            ["https://n.example/d", "https://other.example/e"]
        );
        // Links that went are not new ones the other way round either: every old target is still there.
        assert!(new_links(None, cur, prev).is_empty());
        assert!(new_links(None, cur, cur).is_empty());
    }

    #[test]
    fn one_certain_source_gives_one_minus_delta_and_decays_along_a_chain() {
        // A (L2) → p1 → p2 → p3: 0.9, 0.81, 0.729 (the certainty decreases with the distance).
        let kinds = [Both, U, U, U];
        let edges = [e(0, 1), e(1, 2), e(2, 3)];
        let n = novelty(&kinds, &edges, 0.1, 20).unwrap();
        assert!(close(n[0], 1.0));
        assert!(close(n[1], 0.9) && close(n[2], 0.81) && close(n[3], 0.729));
        // δ = 0: novelty propagates undamped.
        let n0 = novelty(&kinds, &edges, 0.0, 20).unwrap();
        assert!(n0.iter().all(|&x| close(x, 1.0)));
    }

    #[test]
    fn in_links_of_unknown_age_discount_the_score() {
        // A (L2) → p ← B (O \ L2): (1 − 0.1)(1 + 0)/2 = 0.45.
        // C (O \ L2) → r alone: 0 (novelty unknown); s without in-links: 0.
        let kinds = [Both, Old, U, Old, U, U];
        let edges = [e(0, 2), e(1, 2), e(3, 4)];
        let n = novelty(&kinds, &edges, 0.1, 20).unwrap();
        assert!(close(n[2], 0.45));
        assert!(close(n[4], 0.0) && close(n[5], 0.0));
        assert!(close(n[1], 0.0) && close(n[3], 0.0));
    }

    #[test]
    fn a_cycle_converges_to_the_fixed_point() {
        // A (L2) → p, p → q, q → p, B (old) → q:
        //   N(p) = 0.9 (1 + N(q)) / 2,  N(q) = 0.9 (N(p) + 0) / 2
        //   ⇒ N(p) = 0.45 + 0.2025 N(p) ⇒ N(p) = 0.45 / 0.7975, N(q) = 0.45 N(p).
        let kinds = [Both, U, U, Old];
        let edges = [e(0, 1), e(1, 2), e(2, 1), e(3, 2)];
        let n = novelty(&kinds, &edges, 0.1, 20).unwrap();
        // (20 Jacobi iterations: the error shrinks by 0.2025 every two.)
        let p = 0.45 / 0.7975;
        assert!((n[1] - p).abs() < 1e-6, "{}", n[1]);
        assert!((n[2] - 0.45 * p).abs() < 1e-6, "{}", n[2]);
        let n5 = novelty(&kinds, &edges, 0.1, 5).unwrap();
        assert!((n5[1] - p).abs() > 1e-4, "5 iterations are not enough");
    }

    #[test]
    fn it_is_the_absorption_probability_of_the_reverse_walk() {
        // Walk backwards from p: with probability δ fail; else pick an in-link uniformly:
        // A (L2) succeeds, B (old) fails, q (U) continues from q, whose only in-link is A.
        // P(p) = (1−δ)(1/3 · 1 + 1/3 · 0 + 1/3 · (1−δ) · 1); δ = 0.2 → 0.8 (1 + 0.8)/3 = 0.48.
        let kinds = [Both, Old, U, U];
        let edges = [e(0, 2), e(1, 2), e(3, 2), e(0, 3)];
        let n = novelty(&kinds, &edges, 0.2, 20).unwrap();
        assert!(close(n[3], 0.8));
        assert!(close(n[2], 0.48), "{}", n[2]);
    }

    #[test]
    fn iterations_bound_the_distance_novelty_travels() {
        // A chain of 25 unidentified pages after one L2 page: after 20 Jacobi iterations the
        // 20th page has 0.9^20 and the 21st still 0.
        let mut kinds = vec![Both];
        kinds.extend(std::iter::repeat_n(U, 25));
        let edges: Vec<Edge> = (0..25).map(|i| e(i, i + 1)).collect();
        let n = novelty(&kinds, &edges, NOVELTY_DELTA, NOVELTY_ITERATIONS).unwrap();
        assert!(close(n[20], 0.9f64.powi(20)));
        assert!(close(n[21], 0.0));
        let more = novelty(&kinds, &edges, NOVELTY_DELTA, 30).unwrap();
        assert!(close(more[25], 0.9f64.powi(25)));
    }

    #[test]
    fn a_certain_edge_counts_one_whatever_its_source() {
        let kinds = [Old, U, U];
        let certain = Edge {
            from: 0,
            to: 1,
            certain: true,
        };
        let n = novelty(&kinds, &[certain, e(0, 2)], 0.1, 20).unwrap();
        assert!(close(n[1], 0.9) && close(n[2], 0.0));
    }

    #[test]
    fn bad_arguments_are_refused() {
        let kinds = [Both, U];
        assert_eq!(
            novelty(&kinds, &[e(0, 1)], 1.5, 20).unwrap_err().kind(),
            "invalid_argument"
        );
        assert_eq!(
            novelty(&kinds, &[e(0, 1)], f64::NAN, 20)
                .unwrap_err()
                .kind(),
            "invalid_argument"
        );
        assert_eq!(
            novelty(&kinds, &[e(0, 1)], 0.1, 5000).unwrap_err().kind(),
            "invalid_argument"
        );
        assert_eq!(
            novelty(&kinds, &[e(0, 7)], 0.1, 20).unwrap_err().kind(),
            "invalid_argument"
        );
        assert!(novelty(&[], &[], 0.1, 20).unwrap().is_empty());
    }

    #[test]
    fn new_pages_are_ranked_from_a_history_of_visits() {
        // front (revisited): /new-a appeared on it (certain), /old was there before.
        // section (visited once, linked from the front page since its first visit: novelty 0):
        // links to /new-a and /new-b.
        // /new-a visited since (first seen in the period): links to /new-c.
        let history = LinkHistory {
            pages: vec![
                VisitedPage {
                    url: "https://n.example/".into(),
                    links: vec![
                        "https://n.example/new-a#top".into(),
                        "https://n.example/old".into(),
                        "https://n.example/section".into(),
                    ],
                    certain: vec!["https://n.example/new-a".into()],
                    revisited: true,
                },
                VisitedPage {
                    url: "https://n.example/section".into(),
                    links: vec![
                        "https://n.example/new-a".into(),
                        "https://n.example/new-b".into(),
                    ],
                    certain: vec![],
                    revisited: false,
                },
                VisitedPage {
                    url: "https://n.example/new-a".into(),
                    links: vec![
                        "https://n.example/new-c".into(),
                        "https://n.example/".into(),
                    ],
                    certain: vec![],
                    revisited: false,
                },
            ],
            // Everything was first seen within the period (a new user), the front page and its
            // old links too: the revisited front page is old all the same, so /old (linked
            // from it since its first visit) and /section score 0, and new-a's link back to
            // the front page changes nothing.
            unidentified: vec![
                "https://n.example/".into(),
                "https://n.example/old".into(),
                "https://n.example/section".into(),
                "https://n.example/new-a".into(),
                "https://n.example/new-b".into(),
                "https://n.example/new-c".into(),
            ],
        };
        let ranked = rank_new_pages(&history, 0.1, 20).unwrap();
        // new-a: 0.9 (1 + 0)/2 = 0.45; new-c: 0.9 · 0.45 = 0.405; new-b: 0 (left out).
        let got: Vec<(&str, f64)> = ranked.iter().map(|p| (p.url.as_str(), p.score)).collect();
        assert_eq!(got.len(), 2);
        assert_eq!(got[0].0, "https://n.example/new-a");
        assert!(close(got[0].1, 0.45));
        assert_eq!(got[1].0, "https://n.example/new-c");
        assert!(close(got[1].1, 0.405));
        assert_eq!(ranked[0].in_links, 2);
        assert_eq!(ranked[0].certain_links, 1);
        assert_eq!(ranked[0].via.as_deref(), Some("https://n.example/"));
        assert_eq!(ranked[1].via.as_deref(), Some("https://n.example/new-a"));
    }
}
