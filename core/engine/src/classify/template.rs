//! Site templates: the header, navigation, footer and sidebars a site repeats on its pages
//! (Gibson, Punera and Tomkins, WWW 2005: 40–50% of web content is template).
//!
//! A change in the template is not a change of *this* page's content, and template text hides
//! real change in page-level metrics. [`TemplateModel`] learns a site's template from the
//! pages of that site the person has visited, incrementally, with the paper's two methods:
//!
//! - **DOM-based** (over the block tree): every element that contains blocks gets a
//!   template-hash — the hash of its blocks' texts and their paths *relative to the element*
//!   (tags and positions below it; attributes are not part of blocks, so they are not hashed).
//!   Pass 1 counts, per hash, the number of distinct pages containing it. Pass 2 marks an
//!   element as template when its count lies within `[lower, upper]` — lower = max(2,
//!   [`TemplateOptions::lower_fraction`] × pages), upper = pages — and no ancestor is; every
//!   block inside it is template.
//! - **Text-based**: the page's detagged text (its blocks in order) is cut into windows of W
//!   words; a window is counted only when its hash ≡ 0 (mod D), so a fragment counted on one
//!   page is counted on every page that contains it. Windows on at least `lower` pages are
//!   frequent; a block whose words are mostly (≥ half) covered by frequent windows is template.
//!   Windows span block boundaries, so runs of short blocks (menus) are found too.
//!
//! - **Slots** ([`template_slots`]): the parts of the template whose content differs from page
//!   to page — a section's name, the list of the section's other stories — which exact
//!   repetition cannot find: short blocks in a region of repeated template that holds no prose.
//!   [`TemplateModel::template_blocks`] (the template picture, a page's template share) adds
//!   them; [`TemplateModel::suppressible_blocks`], which may hide a change, does not (the site
//!   state uses slots only in the site's chrome).
//! - **Lists** ([`PageLists`]): the template's *structure* — a box of short items (the latest
//!   stories, the section's other articles) of the same kind at the same depth on several pages,
//!   whatever its text. [`TemplateModel::observe`] keeps each page's list keys and
//!   [`TemplateModel::template_blocks`] adds the short blocks of lists on at least `lower`
//!   pages; the template picture ([`crate::history::picture`]) shows them. A visit's site state
//!   keeps none: lists never hide a change.
//!
//! Pages are keyed by URL: versions of one page count once. **Near-duplicate pages count once
//! too**: when judging a page, observed pages whose sampled text windows are almost all the same
//! as its own (Jaccard ≥ [`DUPLICATE_JACCARD`]) are taken as the same document under another
//! URL — a page that moved, a trailing slash, a query string — and together count as one page.
//! Otherwise a moved page would be "on two pages of the site" and all of its text template. Observing a page replaces its
//! previous contribution, so the model is incremental — a visit costs one pass over the page's
//! blocks (hash counting; well under a millisecond for a typical page) — and bounded: at most
//! [`TemplateOptions::max_pages`] pages are kept (the oldest observed is dropped first).
//!
//! ## Which thresholds when
//! The defaults follow the paper (lower = 10% of pages) with a floor of two pages so that two
//! pages of a site already reveal its shared header. W = 16 and D = 4 suit personal browsing —
//! few pages per site, short template blocks; the paper's W = 32, D = 40 with 200 pages
//! targets a crawler. Raise `lower_fraction` for sites where articles quote each other.

use std::collections::{BTreeMap, HashMap};
use std::hash::BuildHasherDefault;

use serde::{Deserialize, Serialize};

use crate::block::Block;
use crate::hash::stable_hash;
use crate::text::sets::intersection;

/// Which method decides that a block is template.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, Default)]
#[serde(rename_all = "snake_case")]
pub enum Method {
    /// DOM-based (element template-hashes over the block tree).
    Dom,
    /// Text-based (sampled word windows).
    Text,
    /// Either says template.
    #[default]
    Both,
}

/// Thresholds of template detection.
#[derive(Debug, Clone, Copy, PartialEq, Serialize, Deserialize)]
pub struct TemplateOptions {
    /// Lower count threshold as a fraction of the site's pages (Gibson: 0.1).
    pub lower_fraction: f64,
    /// Fewest pages a hash must be on, whatever the fraction (default 2).
    pub min_count: u32,
    /// Fewest pages a block's text must be on before a *change* to it is hidden as a
    /// template change (default 3: the page itself and two others). Stricter than
    /// `min_count` because hiding a real change costs a person more than showing a template
    /// one: two documents of a small site sharing a paragraph is weak evidence of a template.
    #[serde(default = "default_suppress_min_count")]
    pub suppress_min_count: u32,
    /// Window size W in words for the text-based method.
    pub window: usize,
    /// Sampling modulus D for the text-based method (1 = every window).
    pub modulus: u64,
    /// Most pages kept per site (default 64: each page costs its hash lists in the stored
    /// model — about 16 KB for a 800-block news front page — and a site's template shows on
    /// nearly every page, so the most recent 64 are plenty for personal browsing).
    pub max_pages: usize,
    /// Which method decides.
    pub method: Method,
}

fn default_suppress_min_count() -> u32 {
    3
}

impl Default for TemplateOptions {
    fn default() -> Self {
        TemplateOptions {
            lower_fraction: 0.1,
            min_count: 2,
            suppress_min_count: 3,
            window: 16,
            modulus: 4,
            max_pages: crate::limits::MAX_TEMPLATE_PAGES,
            method: Method::Both,
        }
    }
}

/// The hashes one page contributes, folded to 32 bits (they are only counted, and a rare
/// collision merely merges two counts) and stored packed: 4 bytes each, base64.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
struct PageHashes {
    /// Order of observation (for dropping the oldest page).
    seq: u64,
    /// Element template-hashes (deduplicated).
    #[serde(with = "packed")]
    dom: Vec<u32>,
    /// Sampled window hashes (deduplicated).
    #[serde(with = "packed")]
    text: Vec<u32>,
    /// List keys ([`list_keys`], deduplicated). Pages stored before lists were kept have none
    /// until they are observed again.
    #[serde(with = "packed", default)]
    lists: Vec<u32>,
}

/// `Vec<u32>` as base64 of little-endian bytes: a site model stays small enough to be
/// rewritten on every visit.
mod packed {
    use base64::engine::general_purpose::STANDARD_NO_PAD;
    use base64::Engine;
    use serde::{de::Error, Deserialize, Deserializer, Serializer};

    pub fn serialize<S: Serializer>(v: &[u32], s: S) -> Result<S::Ok, S::Error> {
        let bytes: Vec<u8> = v.iter().flat_map(|x| x.to_le_bytes()).collect();
        s.serialize_str(&STANDARD_NO_PAD.encode(bytes))
    }

    pub fn deserialize<'de, D: Deserializer<'de>>(d: D) -> Result<Vec<u32>, D::Error> {
        let text = String::deserialize(d)?;
        let bytes = STANDARD_NO_PAD
            .decode(text.as_bytes())
            .map_err(D::Error::custom)?;
        if bytes.len() % 4 != 0 {
            return Err(D::Error::custom(
                "packed hashes: length is not a multiple of 4",
            ));
        }
        Ok(bytes
            .chunks_exact(4)
            .map(|c| u32::from_le_bytes([c[0], c[1], c[2], c[3]]))
            .collect())
    }
}

/// Version of the stored page hashes (the word hash, the mixing function, the window scheme). A model
/// stored by another version is relearned: its pages are dropped when it is loaded.
pub const MODEL_VERSION: u32 = 3;

/// Hasher for keys that already are hashes: one multiply spreads them over the table.
#[derive(Default)]
struct Folded(u64);

impl std::hash::Hasher for Folded {
    fn finish(&self) -> u64 {
        self.0.wrapping_mul(0x9E37_79B9_7F4A_7C15)
    }
    fn write(&mut self, bytes: &[u8]) {
        for &b in bytes {
            self.0 = (self.0 << 8) ^ u64::from(b);
        }
    }
    fn write_u32(&mut self, n: u32) {
        self.0 = u64::from(n);
    }
    fn write_u64(&mut self, n: u64) {
        self.0 = n;
    }
}

fn fold(h: u64) -> u32 {
    (h ^ (h >> 32)) as u32
}

/// Jaccard similarity of sampled text windows at and above which two observed pages are the
/// same document (see the module docs). Distinct pages of a site share their template, but
/// their own text keeps them well below this.
pub const DUPLICATE_JACCARD: f64 = 0.8;

/// Fewest sampled windows a page needs for the near-duplicate test (tiny pages are left alone).
pub const DUPLICATE_MIN_WINDOWS: usize = 8;

/// One site's template model. Serialize it to keep it; counts are rebuilt from the pages.
#[derive(Debug, Clone, Default, Serialize, Deserialize)]
pub struct TemplateModel {
    /// Thresholds.
    #[serde(default)]
    pub options: TemplateOptions,
    pages: BTreeMap<String, PageHashes>,
    next_seq: u64,
    /// [`MODEL_VERSION`] of the stored hashes (0 = before versions were recorded).
    #[serde(default)]
    version: u32,
    #[serde(skip)]
    dom_counts: HashMap<u32, u32, BuildHasherDefault<Folded>>,
    #[serde(skip)]
    text_counts: HashMap<u32, u32, BuildHasherDefault<Folded>>,
    #[serde(skip)]
    list_counts: HashMap<u32, u32, BuildHasherDefault<Folded>>,
    #[serde(skip)]
    counted: bool,
}

/// An element of the block tree with its template-hash and the blocks inside it.
struct Node {
    hash: u64,
    depth: usize,
    first: usize,
    last: usize,
}

/// Most words a slot's block may have, and most words of any other block of the slot's region
/// that is not template (see [`template_slots`]).
pub const SLOT_MAX_WORDS: usize = 20;
/// Least share of a region's blocks that must be repeated template for the region to be part
/// of the template (see [`template_slots`]).
pub const SLOT_REGION_SHARE: f64 = 0.3;

/// A block's length in words for the slot rules: its whitespace-separated words, or one word
/// per 8 characters for text written without spaces (CJK), whichever is more. Counting stops
/// past [`SLOT_MAX_WORDS`]: only whether a block is longer matters.
fn slot_words(text: &str) -> usize {
    let mut spaced = 0;
    let mut chars = 0;
    let mut in_word = false;
    for c in text.chars() {
        chars += 1;
        if c.is_whitespace() {
            in_word = false;
        } else if !in_word {
            in_word = true;
            spaced += 1;
        }
        if spaced.max(chars / 8) > SLOT_MAX_WORDS {
            break;
        }
    }
    spaced.max(chars / 8)
}

