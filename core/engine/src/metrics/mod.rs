//! How much a page changed, as numbers: Dice, fragment staleness, Kwon's IED with its six change
//! counts, and the classic metrics Kwon et al. measured against (TF-IDF cosine, word distance,
//! edit distance, byte-wise, shingling).
//!
//! [`compute`] takes the old and the new text of a page (markup already stripped, e.g.
//! [`crate::Page::text`]), tokenizes each **once** ([`word_hashes`]: the words of
//! [`crate::text::words`], hashed) and returns every metric in one [`Metrics`]. Each metric is
//! also a public function over word slices, generic over `T: Hash + Eq` (`&str`, `String`, or
//! the `u64`s of [`word_hashes`]) so it can be used on blocks, sentences or any sequence; their
//! results equal [`compute`]'s on the same words. Items are hashed with a fixed in-memory
//! hasher: results depend only on which items are equal, never on the hash values.
//!
//! ```
//! use sincelast_core::metrics::{compute, MetricOptions};
//! let m = compute(
//!     "the cat sat on the mat",
//!     "the cat sat on the red mat",
//!     &MetricOptions::default(),
//! ).unwrap();
//! assert_eq!(m.ied.add, 1);             // "red" was added
//! assert_eq!(m.ied.moved + m.ied.drop, 0);
//! assert!((m.dice - 10.0 / 11.0).abs() < 1e-12); // 5 distinct words, 6 after, 5 shared
//! ```
//!
//! # The metrics
//!
//! Below, `A` is the old word sequence (`m` words) and `B` the new one (`n` words). All are
//! computed on lower-cased words; punctuation and white space never count (byte-wise aside).
//!
//! | field | meaning | range | identical | two empty pages |
//! |---|---|---|---|---|
//! | [`dice`](Metrics::dice) | **similarity** of the word *sets*: `2·|W∩W'| / (|W|+|W'|)` (Adar et al.) | 0 (nothing shared) … 1 | 1 | 1 |
//! | [`fragment_staleness`](Metrics::fragment_staleness) | share of word k-gram fragments not in both: `1 − |F∩F'| / |F∪F'|` (Olston & Pandey) | 0 … 1 | 0 | 0 |
//! | [`ied`](Metrics::ied) | Kwon's six counts, their cost `δE` and `D = δE / max(m, n)` | `D` ≥ 0, ≤ 1 in practice | 0 | 0 |
//! | [`cosine`](Metrics::cosine) | TF-IDF cosine **distance** | 0 … 1 | 0 | 0 |
//! | [`word_distance`](Metrics::word_distance) | `1 − 2·|common| / (m+n)`, common = multiset intersection | 0 … 1 | 0 | 0 |
//! | [`edit_distance`](Metrics::edit_distance) | insert/delete edit distance `δ / (m+n)`, `δ = m + n − 2·LCS` | 0 … 1 | 0 | 0 |
//! | [`bytewise`](Metrics::bytewise) | 0 if the texts are byte-identical, else 1 | {0, 1} | 0 | 0 |
//! | [`shingling`](Metrics::shingling) | Kwon's k-shingling with wrap-around, `1 − |S∩S'| / |S∪S'|` | 0 … 1 | 0 | 0 |
//!
//! Dice is the only similarity (1 = same); everything else is a distance (0 = same). When one
//! page is empty and the other is not, Dice is 0 and every distance is 1.
//!
//! # Which one when
//!
//! - **"How much of the vocabulary changed?"** — [`dice`]. Cheap, order-blind, the number Adar
//!   et al.'s change curves are built on (their mean between changed versions: 0.794). Use it
//!   for change curves, knot points and quick "did anything real change" checks.
//! - **"What happened, in words a person reads?"** — the [`Ied`] counts: "12 words added,
//!   3 moved, 1 replaced". Its distance is the one Kwon et al. found closest to their criteria
//!   for all six change types; `copy_cost`/`move_cost` say how much duplicated text and
//!   reordering matter to you (0 = not at all, 1 = as much as new text).
//! - **"How often should this page be re-checked?"** — [`fragment_staleness`]: the fraction of
//!   fragments a cached copy would get wrong (false hits and misses of a search), sensitive to
//!   order at the scale of `k` words. Feed it to a recrawl scheduler.
//! - **Comparisons only** — [`cosine_distance`] and [`word_distance`] are blind to moves (a
//!   reordered page scores 0) and under-sensitive to copies; [`edit_distance`] counts a move as
//!   a delete plus an insert; [`shingling`] is over-sensitive, especially on small pages and to
//!   moves; [`bytewise`] says 1 for a single added space. They are here to reproduce the
//!   literature and to compare against, not to drive the product.
//!
//! # Definitions and the choices made where the papers are unclear
//!
//! **Words.** Those of [`crate::text::words`]: maximal runs of letters, digits, `_` and
//! combining marks, lower-cased. [`word_hashes`] maps each to a 64-bit in-memory hash
//! ([`word_hash`]); sets and multisets of words are sets and multisets of these hashes (a false
//! "same word" needs a 64-bit collision; two different words of up to 8 bytes never collide).
//!
//! **Dice** uses *sets* of words (Adar et al.: "W = set of words").
//!
//! **Fragment staleness** uses the set of contiguous word `k`-grams (`k =`
//! [`MetricOptions::shingle`]), without wrap-around as in Olston & Pandey. A page with fewer
//! than `k` words (but at least one) is a single fragment: the whole page.
//!
//! **Shingling** is Kwon's definition: every word starts a shingle of `k` words, wrapping around
//! at the end (so an `n`-word page has `n` shingles, and the page ⟨w1,w2,w3,w4⟩ has 3-shingles
//! ⟨w1,w2,w3⟩, ⟨w2,w3,w4⟩, ⟨w3,w4,w1⟩, ⟨w4,w1,w2⟩). [`compute`] uses the same `k` as fragment
//! staleness; Kwon's evaluation column "10SH" is `shingle = 10`.
//!
//! **TF-IDF cosine.** `tf` = raw count of the word in the page; with only two documents the
//! textbook `idf = log(N/df)` is 0 for every shared word and would make any change look total,
//! the opposite of the under-sensitivity Kwon et al. report. We use the smoothed
//! `idf = 1 + ln((1 + N) / (1 + df))` with `N = 2`: a word on both pages weighs 1, a word on
//! one page `1 + ln 1.5 ≈ 1.41`. Distance = `1 − v·v' / (|v|·|v'|)`, clamped to [0, 1].
//!
//! **Word distance.** "Common words" is the *multiset* intersection `Σ_w min(cA(w), cB(w))`,
//! not the LCS: Kwon et al. report that it ignores moves entirely and that copying two words
//! weighs about as much as adding one, which only the bag-of-words reading does.
//!
//! **Edit distance** (Lim et al.): insertions and deletions of words cost 1, so
//! `δ = m + n − 2·|LCS(A, B)|` and the distance is `δ / (m + n)` (exact whenever the LCS is,
//! see [Cost](#cost)).
//!
//! **Byte-wise** compares the two texts byte by byte ([`compute`] passes the texts it was given,
//! not the words).
//!
//! ## IED (Kwon, Lee & Kim 2006)
//!
//! Operations and costs: add, drop, replace cost 1; copy and shrink cost `a`
//! ([`MetricOptions::copy_cost`]); move costs `b` ([`MetricOptions::move_cost`]).
//! `δE` = Σ count × cost and `D_IED = δE / max(m, n)`. The phases, in the paper's order:
//!
//! 1. **LCS.** `A'`, `B'` = the words of `A`, `B` outside a longest common subsequence.
//! 2. **Move.** A word open in both `A'` and `B'` is moved, `min(k_A'(w), k_B'(w))` times. If
//!    `b > 2a`, a copy plus a shrink is cheaper than a move, so for words occurring more than
//!    once in both `A` and `B` the pairs that phase 3 can turn into copy+shrink are left to it
//!    (the paper: "we exclude *some* words occurring more than once on both A and B").
//! 3. **Copy and shrink.** Copy candidates are the words of `B'` that are duplicates in `B`:
//!    of a word's occurrences in `B'`, at most `count_B(w) − 1`, the last ones (when every
//!    occurrence of `w` is in `B'`, the first is an add: this is why the worked example lists
//!    one `w6` among the copy candidates although `w6` occurs twice in `B'`). Shrink candidates
//!    likewise in `A'`/`A`. Then, in order: (i) a word that is both a copy and a shrink
//!    candidate is copied and shrunk; (ii) a shrink candidate and a copy candidate at the
//!    **same index** of `A` and `B` are shrunk and copied if `a < 0.5`, otherwise both are
//!    left to phase 4 as a replacement (at `a = 0.5` both cost 1; we take the single
//!    replacement); (iii) the remaining candidates are copied and shrunk.
//! 4. **Replace, add, drop.** Words of `A'` and `B'` at the same index of `A` and `B` are
//!    replaced; the rest of `B'` is added and the rest of `A'` dropped.
//! 5. `δE` and `D_IED`.
//!
//! Two **extensions**, both only ever lowering `δE` (the paper defines `δE` as the cheapest
//! operation sequence) and both leaving the worked example unchanged:
//! - In 3(ii), a candidate facing a *non*-candidate open word at the same index is left to
//!   phase 4 too: one replacement (1) is cheaper than a shrink or copy plus an add or drop
//!   (1 + a). Without it, replacing duplicated words by new ones (a price, a date) would cost
//!   1 + a per word instead of Kwon's criterion of 1.
//! - In 4, after same-index pairing, the old and new words left inside the same gap between
//!   two consecutive LCS words are paired in order as replacements. "Same index" in the paper
//!   means the position in `A` and `B`; after any unbalanced change earlier on the page those
//!   positions no longer line up and a replaced word would be counted as a drop plus an add.
//!
//! The worked example of the paper, reproduced exactly by a unit test:
//! `A = ⟨w1,w2,w2,w2,w3,w3,w4,w5,w2⟩`, `B = ⟨w3,w1,w4,w2,w3,w5,w5,w6,w6,w7⟩`, `a = 0.4`,
//! `b = 0.9` → add 2, drop 0, copy 3, shrink 4, replace 0, move 1, `δE = 5.7`.
//!
//! `D_IED` is in [0, 1] for every single-type change of Kwon's criteria; like the paper's
//! formula it can exceed 1 in contrived cases (words dropped before the common text and
//! others added after it, with few words in common).
//!
//! # Cost
//!
//! Everything is linear or near-linear in the text, and no input makes any metric quadratic.
//!
//! - **Tokenization** ([`word_hashes`]) is one pass: 64-byte blocks are classified with SWAR
//!   bit tricks, words are hashed eight bytes at a time straight from the text (no `String`
//!   per word); only runs with non-ASCII characters go `char` by `char`. [`compute`] does it
//!   once per text and interns the hashes into dense `u32` ids.
//! - **Dice, cosine, word distance and IED phases 2–5** are passes over the ids and dense
//!   per-word counters (no nested scans: moves, copies and shrinks are matched per word).
//! - **Fragment staleness and shingling** are rolling k-gram hashes partitioned by their top
//!   bits into buckets of ~32,000 keys, each tallied in a 512 KiB table that stays in cache;
//!   [`compute`] gets both from one pass.
//! - **The LCS** (edit distance, IED phase 1; in `lcs.rs`) is exact whenever the changed
//!   region fits a 2 MiB bit table (two pages of ~4,000 differing words, and anything smaller);
//!   larger problems are split at words that occur exactly once on each side (recounted
//!   inside each gap), and what has no such anchor is aligned by a sliding window that follows
//!   shifts of up to 512 words. The result
//!   is always a valid common subsequence (so the edit distance can only be overestimated, and
//!   only on such inputs). imara-diff is not used here: its Myers took 13.7 s on two shuffled
//!   800,000-word pages; this takes 0.2 s.
//!
//! Measured at the time of writing on a shared, busy 2-vCPU Xeon, for synthetic pairs of
//! 1 MB and 5 MB pages (up to 1.9 M words, a few % of blocks edited, moved, added, removed):
//! as wasm through the bindings under Node 20 (`scripts/bench-core.mjs`, strings passed from
//! JavaScript), Dice ≈ 350 MB/s of text and 5-word fragment staleness ≈ 230–270 MB/s, both
//! tokenization included; natively [`word_hashes`] ≈ 700 MB/s and [`compute`] (every metric,
//! LCS included) ≈ 100 MB/s (≈ 90 MB/s as wasm). Pathological 800,000-word pairs (shuffled
//! over 40 or 1,000 words, disjoint, one word repeated) take ≤ 0.25 s natively.

