//! Words as 64-bit in-memory hashes, for every user: diff similarity, templates and metrics.
//!
//! [`word_hashes`] walks the text once and never allocates a `String` per word: 64-byte blocks
//! are classified into a bit mask of word bytes, runs are read off the mask's transitions, and
//! an ASCII run is hashed eight bytes at a time straight from the text, lower-cased in
//! register (SWAR). Runs with non-ASCII bytes take the general path (`char` by `char`, exactly
//! as [`crate::text::words`]). By definition `word_hashes(text)` equals
//! `words(text).iter().map(|w| word_hash(w))`: the same words (maximal runs of alphanumerics,
//! `_` and the marks that combine with letters, [`crate::text::is_word_char`], lower-cased with
//! [`str::to_lowercase`]) and the same hash, which is pure 64-bit arithmetic (identical
//! natively and under wasm, no 128-bit multiplies). It is an in-memory hash: never persist it
//! (persisted ids use [`crate::hash`]).

use crate::text::is_word_char;

/// Byte classes: separator, or part of a run (ASCII word byte, or any non-ASCII byte).
const RUN: [bool; 256] = {
    let mut t = [false; 256];
    let mut i = 0;
    while i < 256 {
        let b = i as u8;
        t[i] = b >= 0x80 || b.is_ascii_alphanumeric() || b == b'_';
        i += 1;
    }
    t
};

const HI: u64 = 0x8080_8080_8080_8080;
const LO: u64 = 0x0101_0101_0101_0101;
const K1: u64 = 0x9E37_79B9_7F4A_7C15;
const K2: u64 = 0xD6E8_FEB8_6659_FD93;

/// Case-folds the ASCII bytes of `c` by setting their 0x20 bit (letters become lower case,
/// digits are unchanged, `_` becomes 0x7F, which no other word character maps to); non-ASCII
/// bytes (UTF-8, already lower-cased by the general path) are left alone.
#[inline]
fn fold(c: u64) -> u64 {
    c | ((!c & HI) >> 2)
}

/// One bit per byte of `c` (bit i for byte i, little-endian): set when the byte belongs to a
/// run (ASCII letter, digit, `_`, or any non-ASCII byte). SWAR range tests on 7-bit lanes.
#[inline]
fn run_bits(c: u64) -> u64 {
    let low7 = c & !HI;
    let folded = low7 | (LO * 0x20); // ASCII letters to lower case
    let letter = folded.wrapping_add(LO * (0x80 - b'a' as u64))
        & !folded.wrapping_add(LO * (0x7F - b'z' as u64));
    let digit = low7.wrapping_add(LO * (0x80 - b'0' as u64))
        & !low7.wrapping_add(LO * (0x7F - b'9' as u64));
    let underscore = !(low7 ^ (LO * b'_' as u64)).wrapping_add(LO * 0x7F);
    let word = (letter | digit | underscore | c) & HI;
    ((word >> 7).wrapping_mul(0x0102_0408_1020_4080)) >> 56
}

/// One 8-byte block into the state: a bijection of `c` for a given state.
#[inline]
pub(super) fn round(h: u64, c: u64) -> u64 {
    let x = (h ^ c).wrapping_mul(K1);
    x ^ (x >> 29)
}

/// Final avalanche of a word hash (one more multiply-xorshift).
#[inline]
fn finish(h: u64) -> u64 {
    let x = (h ^ (h >> 32)).wrapping_mul(K2);
    x ^ (x >> 31)
}

#[inline]
pub(super) fn load8(bytes: &[u8], at: usize) -> u64 {
    let mut a = [0u8; 8];
    a.copy_from_slice(&bytes[at..at + 8]);
    u64::from_le_bytes(a)
}

/// The in-memory hash of one word: its bytes in little-endian 8-byte blocks (the last one
/// zero-padded), ASCII bytes case-folded, one multiply-xorshift round per block and a final
/// avalanche. Folded bytes are never 0, so the padding marks the length. Pass words as
/// [`crate::text::words`] returns them (already lower-cased); then
/// `word_hash(w) == word_hashes(w)[0]`.
pub fn word_hash(word: &str) -> u64 {
    hash_bytes(word.as_bytes())
}

