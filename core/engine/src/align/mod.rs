//! Aligning two versions of a page, block by block and word by word.
//!
//! [`diff_blocks`] takes the old and the new page's blocks and says, for every block, what
//! happened to it:
//!
//! | status | meaning |
//! |---|---|
//! | [`Status::Unchanged`] | the same text, in the same order relative to its neighbours |
//! | [`Status::Changed`] | an edited block: it stands where an old block stood and shares most of its words ([`DiffOptions::pair_threshold`]); `spans` carry the word-level edit |
//! | [`Status::Moved`] | the same text as an old block that now stands elsewhere |
//! | [`Status::New`] | text the old page did not have |
//! | [`Status::Removed`] | an old block that is gone (listed where it stood) |
//!
//! ## How
//! 1. Every block's text is interned to an integer once (equal text → equal token); the two
//!    token sequences are aligned with the Histogram algorithm of `imara-diff` (a patience-style
//!    diff that prefers human-readable alignments and falls back to Myers with git's heuristics
//!    on repetitive input, so it never goes quadratic).
//!    A **weak** block — at most one number and no letter: a list's rank "3.", a bare count
//!    "(4)", a countdown's cell, a separator — anchors nothing: the blocks are aligned without
//!    them (aligned with the items, a list's ranks, which stay in their rows while the items
//!    move down, would pin each item to the one now at its rank). A weak block is unchanged
//!    when the weak block at its path on the other side has its text, or one with its text
//!    stands in its hunk; else changed in place when one stands at its path. The value cells of
//!    a table whose rows stayed — the same rows named by the same first cells, in the same
//!    order, on both sides (`fixed_cells`: a status board) — are matched by their place the
//!    same way, but never by their text in another row: a status that went from one line to
//!    another is two cells changed, not a line moved.
//! 2. Blocks left unaligned whose exact text exists on the other side are **moved** (not weak
//!    ones: a rank elsewhere is another item's). An unaligned old and new block whose texts
//!    are equal once digits are masked, each the only one of its side, are the same block
//!    with other numbers: **changed**, wherever they stand ("412 points by marta 5 hours ago"
//!    → "419 points by marta 8 hours ago" on an item that moved up a list) — unless they stand
//!    in different places and the block before each is unpaired (a card that left a list and
//!    one that came: two items' prices, not one price changed).
//! 3. In each remaining hunk (a run of removed old blocks facing a run of added new blocks), old
//!    and new blocks are paired in order by word-set Dice similarity (an order-preserving
//!    dynamic programme maximizing total similarity). A pair at or above the threshold is a
//!    **changed** block; the hunk's weak blocks left are paired in order ("2." where "3."
//!    stood), and so are its blocks that keep their label with another value ("Venue: Town
//!    Hall" → "Venue: St Mary's Church", `label_of`: a label once among the leftovers of
//!    each side, in order); the rest are new or removed. A hunk too large for the programme (a
//!    news page where every clock time moved on changes nearly every block a little) is first
//!    cut by anchors: blocks equal once their digits are masked, aligned in order, are paired
//!    outright, and the programme pairs the blocks between anchors. Leftovers anywhere on the
//!    page that are clearly the same block ([`DiffOptions::displaced_threshold`]) are
//!    **changed** blocks in a new place; on a large page their candidates come from an index of
//!    each block's rarest words, which finds every such pair without comparing all of them.
//! 4. Inside each changed block, the text is split into word, space and punctuation tokens
//!    ([`crate::text::tokens`]) and diffed again, giving `equal` / `insert` / `delete` spans.
//!    Concatenating the `equal` and `insert` spans gives the new text exactly; `equal` and
//!    `delete` give the old text.
//!
//! ## Bounded work
//! Every step has a work budget ([`DiffOptions`]) instead of a clock (there is no clock in
//! wasm, and budgets keep results reproducible). When a budget is exhausted the step degrades —
//! a stretch of a hunk between anchors that is still too large is paired by position instead
//! of by the best alignment, an enormous block is shown as wholly replaced — and
//! [`Summary::approximate`] is set so the caller can say so.
//!
//! ## Which granularity when
//! Blocks are what a person sees and what the extension paints, so block statuses drive the
//! highlight, the badge and the counts. Word spans exist only inside changed blocks: a new
//! block is highlighted whole. For a single number saying *how much* changed, use
//! [`crate::metrics`] on the page texts instead.

use ahash::{AHashMap, AHashSet};
use imara_diff::{Algorithm, Diff, Token};
use serde::{Deserialize, Serialize};

use crate::block::Block;
use crate::text;
use crate::text::intern::{Ids, Interned, ItemState, PreHashedState};
use crate::text::sets;

/// Work budgets and thresholds of [`diff_blocks`].
#[derive(Debug, Clone, Copy, PartialEq, Serialize, Deserialize)]
pub struct DiffOptions {
    /// Minimum word-set Dice similarity for an old and a new block in the same place to count
    /// as one *changed* block rather than a removed and a new one. Default 0.5.
    pub pair_threshold: f64,
    /// Minimum similarity for a block that was both edited and moved elsewhere on the page to
    /// count as one changed block (stricter than in place: far-apart blocks need more
    /// evidence). Default 0.7.
    pub displaced_threshold: f64,
    /// Largest number of (old, new) candidate pairs the order-preserving pairing examines in one
    /// hunk, or in one stretch between anchors of a larger hunk; a larger stretch is paired by
    /// position (approximate). Also the most candidate pairs examined for edited-and-moved
    /// blocks. Default 250,000.
    pub max_pair_cells: usize,
    /// Largest number of tokens (old + new) diffed word by word in one changed block; a larger
    /// block is shown as wholly replaced (approximate). Default 400,000.
    pub max_word_tokens: usize,
    /// Page-wide budgets of one alignment (see [`Budgets`]): each counts work, never time.
    #[serde(default)]
    pub budgets: Budgets,
}

/// Page-wide work budgets of one visit: the per-step caps of [`DiffOptions`] bound one hunk or
/// one block, these bound the whole page, so that a hostile page within the core's limits
/// (20,000 blocks, 100,000 characters each) costs bounded work in one call. Each is far above
/// what an ordinary page needs (an article rewritten from top to bottom uses a few percent of
/// each). When one runs out, the rest of the page is compared more coarsely, never wrongly
/// hidden, and [`Summary::degraded`] says which.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default)]
pub struct Budgets {
    /// (Old, new) candidate pairs the pairing examines over the whole page (dynamic-programme
    /// cells and displaced-block candidates). Past it, hunks are paired by position. Default
    /// 2,000,000.
    pub pair_cells: usize,
    /// Words merged in word-set similarity computations over the whole page (a similarity of
    /// blocks of `a` and `b` distinct words costs `a + b`). Past it, no further pair is
    /// compared: the blocks left are new and removed. Default 20,000,000.
    pub similarity_words: usize,
    /// Bytes of changed blocks (old + new text) diffed word by word over the whole page. Past
    /// it, a changed block is shown as wholly replaced (no word boxes). Default 2,000,000.
    pub word_diff_bytes: usize,
    /// Bytes of changes (old + new text) run through the noise detectors and learned rules
    /// over the whole page ([`crate::visit`]). Past it, the changes left are content (shown,
    /// never hidden). Default 2,000,000.
    pub classify_bytes: usize,
}

impl Default for Budgets {
    fn default() -> Self {
        Budgets {
            pair_cells: 2_000_000,
            similarity_words: 20_000_000,
            word_diff_bytes: 2_000_000,
            classify_bytes: 2_000_000,
        }
    }
}

impl Budgets {
    /// No page-wide budget (the per-step caps of [`DiffOptions`] still hold): for tests that
    /// measure what a page would cost unbudgeted.
    pub fn unlimited() -> Self {
        Budgets {
            pair_cells: usize::MAX,
            similarity_words: usize::MAX,
            word_diff_bytes: usize::MAX,
            classify_bytes: usize::MAX,
        }
    }
}

/// Work one visit did, in the units of [`Budgets`] (deterministic: counted, never timed).
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Work {
    /// (Old, new) candidate pairs examined.
    pub pair_cells: usize,
    /// Words merged in similarity computations.
    pub similarity_words: usize,
    /// Bytes diffed word by word.
    pub word_diff_bytes: usize,
    /// Bytes run through the noise detectors.
    pub classify_bytes: usize,
}

/// Which page-wide budget ran out ([`Summary::degraded`]); each is a coarser comparison of
/// the rest of the page, which the extension names ("page too large to compare word by
/// word").
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Degraded {
    /// Edited blocks were paired by position, or not compared at all (shown as new and
    /// removed).
    Pairing,
    /// Some changed blocks are shown as wholly replaced, without word boxes.
    WordDiff,
    /// Some changes were not checked for noise (shown as content).
    Classification,
}

/// The budgets of one visit and the work counted against them.
#[derive(Debug, Clone)]
pub(crate) struct Meter {
    pub(crate) limits: Budgets,
    pub(crate) work: Work,
    pub(crate) degraded: Vec<Degraded>,
}

impl Meter {
    pub(crate) fn new(limits: Budgets) -> Self {
        Meter {
            limits,
            work: Work::default(),
            degraded: Vec::new(),
        }
    }

    fn degrade(&mut self, d: Degraded) {
        if !self.degraded.contains(&d) {
            self.degraded.push(d);
            self.degraded.sort_unstable();
        }
    }

    /// Takes `n` pair cells if the budget has them.
    fn cells(&mut self, n: usize) -> bool {
        match self.work.pair_cells.checked_add(n) {
            Some(t) if t <= self.limits.pair_cells => {
                self.work.pair_cells = t;
                true
            }
            _ => {
                self.degrade(Degraded::Pairing);
                false
            }
        }
    }

    /// Takes `n` similarity words if the budget has them.
    fn similarity(&mut self, n: usize) -> bool {
        match self.work.similarity_words.checked_add(n) {
            Some(t) if t <= self.limits.similarity_words => {
                self.work.similarity_words = t;
                true
            }
            _ => {
                self.degrade(Degraded::Pairing);
                false
            }
        }
    }

    /// Takes `n` word-diff bytes if the budget has them.
    fn word_diff(&mut self, n: usize) -> bool {
        match self.work.word_diff_bytes.checked_add(n) {
            Some(t) if t <= self.limits.word_diff_bytes => {
                self.work.word_diff_bytes = t;
                true
            }
            _ => {
                self.degrade(Degraded::WordDiff);
                false
            }
        }
    }

    /// Takes `n` classification bytes if the budget has them.
    pub(crate) fn classify(&mut self, n: usize) -> bool {
        match self.work.classify_bytes.checked_add(n) {
            Some(t) if t <= self.limits.classify_bytes => {
                self.work.classify_bytes = t;
                true
            }
            _ => {
                self.degrade(Degraded::Classification);
                false
            }
        }
    }
}

impl Default for DiffOptions {
    fn default() -> Self {
        DiffOptions {
            pair_threshold: 0.5,
            displaced_threshold: 0.7,
            max_pair_cells: 250_000,
            max_word_tokens: 400_000,
            budgets: Budgets::default(),
        }
    }
}

/// What happened to one block.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Status {
    /// Same text, same relative place.
    Unchanged,
    /// Edited in place; see the block's spans.
    Changed,
    /// Same text, now elsewhere on the page.
    Moved,
    /// Not on the old page.
    New,
    /// On the old page, gone from the new one.
    Removed,
}

/// The kind of a word span inside a changed block.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum SpanKind {
    /// Text on both versions.
    Equal,
    /// Text only on the new version.
    Insert,
    /// Text only on the old version.
    Delete,
}

/// A run of text inside a changed block.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Span {
    /// Equal, inserted or deleted.
    pub kind: SpanKind,
    /// The text of the run (including its spaces and punctuation).
    pub text: String,
}

/// Whether a change is content a person should see, part of the site's template, or noise.
/// [`diff_blocks`] marks everything `content`; [`crate::visit`] classifies.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize, Default)]
#[serde(rename_all = "snake_case")]
pub enum Kind {
    /// Meaningful: painted, counted in the badge.
    #[default]
    Content,
    /// In the site's template (header, navigation, footer…): shown only on request.
    Template,
    /// Automated change (counter, clock, rotating item…): shown only on request, with a reason.
    Noise,
}

/// One entry of the report: a block of the new page, or a removed block of the old one.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct BlockDiff {
    /// What happened to the block.
    pub status: Status,
    /// Index in the old block list (`None` for new blocks).
    pub old_index: Option<usize>,
    /// Index in the new block list (`None` for removed blocks).
    pub new_index: Option<usize>,
    /// The block's path (the new one, or the old one for removed blocks).
    pub path: String,
    /// The block's text (the new text, or the old text for removed blocks).
    pub text: String,
    /// Word spans, for changed blocks only.
    pub spans: Option<Vec<Span>>,
    /// Content, template or noise (unchanged blocks are content).
    #[serde(default)]
    pub kind: Kind,
    /// Why a noise or template change is one (typed; displayed as `builtin: counter`,
    /// `learned: Visitor {*}`, `template`).
    #[serde(default)]
    pub reason: Option<crate::classify::Reason>,
}

