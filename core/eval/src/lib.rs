//! The logic of `scripts/evaluate`, kept apart from the data so it is tested on small fixtures:
//! the three compared variants, the mapping of blocks into a CSS-selected region, the gold
//! labels of the boilerplate sets, text overlap, and the arithmetic of the tables.
//!
//! The three variants, for one pair of versions of a page:
//! - **plain**: [`sincelast_core::align::diff_blocks`] — every change is highlighted;
//! - **ignore numbers**: what Update Scanner and Page Monitor offer — every digit is removed from
//!   the block texts before the same plain diff;
//! - **ours**: [`sincelast_core::visit`] with the site model learned from the visits so
//!   far; only content changes are highlighted.
//!
//! A *highlight* is a block the new page paints: status new, changed or moved, kind content
//! (what `summary.meaningful` counts). Removed content blocks are listed apart: the page cannot
//! paint them, but the bar counts them and the watch reports them, so a variant that reports
//! only removed content is not quiet.
#![forbid(unsafe_code)]

pub mod region;

use std::collections::{HashMap, HashSet};
use std::path::{Path, PathBuf};
use std::process::Command;

use sincelast_core::align::{diff_blocks, DiffOptions, Kind, Report, Status};
use sincelast_core::block::Block;
use sincelast_core::classify::site::SiteState;
use sincelast_core::visit::{visit, Version, VisitInput};

/// What one variant reports for one pair of versions.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct Outcome {
    /// Indices (in the new page) of highlighted blocks: new, changed or moved content.
    pub highlighted: Vec<usize>,
    /// Indices (in the old page) of content blocks reported removed.
    pub removed: Vec<usize>,
    /// Old-page indices of the changed blocks among `highlighted` (same order, `None` when the
    /// block is new or moved).
    pub changed_from: Vec<Option<usize>>,
}

impl Outcome {
    /// The content blocks of a report.
    pub fn from_report(report: &Report) -> Outcome {
        let mut o = Outcome::default();
        for b in &report.blocks {
            if b.kind != Kind::Content {
                continue;
            }
            match (b.status, b.new_index, b.old_index) {
                (Status::New | Status::Moved, Some(j), _) => {
                    o.highlighted.push(j);
                    o.changed_from.push(None);
                }
                (Status::Changed, Some(j), i) => {
                    o.highlighted.push(j);
                    o.changed_from.push(i);
                }
                (Status::Removed, _, Some(i)) => o.removed.push(i),
                _ => {}
            }
        }
        o
    }

    /// True when nothing is highlighted and no content is reported removed: the page shows no
    /// change (the bar counts removed content too, and the watch reports it).
    pub fn is_quiet(&self) -> bool {
        self.highlighted.is_empty() && self.removed.is_empty()
    }
}

/// A first visit of `url` through the core's one visit path ([`sincelast_core::visit`]): the
/// page joins the site's template model.
pub fn first_visit(site: &mut SiteState, url: &str, time: i64, blocks: &[Block]) {
    visit(
        &VisitInput {
            url,
            previous: None,
            current: Version {
                time: Some(time),
                blocks,
            },
        },
        site,
    );
}

/// A revisit of `url` through the core's one visit path: the classified report (the site
/// learns from it).
pub fn revisit(
    site: &mut SiteState,
    url: &str,
    old: (i64, &[Block]),
    new: (i64, &[Block]),
) -> Report {
    visit(&VisitInput::revisit(url, old, new), site)
        .report
        .unwrap_or_else(|| Report {
            summary: Default::default(),
            blocks: Vec::new(),
            kept_unloaded: Vec::new(),
            work: Default::default(),
        })
}

/// The plain alignment: every change is content.
pub fn plain(old: &[Block], new: &[Block]) -> Outcome {
    Outcome::from_report(&diff_blocks(old, new, &DiffOptions::default()))
}

