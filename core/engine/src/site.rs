//! Meaningful change: a diff whose changes are classified as content, template or noise using
//! what the site has taught so far, and which teaches the site model in turn.
//!
//! ```text
//! old visit + new visit + SiteModel ──analyze──▶ Report (kind + reason per block, meaningful count)
//!                                     └─ learns: template pages, noise rules, flips
//! ```
//!
//! Order of decisions for a block that is not unchanged:
//! 1. **template** — its text (the new text, or the old one for a removed block) is template
//!    on the site ([`crate::template`]), counting the new page itself, with the stricter floor
//!    for hiding a change ([`crate::template::TemplateOptions::suppress_min_count`]: the page
//!    and two others);
//! 2. **noise** — a changed block whose change is volatile ([`crate::noise::classify`]: the
//!    built-in detectors, then the site's learned rules), or a new or removed short block at a
//!    path the site has learned to rotate;
//! 3. otherwise **content**.
//!
//! Learning happens *after* the classification of the visit that teaches it, so a visit never
//! hides its own changes through what it has just learned.

use serde::{Deserialize, Serialize};

use crate::block::Block;
use crate::diff::{diff_blocks, DiffOptions, Kind, Report, Status};
use crate::noise::{self, NoiseModel, NEAR_SIMULTANEOUS_SECS, ROTATING_MAX_WORDS};
use crate::template::TemplateModel;
use crate::text;

/// Everything learned about one site (one origin).
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
pub struct SiteModel {
    /// Learned noise rules.
    #[serde(default)]
    pub noise: NoiseModel,
    /// The site's template model.
    #[serde(default)]
    pub templates: TemplateModel,
}

/// One visit of a page.
#[derive(Debug, Clone, Copy)]
pub struct Visit<'a> {
    /// The page's URL (pages of a site are told apart by it).
    pub url: &'a str,
    /// When, in seconds since the Unix epoch, if known.
    pub time: Option<i64>,
    /// The page's blocks.
    pub blocks: &'a [Block],
}

/// Options of [`analyze`].
#[derive(Debug, Clone, Copy, PartialEq, Serialize, Deserialize)]
pub struct AnalyzeOptions {
    /// Alignment budgets.
    pub diff: DiffOptions,
    /// Versions at most this many seconds apart are near-simultaneous.
    pub near_simultaneous_secs: i64,
    /// Whether this visit teaches the model (false for a preview).
    pub learn: bool,
}

impl Default for AnalyzeOptions {
    fn default() -> Self {
        AnalyzeOptions {
            diff: DiffOptions::default(),
            near_simultaneous_secs: NEAR_SIMULTANEOUS_SECS,
            learn: true,
        }
    }
}

impl SiteModel {
    /// Records a visit without comparing (a first visit): the page joins the template model.
    pub fn observe(&mut self, visit: &Visit) {
        self.templates.observe(visit.url, visit.blocks);
    }

    /// Forgets one page: its template contribution and its flip history (learned rules stay:
    /// they belong to the site).
    pub fn forget(&mut self, url: &str) {
        self.templates.forget(url);
        // Flip history is keyed by hashes of (url, path): it ages out on its own (bounded).
    }

    /// Records a change of the short block at `path` on page `url` (old text, then new) in
    /// the flip history. Only blocks that change are tracked: an unchanged block's text is in
    /// the stored version already, and the history stays small.
    fn record_change(&mut self, url: &str, path: &str, old: &str, new: &str) {
        if path.is_empty()
            || text::word_count(old) > ROTATING_MAX_WORDS
            || text::word_count(new) > ROTATING_MAX_WORDS
        {
            return;
        }
        let key = crate::hash::block_id(&format!("{url}\u{1f}{path}"));
        if !self.noise.recent.contains_key(&key) {
            self.noise.observe(&key, path, old);
        }
        self.noise.observe(&key, path, new);
    }
}