/// Counts over the whole page.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Summary {
    /// Blocks only on the new page.
    pub new: usize,
    /// Blocks edited in place.
    pub changed: usize,
    /// Blocks whose text moved elsewhere.
    pub moved: usize,
    /// Blocks only on the old page.
    pub removed: usize,
    /// Blocks that stayed as they were.
    pub unchanged: usize,
    /// True when a work budget cut the search short (see the module docs).
    pub approximate: bool,
    /// Words added: the words of new blocks plus the inserted words of changed blocks.
    pub words_added: usize,
    /// Words removed: the words of removed blocks plus the deleted words of changed blocks.
    pub words_removed: usize,
    /// Words in moved blocks.
    pub words_moved: usize,
    /// New, changed and moved blocks of kind content: what a person sees highlighted and the
    /// badge counts.
    #[serde(default)]
    pub meaningful: usize,
    /// Removed blocks of kind content: not painted (the bar counts them and shows their text on
    /// request), but a meaningful change all the same: a watch or the history that reads only
    /// `meaningful` would miss a page that only lost text. Absent from JSON when 0.
    #[serde(default, skip_serializing_if = "is_zero")]
    pub meaningful_removed: usize,
    /// True when the new version is a page that did not load: almost all of the earlier one
    /// missing and nothing new (see `classify::site`). Its removals are noise, and callers keep
    /// the earlier version instead of storing this one. Absent from JSON when false.
    #[serde(default, skip_serializing_if = "is_false")]
    pub not_loaded: bool,
    /// Changes (of any status but unchanged) classified as noise.
    #[serde(default)]
    pub noise: usize,
    /// Changes (of any status but unchanged) in the site's template.
    #[serde(default)]
    pub template: usize,
    /// The page-wide work budgets that ran out ([`Budgets`]), in order; empty (and absent
    /// from JSON) for every ordinary page. When not empty, `approximate` is set too.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub degraded: Vec<Degraded>,
}

fn is_zero(n: &usize) -> bool {
    *n == 0
}

fn is_false(b: &bool) -> bool {
    !*b
}

impl Summary {
    /// The number of blocks a person would see highlighted: new + changed + moved.
    pub fn highlighted(&self) -> usize {
        self.new + self.changed + self.moved
    }

    /// True when some change is of kind content: highlighted, or removed content.
    pub fn any_meaningful(&self) -> bool {
        self.meaningful + self.meaningful_removed > 0
    }

    /// True when nothing changed at all.
    pub fn is_unchanged(&self) -> bool {
        self.new + self.changed + self.moved + self.removed == 0
    }
}

impl std::fmt::Display for Summary {
    /// "7 new blocks, 2 changed, 3 removed, 1 moved; words +120 −30, 12 moved"
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        if self.is_unchanged() {
            return write!(f, "no changes ({} blocks unchanged)", self.unchanged);
        }
        write!(
            f,
            "{} new block{}, {} changed, {} removed, {} moved; words +{} \u{2212}{}, {} moved",
            self.new,
            if self.new == 1 { "" } else { "s" },
            self.changed,
            self.removed,
            self.moved,
            self.words_added,
            self.words_removed,
            self.words_moved
        )?;
        if !self.degraded.is_empty() {
            write!(f, " (approximate: page too large to compare word by word)")?;
        } else if self.approximate {
            write!(f, " (approximate)")?;
        }
        Ok(())
    }
}

/// The result of [`diff_blocks`].
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Report {
    /// Counts.
    pub summary: Summary,
    /// The new page's blocks in order, with removed blocks interleaved after the block that
    /// preceded them on the old page.
    pub blocks: Vec<BlockDiff>,
    /// Blocks of the old version that had not loaded yet, kept in the version to store, as
    /// `[old index, new index]` (set by the site's classification: see
    /// [`crate::visit::VisitOutcome::kept_unloaded`]; empty from the plain alignment).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub kept_unloaded: Vec<[usize; 2]>,
    /// The work the visit did, in the units of [`Budgets`] (not serialized).
    #[serde(skip)]
    pub work: Work,
}

/// Interns block texts by their XXH3-64 hash (the one interner, [`Interned`]): each text is
/// hashed once at memory speed and never compared again. (Two different texts with the same
/// 64-bit hash would be taken as equal; among the blocks of two pages that has a probability
/// below 10^-10.)
fn intern_blocks(old: &[Block], new: &[Block]) -> (Vec<Token>, Vec<Token>, u32) {
    let hash = |b: &Block| crate::hash::stable_hash(&b.text);
    let a: Vec<u64> = old.iter().map(hash).collect();
    let b: Vec<u64> = new.iter().map(hash).collect();
    let it = Interned::from_hashes(&a, &b);
    let num = it.num() as u32;
    (
        it.a.into_iter().map(Token).collect(),
        it.b.into_iter().map(Token).collect(),
        num,
    )
}

/// Aligns `old` and `new` blocks; see the module docs.
pub fn diff_blocks(old: &[Block], new: &[Block], opts: &DiffOptions) -> Report {
    let mut meter = Meter::new(opts.budgets);
    let mut report = diff_blocks_metered(old, new, opts, &mut meter);
    report.summary.degraded = meter.degraded;
    report.summary.approximate |= !report.summary.degraded.is_empty();
    report.work = meter.work;
    report
}

/// [`diff_blocks`] counting its work against `meter` (whose budgets the caller goes on
/// using); the report's `degraded` and `work` are left to the caller.
pub(crate) fn diff_blocks_metered(
    old: &[Block],
    new: &[Block],
    opts: &DiffOptions,
    meter: &mut Meter,
) -> Report {
    let (old_tok, new_tok, num_tokens) = intern_blocks(old, new);
    let mut old_sets = WordSets::new(old);
    let mut new_sets = WordSets::new(new);
    // The value cells of a table whose rows stayed (the same row names in the same rows) are
    // matched by their place as weak blocks are: a status that went from one row to another
    // is two cells changed, not a cell moved.
    let (old_fixed, new_fixed) = fixed_cells(old, new);
    let old_weak: Vec<bool> = old
        .iter()
        .zip(&old_fixed)
        .map(|(b, &f)| f || is_weak(&b.text))
        .collect();
    let new_weak: Vec<bool> = new
        .iter()
        .zip(&new_fixed)
        .map(|(b, &f)| f || is_weak(&b.text))
        .collect();
    let aligned = align_in_order(&old_tok, &new_tok, num_tokens, &old_weak, &new_weak);

    // old index -> new index (and status) for every old block that survives.
    let mut old_match: Vec<Option<usize>> = vec![None; old.len()];
    let mut new_status: Vec<Option<(Status, Option<usize>)>> = vec![None; new.len()];
    let mut approximate = false;

    // 1. Unchanged: the alignment.
    for &(i, j) in &aligned {
        old_match[i] = Some(j);
        new_status[j] = Some((Status::Unchanged, Some(i)));
    }
    // The hunks between aligned blocks: (old range, new range), and each unaligned block's hunk.
    let hunks = hunks_between(&aligned, old.len(), new.len());
    let mut old_hunk = vec![usize::MAX; old.len()];
    let mut new_hunk = vec![usize::MAX; new.len()];
    for (h, (olds, news)) in hunks.iter().enumerate() {
        olds.clone().for_each(|i| old_hunk[i] = h);
        news.clone().for_each(|j| new_hunk[j] = h);
    }
    let mut spans: Vec<Option<Vec<Span>>> = vec![None; new.len()];
    let mut scratch = SpanScratch::default();
    let mut displaced = vec![false; new.len()];

    // 1b. Weak blocks, which anchor nothing below: first by their place and text (an old and
    //     a new weak block at the same path with the same text: a rank stays "2." in the
    //     second row while the stories move down); then by their text within each hunk (a
    //     table's value in a row that moved down); then by their place alone, changed in
    //     place (a countdown's minutes "05" → "04").
    let mut weak_pair = vec![false; new.len()];
    {
        // (Blocks sharing a path, or a path and a text, pair in order.)
        let mut same: AHashMap<(&str, Token), Vec<usize>> = AHashMap::new();
        for i in (0..old.len()).rev().filter(|&i| old_weak[i]) {
            same.entry((old[i].path.as_str(), old_tok[i]))
                .or_default()
                .push(i);
        }
        for j in (0..new.len()).filter(|&j| new_weak[j]) {
            let key = (new[j].path.as_str(), new_tok[j]);
            if let Some(i) = same.get_mut(&key).and_then(Vec::pop) {
                old_match[i] = Some(j);
                weak_pair[j] = true;
                new_status[j] = Some((Status::Unchanged, Some(i)));
            }
        }
        for (olds, news) in &hunks {
            // (Not a fixed table's cells: their rows did not move.)
            let wo: Vec<usize> = olds
                .clone()
                .filter(|&i| old_weak[i] && !old_fixed[i] && old_match[i].is_none())
                .collect();
            let wn: Vec<usize> = news
                .clone()
                .filter(|&j| new_weak[j] && !new_fixed[j] && new_status[j].is_none())
                .collect();
            if wo.is_empty() || wn.is_empty() {
                continue;
            }
            let ot: Vec<Token> = wo.iter().map(|&i| old_tok[i]).collect();
            let nt: Vec<Token> = wn.iter().map(|&j| new_tok[j]).collect();
            for (a, b) in aligned_pairs(&ot, &nt, num_tokens) {
                old_match[wo[a]] = Some(wn[b]);
                weak_pair[wn[b]] = true;
                new_status[wn[b]] = Some((Status::Unchanged, Some(wo[a])));
            }
        }
        let mut places: AHashMap<&str, Vec<usize>> = AHashMap::new();
        for i in (0..old.len()).rev() {
            if old_weak[i] && old_match[i].is_none() {
                places.entry(old[i].path.as_str()).or_default().push(i);
            }
        }
        let left: Vec<usize> = (0..new.len())
            .filter(|&j| new_weak[j] && new_status[j].is_none())
            .collect();
        for j in left {
            let Some(i) = places.get_mut(new[j].path.as_str()).and_then(Vec::pop) else {
                continue;
            };
            old_match[i] = Some(j);
            weak_pair[j] = true;
            new_status[j] = Some((Status::Changed, Some(i)));
            displaced[j] = old_hunk[i] != new_hunk[j];
            let (s, approx) = metered_spans(&old[i].text, &new[j].text, opts, &mut scratch, meter);
            approximate |= approx;
            spans[j] = Some(s);
        }
    }

    // 2. Moved: unaligned new blocks whose exact text is among the unaligned old blocks. A weak
    //    block (a rank, a bare count) is never moved: "3." elsewhere is another item's rank.
    {
        let mut pool: AHashMap<Token, Vec<usize>> = AHashMap::new();
        for i in (0..old.len()).rev() {
            if old_match[i].is_none() && !old_weak[i] {
                pool.entry(old_tok[i]).or_default().push(i);
            }
        }
        for j in 0..new.len() {
            if new_status[j].is_none() && !new_weak[j] {
                if let Some(i) = pool.get_mut(&new_tok[j]).and_then(|v| v.pop()) {
                    old_match[i] = Some(j);
                    new_status[j] = Some((Status::Moved, Some(i)));
                }
            }
        }
    }

    // 2b. The same block with other numbers: an unaligned old and new block whose texts are
    //     equal once digits are masked, each the only one of its side with that text ("125
    //     points by pg 12 hours ago" → "165 points by pg 15 hours ago" on an item that moved
    //     up a list). Changed, and in a new place unless both stand in one hunk.
    {
        let key_counts = |blocks: &[Block], free: &dyn Fn(usize) -> bool| {
            let mut keys: AHashMap<u64, (u32, usize)> = AHashMap::new();
            for (i, b) in blocks.iter().enumerate() {
                if free(i) && b.text.bytes().any(|c| c.is_ascii_digit()) {
                    let e = keys.entry(masked_key(&b.text)).or_insert((0, i));
                    e.0 += 1;
                }
            }
            keys
        };
        let old_keys = key_counts(old, &|i| old_match[i].is_none() && !old_weak[i]);
        let new_keys = key_counts(new, &|j| new_status[j].is_none() && !new_weak[j]);
        let mut pairs: Vec<(usize, usize)> = new_keys
            .iter()
            .filter_map(|(k, &(n, j))| match old_keys.get(k) {
                Some(&(1, i)) if n == 1 => Some((i, j)),
                _ => None,
            })
            .collect();
        pairs.sort_unstable();
        // The block before each, weak blocks aside.
        let before = |weak: &[bool]| -> Vec<Option<usize>> {
            let mut last = None;
            weak.iter()
                .enumerate()
                .map(|(k, &w)| {
                    let b = last;
                    if !w {
                        last = Some(k);
                    }
                    b
                })
                .collect()
        };
        let (old_before, new_before) = (before(&old_weak), before(&new_weak));
        for (i, j) in pairs {
            // Not across places when the old block's item left the list and the new one's came
            // (the block before each, weak blocks aside, unpaired so far): a price of a card that
            // left and one of a card that came are two items' prices, not a price that changed.
            if old_hunk[i] != new_hunk[j]
                && old_before[i].is_none_or(|q| old_match[q].is_none())
                && new_before[j].is_none_or(|q| new_status[q].is_none())
            {
                continue;
            }
            old_match[i] = Some(j);
            new_status[j] = Some((Status::Changed, Some(i)));
            displaced[j] = old_hunk[i] != new_hunk[j];
            let (s, approx) = metered_spans(&old[i].text, &new[j].text, opts, &mut scratch, meter);
            approximate |= approx;
            spans[j] = Some(s);
        }
    }

    // 2c. Within items: a list's cards (article, li, tr) keep their blocks together. An old
    //     and a new item that hold blocks paired with each other, and no others, are one card;
    //     a hunk's leftovers in such a pair of cards pair first, in order by similarity, within
    //     it. The age line "2h" of a post that moved down below a new one is that post's
    //     "Nov 29", not the new post's "40m" that stands where it stood.
    let leftovers = hunks.iter().any(|(olds, news)| {
        olds.clone().any(|i| old_match[i].is_none() && !old_weak[i])
            && news
                .clone()
                .any(|j| new_status[j].is_none() && !new_weak[j])
    });
    if leftovers {
        use crate::classify::noise::item_of;
        // old item → new item, and back, by the blocks paired so far (None: more than one).
        let mut forth: AHashMap<&str, Option<&str>> = AHashMap::new();
        let mut back: AHashMap<&str, Option<&str>> = AHashMap::new();
        for (i, m) in old_match.iter().enumerate() {
            let Some(j) = *m else { continue };
            let (Some(a), Some(b)) = (item_of(&old[i].path), item_of(&new[j].path)) else {
                continue;
            };
            forth
                .entry(a)
                .and_modify(|e| *e = e.filter(|x| *x == b))
                .or_insert(Some(b));
            back.entry(b)
                .and_modify(|e| *e = e.filter(|x| *x == a))
                .or_insert(Some(a));
        }
        let card = |i: usize| -> Option<(&str, &str)> {
            let a = item_of(&old[i].path)?;
            let b = (*forth.get(a)?)?;
            (*back.get(b)? == Some(a)).then_some((a, b))
        };
        for (olds, news) in &hunks {
            // The hunk's leftovers by card, in the order the old side meets them: (olds,
            // news), found by the card's new item.
            let mut cards: Vec<(Vec<usize>, Vec<usize>)> = Vec::new();
            let mut by_new_item: AHashMap<&str, usize> = AHashMap::new();
            for i in olds
                .clone()
                .filter(|&i| old_match[i].is_none() && !old_weak[i])
            {
                let Some((_, b)) = card(i) else { continue };
                let c = *by_new_item.entry(b).or_insert_with(|| {
                    cards.push((Vec::new(), Vec::new()));
                    cards.len() - 1
                });
                cards[c].0.push(i);
            }
            if cards.is_empty() {
                continue;
            }
            for j in news
                .clone()
                .filter(|&j| new_status[j].is_none() && !new_weak[j])
            {
                let Some(b) = item_of(&new[j].path) else {
                    continue;
                };
                if let Some(&c) = by_new_item.get(b) {
                    cards[c].1.push(j);
                }
            }
            for (co, cn) in cards {
                if co.is_empty() || cn.is_empty() {
                    continue;
                }
                let (pairs, approx) =
                    pair_blocks(&mut old_sets, &mut new_sets, &co, &cn, opts, meter);
                approximate |= approx;
                for (i, j) in pairs {
                    old_match[i] = Some(j);
                    new_status[j] = Some((Status::Changed, Some(i)));
                    let (s, approx) =
                        metered_spans(&old[i].text, &new[j].text, opts, &mut scratch, meter);
                    approximate |= approx;
                    spans[j] = Some(s);
                }
            }
        }
    }

    // 3. Changed: pair the leftovers of each hunk in order by similarity; then its weak
    //    leftovers in order (a rank "2." where "3." stood: the list shifted).
    for (olds, news) in &hunks {
        let olds: Vec<usize> = olds.clone().filter(|&i| old_match[i].is_none()).collect();
        let news: Vec<usize> = news.clone().filter(|&j| new_status[j].is_none()).collect();
        if olds.is_empty() || news.is_empty() {
            continue;
        }
        let (mut pairs, approx) =
            pair_blocks(&mut old_sets, &mut new_sets, &olds, &news, opts, meter);
        approximate |= approx;
        let (mut paired_old, mut paired_new) = (AHashSet::new(), AHashSet::new());
        for &(i, j) in &pairs {
            paired_old.insert(i);
            paired_new.insert(j);
        }
        let weak_olds = olds
            .iter()
            .filter(|&i| old_weak[*i] && !paired_old.contains(i));
        let weak_news = news
            .iter()
            .filter(|&j| new_weak[*j] && !paired_new.contains(j));
        pairs.extend(weak_olds.zip(weak_news).map(|(&i, &j)| (i, j)));
        // A labelled value replaced under the same label ("Stand: 14. März 2025" → "Stand: 3.
        // Dezember 2026", "Venue: Town Hall" → "Venue: St Mary's Church"): the value changed,
        // though few of its words are shared. Only a label once among the hunk's leftovers on
        // each side, in the order of the pairs already made.
        pairs.extend(labelled_pairs(old, new, &olds, &news, &pairs));
        // The same short phrase about another count, its words inflected for it ("3 copies
        // available" → "1 copy available", "Solo 3 rimasti" → "Solo 1 rimasto"): few words
        // are shared word for word, yet it is the one block with its count changed.
        pairs.extend(recounted_pairs(old, new, &olds, &news, &pairs));
        for (i, j) in pairs {
            old_match[i] = Some(j);
            new_status[j] = Some((Status::Changed, Some(i)));
            let (s, approx) = metered_spans(&old[i].text, &new[j].text, opts, &mut scratch, meter);
            approximate |= approx;
            spans[j] = Some(s);
        }
    }

    // 3b. Edited and moved: leftovers anywhere on the page that are clearly the same block
    //     (similarity at or above the displaced threshold) are changed blocks in a new place.
    //     (Not weak blocks: a rank matches another item's rank.)
    {
        let olds: Vec<usize> = (0..old.len())
            .filter(|&i| old_match[i].is_none() && !old_weak[i])
            .collect();
        let news: Vec<usize> = (0..new.len())
            .filter(|&j| new_status[j].is_none() && !new_weak[j])
            .collect();
        if !olds.is_empty() && !news.is_empty() {
            let (pairs, approx) =
                pair_displaced(&mut old_sets, &mut new_sets, &olds, &news, opts, meter);
            approximate |= approx;
            for (i, j) in pairs {
                old_match[i] = Some(j);
                new_status[j] = Some((Status::Changed, Some(i)));
                displaced[j] = true;
                let (s, approx) =
                    metered_spans(&old[i].text, &new[j].text, opts, &mut scratch, meter);
                approximate |= approx;
                spans[j] = Some(s);
            }
        }
    }

    // 4. Assemble in new-page order, removed blocks after their old predecessor's new place.
    //    Anchors come from unchanged and in-place changed blocks only (they keep order); a
    //    removed block with no such predecessor goes first.
    let mut removed_after: Vec<Vec<usize>> = vec![Vec::new(); new.len() + 1];
    {
        let mut anchor = 0usize; // slot 0 = before everything; slot j+1 = after new block j
        for (i, m) in old_match.iter().enumerate() {
            match *m {
                Some(j)
                    if !displaced[j]
                        && !weak_pair[j]
                        && !matches!(new_status[j], Some((Status::Moved, _))) =>
                {
                    anchor = j + 1
                }
                Some(_) => {}
                None => removed_after[anchor].push(i),
            }
        }
    }

    let mut summary = Summary {
        approximate,
        ..Summary::default()
    };
    let mut blocks = Vec::with_capacity(new.len() + old.len());
    let push_removed = |blocks: &mut Vec<BlockDiff>, summary: &mut Summary, slot: &[usize]| {
        for &i in slot {
            summary.removed += 1;
            summary.words_removed += text::word_count(&old[i].text);
            blocks.push(BlockDiff {
                status: Status::Removed,
                old_index: Some(i),
                new_index: None,
                path: old[i].path.clone(),
                text: old[i].text.clone(),
                spans: None,
                kind: Kind::Content,
                reason: None,
            });
        }
    };
    push_removed(&mut blocks, &mut summary, &removed_after[0]);
    for (j, block) in new.iter().enumerate() {
        let (status, old_index) = new_status[j].unwrap_or((Status::New, None));
        match status {
            Status::Unchanged => summary.unchanged += 1,
            Status::Moved => {
                summary.moved += 1;
                summary.words_moved += text::word_count(&block.text);
            }
            Status::New => {
                summary.new += 1;
                summary.words_added += text::word_count(&block.text);
            }
            Status::Changed => {
                summary.changed += 1;
                for s in spans[j].iter().flatten() {
                    match s.kind {
                        SpanKind::Insert => summary.words_added += text::word_count(&s.text),
                        SpanKind::Delete => summary.words_removed += text::word_count(&s.text),
                        SpanKind::Equal => {}
                    }
                }
            }
            // Never assigned to a new block; listed for a total match.
            Status::Removed => {}
        }
        blocks.push(BlockDiff {
            status,
            old_index,
            new_index: Some(j),
            path: block.path.clone(),
            text: block.text.clone(),
            spans: spans[j].take(),
            kind: Kind::Content,
            reason: None,
        });
        push_removed(&mut blocks, &mut summary, &removed_after[j + 1]);
    }
    summary.meaningful = summary.highlighted();
    summary.meaningful_removed = summary.removed;
    Report {
        summary,
        blocks,
        kept_unloaded: Vec::new(),
        work: Work::default(),
    }
}