/// The template's slots: parts of the template whose content differs from page to page (a
/// section's name, the list of other stories in the section, a box's teaser), which exact
/// repetition cannot find. `flags` holds the repeated blocks; a block not among them becomes
/// template when
///
/// - it is short (at most [`SLOT_MAX_WORDS`] words: a label, a link, a teaser line), and
/// - it lies in a region of the template: some element around it (below `<body>`) whose blocks
///   on this page are at least [`SLOT_REGION_SHARE`] repeated template, and
/// - that region holds no prose: none of its other blocks that are not template is longer than
///   [`SLOT_MAX_WORDS`] words. The nearest region with prose stops the search, so a short line
///   of an article (a subheading, a one-line quote, the headline) is never a slot even when
///   the article sits in a column full of template.
///
/// The thresholds were chosen on the L3S-GN1 news sites and are reported on CleanPortalEval
/// and CleanEval (`scripts/evaluate --only boilerplate`). The work is linear in blocks × depth.
pub fn template_slots(blocks: &[Block], flags: &mut [bool]) {
    if !flags.iter().any(|&f| f) {
        return;
    }
    let words: Vec<usize> = blocks.iter().map(|b| slot_words(&b.text)).collect();
    let (mut nodes, own) = element_tree(blocks);
    // Per element: its blocks and repeated blocks (prefix sums over the blocks with a path, which
    // lie in one run of document order), and its longest block that is not template.
    let mut with_path = vec![0u32; blocks.len() + 1];
    let mut repeated = vec![0u32; blocks.len() + 1];
    for (k, b) in blocks.iter().enumerate() {
        let has = !b.path.is_empty();
        with_path[k + 1] = with_path[k] + has as u32;
        repeated[k + 1] = repeated[k] + (has && flags[k]) as u32;
        if has && !flags[k] {
            let n = &mut nodes[own[k]];
            n.longest = n.longest.max(words[k]);
        }
    }
    for id in (0..nodes.len()).rev() {
        if let Some(parent) = nodes[id].parent {
            nodes[parent].longest = nodes[parent].longest.max(nodes[id].longest);
        }
    }
    for k in 0..blocks.len() {
        if flags[k]
            || words[k] > SLOT_MAX_WORDS
            || blocks[k].path.is_empty()
            || is_title(&blocks[k])
            || is_stamp_line(&blocks[k].text)
            || is_byline(&blocks[k].text)
        {
            continue;
        }
        // Nearest region first; `<html>` and `<body>` (fewer than 3 steps) are never a region.
        let mut at = Some(own[k]);
        while let Some(id) = at {
            let n = &nodes[id];
            if n.steps < 3 || n.longest > SLOT_MAX_WORDS {
                break;
            }
            let all = with_path[n.last + 1] - with_path[n.first];
            let tpl = repeated[n.last + 1] - repeated[n.first];
            if tpl > 0 && f64::from(tpl) >= SLOT_REGION_SHARE * f64::from(all) {
                flags[k] = true;
                break;
            }
            at = n.parent;
        }
    }
}

/// Whether a block is the page's title: an `<h1>` names the page, its own content. A site
/// heading that is an `<h1>` on every page is found by repetition, not as a slot. An `<h1>`
/// inside an `<aside>`, `<nav>` or `<footer>` names a teaser of another page (heise.de's
/// sidebar of top news gives each teaser its own `<h1>`), not this page: a slot like the rest.
fn is_title(b: &Block) -> bool {
    b.path.rsplit('/').next().and_then(|s| s.split('[').next()) == Some("h1")
        && !b.path.split('/').any(|step| {
            matches!(
                step.split('[').next(),
                Some("aside") | Some("nav") | Some("footer")
            )
        })
}

/// Least share of the site's pages that must show a block of the page's own text
/// (`is_own_text`) for it to be template by repetition.
pub const OWN_TEXT_SHARE: f64 = 0.5;

/// Whether a block reads as the page's own text rather than the site's: its title
/// ([`is_title`], when it is the page's only one) when it says more than a section's name
/// (four words or more: "NHL roundup: Sunday's action on the ice", not "College Football").
fn is_own_text(b: &Block) -> bool {
    is_title(b) && slot_words(&b.text) >= 4
}

/// Whether a text is prose: a sentence or more, of at least [`PROSE_MIN_WORDS`] words, that
/// ends as a sentence does (a quote's closing mark may follow) or holds a sentence's end.
fn is_prose(t: &str) -> bool {
    let end = t
        .trim_end()
        .trim_end_matches(['"', '\'', '”', '’', '»', ')']);
    t.split_whitespace().nth(PROSE_MIN_WORDS - 1).is_some()
        && (end.ends_with(['.', '!', '?'])
            || t.contains(". ")
            || t.contains("! ")
            || t.contains("? "))
}

/// Fewest words of a block of prose ([`is_prose`]).
const PROSE_MIN_WORDS: usize = 8;

/// An element of the page's block tree for [`template_slots`].
struct Element {
    parent: Option<usize>,
    /// Steps of its path (`/html[0]` = 1).
    steps: u32,
    /// First and last block inside it (blocks with a path, in document order).
    first: usize,
    last: usize,
    /// Longest block inside it that is not template, in [`slot_words`].
    longest: usize,
}

/// The elements that hold blocks, parents before children, and each block's own element
/// (blocks without a path get 0 and must be skipped). One pass over the paths, comparing each
/// with the one before: linear in the paths' length.
fn element_tree(blocks: &[Block]) -> (Vec<Element>, Vec<usize>) {
    let mut nodes: Vec<Element> = Vec::new();
    let mut own = vec![0usize; blocks.len()];
    // Open elements: (end of their path prefix in bytes, node).
    let mut open: Vec<(usize, usize)> = Vec::new();
    let mut prev: &str = "";
    let mut prev_k = 0usize;
    for (k, b) in blocks.iter().enumerate() {
        let p = b.path.as_str();
        if p.is_empty() {
            continue;
        }
        let common = p
            .bytes()
            .zip(prev.bytes())
            .take_while(|(x, y)| x == y)
            .count();
        // An open element stays open when its whole path is shared and ends at a step of `p`.
        while let Some(&(end, id)) = open.last() {
            if end <= common && (p.len() == end || p.as_bytes()[end] == b'/') {
                break;
            }
            nodes[id].last = prev_k;
            open.pop();
        }
        let from = open.last().map_or(0, |&(end, _)| end);
        let ends = p[from..]
            .char_indices()
            .filter(|&(i, c)| c == '/' && from + i > 0)
            .map(|(i, _)| from + i)
            .chain(std::iter::once(p.len()));
        for end in ends {
            if end <= from {
                continue;
            }
            let parent = open.last().map(|&(_, id)| id);
            nodes.push(Element {
                parent,
                steps: parent.map_or(1, |id| nodes[id].steps + 1),
                first: k,
                last: k,
                longest: 0,
            });
            open.push((end, nodes.len() - 1));
        }
        own[k] = open.last().map_or(0, |&(_, id)| id);
        prev = p;
        prev_k = k;
    }
    for (_, id) in open {
        nodes[id].last = prev_k;
    }
    (nodes, own)
}

/// Splits a path `/html[0]/body[0]/p[2]` into its steps.
fn steps(path: &str) -> Vec<&str> {
    path.split('/').filter(|s| !s.is_empty()).collect()
}

/// Order-dependent mixing of 64-bit values (in memory and in the folded, stored page
/// hashes; [`MODEL_VERSION`] changes when this does).
#[inline]
fn mix(h: u64, x: u64) -> u64 {
    (h.rotate_left(23) ^ x).wrapping_mul(0x9E37_79B9_7F4A_7C15)
}

/// Element template-hashes of a page: one per element that contains a block (the block
/// elements themselves included), in document order of first block. Each element's hash mixes,
/// in order, the path (relative to the element) and text of every block inside it; the work is
/// linear in blocks × depth, with no string building. After each block's elements comes one
/// node of its own text alone, hashed as a leaf with that text is: an element's own text above
/// its children (a box's title line) repeats even where the children do not. These nodes only
/// add hashes: a model stored before them matches as it did, and learns them as pages are
/// seen again (no new [`MODEL_VERSION`], which would forget every site's pages).
fn dom_nodes(blocks: &[Block]) -> Vec<Node> {
    let mut nodes: Vec<Node> = Vec::new();
    let mut index: HashMap<u64, usize, BuildHasherDefault<Folded>> = HashMap::default();
    let mut step_hashes: Vec<u64> = Vec::new();
    let mut rel: Vec<u64> = Vec::new();
    for (bi, b) in blocks.iter().enumerate() {
        let text_hash = stable_hash(&b.text);
        step_hashes.clear();
        step_hashes.extend(steps(&b.path).into_iter().map(stable_hash));
        // rel[d] = hash of the path below step d (the steps d+1..), built from the end.
        let n = step_hashes.len();
        rel.clear();
        rel.resize(n, 0);
        let mut acc = 0x5EED_u64;
        for d in (0..n).rev() {
            rel[d] = acc;
            acc = mix(acc, step_hashes[d]);
        }
        let mut prefix = 0u64;
        for d in 0..n {
            prefix = mix(prefix, step_hashes[d]);
            let k = *index.entry(prefix).or_insert_with(|| {
                nodes.push(Node {
                    hash: 0,
                    depth: d,
                    first: bi,
                    last: bi,
                });
                nodes.len() - 1
            });
            let node = &mut nodes[k];
            node.last = bi;
            node.hash = mix(mix(node.hash, rel[d]), text_hash);
        }
        // The block's own text alone: for an element with children (a box's title above its
        // teasers) the element's node mixes in the children, which vary from page to page, so
        // the title line would never repeat. This node's hash is the one a leaf with the same
        // text has, and it is the block's leaf (see `PageFeatures::leaf`).
        nodes.push(Node {
            hash: mix(mix(0, 0x5EED), text_hash),
            depth: n,
            first: bi,
            last: bi,
        });
    }
    nodes
}

/// The page's words (as [`crate::text::word_hashes`]) with the block each belongs to.
fn words_with_blocks(blocks: &[Block]) -> (Vec<u64>, Vec<usize>) {
    let mut hashes = Vec::new();
    let mut owner = Vec::new();
    for (bi, b) in blocks.iter().enumerate() {
        let words = crate::text::word_hashes(&b.text);
        owner.extend(std::iter::repeat_n(bi, words.len()));
        hashes.extend(words);
    }
    (hashes, owner)
}

/// Whether a block is only a date, a time or a relative time, with no label ("Dec 29, 2007",
/// "1 day ago", "14:45"): a story's dateline, the page's own value.
fn is_dateline(t: &str) -> bool {
    use crate::classify::noise::{self, Volatile};
    let Some((kinds, label)) = noise::labelled_stamp(t) else {
        return false;
    };
    if !label.is_empty() || kinds.contains(&Volatile::Counter) && !year_after_date(t) {
        return false;
    }
    kinds.iter().all(|k| {
        matches!(
            k,
            Volatile::Clock | Volatile::Date | Volatile::RelativeTime | Volatile::Counter
        )
    })
}

/// Words a stamp may write after its date or time: time zones and the joiners of a date and
/// its time ("Thu, 10 Jan 2008 03:47:03 GMT", "12. März 2024 um 14:05 Uhr").
const STAMP_TAIL_WORDS: &[&str] = &[
    "gmt", "utc", "z", "cet", "cest", "mez", "mesz", "wet", "west", "eet", "eest", "bst", "ist",
    "est", "edt", "cst", "cdt", "mst", "mdt", "pst", "pdt", "et", "pt", "at", "um", "uhr", "à",
    "h", "de", "del", "alle", "om", "kl",
];

