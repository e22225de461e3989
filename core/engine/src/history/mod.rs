//! A page's life over time (Adar, Teevan, Dumais and Elsas, WSDM 2009; Gibson, Punera and
//! Tomkins, WWW 2005 §5): what the stored versions of a page say beyond "what changed since the
//! last visit".
//!
//! - [`timeline`]: one entry per stored version (time, blocks, words, Dice against the previous
//!   version).
//! - [`curve`]: the change curve (Dice against reference versions as a function of the time
//!   since the reference, binned by hour), its knot found by the paper's heuristic and by an
//!   exact least-squares two-segment fit, and its class in words (knotted / flat / sloped).
//! - [`terms`]: staying power and divergence of the page's words: its characteristic terms and
//!   its ephemeral ones.
//! - [`lifespans`]: the serialized-DOM tuples of every version, how long each element (path)
//!   and each piece of content lives, the survival table (2 h, 1 day, 1 week, 5 weeks) and the
//!   per-block heat map of the latest version.
//! - [`picture`]: a site's template picture (one bar per cached page, template spans by how
//!   often they occur, share of text that is template).
//!
//! Times are seconds since the Unix epoch; versions are taken oldest first (callers sort).
//! Everything here is deterministic: the CLI and the extension get the same figures for the
//! same versions.

pub mod curve;
pub mod lifespans;
pub mod picture;
pub mod terms;

use serde::{Deserialize, Serialize};

use crate::block::Block;
use crate::text::sets::dice_sorted;
use crate::text::word_hashes;

/// Most versions of one page analysed (the most recent are kept): bounds the work of a curve
/// (references × versions Dice computations) and of the lifespans.
pub const MAX_HISTORY_VERSIONS: usize = 2_000;

/// One stored version of a page.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, Default)]
pub struct HistoryVersion {
    /// When it was seen, seconds since the Unix epoch.
    pub time: i64,
    /// Its blocks in document order.
    pub blocks: Vec<Block>,
}

/// The versions sorted oldest first (stable for equal times), capped to the most recent
/// [`MAX_HISTORY_VERSIONS`].
pub fn ordered(versions: &[HistoryVersion]) -> Vec<&HistoryVersion> {
    let mut v: Vec<&HistoryVersion> = versions.iter().collect();
    v.sort_by_key(|x| x.time);
    if v.len() > MAX_HISTORY_VERSIONS {
        v.drain(..v.len() - MAX_HISTORY_VERSIONS);
    }
    v
}

/// The word set of a version (markup-stripped text, lower-cased words), as sorted hashes.
pub fn word_set(blocks: &[Block]) -> Vec<u64> {
    let mut out: Vec<u64> = blocks.iter().flat_map(|b| word_hashes(&b.text)).collect();
    out.sort_unstable();
    out.dedup();
    out
}

/// The word sets of the versions (each distinct block text tokenized once: versions repeat
/// most of their blocks).
pub fn word_sets(versions: &[&HistoryVersion]) -> Vec<Vec<u64>> {
    let mut cache: std::collections::HashMap<&str, Vec<u64>> = Default::default();
    versions
        .iter()
        .map(|v| {
            let mut out: Vec<u64> = Vec::new();
            for b in &v.blocks {
                out.extend_from_slice(
                    cache
                        .entry(b.text.as_str())
                        .or_insert_with(|| word_hashes(&b.text)),
                );
            }
            out.sort_unstable();
            out.dedup();
            out
        })
        .collect()
}

/// One entry of a page's timeline.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct TimelineEntry {
    /// Position among the versions, oldest = 0.
    pub index: usize,
    /// Seconds since the Unix epoch.
    pub time: i64,
    /// Number of blocks.
    pub blocks: usize,
    /// Number of distinct words.
    pub words: usize,
    /// Dice similarity of the word sets of this version and the previous one (`None` for the
    /// first).
    pub dice_previous: Option<f64>,
    /// Distinct words that were not in the previous version.
    pub words_added: usize,
    /// Distinct words of the previous version that are gone.
    pub words_removed: usize,
}

/// The timeline of a page: one entry per version, oldest first.
pub fn timeline(versions: &[HistoryVersion]) -> Vec<TimelineEntry> {
    let v = ordered(versions);
    let sets = word_sets(&v);
    v.iter()
        .enumerate()
        .map(|(i, x)| {
            let (dice, added, removed) = if i == 0 {
                (None, 0, 0)
            } else {
                let common = crate::text::sets::intersection(&sets[i - 1], &sets[i]);
                (
                    Some(dice_sorted(&sets[i - 1], &sets[i])),
                    sets[i].len() - common,
                    sets[i - 1].len() - common,
                )
            };
            TimelineEntry {
                index: i,
                time: x.time,
                blocks: x.blocks.len(),
                words: sets[i].len(),
                dice_previous: dice,
                words_added: added,
                words_removed: removed,
            }
        })
        .collect()
}

#[cfg(test)]
pub(crate) mod tests {
    use super::*;

    /// A version of text blocks `texts` at `hours` after the epoch.
    pub(crate) fn version(hours: i64, texts: &[&str]) -> HistoryVersion {
        HistoryVersion {
            time: hours * 3600,
            blocks: texts
                .iter()
                .enumerate()
                .map(|(i, t)| Block {
                    text: t.to_string(),
                    path: format!("/html[0]/body[0]/p[{i}]"),
                    type_path: "/html/body/p".to_string(),
                    links: Vec::new(),
                })
                .collect(),
        }
    }

    #[test]
    fn timeline_dice_by_hand() {
        // {a b c d} then {a b c e}: common 3, Dice 2·3/(4+4) = 0.75, one word in, one out.
        let t = timeline(&[version(5, &["a b", "c e"]), version(0, &["a b c", "d"])]);
        assert_eq!(t.len(), 2);
        assert_eq!(t[0].time, 0);
        assert_eq!(t[0].dice_previous, None);
        assert_eq!(t[1].dice_previous, Some(0.75));
        assert_eq!((t[1].words_added, t[1].words_removed), (1, 1));
        assert_eq!((t[1].blocks, t[1].words), (2, 4));
    }
}

/// Everything the history of one page is analysed from: its versions and the texts of
/// everything cached (for the terms' divergence; may be empty).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, Default)]
pub struct HistoryInput {
    /// The page's stored versions (any order).
    pub versions: Vec<HistoryVersion>,
    /// Distinct block texts of everything cached.
    #[serde(default)]
    pub collection: Vec<String>,
}

/// The whole analysis of a page's history: what the CLI prints and the history page shows.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Analysis {
    /// One entry per version.
    pub timeline: Vec<TimelineEntry>,
    /// The change curve, its fits and class.
    pub curve: curve::CurveReport,
    /// Characteristic and ephemeral terms.
    pub terms: terms::Terms,
    /// Lifespans, survival table and heat map.
    pub lifespans: lifespans::Lifespans,
}

/// Lifespans listed per kind in an [`Analysis`] (shortest first).
pub const LIFESPAN_LIST: usize = 50;

/// Analyses a page's history (the one entry point the CLI and the bindings share).
pub fn analyze(input: &HistoryInput) -> Analysis {
    Analysis {
        timeline: timeline(&input.versions),
        curve: curve::change_curve(&input.versions),
        terms: terms::terms(&input.versions, &input.collection),
        lifespans: lifespans::lifespans(&input.versions, LIFESPAN_LIST),
    }
}