/// Whether a block is too weak to anchor the alignment or to be matched elsewhere on the page:
/// at most one number and no letter ("3.", "#12", "(4)", "|"). A list's ranks stay in place
/// while its items move; aligning by them would pair every item with the one now at its rank.
fn is_weak(text: &str) -> bool {
    text.len() <= 12
        && !text.chars().any(char::is_alphabetic)
        && text
            .split(|c: char| !text::is_word_char(c))
            .filter(|w| !w.is_empty())
            .count()
            <= 1
}

/// Fewest rows of a table whose value cells [`fixed_cells`] matches by their place.
const FIXED_TABLE_MIN_ROWS: usize = 2;

/// The value cells of tables whose rows stayed: per block of each side, whether it is a cell
/// of a table that has, on both sides, the same rows (at least [`FIXED_TABLE_MIN_ROWS`]) named
/// by the same first cells in the same order — names with a letter, each once in the table (a
/// status board's lines, a price list's items, a fact box's "Venue" | "Town Hall") — and not
/// its row's name. A row's name is its header cell (`…/tr[r]/th[0]`) when it has one, else its
/// first data cell (`td[0]`); every other cell of the row is a value. A table whose rows
/// moved, came or went, or whose first column is a rank ("1."), keeps the text alignment (a
/// league table's teams move up and down).
fn fixed_cells(old: &[Block], new: &[Block]) -> (Vec<bool>, Vec<bool>) {
    // A cell's table (the path before its row), row, whether a header cell, and index among
    // the row's cells of its kind.
    fn cell(path: &str) -> Option<(&str, u32, bool, u32)> {
        let at = path.rfind("/tr[")?;
        let (table, rest) = path.split_at(at);
        let rest = rest.strip_prefix("/tr[")?;
        let (row, rest) = rest.split_once("]/")?;
        let (header, rest) = match rest.strip_prefix("td[") {
            Some(r) => (false, r),
            None => (true, rest.strip_prefix("th[")?),
        };
        let col = rest.strip_suffix(']')?;
        Some((table, row.parse().ok()?, header, col.parse().ok()?))
    }
    // The rows that have a header cell first (th[0]), per table.
    fn headed(blocks: &[Block]) -> AHashSet<(&str, u32)> {
        blocks
            .iter()
            .filter_map(|b| match cell(&b.path) {
                Some((table, row, true, 0)) => Some((table, row)),
                _ => None,
            })
            .collect()
    }
    // Whether a cell is its row's name.
    fn is_name(
        headed: &AHashSet<(&str, u32)>,
        table: &str,
        row: u32,
        header: bool,
        col: u32,
    ) -> bool {
        col == 0 && header == headed.contains(&(table, row))
    }
    // Per table: its rows' names in order (row, name).
    fn names<'a>(
        blocks: &'a [Block],
        headed: &AHashSet<(&str, u32)>,
    ) -> AHashMap<&'a str, Vec<(u32, &'a str)>> {
        let mut out: AHashMap<&str, Vec<(u32, &str)>> = AHashMap::new();
        for b in blocks {
            if let Some((table, row, header, col)) = cell(&b.path) {
                if is_name(headed, table, row, header, col) {
                    out.entry(table).or_default().push((row, b.text.as_str()));
                }
            }
        }
        out
    }
    let (mut of, mut nf) = (vec![false; old.len()], vec![false; new.len()]);
    if !old.iter().any(|b| b.path.contains("/tr[")) {
        return (of, nf);
    }
    let (oh, nh) = (headed(old), headed(new));
    let (on, nn) = (names(old, &oh), names(new, &nh));
    let stayed = |table: &str| -> bool {
        let (Some(a), Some(b)) = (on.get(table), nn.get(table)) else {
            return false;
        };
        let mut seen: Vec<&str> = a.iter().map(|&(_, t)| t).collect();
        seen.sort_unstable();
        seen.dedup();
        a == b
            && a.len() >= FIXED_TABLE_MIN_ROWS
            && seen.len() == a.len()
            && a.iter().all(|&(_, t)| t.chars().any(char::is_alphabetic))
    };
    let mut fixed: AHashMap<&str, bool> = AHashMap::new();
    for (blocks, flags, headed) in [(old, &mut of, &oh), (new, &mut nf, &nh)] {
        for (k, b) in blocks.iter().enumerate() {
            if let Some((table, row, header, col)) = cell(&b.path) {
                flags[k] = !is_name(headed, table, row, header, col)
                    && *fixed.entry(table).or_insert_with(|| stayed(table));
            }
        }
    }
    (of, nf)
}

/// An old block's index and a new block's.
type Pair = (usize, usize);

/// The blocks that stayed, as ascending (old, new) pairs: the Histogram alignment of the
/// blocks' texts without the weak blocks ([`is_weak`]; those are matched by their place).
fn align_in_order(
    old_tok: &[Token],
    new_tok: &[Token],
    num_tokens: u32,
    old_weak: &[bool],
    new_weak: &[bool],
) -> Vec<Pair> {
    let side = |toks: &[Token], weak: &[bool]| -> (Vec<usize>, Vec<Token>) {
        (0..toks.len())
            .filter(|&i| !weak[i])
            .map(|i| (i, toks[i]))
            .unzip()
    };
    let (oi, ot) = side(old_tok, old_weak);
    let (ni, nt) = side(new_tok, new_weak);
    if oi.is_empty() || ni.is_empty() {
        return Vec::new();
    }
    aligned_pairs(&ot, &nt, num_tokens)
        .into_iter()
        .map(|(a, b)| (oi[a], ni[b]))
        .collect()
}

