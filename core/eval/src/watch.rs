//! The learned check schedule (`sincelast_core::watch::schedule`) against a fixed 30-minute
//! interval, on real change histories: website-stalker-text-versions (345 pages of 3 public
//! repositories that commit a page's selected text whenever it changes, so each version's time
//! is a moment the page changed, within the stalker's own polling).
//!
//! Each page is replayed from its first version to one day after its last. The fixed schedule
//! checks every 30 minutes; the learned one starts from its first version, asks
//! [`plan`] for the next interval after every check, and observes what a check would: whether
//! the text differs from the previous check's (meaningful: these are hand-selected regions), and
//! the fragment staleness between them. Per schedule:
//! - **checks**: how many fetches it makes;
//! - **missed**: versions never seen by any check (replaced before the next check came);
//! - **delay**: from a version's appearance to the first check at or after it (median and 90th
//!   percentile over the versions, seen or not).

use std::collections::BTreeMap;
use std::path::Path;

use sincelast_core::metrics::{fragment_staleness, word_hashes};
use sincelast_core::watch::schedule::{plan, Check, ScheduleOptions};

use crate::{print_table, Ctx};
use sincelast_eval::{parse_time, unpack, Table};

const FIXED: i64 = 1800;
const TAIL: i64 = 86_400;
const KEPT: usize = 20;

/// One page's versions: (time, text), oldest first, consecutive duplicates merged.
type History = Vec<(i64, String)>;

#[derive(Default, Clone)]
struct Tally {
    pages: usize,
    versions: usize,
    fixed_checks: u64,
    learned_checks: u64,
    fixed_missed: usize,
    learned_missed: usize,
    fixed_delays: Vec<i64>,
    learned_delays: Vec<i64>,
}

impl Tally {
    fn merge(&mut self, o: &Tally) {
        self.pages += o.pages;
        self.versions += o.versions;
        self.fixed_checks += o.fixed_checks;
        self.learned_checks += o.learned_checks;
        self.fixed_missed += o.fixed_missed;
        self.learned_missed += o.learned_missed;
        self.fixed_delays.extend(&o.fixed_delays);
        self.learned_delays.extend(&o.learned_delays);
    }
}

fn quantile(v: &mut [i64], q: f64) -> Option<i64> {
    if v.is_empty() {
        return None;
    }
    v.sort_unstable();
    let k = ((v.len() - 1) as f64 * q).round() as usize;
    Some(v[k])
}

fn hours(s: Option<i64>) -> String {
    match s {
        None => "—".into(),
        Some(s) if s < 3600 => format!("{} min", s / 60),
        Some(s) => format!("{:.1} h", s as f64 / 3600.0),
    }
}

/// The state (version index) of the page at time `t`.
fn state(h: &History, t: i64) -> usize {
    h.partition_point(|(vt, _)| *vt <= t).saturating_sub(1)
}

/// Replays one page under both schedules.
fn replay(h: &History, opts: &ScheduleOptions) -> Tally {
    let t0 = h[0].0;
    let end = h[h.len() - 1].0 + TAIL;
    let mut t = Tally {
        pages: 1,
        versions: h.len() - 1,
        fixed_checks: ((end - t0) / FIXED) as u64,
        ..Default::default()
    };
    // Fixed: the first check at or after a version's time is the next multiple of 30 min.
    for j in 1..h.len() {
        let v = h[j].0;
        let first = t0 + (v - t0 + FIXED - 1) / FIXED * FIXED;
        let next = h.get(j + 1).map_or(end + 1, |x| x.0);
        if first >= next {
            t.fixed_missed += 1;
        }
        t.fixed_delays.push(first - v);
    }
    // Learned.
    let hashes: Vec<Vec<u64>> = h.iter().map(|(_, text)| word_hashes(text)).collect();
    let mut checks = vec![Check {
        time: t0,
        span: 0,
        ok: true,
        meaningful: false,
        staleness: 0.0,
    }];
    let mut times = vec![t0];
    while let Ok(p) = plan(&checks, opts) {
        let prev = checks[checks.len() - 1].time;
        let now = prev + p.interval_secs as i64;
        if now > end {
            break;
        }
        let (a, b) = (state(h, prev), state(h, now));
        let staleness = if a == b {
            0.0
        } else {
            fragment_staleness(&hashes[a], &hashes[b], 5)
        };
        checks.push(Check {
            time: now,
            span: now - prev,
            ok: true,
            meaningful: a != b,
            staleness,
        });
        if checks.len() > KEPT {
            checks.remove(0);
        }
        times.push(now);
    }
    t.learned_checks = (times.len() - 1) as u64;
    for j in 1..h.len() {
        let v = h[j].0;
        let k = times.partition_point(|&c| c < v);
        let next = h.get(j + 1).map_or(end + 1, |x| x.0);
        match times.get(k) {
            Some(&c) => {
                if c >= next {
                    t.learned_missed += 1;
                }
                t.learned_delays.push(c - v);
            }
            None => {
                t.learned_missed += 1;
                t.learned_delays.push(end - v);
            }
        }
    }
    t
}

