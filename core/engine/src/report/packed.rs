//! The packed form in which a caller across a language boundary (the extension's JavaScript,
//! through the wasm bindings) hands blocks to the core, and the lean report it gets back.
//!
//! Passing thousands of strings or objects across such a boundary one by one costs more than
//! the diff itself, and so does encoding them one by one. So strings cross as **one UTF-8
//! buffer**: the strings joined by U+0000 (encoded by the caller in one call and copied in one
//! go), plus their count. The caller turns a U+0000 inside a string into U+FFFD first (one
//! UTF-16 unit as well, so positions inside the string are kept), which makes the separator
//! unambiguous. Blocks are packed as their `n` texts then their `n` paths (`count` = 2n): what
//! the diff and the site analysis read.
//!
//! The result comes back as one JSON string, the [`LeanReport`]: the summary and only the
//! entries that are not unchanged, without the text the caller already has.

use serde::Serialize;

use crate::align::{Kind, Report, Span, Status, Summary};
use crate::{Block, Error};

/// Most strings accepted in one packed buffer (two per block).
pub const MAX_STRINGS: usize = crate::limits::MAX_PACKED_STRINGS;
/// Most bytes accepted in one packed buffer.
pub const MAX_BYTES: usize = crate::limits::MAX_PACKED_BYTES;

/// Splits a packed buffer into its `count` strings.
///
/// Errors: [`Error::TooLarge`] past [`MAX_BYTES`] or [`MAX_STRINGS`];
/// [`Error::Malformed`] when the buffer is not UTF-8 or holds another number of strings.
pub fn unpack(bytes: &[u8], count: usize) -> Result<Vec<String>, Error> {
    if bytes.len() > MAX_BYTES {
        return Err(Error::TooLarge {
            size: bytes.len(),
            limit: MAX_BYTES,
        });
    }
    if count > MAX_STRINGS {
        return Err(Error::TooLarge {
            size: count,
            limit: MAX_STRINGS,
        });
    }
    let text = std::str::from_utf8(bytes).map_err(|_| Error::Malformed("not UTF-8".into()))?;
    if count == 0 {
        return if text.is_empty() {
            Ok(Vec::new())
        } else {
            Err(Error::Malformed("text after the last string".into()))
        };
    }
    let mut out = Vec::with_capacity(count);
    for piece in text.split('\0') {
        if out.len() == count {
            return Err(Error::Malformed(format!(
                "more than the {count} strings announced"
            )));
        }
        out.push(piece.to_owned());
    }
    if out.len() != count {
        return Err(Error::Malformed(format!(
            "{} strings where {count} were announced",
            out.len()
        )));
    }
    Ok(out)
}

/// Blocks from a packed buffer holding `n` texts then `n` paths (`count` = 2n); their
/// `type_path` and `links` are empty (the diff and the site analysis do not read them).
pub fn unpack_blocks(bytes: &[u8], count: usize) -> Result<Vec<Block>, Error> {
    if count % 2 != 0 {
        return Err(Error::Malformed(format!(
            "{count} strings: expected texts then paths"
        )));
    }
    let mut texts = unpack(bytes, count)?;
    let paths = texts.split_off(count / 2);
    Ok(texts
        .into_iter()
        .zip(paths)
        .map(|(text, path)| Block {
            text,
            path,
            type_path: String::new(),
            links: Vec::new(),
        })
        .collect())
}

/// The lean report: the summary and only the entries that are not unchanged, in page order,
/// without the text the caller already has (a new block's text; a removed block is named by
/// `old_index`).
#[derive(Debug, Serialize)]
pub struct LeanReport<'a> {
    /// The report's summary.
    pub summary: &'a Summary,
    /// Every entry that is not unchanged.
    pub changes: Vec<LeanChange<'a>>,
}