/// The Histogram alignment of two token sequences, as ascending pairs of equal tokens.
fn aligned_pairs(a: &[Token], b: &[Token], num_tokens: u32) -> Vec<(usize, usize)> {
    let mut diff = Diff::default();
    diff.compute_with(Algorithm::Histogram, a, b, num_tokens);
    let mut out = Vec::with_capacity(a.len().min(b.len()));
    let (mut i, mut j) = (0usize, 0usize);
    while i < a.len() && j < b.len() {
        if diff.is_removed(i as u32) {
            i += 1;
        } else if diff.is_added(j as u32) {
            j += 1;
        } else {
            out.push((i, j));
            i += 1;
            j += 1;
        }
    }
    out
}

/// The hunks between ascending aligned pairs: for each stretch of unaligned blocks, its old
/// and new ranges (one of them may be empty).
fn hunks_between(
    aligned: &[(usize, usize)],
    n: usize,
    m: usize,
) -> Vec<(std::ops::Range<usize>, std::ops::Range<usize>)> {
    let mut out = Vec::new();
    let (mut i0, mut j0) = (0usize, 0usize);
    for &(i1, j1) in aligned.iter().chain(std::iter::once(&(n, m))) {
        if i1 > i0 || j1 > j0 {
            out.push((i0..i1, j0..j1));
        }
        (i0, j0) = (i1 + 1, j1 + 1);
    }
    out
}

/// [`word_spans_with`] when the page's word-diff budget has room for the block, otherwise
/// the block wholly replaced (approximate).
fn metered_spans<'a>(
    old: &'a str,
    new: &'a str,
    opts: &DiffOptions,
    scratch: &mut SpanScratch<'a>,
    meter: &mut Meter,
) -> (Vec<Span>, bool) {
    if meter.word_diff(old.len() + new.len()) {
        word_spans_with(old, new, opts, scratch)
    } else {
        (wholly_replaced(old, new), true)
    }
}

/// The spans of a block shown as wholly replaced: all its old text deleted, all its new text
/// inserted.
fn wholly_replaced(old: &str, new: &str) -> Vec<Span> {
    let mut v = Vec::with_capacity(2);
    if !old.is_empty() {
        v.push(Span {
            kind: SpanKind::Delete,
            text: old.to_string(),
        });
    }
    if !new.is_empty() {
        v.push(Span {
            kind: SpanKind::Insert,
            text: new.to_string(),
        });
    }
    v
}

/// A block's word set for similarity: sorted, deduplicated word hashes (from
/// [`crate::text::word_hashes`]) and a 128-bit signature of them (bit `h >> 57` set for
/// every hash `h`), from which [`dice_at_least`] bounds the overlap without a merge.
#[derive(Clone, Copy)]
struct Set<'a> {
    words: &'a [u64],
    sig: [u64; 2],
}

fn signature(words: &[u64]) -> [u64; 2] {
    let mut sig = [0u64; 2];
    for &h in words {
        let bit = (h >> 57) as usize; // 0..128
        sig[bit >> 6] |= 1 << (bit & 63);
    }
    sig
}

/// The words of a block's text that its similarity counts, as hashes: its words
/// ([`crate::text::word_hashes`]), but a run of Chinese or Japanese (written without spaces,
/// so one "word" may be a clause) as its pairs of characters, and the Latin letters and digits
/// glued to it as words of their own: "作業員は正午までに" and "作業員は夕方までに" share
/// most of their pairs, where as words they share nothing.
fn similarity_hashes(t: &str) -> Vec<u64> {
    if t.is_ascii() || !t.chars().any(text::is_unspaced_char) {
        return text::word_hashes(t);
    }
    let mut out = Vec::new();
    let mut run: Vec<char> = Vec::new();
    let mut other = String::new();
    let flush_run = |run: &mut Vec<char>, out: &mut Vec<u64>| {
        let mut pair = String::new();
        if run.len() == 1 {
            pair.push(run[0]);
            out.push(text::word_hash(&pair));
        }
        for w in run.windows(2) {
            pair.clear();
            pair.extend(w);
            out.push(text::word_hash(&pair));
        }
        run.clear();
    };
    let flush_other = |other: &mut String, out: &mut Vec<u64>| {
        if !other.is_empty() {
            out.push(text::word_hash(&other.to_lowercase()));
            other.clear();
        }
    };
    for ch in t.chars() {
        if text::is_unspaced_char(ch) {
            flush_other(&mut other, &mut out);
            run.push(ch);
        } else {
            flush_run(&mut run, &mut out);
            if text::is_word_char(ch) {
                other.push(ch);
            } else {
                flush_other(&mut other, &mut out);
            }
        }
    }
    flush_run(&mut run, &mut out);
    flush_other(&mut other, &mut out);
    out
}

/// The tokens a changed block is diffed by: [`text::tokens`], but a word token with Chinese or
/// Japanese in it split so that each of those characters is a token of its own (the script
/// has no spaces: a word token there may be a whole clause, and one changed character, "中午" →
/// "下午", would paint it all); Latin letters and digits glued to them stay one token.
fn diff_tokens(t: &str) -> Vec<&str> {
    let tokens = text::tokens(t);
    if t.is_ascii() || !t.chars().any(text::is_unspaced_char) {
        return tokens;
    }
    let mut out = Vec::with_capacity(tokens.len());
    for tok in tokens {
        if !tok.chars().any(text::is_unspaced_char) {
            out.push(tok);
            continue;
        }
        let mut start = 0;
        for (at, ch) in tok.char_indices() {
            if text::is_unspaced_char(ch) {
                if start < at {
                    out.push(&tok[start..at]);
                }
                out.push(&tok[at..at + ch.len_utf8()]);
                start = at + ch.len_utf8();
            }
        }
        if start < tok.len() {
            out.push(&tok[start..]);
        }
    }
    out
}

/// Word sets of a page's blocks, computed at most once per block.
struct WordSets<'a> {
    blocks: &'a [Block],
    sets: Vec<Option<(Vec<u64>, [u64; 2])>>,
}

impl<'a> WordSets<'a> {
    fn new(blocks: &'a [Block]) -> Self {
        WordSets {
            blocks,
            sets: vec![None; blocks.len()],
        }
    }

    /// Computes the sets of these blocks (if not yet) and returns them in the same order.
    fn of(&mut self, indices: &[usize]) -> Vec<Set<'_>> {
        for &i in indices {
            if self.sets[i].is_none() {
                let mut v = similarity_hashes(&self.blocks[i].text);
                v.sort_unstable();
                v.dedup();
                let sig = signature(&v);
                self.sets[i] = Some((v, sig));
            }
        }
        indices
            .iter()
            .map(|&i| match &self.sets[i] {
                Some((words, sig)) => Set { words, sig: *sig },
                None => Set {
                    words: &[],
                    sig: [0; 2],
                },
            })
            .collect()
    }
}

/// The Dice similarity of two word sets when it is at least `threshold`. Two bounds reject
/// most hopeless pairs without a merge: the sizes (2·min / (|a| + |b|)), and the signatures
/// (every word of `a` whose signature bit `b` lacks is not in `b`, so the overlap is at most
/// |a| − popcount(a ∧ ¬b), and symmetrically). Both are upper bounds of the true overlap, so
/// the answer is exactly that of a full merge.
fn dice_at_least(a: Set<'_>, b: Set<'_>, threshold: f64, meter: &mut Meter) -> Option<f64> {
    let (na, nb) = (a.words.len(), b.words.len());
    let total = (na + nb).max(1) as f64;
    if 2.0 * na.min(nb) as f64 / total < threshold {
        return None;
    }
    let only_a = (a.sig[0] & !b.sig[0]).count_ones() + (a.sig[1] & !b.sig[1]).count_ones();
    let only_b = (b.sig[0] & !a.sig[0]).count_ones() + (b.sig[1] & !a.sig[1]).count_ones();
    let overlap = (na - only_a as usize).min(nb - only_b as usize);
    if 2.0 * overlap as f64 / total < threshold {
        return None;
    }
    if !meter.similarity(na + nb) {
        return None;
    }
    sets::dice_at_least(a.words, b.words, threshold)
}

/// Pairs old blocks `olds` with new blocks `news` (both ascending) in order, maximizing the sum
/// of similarities of pairs at or above the threshold. Returns the pairs and whether the budget
/// forced the positional fallback.
///
/// A hunk of more than [`DiffOptions::max_pair_cells`] candidate pairs (on a news page where
/// every clock time moved on, nearly every block changes a little and hunks grow with the page)
/// is first cut by anchors: blocks whose texts are equal once digits are masked
/// ([`masked_key`]), aligned in order by the histogram algorithm and similar enough, are paired
/// outright; the blocks between two anchors are then paired by the dynamic programme. Only a
/// stretch between anchors that is still over the budget is paired by position.
fn pair_blocks(
    old_sets: &mut WordSets<'_>,
    new_sets: &mut WordSets<'_>,
    olds: &[usize],
    news: &[usize],
    opts: &DiffOptions,
    meter: &mut Meter,
) -> (Vec<(usize, usize)>, bool) {
    let (n, m) = (olds.len(), news.len());
    let old_texts = old_sets.blocks;
    let new_texts = new_sets.blocks;
    let os = old_sets.of(olds);
    let ns = new_sets.of(news);
    let t = opts.pair_threshold;
    if n.saturating_mul(m) <= opts.max_pair_cells && meter.cells(n * m) {
        let pairs = pair_in_order(&os, &ns, t, meter);
        return (
            pairs.into_iter().map(|(a, b)| (olds[a], news[b])).collect(),
            false,
        );
    }
    // Anchors: equal masked texts, aligned in order.
    let mut keys: Ids<u64, PreHashedState> = Ids::with_capacity(n + m);
    let ok: Vec<Token> = olds
        .iter()
        .map(|&i| Token(keys.id(masked_key(&old_texts[i].text))))
        .collect();
    let nk: Vec<Token> = news
        .iter()
        .map(|&j| Token(keys.id(masked_key(&new_texts[j].text))))
        .collect();
    let mut anchors: Vec<(usize, usize)> = aligned_pairs(&ok, &nk, keys.len())
        .into_iter()
        .filter(|&(a, b)| dice_at_least(os[a], ns[b], t, meter).is_some())
        .collect();
    anchors.push((n, m)); // a sentinel closing the last stretch
    let mut pairs = Vec::new();
    let mut approximate = false;
    let (mut a0, mut b0) = (0usize, 0usize);
    for &(a1, b1) in &anchors {
        let (os, ns) = (&os[a0..a1], &ns[b0..b1]);
        let cells = os.len().saturating_mul(ns.len());
        if cells <= opts.max_pair_cells && meter.cells(cells) {
            for (a, b) in pair_in_order(os, ns, t, meter) {
                pairs.push((olds[a0 + a], news[b0 + b]));
            }
        } else {
            approximate = true;
            for k in 0..os.len().min(ns.len()) {
                if dice_at_least(os[k], ns[k], t, meter).is_some() {
                    pairs.push((olds[a0 + k], news[b0 + k]));
                }
            }
        }
        if a1 < n {
            pairs.push((olds[a1], news[b1]));
        }
        (a0, b0) = (a1 + 1, b1 + 1);
    }
    (pairs, approximate)
}

/// The order-preserving pairing of `os` with `ns` maximizing the total similarity of pairs at
/// or above `threshold` (a dynamic programme over every (old, new) pair). Returns local
/// indices, ascending.
fn pair_in_order(
    os: &[Set<'_>],
    ns: &[Set<'_>],
    threshold: f64,
    meter: &mut Meter,
) -> Vec<(usize, usize)> {
    let (n, m) = (os.len(), ns.len());
    if n == 0 || m == 0 {
        return Vec::new();
    }
    let mut sim = |a: usize, b: usize| -> f64 {
        dice_at_least(os[a], ns[b], threshold, meter).unwrap_or(0.0)
    };
    // score[a][b] = best total over os[a..] × ns[b..]; filled from the end.
    let w = m + 1;
    let mut score = vec![0.0f64; (n + 1) * w];
    for a in (0..n).rev() {
        for b in (0..m).rev() {
            let s = sim(a, b);
            let take = if s > 0.0 {
                s + score[(a + 1) * w + b + 1]
            } else {
                0.0
            };
            let skip = score[(a + 1) * w + b].max(score[a * w + b + 1]);
            score[a * w + b] = take.max(skip);
        }
    }
    let mut pairs = Vec::new();
    let (mut a, mut b) = (0, 0);
    while a < n && b < m {
        let here = score[a * w + b];
        if here == 0.0 {
            break;
        }
        if here == score[(a + 1) * w + b] {
            a += 1;
        } else if here == score[a * w + b + 1] {
            b += 1;
        } else {
            pairs.push((a, b));
            a += 1;
            b += 1;
        }
    }
    pairs
}

/// The hunk's leftovers `olds`, `news` (ascending) left unpaired by `pairs` that hold the same
/// label ([`label_of`]) or stand under the same term ([`term_of`]), each label once among them
/// on each side, kept where they keep the order of `pairs` and of each other.
fn labelled_pairs(
    old: &[Block],
    new: &[Block],
    olds: &[usize],
    news: &[usize],
    pairs: &[(usize, usize)],
) -> Vec<(usize, usize)> {
    fn labels<'a>(
        blocks: &'a [Block],
        ids: &[usize],
        paired: impl Fn(usize) -> bool,
    ) -> AHashMap<&'a str, Option<usize>> {
        let mut by: AHashMap<&str, Option<usize>> = AHashMap::new();
        for &i in ids.iter().filter(|&&i| !paired(i)) {
            if let Some(l) = label_of(&blocks[i].text).or_else(|| term_of(blocks, i)) {
                by.entry(l).and_modify(|e| *e = None).or_insert(Some(i));
            }
        }
        by
    }
    let old_labels = labels(old, olds, |i| pairs.iter().any(|p| p.0 == i));
    let new_labels = labels(new, news, |j| pairs.iter().any(|p| p.1 == j));
    let mut found: Vec<(usize, usize)> = old_labels
        .iter()
        .filter_map(|(l, i)| Some(((*i)?, (*new_labels.get(l)?)?)))
        .collect();
    found.sort_unstable();
    let mut kept: Vec<(usize, usize)> = Vec::new();
    for (i, j) in found {
        let crosses = |&(a, b): &(usize, usize)| (a < i) != (b < j);
        if !pairs.iter().any(crosses) && !kept.iter().any(crosses) {
            kept.push((i, j));
        }
    }
    kept
}

