//! The check interval learned from the page.
//!
//! ## What is learned
//! Each [`Check`] compares the page with the version fetched before it, `span` seconds earlier,
//! and says whether it changed *meaningfully* (the visit found content changes, not only noise
//! or template) with a fragment staleness (Olston & Pandey: `1 − |F∩F'| / |F∪F'|` over word
//! 5-grams) of at least [`ScheduleOptions::min_staleness`].
//!
//! A check only tells whether *at least one* change happened during its span, never how many.
//! The change rate is therefore estimated from the share of checks that saw a change, with the
//! estimator of Cho & Garcia-Molina ("Estimating frequency of change", 2003) for a Poisson
//! process observed at regular intervals: over the last `n` checks (at most
//! [`ScheduleOptions::window`]) of mean span `Ī`, `X` of which saw a change,
//!
//! ```text
//! r̂ = −ln((n − X + 0.5) / (n + 0.5))        changes per interval Ī
//! λ̂ = r̂ / Ī                                  changes per second
//! ```
//!
//! (the ½s keep it finite when every check saw a change, and make it 0 when none did).
//!
//! ## The interval
//! The next interval is the one in which a change happens with probability
//! [`ScheduleOptions::target_change_share`] `p`: `I = −ln(1 − p) / λ̂` — with the default
//! `p = 0.3` about one check in three finds something new, so a change is seen on average within
//! a sixth of its lifetime. Then, so that one lucky or unlucky check does not swing it:
//! - it grows at most [`ScheduleOptions::max_growth`] times (2) the span of the last check (a
//!   page that never changes doubles its interval at each check: 30 min, 1 h, 2 h … 7 d);
//! - it shrinks at most to a quarter of it ([`ScheduleOptions::max_shrink`]);
//! - it stays within the person's bounds (default 30 min – 7 days).
//!
//! Failed checks do not count as observations. After `f` failures in a row the interval is the
//! learned one doubled `f` times (within the bounds): backoff.
//!
//! Every plan says why in words ([`Plan::reason`]), e.g. "every 12 h: changed meaningfully 1
//! time in the last 9 checks (about once every 2.3 days)".

use serde::{Deserialize, Serialize};

use crate::errors::Error;

/// Bounds and constants of the schedule. Deserializing accepts any subset of the fields.
#[derive(Debug, Clone, Copy, PartialEq, Serialize, Deserialize)]
#[serde(default)]
pub struct ScheduleOptions {
    /// Shortest interval, seconds (default 30 minutes; never below 60).
    pub min_secs: u64,
    /// Longest interval, seconds (default 7 days).
    pub max_secs: u64,
    /// Interval before anything is known, seconds (default 1 hour).
    pub initial_secs: u64,
    /// How many of the last successful checks are used (default 10).
    pub window: usize,
    /// Share of checks that should find a change, in (0, 1) (default 0.3).
    pub target_change_share: f64,
    /// Smallest fragment staleness of a meaningful change (default 0: any meaningful change).
    pub min_staleness: f64,
    /// Largest growth factor over the last check's span (default 2).
    pub max_growth: f64,
    /// Smallest shrink factor of the last check's span (default 0.25).
    pub max_shrink: f64,
}

impl Default for ScheduleOptions {
    fn default() -> Self {
        ScheduleOptions {
            min_secs: 30 * 60,
            max_secs: 7 * 86_400,
            initial_secs: 3600,
            window: 10,
            target_change_share: 0.3,
            min_staleness: 0.0,
            max_growth: 2.0,
            max_shrink: 0.25,
        }
    }
}

/// Smallest interval the schedule ever gives (the product checks a site at most once a minute).
pub const MIN_INTERVAL_SECS: u64 = 60;

