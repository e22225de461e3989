//! One visit, one call: [`visit`] takes a page's previous stored version (if any) and its new
//! version, aligns them, classifies every change with the site's learned state, teaches that
//! state, and returns everything the caller needs — the visit's status, the summary, the
//! paint-ready changes, the content addresses to store the version under and the site records
//! to write back.
//!
//! ```text
//! VisitInput { url, previous?, current } + &mut SiteState
//!   ──align──▶ Report ──classify──▶ kinds + reasons ──report──▶ VisitOutcome
//!                                   └─ learns ──▶ SiteUpdates (records to put / delete)
//! ```
//!
//! A first visit (no previous version) goes through the same call: status
//! [`VisitStatus::First`], no changes, and the page joins the site's template model.
//!
//! ```
//! use sincelast_core::visit::{visit, Version, VisitInput, VisitStatus};
//! use sincelast_core::{classify::site::SiteState, Block};
//! let mut site = SiteState::new();
//! let old = vec![Block { text: "Open from Tuesday".into(), path: "/p[0]".into(), ..Block::default() }];
//! let new = vec![Block { text: "Open from Wednesday".into(), path: "/p[0]".into(), ..Block::default() }];
//! let url = "https://example.org/";
//! let first = visit(&VisitInput { url, previous: None, current: Version { time: Some(0), blocks: &old } }, &mut site);
//! assert_eq!(first.status, VisitStatus::First);
//! let again = visit(
//!     &VisitInput {
//!         url,
//!         previous: Some(Version { time: Some(0), blocks: &old }),
//!         current: Version { time: Some(86_400), blocks: &new },
//!     },
//!     &mut site,
//! );
//! assert_eq!(again.status, VisitStatus::Changed);
//! assert_eq!(again.changes.len(), 1);
//! assert_eq!(again.updates.pages_put.len(), 1);
//! ```

use serde::{Deserialize, Serialize};

use crate::align::{Kind, Report, Summary};
use crate::block::Block;
pub use crate::classify::site::VisitOptions;
use crate::classify::site::{SiteState, SiteUpdates};
use crate::report::{changes_of, content_ids, Change};

/// One version of a page.
#[derive(Debug, Clone, Copy)]
pub struct Version<'a> {
    /// When it was seen, in seconds since the Unix epoch, if known.
    pub time: Option<i64>,
    /// Its blocks.
    pub blocks: &'a [Block],
}

/// A visit: the page, its previous stored version (none on a first visit) and the new one.
#[derive(Debug, Clone, Copy)]
pub struct VisitInput<'a> {
    /// The page's URL (pages of a site are told apart by it).
    pub url: &'a str,
    /// The last stored version, if any.
    pub previous: Option<Version<'a>>,
    /// The version seen now.
    pub current: Version<'a>,
}

impl<'a> VisitInput<'a> {
    /// A first visit of `url` at `time` (seconds since the epoch).
    pub fn first(url: &'a str, time: Option<i64>, blocks: &'a [Block]) -> Self {
        VisitInput {
            url,
            previous: None,
            current: Version { time, blocks },
        }
    }

    /// A revisit of `url`: the previous version `(time, blocks)` and the new one.
    pub fn revisit(url: &'a str, old: (i64, &'a [Block]), new: (i64, &'a [Block])) -> Self {
        VisitInput {
            url,
            previous: Some(Version {
                time: Some(old.0),
                blocks: old.1,
            }),
            current: Version {
                time: Some(new.0),
                blocks: new.1,
            },
        }
    }
}

/// What a visit found.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum VisitStatus {
    /// No previous version: the page was saved.
    First,
    /// Some change of kind content (new, changed, moved or removed content).
    Changed,
    /// Nothing changed, or only template and noise.
    Unchanged,
}

/// Everything a visit gives back.
#[derive(Debug, Clone, Serialize)]
pub struct VisitOutcome {
    /// First, changed or unchanged.
    pub status: VisitStatus,
    /// Counts (with meaningful, noise and template); `None` on a first visit.
    pub summary: Option<Summary>,
    /// Every change (all but unchanged blocks), in page order, ready to paint.
    pub changes: Vec<Change>,
    /// Each stored block's id ([`crate::hash::block_id`] of its text): the new version's blocks,
    /// with the ones of [`kept_unloaded`](Self::kept_unloaded) in their places.
    pub ids: Vec<String>,
    /// The id of the stored version's block list.
    pub list_id: String,
    /// The id of the stored version's paths and type paths.
    pub pathset_id: String,
    /// Blocks of the previous version that had not loaded yet (the tail of a list that loads
    /// more later, what a "Loading reviews…" stands in for: removed blocks of reason
    /// `not_loaded_yet`), as `[old index, new index]`: the stored version keeps each before the
    /// new block at that index (the new block count: at the end), so that their return on the
    /// next visit is no change. What a placeholder still there stands for is kept as long as it
    /// stands; a list's tail once (kept and still missing on the next visit, it is let go:
    /// [`crate::classify::site::PageRecord::kept`]), and only of a list that showed nothing new
    /// (what a news list that gained items dropped from its end is gone). [`stored_blocks`] puts them in; `ids`, `list_id` and
    /// `pathset_id` are the stored version's. Empty on most visits (and when the whole page
    /// did not load: `summary.not_loaded`, the caller keeps the previous version).
    pub kept_unloaded: Vec<[usize; 2]>,
    /// The site records to write back.
    pub updates: SiteUpdates,
    /// The full classified report (every block, unchanged ones included) for native callers
    /// (the CLI, the evaluation); not serialized.
    #[serde(skip)]
    pub report: Option<Report>,
}

/// Analyzes one visit with the default options; see the module docs.
pub fn visit(input: &VisitInput, site: &mut SiteState) -> VisitOutcome {
    visit_with(input, site, &VisitOptions::default())
}