/// The hunk's leftovers `olds`, `news` (ascending) left unpaired by `pairs` that say the same
/// phrase about another count ([`recounted`]), each old one with the first such new one after
/// the last pair before it, kept where they keep the order of `pairs` and of each other.
fn recounted_pairs(
    old: &[Block],
    new: &[Block],
    olds: &[usize],
    news: &[usize],
    pairs: &[(usize, usize)],
) -> Vec<(usize, usize)> {
    let mut kept: Vec<(usize, usize)> = Vec::new();
    let free_old = olds.iter().filter(|&&i| !pairs.iter().any(|p| p.0 == i));
    for &i in free_old {
        let taken = |j: usize| pairs.iter().chain(&kept).any(|p| p.1 == j);
        let crosses = |j: usize| pairs.iter().chain(&kept).any(|&(a, b)| (a < i) != (b < j));
        if let Some(&j) = news
            .iter()
            .find(|&&j| !taken(j) && !crosses(j) && recounted(&old[i].text, &new[j].text))
        {
            kept.push((i, j));
        }
    }
    kept
}

/// True when `a` and `b` say the same short phrase about another count, its word inflected
/// for it: as many words (at most [`RECOUNT_MAX_WORDS`]), a number changed in at least one
/// place, at least one word in its other form ([`text::inflected`], [`text::agreeing`]) right
/// before or after a changed number, a verb agreeing with it anywhere, and every other word the
/// same ("3 copies available" → "1 copy available", "1 Kommentar" → "4 Kommentare", "Solo 3
/// rimasti" → "Solo 1 rimasto", "1 person is viewing" → "4 people are viewing"). Only numbers
/// changed is no such phrase: the similarity pairs those, or nothing should ("31.01.2022 17:20
/// Uhr 43 Kommentare" and "28.02.2022 21:29 Uhr 4 Kommentare" are two articles' footers).
fn recounted(a: &str, b: &str) -> bool {
    let (x, y): (Vec<&str>, Vec<&str>) = (
        a.split_whitespace().collect(),
        b.split_whitespace().collect(),
    );
    if x.len() != y.len() || x.len() > RECOUNT_MAX_WORDS {
        return false;
    }
    let number = |w: &str| w.chars().any(|c| c.is_ascii_digit());
    let recount: Vec<bool> = x
        .iter()
        .zip(&y)
        .map(|(p, q)| p != q && number(p) && number(q) && same_but_digits(p, q))
        .collect();
    let mut inflected = false;
    // Whether a word before agreed with the count ([`text::agreeing`]).
    let mut agreed = false;
    // The words that took their other form for the count: a word right after one of them took
    // it too ("Solo 2 camere rimaste" → "Solo 1 camera rimasta").
    let mut formed = vec![false; x.len()];
    for (k, (p, q)) in x.iter().zip(&y).enumerate() {
        if p == q || recount[k] {
            continue;
        }
        // (A word's punctuation stays: "4 floors, lift" → "1 floor, lift".)
        let ((p0, p1, p2), (q0, q1, q2)) = (punctuated(p), punctuated(q));
        let counted =
            (k > 0 && (recount[k - 1] || formed[k - 1])) || recount.get(k + 1) == Some(&true);
        let agreeing = text::agreeing(p1, q1);
        // Once the count's word took its other form and a word agreed with it, a word further
        // on may take its other form too ("1 person has this in their cart" → "3 people have
        // this in their carts"); without one that agreed, it is another phrase ("3 copies of
        // the books" → "1 copy of the book").
        let after_agreed = agreed && formed[..k].contains(&true);
        if p0 != q0
            || p2 != q2
            || !(agreeing || (counted || after_agreed) && text::inflected(p1, q1))
        {
            return false;
        }
        agreed |= agreeing;
        // A verb that agrees with the count stands anywhere in the phrase ("1 person is
        // viewing" → "4 people are viewing"); the count's word stands beside it.
        formed[k] = counted;
        inflected |= counted;
    }
    inflected
}

/// A word split into its punctuation before, itself, and its punctuation after ("(floors)," →
/// "(", "floors", "),").
fn punctuated(w: &str) -> (&str, &str, &str) {
    let start = w.len() - w.trim_start_matches(|c: char| !c.is_alphanumeric()).len();
    let end = w
        .trim_end_matches(|c: char| !c.is_alphanumeric())
        .len()
        .max(start);
    (&w[..start], &w[start..end], &w[end..])
}

/// Most words of a phrase [`recounted`] reads ("Only 3 copies left in stock").
const RECOUNT_MAX_WORDS: usize = 8;

/// The label of a block that is a label and its value ("Venue: Town Hall" → "Venue"): the
/// text before its first colon, one to [`LABEL_MAX_WORDS`] words without a digit, with a value
/// after it. None for any other block.
fn label_of(text: &str) -> Option<&str> {
    let (label, value) = text.split_once([':', '：'])?;
    let label = label.trim();
    let words = label.split_whitespace().count();
    ((1..=LABEL_MAX_WORDS).contains(&words)
        && !label.contains(|c: char| c.is_ascii_digit())
        && value.chars().any(char::is_alphanumeric))
    .then_some(label)
}

/// The term a description stands under: for a `<dd>` whose block before is a `<dt>` of the
/// same list ("Venue" | "Town Hall"), the term's text.
fn term_of(blocks: &[Block], k: usize) -> Option<&str> {
    let (list, dd) = blocks[k].path.rsplit_once('/')?;
    let before = blocks.get(k.checked_sub(1)?)?;
    let (list_before, dt) = before.path.rsplit_once('/')?;
    (dd.starts_with("dd[") && dt.starts_with("dt[") && list == list_before)
        .then_some(before.text.as_str())
}

/// Most words of a label [`label_of`] reads ("Date of the last revision").
const LABEL_MAX_WORDS: usize = 5;

/// The hash of a block's text with every run of ASCII digits replaced by one `0`, a sign just
/// before it dropped and an arrow of up or down taken as one: "12:41 Uhr, 1,204 Leser" and
/// "12:47 Uhr, 1,213 Leser" share it, and "Bitcoin $64,210.55 (+2.1%)" and "$63,877.10
/// (-0.5%)", "ETH 3,120.40 ▲ 1.2%" and "3,088.15 ▼ 0.4%". Blocks that differ only in their
/// numbers (times, counts, dates, quotes) are the same block on a revisit.
fn masked_key(text: &str) -> u64 {
    let mut buf = Vec::with_capacity(text.len());
    let mut in_digits = false;
    let mut chars = text.chars().peekable();
    while let Some(c) = chars.next() {
        if c.is_ascii_digit() {
            if !in_digits {
                buf.push(b'0');
            }
            in_digits = true;
            continue;
        }
        in_digits = false;
        match c {
            '+' | '-' | '−' if chars.peek().is_some_and(char::is_ascii_digit) => {}
            '▲' | '▼' | '↑' | '↓' | '△' | '▽' => buf.push(b'^'),
            _ => {
                let mut b = [0u8; 4];
                buf.extend_from_slice(c.encode_utf8(&mut b).as_bytes());
            }
        }
    }
    xxhash_rust::xxh3::xxh3_64(&buf)
}

/// Pairs leftover blocks across the whole page, most similar first, for blocks that were both
/// edited and moved. Only pairs at or above [`DiffOptions::displaced_threshold`] count.
///
/// Up to [`DiffOptions::max_pair_cells`] (old, new) pairs every pair is examined. Past that,
/// candidates come from an inverted index of each block's rarest words (a prefix filter: two
/// sets with Dice ≥ t share at least t·|x|/(2 − t) words, so the |x| − that + 1 rarest words of
/// each, in one order of rarity for both sides, have one in common): it finds every pair at
/// or above the threshold, so the result is the same. Only when the candidates alone exceed
/// the budget is the search given up (approximate).
fn pair_displaced(
    old_sets: &mut WordSets<'_>,
    new_sets: &mut WordSets<'_>,
    olds: &[usize],
    news: &[usize],
    opts: &DiffOptions,
    meter: &mut Meter,
) -> (Vec<(usize, usize)>, bool) {
    let t = opts.displaced_threshold;
    let old_sets = old_sets.of(olds);
    let new_sets = new_sets.of(news);
    let mut candidates: Vec<(f64, usize, usize)> = Vec::new();
    let cells = olds.len().saturating_mul(news.len());
    if cells <= opts.max_pair_cells && meter.cells(cells) {
        for (a, &x) in old_sets.iter().enumerate() {
            for (b, &y) in new_sets.iter().enumerate() {
                if let Some(d) = dice_at_least(x, y, t, meter) {
                    candidates.push((d, a, b));
                }
            }
        }
    } else if t > 0.0 && t <= 1.0 {
        match similar_pairs(&old_sets, &new_sets, t, opts.max_pair_cells, meter) {
            Some(c) => candidates = c,
            None => return (Vec::new(), true),
        }
    } else {
        return (Vec::new(), true);
    }
    candidates.sort_by(|p, q| q.0.total_cmp(&p.0).then(p.1.cmp(&q.1)).then(p.2.cmp(&q.2)));
    let mut used_old = vec![false; olds.len()];
    let mut used_new = vec![false; news.len()];
    let mut pairs = Vec::new();
    for (_, a, b) in candidates {
        if !used_old[a] && !used_new[b] {
            used_old[a] = true;
            used_new[b] = true;
            pairs.push((olds[a], news[b]));
        }
    }
    (pairs, false)
}

/// Similarity units one word costs to index in [`similar_pairs`] (its hash-table operations,
/// against one comparison of a merge).
const INDEX_WORD_UNITS: usize = 8;

/// Every (old, new) pair with Dice at least `t` (0 < t ≤ 1), found through the prefix filter
/// described at [`pair_displaced`], as (similarity, old, new). `None` when more than `budget`
/// candidate pairs would have to be examined.
fn similar_pairs(
    os: &[Set<'_>],
    ns: &[Set<'_>],
    t: f64,
    budget: usize,
    meter: &mut Meter,
) -> Option<Vec<(f64, usize, usize)>> {
    // Indexing costs a few hash-table operations per word: charged to the page's similarity
    // budget at `INDEX_WORD_UNITS` a word, before any is done.
    let words: usize = os.iter().chain(ns).map(|s| s.words.len()).sum();
    if !meter.similarity(words.saturating_mul(INDEX_WORD_UNITS)) {
        return None;
    }
    // One order of rarity for both sides: fewest blocks first, then by hash.
    let mut freq: AHashMap<u64, u32> = AHashMap::new();
    for s in os.iter().chain(ns) {
        for &h in s.words {
            *freq.entry(h).or_default() += 1;
        }
    }
    let prefix = |s: &Set<'_>| -> Vec<u64> {
        let mut v: Vec<(u32, u64)> = s.words.iter().map(|h| (freq[h], *h)).collect();
        v.sort_unstable();
        let mut v: Vec<u64> = v.into_iter().map(|(_, h)| h).collect();
        // At least this many shared words (rounded down: a longer prefix is always safe).
        let overlap = ((t * v.len() as f64 / (2.0 - t)).floor() as usize).max(1);
        v.truncate((v.len() + 1).saturating_sub(overlap));
        v
    };
    let mut index: AHashMap<u64, Vec<u32>> = AHashMap::new();
    for (a, s) in os.iter().enumerate() {
        for h in prefix(s) {
            index.entry(h).or_default().push(a as u32);
        }
    }
    let mut seen = vec![u32::MAX; os.len()];
    let mut examined = 0usize;
    let mut out = Vec::new();
    for (b, s) in ns.iter().enumerate() {
        for h in prefix(s) {
            for &a in index.get(&h).map_or(&[][..], Vec::as_slice) {
                if seen[a as usize] == b as u32 {
                    continue;
                }
                seen[a as usize] = b as u32;
                examined += 1;
                if examined > budget || !meter.cells(1) {
                    return None;
                }
                if let Some(d) = dice_at_least(os[a as usize], *s, t, meter) {
                    out.push((d, a as usize, b));
                }
            }
        }
    }
    Some(out)
}

/// Word-level spans turning `old` into `new`; see the module docs. Returns the spans and
/// whether the block was too large to diff word by word.
pub fn word_spans(old: &str, new: &str, opts: &DiffOptions) -> (Vec<Span>, bool) {
    word_spans_with(old, new, opts, &mut SpanScratch::default())
}

/// Buffers [`word_spans`] reuses from one changed block to the next.
struct SpanScratch<'a> {
    interner: Ids<&'a str, ItemState>,
    a: Vec<Token>,
    b: Vec<Token>,
    diff: Diff,
}

impl Default for SpanScratch<'_> {
    fn default() -> Self {
        SpanScratch {
            interner: Ids::with_capacity(0),
            a: Vec::new(),
            b: Vec::new(),
            diff: Diff::default(),
        }
    }
}

