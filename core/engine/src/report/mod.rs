//! Reports: what a visit gives back to its caller, ready to paint and to store.
//!
//! - [`Change`]: one entry of a visit's paint-ready change list (everything but unchanged
//!   blocks, in page order), with its status, kind, typed [`Reason`], indices, word spans for
//!   a changed block, and for a removed block its old text and where it stood ([`Change::at`]);
//! - [`ContentIds`]: the content addresses a caller stores a version under (block ids, list id,
//!   pathset id; [`crate::hash`]);
//! - [`packed`]: blocks packed in one buffer for callers across a language boundary, and the
//!   lean diff report (the benchmark's path).

pub mod packed;

use serde::{Deserialize, Serialize};

use crate::align::{Kind, Report, Span, Status};
use crate::block::{type_path_of, Block};
use crate::classify::Reason;
use crate::hash::block_id;

/// One change of a visit, ready to paint.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Change {
    /// New, changed, moved or removed.
    pub status: Status,
    /// Content (painted, counted), template or noise (shown on request, with the reason).
    pub kind: Kind,
    /// Why a template or noise change is one (`None` for content).
    pub reason: Option<Reason>,
    /// Index of the block in the new version (`None` for a removed block).
    pub new_index: Option<usize>,
    /// Index of the block in the old version (`None` for a new block).
    pub old_index: Option<usize>,
    /// Word spans of a changed block.
    pub spans: Option<Vec<Span>>,
    /// The old text of a removed block.
    pub text: Option<String>,
    /// For a removed block: the index of the new block it stood before, `None` when it stood
    /// at the end. It follows the nearest old block before it that kept its place (unchanged)
    /// or was edited (changed), else it stands at the start (0).
    pub at: Option<usize>,
}

/// The paint-ready changes of an aligned (and classified) report of two versions, the new one
/// having `new_count` blocks.
pub fn changes_of(report: &Report, old_count: usize, new_count: usize) -> Vec<Change> {
    let new_of = anchors(report, old_count);
    report
        .blocks
        .iter()
        .filter(|b| b.status != Status::Unchanged)
        .map(|b| {
            let removed = b.status == Status::Removed;
            let at = if removed {
                let at = place_of_removed(&new_of, b.old_index.unwrap_or(0));
                (at < new_count).then_some(at)
            } else {
                None
            };
            Change {
                status: b.status,
                kind: b.kind,
                reason: b.reason.clone(),
                new_index: b.new_index,
                old_index: b.old_index,
                spans: if b.status == Status::Changed {
                    b.spans.clone()
                } else {
                    None
                },
                text: removed.then(|| b.text.clone()),
                at,
            }
        })
        .collect()
}

/// Old index → new index of the blocks that kept their place or were edited: the anchors a
/// removed block is placed after ([`place_of_removed`]).
pub(crate) fn anchors(report: &Report, old_count: usize) -> Vec<Option<usize>> {
    let mut new_of: Vec<Option<usize>> = vec![None; old_count];
    for b in &report.blocks {
        if let (Status::Unchanged | Status::Changed, Some(i), Some(j)) =
            (b.status, b.old_index, b.new_index)
        {
            if i < old_count {
                new_of[i] = Some(j);
            }
        }
    }
    new_of
}

/// Where the removed old block `i` stood: the index of the new block after the nearest old block
/// before it that kept its place or was edited ([`anchors`]), else 0 (see [`Change::at`]).
pub(crate) fn place_of_removed(new_of: &[Option<usize>], i: usize) -> usize {
    new_of[..i.min(new_of.len())]
        .iter()
        .rev()
        .find_map(|j| *j)
        .map_or(0, |j| j + 1)
}

/// The content addresses a version is stored under.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct ContentIds {
    /// Each block's id: [`block_id`] of its text (16 hex digits).
    pub ids: Vec<String>,
    /// The block list's id: [`block_id`] of the ids joined by `\n`.
    pub list_id: String,
    /// The pathset's id: [`block_id`] of the paths joined by `\n`, U+0000, then the type paths
    /// ([`type_path_of`] each path) joined by `\n`.
    pub pathset_id: String,
}

/// The content addresses of a version's blocks.
pub fn content_ids(blocks: &[Block]) -> ContentIds {
    let ids: Vec<String> = blocks.iter().map(|b| block_id(&b.text)).collect();
    let list_id = block_id(&ids.join("\n"));
    let mut pathset = String::new();
    for (k, b) in blocks.iter().enumerate() {
        if k > 0 {
            pathset.push('\n');
        }
        pathset.push_str(&b.path);
    }
    pathset.push('\u{0}');
    for (k, b) in blocks.iter().enumerate() {
        if k > 0 {
            pathset.push('\n');
        }
        pathset.push_str(&type_path_of(&b.path));
    }
    ContentIds {
        ids,
        list_id,
        pathset_id: block_id(&pathset),
    }
}