/// Compares `old` and `new` visits of one page, classifies every change, and (when
/// `opts.learn`) teaches `model` from the new visit. See the module docs.
pub fn analyze(old: &Visit, new: &Visit, model: &mut SiteModel, opts: &AnalyzeOptions) -> Report {
    let mut report = diff_blocks(old.blocks, new.blocks, &opts.diff);

    // Templates count the new page itself (a site's header is template on every page).
    let mut preview;
    let templates = if opts.learn {
        &mut model.templates
    } else {
        preview = model.templates.clone();
        &mut preview
    };
    let new_page = templates.features(new.blocks);
    templates.observe_features(new.url, &new_page);
    let new_tpl = templates.suppressible_features(&new_page, new.blocks.len());
    // The old page's flags are needed only for removed blocks.
    let any_removed = report.blocks.iter().any(|b| b.status == Status::Removed);
    let old_tpl = if any_removed {
        templates.suppressible_blocks(old.blocks)
    } else {
        vec![false; old.blocks.len()]
    };

    let removed_paths: std::collections::HashSet<String> = report
        .blocks
        .iter()
        .filter(|b| b.status == Status::Removed)
        .map(|b| b.path.clone())
        .collect();
    let rotating_label = |path: &str, t: &str| -> Option<String> {
        if text::word_count(t) > ROTATING_MAX_WORDS {
            return None;
        }
        model
            .noise
            .rules
            .iter()
            .find(|r| matches!(&r.rule, noise::RuleKind::Rotating { path: p } if p == path))
            .map(|r| r.label.clone())
    };

    for b in report.blocks.iter_mut() {
        if b.status == Status::Unchanged {
            continue;
        }
        let is_template = match (b.new_index, b.old_index) {
            (Some(j), _) => new_tpl[j],
            (None, Some(i)) => old_tpl[i],
            (None, None) => false,
        };
        if is_template {
            b.kind = Kind::Template;
            b.reason = Some("template".into());
            continue;
        }
        match b.status {
            Status::Changed => {
                let old_text = b
                    .old_index
                    .map(|i| old.blocks[i].text.as_str())
                    .unwrap_or("");
                if let Some(r) =
                    noise::classify(old_text, &b.text, &b.path, new.time, Some(&model.noise))
                {
                    b.kind = Kind::Noise;
                    b.reason = Some(r.to_string());
                }
            }
            Status::New | Status::Removed => {
                let paired = b.status == Status::Removed || removed_paths.contains(&b.path);
                if paired {
                    if let Some(label) = rotating_label(&b.path, &b.text) {
                        b.kind = Kind::Noise;
                        b.reason = Some(format!("learned: {label}"));
                    }
                }
            }
            _ => {}
        }
    }
    recount(&mut report);

    if opts.learn {
        let near = matches!((old.time, new.time), (Some(a), Some(b)) if (b - a).abs() <= opts.near_simultaneous_secs);
        for b in &report.blocks {
            if b.kind == Kind::Template {
                continue;
            }
            // The old text of a change at this path: a changed block's, or a removed block's
            // that a new block replaced in place.
            let old_text = match (b.status, b.old_index) {
                (Status::Changed, Some(i)) => Some(old.blocks[i].text.as_str()),
                (Status::New, None) if removed_paths.contains(&b.path) => report
                    .blocks
                    .iter()
                    .find(|r| r.status == Status::Removed && r.path == b.path)
                    .map(|r| r.text.as_str()),
                _ => None,
            };
            if let Some(old_text) = old_text {
                if near {
                    model
                        .noise
                        .learn_near_simultaneous(old_text, &b.text, &b.path);
                }
                model.record_change(new.url, &b.path, old_text, &b.text);
            }
        }
    }
    report
}

