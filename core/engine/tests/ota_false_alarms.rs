//! False alarms found on real news pages (issue 11), as hand-made cases: each fails without
//! the change it names.

use sincelast_core::classify::noise::{builtin_noise, Volatile};

/// A comment count set in its own element right after "Uhr" is read glued to the words
/// around it (a news teaser's footer: date, time, count, section); a changed or new count is a
/// counter, as it is when the page puts a space before it.
#[test]
fn counters_glued_to_words_in_a_short_block_are_counters() {
    for (old, new) in [
        (
            "26.1.2022 08:00 Uhr1iX Magazin",
            "26.1.2022 08:00 Uhr2iX Magazin",
        ),
        ("26.1.2022 17:59 Uhr62", "26.1.2022 17:59 Uhr63"),
        (
            "27.1.2022 10:00 UhrMake Magazin",
            "27.1.2022 10:00 Uhr1Make Magazin",
        ),
        ("Kommentare12", "Kommentare9"),
    ] {
        assert_eq!(
            builtin_noise(old, new),
            Some(vec![Volatile::Counter]),
            "{old} → {new}"
        );
    }
}

/// What stays content: letters that change, a glued number inside a longer text, a changed
/// separate date beside a glued count (the date is judged on its own), identical texts.
#[test]
fn glued_counters_never_hide_words_or_long_texts() {
    for (old, new) in [
        ("Uhr2iX Magazin", "Uhr2Make Magazin"),
        ("Uhr2iX Magazin", "Uhr3c't Magazin"),
        (
            "Heute im Heft: Version2 des Tarifs gilt ab Montag für alle Kunden in Berlin",
            "Heute im Heft: Version3 des Tarifs gilt ab Montag für alle Kunden in Berlin",
        ),
        ("Uhr2iX Magazin", "Uhr2iX Magazin"),
    ] {
        assert_eq!(builtin_noise(old, new), None, "{old} → {new}");
    }
}
