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

/// True for the characters words are made of: letters, digits, `_` and the marks that combine
/// with a letter ([`LETTER_MARKS`]): a word of Hindi, Bengali, Tamil, Thai or Burmese keeps its
/// virama, nukta and tone marks ("हफ़्ते", "แล้ว"), as Latin keeps its accents.
#[inline]
pub fn is_word_char(ch: char) -> bool {
    ch.is_alphanumeric() || ch == '_' || (ch >= '\u{0300}' && letter_mark(ch))
}

/// Whether `ch` is in one of the [`LETTER_MARKS`] ranges.
fn letter_mark(ch: char) -> bool {
    LETTER_MARKS
        .binary_search_by(|&(lo, hi)| {
            if hi < ch {
                std::cmp::Ordering::Less
            } else if lo > ch {
                std::cmp::Ordering::Greater
            } else {
                std::cmp::Ordering::Equal
            }
        })
        .is_ok()
}

/// Ranges of the combining marks (Unicode's Mn, Mc and Me) that sit on letters, in the blocks
/// of the scripts a web page is written in, sorted; a range may span letters between its
/// marks (they are word characters anyway). Std's `is_alphanumeric` takes the vowel signs
/// that are alphabetic, not a virama, a nukta or a tone mark. Left out: the variation
/// selectors and the marks for symbols (U+FE00–FE0F, U+20D0–20F0), which sit on emoji and
/// keycaps, not on words.
const LETTER_MARKS: &[(char, char)] = &[
    ('\u{0300}', '\u{036F}'),
    ('\u{0483}', '\u{0489}'),
    ('\u{0591}', '\u{05BD}'),
    ('\u{05BF}', '\u{05BF}'),
    ('\u{05C1}', '\u{05C2}'),
    ('\u{05C4}', '\u{05C5}'),
    ('\u{05C7}', '\u{05C7}'),
    ('\u{0610}', '\u{061A}'),
    ('\u{064B}', '\u{065F}'),
    ('\u{0670}', '\u{0670}'),
    ('\u{06D6}', '\u{06DC}'),
    ('\u{06DF}', '\u{06E8}'),
    ('\u{06EA}', '\u{06ED}'),
    ('\u{0711}', '\u{07F3}'),
    ('\u{07FD}', '\u{07FD}'),
    ('\u{0816}', '\u{082D}'),
    ('\u{0859}', '\u{085B}'),
    ('\u{0898}', '\u{08E1}'),
    ('\u{08E3}', '\u{0963}'),
    ('\u{0981}', '\u{09E3}'),
    ('\u{09FE}', '\u{0A75}'),
    ('\u{0A81}', '\u{0AE3}'),
    ('\u{0AFA}', '\u{0B63}'),
    ('\u{0B82}', '\u{0BD7}'),
    ('\u{0C00}', '\u{0C63}'),
    ('\u{0C81}', '\u{0C83}'),
    ('\u{0CBC}', '\u{0D4D}'),
    ('\u{0D57}', '\u{0D63}'),
    ('\u{0D81}', '\u{0DF3}'),
    ('\u{0E31}', '\u{0E3A}'),
    ('\u{0E47}', '\u{0E4E}'),
    ('\u{0EB1}', '\u{0ECD}'),
    ('\u{0F18}', '\u{0F19}'),
    ('\u{0F35}', '\u{0F35}'),
    ('\u{0F37}', '\u{0F37}'),
    ('\u{0F39}', '\u{0F39}'),
    ('\u{0F3E}', '\u{0F84}'),
    ('\u{0F86}', '\u{0FBC}'),
    ('\u{0FC6}', '\u{0FC6}'),
    ('\u{102B}', '\u{103E}'),
    ('\u{1056}', '\u{109D}'),
    ('\u{135D}', '\u{135F}'),
    ('\u{1712}', '\u{1734}'),
    ('\u{1752}', '\u{17D3}'),
    ('\u{17DD}', '\u{17DD}'),
    ('\u{180B}', '\u{180D}'),
    ('\u{180F}', '\u{193B}'),
    ('\u{1A17}', '\u{1A1B}'),
    ('\u{1A55}', '\u{1A7F}'),
    ('\u{1AB0}', '\u{1B44}'),
    ('\u{1B6B}', '\u{1B73}'),
    ('\u{1B80}', '\u{1BF3}'),
    ('\u{1C24}', '\u{1C37}'),
    ('\u{1CD0}', '\u{1CD2}'),
    ('\u{1CD4}', '\u{1DFF}'),
    ('\u{2CEF}', '\u{2CF1}'),
    ('\u{2D7F}', '\u{2DFF}'),
    ('\u{302A}', '\u{302F}'),
    ('\u{3099}', '\u{309A}'),
    ('\u{A66F}', '\u{A672}'),
    ('\u{A674}', '\u{A67D}'),
    ('\u{A69E}', '\u{A6F1}'),
    ('\u{A802}', '\u{A827}'),
    ('\u{A82C}', '\u{A82C}'),
    ('\u{A880}', '\u{A8C5}'),
    ('\u{A8E0}', '\u{A8F1}'),
    ('\u{A8FF}', '\u{A92D}'),
    ('\u{A947}', '\u{A953}'),
    ('\u{A980}', '\u{A9C0}'),
    ('\u{A9E5}', '\u{AA4D}'),
    ('\u{AA7B}', '\u{AAC1}'),
    ('\u{AAEB}', '\u{AAEF}'),
    ('\u{AAF5}', '\u{AAF6}'),
    ('\u{FE20}', '\u{FE2F}'),
];

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
    fn a_word_keeps_its_virama_nukta_and_tone_marks() {
        // Hindi "weeks" (a nukta and a virama), Thai "already" (a tone mark), Bengali "news",
        // Tamil "minute", Burmese "Myanmar" (an asat): one word each, as "café" is.
        for w in ["हफ़्ते", "แล้ว", "খবর্", "நிமிடம்", "မြန်မာ", "café"]
        {
            assert_eq!(words(w), vec![w.to_string()], "{w}");
            assert_eq!(tokens(w), vec![w], "{w}");
        }
        assert_eq!(words("2 हफ़्ते पहले"), vec!["2", "हफ़्ते", "पहले"]);
        // A danda ends a sentence; an emoji's variation selector and a keycap are no words.
        assert_eq!(words("खबर। ❤\u{FE0F} 1\u{FE0F}\u{20E3}"), vec!["खबर", "1"]);
        for w in LETTER_MARKS.windows(2) {
            assert!(w[0].1 < w[1].0, "{:?} is sorted", w);
        }
    }

    #[test]
    fn words_are_lowercased_runs() {
        assert_eq!(
            words("Hello, World! It's 3.5"),
            vec!["hello", "world", "it", "s", "3", "5"]
        );
    }
}