/// Whether a block is a stamp: a date, a time or a relative time, after a label of at most
/// three words without digits or none ("Posted : Thu, 10 Jan 2008 03:47:03 GMT", "Published:
/// Sunday, December 30, 2007", "Last updated: 11:53 AM", "Stand: 12.01.2022"). Such a line
/// says when the page (or its item) was made or changed: the page's own value, never a slot
/// of the template however much template is around it, so that its change is judged as a
/// date (content when it moved, noise only when it tracks the visits).
fn is_stamp_line(t: &str) -> bool {
    use crate::classify::noise::{volatile_kinds, year_number, Volatile};
    if t.len() > 80 || !t.bytes().any(|b| b.is_ascii_digit()) {
        return false;
    }
    let toks = crate::text::tokens(t);
    let kinds = volatile_kinds(&toks);
    let (mut label, mut timed) = (0, false);
    for (tok, k) in toks.iter().zip(&kinds) {
        if !crate::text::is_word(tok) {
            continue;
        }
        match k {
            Some(Volatile::Clock | Volatile::Date | Volatile::RelativeTime) => timed = true,
            // A year after the date, which the token reader takes for a count.
            Some(Volatile::Counter) if timed && year_number(tok).is_some() => {}
            _ if timed => {
                let lower = tok.to_lowercase();
                if !STAMP_TAIL_WORDS.contains(&lower.as_str()) {
                    return false;
                }
            }
            _ if tok.bytes().any(|b| b.is_ascii_digit()) => return false,
            _ => {
                label += 1;
                if label > 3 {
                    return false;
                }
            }
        }
    }
    timed
}

/// Words that open a byline before the author's name ("By", "Von", "Par"), and labels that
/// do with a colon ("Author :", "Autor:").
const BYLINE_WORDS: &[&str] = &["by", "von", "par", "por", "door"];
const BYLINE_LABELS: &[&str] = &["author", "authors", "autor", "auteur", "autore", "reporter"];

/// Most words a byline holds after its opener: a name, where the author wrote from, and a
/// date ("By Ray Chesterton January 18, 2008 12:00am", "by Hasan Mansoor in Karachi").
const BYLINE_MAX_WORDS: usize = 8;

/// Whether a block is a byline: an opener ([`BYLINE_WORDS`], "Written by", or one of
/// [`BYLINE_LABELS`] with its colon) and a name that begins with a capital letter, in at most
/// [`BYLINE_MAX_WORDS`] words ("By Kathy McCabe", "Author : DPA", "Von Anna Müller"). It says
/// who wrote the page: the page's own value, like its title and its stamp, never a slot of
/// the template (another story by another author is another page's value, and a changed
/// author on the same page is a change of the page). A byline every page shows ("By the
/// editors") is still template by repetition.
fn is_byline(t: &str) -> bool {
    if t.len() > 120 {
        return false;
    }
    let words: Vec<&str> = t.split_whitespace().collect();
    let is = |w: &str, of: &[&str]| of.iter().any(|o| w.eq_ignore_ascii_case(o));
    let name = match words.as_slice() {
        [w, by, rest @ ..]
            if w.eq_ignore_ascii_case("written") && by.eq_ignore_ascii_case("by") =>
        {
            rest
        }
        [w, rest @ ..] if is(w, BYLINE_WORDS) => rest,
        [w, colon, rest @ ..] if *colon == ":" && is(w, BYLINE_LABELS) => rest,
        [w, rest @ ..] if w.strip_suffix(':').is_some_and(|w| is(w, BYLINE_LABELS)) => rest,
        _ => return false,
    };
    (1..=BYLINE_MAX_WORDS).contains(&name.len())
        && name[0].chars().next().is_some_and(char::is_uppercase)
}

/// Whether every count a stamp holds is a year after its date ("Dec 29, 2007", where the
/// token reader takes the year for a count).
fn year_after_date(t: &str) -> bool {
    use crate::classify::noise::{volatile_kinds, Volatile};
    let toks = crate::text::tokens(t);
    let kinds = volatile_kinds(&toks);
    let mut dated = false;
    for (tok, k) in toks.iter().zip(&kinds) {
        match k {
            Some(Volatile::Date) => dated = true,
            Some(Volatile::Counter) => {
                let year = tok.len() == 4
                    && tok.bytes().all(|b| b.is_ascii_digit())
                    && (tok.starts_with("19") || tok.starts_with("20"));
                if !(dated && year) {
                    return false;
                }
            }
            _ => {}
        }
    }
    true
}

/// What the model reads of a page, computed once per page and visit: its element
/// template-hashes, its words' owners and its sampled text windows.
pub struct PageFeatures {
    nodes: Vec<Node>,
    /// Per block, whether it is only a date or time ([`is_dateline`]).
    datelines: Vec<bool>,
    /// Per block, whether it reads as the page's own text ([`is_own_text`]: its one title),
    /// and the node of the block itself (its own text, counted alone).
    own: Vec<bool>,
    leaf: Vec<usize>,
    /// Per block, whether it is a paragraph of prose ([`is_prose`]), and a hash of its
    /// parent's path (blocks with the same value are siblings).
    prose: Vec<bool>,
    parent: Vec<u64>,
    owner: Vec<usize>,
    windows: Vec<(usize, u64)>,
    /// The page's stored form: deduplicated folded hashes.
    dom: Vec<u32>,
    text: Vec<u32>,
}

impl PageFeatures {
    fn of(blocks: &[Block], options: &TemplateOptions) -> Self {
        let nodes = dom_nodes(blocks);
        let datelines = blocks.iter().map(|b| is_dateline(&b.text)).collect();
        // The page's title is its one <h1>: a page of many (heise's front page gives each
        // teaser its own) has none.
        let titles = blocks.iter().filter(|b| is_title(b)).count();
        let own = blocks
            .iter()
            .map(|b| titles == 1 && is_own_text(b))
            .collect();
        let prose = blocks.iter().map(|b| is_prose(&b.text)).collect();
        let parent = blocks
            .iter()
            .map(|b| stable_hash(b.path.rsplit_once('/').map_or("", |(p, _)| p)))
            .collect();
        let mut leaf = vec![usize::MAX; blocks.len()];
        for (k, n) in nodes.iter().enumerate() {
            if n.first == n.last {
                leaf[n.first] = k;
            }
        }
        let (words, owner) = words_with_blocks(blocks);
        let windows = windows(&words, options.window, options.modulus);
        let dom = dedup(nodes.iter().map(|n| n.hash));
        let text = dedup(windows.iter().map(|&(_, h)| h));
        PageFeatures {
            nodes,
            datelines,
            own,
            leaf,
            prose,
            parent,
            owner,
            windows,
            dom,
            text,
        }
    }
}

/// A page's lists and their keys. An element is a *list* — below `<body>`, at least
/// [`LIST_MIN_BLOCKS`] blocks inside it, each at most [`SLOT_MAX_WORDS`] words (no prose; the
/// element's own text, a box's title line, may be longer), in at most [`LIST_MAX_SHAPES`]
/// shapes with at least two blocks per shape. A block's shape is its path below the element
/// without positions (`tr/td`): the rows of a table, the items of a menu, the teasers of a box.
///
/// The key is the element's type path (`/html/body/div/ul`) and its shapes, not its text: a
/// list of the same kind at the same depth of the same elements on several pages of a site is
/// a part of the site's template whose content varies from page to page (a section's other
/// stories, the latest news), which repetition of text cannot find. Positions are left out so
/// that a box one place further down (below an extra banner) is the same box. One pass over
/// the blocks' paths: linear in blocks × depth.
///
/// An element among whose children is a prose block (an article's bullet points between its
/// paragraphs) holds no list of its own, and neither does the page's `<main>` or an `<article>`
/// or anything inside them (a shop's product pages all list their features in the same place,
/// a documentation site its parameters, and those lists are the pages' own), nor an element
/// holding an `<h1>` (the page's title and what stands beside it: its author, its date). Every page's keys
/// are counted across the site; a short block inside a list on at least `lower` pages is a slot
/// of the template.
pub struct PageLists {
    elements: Vec<Element>,
    own: Vec<usize>,
    words: Vec<usize>,
    keys: Vec<Option<u64>>,
    stored: Vec<u32>,
}

impl PageLists {
    /// The lists of a page with these blocks; none past [`crate::limits::MAX_LIST_STEPS`] (a
    /// graceful cap: the
    /// work is linear in the steps of the blocks' paths).
    pub fn of(blocks: &[Block]) -> Self {
        if Self::steps(blocks) > crate::limits::MAX_LIST_STEPS {
            return Self::none();
        }
        let (elements, own) = element_tree(blocks);
        let words: Vec<usize> = blocks.iter().map(|b| slot_words(&b.text)).collect();
        let keys = list_keys(blocks, &elements, &own, &words);
        let stored = dedup(keys.iter().flatten().copied());
        PageLists {
            elements,
            own,
            words,
            keys,
            stored,
        }
    }

    /// No lists (a page past a cap).
    pub fn none() -> Self {
        PageLists {
            elements: Vec::new(),
            own: Vec::new(),
            words: Vec::new(),
            keys: Vec::new(),
            stored: Vec::new(),
        }
    }

    /// The work of reading a page's lists: the steps of its blocks' paths.
    pub fn steps(blocks: &[Block]) -> usize {
        blocks
            .iter()
            .map(|b| b.path.bytes().filter(|&c| c == b'/').count())
            .sum()
    }

    /// The page's list keys (deduplicated), to count on how many pages each is.
    pub fn keys(&self) -> &[u32] {
        &self.stored
    }

    /// Marks the blocks of this page's lists as template where `count` says the list is on at
    /// least `lower` pages: a block not marked yet, at most [`SLOT_MAX_WORDS`] words, inside
    /// such a list. Returns, per block marked, the count of its list (0 for the others).
    pub fn mark(
        &self,
        blocks: &[Block],
        flags: &mut [bool],
        lower: u32,
        count: impl Fn(u32) -> u32,
    ) -> Vec<u32> {
        let mut found = vec![0u32; flags.len()];
        if self.keys.is_empty() {
            return found;
        }
        for k in 0..flags.len().min(blocks.len()).min(self.own.len()) {
            if flags[k]
                || self.words[k] > SLOT_MAX_WORDS
                || blocks[k].path.is_empty()
                || is_stamp_line(&blocks[k].text)
                || is_byline(&blocks[k].text)
            {
                continue;
            }
            let mut id = Some(self.own[k]);
            while let Some(e) = id {
                if let Some(key) = self.keys[e] {
                    let c = count(fold(key));
                    if c >= lower {
                        flags[k] = true;
                        found[k] = c;
                        break;
                    }
                }
                id = self.elements[e].parent;
            }
        }
        found
    }
}

/// Fewest blocks a list holds (see [`PageLists`]).
pub const LIST_MIN_BLOCKS: u32 = 3;
/// Most item shapes a list has (see [`PageLists`]).
pub const LIST_MAX_SHAPES: usize = 3;

