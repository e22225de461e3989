//! Blocks: the unit everything in Since Last Visit works on.
//!
//! A block is one text-bearing block-level element of a page (a paragraph, a heading, a list
//! item, a table cell…) with its normalized text. How blocks are found is the extraction spec
//! in [`crate::extract`]; the browser's content script implements the same spec over the live
//! DOM, so blocks from either side can be compared.

use serde::{Deserialize, Serialize};

/// One block of a page.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, Default)]
pub struct Block {
    /// Normalized text (see [`crate::text::normalize`]): whitespace runs collapsed to one
    /// space, trimmed, never empty.
    pub text: String,
    /// Position path of the block element: `/html[0]/body[0]/div[2]`, where `[i]` is the
    /// zero-based index of the element among its parent's *element* children.
    pub path: String,
    /// Type path: tag names only, `/html/body/div`.
    pub type_path: String,
    /// Absolute http(s) links inside the block, in document order, without duplicates.
    #[serde(default)]
    pub links: Vec<String>,
}

impl Block {
    /// A block with only text (used for plain-text input and in tests).
    pub fn from_text(text: impl Into<String>) -> Block {
        Block {
            text: text.into(),
            ..Block::default()
        }
    }

    /// The stable, persisted id of this block's content (see [`crate::hash`]).
    pub fn id(&self) -> String {
        crate::hash::block_id(&self.text)
    }
}

/// A page as blocks.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, Default)]
pub struct Page {
    /// The document's `<title>`, normalized; `None` when absent or empty. The title is kept
    /// apart from the blocks: it is not shown in the page body.
    pub title: Option<String>,
    /// Blocks in document order.
    pub blocks: Vec<Block>,
    /// True when a cap (input size, block count, block length) cut the page short; the
    /// extraction spec says which cap does what.
    #[serde(default)]
    pub truncated: bool,
}

impl Page {
    /// A plain-text document as a page: every non-blank line is one block (normalized), under
    /// the same caps as HTML: a line longer than [`crate::limits::MAX_BLOCK_TEXT`] characters is
    /// split into blocks of at most that many (at a space when there is one in the second half),
    /// and past [`crate::limits::MAX_EXTRACT_BLOCKS`] blocks the rest is left out (`truncated`).
    pub fn from_text(text: &str) -> Page {
        let max_chars = crate::limits::MAX_BLOCK_TEXT;
        let max_blocks = crate::limits::MAX_EXTRACT_BLOCKS;
        let mut blocks: Vec<Block> = Vec::new();
        let mut truncated = false;
        'lines: for line in text.lines() {
            let normalized = crate::text::normalize(line);
            let mut rest = normalized.as_str();
            while !rest.is_empty() {
                if blocks.len() >= max_blocks {
                    truncated = true;
                    break 'lines;
                }
                let (chunk, next) = match rest.char_indices().nth(max_chars) {
                    None => (rest, ""),
                    Some((end, _)) => match rest[..end].rfind(' ') {
                        Some(k) if k > end / 2 => (&rest[..k], &rest[k + 1..]),
                        _ => (&rest[..end], &rest[end..]),
                    },
                };
                blocks.push(Block {
                    text: chunk.trim().to_string(),
                    path: format!("/text[0]/line[{}]", blocks.len()),
                    type_path: "/text/line".to_string(),
                    links: Vec::new(),
                });
                rest = next.trim_start();
            }
        }
        Page {
            title: None,
            blocks,
            truncated,
        }
    }

    /// All block texts joined with single spaces: the page's text as the metrics see it.
    pub fn text(&self) -> String {
        let mut out = String::with_capacity(self.blocks.iter().map(|b| b.text.len() + 1).sum());
        for (i, b) in self.blocks.iter().enumerate() {
            if i > 0 {
                out.push(' ');
            }
            out.push_str(&b.text);
        }
        out
    }
}

/// A block's type path derived from its path: the path without its `[index]` steps
/// (`/html[0]/body[0]/p[2]` → `/html/body/p`), as the extension derives it (a `[` followed by
/// ASCII digits and `]` is removed; anything else is kept).
pub fn type_path_of(path: &str) -> String {
    let bytes = path.as_bytes();
    let mut out = String::with_capacity(path.len());
    let mut i = 0;
    let mut kept = 0;
    while i < bytes.len() {
        if bytes[i] == b'[' {
            let digits = bytes[i + 1..]
                .iter()
                .take_while(|b| b.is_ascii_digit())
                .count();
            if digits > 0 && bytes.get(i + 1 + digits) == Some(&b']') {
                out.push_str(&path[kept..i]);
                i += digits + 2;
                kept = i;
                continue;
            }
        }
        i += 1;
    }
    out.push_str(&path[kept..]);
    out
}

#[cfg(test)]
mod tests {
    #[test]
    fn plain_text_lines_are_capped_like_blocks() {
        let max = crate::limits::MAX_BLOCK_TEXT;
        let line = "word ".repeat(max / 2); // 2.5 × max characters on one line
        let p = Page::from_text(&format!("first\n{line}\nlast"));
        assert!(!p.truncated);
        assert_eq!(p.blocks.first().map(|b| b.text.as_str()), Some("first"));
        assert_eq!(p.blocks.last().map(|b| b.text.as_str()), Some("last"));
        assert_eq!(p.blocks.len(), 5, "the long line is three blocks");
        for (i, b) in p.blocks.iter().enumerate() {
            assert!(b.text.chars().count() <= max);
            assert!(!b.text.is_empty() && !b.text.starts_with(' ') && !b.text.ends_with(' '));
            assert_eq!(b.path, format!("/text[0]/line[{i}]"));
        }
        let words: usize = p.blocks[1..4]
            .iter()
            .map(|b| b.text.split(' ').count())
            .sum();
        assert_eq!(words, max / 2, "no word lost or cut");
        let x = "x".repeat(max + 5); // no space: cut at the cap
        let p = Page::from_text(&x);
        assert_eq!(p.blocks.len(), 2);
        assert_eq!(p.blocks[1].text.len(), 5);
    }

    use super::*;

    #[test]
    fn type_paths_drop_indices_only() {
        assert_eq!(type_path_of("/html[0]/body[0]/p[12]"), "/html/body/p");
        assert_eq!(type_path_of("/a[x]/b[]/c[1"), "/a[x]/b[]/c[1");
        assert_eq!(type_path_of("/ü[3]/é"), "/ü/é");
        assert_eq!(type_path_of(""), "");
    }
}