/// [`word_spans`] with reused buffers.
fn word_spans_with<'a>(
    old: &'a str,
    new: &'a str,
    opts: &DiffOptions,
    scratch: &mut SpanScratch<'a>,
) -> (Vec<Span>, bool) {
    // Tokens never cross white space, so a common prefix and suffix cut at white space are
    // equal runs as they stand: only the middle is tokenized and diffed.
    let (p, q) = common_affixes(old, new);
    let (old_mid, new_mid) = (&old[p..old.len() - q], &new[p..new.len() - q]);
    let old_t = diff_tokens(old_mid);
    let new_t = diff_tokens(new_mid);
    if old_t.len() + new_t.len() > opts.max_word_tokens {
        return (wholly_replaced(old, new), true);
    }
    if old_t.len() == new_t.len()
        && old_t
            .iter()
            .zip(&new_t)
            .all(|(x, y)| x == y || same_but_digits(x, y))
    {
        // Only numbers changed (a clock time, a count): token k stays token k.
        return (
            numbers_in_place(&new[..p], &old_t, &new_t, &new[new.len() - q..]),
            false,
        );
    }
    let SpanScratch {
        interner,
        a,
        b,
        diff,
    } = scratch;
    interner.clear();
    a.clear();
    a.extend(old_t.iter().map(|&t| Token(interner.id(t))));
    b.clear();
    b.extend(new_t.iter().map(|&t| Token(interner.id(t))));
    diff.compute_with(Algorithm::Histogram, a, b, interner.len());

    let mut out: Vec<Span> = Vec::new();
    let mut push = |kind: SpanKind, s: &str| push_span(&mut out, kind, s);
    // The text of tokens `toks` of `base` (consecutive tokens are consecutive text).
    let text_of = |base: &'a str, toks: &[&'a str]| -> &'a str {
        match (toks.first(), toks.last()) {
            (Some(first), Some(last)) => {
                let start = first.as_ptr() as usize - base.as_ptr() as usize;
                let end = last.as_ptr() as usize - base.as_ptr() as usize + last.len();
                &base[start..end]
            }
            _ => "",
        }
    };
    push(SpanKind::Equal, &new[..p]);
    let mut j = 0usize;
    for hunk in diff.hunks() {
        let (bs, be) = (hunk.before.start as usize, hunk.before.end as usize);
        let (as_, ae) = (hunk.after.start as usize, hunk.after.end as usize);
        if as_ > j {
            push(SpanKind::Equal, text_of(new_mid, &new_t[j..as_]));
        }
        push(SpanKind::Delete, text_of(old_mid, &old_t[bs..be]));
        push(SpanKind::Insert, text_of(new_mid, &new_t[as_..ae]));
        j = ae;
    }
    if j < new_t.len() {
        push(SpanKind::Equal, text_of(new_mid, &new_t[j..]));
    }
    push(SpanKind::Equal, &new[new.len() - q..]);
    (absorb_thin_equals(out), false)
}

/// Appends `s` as a span of `kind`, merged into the last span when that has the same kind.
fn push_span(out: &mut Vec<Span>, kind: SpanKind, s: &str) {
    if s.is_empty() {
        return;
    }
    match out.last_mut() {
        Some(last) if last.kind == kind => last.text.push_str(s),
        _ => out.push(Span {
            kind,
            text: s.to_string(),
        }),
    }
}

/// True when `a` and `b` are equal once every run of ASCII digits is taken as one digit
/// ("12:41" and "9:05", "1,204" and "1,213").
fn same_but_digits(a: &str, b: &str) -> bool {
    let (x, y) = (a.as_bytes(), b.as_bytes());
    let (mut i, mut j) = (0, 0);
    while i < x.len() && j < y.len() {
        if x[i].is_ascii_digit() && y[j].is_ascii_digit() {
            while i < x.len() && x[i].is_ascii_digit() {
                i += 1;
            }
            while j < y.len() && y[j].is_ascii_digit() {
                j += 1;
            }
        } else if x[i] == y[j] {
            i += 1;
            j += 1;
        } else {
            return false;
        }
    }
    i == x.len() && j == y.len()
}

/// Spans of a block where only numbers changed, token by token in place (a changed number is
/// deleted and re-inserted where it stands), between the common `prefix` and `suffix`.
fn numbers_in_place(prefix: &str, old_t: &[&str], new_t: &[&str], suffix: &str) -> Vec<Span> {
    let mut out: Vec<Span> = Vec::new();
    let mut push = |kind: SpanKind, s: &str| push_span(&mut out, kind, s);
    push(SpanKind::Equal, prefix);
    for (x, y) in old_t.iter().zip(new_t) {
        if x == y {
            push(SpanKind::Equal, y);
        } else {
            push(SpanKind::Delete, x);
            push(SpanKind::Insert, y);
        }
    }
    push(SpanKind::Equal, suffix);
    absorb_thin_equals(out)
}

/// Byte lengths of the common prefix and suffix of `a` and `b`, each cut at ASCII white space
/// (the prefix ends just after a space, the suffix starts at one), so both are whole tokens
/// and char boundaries. They never overlap.
fn common_affixes(a: &str, b: &str) -> (usize, usize) {
    let (x, y) = (a.as_bytes(), b.as_bytes());
    let prefix = x.iter().zip(y).take_while(|(p, q)| p == q).count();
    let p = x[..prefix]
        .iter()
        .rposition(u8::is_ascii_whitespace)
        .map_or(0, |k| k + 1);
    let room = x.len().min(y.len()) - p;
    let suffix = x
        .iter()
        .rev()
        .zip(y.iter().rev())
        .take(room)
        .take_while(|(p, q)| p == q)
        .count();
    let start = x.len() - suffix;
    let q = x[start..]
        .iter()
        .position(u8::is_ascii_whitespace)
        .map_or(0, |k| x.len() - (start + k));
    (p, q)
}

/// Makes spans readable: an equal run with no word in it (a space, a comma) standing between
/// two changes becomes part of both (deleted and re-inserted), so "the quick" → "a slow"
/// reads as one replacement instead of two separated by a kept space. Deletions come before
/// insertions within a change.
fn absorb_thin_equals(spans: Vec<Span>) -> Vec<Span> {
    let is_change = |s: &Span| s.kind != SpanKind::Equal;
    let n = spans.len();
    let mut merged: Vec<Span> = Vec::with_capacity(n);
    // Group consecutive changes (and thin equals between changes) into one change region.
    let mut del = String::new();
    let mut ins = String::new();
    let mut in_region = false;
    let flush = |merged: &mut Vec<Span>, del: &mut String, ins: &mut String| {
        if !del.is_empty() {
            merged.push(Span {
                kind: SpanKind::Delete,
                text: std::mem::take(del),
            });
        }
        if !ins.is_empty() {
            merged.push(Span {
                kind: SpanKind::Insert,
                text: std::mem::take(ins),
            });
        }
    };
    for k in 0..n {
        let s = &spans[k];
        match s.kind {
            SpanKind::Delete => {
                in_region = true;
                del.push_str(&s.text);
            }
            SpanKind::Insert => {
                in_region = true;
                ins.push_str(&s.text);
            }
            SpanKind::Equal => {
                // No word in it (a space, a comma): only word characters start words. Nor is
                // one character of Chinese or Japanese between two changes (a particle, "的",
                // "の", that a rewritten clause kept by chance).
                let mut chars = s.text.chars();
                let one_unspaced =
                    chars.next().is_some_and(text::is_unspaced_char) && chars.next().is_none();
                let thin = one_unspaced || !s.text.chars().any(text::is_word_char);
                let between = in_region && spans.get(k + 1).is_some_and(is_change);
                if thin && between {
                    del.push_str(&s.text);
                    ins.push_str(&s.text);
                } else {
                    flush(&mut merged, &mut del, &mut ins);
                    in_region = false;
                    merged.push(s.clone());
                }
            }
        }
    }
    flush(&mut merged, &mut del, &mut ins);
    merged
}

#[cfg(test)]
mod tests {
    use super::*;

    fn blocks(texts: &[&str]) -> Vec<Block> {
        texts
            .iter()
            .enumerate()
            .map(|(i, t)| Block {
                text: t.to_string(),
                path: format!("/p[{i}]"),
                ..Block::default()
            })
            .collect()
    }

    fn statuses(r: &Report) -> Vec<(Status, &str)> {
        r.blocks
            .iter()
            .map(|b| (b.status, b.text.as_str()))
            .collect()
    }

    /// A table whose rows stayed (the same lines named in the same rows): a status that went
    /// from one row to another is each row's cell changed in place, not a line moved; when
    /// the rows themselves move (a league table's teams), the row moves.
    #[test]
    fn a_status_board_s_cells_change_in_place_its_rows_stay() {
        let table = |rows: &[(&str, &str)]| -> Vec<Block> {
            let mut v = vec![Block {
                text: "Service status".into(),
                path: "/html[0]/body[0]/h1[0]".into(),
                ..Block::default()
            }];
            for (r, (name, status)) in rows.iter().enumerate() {
                for (c, t) in [name, status].into_iter().enumerate() {
                    v.push(Block {
                        text: t.to_string(),
                        path: format!("/html[0]/body[0]/table[0]/tbody[0]/tr[{r}]/td[{c}]"),
                        ..Block::default()
                    });
                }
            }
            v
        };
        let old = table(&[
            ("Red Line", "Good service"),
            ("Blue Line", "Minor delays"),
            ("Green Line", "Good service"),
        ]);
        let new = table(&[
            ("Red Line", "Minor delays"),
            ("Blue Line", "Good service"),
            ("Green Line", "Good service"),
        ]);
        let r = diff_blocks(&old, &new, &DiffOptions::default());
        let changed: Vec<(&str, &str)> = r
            .blocks
            .iter()
            .filter(|b| b.status != Status::Unchanged)
            .map(|b| (b.path.as_str(), b.text.as_str()))
            .collect();
        assert_eq!(
            changed,
            [
                (
                    "/html[0]/body[0]/table[0]/tbody[0]/tr[0]/td[1]",
                    "Minor delays"
                ),
                (
                    "/html[0]/body[0]/table[0]/tbody[0]/tr[1]/td[1]",
                    "Good service"
                ),
            ],
            "{:?}",
            statuses(&r)
        );
        assert!(r.blocks.iter().all(|b| b.status != Status::Moved));
        // The rows moved: Blue above Red. The text alignment reads a row moved.
        let moved = table(&[
            ("Blue Line", "Minor delays"),
            ("Red Line", "Good service"),
            ("Green Line", "Good service"),
        ]);
        let r = diff_blocks(&old, &moved, &DiffOptions::default());
        assert!(
            r.blocks.iter().any(|b| b.status == Status::Moved),
            "{:?}",
            statuses(&r)
        );
        assert!(r.blocks.iter().all(|b| b.status != Status::Changed));
    }

    /// A value replaced under its label is that block changed, though few words are shared;
    /// a label twice among the leftovers, a label with a digit or a block of other labels
    /// is not paired.
    #[test]
    fn a_value_replaced_under_its_label_is_changed() {
        let old = blocks(&[
            "Winter concert",
            "Stand: 14. März 2025",
            "Tickets: 12 remaining",
            "Venue: Town Hall",
            "Doors open at seven",
        ]);
        let new = blocks(&[
            "Winter concert",
            "Stand: 3. Dezember 2026",
            "Sold out",
            "Venue: St Mary's Church",
            "Doors open at seven",
        ]);
        let r = diff_blocks(&old, &new, &DiffOptions::default());
        let s = statuses(&r);
        for t in ["Stand: 3. Dezember 2026", "Venue: St Mary's Church"] {
            assert!(s.contains(&(Status::Changed, t)), "{t}: {s:?}");
        }
        assert!(s.contains(&(Status::New, "Sold out")), "{s:?}");
        assert!(
            s.contains(&(Status::Removed, "Tickets: 12 remaining")),
            "{s:?}"
        );
        // A fact box's values: under their term, and in a table's rows named by header cells.
        let facts = |venue: &str, status: &str| -> Vec<Block> {
            [
                ("/main[0]/h1[0]", "Winter concert"),
                ("/main[0]/dl[0]/dt[0]", "Venue"),
                ("/main[0]/dl[0]/dd[0]", venue),
                ("/main[0]/dl[0]/dt[1]", "Conductor"),
                ("/main[0]/dl[0]/dd[1]", "Maria Lopez"),
                ("/main[0]/table[0]/tbody[0]/tr[0]/th[0]", "Status"),
                ("/main[0]/table[0]/tbody[0]/tr[0]/td[0]", status),
                ("/main[0]/table[0]/tbody[0]/tr[1]/th[0]", "Price"),
                ("/main[0]/table[0]/tbody[0]/tr[1]/td[0]", "£12"),
            ]
            .into_iter()
            .map(|(path, text)| Block {
                text: text.into(),
                path: path.into(),
                ..Block::default()
            })
            .collect()
        };
        let r = diff_blocks(
            &facts("Town Hall", "On sale"),
            &facts("St Mary's Church", "Sold out"),
            &DiffOptions::default(),
        );
        let s = statuses(&r);
        assert_eq!(
            s.iter()
                .filter(|(st, _)| *st != Status::Unchanged)
                .collect::<Vec<_>>(),
            [
                &(Status::Changed, "St Mary's Church"),
                &(Status::Changed, "Sold out")
            ],
            "{s:?}"
        );
        // Two "Speaker:" lines on each side: which went where is not known.
        let old = blocks(&[
            "Talks",
            "Speaker: Ada Lovelace of London",
            "Speaker: Grace Hopper of New York",
            "End",
        ]);
        let new = blocks(&[
            "Talks",
            "Speaker: Linus Torvalds from Portland",
            "Speaker: Ken Thompson from Berkeley",
            "End",
        ]);
        let r = diff_blocks(&old, &new, &DiffOptions::default());
        assert!(
            r.blocks.iter().all(|b| b.status != Status::Changed),
            "{:?}",
            statuses(&r)
        );
        // Another label, or a label that is a number: not the same field.
        for (a, b) in [
            ("Request ID: 7f3a9c21", "Case number: 0b12de44"),
            ("Track 3: Harbour Lights", "Track 4: Morning Tide"),
        ] {
            let r = diff_blocks(
                &blocks(&["Top", a, "End"]),
                &blocks(&["Top", b, "End"]),
                &DiffOptions::default(),
            );
            assert!(
                r.blocks.iter().all(|b| b.status != Status::Changed),
                "{:?}",
                statuses(&r)
            );
        }
    }