/// [`visit`] with options (alignment budgets, the near-simultaneous window, and whether the
/// visit teaches the site: a preview with `learn: false` writes nothing).
pub fn visit_with(input: &VisitInput, site: &mut SiteState, opts: &VisitOptions) -> VisitOutcome {
    let new = &input.current;
    let (status, summary, changes, updates, report) = match &input.previous {
        None => {
            let updates = if opts.learn {
                site.observe(input.url, new.blocks)
            } else {
                SiteUpdates::default()
            };
            (VisitStatus::First, None, Vec::new(), updates, None)
        }
        Some(old) => {
            let (report, updates) = site.analyze(input.url, old, new, opts);
            let changes = changes_of(&report, old.blocks.len(), new.blocks.len());
            // Painted and counted: content changes. Removed content is not in `meaningful`
            // (it is not highlighted until shown) but still makes the page changed.
            let status = if changes.iter().any(|c| c.kind == Kind::Content) {
                VisitStatus::Changed
            } else {
                VisitStatus::Unchanged
            };
            (
                status,
                Some(report.summary.clone()),
                changes,
                updates,
                Some(report),
            )
        }
    };
    let kept_unloaded = report
        .as_ref()
        .map(|r| r.kept_unloaded.clone())
        .unwrap_or_default();
    let ids = if kept_unloaded.is_empty() {
        content_ids(new.blocks)
    } else {
        let old = input.previous.as_ref().map_or(&[][..], |v| v.blocks);
        content_ids(&stored_blocks(old, new.blocks, &kept_unloaded))
    };
    VisitOutcome {
        status,
        summary,
        changes,
        kept_unloaded,
        ids: ids.ids,
        list_id: ids.list_id,
        pathset_id: ids.pathset_id,
        updates,
        report,
    }
}

