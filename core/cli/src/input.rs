//! Reading a page from a file: size cap, binary detection, character decoding, HTML or text.

use std::path::Path;

use sincelast_core::extract::{self, ExtractOptions};
use sincelast_core::Page;

/// Files larger than this are refused before they are read.
pub const MAX_FILE_BYTES: u64 = 64 * 1024 * 1024;

/// Reads `path` and turns it into blocks: HTML through the extractor, anything else as plain
/// text (one block per non-blank line). Every failure is a one-line message naming the file.
pub fn load_page(path: &Path, url: Option<&str>) -> Result<Page, String> {
    let name = path.display();
    let meta = std::fs::metadata(path).map_err(|e| format!("{name}: cannot read: {e}"))?;
    if meta.is_dir() {
        return Err(format!(
            "{name}: is a directory, expected an HTML or text file"
        ));
    }
    if meta.len() > MAX_FILE_BYTES {
        return Err(format!(
            "{name}: file too large ({} bytes; the limit is {} bytes)",
            meta.len(),
            MAX_FILE_BYTES
        ));
    }
    let bytes = std::fs::read(path).map_err(|e| format!("{name}: cannot read: {e}"))?;
    let text = decode(&bytes).map_err(|e| format!("{name}: {e}"))?;
    if text.trim().is_empty() {
        return Err(format!("{name}: file is empty"));
    }
    if looks_like_html(path, &text) {
        let opts = ExtractOptions {
            url: url.map(str::to_string),
            ..ExtractOptions::default()
        };
        extract::extract_html(&text, &opts).map_err(|e| format!("{name}: {e}"))
    } else {
        Ok(Page::from_text(&text))
    }
}

/// UTF-8 (with or without BOM); otherwise Windows-1252, the web's default legacy encoding.
/// NUL bytes mean binary data, which is refused.
fn decode(bytes: &[u8]) -> Result<String, String> {
    if bytes.contains(&0) {
        return Err("looks binary (contains NUL bytes); expected an HTML or text file".into());
    }
    let bytes = bytes.strip_prefix(b"\xEF\xBB\xBF").unwrap_or(bytes);
    match std::str::from_utf8(bytes) {
        Ok(s) => Ok(s.to_string()),
        Err(_) => Ok(bytes.iter().map(|&b| windows_1252(b)).collect()),
    }
}

fn windows_1252(b: u8) -> char {
    const HIGH: [char; 32] = [
        '€', '\u{81}', '‚', 'ƒ', '„', '…', '†', '‡', 'ˆ', '‰', 'Š', '‹', 'Œ', '\u{8D}', 'Ž',
        '\u{8F}', '\u{90}', '‘', '’', '“', '”', '•', '–', '—', '˜', '™', 'š', '›', 'œ', '\u{9D}',
        'ž', 'Ÿ',
    ];
    match b {
        0x80..=0x9F => HIGH[(b - 0x80) as usize],
        _ => b as char,
    }
}

fn looks_like_html(path: &Path, text: &str) -> bool {
    let ext = path
        .extension()
        .and_then(|e| e.to_str())
        .map(str::to_ascii_lowercase);
    match ext.as_deref() {
        Some("html" | "htm" | "xhtml") => true,
        Some("txt" | "text" | "md") => false,
        _ => text.trim_start().starts_with('<'),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn decodes_legacy_bytes() {
        assert_eq!(decode(b"Gr\xfc\xdfe \x80").as_deref(), Ok("Grüße €"));
        assert!(decode(b"a\0b").is_err());
        assert_eq!(decode(b"\xEF\xBB\xBFhi").as_deref(), Ok("hi"));
    }
}
