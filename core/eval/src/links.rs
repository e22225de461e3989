//! Section "links": certainly new links and the novelty score (Toyoda & Kitsuregawa) on the
//! news front pages, against the publication date that article URLs carry.
//!
//! Per site, the sessions are the times of its front page's versions, oldest first; at each
//! session the person visits each page of the site (front and section pages; legal pages left
//! out) every time, and again with probability 0.7 (a fixed hash of page and session: the same
//! runs every time), and sees its latest version at or before the session (+30 min). Session k's snapshot:
//! - W(k) the pages visited; L2 those visited at sessions k−1 and k; other pages of W(k) old;
//! - U(k) the link targets of W(k) (normalised) first seen now: in no earlier session, neither
//!   visited nor linked;
//! - N over that graph (paper's definition (2)), 20 iterations, δ ∈ {0, 0.1, 0.3}.
//!
//! Ground truth, as the paper's: a URL with a date (`/YYYY/MM/DD/`, `YYYY-MM-DD`, `YYYYMMDD`,
//! `/YYYY/MM/`, `YYYY-MM`, `YYYYMM`; the dpa URNs of sueddeutsche.de carry `20090101-YYMMDD`)
//! is *novel* when its date is on or after session k−1's date (at the URL's precision: day or
//! month). Only dated targets of U(k) count. Judged novel: reached by a certainly new link
//! (a link from an L2 page: its target was not there at k−1), or N > 0, or N ≥ 0.5.

use std::collections::{BTreeMap, HashMap, HashSet};

use sincelast_core::calendar::civil_from_days;
use sincelast_core::links::{new_links, normalize_link, novelty, Edge, NodeKind};
use sincelast_eval::{extract_file, parse_time, pct, ratio, unpack, Table};

use crate::{print_table, Ctx};

const DELTAS: [f64; 3] = [0.0, 0.1, 0.3];
/// How often each page is visited at a session: every time (consecutive versions as visits),
/// and 70% of the time (visits skipped at random: the paper's unstable snapshots).
const VISIT_PERCENTS: [u64; 2] = [100, 70];

/// A date a URL carries: (year, month, day or 0 when only the month is given).
pub fn url_date(url: &str) -> Option<(i64, i64, i64)> {
    let lower = url.to_ascii_lowercase();
    let path = lower.split_once("://").map_or(lower.as_str(), |(_, r)| {
        r.split_once('/').map_or("", |(_, p)| p)
    });
    for ext in [
        ".jpg", ".jpeg", ".png", ".gif", ".webp", ".svg", ".css", ".js", ".pdf",
    ] {
        if path.split(['?', '#']).next().unwrap_or("").ends_with(ext) {
            return None;
        }
    }
    if let Some(i) = path.find("dpa-com-20090101-") {
        let d = &path[i + 17..];
        if d.len() >= 6 && d.as_bytes()[..6].iter().all(u8::is_ascii_digit) {
            let n = |a: usize| d[a..a + 2].parse::<i64>().ok();
            let (y, m, day) = (n(0)?, n(2)?, n(4)?);
            return valid(2000 + y, m, day);
        }
    }
    let b = path.as_bytes();
    let digits_at =
        |i: usize, n: usize| i + n <= b.len() && b[i..i + n].iter().all(u8::is_ascii_digit);
    let num = |i: usize, n: usize| path[i..i + n].parse::<i64>().unwrap_or(-1);
    let boundary = |i: usize| i >= b.len() || !b[i].is_ascii_digit();
    let mut month_only = None;
    for i in 0..b.len() {
        if (i > 0 && b[i - 1].is_ascii_digit()) || !digits_at(i, 4) {
            continue;
        }
        let y = num(i, 4);
        if !(1993..=2035).contains(&y) {
            continue;
        }
        let j = i + 4;
        // YYYY/MM/DD, YYYY-MM-DD, YYYY/MM, YYYY-MM
        if j < b.len() && (b[j] == b'/' || b[j] == b'-') && digits_at(j + 1, 2) && boundary(j + 3) {
            let m = num(j + 1, 2);
            let k = j + 3;
            if k < b.len() && b[k] == b[j] && digits_at(k + 1, 2) && boundary(k + 3) {
                if let Some(d) = valid(y, m, num(k + 1, 2)) {
                    return Some(d);
                }
            }
            if (1..=12).contains(&m) && month_only.is_none() {
                month_only = Some((y, m, 0));
            }
            continue;
        }
        // YYYYMMDD, YYYYMM (whole digit runs only)
        if digits_at(j, 4) && boundary(j + 4) {
            if let Some(d) = valid(y, num(j, 2), num(j + 2, 2)) {
                return Some(d);
            }
        } else if digits_at(j, 2) && boundary(j + 2) {
            let m = num(j, 2);
            if (1..=12).contains(&m) && month_only.is_none() {
                month_only = Some((y, m, 0));
            }
        }
    }
    month_only
}