    /// A short phrase whose count changed and its word with it ("3 copies available" → "1 copy
    /// available") is that block changed, though it shares a word or none word for word; a
    /// phrase of other words, of another length or without a changed number is not paired.
    #[test]
    fn a_count_that_took_its_word_s_other_form_is_the_same_block() {
        let old = blocks(&[
            "The Harbour Book",
            "3 copies available",
            "Solo 3 rimasti",
            "4 floors, lift",
            "2 apples",
            "2 jars",
            "Ferry to the island",
        ]);
        let new = blocks(&[
            "The Harbour Book",
            "1 copy available",
            "Solo 1 rimasto",
            "1 floor, lift",
            "1 pear",
            "1 jug",
            "Ferry to the island",
        ]);
        let r = diff_blocks(&old, &new, &DiffOptions::default());
        let s = statuses(&r);
        for t in ["1 copy available", "Solo 1 rimasto", "1 floor, lift"] {
            assert!(s.contains(&(Status::Changed, t)), "{t}: {s:?}");
        }
        for t in ["1 pear", "1 jug"] {
            assert!(s.contains(&(Status::New, t)), "{t}: {s:?}");
        }
        assert!(recounted("1 Kommentar", "4 Kommentare"));
        assert!(recounted(
            "1 person is viewing this",
            "4 people are viewing this"
        ));
        assert!(recounted("Solo 2 camere rimaste", "Solo 1 camera rimasta"));
        assert!(recounted("There is 1 seat left", "There are 3 seats left"));
        assert!(recounted(
            "1 person has this in their cart",
            "3 people have this in their carts"
        ));
        assert!(
            !recounted(
                "1 bridge, the new one is open",
                "3 bridge, the new one are open"
            ),
            "only a verb away from the count took its other form"
        );
        assert!(
            !recounted("3 persons in camere rimaste", "1 person in camera rimasta"),
            "not after the count's word"
        );
        assert!(!recounted("3 copies", "3 copy"), "no number changed");
        assert!(!recounted("3", "1"), "no words");
        assert!(!recounted("4 floors, lift", "1 floor; lift"));
        assert!(
            !recounted("3 copies of the books", "1 copy of the book"),
            "not beside the count"
        );
        assert!(
            !recounted(
                "31.01.2022 17:20 Uhr 43 Kommentare",
                "28.02.2022 21:29 Uhr 4 Kommentare"
            ),
            "only numbers changed"
        );
    }

    /// A quote whose move changed its sign or its arrow is the same block ("(+2.1%)" →
    /// "(-0.5%)", "▲" → "▼"): its numbers alone changed.
    #[test]
    fn a_quote_whose_move_turned_is_the_same_block() {
        let old = blocks(&[
            "Markets",
            "Bitcoin $64,210.55 (+2.1%)",
            "ETH 3,120.40 ▲ 1.2%",
            "Prices are delayed",
        ]);
        let new = blocks(&[
            "Markets",
            "Bitcoin $63,877.10 (-0.5%)",
            "ETH 3,088.15 ▼ 0.4%",
            "Prices are delayed",
        ]);
        let r = diff_blocks(&old, &new, &DiffOptions::default());
        let s = statuses(&r);
        for t in ["Bitcoin $63,877.10 (-0.5%)", "ETH 3,088.15 ▼ 0.4%"] {
            assert!(s.contains(&(Status::Changed, t)), "{t}: {s:?}");
        }
        // A range keeps its two numbers.
        assert_eq!(masked_key("2-4 players"), masked_key("1-6 players"));
        assert_ne!(masked_key("2-4 players"), masked_key("2 players"));
    }

    #[test]
    fn a_list_s_ranks_stay_while_its_items_move() {
        // Ranks in their own cells stay in place while a new item pushes the others down:
        // aligning by them would pair each item's line with the one now at its rank.
        let old = blocks(&[
            "1.",
            "Storm closes coastal road",
            "412 points by marta 5 hours ago",
            "2.",
            "School wins robotics prize",
            "230 points by jonas 3 hours ago",
            "3.",
            "Market moves to the square",
            "156 points by lea 7 hours ago",
        ]);
        let new = blocks(&[
            "1.",
            "New bus timetable from Monday",
            "52 points by pia 1 hours ago",
            "2.",
            "Storm closes coastal road",
            "419 points by marta 8 hours ago",
            "3.",
            "School wins robotics prize",
            "244 points by jonas 6 hours ago",
            "4.",
            "Market moves to the square",
            "177 points by lea 10 hours ago",
        ]);
        let r = diff_blocks(&old, &new, &DiffOptions::default());
        let s = statuses(&r);
        // The stories stay (in order), their lines change in place, ranks 1–3 stay and the
        // new story with its line and rank 4 are new.
        for t in [
            "1.",
            "2.",
            "3.",
            "Storm closes coastal road",
            "School wins robotics prize",
            "Market moves to the square",
        ] {
            assert!(s.contains(&(Status::Unchanged, t)), "{t}: {s:?}");
        }
        for t in [
            "419 points by marta 8 hours ago",
            "244 points by jonas 6 hours ago",
            "177 points by lea 10 hours ago",
        ] {
            assert!(s.contains(&(Status::Changed, t)), "{t}: {s:?}");
        }
        for t in [
            "New bus timetable from Monday",
            "52 points by pia 1 hours ago",
            "4.",
        ] {
            assert!(s.contains(&(Status::New, t)), "{t}: {s:?}");
        }
        assert_eq!(r.summary.moved, 0);
        assert_eq!(r.summary.removed, 0);
    }

    #[test]
    fn a_card_that_left_and_one_that_came_keep_their_own_prices() {
        // A shop's grid: a card came on top, the last one left. Each price is the only one
        // of its shape on its side, but they are two items' prices, not one price changed.
        let card = |name: &'static str, tag: &'static str, price: &'static str| [name, tag, price];
        let old: Vec<&str> = [
            card("Alpine Jacket", "Sale", "€20,99"),
            card("Trail Shoe", "New", "€27,99"),
            card("Water Filter", "Eco", "€83,99"),
        ]
        .concat();
        let new: Vec<&str> = [
            card("Dry Bag", "Bestseller", "€90,99"),
            card("Alpine Jacket", "Sale", "€20,99"),
            card("Trail Shoe", "New", "€27,99"),
        ]
        .concat();
        let r = diff_blocks(&blocks(&old), &blocks(&new), &DiffOptions::default());
        let s = statuses(&r);
        assert!(s.contains(&(Status::New, "€90,99")), "{s:?}");
        assert!(s.contains(&(Status::Removed, "€83,99")), "{s:?}");
        assert_eq!(r.summary.changed, 0, "{s:?}");
    }

    #[test]
    fn a_card_s_blocks_pair_within_the_card() {
        // A feed: a new post came on top, the old one moved down, its age became its date.
        // The old post's age line pairs with its own line in its card, not with the new
        // post's age line that stands where it stood.
        let posts = |texts: &[(&str, &str)]| -> Vec<Block> {
            let mut out = blocks(&["Posts"]);
            for (k, (stamp, body)) in texts.iter().enumerate() {
                for (n, t) in [stamp, body].into_iter().enumerate() {
                    out.push(Block {
                        text: t.to_string(),
                        path: format!("/main/article[{k}]/p[{n}]"),
                        ..Block::default()
                    });
                }
            }
            out
        };
        let old = posts(&[
            (
                "Ada Lovelace @ada · 2h",
                "The engine weaves algebraic patterns.",
            ),
            (
                "Ada Lovelace @ada · Nov 26",
                "Notes on the engine, part three.",
            ),
        ]);
        let new = posts(&[
            (
                "Ada Lovelace @ada · 40m",
                "A new table of Bernoulli numbers.",
            ),
            (
                "Ada Lovelace @ada · Nov 29",
                "The engine weaves algebraic patterns.",
            ),
            (
                "Ada Lovelace @ada · Nov 26",
                "Notes on the engine, part three.",
            ),
        ]);
        let r = diff_blocks(&old, &new, &DiffOptions::default());
        let s = statuses(&r);
        assert!(
            s.contains(&(Status::New, "Ada Lovelace @ada · 40m")),
            "{s:?}"
        );
        assert!(
            s.contains(&(Status::Changed, "Ada Lovelace @ada · Nov 29")),
            "{s:?}"
        );
        let changed = r
            .blocks
            .iter()
            .find(|b| b.status == Status::Changed)
            .unwrap();
        assert_eq!(
            old[changed.old_index.unwrap()].text,
            "Ada Lovelace @ada · 2h"
        );
        assert_eq!(r.summary.changed, 1, "{s:?}");
    }

    #[test]
    fn a_block_with_other_numbers_is_paired_with_itself_across_the_page() {
        // Two lines swapped, and each changed its numbers: each is paired with its own old
        // line (the only one with its words), not with the line now in its place (which the
        // pairing in order would choose: two fair pairs outweigh one good one).
        let old = blocks(&[
            "Top stories",
            "412 points by marta 5 hours ago | 120 comments",
            "230 points by jonas 3 hours ago | 88 comments",
            "Footer",
        ]);
        let new = blocks(&[
            "Top stories",
            "244 points by jonas 6 hours ago | 91 comments",
            "419 points by marta 8 hours ago | 120 comments",
            "Footer",
        ]);
        let r = diff_blocks(&old, &new, &DiffOptions::default());
        let pairs: Vec<(&str, &str)> = r
            .blocks
            .iter()
            .filter(|b| b.status == Status::Changed)
            .map(|b| (old[b.old_index.unwrap()].text.as_str(), b.text.as_str()))
            .collect();
        assert_eq!(
            pairs,
            [
                (
                    "230 points by jonas 3 hours ago | 88 comments",
                    "244 points by jonas 6 hours ago | 91 comments"
                ),
                (
                    "412 points by marta 5 hours ago | 120 comments",
                    "419 points by marta 8 hours ago | 120 comments"
                ),
            ]
        );
        // Two texts equal but for their numbers that are not each the only one are left to the
        // pairing by similarity (in order).
        let old = blocks(&["Intro", "Page 1 of 5", "Page 1 of 5", "End"]);
        let new = blocks(&["Intro", "Page 2 of 5", "Page 2 of 5", "End"]);
        let r = diff_blocks(&old, &new, &DiffOptions::default());
        assert_eq!(r.summary.changed, 2);
        assert_eq!(r.blocks[1].old_index, Some(1));
        assert_eq!(r.blocks[2].old_index, Some(2));
    }

    #[test]
    fn identical_pages_are_unchanged() {
        let a = blocks(&["one", "two", "three"]);
        let r = diff_blocks(&a, &a, &DiffOptions::default());
        assert!(r.summary.is_unchanged());
        assert_eq!(r.summary.unchanged, 3);
        assert!(r.blocks.iter().all(|b| b.status == Status::Unchanged));
    }

    #[test]
    fn all_five_statuses() {
        let old = blocks(&[
            "Header",
            "A paragraph about the weather today in town",
            "Item to be removed forever",
            "Moving item",
            "Footer",
        ]);
        let new = blocks(&[
            "Header",
            "Brand new article at the top",
            "A paragraph about the rainy weather today in town",
            "Footer",
            "Moving item",
        ]);
        let r = diff_blocks(&old, &new, &DiffOptions::default());
        assert_eq!(
            statuses(&r),
            vec![
                (Status::Unchanged, "Header"),
                (Status::New, "Brand new article at the top"),
                (
                    Status::Changed,
                    "A paragraph about the rainy weather today in town"
                ),
                (Status::Removed, "Item to be removed forever"),
                (Status::Unchanged, "Footer"),
                (Status::Moved, "Moving item"),
            ]
        );
        let s = &r.summary;
        assert_eq!(
            (s.new, s.changed, s.removed, s.moved, s.unchanged),
            (1, 1, 1, 1, 2)
        );
        assert_eq!(s.words_added, 6 + 1);
        assert_eq!(s.words_removed, 5);
        assert_eq!(s.words_moved, 2);
        assert!(!s.approximate);
        let spans = r.blocks[2].spans.as_ref().expect("changed block has spans");
        let inserted: Vec<&str> = spans
            .iter()
            .filter(|s| s.kind == SpanKind::Insert)
            .map(|s| s.text.as_str())
            .collect();
        assert_eq!(inserted, vec!["rainy "]);
        assert_eq!(
            r.summary.to_string(),
            "1 new block, 1 changed, 1 removed, 1 moved; words +7 \u{2212}5, 2 moved"
        );
    }

