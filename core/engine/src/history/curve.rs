//! The change curve of a page and its knot (Adar et al. §4.2).
//!
//! **Curve.** Up to [`REFERENCES`] reference versions are chosen, biased to the earliest ones
//! (deterministically, so the CLI and the extension agree): evenly spaced over the first half of
//! the history, the first version always included. For every reference `r` and every version
//! `k` seen at or after it, `Dice(D_r, D_k)` of their word sets is put in the bin of their time
//! difference in whole hours; the curve's value at a bin is the mean over its pairs. Bin 0
//! holds each reference against itself (Dice 1): the curve starts at 1.
//!
//! **Knot, the paper's heuristic** ([`fit_heuristic`]): fit one line to the whole curve; its
//! leftmost crossing of the curve is the first guess of the knot; fit a segment to the points up
//! to the knot and move the knot right while that segment's mean-squared error does not
//! increase; fit a second segment from the knot on.
//!
//! **Knot, exact** ([`fit_exact`]): every point is tried as the knot (shared by both segments,
//! each segment at least two points); the knot with the least total squared error wins. With
//! prefix sums of x, y, x², xy and y² each segment's least-squares error is O(1), so the whole
//! search is linear in the number of points.
//!
//! **Class** ([`classify`]): a fit whose knot is past 0 h with the first segment falling
//! clearly faster than the second is *knotted*: the knot's x is how fast the fast-changing part
//! turns over, its y how much of the page is stable. Otherwise one line is fitted: *flat* when
//! it loses less than [`FLAT_DROP`] Dice over the whole span, else *sloped*. The class named in
//! words comes from the exact fit; the heuristic's knot is reported beside it.

use serde::{Deserialize, Serialize};

use super::{ordered, word_sets, HistoryVersion};
use crate::text::sets::dice_sorted;

/// Reference versions (the paper's n = 5).
pub const REFERENCES: usize = 5;
/// Fewest versions before a curve is drawn.
pub const MIN_VERSIONS: usize = 6;
/// Fewest distinct hour bins before a curve is drawn.
pub const MIN_POINTS: usize = 5;
/// A single line losing less Dice than this over the whole span is flat.
pub const FLAT_DROP: f64 = 0.05;
/// Slopes are "nearly equal" (no knot) when they differ by less than this share of the steeper.
pub const SLOPE_TOLERANCE: f64 = 0.25;

/// One point of the curve.
#[derive(Debug, Clone, Copy, PartialEq, Serialize, Deserialize)]
pub struct CurvePoint {
    /// Time since the reference, whole hours (the bin).
    pub hours: f64,
    /// Mean Dice of the pairs in the bin.
    pub dice: f64,
    /// How many (reference, version) pairs the bin holds.
    pub pairs: usize,
}

/// A fitted line `dice = intercept + slope · hours`.
#[derive(Debug, Clone, Copy, PartialEq, Serialize, Deserialize)]
pub struct Segment {
    /// Dice per hour.
    pub slope: f64,
    /// Dice at 0 h.
    pub intercept: f64,
    /// First hour covered.
    pub from_hours: f64,
    /// Last hour covered.
    pub to_hours: f64,
}

impl Segment {
    /// The line's value at `hours`.
    pub fn at(&self, hours: f64) -> f64 {
        self.intercept + self.slope * hours
    }
}

/// A two-segment fit of a curve.
#[derive(Debug, Clone, Copy, PartialEq, Serialize, Deserialize)]
pub struct Fit {
    /// Index of the knot among the points (0 = no knot).
    pub knot_index: usize,
    /// The knot's x: hours since the reference.
    pub knot_hours: f64,
    /// The knot's y: the fitted Dice at the knot (mean of both segments' values there).
    pub knot_dice: f64,
    /// The segment up to the knot.
    pub first: Segment,
    /// The segment from the knot on.
    pub second: Segment,
    /// Total squared error of both segments.
    pub sse: f64,
}

/// The class of a curve.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum CurveClass {
    /// Two segments, the "hockey stick".
    Knotted,
    /// One unchanging line.
    Flat,
    /// One sloped line with no knot.
    Sloped,
}