fn valid(y: i64, m: i64, d: i64) -> Option<(i64, i64, i64)> {
    ((1993..=2035).contains(&y) && (1..=12).contains(&m) && (1..=31).contains(&d))
        .then_some((y, m, d))
}

/// Whether a URL dated `date` is novel at a session whose previous session was at `prev`
/// (unix seconds): on or after that day (or month, for a month-only date).
pub fn is_novel(date: (i64, i64, i64), prev: i64) -> bool {
    let (y, m, d) = civil_from_days(prev.div_euclid(86_400));
    if date.2 == 0 {
        (date.0, date.1) >= (y, m)
    } else {
        (date.0, date.1, date.2) >= (y, m, d)
    }
}

/// Judged novel vs truly novel, over dated targets.
#[derive(Default, Clone, Copy)]
struct Pr {
    judged: usize,
    hit: usize,
}

#[derive(Default)]
struct SiteCounts {
    sessions: usize,
    unidentified: usize,
    dated: usize,
    novel: usize,
    certain: Pr,
    positive: [Pr; 3],
    half: [Pr; 3],
    /// Certainly new links (all targets, not only U): dated ones, and novel among them.
    link_dated: usize,
    link_novel: usize,
}

/// The nodes of one session's graph.
#[derive(Default)]
struct Graph {
    index: HashMap<String, usize>,
    kinds: Vec<NodeKind>,
    urls: Vec<String>,
}

impl Graph {
    /// The node of `url` (made with `kind` when new).
    fn node(&mut self, url: &str, kind: NodeKind) -> usize {
        if let Some(&i) = self.index.get(url) {
            return i;
        }
        self.kinds.push(kind);
        self.urls.push(url.to_string());
        self.index.insert(url.to_string(), self.kinds.len() - 1);
        self.kinds.len() - 1
    }
}

struct Ver {
    page: String,
    file: std::path::PathBuf,
    time: i64,
}

fn visits(page: &str, session: usize, percent: u64) -> bool {
    let h = sincelast_core::hash::stable_hash(&format!("{page}#{session}"));
    h % 100 < percent
}

/// The normalised links of a version (extracted as the product does).
fn links_of(
    v: &Ver,
    url: &str,
    cache: &mut HashMap<std::path::PathBuf, Vec<String>>,
) -> Vec<String> {
    if let Some(l) = cache.get(&v.file) {
        return l.clone();
    }
    let mut seen = HashSet::new();
    let out: Vec<String> = extract_file(&v.file, url)
        .map(|(_, blocks)| {
            blocks
                .iter()
                .flat_map(|b| b.links.iter())
                .filter_map(|l| normalize_link(l))
                .filter(|l| seen.insert(l.clone()))
                .collect()
        })
        .unwrap_or_default();
    cache.insert(v.file.clone(), out.clone());
    out
}

