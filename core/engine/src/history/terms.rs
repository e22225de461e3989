//! Staying power and divergence of a page's terms (Adar et al. §4.3).
//!
//! - **Staying power** of a word w: the probability that w is on the page at two different
//!   versions t ≠ t' drawn uniformly from its history: `c(c−1) / (n(n−1))` with `c` the number
//!   of the page's `n` versions that contain w (1 for a word on every version, 0 for a word seen
//!   once).
//! - **Divergence** of w: its contribution to KL(page ‖ collection),
//!   `P(w|D) · ln(P(w|D) / P(w|C))`, with unsmoothed maximum-likelihood estimates: `P(w|D)` =
//!   occurrences of w over all versions of the page / all their words; `P(w|C)` = occurrences of
//!   w in the collection / all its words. The **collection** is everything the person has cached:
//!   every distinct block text stored (each counted once, as the extension stores blocks by
//!   content), given by the caller; the page's own versions' blocks are added to it, so
//!   `P(w|C) > 0` for every word of the page.
//!
//! **Characteristic** terms: staying power ≥ [`STABLE_POWER`], by divergence (highest first).
//! **Ephemeral** terms: staying power < [`EPHEMERAL_POWER`] (the paper marks < 0.2), by
//! divergence. Words of one character and pure numbers are left out of both lists.

use std::collections::{HashMap, HashSet};

use serde::{Deserialize, Serialize};

use super::{ordered, HistoryVersion};
use crate::text::words;

/// Staying power at or above this: a stable term.
pub const STABLE_POWER: f64 = 0.5;
/// Staying power below this: an ephemeral term (the paper's 0.2).
pub const EPHEMERAL_POWER: f64 = 0.2;
/// Terms per list.
pub const LIST_LEN: usize = 12;

/// One term with its figures.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Term {
    /// The word (lower-cased).
    pub term: String,
    /// Staying power, 0 to 1.
    pub staying_power: f64,
    /// Contribution to KL(page ‖ collection), nats.
    pub divergence: f64,
    /// Versions containing it.
    pub versions: usize,
}

/// The two lists.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Terms {
    /// Versions read.
    pub versions: usize,
    /// High staying power, high divergence: what the page is about.
    pub characteristic: Vec<Term>,
    /// Low staying power: what is news on it.
    pub ephemeral: Vec<Term>,
}

fn listed(w: &str) -> bool {
    w.chars().count() > 1 && !w.chars().all(|c| c.is_ascii_digit())
}

/// Staying power of a word in `c` of `n` versions.
pub fn staying_power(c: usize, n: usize) -> f64 {
    if n < 2 {
        return if c > 0 { 1.0 } else { 0.0 };
    }
    (c * c.saturating_sub(1)) as f64 / (n * (n - 1)) as f64
}