/// A page's change curve, fits and class.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct CurveReport {
    /// Number of versions read.
    pub versions: usize,
    /// Indices (oldest = 0) of the reference versions.
    pub references: Vec<usize>,
    /// The curve, by hour.
    pub points: Vec<CurvePoint>,
    /// The paper's heuristic fit (`None` with too few points).
    pub heuristic: Option<Fit>,
    /// The exact least-squares fit (`None` with too few points).
    pub exact: Option<Fit>,
    /// One line over the whole curve (`None` with too few points).
    pub line: Option<Segment>,
    /// The class (from the exact fit).
    pub class: Option<CurveClass>,
    /// The class's knot (knotted only): hours and Dice.
    pub knot_hours: Option<f64>,
    /// The knot's Dice: the share of the page that is stable (knotted only).
    pub knot_dice: Option<f64>,
    /// How many more visits are needed before a curve is drawn (0 when it is).
    pub needs_visits: usize,
    /// The visits still needed must be at least an hour apart (the page has enough versions
    /// but too few distinct hours).
    #[serde(default)]
    pub needs_spacing: bool,
    /// Flat only: the curve's mean Dice, how much of the page's words stay the same.
    #[serde(default)]
    pub mean_dice: Option<f64>,
    /// Sloped only: Dice lost per day by the one-line fit (`−slope · 24`, at least 0).
    #[serde(default)]
    pub drift_per_day: Option<f64>,
    /// The class in words.
    pub words: String,
}

/// The reference versions of `n` versions: up to [`REFERENCES`], evenly spaced over the first
/// half (rounded up) of the history, the first always included.
pub fn references(n: usize) -> Vec<usize> {
    if n == 0 {
        return Vec::new();
    }
    let half = n.div_ceil(2);
    let count = REFERENCES.min(half);
    let mut out: Vec<usize> = (0..count).map(|i| i * half / count).collect();
    out.dedup();
    out
}

/// The change curve of the versions (any order; sorted by time here).
pub fn curve_points(versions: &[HistoryVersion]) -> (Vec<usize>, Vec<CurvePoint>) {
    let v = ordered(versions);
    let sets = word_sets(&v);
    let refs = references(v.len());
    let mut bins: std::collections::BTreeMap<i64, (f64, usize)> = Default::default();
    for &r in &refs {
        for k in r..v.len() {
            let bin = (v[k].time - v[r].time).max(0) / 3600;
            let d = if k == r {
                1.0
            } else {
                dice_sorted(&sets[r], &sets[k])
            };
            let e = bins.entry(bin).or_insert((0.0, 0));
            e.0 += d;
            e.1 += 1;
        }
    }
    let points = bins
        .into_iter()
        .map(|(h, (sum, n))| CurvePoint {
            hours: h as f64,
            dice: sum / n as f64,
            pairs: n,
        })
        .collect();
    (refs, points)
}

/// Prefix sums of x, y, x², xy, y² for O(1) least squares over any run of points.
struct Sums {
    x: Vec<f64>,
    y: Vec<f64>,
    xx: Vec<f64>,
    xy: Vec<f64>,
    yy: Vec<f64>,
}

impl Sums {
    fn new(p: &[CurvePoint]) -> Sums {
        let mut s = Sums {
            x: vec![0.0],
            y: vec![0.0],
            xx: vec![0.0],
            xy: vec![0.0],
            yy: vec![0.0],
        };
        for q in p {
            s.x.push(s.x[s.x.len() - 1] + q.hours);
            s.y.push(s.y[s.y.len() - 1] + q.dice);
            s.xx.push(s.xx[s.xx.len() - 1] + q.hours * q.hours);
            s.xy.push(s.xy[s.xy.len() - 1] + q.hours * q.dice);
            s.yy.push(s.yy[s.yy.len() - 1] + q.dice * q.dice);
        }
        s
    }