mod ied;
mod lcs;
mod shingles;

use std::collections::HashMap;
use std::hash::{BuildHasher, Hash};

use serde::{Deserialize, Serialize};

use crate::errors::Error;
use crate::text::intern::{Interned, ItemState, KeyState};
use crate::text::sets::dice_of_counts;
pub use crate::text::{word_hash, word_hashes};

/// Largest accepted shingle size: longer fragments than this say nothing more.
pub const MAX_SHINGLE: usize = 1000;

/// Parameters of the metrics.
///
/// Deserializing accepts any subset of the fields (the others keep their defaults).
#[derive(Debug, Clone, Copy, PartialEq, Serialize, Deserialize)]
#[serde(default)]
pub struct MetricOptions {
    /// IED cost `a` of a copy (inserting a word already on the page) and of a shrink (deleting
    /// one of several occurrences), in [0, 1]. Default 0.75, as in Kwon et al.'s evaluation.
    pub copy_cost: f64,
    /// IED cost `b` of moving a word, in [0, 1]. Default 0.75, as in Kwon et al.'s evaluation.
    pub move_cost: f64,
    /// Words per fragment `k` of fragment staleness and shingling, in 1..=[`MAX_SHINGLE`].
    ///
    /// Default **5**: large enough that fragments carry word order (k = 1 would be a plain
    /// word-set Jaccard, which Dice already gives), small enough that one changed word touches
    /// only 5 fragments, so small pages and blocks are not reported as wholly stale — the
    /// over-sensitivity Kwon et al. show for 10-word shingles; and a 5-word run (a name, a
    /// price with its label, a short phrase) is about the smallest piece of text a person
    /// notices as "changed". Set 10 to reproduce Kwon's 10SH.
    pub shingle: usize,
}