/// The version to store after a visit: the new blocks, with the previous version's blocks that
/// had not loaded yet ([`VisitOutcome::kept_unloaded`], `[old index, new index]`) each before the
/// new block at its index, in their old order. Pairs out of range are left out.
pub fn stored_blocks(old: &[Block], new: &[Block], kept: &[[usize; 2]]) -> Vec<Block> {
    let mut kept: Vec<[usize; 2]> = kept
        .iter()
        .copied()
        .filter(|&[i, at]| i < old.len() && at <= new.len())
        .collect();
    // By place, then by old order.
    kept.sort_unstable_by_key(|&[i, at]| (at, i));
    let mut out = Vec::with_capacity(new.len() + kept.len());
    let mut next = kept.iter().peekable();
    for j in 0..=new.len() {
        while let Some(&&[i, _]) = next.peek().filter(|p| p[1] == j) {
            out.push(old[i].clone());
            next.next();
        }
        if let Some(b) = new.get(j) {
            out.push(b.clone());
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::align::{SpanKind, Status};
    use crate::classify::{Source, Volatile};
    use crate::hash::block_id;

    fn blocks(items: &[(&str, &str)]) -> Vec<Block> {
        items
            .iter()
            .map(|(p, t)| Block {
                text: t.to_string(),
                path: p.to_string(),
                ..Block::default()
            })
            .collect()
    }

    fn first(site: &mut SiteState, url: &str, time: i64, b: &[Block]) -> VisitOutcome {
        visit(&VisitInput::first(url, Some(time), b), site)
    }

    fn again(
        site: &mut SiteState,
        url: &str,
        old: (i64, &[Block]),
        new: (i64, &[Block]),
    ) -> VisitOutcome {
        visit(&VisitInput::revisit(url, old, new), site)
    }

    const DAY: i64 = 86_400;

    /// The extension's `changesOf` (extension/background/background.js before this module),
    /// ported as the oracle of `at`: it rebuilds old → new for unchanged blocks by walking both
    /// lists past the listed changes, then places a removed block after the nearest old block
    /// before it that kept its place or changed.
    fn at_oracle(report: &Report, old_count: usize, new_count: usize) -> Vec<Option<usize>> {
        let changes: Vec<_> = report
            .blocks
            .iter()
            .filter(|b| b.status != Status::Unchanged)
            .collect();
        let listed_old: std::collections::HashSet<usize> =
            changes.iter().filter_map(|c| c.old_index).collect();
        let listed_new: std::collections::HashSet<usize> =
            changes.iter().filter_map(|c| c.new_index).collect();
        let mut new_of = std::collections::HashMap::new();
        let mut j = 0;
        for i in 0..old_count {
            if listed_old.contains(&i) {
                continue;
            }
            while listed_new.contains(&j) {
                j += 1;
            }
            new_of.insert(i, j);
            j += 1;
        }
        for c in &changes {
            if c.status == Status::Changed {
                new_of.insert(c.old_index.unwrap_or(0), c.new_index.unwrap_or(0));
            }
        }
        changes
            .iter()
            .filter(|c| c.status == Status::Removed)
            .map(|c| {
                let mut at = 0;
                for k in (0..c.old_index.unwrap_or(0)).rev() {
                    if let Some(j) = new_of.get(&k) {
                        at = j + 1;
                        break;
                    }
                }
                (at < new_count).then_some(at)
            })
            .collect()
    }

    #[test]
    fn a_first_visit_saves_the_page_and_teaches_the_template() {
        let mut site = SiteState::new();
        let b = blocks(&[("/p[0]", "Hello world"), ("/p[1]", "Bye")]);
        let out = first(&mut site, "https://e.example/", 0, &b);
        assert_eq!(out.status, VisitStatus::First);
        assert!(out.summary.is_none() && out.changes.is_empty() && out.report.is_none());
        assert_eq!(site.template_pages(), 1);
        assert_eq!(out.updates.pages_put.len(), 1);
        assert_eq!(out.updates.pages_put[0].url, "https://e.example/");
        assert!(out.updates.pages_deleted.is_empty() && out.updates.rules_put.is_empty());
    }

    #[test]
    fn ids_follow_the_stored_formula() {
        let mut site = SiteState::new();
        let b = blocks(&[
            ("/html[0]/body[0]/p[0]", "Hello world"),
            ("/html[0]/body[0]/div[3]/p[10]", "Grüße, Welt — 2026"),
        ]);
        let out = first(&mut site, "https://e.example/", 0, &b);
        assert_eq!(out.ids, vec!["b6acb9d84a38ff74", "3f2d50498dbf22e5"]);
        assert_eq!(out.list_id, block_id("b6acb9d84a38ff74\n3f2d50498dbf22e5"));
        assert_eq!(
            out.pathset_id,
            block_id(
                "/html[0]/body[0]/p[0]\n/html[0]/body[0]/div[3]/p[10]\u{0}/html/body/p\n/html/body/div/p"
            )
        );
    }

    /// A page of a news site: header, nav and footer are the site's template.
    fn news(counter: u32, para: &str, extra: &[(&str, &str)]) -> Vec<Block> {
        let visitors = format!("You are visitor number {counter}");
        let mut v = vec![
            ("/html[0]/body[0]/header[0]/p[0]", "The Harbour Times"),
            ("/html[0]/body[0]/nav[0]/a[0]", "Home"),
            ("/html[0]/body[0]/main[0]/h1[0]", "Ferry news"),
            ("/html[0]/body[0]/main[0]/p[0]", para),
            ("/html[0]/body[0]/main[0]/p[1]", visitors.as_str()),
        ];
        v.extend_from_slice(extra);
        v.push(("/html[0]/body[0]/footer[0]/p[0]", "Contact the newsroom"));
        blocks(&v)
    }

    #[test]
    fn a_revisit_classifies_each_kind_with_typed_reasons() {
        let mut site = SiteState::new();
        let url = "https://h.example/ferry";
        // Two other pages of the site share the header, nav and footer.
        for (k, other) in ["regatta", "harbour"].iter().enumerate() {
            // Visited after the site renamed its menu.
            let mut b = news(0, "Other article text for this page.", &[]);
            b[1].text = "Start".into();
            b[2].text = format!("Page {k}");
            first(&mut site, &format!("https://h.example/{other}"), 0, &b);
        }
        let old = news(
            100,
            "The morning ferry will leave at a quarter past seven.",
            &[(
                "/html[0]/body[0]/main[0]/p[2]",
                "A paragraph that goes away.",
            )],
        );
        first(&mut site, url, 0, &old);
        let mut new = news(
            107,
            "The morning ferry will leave at half past seven.",
            &[(
                "/html[0]/body[0]/main[0]/p[2]",
                "A brand new paragraph about fares.",
            )],
        );
        // The site renamed its menu on every page: a template change.
        new[1].text = "Start".into();
        let out = again(&mut site, url, (0, &old), (DAY, &new));
        assert_eq!(out.status, VisitStatus::Changed);
        let summary = out.summary.clone().expect("summary");
        let find = |text: &str| {
            out.changes
                .iter()
                .find(|c| {
                    c.new_index.is_some_and(|j| new[j].text.contains(text))
                        || c.text.as_deref().is_some_and(|t| t.contains(text))
                })
                .unwrap_or_else(|| panic!("{text}: {:#?}", out.changes))
        };
        let edit = find("half past");
        assert_eq!((edit.status, edit.kind), (Status::Changed, Kind::Content));
        assert!(edit.reason.is_none());
        let spans = edit.spans.as_ref().expect("spans");
        assert!(spans.iter().any(|s| s.kind == SpanKind::Insert));
        let counter = find("visitor number");
        assert_eq!(counter.kind, Kind::Noise);
        let reason = counter.reason.as_ref().expect("reason");
        assert_eq!(reason.source, Source::Builtin);
        assert_eq!(reason.kinds, vec![Volatile::Counter]);
        let fresh = find("brand new");
        assert_eq!((fresh.status, fresh.kind), (Status::New, Kind::Content));
        let gone = find("goes away");
        assert_eq!((gone.status, gone.kind), (Status::Removed, Kind::Content));
        assert_eq!(gone.text.as_deref(), Some("A paragraph that goes away."));
        assert_eq!(gone.at, Some(5), "before the new paragraph, where it stood");
        let menu = out
            .changes
            .iter()
            .find(|c| c.kind == Kind::Template)
            .expect("a template change");
        assert_eq!(
            menu.reason.as_ref().map(|r| r.source),
            Some(Source::Template)
        );
        assert_eq!(summary.meaningful, 2);
        // The removed paragraph, and the old menu word: on no other page of the site, so not
        // template ("Start" is).
        assert_eq!(
            summary.meaningful_removed,
            out.changes
                .iter()
                .filter(|c| c.status == Status::Removed && c.kind == Kind::Content)
                .count()
        );
        assert!(summary.meaningful_removed >= 1);
        assert_eq!(summary.noise, 1);
        assert!(summary.template >= 1);
        let report = out.report.as_ref().expect("report");
        assert_eq!(
            out.changes
                .iter()
                .filter(|c| c.status == Status::Removed)
                .map(|c| c.at)
                .collect::<Vec<_>>(),
            at_oracle(report, old.len(), new.len())
        );
    }

    #[test]
    fn a_page_that_only_lost_text_changed_meaningfully() {
        let mut site = SiteState::default();
        let url = "https://ferry.example/timetable";
        let old = news(
            3,
            "The morning ferry will leave at seven.",
            &[(
                "/html[0]/body[0]/main[0]/p[1]",
                "The evening ferry is cancelled on Sunday.",
            )],
        );
        first(&mut site, url, 0, &old);
        let new = news(4, "The morning ferry will leave at seven.", &[]);
        let out = again(&mut site, url, (0, &old), (DAY, &new));
        assert_eq!(out.status, VisitStatus::Changed);
        let summary = out.summary.expect("summary");
        // Nothing to paint, but the watch and the history count it (`any_meaningful`).
        assert_eq!((summary.meaningful, summary.meaningful_removed), (0, 1));
        assert!(summary.any_meaningful());
        let json = serde_json::to_value(&summary).expect("json");
        assert_eq!(json["meaningful_removed"], 1);
        // A page that lost nothing keeps the field out of its JSON.
        let same = again(&mut site, url, (DAY, &new), (2 * DAY, &new));
        let same = serde_json::to_value(same.summary.expect("summary")).expect("json");
        assert!(same.get("meaningful_removed").is_none(), "{same}");
    }

    #[test]
    fn only_noise_is_unchanged_and_a_learned_rule_says_which() {
        let mut site = SiteState::new();
        let url = "https://w.example/";
        let v = |w: &str| blocks(&[("/p[0]", w), ("/p[1]", "Stable text here")]);
        let (a, b, c) = (
            v("Wetter: sonnig in Berlin"),
            v("Wetter: bewölkt in Berlin"),
            v("Wetter: regnerisch in Berlin"),
        );
        first(&mut site, url, 0, &a);
        let taught = again(&mut site, url, (0, &a), (60, &b));
        assert_eq!(
            taught.status,
            VisitStatus::Changed,
            "a visit never hides its own change"
        );
        assert_eq!(taught.updates.rules_put.len(), 1);
        let id = taught.updates.rules_put[0].id.clone();
        // Back to a value the slot showed: noise by the rule.
        let mut preview = site.clone();
        let opts = VisitOptions {
            learn: false,
            ..VisitOptions::default()
        };
        let out = visit_with(
            &VisitInput {
                url,
                previous: Some(Version {
                    time: Some(60),
                    blocks: &b,
                }),
                current: Version {
                    time: Some(DAY),
                    blocks: &a,
                },
            },
            &mut preview,
            &opts,
        );
        assert_eq!(out.status, VisitStatus::Unchanged);
        let reason = out.changes[0].reason.as_ref().expect("reason");
        assert_eq!(reason.source, Source::Learned);
        assert_eq!(reason.rule_id.as_deref(), Some(id.as_str()));
        assert_eq!(reason.label.as_deref(), Some("Wetter: {*} in Berlin"));
        // A word the slot never showed: it looked like the rule, and is kept as content,
        // the rule named with why.
        let out = again(&mut site, url, (60, &b), (DAY, &c));
        assert_eq!(out.status, VisitStatus::Changed);
        let reason = out.changes[0].reason.as_ref().expect("reason");
        assert_eq!(out.changes[0].kind, Kind::Content);
        assert_eq!(reason.rule_id.as_deref(), Some(id.as_str()));
        assert_eq!(
            reason.kept,
            Some(crate::classify::Kept::NewWords {
                words: vec!["regnerisch".into()]
            })
        );
        // The rule matched but was not confirmed: no rule record to write.
        assert!(out.updates.rules_put.is_empty());
        // Removed, it stays off (and is never learned again).
        let removed = site.remove_rule(&id).expect("known rule");
        assert!(removed.removed);
        let out = again(&mut site, url, (DAY, &c), (2 * DAY, &a));
        assert_eq!(out.status, VisitStatus::Changed);
        let out = again(&mut site, url, (2 * DAY, &a), (2 * DAY + 30, &b));
        assert!(
            out.updates.rules_put.iter().all(|r| r.id != id),
            "not learned again"
        );
        // And it stays off once the state is rebuilt from its records.
        let (pages, rules) = site.to_records();
        let mut reloaded = SiteState::from_records(pages, rules);
        assert!(reloaded.rules().iter().any(|r| r.id == id && r.removed));
        // (At another path, so that the rotating slot the flips taught /p[0] does not apply.)
        let w = |t: &str| blocks(&[("/div[0]", t)]);
        let (x, y) = (w("Wetter: sonnig in Berlin"), w("Wetter: windig in Berlin"));
        let out = again(&mut reloaded, url, (3 * DAY, &x), (4 * DAY, &y));
        assert_eq!(out.status, VisitStatus::Changed);
    }

    /// A page of a news site: header, navigation and footer template, a main paragraph, and a
    /// teaser module between header and navigation.
    fn site_page(main: &str, teaser: &str) -> Vec<Block> {
        blocks(&[
            (
                "/html[0]/body[0]/header[0]/p[0]",
                "Harbour Times: news, sport and weather from the coast",
            ),
            ("/html[0]/body[0]/aside[0]/p[0]", teaser),
            (
                "/html[0]/body[0]/nav[0]/p[0]",
                "Sections: harbour, town, sport, weather and letters",
            ),
            ("/html[0]/body[0]/main[0]/p[0]", main),
            (
                "/html[0]/body[0]/footer[0]/p[0]",
                "Harbour Times newsroom, contact us, privacy and cookies",
            ),
        ])
    }

    #[test]
    fn a_rotating_module_learned_on_the_front_page_hides_on_a_legal_page_revisited_once() {
        let mut site = SiteState::new();
        let (front, legal) = (
            "https://harbour.example/",
            "https://harbour.example/imprint",
        );
        let news = "Ferry timetable for the winter season is out now";
        let imprint = "Harbour Times is published by Harbour Media, 1 Quay Street";
        let f = [
            site_page(
                news,
                "Talk of the quay: storm closes the bridge, 12 comments",
            ),
            site_page(news, "Talk of the quay: new lighthouse keeper, 3 comments"),
            site_page(
                news,
                "Talk of the quay: fish market moves to pier 4, 40 comments",
            ),
        ];
        let l0 = site_page(
            imprint,
            "Talk of the quay: council votes on harbour fees, 7 comments",
        );
        first(&mut site, front, 0, &f[0]);
        first(&mut site, legal, 600, &l0);
        again(&mut site, front, (0, &f[0]), (DAY, &f[1]));
        again(&mut site, front, (DAY, &f[1]), (2 * DAY, &f[2]));
        // The legal page's second visit: its teaser changed, and the site knows the slot.
        let l1 = site_page(imprint, "Talk of the quay: a whale in the bay, 90 comments");
        let out = again(&mut site, legal, (600, &l0), (3 * DAY, &l1));
        assert_eq!(out.status, VisitStatus::Unchanged, "{:?}", out.changes);
        let reason = out.changes[0].reason.as_ref().expect("a reason");
        assert_eq!(reason.rule.as_deref(), Some("module"));
        let evidence = reason.evidence.expect("evidence");
        assert_eq!(evidence.pages, 2);
        assert!(evidence.visits >= 2);
        // Stored as a rule record, removable like every learned rule.
        let id = reason.rule_id.clone().expect("rule id");
        assert!(out.updates.rules_put.iter().any(|r| r.id == id));
        // The page's own text is still content.
        let l2 = site_page(
            "Harbour Times is published by Harbour Media, 9 Dock Road",
            "Talk of the quay: the whale left, 95 comments",
        );
        let out = again(&mut site, legal, (3 * DAY, &l1), (4 * DAY, &l2));
        assert_eq!(out.status, VisitStatus::Changed);
        assert_eq!(
            out.changes
                .iter()
                .filter(|c| c.kind == Kind::Content)
                .count(),
            1
        );
        site.remove_rule(&id).expect("removable");
        let l3 = site_page(
            "Harbour Times is published by Harbour Media, 9 Dock Road",
            "Talk of the quay: regatta results, 2 comments",
        );
        let out = again(&mut site, legal, (4 * DAY, &l2), (5 * DAY, &l3));
        assert_eq!(
            out.status,
            VisitStatus::Changed,
            "removed: the teaser shows again"
        );
    }

    /// A page of a news site whose text ends with a box of three teasers (a headline, its age,
    /// its comments), no template between them: header, navigation and footer are template.
    fn boxed_page(own: &[&str], teasers: [&str; 3]) -> Vec<Block> {
        let mut items: Vec<(String, String)> = vec![
            (
                "/html[0]/body[0]/header[0]/p[0]".into(),
                "De Kustkoerier".into(),
            ),
            (
                "/html[0]/body[0]/header[0]/nav[0]".into(),
                "Voorpagina Binnenland Sport Privacy".into(),
            ),
        ];
        for (i, t) in own.iter().enumerate() {
            items.push((format!("/html[0]/body[0]/main[0]/p[{i}]"), t.to_string()));
        }
        for (i, t) in teasers.iter().enumerate() {
            items.push((
                format!("/html[0]/body[0]/main[0]/div[0]/div[{i}]"),
                t.to_string(),
            ));
        }
        items.push((
            "/html[0]/body[0]/footer[0]/p[0]".into(),
            "De Kustkoerier, Havenstraat 4. Alle rechten voorbehouden.".into(),
        ));
        let refs: Vec<(&str, &str)> = items
            .iter()
            .map(|(a, b)| (a.as_str(), b.as_str()))
            .collect();
        blocks(&refs)
    }

    #[test]
    fn a_box_of_rotating_teasers_learned_on_the_front_page_hides_on_a_legal_page() {
        let mut site = SiteState::new();
        let (front, legal) = ("https://kust.example/", "https://kust.example/privacy");
        let news = [
            "De havenmeester verwacht een druk weekend nu de regatta tweehonderd boten brengt.",
            "Op de kade staan extra kramen en de veerpont vaart tot middernacht.",
        ];
        let policy = [
            "Wij verwerken uw gegevens alleen om de krant te bezorgen en u te laten weten wanneer uw abonnement afloopt.",
            "U kunt uw gegevens altijd inzien, laten aanpassen of laten verwijderen via de klantenservice.",
        ];
        let stories = [
            "Gemeente sluit het zwembad voor de winter",
            "Nieuwe brug over de haven geopend",
            "Vissersboten blijven binnen door storm",
            "Bakker aan de kade wint broodprijs",
            "Veerpont vaart vaker in de zomer",
            "Museum krijgt oud schilderij terug",
            "Markt verhuist naar het stationsplein",
            "Zeilschool zoekt nieuwe vrijwilligers",
            "Dijk bij de vuurtoren wordt versterkt",
            "Bibliotheek blijft langer open",
            "Kermis komt terug naar het plein",
            "Havenmeester gaat met pensioen",
        ];
        let teaser = |n: usize| {
            format!(
                "{} {} minuten geleden {} reacties",
                stories[n % 12],
                2 + n * 7 % 50,
                1 + n * 13 % 200
            )
        };
        let boxed = |own: &[&str], n: usize| {
            let (a, b, c) = (teaser(n), teaser(n + 1), teaser(n + 2));
            boxed_page(own, [&a, &b, &c])
        };
        // The front page and three hourly reloads, each with three other stories.
        let f: Vec<Vec<Block>> = (0..4).map(|k| boxed(&news, k * 3)).collect();
        let read_front = |site: &mut SiteState| {
            first(site, front, 0, &f[0]);
            for k in 1..4 {
                again(
                    site,
                    front,
                    ((k as i64 - 1) * 3600, &f[k - 1]),
                    (k as i64 * 3600, &f[k]),
                );
            }
        };
        read_front(&mut site);
        let l0 = boxed(&policy, 5);
        first(&mut site, legal, 5 * 3600, &l0);
        // Two days later, the legal page's second visit: only its three teasers changed.
        let l1 = boxed(&policy, 9);
        let out = again(&mut site, legal, (5 * 3600, &l0), (2 * DAY, &l1));
        assert_eq!(out.status, VisitStatus::Unchanged, "{:#?}", out.changes);
        assert!(out.changes.len() >= 3, "{:#?}", out.changes);
        for c in &out.changes {
            let r = c.reason.as_ref().expect("a reason");
            assert_eq!(r.rule.as_deref(), Some("module"), "{c:#?}");
        }
        // The page's own text is still content: a paragraph edited, one added, beside a box
        // that rotated again.
        let edited = [
            policy[0],
            "U kunt uw gegevens altijd inzien of laten verwijderen via de klantenservice.",
            "Wij delen uw gegevens nooit met adverteerders.",
        ];
        let l2 = boxed(&edited, 1);
        let out = again(&mut site, legal, (2 * DAY, &l1), (3 * DAY, &l2));
        assert_eq!(out.status, VisitStatus::Changed);
        let report = out.report.as_ref().expect("a report");
        let shown: Vec<&str> = report
            .blocks
            .iter()
            .filter(|b| b.status != Status::Unchanged && b.kind == Kind::Content)
            .map(|b| b.text.as_str())
            .collect();
        assert_eq!(shown.len(), 2, "{:#?}", out.changes);
        assert!(shown.iter().all(|t| !t.contains("reacties")), "{shown:?}");
        // A section page of boxes: the same box and a second one, both with new stories. Its
        // boxes are its content, not a module beside its text.
        let section = |n: usize| {
            let (a, b, c) = (
                format!("Regio: {}", teaser(n)),
                format!("Regio: {}", teaser(n + 1)),
                format!("Regio: {}", teaser(n + 2)),
            );
            let mut b = boxed_page(&policy, [&a, &b, &c]);
            let footer = b.pop().expect("footer");
            for i in 0..3 {
                b.push(Block {
                    text: format!("Sport: {}", teaser(n + 6 + i)),
                    path: format!("/html[0]/body[0]/main[0]/div[1]/div[{i}]"),
                    ..Block::default()
                });
            }
            b.push(footer);
            b
        };
        // (Another person's site model, one that learned no module from a legal page: a
        // module once learned holds on every page of the site.)
        let mut site = SiteState::new();
        read_front(&mut site);
        let sport = "https://kust.example/sport";
        first(&mut site, sport, 3 * DAY, &section(2));
        let out = again(
            &mut site,
            sport,
            (3 * DAY, &section(2)),
            (4 * DAY, &section(3)),
        );
        // (One new story in each box, one gone.)
        assert_eq!(out.changes.len(), 4, "{:#?}", out.changes);
        assert!(
            out.changes.iter().all(|c| c.kind == Kind::Content),
            "{:#?}",
            out.changes
        );
    }

    /// A shop page: a heading, reviews under it (or a placeholder while they load), a footer.
    fn shop(reviews: &[&str], placeholder: Option<&str>) -> Vec<Block> {
        let mut v: Vec<(String, String)> = vec![
            (
                "/html[0]/body[0]/main[0]/h1[0]".into(),
                "Garden chair, oak".into(),
            ),
            (
                "/html[0]/body[0]/main[0]/p[0]".into(),
                "A folding chair for the garden, made of oak, with brass hinges.".into(),
            ),
            (
                "/html[0]/body[0]/main[0]/section[0]/h2[0]".into(),
                "What buyers say".into(),
            ),
        ];
        for (k, r) in reviews.iter().enumerate() {
            v.push((
                format!("/html[0]/body[0]/main[0]/section[0]/div[0]/div[{k}]/p[0]"),
                r.to_string(),
            ));
        }
        if let Some(p) = placeholder {
            v.push((
                "/html[0]/body[0]/main[0]/section[0]/div[0]/p[0]".into(),
                p.to_string(),
            ));
        }
        v.push((
            "/html[0]/body[0]/footer[0]/p[0]".into(),
            "Shipping and returns".into(),
        ));
        v.into_iter()
            .map(|(path, text)| Block {
                text,
                path,
                ..Block::default()
            })
            .collect()
    }

    const REVIEWS: [&str; 3] = [
        "Sturdy and folds flat, we use it every summer evening.",
        "The hinges squeak a little after the first rain.",
        "Lovely wood, but the delivery took three weeks.",
    ];

    #[test]
    fn what_had_not_loaded_yet_is_kept_and_its_return_is_no_change() {
        let url = "https://shop.example/chair";
        let mut site = SiteState::new();
        let full = shop(&REVIEWS, None);
        first(&mut site, url, 0, &full);
        // The reviews had not loaded when the page was read: a placeholder stands for them.
        let loading = shop(&[], Some("Loading reviews…"));
        let out = again(&mut site, url, (0, &full), (DAY, &loading));
        assert_eq!(out.status, VisitStatus::Unchanged, "{:?}", out.changes);
        let gone: Vec<_> = out
            .changes
            .iter()
            .filter(|c| c.status == Status::Removed)
            .collect();
        assert_eq!(gone.len(), 3);
        assert!(gone
            .iter()
            .all(|c| c.kind == Kind::Noise
                && c.reason.as_ref().unwrap().kinds == [Volatile::Unloaded]));
        // The stored version keeps the reviews where they stood (before the placeholder), and
        // the ids are the stored version's.
        assert_eq!(out.kept_unloaded, vec![[3, 3], [4, 3], [5, 3]]);
        let stored = stored_blocks(&full, &loading, &out.kept_unloaded);
        let texts: Vec<&str> = stored.iter().map(|b| b.text.as_str()).collect();
        assert_eq!(
            texts,
            [
                "Garden chair, oak",
                "A folding chair for the garden, made of oak, with brass hinges.",
                "What buyers say",
                REVIEWS[0],
                REVIEWS[1],
                REVIEWS[2],
                "Loading reviews…",
                "Shipping and returns",
            ]
        );
        let ids = content_ids(&stored);
        assert_eq!((&out.ids, &out.list_id), (&ids.ids, &ids.list_id));
        assert_eq!(out.pathset_id, ids.pathset_id);
        // Next time the reviews are there: compared with the stored version, nothing changed
        // (the placeholder went, as noise). Compared with the version as read, the three
        // reviews would have been new.
        let back = again(&mut site, url, (DAY, &stored), (2 * DAY, &full));
        assert_eq!(back.status, VisitStatus::Unchanged, "{:?}", back.changes);
        assert!(back.kept_unloaded.is_empty());
        assert_eq!(back.ids, content_ids(&full).ids);
        // Still loading on the next visit (a watch check reads the page without its scripts):
        // the placeholder still stands for them, and they are kept again.
        let mut twice = SiteState::new();
        first(&mut twice, url, 0, &full);
        let one = again(&mut twice, url, (0, &full), (DAY, &loading));
        let kept = stored_blocks(&full, &loading, &one.kept_unloaded);
        let two = again(&mut twice, url, (DAY, &kept), (2 * DAY, &loading));
        assert_eq!(two.status, VisitStatus::Unchanged, "{:?}", two.changes);
        assert_eq!(two.kept_unloaded, vec![[3, 3], [4, 3], [5, 3]]);
        let kept = stored_blocks(&kept, &loading, &two.kept_unloaded);
        assert_eq!(kept, stored);
        let late = again(&mut twice, url, (2 * DAY, &kept), (3 * DAY, &full));
        assert_eq!(late.status, VisitStatus::Unchanged, "{:?}", late.changes);
        let mut fresh = SiteState::new();
        first(&mut fresh, url, 0, &full);
        again(&mut fresh, url, (0, &full), (DAY, &loading));
        let unkept = again(&mut fresh, url, (DAY, &loading), (2 * DAY, &full));
        assert_eq!(unkept.status, VisitStatus::Changed);
    }

    #[test]
    fn reviews_replaced_by_others_are_removed_though_more_are_loading() {
        let url = "https://shop.example/chair";
        let mut site = SiteState::new();
        let full = shop(&REVIEWS, None);
        first(&mut site, url, 0, &full);
        // Two new reviews took the old ones' place, and more are loading: the old ones went.
        let newer = shop(
            &[
                "Bought a second one for the balcony, just as good.",
                "Arrived quickly and well packed this time.",
            ],
            Some("Loading more reviews…"),
        );
        let out = again(&mut site, url, (0, &full), (DAY, &newer));
        assert_eq!(out.status, VisitStatus::Changed);
        assert!(out.kept_unloaded.is_empty());
        assert!(out
            .changes
            .iter()
            .filter(|c| c.status == Status::Removed)
            .all(|c| c.kind == Kind::Content));
        // A placeholder in another part of the page stands for nothing that was removed here:
        // a paragraph taken off the page is the page's change.
        let mut cut = shop(&REVIEWS, Some("Loading reviews…"));
        cut.remove(1);
        let out = again(&mut site, url, (0, &full), (DAY, &cut));
        assert_eq!(out.status, VisitStatus::Changed);
        assert!(out.kept_unloaded.is_empty());
        // Pairs out of range are left out.
        assert!(stored_blocks(&full, &cut, &[[99, 0], [0, 99]]).len() == cut.len());
    }

    #[test]
    fn the_tail_of_a_list_not_loaded_yet_is_kept_for_the_next_visit() {
        let url = "https://h.example/feed";
        let list = |n: usize| -> Vec<Block> {
            let mut v: Vec<Block> = (0..n)
                .map(|k| Block {
                    text: format!("Item number {k} of the endless list"),
                    path: format!("/html[0]/body[0]/main[0]/ul[0]/li[{k}]"),
                    ..Block::default()
                })
                .collect();
            v.push(Block {
                text: "About".into(),
                path: "/html[0]/body[0]/footer[0]/p[0]".into(),
                ..Block::default()
            });
            v
        };
        let mut site = SiteState::new();
        let (all, some) = (list(40), list(20));
        first(&mut site, url, 0, &all);
        let out = again(&mut site, url, (0, &all), (DAY, &some));
        assert_eq!(out.status, VisitStatus::Unchanged);
        assert_eq!(out.kept_unloaded.len(), 20);
        let stored = stored_blocks(&all, &some, &out.kept_unloaded);
        assert_eq!(stored, all);
        let back = again(&mut site, url, (DAY, &stored), (2 * DAY, &all));
        assert_eq!(back.status, VisitStatus::Unchanged);
        assert!(back.changes.is_empty(), "{:?}", back.changes);
        // Kept once: a tail still missing on the next visit is let go (a list may end there for
        // good), and its return later is new items.
        let mut once = SiteState::new();
        first(&mut once, url, 0, &all);
        let one = again(&mut once, url, (0, &all), (DAY, &some));
        let kept = stored_blocks(&all, &some, &one.kept_unloaded);
        let two = again(&mut once, url, (DAY, &kept), (2 * DAY, &some));
        assert_eq!(two.status, VisitStatus::Unchanged);
        assert!(two.kept_unloaded.is_empty());
        let late = again(&mut once, url, (2 * DAY, &some), (3 * DAY, &all));
        assert_eq!(late.status, VisitStatus::Changed);
        // A list that showed a new item at its top while its tail went moved on: not kept.
        let mut moved_on = list(20);
        moved_on.insert(
            0,
            Block {
                text: "A new item at the top of the list".into(),
                path: "/html[0]/body[0]/main[0]/ul[0]/li[0]".into(),
                ..Block::default()
            },
        );
        let mut other = SiteState::new();
        first(&mut other, url, 0, &all);
        let out = again(&mut other, url, (0, &all), (DAY, &moved_on));
        let gone: Vec<_> = out
            .changes
            .iter()
            .filter(|c| c.status == Status::Removed)
            .collect();
        assert_eq!(gone.len(), 20);
        assert!(gone.iter().all(|c| c.kind == Kind::Noise), "{gone:?}");
        assert!(out.kept_unloaded.is_empty(), "{:?}", out.kept_unloaded);
    }

    #[test]
    fn removed_blocks_stand_where_the_extension_placed_them() {
        // Many small edits of a list: removals at the start, in the middle, at the end, next
        // to moves and edits. `at` must equal the extension's oracle on every one.
        let mut state = 0x9E37_79B9_7F4A_7C15u64;
        let mut next = || {
            state ^= state << 13;
            state ^= state >> 7;
            state ^= state << 17;
            state
        };
        let texts: Vec<String> = (0..40)
            .map(|i| format!("Item {i} of the long list with words w{i} x{i}"))
            .collect();
        for case in 0..300 {
            let n = 3 + (next() % 12) as usize;
            let old: Vec<Block> = (0..n)
                .map(|i| Block {
                    text: texts[(i + case) % 40].clone(),
                    path: format!("/ul[0]/li[{i}]"),
                    ..Block::default()
                })
                .collect();
            let mut new: Vec<Block> = Vec::new();
            for b in &old {
                match next() % 6 {
                    0 => {}                                                              // removed
                    1 => new.push(Block::from_text(format!("{} edited", b.text))),       // changed
                    2 => new.push(Block::from_text(format!("Fresh {}", next() % 1000))), // new
                    _ => new.push(b.clone()),
                }
            }
            if next() % 3 == 0 && new.len() > 2 {
                let b = new.remove(0);
                new.push(b); // moved
            }
            let mut site = SiteState::new();
            let out = again(&mut site, "https://l.example/", (0, &old), (DAY, &new));
            let report = out.report.as_ref().expect("report");
            let ats: Vec<Option<usize>> = out
                .changes
                .iter()
                .filter(|c| c.status == Status::Removed)
                .map(|c| c.at)
                .collect();
            assert_eq!(ats, at_oracle(report, old.len(), new.len()), "case {case}");
        }
    }

    #[test]
    fn a_revisit_updates_only_its_page_and_far_less_than_the_whole_state() {
        // A heavy site: 64 pages of 800 blocks each.
        let mut site = SiteState::new();
        let page = |p: usize, v: usize| -> Vec<Block> {
            (0..800)
                .map(|i| Block {
                    text: format!(
                        "Page {p} paragraph {i} says something {} about item {i}",
                        v * (i % 7 == 0) as usize
                    ),
                    path: format!("/html[0]/body[0]/main[0]/p[{i}]"),
                    ..Block::default()
                })
                .collect()
        };
        for p in 0..64 {
            first(
                &mut site,
                &format!("https://big.example/{p}"),
                0,
                &page(p, 0),
            );
        }
        let url = "https://big.example/5";
        let out = again(&mut site, url, (0, &page(5, 0)), (DAY, &page(5, 1)));
        assert_eq!(out.updates.pages_put.len(), 1);
        assert_eq!(out.updates.pages_put[0].url, url);
        assert!(out.updates.pages_deleted.is_empty());
        let size = |v: &dyn erased::Json| v.json_len();
        let (pages, rules) = site.to_records();
        let whole = size(&pages) + size(&rules);
        let update = size(&out.updates);
        assert!(
            update * 20 < whole,
            "update {update} bytes vs state {whole} bytes"
        );
        // A 65th page drops the oldest one.
        let out = first(&mut site, "https://big.example/new", DAY, &page(99, 0));
        assert_eq!(
            out.updates.pages_deleted,
            vec!["https://big.example/0".to_string()]
        );
    }

    /// JSON length of any serializable value (a stand-in for stored bytes).
    mod erased {
        pub trait Json {
            fn json_len(&self) -> usize;
        }
        impl<T: serde::Serialize> Json for T {
            fn json_len(&self) -> usize {
                serde_json::to_vec(self).map(|v| v.len()).unwrap_or(0)
            }
        }
    }

    #[test]
    fn the_classification_budget_also_meters_a_slot_s_replaced_pair() {
        // A block replaced in its slot by the same values in another format (too unlike as
        // word sets to pair as one changed block; too long to be a bare count): noise, within
        // the budget.
        let url = "https://budget.example/";
        let old = blocks(&[
            ("/p[0]", "Title of the page"),
            ("/p[1]", "1,204 2,305 3,406 4,507 5,608 6,709 members"),
        ]);
        let new = blocks(&[
            ("/p[0]", "Title of the page"),
            ("/p[1]", "1204 2305 3406 4507 5608 6709 members"),
        ]);
        let run = |classify_bytes: usize| {
            let mut site = SiteState::new();
            first(&mut site, url, 0, &old);
            let mut opts = VisitOptions::default();
            opts.diff.budgets.classify_bytes = classify_bytes;
            visit_with(
                &VisitInput::revisit(url, (0, &old), (DAY, &new)),
                &mut site,
                &opts,
            )
        };
        let within = run(usize::MAX);
        assert_eq!(within.status, VisitStatus::Unchanged);
        assert!(within.changes.iter().all(|c| c.kind == Kind::Noise));
        // Past the budget the comparison is not made: the change stays content, and the
        // summary says which budget ran out.
        let past = run(0);
        assert_eq!(past.status, VisitStatus::Changed);
        assert!(past.changes.iter().any(|c| c.kind == Kind::Content));
        let summary = past.summary.expect("a revisit has a summary");
        assert!(summary.approximate);
        assert!(summary
            .degraded
            .contains(&crate::align::Degraded::Classification));
    }
}
