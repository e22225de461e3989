//! The one tokenizer of the core: text normalization, tokens and words, shared by extraction,
//! alignment, classification (noise, templates) and metrics.
//!
//! - [`normalize`]: what a block's text is. Every run of Unicode white space (including
//!   no-break space U+00A0, and zero-width space U+200B which is dropped) becomes one ASCII
//!   space; leading and trailing space is trimmed. Case and punctuation are kept: a person sees
//!   them.
//! - [`tokens`]: the diff's view of a text — alternating word and separator tokens whose
//!   concatenation is the text itself, so word spans rebuild the text exactly.
//! - [`words`]: the metrics' view — maximal runs of letters, digits and marks, lower-cased;
//!   [`word_hashes`] gives the same words as 64-bit in-memory hashes in one pass (block
//!   similarity in the alignment, template windows, metrics).
//! - [`intern`]: one interner (items → dense `u32` ids) for everything that diffs or counts.
//! - [`sets`]: sorted-set intersection and Dice similarity.

pub mod intern;
pub mod sets;
mod words;

pub use words::{word_hash, word_hashes};

/// True when `a` and `b` are two forms of one word, the same but for its ending ("copies" and
/// "copy", "Kommentar" and "Kommentare", "rimasti" and "rimasto"): both of letters, with a
/// common beginning of at least [`STEM_MIN_CHARS`] letters (case aside) and at most
/// [`ENDING_MAX_CHARS`] after it on each side. A count of one or of five writes its word so.
pub fn inflected(a: &str, b: &str) -> bool {
    if a.is_empty() || b.is_empty() || !a.chars().chain(b.chars()).all(char::is_alphabetic) {
        return false;
    }
    let (x, y): (Vec<char>, Vec<char>) = (
        a.to_lowercase().chars().collect(),
        b.to_lowercase().chars().collect(),
    );
    let stem = x.iter().zip(&y).take_while(|(p, q)| p == q).count();
    stem >= STEM_MIN_CHARS
        && x.len() - stem <= ENDING_MAX_CHARS
        && y.len() - stem <= ENDING_MAX_CHARS
}

/// True when `a` and `b` are two forms of one word that a count writes so, which
/// [`inflected`] cannot see ([`AGREEING_FORMS`], case aside): a noun's irregular plural
/// ("person" and "people") or a verb that agrees with the count ("is" and "are", "ist" and
/// "sind", "a" and "ont"): "1 person is viewing this" and "4 people are viewing this".
pub fn agreeing(a: &str, b: &str) -> bool {
    let (a, b) = (a.to_lowercase(), b.to_lowercase());
    AGREEING_FORMS
        .iter()
        .any(|&(one, many)| (a == one && b == many) || (a == many && b == one))
}

/// The forms [`agreeing`] knows, the one's first: nouns whose plural is irregular, and verbs
/// in English, German, French, Spanish, Italian and Dutch that agree with a count.
pub const AGREEING_FORMS: &[(&str, &str)] = &[
    ("person", "people"),
    ("man", "men"),
    ("is", "are"),
    ("was", "were"),
    ("has", "have"),
    ("ist", "sind"),
    ("hat", "haben"),
    ("sieht", "sehen"),
    ("est", "sont"),
    ("a", "ont"),
    ("es", "son"),
    ("è", "sono"),
    ("ha", "han"),
    ("ha", "hanno"),
    ("sta", "stanno"),
    ("heeft", "hebben"),
    ("is", "zijn"),
];

/// Fewest letters two forms of a word share at their beginning ([`inflected`]: "cop" of
/// "copies" and "copy").
pub const STEM_MIN_CHARS: usize = 3;
/// Most letters of a form's ending after the shared beginning ([`inflected`]: "ies" of
/// "copies").
pub const ENDING_MAX_CHARS: usize = 3;

/// Normalizes white space as the extraction spec requires.
pub fn normalize(input: &str) -> String {
    let mut out = String::with_capacity(input.len());
    let mut pending_space = false;
    for ch in input.chars() {
        if ch == '\u{200B}' || ch == '\u{FEFF}' || ch == '\u{00AD}' {
            continue;
        }
        if ch.is_whitespace() {
            pending_space = true;
        } else {
            if pending_space && !out.is_empty() {
                out.push(' ');
            }
            pending_space = false;
            out.push(ch);
        }
    }
    out
}

/// True for the characters words are made of: letters, digits, `_` and combining marks.
#[inline]
pub fn is_word_char(ch: char) -> bool {
    ch.is_alphanumeric() || ch == '_' || matches!(ch, '\u{0300}'..='\u{036F}')
}