    /// Least-squares line over points `a..=b` and its squared error.
    fn fit(&self, p: &[CurvePoint], a: usize, b: usize) -> (Segment, f64) {
        let n = (b - a + 1) as f64;
        let sx = self.x[b + 1] - self.x[a];
        let sy = self.y[b + 1] - self.y[a];
        let sxx = self.xx[b + 1] - self.xx[a];
        let sxy = self.xy[b + 1] - self.xy[a];
        let syy = self.yy[b + 1] - self.yy[a];
        let vxx = sxx - sx * sx / n;
        let vxy = sxy - sx * sy / n;
        let vyy = syy - sy * sy / n;
        let (slope, sse) = if vxx.abs() < 1e-12 {
            (0.0, vyy)
        } else {
            (vxy / vxx, vyy - vxy * vxy / vxx)
        };
        let intercept = (sy - slope * sx) / n;
        (
            Segment {
                slope,
                intercept,
                from_hours: p[a].hours,
                to_hours: p[b].hours,
            },
            sse.max(0.0),
        )
    }
}

fn two_segments(s: &Sums, p: &[CurvePoint], k: usize) -> Fit {
    let last = p.len() - 1;
    let (first, e1) = s.fit(p, 0, k);
    let (second, e2) = s.fit(p, k, last);
    let x = p[k].hours;
    Fit {
        knot_index: k,
        knot_hours: x,
        knot_dice: (first.at(x) + second.at(x)) / 2.0,
        first,
        second,
        sse: e1 + e2,
    }
}

/// One line over all the points and its squared error.
pub fn fit_line(points: &[CurvePoint]) -> Option<(Segment, f64)> {
    (points.len() >= 2).then(|| Sums::new(points).fit(points, 0, points.len() - 1))
}

/// The paper's heuristic knot (at least three points).
pub fn fit_heuristic(points: &[CurvePoint]) -> Option<Fit> {
    if points.len() < 3 {
        return None;
    }
    let s = Sums::new(points);
    let last = points.len() - 1;
    let (line, _) = s.fit(points, 0, last);
    // The leftmost crossing of the line and the curve: the first point on the other side of
    // the line from point 0 (or on it).
    let side = |i: usize| points[i].dice - line.at(points[i].hours);
    let s0 = side(0);
    let mut k = (1..=last)
        .find(|&i| {
            let si = side(i);
            si == 0.0 || (si > 0.0) != (s0 > 0.0)
        })
        .unwrap_or(0);
    if k == 0 {
        // No crossing: no knot.
        return Some(two_segments(&s, points, 0).with_no_knot(line));
    }
    k = k.clamp(1, last - 1);
    let mse = |k: usize| s.fit(points, 0, k).1 / (k + 1) as f64;
    while k + 1 < last && mse(k + 1) <= mse(k) + 1e-12 {
        k += 1;
    }
    Some(two_segments(&s, points, k))
}

/// The exact least-squares two-segment fit (at least three points).
pub fn fit_exact(points: &[CurvePoint]) -> Option<Fit> {
    if points.len() < 3 {
        return None;
    }
    let s = Sums::new(points);
    let mut best: Option<Fit> = None;
    for k in 1..points.len() - 1 {
        let f = two_segments(&s, points, k);
        if best.as_ref().is_none_or(|b| f.sse < b.sse - 1e-12) {
            best = Some(f);
        }
    }
    best
}

impl Fit {
    fn with_no_knot(mut self, line: Segment) -> Fit {
        self.knot_index = 0;
        self.knot_hours = 0.0;
        self.knot_dice = line.intercept;
        self.first = line;
        self.second = line;
        self
    }
}

/// True when a fit has a knot: past 0 h, first segment falling clearly faster than the second.
pub fn is_knotted(f: &Fit) -> bool {
    let (a, b) = (f.first.slope, f.second.slope);
    f.knot_index > 0
        && f.knot_hours > 0.0
        && a < 0.0
        && a < b
        && (a - b).abs() > SLOPE_TOLERANCE * a.abs().max(b.abs())
}

/// The class of a curve from a fit and the one-line fit.
pub fn classify(points: &[CurvePoint], fit: &Fit, line: &Segment) -> CurveClass {
    if is_knotted(fit) {
        return CurveClass::Knotted;
    }
    let span = points.last().map_or(0.0, |p| p.hours) - points.first().map_or(0.0, |p| p.hours);
    if (line.slope * span).abs() < FLAT_DROP {
        CurveClass::Flat
    } else {
        CurveClass::Sloped
    }
}