fn evaluate_site(
    pages: &BTreeMap<String, Vec<Ver>>,
    front: &str,
    url_of: &dyn Fn(&str) -> String,
    percent: u64,
    cache: &mut HashMap<std::path::PathBuf, Vec<String>>,
) -> SiteCounts {
    let mut c = SiteCounts::default();
    let Some(front_vers) = pages.get(front) else {
        return c;
    };
    let sessions: Vec<i64> = front_vers.iter().map(|v| v.time).collect();
    let mut seen: HashSet<String> = HashSet::new();
    // Per page: the session of its last visit and its links then.
    let mut last: HashMap<String, (usize, Vec<String>)> = HashMap::new();
    for (k, &t) in sessions.iter().enumerate() {
        // W(k): (page url, links, in L2, certainly new links).
        let mut visited: Vec<(String, Vec<String>, bool, Vec<String>)> = Vec::new();
        for (page, vers) in pages {
            if !visits(page, k, percent) {
                continue;
            }
            let Some(v) = vers.iter().rev().find(|v| v.time <= t + 1800) else {
                continue;
            };
            let url = url_of(page);
            let links = links_of(v, &url, cache);
            let (both, fresh) = match last.get(page) {
                Some((s, before)) if *s + 1 == k => (
                    true,
                    new_links(
                        Some(&url),
                        before.iter().map(String::as_str),
                        links.iter().map(String::as_str),
                    ),
                ),
                _ => (false, Vec::new()),
            };
            last.insert(page.clone(), (k, links.clone()));
            visited.push((url, links, both, fresh));
        }
        if k == 0 {
            for (url, links, _, _) in &visited {
                seen.insert(url.clone());
                seen.extend(links.iter().cloned());
            }
            continue;
        }
        c.sessions += 1;
        let prev = sessions[k - 1];
        // The graph of session k.
        let mut g = Graph::default();
        for (url, _, both, _) in &visited {
            g.node(url, if *both { NodeKind::Both } else { NodeKind::Old });
        }
        let mut edges = Vec::new();
        let mut certain_targets: HashSet<String> = HashSet::new();
        for (url, links, _, fresh) in &visited {
            let from = g.index[url.as_str()];
            for l in links {
                let kind = if seen.contains(l) {
                    NodeKind::Old
                } else {
                    NodeKind::Unidentified
                };
                let to = g.node(l, kind);
                if to != from {
                    edges.push(Edge {
                        from,
                        to,
                        certain: false,
                    });
                }
            }
            for f in fresh {
                certain_targets.insert(f.clone());
            }
        }
        let Graph { kinds, urls, .. } = g;
        for f in &certain_targets {
            if let Some(d) = url_date(f) {
                c.link_dated += 1;
                c.link_novel += is_novel(d, prev) as usize;
            }
        }
        let scores: Vec<Vec<f64>> = DELTAS
            .iter()
            .map(|&d| novelty(&kinds, &edges, d, 20).unwrap_or_default())
            .collect();
        // A U target reached by a link from an L2 page: certainly new.
        let mut from_l2 = vec![false; kinds.len()];
        for e in &edges {
            if kinds[e.from] == NodeKind::Both {
                from_l2[e.to] = true;
            }
        }
        for p in 0..kinds.len() {
            if kinds[p] != NodeKind::Unidentified {
                continue;
            }
            c.unidentified += 1;
            let Some(date) = url_date(&urls[p]) else {
                continue;
            };
            let novel = is_novel(date, prev);
            c.dated += 1;
            c.novel += novel as usize;
            let add = |pr: &mut Pr, judged: bool| {
                if judged {
                    pr.judged += 1;
                    pr.hit += novel as usize;
                }
            };
            add(&mut c.certain, from_l2[p]);
            for (i, s) in scores.iter().enumerate() {
                let n = s.get(p).copied().unwrap_or(0.0);
                add(&mut c.positive[i], n > 0.0);
                add(&mut c.half[i], n >= 0.5);
            }
        }
        for (url, links, _, _) in &visited {
            seen.insert(url.clone());
            seen.extend(links.iter().cloned());
        }
    }
    c
}

fn pr(p: Pr, novel: usize) -> String {
    format!(
        "{}/{}",
        pct(ratio(p.hit, p.judged)),
        pct(ratio(p.hit, novel))
    )
}