/// The blocks with every decimal digit removed from their text (white space re-collapsed), in
/// the same order, so indices carry over.
pub fn strip_digits(blocks: &[Block]) -> Vec<Block> {
    blocks
        .iter()
        .map(|b| {
            let t: String = b.text.chars().filter(|c| !c.is_ascii_digit()).collect();
            Block {
                text: t.split_whitespace().collect::<Vec<_>>().join(" "),
                ..b.clone()
            }
        })
        .collect()
}

/// "Ignore numbers" (Update Scanner, Page Monitor): digits removed, then the plain diff.
pub fn ignore_numbers(old: &[Block], new: &[Block]) -> Outcome {
    plain(&strip_digits(old), &strip_digits(new))
}

/// Lower-case alphanumeric words of a text (every other character separates words).
pub fn words(text: &str) -> Vec<String> {
    text.split(|c: char| !c.is_alphanumeric())
        .filter(|w| !w.is_empty())
        .map(|w| w.to_lowercase())
        .collect()
}

/// Shingle length used by [`overlaps`].
pub const SHINGLE: usize = 4;

/// Whether `text` overlaps the changed `line`: they share a run of [`SHINGLE`] consecutive
/// words, or — for a line shorter than that — `text` contains the whole line's word sequence.
/// Both are compared as [`words`].
pub fn overlaps(line: &[String], text: &[String]) -> bool {
    let k = SHINGLE.min(line.len());
    if k == 0 || text.len() < k {
        return false;
    }
    let grams: HashSet<&[String]> = text.windows(k).collect();
    line.windows(k).any(|g| grams.contains(g))
}

/// Markdown line reduced to its visible words: link and image targets, autolinks and markup
/// characters dropped (`[text](url)` → `text`).
pub fn markdown_visible(line: &str) -> String {
    let mut out = String::with_capacity(line.len());
    let chars: Vec<char> = line.chars().collect();
    let mut i = 0;
    while i < chars.len() {
        let c = chars[i];
        if c == ']' && chars.get(i + 1) == Some(&'(') {
            // Skip the target up to the matching ')'.
            let mut depth = 0usize;
            let mut j = i + 1;
            while j < chars.len() {
                match chars[j] {
                    '(' => depth += 1,
                    ')' => {
                        depth -= 1;
                        if depth == 0 {
                            break;
                        }
                    }
                    _ => {}
                }
                j += 1;
            }
            out.push(' ');
            i = j + 1;
            continue;
        }
        if c == '<' {
            if let Some(end) = chars[i..].iter().position(|&x| x == '>') {
                let inner: String = chars[i + 1..i + end].iter().collect();
                if inner.starts_with("http") || inner.starts_with("mailto:") {
                    i += end + 1;
                    out.push(' ');
                    continue;
                }
            }
        }
        if matches!(
            c,
            '#' | '*' | '_' | '>' | '|' | '`' | '[' | ']' | '!' | '\\'
        ) {
            out.push(' ');
        } else {
            out.push(c);
        }
        i += 1;
    }
    out.split_whitespace().collect::<Vec<_>>().join(" ")
}

/// What changed between two markdown versions of a document, as visible words per line:
/// `(added, deleted)` — the new-side lines the plain line diff marks new, changed or moved,
/// and the old-side lines it marks removed or changed. Lines without words are left out.
pub fn markdown_changes(old: &str, new: &str) -> (Vec<Vec<String>>, Vec<Vec<String>>) {
    let lines = |s: &str| -> Vec<Block> {
        s.lines()
            .map(markdown_visible)
            .filter(|l| !words(l).is_empty())
            .map(Block::from_text)
            .collect()
    };
    let (o, n) = (lines(old), lines(new));
    let r = diff_blocks(&o, &n, &DiffOptions::default());
    let mut added = Vec::new();
    let mut deleted = Vec::new();
    for b in &r.blocks {
        match b.status {
            Status::New | Status::Moved => added.push(words(&b.text)),
            Status::Changed => {
                added.push(words(&b.text));
                if let Some(i) = b.old_index {
                    deleted.push(words(&o[i].text));
                }
            }
            Status::Removed => deleted.push(words(&b.text)),
            Status::Unchanged => {}
        }
    }
    (added, deleted)
}