/// Per element of the page's element tree, its list key when it is a list ([`PageLists`]).
fn list_keys(
    blocks: &[Block],
    elements: &[Element],
    own: &[usize],
    words: &[usize],
) -> Vec<Option<u64>> {
    struct Acc {
        count: u32,
        prose: bool,
        content: bool,
        at: u64,
        shapes: Vec<u64>,
    }
    let mut acc: Vec<Acc> = elements
        .iter()
        .map(|_| Acc {
            count: 0,
            prose: false,
            content: false,
            at: 0,
            shapes: Vec::new(),
        })
        .collect();
    let mut tags: Vec<u64> = Vec::new();
    let mut at: Vec<u64> = Vec::new();
    let mut below: Vec<u64> = Vec::new();
    for (k, b) in blocks.iter().enumerate() {
        if b.path.is_empty() {
            continue;
        }
        let raw = steps(&b.path);
        let n = raw.len();
        tags.clear();
        tags.extend(
            raw.iter()
                .map(|s| stable_hash(s.split('[').next().unwrap_or(s))),
        );
        // at[s] = the path's first s steps, below[s] = its steps from s on; without positions.
        at.clear();
        at.push(0x11_57);
        for &t in &tags {
            let last = *at.last().unwrap_or(&0);
            at.push(mix(last, t));
        }
        below.clear();
        below.resize(n + 1, 0x5_4A9E);
        for d in (0..n).rev() {
            below[d] = mix(below[d + 1], tags[d]);
        }
        // Steps from which the path is inside the page's <main> or an <article>; the page's
        // title (an `<h1>`) counts as inside from its own element up.
        let content_from = if raw.last().and_then(|s| s.split('[').next()) == Some("h1") {
            0
        } else {
            raw.iter()
                .position(|s| matches!(s.split('[').next(), Some("main" | "article")))
                .map_or(usize::MAX, |i| i + 1)
        };
        let mut id = Some(own[k]);
        while let Some(e) = id {
            let s = elements[e].steps as usize;
            let a = &mut acc[e];
            a.count += 1;
            a.content |= s >= content_from;
            // The element's own text (a box's title line run together) is not its prose.
            a.prose |= words[k] > SLOT_MAX_WORDS && s < n;
            a.at = at[s.min(n)];
            let shape = below[s.min(n)];
            if a.shapes.len() <= LIST_MAX_SHAPES && !a.shapes.contains(&shape) {
                a.shapes.push(shape);
            }
            id = elements[e].parent;
        }
    }
    // Elements with a prose block as a direct child: a list among their children is part of
    // that text (an article's bullet points), not a box of its own.
    let mut prose_child = vec![false; elements.len()];
    for (k, b) in blocks.iter().enumerate() {
        if !b.path.is_empty() && words[k] > SLOT_MAX_WORDS {
            if let Some(p) = elements[own[k]].parent {
                prose_child[p] = true;
            }
        }
    }
    acc.into_iter()
        .zip(elements)
        .map(|(mut a, e)| {
            let list = e.steps >= 3
                && !a.content
                && !e.parent.is_some_and(|p| prose_child[p])
                && !a.prose
                && a.count >= LIST_MIN_BLOCKS
                && a.shapes.len() <= LIST_MAX_SHAPES
                && a.count as usize >= 2 * a.shapes.len();
            list.then(|| {
                a.shapes.sort_unstable();
                a.shapes.iter().fold(mix(a.at, 0x1157), |h, &x| mix(h, x))
            })
        })
        .collect()
}

/// Sampled windows: (start word, hash) for each W-window whose hash ≡ 0 (mod D).
///
/// A window's hash is a polynomial over its words' hashes, `P = Σ words[s+i] · B^(w−1−i)`
/// (mod 2⁶⁴, B = [`WINDOW_BASE`]), finished with SplitMix64's avalanche so that `mod D`
/// samples evenly. `P` rolls from one window to the next, so the work is O(1) per window
/// (rehashing every window's W words was most of a site analysis). Stored hashes follow this
/// scheme ([`MODEL_VERSION`] changes when it does).
fn windows(words: &[u64], w: usize, d: u64) -> Vec<(usize, u64)> {
    if w == 0 || words.len() < w {
        return Vec::new();
    }
    let top = WINDOW_BASE.wrapping_pow(w as u32 - 1);
    // D = 4 by default: a mask, not a 64-bit division per window.
    let d = d.max(1);
    let pow2 = d.is_power_of_two();
    let mask = if pow2 { d - 1 } else { 0 };
    let mut p = words[..w]
        .iter()
        .fold(0u64, |p, &x| p.wrapping_mul(WINDOW_BASE).wrapping_add(x));
    let mut out = Vec::with_capacity((words.len() - w + 1) / d as usize + 1);
    for start in 0..=words.len() - w {
        if start > 0 {
            p = p
                .wrapping_sub(words[start - 1].wrapping_mul(top))
                .wrapping_mul(WINDOW_BASE)
                .wrapping_add(words[start + w - 1]);
        }
        let h = avalanche(p);
        if h & mask == 0 && (pow2 || h % d == 0) {
            out.push((start, h));
        }
    }
    out
}

/// Base of the window polynomial (odd, so every power is invertible mod 2⁶⁴).
const WINDOW_BASE: u64 = 0x0000_0100_0000_01B3;

/// SplitMix64's finalizer: every output bit depends on every input bit.
#[inline]
fn avalanche(mut z: u64) -> u64 {
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

fn dedup(v: impl Iterator<Item = u64>) -> Vec<u32> {
    let mut v: Vec<u32> = v.map(fold).collect();
    v.sort_unstable();
    v.dedup();
    v
}

/// A site's template as the `templates` report shows it.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct PageCoverage {
    /// The page's URL (or file name).
    pub url: String,
    /// Blocks on the page.
    pub blocks: usize,
    /// Of them, template blocks.
    pub template_blocks: usize,
    /// Share of the page's text (characters) in template blocks.
    pub template_share: f64,
}

impl TemplateModel {
    /// An empty model with these thresholds.
    pub fn new(options: TemplateOptions) -> Self {
        TemplateModel {
            options,
            ..TemplateModel::default()
        }
    }

    /// Number of distinct pages observed.
    pub fn pages(&self) -> usize {
        self.pages.len()
    }

    fn ensure_counts(&mut self) {
        if self.counted {
            return;
        }
        if self.version != MODEL_VERSION {
            // Hashes of another scheme would never match this one's: relearn.
            self.pages.clear();
            self.version = MODEL_VERSION;
        }
        self.dom_counts.clear();
        self.text_counts.clear();
        self.list_counts.clear();
        for p in self.pages.values() {
            for h in &p.dom {
                *self.dom_counts.entry(*h).or_default() += 1;
            }
            for h in &p.text {
                *self.text_counts.entry(*h).or_default() += 1;
            }
            for h in &p.lists {
                *self.list_counts.entry(*h).or_default() += 1;
            }
        }
        self.counted = true;
    }

    fn apply(&mut self, p: &PageHashes, delta: i32) {
        for (list, counts) in [
            (&p.dom, &mut self.dom_counts),
            (&p.text, &mut self.text_counts),
            (&p.lists, &mut self.list_counts),
        ] {
            for h in list {
                let c = counts.entry(*h).or_default();
                *c = (*c as i64 + delta as i64).max(0) as u32;
                if *c == 0 {
                    counts.remove(h);
                }
            }
        }
    }

    /// Adds (or replaces) the page at `url` in the site model; returns the URLs of the pages
    /// dropped to stay within [`TemplateOptions::max_pages`].
    pub fn observe(&mut self, url: &str, blocks: &[Block]) -> Vec<String> {
        let page = self.features(blocks);
        let dropped = self.observe_features(url, &page);
        self.observe_lists(url, &PageLists::of(blocks));
        dropped
    }

    /// Records the lists of the page at `url` (observed already) for
    /// [`TemplateModel::template_blocks`]. [`TemplateModel::observe`] does this; a visit's
    /// site state, which only asks what may hide a change, does not.
    pub fn observe_lists(&mut self, url: &str, lists: &PageLists) {
        self.ensure_counts();
        let Some(page) = self.pages.get_mut(url) else {
            return;
        };
        let old = std::mem::replace(&mut page.lists, lists.stored.clone());
        for h in &old {
            if let Some(c) = self.list_counts.get_mut(h) {
                *c = c.saturating_sub(1);
                if *c == 0 {
                    self.list_counts.remove(h);
                }
            }
        }
        for h in &lists.stored {
            *self.list_counts.entry(*h).or_default() += 1;
        }
    }

    /// A model of stored pages: `(url, seq, dom hashes, text hashes)`, the hash lists sorted
    /// and deduplicated, of the current [`MODEL_VERSION`]. Counts are built once, on first use.
    pub fn from_pages(
        options: TemplateOptions,
        pages: impl IntoIterator<Item = (String, u64, Vec<u32>, Vec<u32>)>,
    ) -> Self {
        let mut model = TemplateModel::new(options);
        model.version = MODEL_VERSION;
        for (url, seq, dom, text) in pages {
            model.next_seq = model.next_seq.max(seq.saturating_add(1));
            model.pages.insert(
                url,
                PageHashes {
                    seq,
                    dom,
                    text,
                    lists: Vec::new(),
                },
            );
        }
        model
    }

    /// The stored form of one page: `(seq, dom hashes, text hashes)`.
    pub fn page(&self, url: &str) -> Option<(u64, &[u32], &[u32])> {
        self.pages
            .get(url)
            .map(|p| (p.seq, p.dom.as_slice(), p.text.as_slice()))
    }

    /// Every stored page as [`TemplateModel::from_pages`] takes it; none when the model was
    /// stored by another [`MODEL_VERSION`] (its hashes would never match: relearned).
    pub fn stored_pages(&self) -> Vec<(String, u64, Vec<u32>, Vec<u32>)> {
        if self.version != MODEL_VERSION {
            return Vec::new();
        }
        self.pages
            .iter()
            .map(|(u, p)| (u.clone(), p.seq, p.dom.clone(), p.text.clone()))
            .collect()
    }

    /// A page's features under this model's options, for [`TemplateModel::observe_features`]
    /// and [`TemplateModel::suppressible_features`] (one computation for both).
    pub fn features(&self, blocks: &[Block]) -> PageFeatures {
        PageFeatures::of(blocks, &self.options)
    }

    /// [`TemplateModel::observe`] with the page's features computed already.
    pub fn observe_features(&mut self, url: &str, features: &PageFeatures) -> Vec<String> {
        self.ensure_counts();
        let page = PageHashes {
            seq: self.next_seq,
            dom: features.dom.clone(),
            text: features.text.clone(),
            lists: Vec::new(),
        };
        self.next_seq = self.next_seq.saturating_add(1);
        if let Some(old) = self.pages.remove(url) {
            self.apply(&old, -1);
        }
        self.apply(&page, 1);
        self.pages.insert(url.to_string(), page);
        let mut dropped = Vec::new();
        while self.pages.len() > self.options.max_pages.max(1) {
            let oldest = self
                .pages
                .iter()
                .min_by_key(|(_, p)| p.seq)
                .map(|(u, _)| u.clone());
            match oldest.and_then(|u| self.pages.remove(&u).map(|p| (u, p))) {
                Some((u, p)) => {
                    self.apply(&p, -1);
                    dropped.push(u);
                }
                None => break,
            }
        }
        dropped
    }

    /// Removes a page from the model (for example when its history is deleted); true when
    /// it was there.
    pub fn forget(&mut self, url: &str) -> bool {
        self.ensure_counts();
        match self.pages.remove(url) {
            Some(old) => {
                self.apply(&old, -1);
                true
            }
            None => false,
        }
    }

    /// Observed pages that are near-duplicates of a page with these blocks (its own URL's
    /// entry included when it was observed): Jaccard of sampled text windows at least
    /// [`DUPLICATE_JACCARD`]. Empty when fewer than two, or when the page is too small to tell.
    fn near_duplicates(&self, page: &PageFeatures) -> Vec<&PageHashes> {
        let mine = &page.text;
        if mine.len() < DUPLICATE_MIN_WINDOWS {
            return Vec::new();
        }
        let dups: Vec<&PageHashes> = self
            .pages
            .values()
            .filter(|p| {
                let (a, b) = (mine.len() as f64, p.text.len() as f64);
                // Jaccard ≤ min/max: skip the merge when sizes alone rule it out.
                if a.min(b) < DUPLICATE_JACCARD * a.max(b) {
                    return false;
                }
                let i = intersection(mine, &p.text) as f64;
                i >= DUPLICATE_JACCARD * (a + b - i)
            })
            .collect();
        if dups.len() < 2 {
            return Vec::new();
        }
        dups
    }