/// website-stalker stores a page under its host name reversed: `bike/donkey/…` is donkey.bike.
fn site_of(path: &str) -> String {
    let parts: Vec<&str> = path.split('/').collect();
    if parts[0] == "sites" && parts.len() >= 2 {
        // One repository keeps every page under sites/<name>.md.
        parts[1].trim_end_matches(".md").to_string()
    } else if parts.len() >= 3 {
        format!("{}.{}", parts[1], parts[0])
    } else {
        parts[0].trim_end_matches(".md").to_string()
    }
}

fn histories(ctx: &Ctx) -> Result<Vec<(String, History)>, String> {
    let root = ctx.data.join("website-stalker-text-versions");
    if !root.is_dir() {
        return Err(format!("{} is absent", root.display()));
    }
    let mut out = Vec::new();
    let mut repos: Vec<_> = std::fs::read_dir(&root)
        .map_err(|e| e.to_string())?
        .filter_map(|e| e.ok())
        .filter(|e| e.path().join("manifest.csv").exists())
        .map(|e| e.path())
        .collect();
    repos.sort();
    for repo in repos {
        let name = repo
            .file_name()
            .unwrap_or_default()
            .to_string_lossy()
            .to_string();
        let table = Table::read(&repo.join("manifest.csv"))?;
        let mut paths: BTreeMap<String, String> = BTreeMap::new();
        for row in &table.rows {
            paths.insert(
                table.get(row, "id").to_string(),
                table.get(row, "path").to_string(),
            );
        }
        for (id, path) in paths {
            let archive = repo.join("versions").join(format!("{id}.tar.zst"));
            if !archive.exists() {
                continue;
            }
            let dir = unpack(&archive, &ctx.cache.join("stalker").join(&name), &id)?;
            let h = read_history(&dir)?;
            if h.len() >= 2 {
                out.push((site_of(&path), h));
            }
        }
    }
    Ok(out)
}

fn read_history(dir: &Path) -> Result<History, String> {
    let mut files = Vec::new();
    let mut stack = vec![dir.to_path_buf()];
    while let Some(d) = stack.pop() {
        for e in std::fs::read_dir(&d).map_err(|e| e.to_string())?.flatten() {
            let p = e.path();
            if p.is_dir() {
                stack.push(p);
            } else if let Some(t) = p.file_name().and_then(|n| n.to_str()).and_then(parse_time) {
                files.push((t, p));
            }
        }
    }
    files.sort();
    let mut h: History = Vec::new();
    for (t, p) in files {
        let text =
            String::from_utf8_lossy(&std::fs::read(&p).map_err(|e| e.to_string())?).into_owned();
        if h.last().is_some_and(|(_, last)| *last == text) {
            continue;
        }
        if h.last().is_some_and(|(lt, _)| *lt >= t) {
            continue;
        }
        h.push((t, text));
    }
    Ok(h)
}