/// One entry of a [`LeanReport`].
#[derive(Debug, Serialize)]
pub struct LeanChange<'a> {
    /// New, changed, moved or removed.
    pub status: Status,
    /// Index in the old blocks (none for a new block).
    pub old_index: Option<usize>,
    /// Index in the new blocks (none for a removed block).
    pub new_index: Option<usize>,
    /// Word spans of a changed block.
    pub spans: Option<&'a [Span]>,
    /// Content, template or noise.
    pub kind: Kind,
    /// Why a change is template or noise.
    pub reason: Option<&'a crate::classify::Reason>,
}

impl<'a> LeanReport<'a> {
    /// The lean form of `report`.
    pub fn of(report: &'a Report) -> Self {
        LeanReport {
            summary: &report.summary,
            changes: report
                .blocks
                .iter()
                .filter(|b| b.status != Status::Unchanged)
                .map(|b| LeanChange {
                    status: b.status,
                    old_index: b.old_index,
                    new_index: b.new_index,
                    spans: b.spans.as_deref(),
                    kind: b.kind,
                    reason: b.reason.as_ref(),
                })
                .collect(),
        }
    }

    /// As a JSON string.
    pub fn to_json(&self) -> String {
        // Plain data with string keys: serialization cannot fail.
        serde_json::to_string(self).unwrap_or_default()
    }
}

/// The diff of two packed block lists (see the module docs) as a lean report in JSON: the
/// same work as [`crate::align::diff_blocks`] plus the packing either side, so natively and
/// in wasm it is the one path the extension takes.
pub fn diff_packed(
    old: &[u8],
    old_count: usize,
    new: &[u8],
    new_count: usize,
    opts: &crate::align::DiffOptions,
) -> Result<String, Error> {
    let old = unpack_blocks(old, old_count)?;
    let new = unpack_blocks(new, new_count)?;
    Ok(LeanReport::of(&crate::align::diff_blocks(&old, &new, opts)).to_json())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn pack(strings: &[&str]) -> (Vec<u8>, usize) {
        (strings.join("\0").into_bytes(), strings.len())
    }

    #[test]
    fn splits_on_nul_keeping_empty_and_non_ascii_strings() {
        let (b, n) = pack(&["Grüße", "", "日本語", ""]);
        assert_eq!(unpack(&b, n).unwrap(), vec!["Grüße", "", "日本語", ""]);
        assert_eq!(unpack(b"", 0).unwrap(), Vec::<String>::new());
        assert_eq!(unpack(b"", 1).unwrap(), vec![""]);
    }

    #[test]
    fn a_wrong_count_or_bad_utf8_is_malformed() {
        for (bytes, count) in [
            (&b"x\0y\0z"[..], 2),
            (&b"x\0y"[..], 3),
            (&b"x"[..], 0),
            (&b"\xff"[..], 1),
        ] {
            assert_eq!(
                unpack(bytes, count).unwrap_err().kind(),
                "bad_input",
                "{bytes:?} / {count}"
            );
        }
        assert_eq!(
            unpack_blocks(b"a\0b\0c", 3).unwrap_err().kind(),
            "bad_input"
        );
        assert_eq!(
            unpack(b"", MAX_STRINGS + 1).unwrap_err().kind(),
            "too_large"
        );
    }

    #[test]
    fn lean_report_lists_only_changes() {
        let (a, na) = pack(&["Header", "Open from Tuesday", "/h1[0]", "/p[0]"]);
        let (b, nb) = pack(&[
            "Header",
            "Open from Wednesday",
            "Fresh",
            "/h1[0]",
            "/p[0]",
            "/p[1]",
        ]);
        let json: serde_json::Value =
            serde_json::from_str(&diff_packed(&a, na, &b, nb, &Default::default()).unwrap())
                .unwrap();
        assert_eq!(json["summary"]["unchanged"], 1);
        let changes = json["changes"].as_array().unwrap();
        assert_eq!(changes.len(), 2);
        assert_eq!(changes[0]["status"], "changed");
        assert_eq!(changes[0]["new_index"], 1);
        assert!(changes[0]["spans"].is_array());
        assert_eq!(changes[1]["status"], "new");
        assert_eq!(changes[1]["old_index"], serde_json::Value::Null);
    }
}