impl Default for MetricOptions {
    fn default() -> Self {
        MetricOptions {
            copy_cost: 0.75,
            move_cost: 0.75,
            shingle: 5,
        }
    }
}

impl MetricOptions {
    /// Checks the ranges: costs finite and in [0, 1], `1 <= shingle <= MAX_SHINGLE`.
    pub fn validate(&self) -> Result<(), Error> {
        for (name, v) in [("copy_cost", self.copy_cost), ("move_cost", self.move_cost)] {
            if !(0.0..=1.0).contains(&v) {
                return Err(Error::InvalidArgument(format!(
                    "{name} must be a number between 0 and 1, got {v}"
                )));
            }
        }
        if self.shingle == 0 || self.shingle > MAX_SHINGLE {
            return Err(Error::InvalidArgument(format!(
                "shingle must be between 1 and {MAX_SHINGLE} words, got {}",
                self.shingle
            )));
        }
        Ok(())
    }
}

/// Kwon et al.'s extended edit distance: the six operation counts, their total cost and the
/// normalized distance.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Ied {
    /// New words inserted (words not on the old page), cost 1 each.
    pub add: usize,
    /// Unique old words deleted (no longer on the page), cost 1 each.
    pub drop: usize,
    /// Old words inserted again (duplicates), cost `copy_cost` each.
    pub copy: usize,
    /// Duplicated words deleted (still on the page), cost `copy_cost` each.
    pub shrink: usize,
    /// Words substituted by different words, cost 1 each.
    pub replace: usize,
    /// Words whose position changed, cost `move_cost` each.
    #[serde(rename = "move")]
    pub moved: usize,
    /// `δE`: the total cost of the operations.
    pub delta: f64,
    /// `D_IED = δE / max(m, n)`; 0 for two empty pages.
    pub distance: f64,
}