fn hash_bytes(bytes: &[u8]) -> u64 {
    let mut h = K1;
    let mut chunks = bytes.chunks_exact(8);
    for c in &mut chunks {
        h = round(h, fold(load8(c, 0)));
    }
    let rest = chunks.remainder();
    if !rest.is_empty() {
        let mut a = [0u8; 8];
        a[..rest.len()].copy_from_slice(rest);
        h = round(h, fold(u64::from_le_bytes(a)) & len_mask(rest.len()));
    }
    finish(h)
}

/// Masks of the low `len` bytes, `len` in 0..=8.
const LEN_MASK: [u64; 9] = {
    let mut t = [0u64; 9];
    let mut i = 1;
    while i <= 8 {
        t[i] = u64::MAX >> (64 - 8 * i);
        i += 1;
    }
    t
};

/// The low `len` bytes (1 ≤ len ≤ 8).
#[inline]
fn len_mask(len: usize) -> u64 {
    LEN_MASK[len]
}

/// The words of `text` as hashes: `words(text).iter().map(|w| word_hash(w))`, computed in one
/// pass without allocating per word. This is the one word tokenizer of the core: the
/// diff's block similarity, the template windows and every metric read it.
pub fn word_hashes(text: &str) -> Vec<u64> {
    let bytes = text.as_bytes();
    let n = bytes.len();
    let mut out = Vec::with_capacity(n / 6 + 1);
    let mut buf: Vec<u8> = Vec::with_capacity(64);
    let mut in_run = false;
    let mut start = 0usize;
    let mut base = 0usize;
    while base < n {
        let end = (base + 64).min(n);
        let mut mask = 0u64;
        if end - base == 64 {
            for g in 0..8 {
                mask |= run_bits(load8(bytes, base + 8 * g)) << (8 * g);
            }
        } else {
            for (k, &b) in bytes[base..end].iter().enumerate() {
                mask |= (RUN[b as usize] as u64) << k;
            }
        }
        // Bit k of `edges`: a run starts or ends at base + k (bits past the text are 0, so
        // a run reaching the end of a short last block ends at `n`).
        let mut edges = mask ^ ((mask << 1) | in_run as u64);
        if in_run && edges != 0 {
            // The run carried over from the previous block ends here.
            run(
                text,
                start,
                base + edges.trailing_zeros() as usize,
                &mut buf,
                &mut out,
            );
            edges &= edges - 1;
            in_run = false;
        }
        // Edges now alternate start, end, start, end…; a lone last start carries over.
        while edges != 0 {
            let s = base + edges.trailing_zeros() as usize;
            edges &= edges - 1;
            if edges == 0 {
                start = s;
                in_run = true;
                break;
            }
            let e = base + edges.trailing_zeros() as usize;
            edges &= edges - 1;
            run(text, s, e, &mut buf, &mut out);
        }
        base = end;
    }
    if in_run {
        run(text, start, n, &mut buf, &mut out);
    }
    out
}

/// Hashes the run `text[s..e]` (a maximal run of ASCII word bytes and non-ASCII bytes).
#[inline(always)]
fn run(text: &str, s: usize, e: usize, buf: &mut Vec<u8>, out: &mut Vec<u64>) {
    let bytes = text.as_bytes();
    let len = e - s;
    if len <= 8 && s + 8 <= bytes.len() {
        // The common case: one block, read in place.
        let m = len_mask(len);
        let c = load8(bytes, s) & m;
        if c & HI == 0 {
            out.push(finish(round(K1, (c | (LO * 0x20)) & m)));
            return;
        }
    } else {
        let mut h = K1;
        let mut seen = 0u64;
        let mut p = s;
        while p + 8 <= e {
            let c = load8(bytes, p);
            seen |= c;
            h = round(h, fold(c));
            p += 8;
        }
        if p < e {
            let mut a = [0u8; 8];
            a[..e - p].copy_from_slice(&bytes[p..e]);
            let c = u64::from_le_bytes(a);
            seen |= c;
            h = round(h, fold(c) & len_mask(e - p));
        }
        if seen & HI == 0 {
            out.push(finish(h));
            return;
        }
    }
    general_run(&text[s..e], buf, out);
}