/// Whether an outcome recalls a real change: a highlighted block (its new text, or for a
/// changed block also its old text) overlaps an added or deleted line, or a removed content
/// block overlaps a deleted line (see [`overlaps`]).
pub fn recalls(
    o: &Outcome,
    old: &[Block],
    new: &[Block],
    added: &[Vec<String>],
    deleted: &[Vec<String>],
) -> bool {
    let any = |text: &str, lines: &[Vec<String>]| {
        let w = words(text);
        lines.iter().any(|l| overlaps(l, &w))
    };
    for (k, &j) in o.highlighted.iter().enumerate() {
        if any(&new[j].text, added) || any(&new[j].text, deleted) {
            return true;
        }
        if let Some(i) = o.changed_from[k] {
            if any(&old[i].text, deleted) {
                return true;
            }
        }
    }
    o.removed.iter().any(|&i| any(&old[i].text, deleted))
}

/// Counts of a binary classification (positive = template / boilerplate).
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Confusion {
    /// Predicted positive, gold positive.
    pub tp: usize,
    /// Predicted positive, gold negative.
    pub fp: usize,
    /// Predicted negative, gold positive.
    pub fn_: usize,
    /// Predicted negative, gold negative.
    pub tn: usize,
}

impl Confusion {
    /// Adds one item.
    pub fn add(&mut self, predicted: bool, gold: bool) {
        match (predicted, gold) {
            (true, true) => self.tp += 1,
            (true, false) => self.fp += 1,
            (false, true) => self.fn_ += 1,
            (false, false) => self.tn += 1,
        }
    }

    /// Adds another table's counts.
    pub fn merge(&mut self, o: &Confusion) {
        self.tp += o.tp;
        self.fp += o.fp;
        self.fn_ += o.fn_;
        self.tn += o.tn;
    }

    /// tp / (tp + fp); `None` when nothing was predicted positive.
    pub fn precision(&self) -> Option<f64> {
        ratio(self.tp, self.tp + self.fp)
    }

    /// tp / (tp + fn); `None` when there is no gold positive.
    pub fn recall(&self) -> Option<f64> {
        ratio(self.tp, self.tp + self.fn_)
    }
}

/// `num / den`, `None` when `den` is 0.
pub fn ratio(num: usize, den: usize) -> Option<f64> {
    (den > 0).then(|| num as f64 / den as f64)
}

/// A share as a percentage with one decimal, or `-` when undefined.
pub fn pct(r: Option<f64>) -> String {
    r.map_or_else(|| "-".into(), |x| format!("{:.1}%", 100.0 * x))
}

/// A ratio with three decimals, or `-` when undefined.
pub fn dec(r: Option<f64>) -> String {
    r.map_or_else(|| "-".into(), |x| format!("{x:.3}"))
}

/// Seconds since the Unix epoch of a `YYYYmmddTHHMMSSZ` stamp or of an ISO
/// `YYYY-mm-ddTHH:MM:SS[Z]` time (UTC).
pub fn parse_time(s: &str) -> Option<i64> {
    let digits: String = s.chars().filter(|c| c.is_ascii_digit()).take(14).collect();
    if digits.len() != 14 {
        return None;
    }
    let n = |a: usize, b: usize| digits[a..b].parse::<i64>().ok();
    let (y, m, d) = (n(0, 4)?, n(4, 6)?, n(6, 8)?);
    let (hh, mm, ss) = (n(8, 10)?, n(10, 12)?, n(12, 14)?);
    if !(1..=12).contains(&m) || !(1..=31).contains(&d) {
        return None;
    }
    Some(sincelast_core::calendar::unix_seconds(y, m, d, hh, mm, ss))
}