    fn lower(&self, min_count: u32) -> u32 {
        let frac = (self.options.lower_fraction * self.pages.len() as f64).ceil() as u32;
        frac.max(min_count)
    }

    /// For each block, whether it is template under the model as it is now: the parts the
    /// site repeats (Gibson's lower threshold with the `min_count` floor) and the slots of
    /// those parts ([`template_slots`]). This is the site's template as a person sees it (the
    /// template picture, the template share of a page). Observe the page first for its own
    /// blocks to count.
    pub fn template_blocks(&mut self, blocks: &[Block]) -> Vec<bool> {
        let min = self.options.min_count;
        if !self.may_flag(min) {
            return vec![false; blocks.len()];
        }
        let page = self.features(blocks);
        let mut flags = self.template_blocks_at(&page, blocks.len(), min);
        template_slots(blocks, &mut flags);
        self.list_slots(&page, blocks, &mut flags);
        flags
    }

    /// Marks the blocks of the site's lists ([`list_keys`]) as template: a block not marked
    /// yet inside a list of this page whose key is on at least as many of the site's pages as
    /// a template part must be (near-duplicates of the page counting once).
    fn list_slots(&mut self, page: &PageFeatures, blocks: &[Block], flags: &mut [bool]) {
        self.ensure_counts();
        let lower = self.lower(self.options.min_count);
        let dups = self.near_duplicates(page);
        let lists = PageLists::of(blocks);
        let counts = &self.list_counts;
        lists.mark(blocks, flags, lower, |h| {
            let c = counts.get(&h).copied().unwrap_or(0);
            let on = dups
                .iter()
                .filter(|p| p.lists.binary_search(&h).is_ok())
                .count() as u32;
            c - on.saturating_sub(1).min(c)
        });
    }

    /// For each block, whether the site repeats it: [`TemplateModel::template_blocks`]
    /// without the slots.
    pub fn repeated_blocks(&mut self, blocks: &[Block]) -> Vec<bool> {
        let min = self.options.min_count;
        if !self.may_flag(min) {
            return vec![false; blocks.len()];
        }
        let page = self.features(blocks);
        self.template_blocks_at(&page, blocks.len(), min)
    }

    /// For each block, whether a change to it may be hidden as a template change: as
    /// [`TemplateModel::template_blocks`] with the stricter `suppress_min_count` floor.
    pub fn suppressible_blocks(&mut self, blocks: &[Block]) -> Vec<bool> {
        if !self.may_flag(self.suppress_floor()) {
            return vec![false; blocks.len()];
        }
        let page = self.features(blocks);
        self.suppressible_features(&page, blocks.len())
    }

    /// [`TemplateModel::suppressible_blocks`] and, for the same page,
    /// [`TemplateModel::suppressible_features_share`]: the page's features are computed once,
    /// and not at all while the site has too few pages to flag any block.
    pub fn suppressible_blocks_and_share(
        &mut self,
        blocks: &[Block],
        share: f64,
    ) -> (Vec<bool>, Vec<bool>) {
        if !self.may_flag(self.suppress_floor()) {
            return (vec![false; blocks.len()], vec![false; blocks.len()]);
        }
        let page = self.features(blocks);
        (
            self.suppressible_features(&page, blocks.len()),
            self.suppressible_features_share(&page, blocks.len(), share),
        )
    }

    fn suppress_floor(&self) -> u32 {
        self.options.suppress_min_count.max(self.options.min_count)
    }

    /// Whether any block can be template with this floor: not before the site has that many
    /// pages (then a page's features need not be computed at all).
    fn may_flag(&mut self, min_count: u32) -> bool {
        self.ensure_counts();
        self.pages.len() as u32 >= self.lower(min_count)
    }

    /// [`TemplateModel::template_blocks`] with the page's features computed already
    /// (`blocks` = the page's number of blocks).
    pub fn template_features(&mut self, page: &PageFeatures, blocks: usize) -> Vec<bool> {
        let min = self.options.min_count;
        self.template_blocks_at(page, blocks, min)
    }

    /// [`TemplateModel::suppressible_blocks`] with the page's features computed already
    /// (`blocks` = the page's number of blocks).
    pub fn suppressible_features(&mut self, page: &PageFeatures, blocks: usize) -> Vec<bool> {
        let min = self.suppress_floor();
        self.template_blocks_at(page, blocks, min)
    }

    /// [`TemplateModel::suppressible_features`] counting only texts on at least `share` of the
    /// site's pages (and never fewer than the `suppress_min_count` floor).
    pub fn suppressible_features_share(
        &mut self,
        page: &PageFeatures,
        blocks: usize,
        share: f64,
    ) -> Vec<bool> {
        let pages = self.pages.len() as f64;
        let min = self.suppress_floor().max((share * pages).ceil() as u32);
        self.template_blocks_at(page, blocks, min)
    }

    fn template_blocks_at(
        &mut self,
        page: &PageFeatures,
        blocks: usize,
        min_count: u32,
    ) -> Vec<bool> {
        self.ensure_counts();
        let mut flags = vec![false; blocks];
        let lower = self.lower(min_count);
        let upper = self.pages.len() as u32;
        if upper < lower {
            return flags;
        }
        let within = |c: u32| c >= lower && c <= upper;
        let dups = self.near_duplicates(page);
        // A hash on several near-duplicates of this page counts once for all of them.
        let adjusted = |c: u32, h: u32, text: bool| -> u32 {
            let mut on = 0u32;
            for p in &dups {
                let list = if text { &p.text } else { &p.dom };
                on += list.binary_search(&h).is_ok() as u32;
            }
            c - on.saturating_sub(1).min(c)
        };
        if matches!(self.options.method, Method::Dom | Method::Both) {
            // Nodes come in document order with ancestors before descendants, so a node is a
            // top-most template when no earlier node covering it was one.
            let nodes = &page.nodes;
            let mut covered_until: Option<(usize, usize)> = None; // (last block, depth)
            for n in nodes {
                if let Some((last, depth)) = covered_until {
                    if n.first <= last && n.depth > depth {
                        continue;
                    }
                }
                // A date alone that other pages show too is a day they share (two stories of
                // the same day), not the site's template: its change is judged as a date.
                if n.first == n.last && page.datelines[n.first] {
                    continue;
                }
                let h = fold(n.hash);
                let c = self.dom_counts.get(&h).copied().unwrap_or(0);
                if within(adjusted(c, h, false)) {
                    for f in &mut flags[n.first..=n.last] {
                        *f = true;
                    }
                    covered_until = Some((n.last, n.depth));
                }
            }
        }
        if matches!(self.options.method, Method::Text | Method::Both) {
            let owner = &page.owner;
            let w = self.options.window;
            let mut covered = vec![false; owner.len()];
            for &(start, h) in &page.windows {
                let h = fold(h);
                let c = self.text_counts.get(&h).copied().unwrap_or(0);
                if within(adjusted(c, h, true)) {
                    for c in &mut covered[start..start + w] {
                        *c = true;
                    }
                }
            }
            let mut total = vec![0usize; blocks];
            let mut hit = vec![0usize; blocks];
            for (k, &b) in owner.iter().enumerate() {
                total[b] += 1;
                if covered[k] {
                    hit[b] += 1;
                }
            }
            for b in 0..blocks {
                // (A shared date alone is no template here either: see the DOM method.)
                if total[b] > 0 && hit[b] * 2 >= total[b] && !page.datelines[b] {
                    flags[b] = true;
                }
            }
        }
        // The page's own title that a few other pages share is a story told twice (a daily
        // round-up's headline), not the site's template: it must be on at least
        // OWN_TEXT_SHARE of the site's pages (a site's name in an <h1> on every page is).
        let own_min = lower.max((OWN_TEXT_SHARE * f64::from(upper)).ceil() as u32);
        for (f, (&own, &leaf)) in flags.iter_mut().zip(page.own.iter().zip(&page.leaf)) {
            if !*f || !own {
                continue;
            }
            let on = page.nodes.get(leaf).map_or(0, |n| {
                let h = fold(n.hash);
                adjusted(self.dom_counts.get(&h).copied().unwrap_or(0), h, false)
            });
            if on < own_min {
                *f = false;
            }
        }
        // A paragraph that another page shares, among paragraphs of this page's own prose (a
        // wire story's background paragraph quoted in two stories), is the page's text: it
        // has more prose siblings that are not template than that are.
        let mut tally: HashMap<u64, (u32, u32)> = HashMap::new();
        let prose = || flags.iter().zip(&page.prose).zip(&page.parent);
        for ((&f, _), parent) in prose().filter(|((_, &p), _)| p) {
            let t = tally.entry(*parent).or_default();
            if f {
                t.0 += 1;
            } else {
                t.1 += 1;
            }
        }
        for (f, (&p, parent)) in flags.iter_mut().zip(page.prose.iter().zip(&page.parent)) {
            if *f && p {
                let (tpl, own) = tally[parent];
                if own >= 2 && own > tpl {
                    *f = false;
                }
            }
        }
        flags
    }

    /// How much of a page is template: blocks and share of text.
    pub fn coverage(&mut self, url: &str, blocks: &[Block]) -> PageCoverage {
        let flags = self.template_blocks(blocks);
        let total: usize = blocks.iter().map(|b| b.text.chars().count()).sum();
        let tpl: usize = blocks
            .iter()
            .zip(&flags)
            .filter(|(_, &f)| f)
            .map(|(b, _)| b.text.chars().count())
            .sum();
        PageCoverage {
            url: url.to_string(),
            blocks: blocks.len(),
            template_blocks: flags.iter().filter(|&&f| f).count(),
            template_share: if total == 0 {
                0.0
            } else {
                tpl as f64 / total as f64
            },
        }
    }
}

