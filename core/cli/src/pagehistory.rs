//! `sincelast history`, `curve` and `lifespans`: a page's life over time from a folder of its
//! saved versions (the same folder `diff --history` reads; see [`crate::history`]). The figures
//! come from `sincelast_core::history::analyze`, the function the extension's history page calls
//! through the bindings: the same versions give the same figures.

use std::collections::{BTreeMap, HashSet};
use std::fmt::Write;
use std::path::Path;

use sincelast_core::classify::site::SiteState;
use sincelast_core::history::{analyze, Analysis, HistoryInput, HistoryVersion};
use sincelast_core::visit::{visit, Version as PageVersion, VisitInput};

use crate::history::{scan, Version};
use crate::input;
use crate::render::terminal_safe;

/// One page's versions read from a folder, the analysis, and each version's meaningful-change
/// count (`None` for the first).
pub struct PageHistory {
    /// The page's name in the folder.
    pub page: String,
    /// The files, oldest first.
    pub files: Vec<String>,
    /// The analysis.
    pub analysis: Analysis,
    /// Meaningful changes per version, as a revisit would have shown them.
    pub meaningful: Vec<Option<usize>>,
    /// The versions analysed (for `--format parquet`).
    pub versions: Vec<HistoryVersion>,
}

/// Reads `dir`, picks the page (`page`, else the one with the most versions, named on stderr
/// when the folder holds several) and analyses it. Every file's distinct blocks form the
/// collection the terms' divergence is measured against.
pub fn load(dir: &Path, page: Option<&str>) -> Result<PageHistory, String> {
    let all = scan(dir)?;
    let mut by_page: BTreeMap<&str, Vec<&Version>> = BTreeMap::new();
    for v in &all {
        by_page.entry(v.page.as_str()).or_default().push(v);
    }
    let chosen: String = match page {
        Some(p) => {
            if !by_page.contains_key(p) {
                let names: Vec<&str> = by_page.keys().copied().collect();
                return Err(format!(
                    "{}: no page named {p:?} (pages: {})",
                    dir.display(),
                    names.join(", ")
                ));
            }
            p.to_string()
        }
        None => {
            let (name, _) = by_page
                .iter()
                .max_by(|a, b| a.1.len().cmp(&b.1.len()).then_with(|| b.0.cmp(a.0)))
                .ok_or_else(|| format!("{}: no .html files", dir.display()))?;
            if by_page.len() > 1 {
                eprintln!(
                    "sincelast: {} pages in the folder; showing {} ({} versions; choose with --page)",
                    by_page.len(),
                    terminal_safe(name),
                    by_page[name].len()
                );
            }
            name.to_string()
        }
    };
    let mut versions: Vec<HistoryVersion> = Vec::new();
    let mut files = Vec::new();
    let mut collection: Vec<String> = Vec::new();
    let mut seen: HashSet<String> = HashSet::new();
    let mut meaningful = Vec::new();
    let mut model = SiteState::new();
    let mut last: std::collections::HashMap<String, (i64, sincelast_core::Page)> =
        Default::default();
    for v in &all {
        let page = match input::load_page(&v.path, None) {
            Ok(p) => p,
            Err(e) => {
                eprintln!("sincelast: skipping {}", terminal_safe(&e));
                continue;
            }
        };
        for b in &page.blocks {
            if seen.insert(b.text.clone()) {
                collection.push(b.text.clone());
            }
        }
        // The site learns from every version, as the extension's visits do.
        let previous = last.get(&v.page).map(|(t, prev)| PageVersion {
            time: Some(*t),
            blocks: &prev.blocks,
        });
        let outcome = visit(
            &VisitInput {
                url: &v.page,
                previous,
                current: PageVersion {
                    time: Some(v.time),
                    blocks: &page.blocks,
                },
            },
            &mut model,
        );
        if v.page == chosen {
            meaningful.push(outcome.summary.map(|s| s.meaningful));
            files.push(v.path.display().to_string());
            versions.push(HistoryVersion {
                time: v.time,
                blocks: page.blocks.clone(),
            });
        }
        last.insert(v.page.clone(), (v.time, page));
    }
    if versions.is_empty() {
        return Err(format!(
            "{}: no readable version of {chosen}",
            dir.display()
        ));
    }
    let input = HistoryInput {
        versions,
        collection,
    };
    let analysis = analyze(&input);
    Ok(PageHistory {
        page: chosen,
        files,
        analysis,
        meaningful,
        versions: input.versions,
    })
}