impl ScheduleOptions {
    /// Checks the ranges: `60 <= min_secs <= max_secs`, `window >= 1`, shares in (0, 1),
    /// staleness in [0, 1], `max_growth >= 1`, `0 < max_shrink <= 1`.
    pub fn validate(&self) -> Result<(), Error> {
        let bad = |m: String| Err(Error::InvalidArgument(m));
        if self.min_secs < MIN_INTERVAL_SECS || self.min_secs > self.max_secs {
            return bad(format!(
                "interval bounds must satisfy 60 <= shortest <= longest seconds, got {} and {}",
                self.min_secs, self.max_secs
            ));
        }
        if self.window == 0 {
            return bad("window must be at least 1 check".into());
        }
        if !(self.target_change_share > 0.0 && self.target_change_share < 1.0) {
            return bad(format!(
                "target_change_share must be between 0 and 1, got {}",
                self.target_change_share
            ));
        }
        if !(0.0..=1.0).contains(&self.min_staleness) {
            return bad(format!(
                "min_staleness must be between 0 and 1, got {}",
                self.min_staleness
            ));
        }
        if !(self.max_growth >= 1.0 && self.max_growth.is_finite()) {
            return bad(format!("max_growth must be >= 1, got {}", self.max_growth));
        }
        if !(self.max_shrink > 0.0 && self.max_shrink <= 1.0) {
            return bad(format!(
                "max_shrink must be in (0, 1], got {}",
                self.max_shrink
            ));
        }
        Ok(())
    }
}

/// One background check of a page.
#[derive(Debug, Clone, Copy, PartialEq, Serialize, Deserialize)]
pub struct Check {
    /// When it ran, seconds since the epoch.
    pub time: i64,
    /// Seconds since the version it was compared with (0 for the first fetch of a page).
    #[serde(default)]
    pub span: i64,
    /// False when the fetch or the analysis failed.
    #[serde(default = "yes")]
    pub ok: bool,
    /// The visit found meaningful (content) changes.
    #[serde(default)]
    pub meaningful: bool,
    /// Fragment staleness against the previous version (0 … 1).
    #[serde(default)]
    pub staleness: f64,
}

fn yes() -> bool {
    true
}

impl Check {
    fn changed(&self, opts: &ScheduleOptions) -> bool {
        self.ok && self.meaningful && self.staleness >= opts.min_staleness
    }
}

/// The next check of a page and why.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Plan {
    /// Seconds until the next check.
    pub interval_secs: u64,
    /// When, seconds since the epoch (the last check's time + the interval; `None` before any).
    pub next_time: Option<i64>,
    /// Successful comparisons used (at most the window).
    pub checks: usize,
    /// How many of them saw a meaningful change.
    pub changes: usize,
    /// Failed checks in a row at the end.
    pub failures: usize,
    /// Estimated meaningful changes per day (`None` while nothing is known).
    pub changes_per_day: Option<f64>,
    /// The interval and its reason, in words (English, for the CLI; an interface in another
    /// language composes it from the fields below).
    pub reason: String,
    /// Which reason it is.
    pub case: PlanCase,
    /// The bound that limited the learned interval (`None` when the estimate was used as is or
    /// before any comparison).
    pub limit: Option<PlanLimit>,
    /// Seconds covered by the comparisons used (`None` before any).
    pub observed_secs: Option<f64>,
    /// Estimated seconds between meaningful changes, `1 / λ̂` (`None` when none was seen).
    pub change_every_secs: Option<f64>,
    /// The learned interval before any backoff for failures, seconds (not rounded).
    pub learned_secs: f64,
}

/// Which reason a [`Plan`] gives.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum PlanCase {
    /// No comparison yet: the initial interval.
    NoComparison,
    /// Comparisons, none of which saw a meaningful change.
    Quiet,
    /// Some comparisons saw a meaningful change.
    Changed,
    /// The last checks failed: backing off from the learned interval.
    Failing,
}