/// Recomputes the summary's meaningful, noise and template counts from the blocks' kinds.
pub fn recount(report: &mut Report) {
    let s = &mut report.summary;
    s.meaningful = 0;
    s.noise = 0;
    s.template = 0;
    for b in &report.blocks {
        if b.status == Status::Unchanged {
            continue;
        }
        match b.kind {
            Kind::Content if b.status != Status::Removed => s.meaningful += 1,
            Kind::Content => {}
            Kind::Noise => s.noise += 1,
            Kind::Template => s.template += 1,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

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

    fn page(counter: u32, clock: &str, banner: &str, paragraph: &str) -> Vec<Block> {
        blocks(&[
            ("/html[0]/body[0]/header[0]/p[0]", "The Harbour Times"),
            ("/html[0]/body[0]/nav[0]/a[0]", "Home"),
            ("/html[0]/body[0]/nav[0]/a[1]", "Sport"),
            ("/html[0]/body[0]/main[0]/h1[0]", "Ferry news"),
            ("/html[0]/body[0]/main[0]/p[0]", paragraph),
            (
                "/html[0]/body[0]/main[0]/p[1]",
                &format!("You are visitor number {counter}"),
            ),
            (
                "/html[0]/body[0]/main[0]/p[2]",
                &format!("Page generated at {clock}"),
            ),
            ("/html[0]/body[0]/aside[0]/p[0]", banner),
            ("/html[0]/body[0]/footer[0]/p[0]", "Contact the newsroom"),
        ])
    }

    const PARA: &str = "The morning ferry will leave at a quarter past seven from Monday onwards.";

    #[test]
    fn counter_clock_banner_and_template_are_not_meaningful_but_an_edit_is() {
        let mut model = SiteModel::default();
        let url = "https://h.example/ferry";
        let banners = [
            "Buy shoes now",
            "Cheap flights to Rome",
            "Buy shoes now",
            "Cheap flights to Rome",
        ];
        // Another page of the site teaches the template.
        let other = blocks(&[
            ("/html[0]/body[0]/header[0]/p[0]", "The Harbour Times"),
            ("/html[0]/body[0]/nav[0]/a[0]", "Home"),
            ("/html[0]/body[0]/nav[0]/a[1]", "Sport"),
            ("/html[0]/body[0]/main[0]/h1[0]", "Regatta"),
            ("/html[0]/body[0]/footer[0]/p[0]", "Contact the newsroom"),
        ]);
        model.observe(&Visit {
            url: "https://h.example/regatta",
            time: Some(0),
            blocks: &other,
        });
        let mut prev = page(100, "7:00", banners[0], PARA);
        model.observe(&Visit {
            url,
            time: Some(0),
            blocks: &prev,
        });
        for (k, banner) in banners.iter().enumerate().skip(1) {
            let next = page(
                100 + k as u32 * 7,
                &format!("7:{:02}", 10 + k),
                banner,
                PARA,
            );
            let t = k as i64 * 86_400;
            let r = analyze(
                &Visit {
                    url,
                    time: Some(t - 86_400),
                    blocks: &prev,
                },
                &Visit {
                    url,
                    time: Some(t),
                    blocks: &next,
                },
                &mut model,
                &AnalyzeOptions::default(),
            );
            // Counter and clock are built-in noise; the banner becomes noise once it flipped.
            assert!(r
                .blocks
                .iter()
                .filter(|b| b.text.starts_with("You are"))
                .all(|b| b.kind == Kind::Noise));
            if k >= 3 {
                assert_eq!(r.summary.meaningful, 0, "visit {k}: {:#?}", r.blocks);
            }
            prev = next;
        }
        // Now a real edit: only the paragraph is meaningful.
        let edited = page(
            200,
            "8:00",
            banners[0],
            "The morning ferry will leave at half past seven from Monday onwards.",
        );
        let r = analyze(
            &Visit {
                url,
                time: Some(10 * 86_400),
                blocks: &prev,
            },
            &Visit {
                url,
                time: Some(11 * 86_400),
                blocks: &edited,
            },
            &mut model,
            &AnalyzeOptions::default(),
        );
        assert_eq!(r.summary.meaningful, 1);
        let para = r
            .blocks
            .iter()
            .find(|b| b.kind == Kind::Content && b.status != Status::Unchanged)
            .expect("edit");
        assert!(para.text.contains("half past seven"));
        // The template (header, nav, footer) is recognised.
        let mut t = model.templates.clone();
        let flags = t.template_blocks(&edited);
        assert!(flags[0] && flags[1] && flags[2] && flags[8] && !flags[4]);
    }

    #[test]
    fn fifty_counter_flips_then_a_paragraph_rewrite_shows_the_paragraph() {
        let mut model = SiteModel::default();
        let url = "https://c.example/";
        let mk =
            |n: u32, p: &str| blocks(&[("/p[0]", p), ("/p[1]", &format!("Visitor number {n}"))]);
        let mut prev = mk(0, PARA);
        for n in 1..=50u32 {
            let next = mk(n, PARA);
            // Near-simultaneous reloads: every counter change is learned as a slot rule.
            analyze(
                &Visit {
                    url,
                    time: Some(n as i64 * 60),
                    blocks: &prev,
                },
                &Visit {
                    url,
                    time: Some(n as i64 * 60 + 30),
                    blocks: &next,
                },
                &mut model,
                &AnalyzeOptions::default(),
            );
            prev = next;
        }
        assert!(!model.noise.rules.is_empty());
        let rewritten = mk(
            51,
            "A completely new paragraph about the harbour's winter timetable and fares.",
        );
        let r = analyze(
            &Visit {
                url,
                time: Some(10_000),
                blocks: &prev,
            },
            &Visit {
                url,
                time: Some(10_030),
                blocks: &rewritten,
            },
            &mut model,
            &AnalyzeOptions::default(),
        );
        assert_eq!(r.summary.meaningful, 1, "{:#?}", r.blocks);
    }

    #[test]
    fn a_paragraph_two_documents_share_is_not_hidden_as_template() {
        // Terms and privacy policy share a contact paragraph; the service updates it in both.
        let mut model = SiteModel::default();
        let doc = |title: &str, contact: &str| {
            blocks(&[
                ("/html[0]/body[0]/h1[0]", title),
                ("/html[0]/body[0]/p[0]", contact),
            ])
        };
        let old_contact = "Write to us at 1 Harbour Road, Portsmouth, United Kingdom.";
        let new_contact = "Write to us at 7 Quay Street, Bristol, United Kingdom.";
        let terms_old = doc("Terms of use", old_contact);
        model.observe(&Visit {
            url: "https://d.example/terms",
            time: Some(0),
            blocks: &terms_old,
        });
        model.observe(&Visit {
            url: "https://d.example/privacy",
            time: Some(0),
            blocks: &doc("Privacy", old_contact),
        });
        // The privacy policy is visited after the update…
        let privacy_new = doc("Privacy", new_contact);
        analyze(
            &Visit {
                url: "https://d.example/privacy",
                time: Some(0),
                blocks: &doc("Privacy", old_contact),
            },
            &Visit {
                url: "https://d.example/privacy",
                time: Some(86_400),
                blocks: &privacy_new,
            },
            &mut model,
            &AnalyzeOptions::default(),
        );
        // …then the terms: the new paragraph is on two documents, yet the change shows.
        let r = analyze(
            &Visit {
                url: "https://d.example/terms",
                time: Some(0),
                blocks: &terms_old,
            },
            &Visit {
                url: "https://d.example/terms",
                time: Some(90_000),
                blocks: &doc("Terms of use", new_contact),
            },
            &mut model,
            &AnalyzeOptions::default(),
        );
        assert_eq!(r.summary.meaningful, 1, "{:#?}", r.blocks);
        assert_eq!(r.summary.template, 0);
    }

    #[test]
    fn only_blocks_that_change_are_tracked_for_flips() {
        let mut model = SiteModel::default();
        let url = "https://t.example/";
        let many: Vec<(String, String)> = (0..200)
            .map(|i| (format!("/p[{i}]"), format!("Short item {i}")))
            .collect();
        let mk = |banner: &str| {
            let mut v: Vec<Block> = many
                .iter()
                .map(|(p, t)| Block {
                    text: t.clone(),
                    path: p.clone(),
                    ..Block::default()
                })
                .collect();
            v.push(Block {
                text: banner.into(),
                path: "/aside[0]".into(),
                ..Block::default()
            });
            v
        };
        let (a, b) = (mk("Buy shoes"), mk("Fly to Rome"));
        model.observe(&Visit {
            url,
            time: Some(0),
            blocks: &a,
        });
        analyze(
            &Visit {
                url,
                time: Some(0),
                blocks: &a,
            },
            &Visit {
                url,
                time: Some(86_400),
                blocks: &b,
            },
            &mut model,
            &AnalyzeOptions::default(),
        );
        assert_eq!(model.noise.recent.len(), 1, "only the banner");
        analyze(
            &Visit {
                url,
                time: Some(86_400),
                blocks: &b,
            },
            &Visit {
                url,
                time: Some(2 * 86_400),
                blocks: &a,
            },
            &mut model,
            &AnalyzeOptions::default(),
        );
        assert_eq!(
            model.noise.rules.len(),
            1,
            "the banner flipped back: a rotating slot"
        );
    }

    #[test]
    fn near_simultaneous_versions_teach_slot_rules() {
        let mut model = SiteModel::default();
        let url = "https://w.example/";
        let a = blocks(&[
            ("/p[0]", "Wetter: sonnig in Berlin"),
            ("/p[1]", "Stable text here"),
        ]);
        let b = blocks(&[
            ("/p[0]", "Wetter: bewölkt in Berlin"),
            ("/p[1]", "Stable text here"),
        ]);
        let c = blocks(&[
            ("/p[0]", "Wetter: regnerisch in Berlin"),
            ("/p[1]", "Stable text here"),
        ]);
        let r = analyze(
            &Visit {
                url,
                time: Some(0),
                blocks: &a,
            },
            &Visit {
                url,
                time: Some(60),
                blocks: &b,
            },
            &mut model,
            &AnalyzeOptions::default(),
        );
        assert_eq!(
            r.summary.meaningful, 1,
            "a visit never hides its own change"
        );
        let r = analyze(
            &Visit {
                url,
                time: Some(60),
                blocks: &b,
            },
            &Visit {
                url,
                time: Some(90_000),
                blocks: &c,
            },
            &mut model,
            &AnalyzeOptions::default(),
        );
        assert_eq!(r.summary.meaningful, 0);
        assert_eq!(r.summary.noise, 1);
        assert!(r.blocks[0]
            .reason
            .as_deref()
            .unwrap_or("")
            .contains("Wetter: {*} in Berlin"));
    }
}