/// `YYYY-mm-dd HH:MM UTC` of Unix seconds.
pub fn when(t: i64) -> String {
    let (y, m, d) = sincelast_core::calendar::civil_from_days(t.div_euclid(86_400));
    let s = t.rem_euclid(86_400);
    format!(
        "{y:04}-{m:02}-{d:02} {:02}:{:02} UTC",
        s / 3600,
        s % 3600 / 60
    )
}

fn pct(x: Option<f64>) -> String {
    x.map_or("—".to_string(), |v| format!("{:.1}%", v * 100.0))
}

/// The timeline and summary a person reads.
pub fn history_text(h: &PageHistory) -> String {
    let a = &h.analysis;
    let mut out = String::new();
    let _ = writeln!(out, "{}: {} versions", h.page, a.timeline.len());
    let _ = writeln!(
        out,
        "{:<22} {:>7} {:>7} {:>11} {:>6} {:>7}",
        "time", "blocks", "words", "meaningful", "Dice", "+/−"
    );
    for (e, m) in a.timeline.iter().zip(&h.meaningful) {
        let _ = writeln!(
            out,
            "{:<22} {:>7} {:>7} {:>11} {:>6} {:>7}",
            when(e.time),
            e.blocks,
            e.words,
            m.map_or("first".to_string(), |m| m.to_string()),
            e.dice_previous
                .map_or("—".to_string(), |d| format!("{d:.3}")),
            if e.index == 0 {
                String::new()
            } else {
                format!("+{}/−{}", e.words_added, e.words_removed)
            }
        );
    }
    let _ = writeln!(out, "\nchange curve: {}", a.curve.words);
    let list = |t: &[sincelast_core::history::terms::Term]| {
        t.iter()
            .map(|x| x.term.as_str())
            .collect::<Vec<_>>()
            .join(", ")
    };
    let _ = writeln!(
        out,
        "characteristic terms: {}",
        list(&a.terms.characteristic)
    );
    let _ = writeln!(out, "ephemeral terms: {}", list(&a.terms.ephemeral));
    out
}

/// The curve as text: points, both fits, the class.
pub fn curve_text(h: &PageHistory) -> String {
    let c = &h.analysis.curve;
    let mut out = String::new();
    let _ = writeln!(out, "{}: {}", h.page, c.words);
    if c.needs_visits > 0 {
        return out;
    }
    for (name, f) in [("exact", &c.exact), ("heuristic", &c.heuristic)] {
        if let Some(f) = f {
            let _ = writeln!(
                out,
                "{name} fit: knot at {:.0} h, Dice {:.3}; slopes {:.5} then {:.5} per hour; squared error {:.5}",
                f.knot_hours, f.knot_dice, f.first.slope, f.second.slope, f.sse
            );
        }
    }
    let _ = writeln!(out, "{:>8} {:>7} {:>6}", "hours", "Dice", "pairs");
    for p in &c.points {
        let _ = writeln!(out, "{:>8} {:>7.4} {:>6}", p.hours, p.dice, p.pairs);
    }
    out
}

/// The curve as CSV: one row per point with both fits' values.
pub fn curve_csv(h: &PageHistory) -> String {
    let c = &h.analysis.curve;
    let mut out = String::from("hours,dice,pairs,exact_fit,heuristic_fit\n");
    let value = |f: &Option<sincelast_core::history::curve::Fit>, x: f64| {
        f.as_ref().map_or(String::new(), |f| {
            let s = if x <= f.knot_hours {
                &f.first
            } else {
                &f.second
            };
            format!("{:.6}", s.at(x))
        })
    };
    for p in &c.points {
        let _ = writeln!(
            out,
            "{},{:.6},{},{},{}",
            p.hours,
            p.dice,
            p.pairs,
            value(&c.exact, p.hours),
            value(&c.heuristic, p.hours)
        );
    }
    out
}