impl PartialEq for TemplateModel {
    fn eq(&self, other: &Self) -> bool {
        self.options == other.options
            && self.pages == other.pages
            && self.next_seq == other.next_seq
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The window hash by its definition, computed afresh for every window.
    fn window_hash(words: &[u64]) -> u64 {
        avalanche(
            words
                .iter()
                .fold(0u64, |p, &x| p.wrapping_mul(WINDOW_BASE).wrapping_add(x)),
        )
    }

    #[test]
    fn rolling_window_hashes_equal_the_definition() {
        let words = crate::text::word_hashes(
            "the harbour council met on tuesday the harbour council met again on friday and \
             the ferry to the island runs every hour from the old pier past the museum",
        );
        for w in [1, 2, 5, 16, words.len()] {
            let all = windows(&words, w, 1);
            assert_eq!(all.len(), words.len() - w + 1);
            for (start, h) in &all {
                assert_eq!(
                    *h,
                    window_hash(&words[*start..start + w]),
                    "w={w} start={start}"
                );
            }
            // Sampling keeps exactly the windows whose hash is ≡ 0 (mod D).
            let sampled = windows(&words, w, 4);
            let expected: Vec<_> = all.into_iter().filter(|(_, h)| h % 4 == 0).collect();
            assert_eq!(sampled, expected);
        }
        // Repeated text gives repeated window hashes (a fragment counts wherever it is).
        assert_eq!(windows(&words, 4, 1)[0].1, windows(&words, 4, 1)[6].1);
        assert!(windows(&words, words.len() + 1, 1).is_empty());
        assert!(windows(&words, 0, 1).is_empty());
    }

    #[test]
    fn window_hash_golden_value() {
        // Stored in site models: a change here must bump MODEL_VERSION.
        assert_eq!(window_hash(&[]), 0);
        // (B² + 2B + 3 mod 2⁶⁴, avalanched: checked with an independent computation.)
        assert_eq!(window_hash(&[1, 2, 3]), 0xde21_e9c9_8df1_7956);
    }

    fn page(article: &[&str]) -> Vec<Block> {
        let mut v = vec![
            Block {
                text: "Harbour Times".into(),
                path: "/html[0]/body[0]/header[0]/p[0]".into(),
                ..Block::default()
            },
            Block {
                text: "Home".into(),
                path: "/html[0]/body[0]/nav[0]/ul[0]/li[0]".into(),
                ..Block::default()
            },
            Block {
                text: "Sport".into(),
                path: "/html[0]/body[0]/nav[0]/ul[0]/li[1]".into(),
                ..Block::default()
            },
            Block {
                text: "Weather".into(),
                path: "/html[0]/body[0]/nav[0]/ul[0]/li[2]".into(),
                ..Block::default()
            },
        ];
        for (i, t) in article.iter().enumerate() {
            v.push(Block {
                text: t.to_string(),
                path: format!("/html[0]/body[0]/main[0]/p[{i}]"),
                ..Block::default()
            });
        }
        v.push(Block {
            text: "© Harbour Times, all rights reserved. Contact the newsroom at any time.".into(),
            path: "/html[0]/body[0]/footer[0]/p[0]".into(),
            ..Block::default()
        });
        v
    }

    #[test]
    fn shared_header_nav_footer_are_template_after_two_pages() {
        let mut m = TemplateModel::default();
        let a = page(&[
            "Ferry schedule changes next week",
            "The morning ferry leaves later.",
        ]);
        let b = page(&[
            "Sailing regatta this weekend",
            "Forty boats race across the bay.",
        ]);
        m.observe("https://h.example/a", &a);
        assert!(
            m.template_blocks(&a).iter().all(|&f| !f),
            "one page reveals no template"
        );
        m.observe("https://h.example/b", &b);
        let flags = m.template_blocks(&b);
        assert_eq!(flags, vec![true, true, true, true, false, false, true]);
        let cov = m.coverage("https://h.example/b", &b);
        assert_eq!(cov.template_blocks, 5);
        assert!(cov.template_share > 0.3 && cov.template_share < 0.8);
    }

    /// A stamp — a date or time after a short label or none — is the page's own value, never a
    /// slot; a labelled fact with a number, a price or a line of words is not a stamp.
    #[test]
    fn a_stamp_is_a_date_or_time_after_a_short_label() {
        for t in [
            "Posted : Thu, 10 Jan 2008 03:47:03 GMT",
            "Published:\u{a0}Wednesday, January 09, 2008",
            "Last Updated: Tuesday, 4 December 2007, 23:57 GMT",
            "Last updated: 11:53 AM",
            "Stand: 12.01.2022",
            "January 08, 2008 10:25pm",
            "Aktualisiert am 12. März 2024 um 14:05 Uhr",
            "vor 3 Stunden",
        ] {
            assert!(is_stamp_line(t), "{t}");
        }
        for t in [
            "Author : DPA",
            "Price: 12 EUR",
            "Chapter 3: 12 March 2024",
            "Top 10 stories of 2024",
            "Seen on 12 March 2024 by the harbour master",
            "Last updated",
            "",
        ] {
            assert!(!is_stamp_line(t), "{t}");
        }
    }

    /// A byline — an opener and a capitalized name of a few words — says who wrote the page:
    /// never a slot. A line that merely begins with "by" or "von", or a label of another
    /// kind, is no byline.
    #[test]
    fn a_byline_is_an_opener_and_a_name() {
        for t in [
            "By Kathy McCabe",
            "by Hasan Mansoor in Karachi",
            "By Ray Chesterton January 18, 2008 12:00am",
            "Author : DPA",
            "Author: Sports News Editor",
            "Written by Fergus Walsh",
            "Von Anna Müller",
            "Par Jean Dupont",
        ] {
            assert!(is_byline(t), "{t}");
        }
        for t in [
            "by the way, the ferry leaves at noon",
            "By 2030 the harbour will be twice as large as it is today and more",
            "Category : Sports",
            "Author",
            "By",
            "Von",
            "Stand by Me",
            "Shop by Category",
            "",
        ] {
            assert!(!is_byline(t), "{t}");
        }
    }

    /// A story's byline amid the template is the story's: a slot finder that took it would hide
    /// another author on the next visit. The site name around it stays a slot.
    #[test]
    fn a_byline_is_never_a_slot() {
        let blk = |path: &str, text: &str| Block {
            text: text.into(),
            path: path.into(),
            ..Block::default()
        };
        let page = |byline: &str, section: &str| {
            let mut v = vec![
                blk("/html[0]/body[0]/div[0]/div[0]/span[0]", "Home"),
                blk("/html[0]/body[0]/div[0]/div[0]/span[1]", "World"),
                blk("/html[0]/body[0]/div[0]/div[0]/span[2]", "Sports"),
                blk("/html[0]/body[0]/div[0]/div[0]/span[3]", byline),
                blk("/html[0]/body[0]/div[0]/div[0]/span[4]", section),
            ];
            v.push(blk(
                "/html[0]/body[0]/div[1]/p[0]",
                "The council met on Tuesday and agreed on the new ferry timetable for the winter.",
            ));
            v
        };
        let blocks = page("Author : DPA", "India Sports News");
        let mut flags = vec![true, true, true, false, false, false];
        template_slots(&blocks, &mut flags);
        assert_eq!(flags, vec![true, true, true, false, true, false]);
    }

    /// A box's title line that is the element's own text, above teasers that differ from page
    /// to page ("Most read" over other stories), repeats on every page: template, though the
    /// element as a whole never repeats. The teasers themselves are not repeated.
    #[test]
    fn an_element_s_own_text_above_its_children_is_template_by_repetition() {
        let boxed = |story: &str, teasers: &[&str]| {
            let mut v = page(&[story]);
            v.push(Block {
                text: "Most read".into(),
                path: "/html[0]/body[0]/aside[0]/div[0]".into(),
                ..Block::default()
            });
            for (i, t) in teasers.iter().enumerate() {
                v.push(Block {
                    text: t.to_string(),
                    path: format!("/html[0]/body[0]/aside[0]/div[0]/p[{i}]"),
                    ..Block::default()
                });
            }
            v
        };
        let mut m = TemplateModel::default();
        // Teasers longer than a slot's words, so that only repetition can find the title.
        let a = boxed(
            "The morning ferry leaves later from next week, the harbour office said.",
            &[
                "Ferry fares rise for the first time in six years as the operator blames the \
                 price of fuel and the cost of the new pier that opened last spring",
                "A winter storm closed the pier on Sunday and the coast guard asked people to \
                 stay away from the sea wall until the wind drops later this week",
            ],
        );
        let b = boxed(
            "Forty boats race across the bay this weekend in the annual regatta.",
            &[
                "The regatta moved to June after the sailing club found that too many of its \
                 boats were still out of the water for repairs in the early spring months",
                "The new mayor was sworn in at the town hall on Monday and promised to open \
                 the harbour baths again before the summer season begins in earnest",
            ],
        );
        m.observe("https://h.example/a", &a);
        m.observe("https://h.example/b", &b);
        let flags = m.template_blocks(&b);
        let title = b.iter().position(|x| x.text == "Most read").unwrap();
        assert!(
            flags[title],
            "the box's title line is the site's: {flags:?}"
        );
        assert!(!flags[title + 1] && !flags[title + 2], "{flags:?}");
    }

    /// A background paragraph two wire stories share, among each story's own paragraphs, is
    /// the story's text, not the site's template; the footer's sentence every page shows, whose
    /// siblings are no prose of the page's own, stays template.
    #[test]
    fn a_paragraph_two_stories_quote_is_not_template() {
        let background = "The rebels are fighting for a separate state in the north of the island.";
        let a = page(&[
            "The defence secretary said the truce should formally end this week.",
            "The deal requires either party to give two weeks' notice before it ends.",
            background,
        ]);
        let b = page(&[
            "Troops and rebels fought near the northern town on Sunday morning.",
            "Officials said at least twelve fighters were killed in the clashes there.",
            background,
        ]);
        let c = page(&[
            "The harbour market reopens on the quay after two years of repairs.",
            "Stall holders said the new roof keeps the rain out at last.",
            "Parking near the quay stays free for the first month of trading.",
        ]);
        let mut m = TemplateModel::default();
        for (k, p) in [&a, &b, &c].into_iter().enumerate() {
            m.observe(&format!("https://h.example/{k}"), p);
        }
        for p in [&a, &b] {
            let flags = m.repeated_blocks(p);
            assert_eq!(flags[4..7], [false, false, false], "{p:?}");
            assert!(flags[0] && flags[7], "header and footer: {flags:?}");
        }
    }

    /// A headline two of five stories share (a daily round-up's) is each page's title, not the
    /// site's template; a site's name in an `<h1>` on every page and a section's name in an
    /// `<h1>` ("Pro Football", under four words) on two of them are, and so are teasers that
    /// a page of many `<h1>`s shares with another (a front page's and a section's).
    #[test]
    fn a_headline_two_stories_share_is_not_template() {
        let story = |h1: &str, text: &str| {
            let mut v = page(&[text]);
            v.insert(
                4,
                Block {
                    text: h1.into(),
                    path: "/html[0]/body[0]/main[0]/h1[0]".into(),
                    ..Block::default()
                },
            );
            v
        };
        let pages = [
            story(
                "NHL roundup: Sunday's action on the ice",
                "Detroit won 3-1.",
            ),
            story(
                "NHL roundup: Sunday's action on the ice",
                "Boston lost in overtime.",
            ),
            story("Pro Football", "The Giants clinched a wild card."),
            story("Pro Football", "The Patriots finished unbeaten."),
            story("Harbour market reopens on the quay", "The stalls are back."),
        ];
        let mut m = TemplateModel::default();
        for (k, p) in pages.iter().enumerate() {
            m.observe(&format!("https://h.example/{k}"), p);
        }
        let h1 = |m: &mut TemplateModel, p: &[Block]| m.repeated_blocks(p)[4];
        assert!(!h1(&mut m, &pages[0]));
        assert!(!h1(&mut m, &pages[1]));
        assert!(h1(&mut m, &pages[2]));
        assert!(h1(&mut m, &pages[3]));
        assert!(!h1(&mut m, &pages[4]));
        // The header stays template.
        assert!(m.repeated_blocks(&pages[0])[0]);
        // The same headline on three of the five pages is the site's: its name, say.
        let mut m = TemplateModel::default();
        for (k, p) in pages.iter().enumerate() {
            let mut p = p.clone();
            if k == 4 {
                p[4].text = "NHL roundup: Sunday's action on the ice".into();
            }
            m.observe(&format!("https://h.example/{k}"), &p);
        }
        assert!(h1(&mut m, &pages[0]));
        // Front and section pages whose teasers each have an <h1>: a teaser two of five pages
        // show is the site's, as any repeated block.
        let teasers = |heads: &[&str]| -> Vec<Block> {
            let mut v = page(&["Latest news from the harbour."]);
            for (i, h) in heads.iter().enumerate() {
                v.insert(
                    4 + i,
                    Block {
                        text: h.to_string(),
                        path: format!("/html[0]/body[0]/main[0]/article[{i}]/header[0]/h1[0]"),
                        ..Block::default()
                    },
                );
            }
            v
        };
        let shared = "Ferry timetable changes for the winter season";
        let fronts = [
            teasers(&[shared, "Regatta crews arrive in the bay on Friday"]),
            teasers(&[shared, "Lighthouse keeper starts work in the spring"]),
            teasers(&[
                "Market stalls return to the quay next week",
                "Tide tables for December are out",
            ]),
            teasers(&[
                "Harbour master retires after thirty years",
                "New tug named after a fisherman",
            ]),
            teasers(&[
                "Storm warning for the coast tonight",
                "Pier closed for repairs until May",
            ]),
        ];
        let mut m = TemplateModel::default();
        for (k, p) in fronts.iter().enumerate() {
            m.observe(&format!("https://h.example/f{k}"), p);
        }
        assert!(m.repeated_blocks(&fronts[0])[4]);
        assert!(!m.repeated_blocks(&fronts[0])[5]);
    }

    /// Two stories of the same day show the same dateline: a day they share, not the site's
    /// template, so a change of one story's date is not hidden as a template change. The
    /// header around them is template as before.
    #[test]
    fn a_dateline_two_stories_share_is_not_template() {
        let story = |title: &str, date: &str, text: &str| {
            let mut v = page(&[title, text]);
            v.insert(
                4,
                Block {
                    text: date.into(),
                    path: "/html[0]/body[0]/main[0]/time[0]".into(),
                    ..Block::default()
                },
            );
            v
        };
        let a = story(
            "Ferry schedule changes next week",
            "Dec 29, 2007",
            "The morning ferry leaves later.",
        );
        let b = story(
            "Sailing regatta this weekend",
            "Dec 29, 2007",
            "Forty boats race across the bay.",
        );
        let c = story(
            "Harbour market reopens",
            "1 day ago",
            "The stalls are back on the quay.",
        );
        let d = story(
            "New lighthouse keeper",
            "1 day ago",
            "She starts in the spring.",
        );
        let mut m = TemplateModel::default();
        for (k, p) in [&a, &b, &c, &d].into_iter().enumerate() {
            m.observe(&format!("https://h.example/{k}"), p);
        }
        for p in [&a, &b, &c, &d] {
            assert_eq!(
                m.repeated_blocks(p),
                [true, true, true, true, false, false, false, true],
                "{p:?}"
            );
        }
        // A labelled date the pages share stays template: a build stamp in the footer.
        let stamped = |p: &[Block]| {
            let mut v = p.to_vec();
            v.push(Block {
                text: "Last updated: Dec 29, 2007".into(),
                path: "/html[0]/body[0]/footer[0]/p[1]".into(),
                ..Block::default()
            });
            v
        };
        let (a, b) = (stamped(&a), stamped(&b));
        let mut m = TemplateModel::default();
        m.observe("https://h.example/a", &a);
        m.observe("https://h.example/b", &b);
        assert!(m.repeated_blocks(&b)[8]);
    }

    #[test]
    fn versions_of_one_page_count_once() {
        let mut m = TemplateModel::default();
        let a = page(&["Story one"]);
        m.observe("https://h.example/a", &a);
        m.observe("https://h.example/a", &a);
        assert_eq!(m.pages(), 1);
        assert!(m.template_blocks(&a).iter().all(|&f| !f));
    }

    /// Long article text: distinct words so that windows differ between articles.
    fn article(topic: &str, sentences: usize) -> Vec<String> {
        (0..sentences)
            .map(|i| {
                format!(
                    "The {topic} report number {i} says that harbour {topic} ferries sail \
                     when the tide of week {i} allows {topic} crews to board"
                )
            })
            .collect()
    }

    #[test]
    fn one_document_under_two_urls_is_not_its_own_template() {
        // A terms page moved from /terms/en.html to /terms: the old copy stays in the model.
        // Without the near-duplicate rule all of its text is "on two pages" and template, so
        // no later edit of it would ever be shown.
        let mut m = TemplateModel::default();
        let terms = article("terms", 12);
        let terms: Vec<&str> = terms.iter().map(String::as_str).collect();
        let mut edited = terms.clone();
        let sentence = terms[5].replace("sail", "leave");
        edited[5] = &sentence;
        let old_copy = page(&terms);
        let moved = page(&edited);
        let other = article("sport", 12);
        let other = page(&other.iter().map(String::as_str).collect::<Vec<_>>());
        m.observe("https://h.example/terms/en.html", &old_copy);
        m.observe("https://h.example/other", &other);
        m.observe("https://h.example/terms", &moved);
        let flags = m.template_blocks(&moved);
        // The shared header, navigation and footer stay template (on distinct pages)…
        let shared = |f: &[bool]| f[..4].iter().all(|&x| x) && f[16..].iter().all(|&x| x);
        assert!(shared(&flags), "{flags:?}");
        // …the document's own text does not.
        assert!(flags[4..16].iter().all(|&f| !f), "{flags:?}");
        // Distinct pages of a site are not merged: the other page's article is its own.
        let other_flags = m.template_blocks(&other);
        assert!(shared(&other_flags) && other_flags[4..16].iter().all(|&f| !f));
    }

    #[test]
    fn text_method_finds_menus_in_shifted_places() {
        let menu: Vec<String> = (0..40).map(|i| format!("Section{i}")).collect();
        let mk = |prefix: usize, story: &str| -> Vec<Block> {
            let mut v: Vec<Block> = (0..prefix)
                .map(|i| Block {
                    text: format!("Breaking item {i} {story}"),
                    path: format!("/html[0]/body[0]/div[0]/p[{i}]"),
                    ..Block::default()
                })
                .collect();
            for (i, w) in menu.iter().enumerate() {
                // Different element paths on each page: the DOM method cannot match them.
                v.push(Block {
                    text: w.clone(),
                    path: format!("/html[0]/body[0]/div[{}]/a[{i}]", prefix + 1),
                    ..Block::default()
                });
            }
            v.push(Block {
                text: story.into(),
                path: "/html[0]/body[0]/article[0]".into(),
                ..Block::default()
            });
            v
        };
        let mut m = TemplateModel::new(TemplateOptions {
            method: Method::Text,
            ..TemplateOptions::default()
        });
        let a = mk(1, "alpha story text");
        let b = mk(3, "beta story text");
        m.observe("a", &a);
        m.observe("b", &b);
        let flags = m.template_blocks(&b);
        let menu_flags = &flags[3..3 + menu.len()];
        assert!(
            menu_flags.iter().filter(|&&f| f).count() >= menu.len() * 8 / 10,
            "{menu_flags:?}"
        );
        assert!(!flags[flags.len() - 1]);
    }

    #[test]
    fn model_round_trips_and_forgets() {
        let mut m = TemplateModel::default();
        let a = page(&["One"]);
        let b = page(&["Two"]);
        m.observe("a", &a);
        m.observe("b", &b);
        let json = serde_json::to_string(&m).expect("serialize");
        let mut back: TemplateModel = serde_json::from_str(&json).expect("deserialize");
        assert_eq!(back, m);
        assert_eq!(back.template_blocks(&b), m.template_blocks(&b));
        back.forget("a");
        assert!(back.template_blocks(&b).iter().all(|&f| !f));
    }

    #[test]
    fn a_model_stored_by_another_hash_version_is_relearned() {
        let mut m = TemplateModel::default();
        m.observe("a", &page(&["One"]));
        m.observe("b", &page(&["Two"]));
        let json = serde_json::to_string(&m).expect("serialize");
        assert!(json.contains(&format!("\"version\":{MODEL_VERSION}")));
        let old = json.replace(&format!("\"version\":{MODEL_VERSION}"), "\"version\":1");
        let mut back: TemplateModel = serde_json::from_str(&old).expect("deserialize");
        assert!(back.template_blocks(&page(&["Two"])).iter().all(|&f| !f));
        assert_eq!(back.pages(), 0);
    }

    #[test]
    fn oldest_page_dropped_at_cap() {
        let mut m = TemplateModel::new(TemplateOptions {
            max_pages: 2,
            ..TemplateOptions::default()
        });
        for u in ["a", "b", "c"] {
            m.observe(u, &page(&[u]));
        }
        assert_eq!(m.pages(), 2);
    }

    /// A story page: the site's header, a section box (its heading and "more" link repeated on
    /// every page, its list of the section's other stories not), and the story: headline,
    /// paragraphs and one short subheading.
    fn story(topic: &str, others: &[&str]) -> Vec<Block> {
        let b = |text: String, path: &str| Block {
            text,
            path: path.into(),
            ..Block::default()
        };
        let mut v = page(&[]);
        v.pop(); // the footer goes last
        v.push(b(
            format!("{topic} ferries sail again"),
            "/html[0]/body[0]/main[0]/h1[0]",
        ));
        for (i, t) in article(topic, 4).into_iter().enumerate() {
            v.push(b(t, &format!("/html[0]/body[0]/main[0]/p[{i}]")));
        }
        v.push(b(
            format!("What the {topic} crews say"),
            "/html[0]/body[0]/main[0]/h2[0]",
        ));
        v.push(b(
            "Stories in this section".into(),
            "/html[0]/body[0]/aside[0]/h3[0]",
        ));
        for (i, t) in others.iter().enumerate() {
            v.push(b(
                t.to_string(),
                &format!("/html[0]/body[0]/aside[0]/ul[0]/li[{i}]"),
            ));
        }
        v.push(b(
            "More from the section".into(),
            "/html[0]/body[0]/aside[0]/p[0]",
        ));
        v.extend(page(&[]).pop());
        v
    }

    #[test]
    fn the_slots_of_a_template_region_are_template_and_a_story_s_short_lines_are_not() {
        let mut m = TemplateModel::default();
        let pages = [
            (
                "https://h.example/a",
                story("harbour", &["Pier closed", "New tug"]),
            ),
            ("https://h.example/b", story("river", &["Lock repaired"])),
            (
                "https://h.example/c",
                story("canal", &["Barge race", "Quay works", "Toll"]),
            ),
        ];
        for (u, p) in &pages {
            m.observe(u, p);
        }
        let blocks = &pages[2].1;
        let text = |flags: &[bool]| -> Vec<&str> {
            blocks
                .iter()
                .zip(flags)
                .filter(|(_, &f)| f)
                .map(|(b, _)| b.text.as_str())
                .collect()
        };
        let repeated = m.repeated_blocks(blocks);
        let template = m.template_blocks(blocks);
        assert!(text(&repeated).contains(&"Stories in this section"));
        // The section's other stories differ on every page: slots of the box, not repeated.
        for t in ["Barge race", "Quay works", "Toll"] {
            assert!(!text(&repeated).contains(&t), "{t}");
            assert!(text(&template).contains(&t), "{t}");
        }
        // The story's headline and subheading are short and differ from page to page too, but
        // they share their region with the story's paragraphs.
        assert!(!text(&template).contains(&"canal ferries sail again"));
        assert!(!text(&template).contains(&"What the canal crews say"));
        assert_eq!(
            text(&template).len(),
            text(&repeated).len() + 3,
            "{:?}",
            text(&template)
        );
        // Only the repeated parts may hide a change (a slot's change is the page's own).
        let hide = m.suppressible_blocks(blocks);
        assert!(!text(&hide).contains(&"Toll"));
    }

    /// A page of a site whose left column is a box of the latest stories (no heading: nothing
    /// in it repeats), `shift` places further down on some pages, beside an article with a
    /// bullet list of its own.
    fn with_latest(topic: &str, latest: &[&str], shift: usize, bullets: &[&str]) -> Vec<Block> {
        let b = |text: String, path: String| Block {
            text,
            path,
            ..Block::default()
        };
        let mut v = page(&[]);
        let footer = v.pop();
        for (i, t) in latest.iter().enumerate() {
            v.push(b(
                t.to_string(),
                format!("/html[0]/body[0]/div[{shift}]/table[0]/tbody[0]/tr[{i}]/td[0]"),
            ));
        }
        v.push(b(
            format!("{topic} ferries sail again"),
            "/html[0]/body[0]/main[0]/h1[0]".into(),
        ));
        for (i, t) in article(topic, 3).into_iter().enumerate() {
            v.push(b(t, format!("/html[0]/body[0]/main[0]/p[{i}]")));
        }
        for (i, t) in bullets.iter().enumerate() {
            v.push(b(
                t.to_string(),
                format!("/html[0]/body[0]/main[0]/ul[0]/li[{i}]"),
            ));
        }
        v.extend(footer);
        v
    }

    #[test]
    fn a_list_the_site_repeats_with_other_content_is_template_and_an_article_s_list_is_not() {
        let mut m = TemplateModel::default();
        let pages = [
            (
                "https://h.example/a",
                with_latest(
                    "harbour",
                    &[
                        "Pier closed",
                        "New tug",
                        "Toll",
                        "Posted : Thu, 10 Jan 2008 03:47:03 GMT",
                    ],
                    0,
                    &["Bring a coat", "Tickets aboard", "Dogs welcome"],
                ),
            ),
            (
                "https://h.example/b",
                with_latest(
                    "river",
                    &[
                        "Lock repaired",
                        "Barge race",
                        "Quay works",
                        "Flood drill",
                        "Posted : Fri, 11 Jan 2008 09:12:44 GMT",
                    ],
                    1,
                    &["Cash only", "No bikes", "Last boat at six"],
                ),
            ),
        ];
        let text = |blocks: &[Block], flags: &[bool]| -> Vec<String> {
            blocks
                .iter()
                .zip(flags)
                .filter(|(_, &f)| f)
                .map(|(b, _)| b.text.clone())
                .collect()
        };
        // One page: no list is on two pages yet.
        m.observe(pages[0].0, &pages[0].1);
        assert!(m.template_blocks(&pages[0].1).iter().all(|&f| !f));
        m.observe(pages[1].0, &pages[1].1);
        for (_, blocks) in &pages {
            let repeated = text(blocks, &m.repeated_blocks(blocks));
            let template = text(blocks, &m.template_blocks(blocks));
            // The box of latest stories: the same kind of list at the same depth on both
            // pages (one place further down on the second), other stories in it.
            for t in ["Pier closed", "Toll", "Lock repaired", "Flood drill"] {
                if blocks.iter().any(|b| b.text == t) {
                    assert!(!repeated.contains(&t.to_string()), "{t}");
                    assert!(template.contains(&t.to_string()), "{t}");
                }
            }
            // The article's headline and its bullet points (a list among its paragraphs) are
            // the page's own, and so is a stamp in the list (when it was posted: judged as a
            // date).
            for t in [
                "Posted : Thu, 10 Jan 2008 03:47:03 GMT",
                "Posted : Fri, 11 Jan 2008 09:12:44 GMT",
                "harbour ferries sail again",
                "Bring a coat",
                "Cash only",
                "No bikes",
            ] {
                assert!(!template.contains(&t.to_string()), "{t}");
            }
            assert!(template.contains(&"Home".to_string()));
        }
        // The lists are kept with the model: a model read back flags the same blocks.
        let back: TemplateModel =
            serde_json::from_str(&serde_json::to_string(&m).unwrap()).unwrap();
        let mut back = back;
        assert_eq!(
            back.template_blocks(&pages[1].1),
            m.template_blocks(&pages[1].1)
        );
        // Forgetting a page forgets its lists.
        m.forget(pages[0].0);
        let blocks = &pages[1].1;
        assert!(!text(blocks, &m.template_blocks(blocks)).contains(&"Lock repaired".to_string()));
    }

    #[test]
    fn a_list_is_short_items_in_few_shapes() {
        let b = |text: &str, path: &str| Block {
            text: text.into(),
            path: path.into(),
            ..Block::default()
        };
        let keys = |blocks: &[Block]| PageLists::of(blocks).keys().len();
        let row = |i: usize| format!("/html[0]/body[0]/div[0]/ul[0]/li[{i}]");
        let three: Vec<Block> = (0..3).map(|i| b("An item", &row(i))).collect();
        // div[0] and ul[0] are lists (one shape, three blocks); html and body are not.
        assert_eq!(keys(&three), 2);
        assert_eq!(keys(&three[..2]), 0, "two blocks are no list");
        let mut prose = three.clone();
        prose[1].text = "word ".repeat(SLOT_MAX_WORDS + 1);
        assert_eq!(keys(&prose), 0, "a list holds no prose");
        // Four shapes in four blocks: a heading, a paragraph, a quote, a caption — no list.
        let mixed = [
            b("A", "/html[0]/body[0]/div[0]/h2[0]"),
            b("B", "/html[0]/body[0]/div[0]/p[0]"),
            b("C", "/html[0]/body[0]/div[0]/blockquote[0]"),
            b("D", "/html[0]/body[0]/div[0]/figure[0]/figcaption[0]"),
        ];
        assert_eq!(keys(&mixed), 0);
        // The key is the element's type path and shapes: positions do not matter, tags do.
        let moved: Vec<Block> = (0..4)
            .map(|i| b("Other", &format!("/html[0]/body[0]/div[3]/ul[1]/li[{i}]")))
            .collect();
        assert_eq!(PageLists::of(&moved).keys(), PageLists::of(&three).keys());
        // Among a text's paragraphs: the text's bullet points.
        let mut bullets = three.clone();
        bullets.push(b(
            &"word ".repeat(SLOT_MAX_WORDS + 1),
            "/html[0]/body[0]/div[0]/p[0]",
        ));
        assert_eq!(keys(&bullets), 0);
        // The page's title and the lines beside it (its author, its date): no list.
        let mut titled = vec![b("The story", "/html[0]/body[0]/div[0]/h1[0]")];
        titled.extend((0..4).map(|i| b("By Ann", &format!("/html[0]/body[0]/div[0]/p[{i}]"))));
        assert_eq!(keys(&titled), 0);
        titled[0].path = "/html[0]/body[0]/div[0]/h2[0]".into();
        assert_eq!(keys(&titled), 1);
        // Past the cap a page has no lists, and marks nothing.
        let deep: Vec<Block> = (0..3)
            .map(|i| {
                b(
                    "Deep",
                    &format!(
                        "/html[0]/body[0]{}/li[{i}]",
                        "/div[0]".repeat(crate::limits::MAX_LIST_STEPS / 3)
                    ),
                )
            })
            .collect();
        let lists = PageLists::of(&deep);
        assert!(lists.keys().is_empty());
        let mut flags = vec![false; 3];
        assert_eq!(lists.mark(&deep, &mut flags, 0, |_| 9), vec![0; 3]);
        // Inside <main> or an <article>: the page's own list (a product's features).
        let features: Vec<Block> = (0..3)
            .map(|i| {
                b(
                    "A feature",
                    &format!("/html[0]/body[0]/main[0]/div[0]/ul[0]/li[{i}]"),
                )
            })
            .collect();
        assert_eq!(keys(&features), 0);
        let ol: Vec<Block> = (0..3)
            .map(|i| b("An item", &format!("/html[0]/body[0]/div[0]/ol[0]/li[{i}]")))
            .collect();
        assert_ne!(PageLists::of(&ol).keys(), PageLists::of(&three).keys());
    }

    #[test]
    fn a_slot_needs_a_template_region_around_it() {
        let b = |text: &str, path: &str| Block {
            text: text.into(),
            path: path.into(),
            ..Block::default()
        };
        let cjk: String = "一二三四五六七八九十".repeat(20);
        let page = |third: Option<&str>| {
            let mut v = vec![
                b("Menu", "/html[0]/body[0]/div[0]/p[0]"),
                b("Today only", "/html[0]/body[0]/div[0]/p[1]"),
            ];
            if let Some(t) = third {
                v.push(b(t, "/html[0]/body[0]/div[0]/p[2]"));
            }
            v.push(b("Tomorrow", "/html[0]/body[0]/div[1]/p[0]"));
            v.push(b("A line of the body", "/html[0]/body[0]/p[0]"));
            v
        };
        // div[0] is one third template, but a long block shares it (text without spaces counts
        // by characters): no slot.
        let blocks = page(Some(&cjk));
        let mut flags = vec![true, false, false, false, false];
        template_slots(&blocks, &mut flags);
        assert_eq!(flags, [true, false, false, false, false]);
        // Without it, div[0] is half template: "Today only" is its slot; div[1] and <body> are
        // not regions of the template.
        let blocks = page(None);
        let mut flags = vec![true, false, false, false];
        template_slots(&blocks, &mut flags);
        assert_eq!(flags, [true, true, false, false]);
        // The page's title names the page: never a slot, even in a region of the template
        // (a headline in a table of the article's byline, apart from its paragraphs).
        let mut titled = page(None);
        titled[1].path = "/html[0]/body[0]/div[0]/h1[0]".into();
        let mut flags = vec![true, false, false, false];
        template_slots(&titled, &mut flags);
        assert_eq!(flags, [true, false, false, false]);
        // A teaser's <h1> in a sidebar names another page: a slot like the rest of it.
        let mut aside = page(None);
        aside[1].path = "/html[0]/body[0]/div[0]/aside[0]/h1[0]".into();
        let mut flags = vec![true, false, false, false];
        template_slots(&aside, &mut flags);
        assert_eq!(flags, [true, true, false, false], "{aside:#?}");
        // Nothing repeated, nothing to extend.
        let mut none = vec![false; 4];
        template_slots(&blocks, &mut none);
        assert_eq!(none, [false; 4]);
    }

    #[test]
    fn the_element_tree_follows_document_order_and_closes_elements() {
        let b = |path: &str| Block {
            text: "x".into(),
            path: path.into(),
            ..Block::default()
        };
        let blocks = [
            b("/html[0]/body[0]/div[1]"),
            b("/html[0]/body[0]/div[1]/p[0]"),
            b(""),
            b("/html[0]/body[0]/div[10]/p[0]"),
            b("/html[0]/body[0]/div[10]/p[0]"),
        ];
        let (nodes, own) = element_tree(&blocks);
        let path_of = |mut id: usize| {
            let mut steps = vec![];
            loop {
                steps.push((nodes[id].steps, nodes[id].first, nodes[id].last));
                match nodes[id].parent {
                    Some(p) => id = p,
                    None => return steps,
                }
            }
        };
        // html, body, div[1] (blocks 0..=1), its p (block 1); div[10] (3..=4) is not div[1].
        assert_eq!(
            path_of(own[1]),
            [(4, 1, 1), (3, 0, 1), (2, 0, 4), (1, 0, 4)]
        );
        assert_eq!(
            path_of(own[4]),
            [(4, 3, 4), (3, 3, 4), (2, 0, 4), (1, 0, 4)]
        );
        assert_eq!(own[3], own[4]);
        assert_eq!(nodes.len(), 6);
    }
}