/// Every metric of this module for one pair of texts (see the [module docs](self)).
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Metrics {
    /// Dice similarity of the word sets: 1 = same vocabulary, 0 = nothing shared.
    pub dice: f64,
    /// Olston & Pandey's fragment staleness over word k-grams: 0 = fresh, 1 = all different.
    pub fragment_staleness: f64,
    /// Kwon et al.'s extended edit distance, with its six counts.
    pub ied: Ied,
    /// TF-IDF cosine distance (order-blind).
    pub cosine: f64,
    /// Word distance `1 − 2|common|/(m+n)` (order-blind).
    pub word_distance: f64,
    /// Insert/delete edit distance `δ/(m+n)`.
    pub edit_distance: f64,
    /// 0 if the texts are byte-identical, else 1.
    pub bytewise: f64,
    /// Kwon's k-shingling with wrap-around.
    pub shingling: f64,
}

/// Every metric between `old_text` and `new_text`, tokenizing each once.
///
/// Errors: [`Error::InvalidArgument`] when `opts` is out of range (see
/// [`MetricOptions::validate`]). Empty texts are valid (see the table in the module docs).
pub fn compute(old_text: &str, new_text: &str, opts: &MetricOptions) -> Result<Metrics, Error> {
    opts.validate()?;
    let ha = word_hashes(old_text);
    let hb = word_hashes(new_text);
    let it = Interned::from_hashes(&ha, &hb);
    let lcs = lcs::lcs(&it.a, &it.b, it.num());
    let ied = ied::ied_ids(
        &it.a,
        &it.b,
        &it.count_a,
        &it.count_b,
        &lcs,
        opts.copy_cost,
        opts.move_cost,
    );
    let (fragment_staleness, shingling) = shingles::distances(&ha, &hb, |&x| x, opts.shingle);
    Ok(Metrics {
        dice: dice_counts(&it.count_a, &it.count_b),
        fragment_staleness,
        ied,
        cosine: cosine_counts(&it.count_a, &it.count_b),
        word_distance: word_distance_counts(&it.count_a, &it.count_b),
        edit_distance: edit_from_lcs(ha.len(), hb.len(), lcs.len),
        bytewise: bytewise(old_text.as_bytes(), new_text.as_bytes()),
        shingling,
    })
}

/// One change of a visit as [`compute_content`] needs it: its kind and where it stood.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, serde::Deserialize)]
pub struct ChangeAt {
    /// Content, template or noise.
    pub kind: crate::align::Kind,
    /// The block's index in the old version (`None` for a new block).
    #[serde(default)]
    pub old_index: Option<usize>,
    /// The block's index in the new version (`None` for a removed block).
    #[serde(default)]
    pub new_index: Option<usize>,
}

/// The two texts the visit's metrics are computed on: each version's blocks joined by a space,
/// leaving out both sides of every template and noise change (as the visit's summary counts
/// content changes only). Unchanged blocks and content changes stay. Indices out of range are
/// ignored.
pub fn content_texts(old: &[&str], new: &[&str], changes: &[ChangeAt]) -> (String, String) {
    let mut keep_old = vec![true; old.len()];
    let mut keep_new = vec![true; new.len()];
    for c in changes {
        if c.kind == crate::align::Kind::Content {
            continue;
        }
        if let Some(k) = c.old_index.filter(|&k| k < old.len()) {
            keep_old[k] = false;
        }
        if let Some(k) = c.new_index.filter(|&k| k < new.len()) {
            keep_new[k] = false;
        }
    }
    let join = |blocks: &[&str], keep: &[bool]| {
        let mut out = String::new();
        for (t, _) in blocks.iter().zip(keep).filter(|(_, k)| **k) {
            if !out.is_empty() {
                out.push(' ');
            }
            out.push_str(t);
        }
        out
    };
    (join(old, &keep_old), join(new, &keep_new))
}

