//! Tokenization once, for every metric: words as 64-bit hashes, then as dense `u32` ids.
//!
//! [`word_hashes`] walks the text's bytes once with an ASCII fast path and never allocates a
//! `String` per word. Its output is, by definition, `words(text).map(stable_hash)`: the word
//! definition of [`crate::text::words`] (maximal runs of alphanumerics, `_` and combining marks
//! U+0300–U+036F, lower-cased with [`str::to_lowercase`]) hashed with the crate's specified
//! XXH3-64 ([`crate::hash::stable_hash`]), so the values are the same natively and under wasm.

use std::collections::HashMap;
use std::hash::{BuildHasherDefault, Hash, Hasher};

/// Byte classes of the ASCII fast path.
const SEP: u8 = 0;
const LOWER: u8 = 1; // a–z, 0–9, `_`: part of a word, already lower-case
const UPPER: u8 = 2; // A–Z
const HIGH: u8 = 3; // first or continuation byte of a non-ASCII character

const CLASS: [u8; 256] = {
    let mut t = [SEP; 256];
    let mut i = 0;
    while i < 256 {
        let b = i as u8;
        t[i] = if b >= 0x80 {
            HIGH
        } else if b.is_ascii_uppercase() {
            UPPER
        } else if b.is_ascii_lowercase() || b.is_ascii_digit() || b == b'_' {
            LOWER
        } else {
            SEP
        };
        i += 1;
    }
    t
};

/// The word-character predicate of [`crate::text::words`] (kept identical; a test checks it).
#[inline]
fn is_word_char(ch: char) -> bool {
    ch.is_alphanumeric() || ch == '_' || matches!(ch, '\u{0300}'..='\u{036F}')
}

#[inline]
fn hash_bytes(bytes: &[u8]) -> u64 {
    xxhash_rust::xxh3::xxh3_64(bytes)
}

/// The words of `text` as hashes: element `i` is `crate::hash::stable_hash(&words(text)[i])`.
///
/// This is the one tokenizer of the metrics; [`super::compute`] calls it once per text. Runs
/// of ASCII letters and digits are classified by a byte table and hashed in place (lower-cased
/// into a small reused buffer only when they contain capitals); other characters are decoded
/// and lower-cased with [`char::to_lowercase`] (a word containing `Σ` is lower-cased with
/// [`str::to_lowercase`] for its final-sigma rule).
pub fn word_hashes(text: &str) -> Vec<u64> {
    let bytes = text.as_bytes();
    let n = bytes.len();
    let mut out = Vec::with_capacity(n / 6 + 1);
    let mut buf: Vec<u8> = Vec::with_capacity(64);
    let mut i = 0;
    while i < n {
        let class = CLASS[bytes[i] as usize];
        if class == SEP {
            i += 1;
            continue;
        }
        let start = i;
        if class != HIGH {
            let mut upper = false;
            while i < n {
                match CLASS[bytes[i] as usize] {
                    LOWER => i += 1,
                    UPPER => {
                        upper = true;
                        i += 1;
                    }
                    _ => break,
                }
            }
            if i == n || CLASS[bytes[i] as usize] != HIGH {
                if upper {
                    buf.clear();
                    buf.extend(bytes[start..i].iter().map(u8::to_ascii_lowercase));
                    out.push(hash_bytes(&buf));
                } else {
                    out.push(hash_bytes(&bytes[start..i]));
                }
                continue;
            }
            // The word continues with a non-ASCII character: redo it on the general path.
        }
        i = general_word(text, start, &mut buf, &mut out);
    }
    out
}

/// The general path from `start` (a character boundary): skips one non-word character, or
/// hashes the word starting there. Returns the byte offset to continue from.
#[cold]
fn general_word(text: &str, start: usize, buf: &mut Vec<u8>, out: &mut Vec<u64>) -> usize {
    let rest = &text[start..];
    let mut end = text.len();
    let mut sigma = false;
    buf.clear();
    let mut utf8 = [0u8; 4];
    for (off, ch) in rest.char_indices() {
        if !is_word_char(ch) {
            if off == 0 {
                return start + ch.len_utf8();
            }
            end = start + off;
            break;
        }
        if ch.is_ascii() {
            buf.push((ch as u8).to_ascii_lowercase());
        } else {
            sigma |= ch == 'Σ';
            for lc in ch.to_lowercase() {
                buf.extend_from_slice(lc.encode_utf8(&mut utf8).as_bytes());
            }
        }
    }
    if sigma {
        out.push(hash_bytes(text[start..end].to_lowercase().as_bytes()));
    } else {
        out.push(hash_bytes(buf));
    }
    end
}

/// A pass-through hasher for keys that are already uniformly distributed 64-bit hashes.
#[derive(Default, Clone, Copy)]
pub(crate) struct PreHashed(u64);