/// Rows of a CSV text (RFC 4180 quoting; the first row is the header).
pub fn csv_rows(text: &str) -> Vec<Vec<String>> {
    let mut rows = Vec::new();
    let mut row = Vec::new();
    let mut field = String::new();
    let mut quoted = false;
    let mut chars = text.chars().peekable();
    while let Some(c) = chars.next() {
        if quoted {
            if c == '"' {
                if chars.peek() == Some(&'"') {
                    field.push('"');
                    chars.next();
                } else {
                    quoted = false;
                }
            } else {
                field.push(c);
            }
            continue;
        }
        match c {
            '"' => quoted = true,
            ',' => row.push(std::mem::take(&mut field)),
            '\r' => {}
            '\n' => {
                row.push(std::mem::take(&mut field));
                rows.push(std::mem::take(&mut row));
            }
            _ => field.push(c),
        }
    }
    if !field.is_empty() || !row.is_empty() {
        row.push(field);
        rows.push(row);
    }
    rows
}

/// A CSV file as records keyed by the header's column names.
pub struct Table {
    header: Vec<String>,
    /// The records (header excluded).
    pub rows: Vec<Vec<String>>,
}

impl Table {
    /// Parses CSV text.
    pub fn parse(text: &str) -> Table {
        let mut rows = csv_rows(text);
        let header = if rows.is_empty() {
            Vec::new()
        } else {
            rows.remove(0)
        };
        Table { header, rows }
    }

    /// Reads and parses a CSV file.
    pub fn read(path: &Path) -> Result<Table, String> {
        let text = std::fs::read_to_string(path).map_err(|e| format!("{}: {e}", path.display()))?;
        Ok(Table::parse(&text))
    }

    /// Field `col` of `row` ("" when absent).
    pub fn get<'a>(&self, row: &'a [String], col: &str) -> &'a str {
        self.header
            .iter()
            .position(|h| h == col)
            .and_then(|i| row.get(i))
            .map_or("", |s| s.as_str())
    }
}

/// Unpacks a `.tar.zst` archive into `cache/<name>` once (with the system `zstd` and `tar`);
/// later runs reuse it. Returns the directory.
pub fn unpack(archive: &Path, cache: &Path, name: &str) -> Result<PathBuf, String> {
    let dir = cache.join(name);
    let done = dir.join(".unpacked");
    if done.exists() {
        return Ok(dir);
    }
    std::fs::create_dir_all(&dir).map_err(|e| format!("{}: {e}", dir.display()))?;
    let status = Command::new("sh")
        .arg("-c")
        .arg("zstd -dcq \"$1\" | tar -x -C \"$2\"")
        .arg("sh")
        .arg(archive)
        .arg(&dir)
        .status()
        .map_err(|e| format!("zstd/tar: {e}"))?;
    if !status.success() {
        return Err(format!("unpacking {} failed", archive.display()));
    }
    std::fs::write(&done, b"").map_err(|e| format!("{}: {e}", done.display()))?;
    Ok(dir)
}

/// Reads an HTML file as text (invalid UTF-8 replaced) and extracts its blocks; `None` when
/// the core refuses it (binary, too large).
pub fn extract_file(path: &Path, url: &str) -> Option<(String, Vec<Block>)> {
    let bytes = std::fs::read(path).ok()?;
    let html = String::from_utf8_lossy(&bytes).into_owned();
    let page = sincelast_core::extract::extract_html(
        &html,
        &sincelast_core::extract::ExtractOptions {
            url: Some(url.to_string()),
            ..Default::default()
        },
    )
    .ok()?;
    Some((html, page.blocks))
}

/// Deterministic even sample of `k` items out of `n` (indices, ascending); all when `n <= k`.
pub fn even_sample(n: usize, k: usize) -> Vec<usize> {
    if n <= k {
        return (0..n).collect();
    }
    (0..k).map(|i| i * n / k).collect()
}