/// Prints the table.
pub fn run(ctx: &Ctx) -> Result<(), String> {
    let pages = histories(ctx)?;
    let opts = ScheduleOptions::default();
    let mut by_site: BTreeMap<String, Tally> = BTreeMap::new();
    let mut total = Tally::default();
    for (site, h) in &pages {
        let t = replay(h, &opts);
        by_site.entry(site.clone()).or_default().merge(&t);
        total.merge(&t);
    }
    println!("\n## Watch schedule: learned vs every 30 minutes (website-stalker-text-versions)");
    println!(
        "Each page replayed from its first version to a day after its last; a version = a change."
    );
    println!("Defaults: 30 min – 7 days, window 10 checks, target: 30% of checks find a change.");
    let header = || {
        vec![
            "site".to_string(),
            "pages".into(),
            "changes".into(),
            "checks 30min".into(),
            "checks learned".into(),
            "saved".into(),
            "missed 30min".into(),
            "missed learned".into(),
            "median delay 30min".into(),
            "median delay learned".into(),
            "p90 delay learned".into(),
        ]
    };
    let line = |name: &str, t: &Tally| {
        let mut fd = t.fixed_delays.clone();
        let mut ld = t.learned_delays.clone();
        vec![
            name.to_string(),
            t.pages.to_string(),
            t.versions.to_string(),
            t.fixed_checks.to_string(),
            t.learned_checks.to_string(),
            format!(
                "{:.1}%",
                100.0 * (1.0 - t.learned_checks as f64 / t.fixed_checks.max(1) as f64)
            ),
            t.fixed_missed.to_string(),
            t.learned_missed.to_string(),
            hours(quantile(&mut fd, 0.5)),
            hours(quantile(&mut ld, 0.5)),
            hours(quantile(&mut ld, 0.9)),
        ]
    };
    let mut sites: Vec<(&String, &Tally)> = by_site.iter().collect();
    sites.sort_by(|a, b| b.1.versions.cmp(&a.1.versions).then(a.0.cmp(b.0)));
    let shown = if ctx.verbose { sites.len() } else { 20 };
    let mut rows = vec![header()];
    for (name, t) in sites.iter().take(shown) {
        rows.push(line(name, t));
    }
    if sites.len() > shown {
        let mut rest = Tally::default();
        for (_, t) in &sites[shown..] {
            rest.merge(t);
        }
        rows.push(line(
            &format!("({} other sites)", sites.len() - shown),
            &rest,
        ));
    }
    rows.push(line("all", &total));
    print_table(&rows);

    println!("\nThe same pages, all sites, with other targets (share of checks that should find a change):");
    let mut rows = vec![header()];
    rows[0][0] = "target".into();
    for target in [0.3, 0.2, 0.1, 0.05] {
        let o = ScheduleOptions {
            target_change_share: target,
            ..opts
        };
        let mut all = Tally::default();
        for (_, h) in &pages {
            all.merge(&replay(h, &o));
        }
        rows.push(line(&format!("{target}"), &all));
    }
    print_table(&rows);
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn replay_hand_checked() {
        // Versions at 0, 1000 (replaced at 1500: lives 500 s) and 10 000; end = 10 000 + 1 day.
        let h: History = vec![
            (0, "a b c d e".into()),
            (1000, "a b c d f".into()),
            (1500, "a b c d g".into()),
            (10_000, "x y z".into()),
        ];
        let t = replay(&h, &ScheduleOptions::default());
        assert_eq!(t.versions, 3);
        assert_eq!(t.fixed_checks, (10_000 + 86_400) / 1800);
        // Fixed: 1000 → first check at 1800 (version 2 already): missed; 1500 → 1800 (seen,
        // delay 300); 10 000 → 10 800 (delay 800).
        assert_eq!(t.fixed_missed, 1);
        assert_eq!(t.fixed_delays, vec![800, 300, 800]);
        // Learned: the first check at 1 h (3600) sees version 2; version 1 is missed too.
        assert!(t.learned_missed >= 1);
        assert!(t.learned_checks < t.fixed_checks);
    }
}