/// The bound that limited a [`Plan`]'s learned interval.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum PlanLimit {
    /// The person's longest interval.
    Longest,
    /// The person's shortest interval.
    Shortest,
    /// Growing at most [`ScheduleOptions::max_growth`] times the last span, nothing changed.
    StepByStep,
    /// Growing at most [`ScheduleOptions::max_growth`] times the last span, after changes.
    TwiceLast,
}

/// A duration in words: "45 min", "6 h", "1.5 h", "2.3 days".
pub fn duration_words(secs: f64) -> String {
    fn num(v: f64) -> String {
        let r = (v * 10.0).round() / 10.0;
        if (r - r.round()).abs() < 1e-9 {
            format!("{}", r.round() as i64)
        } else {
            format!("{r:.1}")
        }
    }
    if secs < 3600.0 {
        format!("{} min", (secs / 60.0).round().max(1.0) as i64)
    } else if secs < 48.0 * 3600.0 {
        format!("{} h", num(secs / 3600.0))
    } else {
        format!("{} days", num(secs / 86_400.0))
    }
}

fn times(n: usize) -> &'static str {
    if n == 1 {
        "time"
    } else {
        "times"
    }
}

fn plural(n: usize, one: &str, many: &str) -> String {
    format!("{n} {}", if n == 1 { one } else { many })
}