/// For each block, whether it is gold content against a gold text given as [`words`] and as
/// its units ([`gold_units`]: the words of each paragraph, heading and list item). A block of
/// [`SHINGLE`] words or more is judged as by [`gold_content`] (half of its words in shared
/// runs). A shorter block is content when its words are a whole unit of the gold text (a
/// heading, a one-line paragraph), or when the alignment of the page with the gold text places
/// at least half of them: the page's words (its blocks' words in document order) aligned with
/// the gold text's words by Myers' minimal diff (a longest common subsequence, as CleanEval's
/// own scorer aligns an extraction with the gold text). So a word of the page's chrome
/// ("About", "Twitter", "More") is content only where the gold text has it in the page's own
/// order or on its own line, not wherever the article happens to use it, as [`gold_content`]
/// takes it. Blocks without words are not content.
pub fn gold_content_aligned(
    blocks: &[Block],
    gold: &[String],
    units: &HashSet<Vec<String>>,
) -> Vec<bool> {
    use imara_diff::{Algorithm, Diff, Token};
    let block_words: Vec<Vec<String>> = blocks.iter().map(|b| words(&b.text)).collect();
    let mut ids: HashMap<&str, u32> = HashMap::new();
    fn id<'a>(ids: &mut HashMap<&'a str, u32>, w: &'a str) -> Token {
        let n = ids.len() as u32;
        Token(*ids.entry(w).or_insert(n))
    }
    let mut page: Vec<Token> = Vec::new();
    let mut owner: Vec<usize> = Vec::new();
    for (k, w) in block_words.iter().enumerate() {
        for x in w {
            page.push(id(&mut ids, x));
            owner.push(k);
        }
    }
    let gold_words = gold;
    let gold: Vec<Token> = gold.iter().map(|w| id(&mut ids, w)).collect();
    let num = ids.len() as u32;
    let mut diff = Diff::default();
    diff.compute_with(Algorithm::MyersMinimal, &page, &gold, num);
    let mut aligned = vec![0usize; blocks.len()];
    for (i, &k) in owner.iter().enumerate() {
        if !diff.is_removed(i as u32) {
            aligned[k] += 1;
        }
    }
    let long = gold_content(blocks, gold_words);
    block_words
        .iter()
        .zip(&aligned)
        .zip(long)
        .map(|((w, &a), long)| match w.len() {
            0 => false,
            n if n >= SHINGLE => long,
            n => units.contains(w) || a * 2 >= n,
        })
        .collect()
}

/// The units of a gold text in CleanEval's format, as [`words`]: each paragraph (`<p>`),
/// heading (`<h>`) and list item (`<l>`) runs from its marker to the next one.
pub fn gold_units(text: &str) -> HashSet<Vec<String>> {
    let mut units = HashSet::new();
    let mut unit = String::new();
    for line in text.lines() {
        let t = line.trim_start();
        if t.starts_with("<p>") || t.starts_with("<h>") || t.starts_with("<l>") {
            units.insert(words(&unit));
            unit.clear();
            unit.push_str(&t[3..]);
        } else if !t.starts_with("URL:") {
            unit.push(' ');
            unit.push_str(t);
        }
    }
    units.insert(words(&unit));
    units.remove(&Vec::new());
    units
}

/// For each block, whether it is gold content against a gold text given as [`words`]: at
/// least half of the block's words lie in runs of [`SHINGLE`] consecutive words that also
/// occur in the gold text; a block shorter than that is content when its whole word sequence
/// occurs in the gold text. Blocks without words are not content.
pub fn gold_content(blocks: &[Block], gold: &[String]) -> Vec<bool> {
    let grams: HashSet<&[String]> = gold.windows(SHINGLE).collect();
    blocks
        .iter()
        .map(|b| {
            let w = words(&b.text);
            if w.is_empty() {
                return false;
            }
            if w.len() < SHINGLE {
                return gold.windows(w.len()).any(|g| g == w.as_slice());
            }
            let mut covered = vec![false; w.len()];
            for (i, g) in w.windows(SHINGLE).enumerate() {
                if grams.contains(g) {
                    covered[i..i + SHINGLE].iter_mut().for_each(|c| *c = true);
                }
            }
            covered.iter().filter(|&&c| c).count() * 2 >= w.len()
        })
        .collect()
}