/// The general path: splits a run containing non-ASCII characters into words exactly as
/// [`crate::text::words`] does and hashes each.
#[cold]
fn general_run(run: &str, buf: &mut Vec<u8>, out: &mut Vec<u64>) {
    let mut utf8 = [0u8; 4];
    let mut word_start: Option<usize> = None;
    let mut sigma = false;
    let mut flush = |ws: usize, we: usize, sigma: bool, buf: &mut Vec<u8>| {
        if sigma {
            out.push(hash_bytes(run[ws..we].to_lowercase().as_bytes()));
        } else {
            out.push(hash_bytes(buf));
        }
        buf.clear();
    };
    buf.clear();
    for (off, ch) in run.char_indices() {
        if is_word_char(ch) {
            if word_start.is_none() {
                word_start = Some(off);
                sigma = false;
            }
            if ch.is_ascii() {
                buf.push(ch as u8);
            } else {
                sigma |= ch == '\u{03A3}';
                for lc in ch.to_lowercase() {
                    buf.extend_from_slice(lc.encode_utf8(&mut utf8).as_bytes());
                }
            }
        } else if let Some(ws) = word_start.take() {
            flush(ws, off, sigma, buf);
        }
    }
    if let Some(ws) = word_start {
        flush(ws, run.len(), sigma, buf);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::text::words;

    fn reference(text: &str) -> Vec<u64> {
        words(text).iter().map(|w| word_hash(w)).collect()
    }

    #[test]
    fn word_char_matches_text_module() {
        // `text::words` splits on !is_word_char; a one-char string is one word iff it is one.
        for cp in (0u32..0x3100).chain(0x1_0000..0x1_0400) {
            if let Some(ch) = char::from_u32(cp) {
                let s = ch.to_string();
                assert_eq!(!words(&s).is_empty(), is_word_char(ch), "U+{cp:04X}");
            }
        }
    }

    #[test]
    fn hashes_equal_word_hash_of_words() {
        let samples = [
            "",
            "   ",
            "Hello, World! It's 3.5",
            "snake_case and CamelCase, MIXED café CAFÉ naïve",
            "Grüße, Welt — 2026 costs $3.50!",
            "ΟΔΥΣΣΕΥΣ Σ ΣΑ aΣ Σa",
            "İstanbul ǅemal ﬁne straße STRASSE",
            "e\u{0301}t\u{0301}e combining\u{0300}marks \u{0300}lead",
            "日本語のテキスト 한국어 텍스트 ١٢٣ abc١٢٣",
            "tab\tnew\nline\u{00A0}nbsp\u{200B}zwsp",
            "emoji😀split x😀y",
            "ends with unicode é",
            "ÉCOLE",
        ];
        for s in samples {
            assert_eq!(word_hashes(s), reference(s), "{s:?}");
        }
    }

    #[test]
    fn hashes_equal_reference_on_long_random_texts() {
        // Long texts exercise whole 64-byte blocks, runs spanning blocks, words longer than 8
        // and 64 bytes, and the last partial block.
        let alphabet: Vec<&str> = vec![
            "a",
            "b",
            "Z",
            "Q",
            "e",
            "0",
            "7",
            "_",
            " ",
            " ",
            " ",
            "\n",
            ",",
            ".",
            "-",
            "'",
            "é",
            "É",
            "Σ",
            "ς",
            "日",
            "本",
            "—",
            "\u{00A0}",
            "\u{0301}",
            "ǅ",
            "İ",
            "😀",
            "ß",
            "abcdefghij",
            "KLMNOPQRSTUVWXYZ",
            "0123456789",
        ];
        let mut state = 0x2545_F491_4F6C_DD1Du64;
        for case in 0..300 {
            let len = (case * 37) % 900 + 1;
            let mut text = String::new();
            for _ in 0..len {
                state ^= state << 13;
                state ^= state >> 7;
                state ^= state << 17;
                // Favour ASCII so long ASCII runs occur.
                let pick = if state % 4 == 0 {
                    (state >> 8) as usize % alphabet.len()
                } else {
                    (state >> 8) as usize % 12
                };
                text.push_str(alphabet[pick]);
            }
            assert_eq!(
                word_hashes(&text),
                reference(&text),
                "case {case}: {text:?}"
            );
        }
    }

    #[test]
    fn run_bits_matches_table() {
        for b in 0..=255u8 {
            for lane in 0..8 {
                let c =
                    (u64::from(b) << (8 * lane)) | 0x2020_2020_2020_2020 & !(0xFF << (8 * lane));
                assert_eq!(
                    run_bits(c),
                    (RUN[b as usize] as u64) << lane,
                    "byte {b:#x} lane {lane}"
                );
            }
        }
    }
}