impl Hasher for PreHashed {
    #[inline]
    fn finish(&self) -> u64 {
        self.0
    }
    #[inline]
    fn write(&mut self, bytes: &[u8]) {
        // Only used for `u64` keys; fold anything else in defensively.
        for &b in bytes {
            self.0 = (self.0.rotate_left(8) ^ u64::from(b)).wrapping_mul(0x9E37_79B9_7F4A_7C15);
        }
    }
    #[inline]
    fn write_u64(&mut self, v: u64) {
        self.0 = v;
    }
}

/// Build-hasher of [`PreHashed`].
pub(crate) type PreHashedState = BuildHasherDefault<PreHashed>;

/// A fixed-seed in-memory hasher for generic items. Results never depend on it (only set
/// membership does), so fixed seeds just make runs reproducible.
pub(crate) fn item_hasher() -> ahash::RandomState {
    ahash::RandomState::with_seeds(
        0x243F_6A88_85A3_08D3,
        0x1319_8A2E_0370_7344,
        0xA409_3822_299F_31D0,
        0x082E_FA98_EC4E_6C89,
    )
}

/// Two sequences of dense ids (`0..num`) with per-id occurrence counts.
pub(crate) struct Interned {
    /// Ids of the old sequence.
    pub(crate) a: Vec<u32>,
    /// Ids of the new sequence.
    pub(crate) b: Vec<u32>,
    /// Occurrences of each id in `a`.
    pub(crate) count_a: Vec<u32>,
    /// Occurrences of each id in `b`.
    pub(crate) count_b: Vec<u32>,
}

impl Interned {
    /// Number of distinct items over both sequences.
    pub(crate) fn num(&self) -> usize {
        self.count_a.len()
    }

    /// Interns pre-hashed words (the output of [`word_hashes`]).
    pub(crate) fn from_hashes(a: &[u64], b: &[u64]) -> Interned {
        let mut map: HashMap<u64, u32, PreHashedState> = HashMap::with_capacity_and_hasher(
            (a.len() + b.len()) / 8 + 16,
            PreHashedState::default(),
        );
        Self::build(a, b, |x| {
            let next = map.len() as u32;
            *map.entry(*x).or_insert(next)
        })
    }

    /// Interns any hashable items.
    pub(crate) fn from_items<'t, T: Hash + Eq>(a: &'t [T], b: &'t [T]) -> Interned {
        let mut map: HashMap<&'t T, u32, ahash::RandomState> =
            HashMap::with_capacity_and_hasher((a.len() + b.len()) / 8 + 16, item_hasher());
        let mut id_of = |x: &'t T| -> u32 {
            let next = map.len() as u32;
            *map.entry(x).or_insert(next)
        };
        let ia: Vec<u32> = a.iter().map(&mut id_of).collect();
        let ib: Vec<u32> = b.iter().map(&mut id_of).collect();
        Self::with_counts(ia, ib, map.len())
    }

    fn build<T>(a: &[T], b: &[T], mut id_of: impl FnMut(&T) -> u32) -> Interned {
        let ia: Vec<u32> = a.iter().map(&mut id_of).collect();
        let ib: Vec<u32> = b.iter().map(&mut id_of).collect();
        let num = ia
            .iter()
            .chain(&ib)
            .map(|&x| x as usize + 1)
            .max()
            .unwrap_or(0);
        Self::with_counts(ia, ib, num)
    }

    fn with_counts(a: Vec<u32>, b: Vec<u32>, num: usize) -> Interned {
        let mut count_a = vec![0u32; num];
        let mut count_b = vec![0u32; num];
        for &x in &a {
            count_a[x as usize] += 1;
        }
        for &x in &b {
            count_b[x as usize] += 1;
        }
        Interned {
            a,
            b,
            count_a,
            count_b,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::hash::stable_hash;
    use crate::text::words;

    fn reference(text: &str) -> Vec<u64> {
        words(text).iter().map(|w| stable_hash(w)).collect()
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
    fn hashes_equal_stable_hash_of_words() {
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
    fn interning_is_dense_and_counts() {
        let a = word_hashes("a b a c");
        let b = word_hashes("c d");
        let it = Interned::from_hashes(&a, &b);
        assert_eq!(it.a, vec![0, 1, 0, 2]);
        assert_eq!(it.b, vec![2, 3]);
        assert_eq!(it.count_a, vec![2, 1, 1, 0]);
        assert_eq!(it.count_b, vec![0, 0, 1, 1]);
        let g = Interned::from_items(&["x", "y"], &["y"]);
        assert_eq!((g.num(), g.a, g.b), (2, vec![0, 1], vec![1]));
    }
}