/// The change curve of a page, its fits and its class in words.
pub fn change_curve(versions: &[HistoryVersion]) -> CurveReport {
    let n = ordered(versions).len();
    let (references, points) = curve_points(versions);
    let mut report = CurveReport {
        versions: n,
        references,
        points,
        heuristic: None,
        exact: None,
        line: None,
        class: None,
        knot_hours: None,
        knot_dice: None,
        needs_visits: 0,
        needs_spacing: false,
        mean_dice: None,
        drift_per_day: None,
        words: String::new(),
    };
    if n < MIN_VERSIONS {
        report.needs_visits = MIN_VERSIONS - n;
    } else if report.points.len() < MIN_POINTS {
        report.needs_visits = MIN_POINTS - report.points.len();
    }
    if report.needs_visits > 0 {
        let k = report.needs_visits;
        report.needs_spacing = n >= MIN_VERSIONS;
        report.words = format!(
            "not enough history yet: about {k} more visit{} {}before a change curve can be drawn",
            if k == 1 { "" } else { "s" },
            if report.needs_spacing {
                "at least an hour apart "
            } else {
                ""
            }
        );
        return report;
    }
    let p = &report.points;
    let (line, _) = fit_line(p).expect("at least MIN_POINTS points");
    let exact = fit_exact(p).expect("at least three points");
    let class = classify(p, &exact, &line);
    report.words = match class {
        CurveClass::Knotted => {
            report.knot_hours = Some(exact.knot_hours);
            report.knot_dice = Some(exact.knot_dice.clamp(0.0, 1.0));
            let hours = exact.knot_hours.round();
            format!(
                "knotted: its fast-changing part turns over within about {hours} hour{}; about {}% of the page is stable",
                if hours == 1.0 { "" } else { "s" },
                (exact.knot_dice.clamp(0.0, 1.0) * 100.0).round()
            )
        }
        CurveClass::Flat => {
            let mean = p.iter().map(|q| q.dice).sum::<f64>() / p.len() as f64;
            report.mean_dice = Some(mean);
            format!(
                "flat: the page hardly changes (its words stay about {}% the same)",
                (mean * 100.0).round()
            )
        }
        CurveClass::Sloped => {
            let drift = (-line.slope * 24.0).max(0.0);
            report.drift_per_day = Some(drift);
            let points = (drift * 100.0).round();
            format!(
                "sloped: the page drifts steadily with no level reached yet (about {points} percentage point{} of its words per day)",
                if points == 1.0 { "" } else { "s" }
            )
        }
    };
    report.class = Some(class);
    report.heuristic = fit_heuristic(p);
    report.exact = Some(exact);
    report.line = Some(line);
    report
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::history::tests::version;

    fn pts(v: &[(f64, f64)]) -> Vec<CurvePoint> {
        v.iter()
            .map(|&(hours, dice)| CurvePoint {
                hours,
                dice,
                pairs: 1,
            })
            .collect()
    }

    /// A clean hockey stick: falls 0.05 per hour to 0.75 at 5 h, then flat.
    fn hockey(knot: usize, level: f64, total: usize) -> Vec<CurvePoint> {
        let slope = (1.0 - level) / knot as f64;
        pts(&(0..total)
            .map(|h| {
                let y = if h <= knot {
                    1.0 - slope * h as f64
                } else {
                    level
                };
                (h as f64, y)
            })
            .collect::<Vec<_>>())
    }

    #[test]
    fn references_are_early_and_spread() {
        assert_eq!(references(0), Vec::<usize>::new());
        assert_eq!(references(1), vec![0]);
        assert_eq!(references(4), vec![0, 1]);
        assert_eq!(references(10), vec![0, 1, 2, 3, 4]);
        assert_eq!(references(20), vec![0, 2, 4, 6, 8]);
    }

    #[test]
    fn line_fit_by_hand() {
        // y = 1 − 0.1x exactly: slope −0.1, intercept 1, no error.
        let p = pts(&[(0.0, 1.0), (1.0, 0.9), (2.0, 0.8), (3.0, 0.7)]);
        let (l, e) = fit_line(&p).unwrap();
        assert!((l.slope + 0.1).abs() < 1e-12 && (l.intercept - 1.0).abs() < 1e-12);
        assert!(e < 1e-12);
        // (0,0) (1,1) (2,0): slope 0, intercept 1/3, error 2/3.
        let (l, e) = fit_line(&pts(&[(0.0, 0.0), (1.0, 1.0), (2.0, 0.0)])).unwrap();
        assert!(l.slope.abs() < 1e-12 && (l.intercept - 1.0 / 3.0).abs() < 1e-12);
        assert!((e - 2.0 / 3.0).abs() < 1e-12);
    }

    #[test]
    fn exact_fit_finds_a_clean_knot() {
        let p = hockey(5, 0.75, 30);
        let f = fit_exact(&p).unwrap();
        assert_eq!(f.knot_index, 5);
        assert!((f.knot_hours - 5.0).abs() < 1e-9);
        assert!((f.knot_dice - 0.75).abs() < 1e-9);
        assert!((f.first.slope + 0.05).abs() < 1e-9);
        assert!(f.second.slope.abs() < 1e-9);
        assert!(f.sse < 1e-12);
        assert!(is_knotted(&f));
    }

    #[test]
    fn heuristic_and_exact_agree_on_clean_curves() {
        for (knot, level, total) in [
            (5, 0.75, 30),
            (6, 0.74, 40),
            (3, 0.5, 12),
            (12, 0.8, 100),
            (24, 0.6, 200),
            (2, 0.9, 8),
        ] {
            let p = hockey(knot, level, total);
            let h = fit_heuristic(&p).unwrap();
            let e = fit_exact(&p).unwrap();
            assert_eq!(h.knot_index, knot, "heuristic, knot {knot}");
            assert_eq!(e.knot_index, knot, "exact, knot {knot}");
            assert!((h.knot_dice - e.knot_dice).abs() < 1e-9);
        }
    }

    #[test]
    fn heuristic_follows_the_paper_steps() {
        // The line over the whole curve starts below the curve (the curve starts at 1) and
        // crosses it at or before the knot: the first guess; the first segment's error stays
        // 0 up to the knot at 4 h and grows after it.
        let p = hockey(4, 0.6, 16);
        let (line, _) = fit_line(&p).unwrap();
        assert!(p[0].dice > line.at(0.0));
        let crossing = (1..p.len())
            .find(|&i| p[i].dice <= line.at(p[i].hours))
            .unwrap();
        assert!(crossing <= 4, "{crossing}");
        assert_eq!(fit_heuristic(&p).unwrap().knot_index, 4);
    }

    #[test]
    fn straight_and_flat_curves_have_no_knot() {
        let sloped = pts(&(0..20)
            .map(|h| (h as f64, 1.0 - 0.02 * h as f64))
            .collect::<Vec<_>>());
        let (line, _) = fit_line(&sloped).unwrap();
        let e = fit_exact(&sloped).unwrap();
        assert!(!is_knotted(&e));
        assert_eq!(classify(&sloped, &e, &line), CurveClass::Sloped);
        let flat = pts(&(0..20)
            .map(|h| (h as f64, 1.0 - 0.001 * h as f64))
            .collect::<Vec<_>>());
        let (line, _) = fit_line(&flat).unwrap();
        let e = fit_exact(&flat).unwrap();
        assert_eq!(classify(&flat, &e, &line), CurveClass::Flat);
    }

    /// Versions of a page with 20 stable words and 4 slots of news, each slot's story staying
    /// 4 hours (staggered): the curve falls for 4 hours, then stays at the stable share.
    fn news_history(hours: i64) -> Vec<HistoryVersion> {
        let stable: Vec<String> = (0..20).map(|i| format!("nav{i}")).collect();
        (0..hours)
            .map(|h| {
                let mut texts = vec![stable.join(" ")];
                for slot in 0..4 {
                    let story = (h + slot) / 4;
                    texts.push(format!("s{slot}x{story}a s{slot}x{story}b s{slot}x{story}c s{slot}x{story}d s{slot}x{story}e"));
                }
                let refs: Vec<&str> = texts.iter().map(|s| s.as_str()).collect();
                version(h, &refs)
            })
            .collect()
    }

    #[test]
    fn a_news_page_is_knotted_at_its_turnover() {
        let r = change_curve(&news_history(60));
        assert_eq!(r.needs_visits, 0);
        assert_eq!(r.class, Some(CurveClass::Knotted), "{}", r.words);
        // Each story lives 4 hours: after 4 h none of the reference's stories remain; the
        // page keeps 20 of 40 words: Dice 2·20/(40+40) = 0.5.
        assert_eq!(r.knot_hours, Some(4.0));
        assert!(
            (r.knot_dice.unwrap() - 0.5).abs() < 0.02,
            "{:?}",
            r.knot_dice
        );
        let tail = r.points.iter().find(|p| p.hours == 10.0).unwrap();
        assert!((tail.dice - 0.5).abs() < 1e-12);
        assert!(r.words.starts_with("knotted: its fast-changing part turns over within about 4 hours; about 50% of the page is stable"), "{}", r.words);
        assert_eq!(r.heuristic.unwrap().knot_index, r.exact.unwrap().knot_index);
    }

    #[test]
    fn too_few_visits_say_how_many_more() {
        let r = change_curve(&news_history(3));
        assert_eq!(r.needs_visits, 3);
        assert!(r.class.is_none() && r.exact.is_none());
        assert!(r.words.contains("about 3 more visits"), "{}", r.words);
        // Six visits within one hour: one bin, four more points needed.
        let mut v = news_history(6);
        for (i, x) in v.iter_mut().enumerate() {
            x.time = i as i64 * 60;
        }
        let r = change_curve(&v);
        assert_eq!(r.needs_visits, 4);
        assert!(r.words.contains("an hour apart"));
        assert!(r.needs_spacing);
        assert!(!change_curve(&news_history(3)).needs_spacing);
    }

    #[test]
    fn flat_and_sloped_pages_carry_their_numbers() {
        // The same 30 words every hour for 8 hours: every pair has Dice 1, mean 1: flat.
        let same: Vec<HistoryVersion> = (0..8)
            .map(|h| {
                version(
                    h,
                    &[&(0..30)
                        .map(|i| format!("w{i}"))
                        .collect::<Vec<_>>()
                        .join(" ")],
                )
            })
            .collect();
        let r = change_curve(&same);
        assert_eq!(r.class, Some(CurveClass::Flat));
        assert_eq!((r.mean_dice, r.drift_per_day), (Some(1.0), None));
        assert_eq!(
            r.words,
            "flat: the page hardly changes (its words stay about 100% the same)"
        );
        // A window of 100 words sliding by one word an hour: versions d hours apart share
        // 100 − d words, Dice (100 − d)/100 exactly; the line loses 0.01 an hour, 0.24 a day
        // (0.07 over the 7 hours: more than FLAT_DROP), with no knot: sloped, 24 points a day.
        let sliding: Vec<HistoryVersion> = (0..8)
            .map(|h| {
                version(
                    h,
                    &[&(h..h + 100)
                        .map(|i| format!("w{i}"))
                        .collect::<Vec<_>>()
                        .join(" ")],
                )
            })
            .collect();
        let r = change_curve(&sliding);
        assert_eq!(r.class, Some(CurveClass::Sloped), "{}", r.words);
        assert_eq!(r.mean_dice, None);
        let drift = r.drift_per_day.unwrap();
        assert!((drift - 0.24).abs() < 1e-9, "{drift}");
        assert_eq!(
            r.words,
            "sloped: the page drifts steadily with no level reached yet (about 24 percentage points of its words per day)"
        );
    }

    #[test]
    fn curve_points_by_hand() {
        // Four versions at 0, 1, 2, 3 h; references 0 and 1 (first half of four).
        // Sets: {a b} {a c} {a c} {b c}. Pairs: (0,0)=1 bin0; (0,1)=.5 bin1; (0,2)=.5 bin2;
        // (0,3)=.5 bin3; (1,1)=1 bin0; (1,2)=1 bin1; (1,3)=.5 bin2.
        let v = vec![
            version(0, &["a b"]),
            version(1, &["a c"]),
            version(2, &["a c"]),
            version(3, &["b c"]),
        ];
        let (refs, p) = curve_points(&v);
        assert_eq!(refs, vec![0, 1]);
        let got: Vec<(f64, f64, usize)> = p.iter().map(|q| (q.hours, q.dice, q.pairs)).collect();
        assert_eq!(
            got,
            vec![(0.0, 1.0, 2), (1.0, 0.75, 2), (2.0, 0.5, 2), (3.0, 0.5, 1)]
        );
    }
}
