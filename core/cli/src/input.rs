//! Reading a page from a file: size cap, binary detection, character decoding, HTML or text.

use std::io::Read;
use std::path::Path;

use sincelast_core::extract::{self, ExtractOptions};
use sincelast_core::Page;

/// Page files larger than this are refused, whatever their kind (HTML or text): the core's cap
/// on the HTML it reads (`sincelast_core::limits::MAX_HTML_BYTES`).
pub const MAX_FILE_BYTES: u64 = sincelast_core::limits::MAX_HTML_BYTES as u64;

/// Reads `path` and turns it into blocks: HTML through the extractor, anything else as plain
/// text (one block per non-blank line, long lines split at the core's block cap). Every failure
/// is a one-line message naming the file.
pub fn load_page(path: &Path, url: Option<&str>) -> Result<Page, String> {
    let name = path.display();
    let bytes = read_capped(path)?;
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

/// The bytes of a regular file, at most [`MAX_FILE_BYTES`]: a FIFO, a device (`/dev/zero`) or a
/// socket is refused before it is opened for reading, and the read itself stops one byte past
/// the cap (a file that grows meanwhile, or whose size the metadata does not tell, as in /proc).
fn read_capped(path: &Path) -> Result<Vec<u8>, String> {
    let name = path.display();
    let too_large = |n: u64| {
        format!("{name}: file too large ({n} bytes or more; the limit is {MAX_FILE_BYTES} bytes)")
    };
    let not_regular = || {
        format!(
            "{name}: not a regular file (a device, pipe or socket); expected an HTML or text file"
        )
    };
    let meta = std::fs::metadata(path).map_err(|e| format!("{name}: cannot read: {e}"))?;
    if meta.is_dir() {
        return Err(format!(
            "{name}: is a directory, expected an HTML or text file"
        ));
    }
    if !meta.is_file() {
        return Err(not_regular());
    }
    if meta.len() > MAX_FILE_BYTES {
        return Err(too_large(meta.len()));
    }
    let file = std::fs::File::open(path).map_err(|e| format!("{name}: cannot read: {e}"))?;
    // The same file as the one checked (not swapped for a pipe in between).
    let opened = file
        .metadata()
        .map_err(|e| format!("{name}: cannot read: {e}"))?;
    if !opened.is_file() {
        return Err(not_regular());
    }
    let mut bytes = Vec::new();
    file.take(MAX_FILE_BYTES + 1)
        .read_to_end(&mut bytes)
        .map_err(|e| format!("{name}: cannot read: {e}"))?;
    if bytes.len() as u64 > MAX_FILE_BYTES {
        return Err(too_large(bytes.len() as u64));
    }
    Ok(bytes)
}

/// UTF-8 (with or without BOM); otherwise Windows-1252, the web's default legacy encoding.
/// Binary data is refused: any NUL byte, or more than 1 in 100 bytes (and at least 4) that no
/// text has (C0 controls other than tab, line feed, form feed, carriage return and escape; DEL;
/// and, when the bytes are not UTF-8, the five bytes Windows-1252 leaves undefined).
fn decode(bytes: &[u8]) -> Result<String, String> {
    if bytes.contains(&0) {
        return Err("looks binary (contains NUL bytes); expected an HTML or text file".into());
    }
    let bytes = bytes.strip_prefix(b"\xEF\xBB\xBF").unwrap_or(bytes);
    let utf8 = std::str::from_utf8(bytes).ok();
    let odd = bytes
        .iter()
        .filter(|&&b| {
            matches!(b, 0x01..=0x08 | 0x0B | 0x0E..=0x1A | 0x1C..=0x1F | 0x7F)
                || (utf8.is_none() && matches!(b, 0x81 | 0x8D | 0x8F | 0x90 | 0x9D))
        })
        .count();
    if odd >= 4 && odd * 100 > bytes.len() {
        return Err(format!(
            "looks binary ({odd} of {} bytes are control bytes no text has); expected an HTML or text file",
            bytes.len()
        ));
    }
    match utf8 {
        Some(s) => Ok(s.to_string()),
        None => Ok(bytes.iter().map(|&b| windows_1252(b)).collect()),
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

    #[test]
    fn binary_without_nul_is_refused() {
        // Pseudo-random bytes, none of them NUL.
        let mut x: u32 = 12345;
        let bytes: Vec<u8> = (0..4096)
            .map(|_| {
                x = x.wrapping_mul(1_103_515_245).wrapping_add(12345);
                ((x >> 16) as u8).max(1)
            })
            .collect();
        assert!(decode(&bytes).unwrap_err().contains("binary"));
        // Text with a few escapes and form feeds, and legacy text, is text.
        assert!(decode(b"\x1b[1mbold\x1b[0m and \x0c a page break, then more words").is_ok());
        assert!(decode("Caf\u{e9} cr\u{e8}me".as_bytes()).is_ok());
        assert!(decode(b"Caf\xe9 \x93quoted\x94").is_ok());
    }
}
