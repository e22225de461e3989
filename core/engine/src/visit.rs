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
    /// Each new block's id ([`crate::hash::block_id`] of its text).
    pub ids: Vec<String>,
    /// The id of the new version's block list.
    pub list_id: String,
    /// The id of the new version's paths and type paths.
    pub pathset_id: String,
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
    let ids = content_ids(new.blocks);
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
    VisitOutcome {
        status,
        summary,
        changes,
        ids: ids.ids,
        list_id: ids.list_id,
        pathset_id: ids.pathset_id,
        updates,
        report,
    }
}