/// Every metric between two versions' content: [`compute`] on [`content_texts`].
///
/// Errors: as [`compute`].
pub fn compute_content(
    old: &[&str],
    new: &[&str],
    changes: &[ChangeAt],
    opts: &MetricOptions,
) -> Result<Metrics, Error> {
    let (a, b) = content_texts(old, new, changes);
    compute(&a, &b, opts)
}

/// Dice similarity of the *sets* of items: `2|A∩B| / (|A|+|B|)`; 1 when both are empty.
pub fn dice<T: Hash + Eq>(a: &[T], b: &[T]) -> f64 {
    // One table over both vocabularies: bit 0 = in A, bit 1 = in B.
    let mut seen: HashMap<&T, u8, ItemState> =
        HashMap::with_capacity_and_hasher(a.len().min(1 << 16), ItemState::default());
    for x in a {
        seen.insert(x, 1);
    }
    for x in b {
        *seen.entry(x).or_insert(0) |= 2;
    }
    let (mut na, mut nb, mut both) = (0usize, 0usize, 0usize);
    for &f in seen.values() {
        na += (f & 1) as usize;
        nb += (f >> 1) as usize;
        both += (f == 3) as usize;
    }
    dice_of_counts(both, na, nb)
}

/// Olston & Pandey's fragment staleness: `1 − |F(A)∩F(B)| / |F(A)∪F(B)|`, `F` = the set of
/// contiguous `k`-grams (a sequence shorter than `k` is one fragment); 0 when both are empty.
/// `k = 0` is treated as 1. Work `O(m + n)` (plus `O(log k)`). Items are told apart by their
/// 64-bit [`Hash`]; `u64` items (word hashes) are used as they are.
pub fn fragment_staleness<T: Hash>(a: &[T], b: &[T], k: usize) -> f64 {
    let s = KeyState::default();
    shingles::distance(a, b, |x| s.hash_one(x), k.max(1), false)
}

/// Kwon's k-shingling distance: every item starts a `k`-shingle wrapping around the end;
/// `1 − |S(A)∩S(B)| / |S(A)∪S(B)|`; 0 when both are empty. `k = 0` is treated as 1.
/// Work `O(m + n)` (plus `O(log k)`); items as in [`fragment_staleness`].
pub fn shingling<T: Hash>(a: &[T], b: &[T], k: usize) -> f64 {
    let s = KeyState::default();
    shingles::distance(a, b, |x| s.hash_one(x), k.max(1), true)
}

/// Kwon et al.'s extended edit distance from `a` to `b` with `opts.copy_cost` and
/// `opts.move_cost` (used as given; [`compute`] validates them). `opts.shingle` is unused.
pub fn ied<T: Hash + Eq>(a: &[T], b: &[T], opts: &MetricOptions) -> Ied {
    let it = Interned::from_items(a, b);
    let lcs = lcs::lcs(&it.a, &it.b, it.num());
    ied::ied_ids(
        &it.a,
        &it.b,
        &it.count_a,
        &it.count_b,
        &lcs,
        opts.copy_cost,
        opts.move_cost,
    )
}

/// TF-IDF cosine distance (raw counts × smoothed two-document IDF, see the module docs);
/// 0 when both are empty, 1 when exactly one is.
pub fn cosine_distance<T: Hash + Eq>(a: &[T], b: &[T]) -> f64 {
    let it = Interned::from_items(a, b);
    cosine_counts(&it.count_a, &it.count_b)
}

/// Word distance `1 − 2·|common| / (m + n)` with the multiset intersection as "common";
/// 0 when both are empty.
pub fn word_distance<T: Hash + Eq>(a: &[T], b: &[T]) -> f64 {
    let it = Interned::from_items(a, b);
    word_distance_counts(&it.count_a, &it.count_b)
}

/// Insert/delete edit distance `δ / (m + n)` with `δ = m + n − 2·|LCS|`; 0 when both are
/// empty.
pub fn edit_distance<T: Hash + Eq>(a: &[T], b: &[T]) -> f64 {
    let it = Interned::from_items(a, b);
    let l = lcs::lcs(&it.a, &it.b, it.num()).len;
    edit_from_lcs(a.len(), b.len(), l)
}

/// Byte-wise comparison: 0 if `a == b`, else 1. [`compute`] applies it to the texts' bytes.
pub fn bytewise<T: PartialEq>(a: &[T], b: &[T]) -> f64 {
    if a == b {
        0.0
    } else {
        1.0
    }
}