/// Splits `text` into tokens: each token is a word (a maximal run of letters, digits, marks and
/// `_`; a number keeps its inner separators, so `1,204`, `7:15` and `3.50` are one token), a run
/// of white space, or a single other character (punctuation). The concatenation of the tokens
/// is exactly `text`.
pub fn tokens(text: &str) -> Vec<&str> {
    let bytes = text.as_bytes();
    let mut out = Vec::with_capacity(bytes.len() / 3 + 1);
    let mut i = 0;
    while i < bytes.len() {
        let start = i;
        let (class, len) = class_at(text, i);
        i += len;
        if class != PUNCT {
            while i < bytes.len() {
                let (c, l) = class_at(text, i);
                if c == class {
                    i += l;
                } else if class == WORD
                    && matches!(bytes[i], b'.' | b',' | b':' | b'\'')
                    && bytes[i - 1].is_ascii_digit()
                    && bytes.get(i + 1).is_some_and(u8::is_ascii_digit)
                {
                    // A separator between two digits stays inside the number.
                    i += 1;
                } else {
                    break;
                }
            }
        }
        out.push(&text[start..i]);
    }
    out
}

const WORD: u8 = 0;
const SPACE: u8 = 1;
const PUNCT: u8 = 2;

/// The token class of the character at byte `i` and its length in bytes (ASCII by table).
#[inline]
fn class_at(text: &str, i: usize) -> (u8, usize) {
    let b = text.as_bytes()[i];
    if b < 0x80 {
        let class = if b.is_ascii_alphanumeric() || b == b'_' {
            WORD
        } else if matches!(b, b' ' | b'\t' | b'\n' | b'\r' | 0x0b | 0x0c) {
            SPACE
        } else {
            PUNCT
        };
        return (class, 1);
    }
    let ch = text[i..].chars().next().unwrap_or(' ');
    let class = if is_word_char(ch) {
        WORD
    } else if ch.is_whitespace() {
        SPACE
    } else {
        PUNCT
    };
    (class, ch.len_utf8())
}

/// True when a token from [`tokens`] is a word (not white space or punctuation).
pub fn is_word(token: &str) -> bool {
    token.chars().next().is_some_and(is_word_char)
}

/// The words of `text`, lower-cased, in order: the unit of every metric.
pub fn words(text: &str) -> Vec<String> {
    text.split(|c: char| !is_word_char(c))
        .filter(|w| !w.is_empty())
        .map(|w| w.to_lowercase())
        .collect()
}

/// The number of words in `text`, without allocating: one per word of [`words`], but a run in
/// a script written without spaces between its words (Chinese, Japanese) counts one word per
/// two of its characters ([`run_words`]), so that a sentence there is as long as its
/// translation and not one "word".
pub fn word_count(text: &str) -> usize {
    text.split(|c: char| !is_word_char(c))
        .filter(|w| !w.is_empty())
        .map(run_words)
        .sum()
}

/// True for the characters of scripts written without spaces between words: Chinese
/// ideographs and Japanese kana (Korean puts spaces between its words).
#[inline]
pub fn is_unspaced_char(ch: char) -> bool {
    matches!(
        ch,
        '\u{3040}'..='\u{30FF}'
            | '\u{31F0}'..='\u{31FF}'
            | '\u{3400}'..='\u{4DBF}'
            | '\u{4E00}'..='\u{9FFF}'
            | '\u{F900}'..='\u{FAFF}'
            | '\u{FF66}'..='\u{FF9F}'
            | '\u{20000}'..='\u{2FFFF}'
    )
}

/// How many words a run of word characters (a word of [`words`], a word token of [`tokens`])
/// counts for: one, or in Chinese and Japanese one per two characters of the script (a word
/// there is mostly one to three characters), at least one.
#[inline]
pub fn run_words(run: &str) -> usize {
    if run.is_ascii() {
        return 1;
    }
    let unspaced = run.chars().filter(|&c| is_unspaced_char(c)).count();
    unspaced.div_ceil(2).max(1)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_run_of_chinese_or_japanese_counts_one_word_per_two_characters() {
        assert_eq!(word_count("Hello, world 2026"), 3);
        assert_eq!(word_count("Grüße — Welt"), 2);
        assert_eq!(word_count("댓글 12"), 2);
        assert_eq!(word_count("评论"), 1);
        assert_eq!(word_count("用户必须年满十八岁才能注册本服务"), 8);
        assert_eq!(word_count("12件のコメント"), 3);
        assert_eq!(word_count("Windows版 10"), 2);
    }

    #[test]
    fn normalize_collapses_and_trims() {
        assert_eq!(normalize("  a\u{00A0}\n\t b\u{200B}c  "), "a bc");
        assert_eq!(normalize(" \n "), "");
    }

    #[test]
    fn tokens_rebuild_text() {
        let t = "Grüße, Welt — 2026 costs $3.50!";
        assert_eq!(tokens(t).concat(), t);
        assert_eq!(tokens("a, b"), vec!["a", ",", " ", "b"]);
        assert_eq!(
            tokens("at 7:15, 1,204 or 3.50."),
            vec!["at", " ", "7:15", ",", " ", "1,204", " ", "or", " ", "3.50", "."]
        );
    }

    #[test]
    fn words_are_lowercased_runs() {
        assert_eq!(
            words("Hello, World! It's 3.5"),
            vec!["hello", "world", "it", "s", "3", "5"]
        );
    }
}