/// The page's characteristic and ephemeral terms. `collection` holds the texts of everything
/// cached (distinct blocks; the page's own distinct blocks are added when missing).
pub fn terms(versions: &[HistoryVersion], collection: &[String]) -> Terms {
    let v = ordered(versions);
    let n = v.len();
    // Versions repeat most of their blocks: each distinct block text is tokenized once, its
    // words interned (ids into `vocab`) with their counts.
    let mut vocab: Vec<String> = Vec::new();
    let mut ids: HashMap<String, usize> = HashMap::new();
    let mut per_block: HashMap<&str, Vec<(usize, usize)>> = HashMap::new();
    let mut occurrences: Vec<usize> = Vec::new();
    let mut in_versions: Vec<usize> = Vec::new();
    let mut last_version: Vec<usize> = Vec::new();
    let mut page_total = 0usize;
    let mut seen_blocks: HashSet<&str> = collection.iter().map(|s| s.as_str()).collect();
    let mut extra: Vec<&str> = Vec::new();
    for (vi, x) in v.iter().enumerate() {
        for b in &x.blocks {
            if seen_blocks.insert(b.text.as_str()) {
                extra.push(b.text.as_str());
            }
            let counts = per_block.entry(b.text.as_str()).or_insert_with(|| {
                let mut c: HashMap<usize, usize> = HashMap::new();
                for w in words(&b.text) {
                    let id = match ids.get(&w) {
                        Some(&id) => id,
                        None => {
                            let id = vocab.len();
                            ids.insert(w.clone(), id);
                            vocab.push(w);
                            occurrences.push(0);
                            in_versions.push(0);
                            last_version.push(usize::MAX);
                            id
                        }
                    };
                    *c.entry(id).or_insert(0) += 1;
                }
                let mut c: Vec<(usize, usize)> = c.into_iter().collect();
                c.sort_unstable();
                c
            });
            for &(id, k) in counts.iter() {
                page_total += k;
                occurrences[id] += k;
                if last_version[id] != vi {
                    last_version[id] = vi;
                    in_versions[id] += 1;
                }
            }
        }
    }
    let page_counts: HashMap<String, (usize, usize)> = vocab
        .iter()
        .enumerate()
        .map(|(id, w)| (w.clone(), (occurrences[id], in_versions[id])))
        .collect();
    let mut coll_counts: HashMap<String, usize> = HashMap::new();
    let mut coll_total = 0usize;
    for text in collection.iter().map(|s| s.as_str()).chain(extra) {
        for w in words(text) {
            coll_total += 1;
            if page_counts.contains_key(&w) {
                *coll_counts.entry(w).or_insert(0) += 1;
            }
        }
    }
    let mut all: Vec<Term> = page_counts
        .into_iter()
        .filter(|(w, _)| listed(w))
        .map(|(w, (occ, vers))| {
            let pd = occ as f64 / page_total as f64;
            let pc = coll_counts.get(&w).copied().unwrap_or(0).max(1) as f64 / coll_total as f64;
            Term {
                staying_power: staying_power(vers, n),
                divergence: pd * (pd / pc).ln(),
                versions: vers,
                term: w,
            }
        })
        .collect();
    all.sort_by(|a, b| {
        b.divergence
            .total_cmp(&a.divergence)
            .then_with(|| a.term.cmp(&b.term))
    });
    let characteristic = all
        .iter()
        .filter(|t| t.staying_power >= STABLE_POWER)
        .take(LIST_LEN)
        .cloned()
        .collect();
    let ephemeral = all
        .iter()
        .filter(|t| t.staying_power < EPHEMERAL_POWER)
        .take(LIST_LEN)
        .cloned()
        .collect();
    Terms {
        versions: n,
        characteristic,
        ephemeral,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::history::tests::version;

    #[test]
    fn staying_power_by_hand() {
        assert_eq!(staying_power(4, 4), 1.0);
        assert_eq!(staying_power(1, 4), 0.0);
        // In 2 of 4: pairs (t, t') of distinct versions both containing it: 2 of 12.
        assert!((staying_power(2, 4) - 2.0 / 12.0).abs() < 1e-12);
        assert!((staying_power(3, 4) - 0.5).abs() < 1e-12);
    }

    #[test]
    fn characteristic_and_ephemeral_by_hand() {
        // Page: 4 versions, "harbour ferry" on all, one story word each.
        let v = vec![
            version(0, &["harbour ferry storm"]),
            version(1, &["harbour ferry election"]),
            version(2, &["harbour ferry concert"]),
            version(3, &["harbour ferry market"]),
        ];
        // Collection: another page saying "ferry" a lot, never "harbour".
        let coll = vec!["ferry ferry ferry timetable ferry".to_string()];
        let t = terms(&v, &coll);
        assert_eq!(t.versions, 4);
        let names: Vec<&str> = t.characteristic.iter().map(|x| x.term.as_str()).collect();
        assert_eq!(names, vec!["harbour", "ferry"]);
        // P(harbour|D) = 4/12; collection = the other page (5 words) + the page's distinct
        // blocks (4 × 3 words) = 17 words, harbour 4 times: P(harbour|C) = 4/17.
        let h = &t.characteristic[0];
        let pd: f64 = 4.0 / 12.0;
        assert!((h.divergence - pd * (pd / (4.0 / 17.0)).ln()).abs() < 1e-12);
        assert_eq!(h.staying_power, 1.0);
        // ferry: P(D) = 4/12, P(C) = 8/17 < P(D)? 8/17 = 0.47 > 0.33: negative divergence.
        assert!(t.characteristic[1].divergence < 0.0);
        let eph: Vec<&str> = t.ephemeral.iter().map(|x| x.term.as_str()).collect();
        assert_eq!(eph.len(), 4);
        assert!(eph.contains(&"storm") && eph.contains(&"market"));
        assert!(t.ephemeral.iter().all(|x| x.staying_power == 0.0));
    }
}