/// The curve as a self-contained SVG: points, the exact fit's segments, the knot, the class in
/// words as the title.
pub fn curve_svg(h: &PageHistory) -> String {
    let c = &h.analysis.curve;
    let (w, ht, m) = (640.0, 320.0, 40.0);
    let max_x = c.points.last().map_or(1.0, |p| p.hours).max(1.0);
    let x = |h: f64| m + h / max_x * (w - 2.0 * m);
    let y = |d: f64| ht - m - d.clamp(0.0, 1.0) * (ht - 2.0 * m);
    let esc = crate::render::escape;
    let mut out = String::new();
    let _ = writeln!(
        out,
        r#"<svg xmlns="http://www.w3.org/2000/svg" width="{w}" height="{ht}" viewBox="0 0 {w} {ht}" role="img" aria-labelledby="t d">"#
    );
    let _ = writeln!(
        out,
        r#"<title id="t">Change curve of {}</title>"#,
        esc(&h.page)
    );
    let _ = writeln!(out, r#"<desc id="d">{}</desc>"#, esc(&c.words));
    let _ = writeln!(
        out,
        r##"<rect width="{w}" height="{ht}" fill="#fff"/><path d="M{m} {m}V{b}H{r}" fill="none" stroke="#333"/>"##,
        b = ht - m,
        r = w - m
    );
    let _ = writeln!(
        out,
        r##"<text x="{m}" y="{t}" font-size="12">Dice 1</text><text x="{m}" y="{b}" font-size="12">0</text><text x="{r}" y="{b2}" font-size="12" text-anchor="end">{max_x} h</text>"##,
        t = m - 6.0,
        b = ht - m + 14.0,
        r = w - m,
        b2 = ht - m + 14.0
    );
    let pts: Vec<String> = c
        .points
        .iter()
        .map(|p| format!("{:.1},{:.1}", x(p.hours), y(p.dice)))
        .collect();
    let _ = writeln!(
        out,
        r##"<polyline points="{}" fill="none" stroke="#2563eb" stroke-width="1.5"/>"##,
        pts.join(" ")
    );
    if let Some(f) = &c.exact {
        for s in [&f.first, &f.second] {
            let _ = writeln!(
                out,
                r##"<line x1="{:.1}" y1="{:.1}" x2="{:.1}" y2="{:.1}" stroke="#b45309" stroke-dasharray="6 3" stroke-width="2"/>"##,
                x(s.from_hours),
                y(s.at(s.from_hours)),
                x(s.to_hours),
                y(s.at(s.to_hours))
            );
        }
    }
    if let (Some(kh), Some(kd)) = (c.knot_hours, c.knot_dice) {
        let _ = writeln!(
            out,
            r##"<circle cx="{:.1}" cy="{:.1}" r="5" fill="none" stroke="#b45309" stroke-width="2"/><text x="{:.1}" y="{:.1}" font-size="12">knot: {kh:.0} h, Dice {kd:.2}</text>"##,
            x(kh),
            y(kd),
            x(kh) + 8.0,
            y(kd) - 8.0
        );
    }
    let _ = writeln!(
        out,
        r##"<text x="{m}" y="{}" font-size="13">{}</text>"##,
        ht - 8.0,
        esc(&c.words)
    );
    out.push_str("</svg>\n");
    out
}

/// The survival table and the shortest element lifespans.
pub fn lifespans_text(h: &PageHistory) -> String {
    let l = &h.analysis.lifespans;
    let mut out = String::new();
    let _ = writeln!(
        out,
        "{}: {} versions over {:.1} hours",
        h.page, l.versions, l.span_hours
    );
    let _ = writeln!(
        out,
        "{:<10} {:>18} {:>18}",
        "alive after", "elements (by path)", "content (by text)"
    );
    for r in &l.survival {
        let _ = writeln!(
            out,
            "{:<10} {:>18} {:>18}",
            r.after,
            format!("{} of {}", pct(r.elements), r.elements_observed),
            format!("{} of {}", pct(r.content), r.content_observed)
        );
    }
    let _ = writeln!(
        out,
        "\nshortest-lived elements (path, hours, versions, texts):"
    );
    for e in l.elements.iter().take(20) {
        let _ = writeln!(
            out,
            "  {:<50} {:>8.1} {:>4} {:>4}{}",
            e.key,
            e.hours,
            e.versions,
            e.changes,
            if e.alive { "  (still there)" } else { "" }
        );
    }
    out
}

/// The JSON of the analysis, with the page, the files and the meaningful counts.
pub fn json(h: &PageHistory) -> Result<String, String> {
    #[derive(serde::Serialize)]
    struct Out<'a> {
        page: &'a str,
        files: &'a [String],
        meaningful: &'a [Option<usize>],
        #[serde(flatten)]
        analysis: &'a Analysis,
    }
    let mut s = serde_json::to_string_pretty(&Out {
        page: &h.page,
        files: &h.files,
        meaningful: &h.meaningful,
        analysis: &h.analysis,
    })
    .map_err(|e| e.to_string())?;
    s.push('\n');
    Ok(s)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn when_formats_utc() {
        assert_eq!(when(0), "1970-01-01 00:00 UTC");
        assert_eq!(when(1_643_364_000), "2022-01-28 10:00 UTC");
    }
}