/// The next interval for a page from its checks, oldest first (see the module docs).
///
/// Errors: [`Error::InvalidArgument`] when `opts` is out of range.
pub fn plan(checks: &[Check], opts: &ScheduleOptions) -> Result<Plan, Error> {
    opts.validate()?;
    let failures = checks.iter().rev().take_while(|c| !c.ok).count();
    let last_time = checks.last().map(|c| c.time);
    let (min, max) = (opts.min_secs as f64, opts.max_secs as f64);
    let clamp = |v: f64| v.clamp(min, max);

    // The successful comparisons of the window (the first fetch of a page compares nothing).
    let observed: Vec<&Check> = checks
        .iter()
        .filter(|c| c.ok && c.span > 0)
        .collect::<Vec<_>>()
        .into_iter()
        .rev()
        .take(opts.window)
        .rev()
        .collect();
    let n = observed.len();
    let x = observed.iter().filter(|c| c.changed(opts)).count();
    let total_span: f64 = observed.iter().map(|c| c.span as f64).sum();

    let mut limit = None;
    let mut change_every = None;
    let (learned, mut reason, rate) = if n == 0 {
        let i = clamp(opts.initial_secs as f64);
        (
            i,
            "until the page's pace is known (no comparison yet)".to_string(),
            None,
        )
    } else {
        let mean = total_span / n as f64;
        let r = -(((n - x) as f64 + 0.5) / (n as f64 + 0.5)).ln();
        let lambda = r / mean;
        let target = -(1.0 - opts.target_change_share).ln();
        let estimate = if lambda > 0.0 {
            target / lambda
        } else {
            f64::INFINITY
        };
        let last_span = observed[n - 1].span as f64;
        let limited = estimate
            .min(last_span * opts.max_growth)
            .max(last_span * opts.max_shrink);
        let i = clamp(limited);
        let over = duration_words(total_span);
        let mut why = if x == 0 {
            format!(
                "no meaningful change in the last {} (over {over})",
                plural(n, "check", "checks")
            )
        } else {
            change_every = Some(1.0 / lambda);
            format!(
                "changed meaningfully {x} {} in the last {} (about once every {})",
                times(x),
                plural(n, "check", "checks"),
                duration_words(1.0 / lambda)
            )
        };
        limit = if i >= max && limited >= max {
            Some(PlanLimit::Longest)
        } else if i <= min && limited <= min {
            Some(PlanLimit::Shortest)
        } else if estimate > limited && x == 0 {
            Some(PlanLimit::StepByStep)
        } else if estimate > limited {
            Some(PlanLimit::TwiceLast)
        } else {
            None
        };
        why.push_str(match limit {
            Some(PlanLimit::Longest) => "; the longest interval allowed",
            Some(PlanLimit::Shortest) => "; the shortest interval allowed",
            Some(PlanLimit::StepByStep) => ": checking less often, step by step",
            Some(PlanLimit::TwiceLast) => ": at most twice the last wait",
            None => "",
        });
        (i, why, Some(lambda * 86_400.0))
    };

    let interval = if failures > 0 {
        let backed = clamp(learned * 2f64.powi(failures.min(30) as i32));
        reason = format!(
            "{} in a row: waiting longer before trying again (learned: every {})",
            plural(failures, "failed check", "failed checks"),
            duration_words(learned)
        );
        backed
    } else {
        learned
    };
    let interval_secs = interval.round() as u64;
    let case = if failures > 0 {
        PlanCase::Failing
    } else if n == 0 {
        PlanCase::NoComparison
    } else if x == 0 {
        PlanCase::Quiet
    } else {
        PlanCase::Changed
    };
    Ok(Plan {
        interval_secs,
        next_time: last_time.map(|t| t + interval_secs as i64),
        checks: n,
        changes: x,
        failures,
        changes_per_day: rate,
        reason: format!("every {}: {reason}", duration_words(interval_secs as f64)),
        case,
        limit,
        observed_secs: (n > 0).then_some(total_span),
        change_every_secs: change_every,
        learned_secs: learned,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn ok(time: i64, span: i64, meaningful: bool) -> Check {
        Check {
            time,
            span,
            ok: true,
            meaningful,
            staleness: if meaningful { 0.2 } else { 0.0 },
        }
    }

    /// Runs the schedule on a page whose meaningful changes happen at `changes` (seconds),
    /// from time 0 to `end`, and returns the intervals it chose.
    fn run(changes: &[i64], end: i64, opts: &ScheduleOptions) -> Vec<u64> {
        let mut checks: Vec<Check> = vec![ok(0, 0, false)];
        let mut out = Vec::new();
        loop {
            let p = plan(&checks, opts).unwrap();
            out.push(p.interval_secs);
            let prev = checks.last().unwrap().time;
            let t = prev + p.interval_secs as i64;
            if t > end {
                return out;
            }
            let changed = changes.iter().any(|&c| c > prev && c <= t);
            checks.push(ok(t, t - prev, changed));
        }
    }

    #[test]
    fn nothing_known_gives_the_initial_interval() {
        let p = plan(&[], &ScheduleOptions::default()).unwrap();
        assert_eq!(p.interval_secs, 3600);
        assert_eq!(p.next_time, None);
        assert_eq!(
            p.reason,
            "every 1 h: until the page's pace is known (no comparison yet)"
        );
        assert_eq!(p.case, PlanCase::NoComparison);
        assert_eq!(
            (
                p.limit,
                p.observed_secs,
                p.change_every_secs,
                p.learned_secs
            ),
            (None, None, None, 3600.0)
        );
        // The first fetch (span 0) compares nothing.
        let p = plan(&[ok(1000, 0, false)], &ScheduleOptions::default()).unwrap();
        assert_eq!(
            (p.interval_secs, p.next_time, p.checks),
            (3600, Some(4600), 0)
        );
    }

    #[test]
    fn estimator_hand_checked() {
        // 9 checks 6 h apart, one saw a change: r = −ln(8.5/9.5) = 0.111226;
        // λ = r / 6 h; estimate = −ln(0.7)/λ = 0.356675/0.111226 × 21,600 s = 69,266 s (19.24 h), limited to
        // twice the last span = 12 h.
        let h = 3600;
        let mut checks = vec![ok(0, 0, false)];
        for k in 1..=9 {
            checks.push(ok(k * 6 * h, 6 * h, k == 4));
        }
        let p = plan(&checks, &ScheduleOptions::default()).unwrap();
        assert_eq!(p.interval_secs, 12 * 3600);
        assert_eq!((p.checks, p.changes, p.failures), (9, 1, 0));
        let per_day = p.changes_per_day.unwrap();
        assert!((per_day - 0.111226 * 4.0).abs() < 1e-4, "{per_day}");
        assert_eq!(
            p.reason,
            "every 12 h: changed meaningfully 1 time in the last 9 checks (about once every 2.2 days): at most twice the last wait"
        );
        // The same as data: 9 × 6 h = 54 h observed; once every 1/λ = 21,600 / 0.111226 s =
        // 194,199 s (2.25 days).
        assert_eq!(
            (p.case, p.limit),
            (PlanCase::Changed, Some(PlanLimit::TwiceLast))
        );
        assert_eq!(p.observed_secs, Some(54.0 * 3600.0));
        let every = p.change_every_secs.unwrap();
        assert!((every - 194_199.0).abs() < 2.0, "{every}");
        assert_eq!(p.learned_secs, 43_200.0);
        // Without the growth limit: 19.24 h.
        let free = ScheduleOptions {
            max_growth: 10.0,
            ..Default::default()
        };
        let p = plan(&checks, &free).unwrap();
        assert_eq!(p.interval_secs, 69_266, "{}", p.interval_secs);
    }

    #[test]
    fn lengthens_on_a_page_that_does_not_change() {
        let opts = ScheduleOptions::default();
        let got = run(&[], 30 * 86_400, &opts);
        // 1 h, then doubling at every check until the 7-day bound.
        assert_eq!(
            &got[..9],
            &[3600, 7200, 14_400, 28_800, 57_600, 115_200, 230_400, 460_800, 604_800]
        );
        assert!(got[9..].iter().all(|&i| i == 604_800));
        let mut checks = vec![ok(0, 0, false)];
        checks.push(ok(3600, 3600, false));
        let p = plan(&checks, &opts).unwrap();
        assert_eq!(
            p.reason,
            "every 2 h: no meaningful change in the last 1 check (over 1 h): checking less often, step by step"
        );
        assert_eq!(
            (p.case, p.limit),
            (PlanCase::Quiet, Some(PlanLimit::StepByStep))
        );
        assert_eq!(
            (p.observed_secs, p.change_every_secs, p.learned_secs),
            (Some(3600.0), None, 7200.0)
        );
        // Quiet for 4 days: twice that is past the 7-day bound, the longest interval.
        let p = plan(&[ok(0, 0, false), ok(4 * 86_400, 4 * 86_400, false)], &opts).unwrap();
        assert_eq!(
            p.reason,
            "every 7 days: no meaningful change in the last 1 check (over 4 days); the longest interval allowed"
        );
        assert_eq!(
            (p.case, p.limit),
            (PlanCase::Quiet, Some(PlanLimit::Longest))
        );
        assert_eq!(p.learned_secs, 604_800.0);
    }

    #[test]
    fn shortens_on_a_page_that_changes() {
        let opts = ScheduleOptions::default();
        // Quiet for a week (the interval grows), then a change every 20 minutes.
        let quiet_end = 7 * 86_400;
        let changes: Vec<i64> = (0..3000).map(|k| quiet_end + 1200 * k).collect();
        let got = run(&changes, quiet_end + 40 * 86_400, &opts);
        let peak = *got.iter().max().unwrap();
        assert!(peak >= 2 * 86_400, "{got:?}");
        // At the end every check sees a change: the shortest interval.
        assert_eq!(*got.last().unwrap(), 1800, "{got:?}");
        let mut checks = vec![ok(0, 0, false)];
        for k in 1..=4 {
            checks.push(ok(k * 7200, 7200, true));
        }
        // r = −ln(0.5/4.5) = 2.1972 per 2 h; estimate 0.3567/2.1972 × 2 h = 19.5 min, floor
        // a quarter of 2 h = 30 min: the shortest interval.
        let p = plan(&checks, &opts).unwrap();
        assert_eq!(p.interval_secs, 1800);
        assert_eq!(
            p.reason,
            "every 30 min: changed meaningfully 4 times in the last 4 checks (about once every 55 min); the shortest interval allowed"
        );
        // 4 × 2 h observed; once every 7,200 / 2.1972 s = 3,277 s (55 min).
        assert_eq!(
            (p.case, p.limit),
            (PlanCase::Changed, Some(PlanLimit::Shortest))
        );
        assert_eq!(p.observed_secs, Some(28_800.0));
        let every = p.change_every_secs.unwrap();
        assert!((every - 3276.8).abs() < 0.5, "{every}");
    }

    #[test]
    fn stays_within_the_person_s_bounds() {
        let opts = ScheduleOptions {
            min_secs: 2 * 3600,
            max_secs: 86_400,
            ..Default::default()
        };
        let got = run(&[], 20 * 86_400, &opts);
        assert_eq!(got[0], 7200); // the initial 1 h, raised to the lower bound
        assert!(got.iter().all(|&i| (7200..=86_400).contains(&i)));
        assert_eq!(*got.last().unwrap(), 86_400);
    }

    #[test]
    fn small_staleness_is_not_a_change_when_asked() {
        let opts = ScheduleOptions {
            min_staleness: 0.05,
            ..Default::default()
        };
        let mut c = ok(7200, 3600, true);
        c.staleness = 0.01;
        let p = plan(&[ok(3600, 0, false), c], &opts).unwrap();
        assert_eq!(p.changes, 0);
        c.staleness = 0.5;
        let p = plan(&[ok(3600, 0, false), c], &opts).unwrap();
        assert_eq!(p.changes, 1);
    }

    #[test]
    fn backs_off_on_errors() {
        let opts = ScheduleOptions::default();
        let fail = |time| Check {
            time,
            span: 0,
            ok: false,
            meaningful: false,
            staleness: 0.0,
        };
        let base = vec![ok(0, 0, false), ok(3600, 3600, false)];
        assert_eq!(plan(&base, &opts).unwrap().interval_secs, 7200);
        let mut checks = base.clone();
        checks.push(fail(10_800));
        let p = plan(&checks, &opts).unwrap();
        assert_eq!((p.interval_secs, p.failures), (14_400, 1));
        assert_eq!(
            p.reason,
            "every 4 h: 1 failed check in a row: waiting longer before trying again (learned: every 2 h)"
        );
        assert_eq!(p.case, PlanCase::Failing);
        assert_eq!(p.learned_secs, 7200.0);
        // The learned interval keeps its own limit (the backoff is said by `case`).
        assert_eq!(p.limit, Some(PlanLimit::StepByStep));
        checks.push(fail(25_200));
        checks.push(fail(50_000));
        assert_eq!(plan(&checks, &opts).unwrap().interval_secs, 57_600);
        for k in 0..20 {
            checks.push(fail(60_000 + k));
        }
        assert_eq!(plan(&checks, &opts).unwrap().interval_secs, 604_800);
        // A success ends the backoff.
        checks.push(ok(700_000, 3600, false));
        assert_eq!(plan(&checks, &opts).unwrap().failures, 0);
    }

    #[test]
    fn bad_options_are_refused() {
        for o in [
            ScheduleOptions {
                min_secs: 10,
                ..Default::default()
            },
            ScheduleOptions {
                min_secs: 100_000,
                max_secs: 50_000,
                ..Default::default()
            },
            ScheduleOptions {
                target_change_share: 1.0,
                ..Default::default()
            },
            ScheduleOptions {
                window: 0,
                ..Default::default()
            },
        ] {
            assert_eq!(plan(&[], &o).unwrap_err().kind(), "invalid_argument");
        }
    }

    #[test]
    fn words() {
        assert_eq!(duration_words(1800.0), "30 min");
        assert_eq!(duration_words(5400.0), "1.5 h");
        assert_eq!(duration_words(6.0 * 3600.0), "6 h");
        assert_eq!(duration_words(7.0 * 86_400.0), "7 days");
    }
}