fn dice_counts(ca: &[u32], cb: &[u32]) -> f64 {
    let (mut na, mut nb, mut both) = (0usize, 0usize, 0usize);
    for (&x, &y) in ca.iter().zip(cb) {
        na += (x > 0) as usize;
        nb += (y > 0) as usize;
        both += (x > 0 && y > 0) as usize;
    }
    dice_of_counts(both, na, nb)
}

fn cosine_counts(ca: &[u32], cb: &[u32]) -> f64 {
    let idf_one = 1.0 + (3.0f64 / 2.0).ln(); // on one page only
    let (mut dot, mut na, mut nb) = (0.0f64, 0.0f64, 0.0f64);
    for (&x, &y) in ca.iter().zip(cb) {
        let idf = if x > 0 && y > 0 { 1.0 } else { idf_one };
        let (wa, wb) = (x as f64 * idf, y as f64 * idf);
        dot += wa * wb;
        na += wa * wa;
        nb += wb * wb;
    }
    match (na > 0.0, nb > 0.0) {
        (false, false) => 0.0,
        (true, true) => (1.0 - dot / (na * nb).sqrt()).clamp(0.0, 1.0),
        _ => 1.0,
    }
}

fn word_distance_counts(ca: &[u32], cb: &[u32]) -> f64 {
    let (mut m, mut n, mut common) = (0u64, 0u64, 0u64);
    for (&x, &y) in ca.iter().zip(cb) {
        m += x as u64;
        n += y as u64;
        common += x.min(y) as u64;
    }
    if m + n == 0 {
        0.0
    } else {
        1.0 - 2.0 * common as f64 / (m + n) as f64
    }
}