    /// Chinese and Japanese are written without spaces: a clause is one word token. A changed
    /// character is what is painted, and two versions of a clause are one changed block.
    #[test]
    fn chinese_and_japanese_are_compared_by_their_characters() {
        let span = |kind, text: &str| Span {
            kind,
            text: text.into(),
        };
        use SpanKind::{Delete, Equal, Insert};
        let opts = DiffOptions::default();
        let (old, new) = (
            "作業員は正午までに港の道路を片付けた",
            "作業員は夕方までに港の道路を片付けた",
        );
        assert_eq!(
            word_spans(old, new, &opts).0,
            [
                span(Equal, "作業員は"),
                span(Delete, "正午"),
                span(Insert, "夕方"),
                span(Equal, "までに港の道路を片付けた"),
            ]
        );
        assert_eq!(
            word_spans("定员为300人", "定员为350人", &opts).0,
            [
                span(Equal, "定员为"),
                span(Delete, "300"),
                span(Insert, "350"),
                span(Equal, "人"),
            ]
        );
        // A clause rewritten: one character it kept by chance ("天") is no island.
        assert_eq!(
            word_spans("今天天气很好", "明天会下雨", &opts).0,
            [span(Delete, "今天天气很好"), span(Insert, "明天会下雨")]
        );
        let r = diff_blocks(
            &blocks(&["港の嵐の報告", old, "市長は来週新しい洪水対策を発表した"]),
            &blocks(&["港の嵐の報告", new, "市長は来週新しい洪水対策を発表した"]),
            &opts,
        );
        assert_eq!(
            statuses(&r),
            [
                (Status::Unchanged, "港の嵐の報告"),
                (Status::Changed, new),
                (Status::Unchanged, "市長は来週新しい洪水対策を発表した"),
            ]
        );
    }

    #[test]
    fn spans_rebuild_both_texts() {
        let old = "The quick brown fox, as told, jumps over the lazy dog.";
        let new = "A slow red fox, as told, leaps over the lazy dog today.";
        let (spans, approx) = word_spans(old, new, &DiffOptions::default());
        assert!(!approx);
        let rebuilt_new: String = spans
            .iter()
            .filter(|s| s.kind != SpanKind::Delete)
            .map(|s| s.text.as_str())
            .collect();
        let rebuilt_old: String = spans
            .iter()
            .filter(|s| s.kind != SpanKind::Insert)
            .map(|s| s.text.as_str())
            .collect();
        assert_eq!(rebuilt_new, new);
        assert_eq!(rebuilt_old, old);
        // "The quick brown" -> "A slow red" reads as one replacement.
        assert_eq!(
            spans[0],
            Span {
                kind: SpanKind::Delete,
                text: "The quick brown".into()
            }
        );
        assert_eq!(
            spans[1],
            Span {
                kind: SpanKind::Insert,
                text: "A slow red".into()
            }
        );
    }

    #[test]
    fn common_affixes_cut_at_white_space() {
        assert_eq!(common_affixes("the cat sat", "the cot sat"), (4, 4));
        assert_eq!(common_affixes("abc", "abd"), (0, 0));
        assert_eq!(common_affixes("a b", "a b"), (2, 0));
        assert_eq!(
            common_affixes("Grüße aus Köln", "Grüße aus Bonn"),
            ("Grüße aus ".len(), 0)
        );
        let (spans, _) = word_spans("x y", "x y z", &DiffOptions::default());
        let rebuilt: String = spans
            .iter()
            .filter(|s| s.kind != SpanKind::Delete)
            .map(|s| s.text.as_str())
            .collect();
        assert_eq!(rebuilt, "x y z");
    }

    #[test]
    fn dissimilar_blocks_are_not_paired() {
        let old = blocks(&["alpha beta gamma delta"]);
        let new = blocks(&["completely different words here"]);
        let r = diff_blocks(&old, &new, &DiffOptions::default());
        assert_eq!(
            (r.summary.new, r.summary.removed, r.summary.changed),
            (1, 1, 0)
        );
        // The removed block stands before the new one (it preceded nothing on the old page).
        assert_eq!(r.blocks[0].status, Status::Removed);
    }

    #[test]
    fn huge_hunk_is_paired_by_position_and_approximate() {
        let old: Vec<Block> = (0..600)
            .map(|i| Block::from_text(format!("old block {i} text here")))
            .collect();
        let new: Vec<Block> = (0..600)
            .map(|i| Block::from_text(format!("new block {i} text here")))
            .collect();
        let r = diff_blocks(&old, &new, &DiffOptions::default());
        assert!(r.summary.approximate);
        assert_eq!(r.summary.changed, 600);
    }

    #[test]
    fn changed_numbers_are_replaced_in_place() {
        let old = "12:41 Storm warning: 5 6 roads closed. 1,204 comments";
        let new = "12:47 Storm warning: 6 7 roads closed. 1,213 comments";
        let (spans, approx) = word_spans(old, new, &DiffOptions::default());
        assert!(!approx);
        let kinds: Vec<(SpanKind, &str)> =
            spans.iter().map(|s| (s.kind, s.text.as_str())).collect();
        assert_eq!(
            kinds,
            vec![
                (SpanKind::Delete, "12:41"),
                (SpanKind::Insert, "12:47"),
                (SpanKind::Equal, " Storm warning: "),
                (SpanKind::Delete, "5 6"),
                (SpanKind::Insert, "6 7"),
                (SpanKind::Equal, " roads closed. "),
                (SpanKind::Delete, "1,204"),
                (SpanKind::Insert, "1,213"),
                (SpanKind::Equal, " comments"),
            ]
        );
        assert!(same_but_digits("9:05", "12:41"));
        assert!(!same_but_digits("9:05", "9.05"));
        assert!(!same_but_digits("G20", "G"));
    }

    #[test]
    fn oversized_block_is_replaced_whole() {
        let opts = DiffOptions {
            max_word_tokens: 10,
            ..DiffOptions::default()
        };
        let (spans, approx) = word_spans("a b c d e f", "g b c d e h", &opts);
        assert!(approx);
        assert_eq!(spans.len(), 2);
    }

    /// A small seeded generator (xorshift), enough for test pages.
    struct Rng(u64);
    impl Rng {
        fn next(&mut self) -> u64 {
            self.0 ^= self.0 << 13;
            self.0 ^= self.0 >> 7;
            self.0 ^= self.0 << 17;
            self.0
        }
        fn below(&mut self, n: u64) -> u64 {
            self.next() % n
        }
    }

    fn word(rng: &mut Rng) -> String {
        const SYL: [&str; 12] = [
            "ka", "lo", "mi", "ren", "to", "sa", "vi", "del", "or", "pu", "ne", "stra",
        ];
        (0..1 + rng.below(3))
            .map(|_| SYL[rng.below(12) as usize])
            .collect()
    }

    /// A news teaser that always carries a clock time and a count, so that on the next
    /// version every block changes a little and the whole page is one hunk.
    fn teaser(rng: &mut Rng) -> String {
        let words: Vec<String> = (0..8 + rng.below(25)).map(|_| word(rng)).collect();
        format!(
            "{}:{:02} {}. {} comments",
            rng.below(24),
            rng.below(60),
            words.join(" "),
            rng.below(5000)
        )
    }

    /// Every clock time moves on (its minutes change); one other number in ten changes.
    fn volatile(rng: &mut Rng, text: &str) -> String {
        let mut out = String::new();
        let mut rest = text;
        while let Some(k) = rest.find(|c: char| c.is_ascii_digit()) {
            out.push_str(&rest[..k]);
            rest = &rest[k..];
            let len = rest
                .find(|c: char| !c.is_ascii_digit())
                .unwrap_or(rest.len());
            let n: u64 = rest[..len].parse().unwrap_or(0);
            let minutes = out.ends_with(':');
            if minutes || (!rest[len..].starts_with(':') && rng.below(10) == 0) {
                out.push_str(&(n + 1 + rng.below(9)).to_string());
            } else {
                out.push_str(&rest[..len]);
            }
            rest = &rest[len..];
        }
        out.push_str(rest);
        out
    }

    /// Where a new block of a test pair comes from: its old index and whether it was edited.
    type Origin = Option<(usize, bool)>;

    /// A news page pair: 5% edited, 1% removed, 1% inserted, 2% moved, every time changed.
    /// Returns the pages and, for every new block that continues an old one, its old index
    /// and whether it was edited.
    fn news_pair(n: usize, seed: u64) -> (Vec<Block>, Vec<Block>, Vec<Origin>) {
        let mut rng = Rng(seed);
        let old: Vec<String> = (0..n).map(|_| teaser(&mut rng)).collect();
        let mut new: Vec<(String, Origin)> = Vec::new();
        let mut moved = Vec::new();
        for (i, t) in old.iter().enumerate() {
            match rng.below(100) {
                0..=4 => {
                    let mut ws: Vec<String> = t.split(' ').map(str::to_string).collect();
                    let k = 1 + rng.below(ws.len() as u64 - 2) as usize;
                    ws[k] = "edited".into();
                    new.push((volatile(&mut rng, &ws.join(" ")), Some((i, true))));
                }
                5 => {}
                6 => {
                    new.push((teaser(&mut rng), None));
                    new.push((volatile(&mut rng, t), Some((i, false))));
                }
                7 | 8 => moved.push((volatile(&mut rng, t), Some((i, false)))),
                _ => new.push((volatile(&mut rng, t), Some((i, false)))),
            }
        }
        for m in moved {
            let at = rng.below(new.len() as u64) as usize;
            new.insert(at, m);
        }
        let (texts, origin): (Vec<String>, Vec<_>) = new.into_iter().unzip();
        (
            old.into_iter().map(Block::from_text).collect(),
            texts.into_iter().map(Block::from_text).collect(),
            origin,
        )
    }

    #[test]
    fn news_page_where_every_block_changes_is_exact_and_pairs_every_block() {
        // ~3,000 blocks in one hunk: 9 million candidate pairs, far over the budget.
        let (old, new, origin) = news_pair(3000, 0x5eed);
        let r = diff_blocks(&old, &new, &DiffOptions::default());
        assert!(!r.summary.approximate, "{}", r.summary);
        assert!(r.summary.unchanged < 10, "{}", r.summary);
        let mut edited = 0;
        for b in r.blocks.iter().filter(|b| b.new_index.is_some()) {
            let j = b.new_index.unwrap_or_default();
            if let Some((i, was_edited)) = origin[j] {
                assert_eq!(b.status, Status::Changed, "new block {j}: {}", b.text);
                assert_eq!(b.old_index, Some(i), "new block {j}: {}", b.text);
                edited += usize::from(was_edited);
            } else {
                assert_eq!(b.status, Status::New, "new block {j}: {}", b.text);
            }
        }
        assert!(edited > 100, "{edited} edited blocks");
    }

    #[test]
    fn signature_bound_never_rejects_a_pair_the_merge_accepts() {
        let mut rng = Rng(7);
        for _ in 0..20_000 {
            let set = |rng: &mut Rng| {
                let mut v: Vec<u64> = (0..rng.below(40))
                    .map(|_| rng.below(60).wrapping_mul(0x9e37_79b9_7f4a_7c15))
                    .collect();
                v.sort_unstable();
                v.dedup();
                v
            };
            let (a, b) = (set(&mut rng), set(&mut rng));
            let (sa, sb) = (
                Set {
                    words: &a,
                    sig: signature(&a),
                },
                Set {
                    words: &b,
                    sig: signature(&b),
                },
            );
            for t in [0.3, 0.5, 0.7] {
                let d = sets::dice_sorted(&a, &b);
                let expected = (d >= t && !(a.is_empty() || b.is_empty())).then_some(d);
                assert_eq!(
                    dice_at_least(sa, sb, t, &mut Meter::new(Budgets::unlimited())),
                    expected
                );
            }
        }
    }

    #[test]
    fn prefix_filter_finds_every_similar_pair() {
        let mut rng = Rng(11);
        // Zipf-like words; the second half are the first half with 0 to 5 words replaced.
        let mut sets: Vec<Vec<u64>> = (0..150)
            .map(|_| {
                (0..1 + rng.below(30))
                    .map(|_| {
                        let r = rng.below(1000);
                        r * r / 1000
                    })
                    .collect()
            })
            .collect();
        for k in 0..150 {
            let mut v = sets[k].clone();
            for _ in 0..rng.below(6) {
                let at = rng.below(v.len() as u64) as usize;
                v[at] = rng.below(1000);
            }
            sets.push(v);
        }
        for v in &mut sets {
            for h in v.iter_mut() {
                *h = h.wrapping_mul(0x9e37_79b9_7f4a_7c15);
            }
            v.sort_unstable();
            v.dedup();
        }
        fn as_set(v: &Vec<u64>) -> Set<'_> {
            Set {
                words: v,
                sig: signature(v),
            }
        }
        let (os, ns): (Vec<Set<'_>>, Vec<Set<'_>>) = (
            sets[..150].iter().map(as_set).collect(),
            sets[150..].iter().map(as_set).collect(),
        );
        let mut unlimited = Meter::new(Budgets::unlimited());
        for t in [0.3, 0.5, 0.7, 1.0] {
            let mut brute = Vec::new();
            for (a, &x) in os.iter().enumerate() {
                for (b, &y) in ns.iter().enumerate() {
                    if let Some(d) = dice_at_least(x, y, t, &mut unlimited) {
                        brute.push((d, a, b));
                    }
                }
            }
            let mut found =
                similar_pairs(&os, &ns, t, usize::MAX, &mut unlimited).unwrap_or_default();
            found.sort_by(|p, q| p.1.cmp(&q.1).then(p.2.cmp(&q.2)));
            assert_eq!(found, brute, "threshold {t}");
            assert!(!brute.is_empty());
        }
        assert!(similar_pairs(&os, &ns, 0.3, 10, &mut unlimited).is_none());
    }

    #[test]
    fn empty_sides() {
        let a = blocks(&["x", "y"]);
        let r = diff_blocks(&[], &a, &DiffOptions::default());
        assert_eq!(r.summary.new, 2);
        let r = diff_blocks(&a, &[], &DiffOptions::default());
        assert_eq!(r.summary.removed, 2);
        let r = diff_blocks(&[], &[], &DiffOptions::default());
        assert!(r.blocks.is_empty());
    }
}