/// Runs the section.
pub fn run(ctx: &Ctx) -> Result<(), String> {
    let mut sites: Vec<(String, [SiteCounts; 2])> = Vec::new();
    let news = ctx.data.join("news-frontpages-de-2022-2026");
    if news.is_dir() {
        let t = Table::read(&news.join("manifest.csv"))?;
        let mut by_site: BTreeMap<String, BTreeMap<String, Vec<Ver>>> = BTreeMap::new();
        let mut dirs: HashMap<String, std::path::PathBuf> = HashMap::new();
        for r in &t.rows {
            let id = t.get(r, "id").to_string();
            if id.contains("impressum") || id.contains("datenschutz") || id.contains("status") {
                continue;
            }
            let Some(time) = parse_time(t.get(r, "commit_time_utc")) else {
                continue;
            };
            if !dirs.contains_key(&id) {
                let dir = unpack(
                    &news.join(format!("versions/{id}.tar.zst")),
                    &ctx.cache.join("news"),
                    &id,
                )?;
                dirs.insert(id.clone(), dir);
            }
            let site = id.split('_').next().unwrap_or(&id).to_string();
            by_site
                .entry(site)
                .or_default()
                .entry(id.clone())
                .or_default()
                .push(Ver {
                    page: id.clone(),
                    file: dirs[&id].join(t.get(r, "version_file")),
                    time,
                });
        }
        for (site, mut pages) in by_site {
            for vers in pages.values_mut() {
                vers.sort_by_key(|v| v.time);
            }
            let front = format!("{site}_index.html");
            let url_of = |page: &str| {
                let rest = page.split_once('_').map_or("", |(_, r)| r);
                let rest = if rest == "index.html" { "" } else { rest };
                format!("https://www.{site}/{rest}")
            };
            let mut cache = HashMap::new();
            let counts =
                VISIT_PERCENTS.map(|pc| evaluate_site(&pages, &front, &url_of, pc, &mut cache));
            debug_assert!(pages.values().flatten().all(|v| !v.page.is_empty()));
            sites.push((format!("{site} ({} pages)", pages.len()), counts));
        }
    }
    let cdr = ctx.data.join("christiandailyreporter-homepage-2018");
    if cdr.is_dir() {
        let t = Table::read(&cdr.join("manifest.csv"))?;
        let dir = unpack(
            &cdr.join("versions/index.html.tar.zst"),
            &ctx.cache.join("cdr"),
            "index.html",
        )?;
        let mut pages: BTreeMap<String, Vec<Ver>> = BTreeMap::new();
        for r in &t.rows {
            if let Some(time) = parse_time(t.get(r, "commit_time_utc")) {
                pages.entry("index".into()).or_default().push(Ver {
                    page: "index".into(),
                    file: dir.join(t.get(r, "version_file")),
                    time,
                });
            }
        }
        for vers in pages.values_mut() {
            vers.sort_by_key(|v| v.time);
        }
        let mut cache = HashMap::new();
        let url_of = |_: &str| "https://www.christiandailyreporter.com/".to_string();
        let counts =
            VISIT_PERCENTS.map(|pc| evaluate_site(&pages, "index", &url_of, pc, &mut cache));
        sites.push(("christiandailyreporter.com (1 page)".into(), counts));
    }
    if sites.is_empty() {
        return Err("no news front pages in the data folder".into());
    }
    println!("\nLinks. Certainly new links and the novelty score (Toyoda & Kitsuregawa) on news front pages");
    println!(
        "   Sessions = the front page's versions; at a session each front/section page is visited"
    );
    println!(
        "   (a) every time: consecutive versions as visits; (b) with probability 70% (fixed hash):"
    );
    println!("   the paper's unstable snapshots. U = link targets first seen at the session; truth = the");
    println!("   date in the URL on or after the previous session's date (day, or month when only a month).");
    println!(
        "   Cells: precision/recall over dated U targets. base = every U target judged new (its"
    );
    println!("   precision is the share of truly new ones). certain = reached by a link from a page seen at");
    println!("   both sessions. N>0 and N≥0.5 at δ = 0 / 0.1 (the paper's) / 0.3, 20 iterations.");
    println!("   links P = precision of all certainly new links with a dated target (not only U).");
    for (v, percent) in VISIT_PERCENTS.iter().enumerate() {
        println!(
            "\n   ({}) every page visited at {percent}% of the sessions",
            ['a', 'b'][v]
        );
        let mut rows = vec![vec![
            "site".to_string(),
            "sess".into(),
            "U".into(),
            "dated".into(),
            "base P".into(),
            "certain P/R".into(),
            "N>0 δ=.1".into(),
            "N≥.5 δ=0".into(),
            "N≥.5 δ=.1".into(),
            "N≥.5 δ=.3".into(),
            "links P (n)".into(),
        ]];
        let mut total = SiteCounts::default();
        for (name, counts) in &sites {
            let c = &counts[v];
            rows.push(row(name, c));
            total.sessions += c.sessions;
            total.unidentified += c.unidentified;
            total.dated += c.dated;
            total.novel += c.novel;
            total.link_dated += c.link_dated;
            total.link_novel += c.link_novel;
            let sum = |a: Pr, b: Pr| Pr {
                judged: a.judged + b.judged,
                hit: a.hit + b.hit,
            };
            total.certain = sum(total.certain, c.certain);
            for i in 0..3 {
                total.positive[i] = sum(total.positive[i], c.positive[i]);
                total.half[i] = sum(total.half[i], c.half[i]);
            }
        }
        rows.push(row("all sites", &total));
        print_table(&rows);
    }
    println!("   N>0 is the same at every δ here (only the scale changes: the visited pages are the only");
    println!("   sources, so U targets have no out-links); δ matters through the threshold: N ≥ 0.5 needs");
    println!("   more than half of a page's in-links to be certainly new at δ = 0, 56% at 0.1, 71% at 0.3.");
    Ok(())
}