fn edit_from_lcs(m: usize, n: usize, lcs: usize) -> f64 {
    if m + n == 0 {
        0.0
    } else {
        (m + n - 2 * lcs) as f64 / (m + n) as f64
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn w(s: &str) -> Vec<&str> {
        s.split_whitespace().collect()
    }

    #[test]
    fn content_metrics_leave_out_noise_and_template_changes() {
        use crate::align::Kind;
        let old = [
            "Ferry news",
            "You are visitor 100",
            "The ferry leaves at seven",
            "Menu",
        ];
        let new = [
            "Ferry news",
            "You are visitor 107",
            "The ferry leaves at eight",
            "Home menu",
        ];
        let at = |kind, i: usize| ChangeAt {
            kind,
            old_index: Some(i),
            new_index: Some(i),
        };
        let changes = [
            at(Kind::Noise, 1),
            at(Kind::Content, 2),
            at(Kind::Template, 3),
        ];
        let (a, b) = content_texts(&old, &new, &changes);
        assert_eq!(a, "Ferry news The ferry leaves at seven");
        assert_eq!(b, "Ferry news The ferry leaves at eight");
        let opts = MetricOptions::default();
        let m = compute_content(&old, &new, &changes, &opts).expect("valid");
        // One word replaced: seven → eight; nothing else counted.
        assert_eq!(
            (
                m.ied.add,
                m.ied.drop,
                m.ied.copy,
                m.ied.shrink,
                m.ied.replace,
                m.ied.moved
            ),
            (0, 0, 0, 0, 1, 0)
        );
        // Dice over {ferry, news, the, leaves, at} + seven / eight: 2·5/(6+6).
        assert!((m.dice - 10.0 / 12.0).abs() < 1e-12, "{}", m.dice);
        // On the raw text the counter and the menu count too.
        let raw = compute(&old.join(" "), &new.join(" "), &opts).expect("valid");
        assert!(raw.ied.delta > m.ied.delta);
        // Indices out of range are ignored; a removed block leaves the old side only.
        let gone = [ChangeAt {
            kind: Kind::Noise,
            old_index: Some(9),
            new_index: None,
        }];
        assert_eq!(
            content_texts(&old[..1], &new[..1], &gone),
            ("Ferry news".into(), "Ferry news".into())
        );
    }

    #[test]
    fn kwon_worked_example() {
        let a = w("w1 w2 w2 w2 w3 w3 w4 w5 w2");
        let b = w("w3 w1 w4 w2 w3 w5 w5 w6 w6 w7");
        let opts = MetricOptions {
            copy_cost: 0.4,
            move_cost: 0.9,
            shingle: 5,
        };
        let r = ied(&a, &b, &opts);
        assert_eq!(
            (r.add, r.drop, r.copy, r.shrink, r.replace, r.moved),
            (2, 0, 3, 4, 0, 1)
        );
        assert!((r.delta - 5.7).abs() < 1e-12, "{}", r.delta);
        assert!((r.distance - 0.57).abs() < 1e-12);
        // The same through the text path.
        let m = compute(&a.join(" "), &b.join(" "), &opts).expect("valid input");
        assert_eq!(m.ied, r);
    }

    #[test]
    fn ied_phase_rules() {
        let a = w("w1 w2 w2 w2 w3 w3 w4 w5 w2");
        let b = w("w3 w1 w4 w2 w3 w5 w5 w6 w6 w7");
        // b <= 2a: w3 is moved instead of copied and shrunk.
        let r = ied(
            &a,
            &b,
            &MetricOptions {
                copy_cost: 0.4,
                move_cost: 0.8,
                shingle: 5,
            },
        );
        assert_eq!((r.moved, r.copy, r.shrink, r.add), (2, 2, 3, 2));
        // a > 0.5: the same-index pair (A9 = w2, B9 = w6) becomes one replacement.
        let r = ied(
            &a,
            &b,
            &MetricOptions {
                copy_cost: 0.6,
                move_cost: 0.9,
                shingle: 5,
            },
        );
        assert_eq!(
            (r.replace, r.copy, r.shrink, r.moved, r.add),
            (1, 1, 2, 2, 2)
        );
    }

    #[test]
    fn ied_single_types() {
        let o = MetricOptions::default();
        let base = w("a b c d e f g h");
        let r = ied(&base, &w("a b c x y d e f g h"), &o);
        assert_eq!((r.add, r.delta), (2, 2.0));
        let r = ied(&base, &w("a b c d e f a b g h"), &o);
        assert_eq!((r.copy, r.add), (2, 0));
        let r = ied(&base, &w("a b e f g h"), &o);
        assert_eq!(r.drop, 2);
        let r = ied(&w("a b a b c d"), &w("a b c d"), &o);
        assert_eq!((r.shrink, r.drop), (2, 0));
        let r = ied(&base, &w("a b x y e f g h"), &o);
        assert_eq!(r.replace, 2);
        let r = ied(&base, &w("c d e f g a b h"), &o);
        assert_eq!((r.moved, r.add, r.drop), (2, 0, 0));
        // Replacing duplicated words by new ones is a replacement (extension 1)...
        let r = ied(&w("a b a b c"), &w("a b x y c"), &o);
        assert_eq!((r.replace, r.shrink, r.add), (2, 0, 0));
        // ...also after an unbalanced change upstream (extension 2).
        let r = ied(&w("p q a b c"), &w("n p q a z c"), &o);
        assert_eq!((r.add, r.replace, r.drop), (1, 1, 0));
    }

    #[test]
    fn ied_accounts_for_every_word() {
        // Every new word is consumed once (LCS, add, copy, move, replace) and every old word
        // once (LCS, drop, shrink, move, replace), whatever the costs.
        let mut state = 0x9E37_79B9_7F4A_7C15u64;
        let mut next = |m: u64| {
            state ^= state << 13;
            state ^= state >> 7;
            state ^= state << 17;
            state % m
        };
        for case in 0..500 {
            let vocab = 1 + next(9);
            let a: Vec<u64> = (0..next(40)).map(|_| next(vocab)).collect();
            let b: Vec<u64> = (0..next(40)).map(|_| next(vocab + 2)).collect();
            let opts = MetricOptions {
                copy_cost: [0.0, 0.3, 0.5, 0.75, 1.0][case % 5],
                move_cost: [0.0, 0.9, 0.5, 1.0, 0.2][case / 5 % 5],
                shingle: 5,
            };
            let r = ied(&a, &b, &opts);
            let common = a.len() - r.drop - r.shrink - r.moved - r.replace;
            assert_eq!(
                b.len(),
                common + r.add + r.copy + r.moved + r.replace,
                "{a:?} {b:?} {r:?}"
            );
            let it = Interned::from_items(&a, &b);
            assert_eq!(common, lcs::lcs(&it.a, &it.b, it.num()).len, "{a:?} {b:?}");
            let delta = (r.add + r.drop + r.replace) as f64
                + opts.copy_cost * (r.copy + r.shrink) as f64
                + opts.move_cost * r.moved as f64;
            assert!((r.delta - delta).abs() < 1e-9);
            // No operation is worse than dropping and re-adding everything outside the LCS.
            assert!(r.delta <= (a.len() + b.len() - 2 * common) as f64 + 1e-9);
        }
    }

    #[test]
    fn edge_cases() {
        let o = MetricOptions::default();
        let m = compute("", "", &o).expect("valid input");
        assert_eq!(m.dice, 1.0);
        for d in [
            m.fragment_staleness,
            m.ied.distance,
            m.cosine,
            m.word_distance,
            m.edit_distance,
            m.bytewise,
            m.shingling,
        ] {
            assert_eq!(d, 0.0);
        }
        let m = compute("", "some words here", &o).expect("valid input");
        assert_eq!(m.dice, 0.0);
        for d in [
            m.fragment_staleness,
            m.ied.distance,
            m.cosine,
            m.word_distance,
            m.edit_distance,
            m.bytewise,
            m.shingling,
        ] {
            assert_eq!(d, 1.0);
        }
        // Same words, different punctuation: only byte-wise sees it.
        let m = compute("Hello, world!", "hello world", &o).expect("valid input");
        assert_eq!(
            (m.dice, m.bytewise, m.cosine, m.shingling),
            (1.0, 1.0, 0.0, 0.0)
        );
        assert_eq!(m.ied.delta, 0.0);
        // Short pages: fewer words than k is one fragment.
        assert_eq!(fragment_staleness(&["a", "b"], &["a", "b"], 5), 0.0);
        assert_eq!(fragment_staleness(&["a", "b"], &["a", "c"], 5), 1.0);
    }

    #[test]
    fn classic_metrics_match_the_paper() {
        // Kwon §2: both word and edit distance give 0.2 for these two changes.
        let p = w("w1 w2 w3 w4");
        for q in [w("w1 w2 w3 w4 w2 w3"), w("w1 w2 w3 w4 w5 w6")] {
            assert!((word_distance(&p, &q) - 0.2).abs() < 1e-12);
            assert!((edit_distance(&p, &q) - 0.2).abs() < 1e-12);
        }
        // 3-shingling oversensitivity: one changed word of five → 0.75; a move → 1.
        let p = w("w1 w2 w3 w4 w5");
        assert!((shingling(&p, &w("w1 w2 w3 w6 w5"), 3) - 0.75).abs() < 1e-12);
        assert_eq!(shingling(&p, &w("w2 w3 w1 w4 w5"), 3), 1.0);
        // Moves are invisible to bag-of-words metrics.
        assert_eq!(cosine_distance(&p, &w("w5 w4 w3 w2 w1")), 0.0);
        assert_eq!(word_distance(&p, &w("w5 w4 w3 w2 w1")), 0.0);
        // Dice on sets: duplicates do not count.
        assert!((dice(&w("a a b"), &w("a c")) - 0.5).abs() < 1e-12);
        assert_eq!(dice::<&str>(&[], &[]), 1.0);
    }

    #[test]
    fn cosine_idf_is_smoothed() {
        // Two shared words and one new: weights 1,1 and 1 + ln 1.5.
        let c = cosine_distance(&w("a b"), &w("a b c"));
        let u = 1.0 + 1.5f64.ln();
        let expect = 1.0 - 2.0 / (2.0f64.sqrt() * (2.0 + u * u).sqrt());
        assert!((c - expect).abs() < 1e-12);
    }

    #[test]
    fn options_are_validated() {
        let bad = [
            MetricOptions {
                copy_cost: -0.1,
                ..Default::default()
            },
            MetricOptions {
                copy_cost: f64::NAN,
                ..Default::default()
            },
            MetricOptions {
                move_cost: 1.5,
                ..Default::default()
            },
            MetricOptions {
                shingle: 0,
                ..Default::default()
            },
            MetricOptions {
                shingle: MAX_SHINGLE + 1,
                ..Default::default()
            },
        ];
        for o in bad {
            let e = compute("a", "b", &o).expect_err("options are invalid");
            assert_eq!(e.kind(), "invalid_argument", "{o:?}");
        }
        let msg = compute("a", "b", &bad[0])
            .expect_err("options are invalid")
            .to_string();
        assert!(
            msg.contains("copy_cost") && msg.contains("between 0 and 1"),
            "{msg}"
        );
        let o: MetricOptions = serde_json::from_str(r#"{"shingle": 10}"#).expect("valid input");
        assert_eq!((o.shingle, o.copy_cost, o.move_cost), (10, 0.75, 0.75));
    }

    #[test]
    fn json_shape() {
        let m = compute("a b", "b a c", &MetricOptions::default()).expect("valid input");
        let v = serde_json::to_value(&m).expect("valid input");
        for key in [
            "dice",
            "fragment_staleness",
            "ied",
            "cosine",
            "word_distance",
            "edit_distance",
            "bytewise",
            "shingling",
        ] {
            assert!(v.get(key).is_some(), "{key}");
        }
        for key in [
            "add", "drop", "copy", "shrink", "replace", "move", "delta", "distance",
        ] {
            assert!(v["ied"].get(key).is_some(), "{key}");
        }
    }

    #[test]
    fn generic_and_text_paths_agree() {
        let old = "The quick brown fox jumps over the lazy dog. The dog sleeps; the fox runs.";
        let new = "The quick red fox jumped over the lazy dog! The fox runs, the dog sleeps.";
        let o = MetricOptions::default();
        let m = compute(old, new, &o).expect("valid input");
        let (a, b) = (crate::text::words(old), crate::text::words(new));
        assert_eq!(m.dice, dice(&a, &b));
        assert_eq!(m.ied, ied(&a, &b, &o));
        assert_eq!(m.cosine, cosine_distance(&a, &b));
        assert_eq!(m.word_distance, word_distance(&a, &b));
        assert_eq!(m.edit_distance, edit_distance(&a, &b));
        assert_eq!(m.fragment_staleness, fragment_staleness(&a, &b, o.shingle));
        assert_eq!(m.shingling, shingling(&a, &b, o.shingle));
    }
}