fn row(name: &str, c: &SiteCounts) -> Vec<String> {
    vec![
        name.to_string(),
        c.sessions.to_string(),
        c.unidentified.to_string(),
        c.dated.to_string(),
        pct(ratio(c.novel, c.dated)),
        pr(c.certain, c.novel),
        pr(c.positive[1], c.novel),
        pr(c.half[0], c.novel),
        pr(c.half[1], c.novel),
        pr(c.half[2], c.novel),
        format!(
            "{} ({})",
            pct(ratio(c.link_novel, c.link_dated)),
            c.link_dated
        ),
    ]
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn dates_in_urls() {
        assert_eq!(
            url_date("https://nypost.com/2018/09/12/city-council/"),
            Some((2018, 9, 12))
        );
        assert_eq!(
            url_date("http://www.chinaaid.org/2018/09/church-raided.html"),
            Some((2018, 9, 0))
        );
        assert_eq!(
            url_date("https://www.zeit.de/politik/2022-01/impfpflicht"),
            Some((2022, 1, 0))
        );
        assert_eq!(
            url_date("https://x.example/news/20220129-story"),
            Some((2022, 1, 29))
        );
        assert_eq!(
            url_date("https://www.sueddeutsche.de/panorama/x-dpa.urn-newsml-dpa-com-20090101-220129-99-895811"),
            Some((2022, 1, 29))
        );
        // Ids that only look like dates, years in titles, images: none.
        assert_eq!(
            url_date("https://www.heise.de/news/Fotonews-52-2024-10219358.html"),
            None
        );
        assert_eq!(
            url_date("https://www.welt.de/politik/article236541234/x.html"),
            None
        );
        assert_eq!(url_date("https://images.t-online.de/2025/08/x.jpg"), None);
        assert_eq!(url_date("https://www.2022.example/"), None);
    }

    #[test]
    fn novel_on_or_after_the_previous_session() {
        let prev = 1_643_400_000; // 2022-01-28T20:00:00Z
        assert!(is_novel((2022, 1, 28), prev));
        assert!(is_novel((2022, 1, 0), prev));
        assert!(!is_novel((2022, 1, 27), prev));
        assert!(!is_novel((2021, 12, 0), prev));
    }
}
