//! Property tests of the diff: a page against itself is all unchanged; word spans rebuild
//! both texts; every old and new block is accounted for exactly once.

use proptest::prelude::*;
use sincelast_core::align::{diff_blocks, word_spans, DiffOptions, SpanKind, Status};
use sincelast_core::Block;

/// Texts from a small vocabulary so that random pages share blocks and words.
fn text() -> impl Strategy<Value = String> {
    prop::collection::vec(
        prop::sample::select(vec![
            "news", "the", "river", "7:15", "1,204", "Köln", "—", "a", ",", "sale!",
        ]),
        1..12,
    )
    .prop_map(|w| w.join(" "))
}

fn page() -> impl Strategy<Value = Vec<Block>> {
    prop::collection::vec(text().prop_map(Block::from_text), 0..30)
}

proptest! {
    #[test]
    fn a_page_against_itself_is_unchanged(a in page()) {
        let r = diff_blocks(&a, &a, &DiffOptions::default());
        prop_assert!(r.blocks.iter().all(|b| b.status == Status::Unchanged));
        prop_assert_eq!(r.summary.unchanged, a.len());
        prop_assert!(r.summary.is_unchanged());
    }

    #[test]
    fn spans_rebuild_both_texts(old in text(), new in text()) {
        let (spans, _) = word_spans(&old, &new, &DiffOptions::default());
        let rebuilt_new: String = spans.iter().filter(|s| s.kind != SpanKind::Delete).map(|s| s.text.as_str()).collect();
        let rebuilt_old: String = spans.iter().filter(|s| s.kind != SpanKind::Insert).map(|s| s.text.as_str()).collect();
        prop_assert_eq!(rebuilt_new, new);
        prop_assert_eq!(rebuilt_old, old);
    }

    #[test]
    fn every_block_accounted_for_once(old in page(), new in page()) {
        let r = diff_blocks(&old, &new, &DiffOptions::default());
        let mut seen_old = vec![0u32; old.len()];
        let mut seen_new = vec![0u32; new.len()];
        for b in &r.blocks {
            if let Some(i) = b.old_index { seen_old[i] += 1; }
            if let Some(j) = b.new_index {
                seen_new[j] += 1;
                prop_assert_eq!(&b.text, &new[j].text);
            }
            if let Some(spans) = &b.spans {
                let rebuilt: String = spans.iter().filter(|s| s.kind != SpanKind::Delete).map(|s| s.text.as_str()).collect();
                prop_assert_eq!(&rebuilt, &b.text);
            }
        }
        prop_assert!(seen_old.iter().all(|&c| c == 1));
        prop_assert!(seen_new.iter().all(|&c| c == 1));
        // New blocks appear in page order.
        let order: Vec<usize> = r.blocks.iter().filter_map(|b| b.new_index).collect();
        prop_assert_eq!(order, (0..new.len()).collect::<Vec<_>>());
        let s = &r.summary;
        prop_assert_eq!(s.new + s.changed + s.moved + s.unchanged, new.len());
        prop_assert_eq!(s.removed + s.changed + s.moved + s.unchanged, old.len());
    }
}

/// Any character, with multi-byte letters and digits often.
fn any_char() -> impl Strategy<Value = char> {
    prop_oneof![
        any::<char>(),
        prop::sample::select(vec!['é', 'ß', 'ü', '२', '٢', '€', '—', '１', '𝟚']),
    ]
}

/// Date-like texts: numbers with dots and hyphens, month names, years, at any visit time — and
/// any character (multi-byte ones included) right after the digits, where a date reader slices.
fn date_text() -> impl Strategy<Value = String> {
    prop::collection::vec(
        prop_oneof![
            prop::sample::select(vec![
                "Stand:",
                "Updated",
                "May",
                "Dezember",
                "Nov",
                "31.",
                "29.02.2024",
                "31.02.",
                "2026",
                "-",
                "00",
                "12",
                "99.99.9999",
                "1.1.1",
                "2026-13-40",
                "2026-02-29T10:00",
                "on",
            ])
            .prop_map(str::to_string),
            (0u32..40, 0u32..14, 1890u32..2210).prop_map(|(d, m, y)| format!("{d}.{m}.{y}")),
            (0u32..10, any_char(), 0u32..14).prop_map(|(d, c, m)| format!("2026-{m}-{d}{c}")),
            (0u32..40, any_char(), 0u32..14).prop_map(|(d, c, m)| format!("{d}.{m}.20{c}")),
            prop::sample::select(vec![
                "2026-11-2é",
                "Ü",
                "２０２６",
                "٢٠٢٦-١١-٢٢",
                "22.11.२०२६",
                "Mai",
                "März",
                "1é.2",
                "3 hrs",
                "12 mins",
                "2h",
                "Noch",
                "Std.",
                "10:00:00",
                "ends",
                "heute",
                "Gestern",
                "14:05",
                "7 °C",
                "cloudy"
            ])
            .prop_map(str::to_string),
        ],
        1..8,
    )
    .prop_map(|w| w.join(" "))
}

proptest! {
    #[test]
    fn noise_at_any_time_never_panics_and_agrees_without_dates(
        old in date_text(),
        new in date_text(),
        now in prop_oneof![Just(i64::MIN / 2), Just(0i64), -4_000_000_000i64..10_000_000_000, Just(i64::MAX / 2)],
    ) {
        use sincelast_core::classify::noise::{builtin_noise, builtin_noise_at, Volatile};
        let at = builtin_noise_at(&old, &new, Some(now));
        let plain = builtin_noise(&old, &new);
        // Knowing the time can only turn a date change into content, never invent noise.
        prop_assert!(at.is_none() || at == plain);
        if let Some(kinds) = &plain {
            if !kinds.contains(&Volatile::Date) {
                prop_assert_eq!(&at, &plain);
            }
        }
    }
    /// Knowing the old visit's time too (dates judged against both visits) only ever turns
    /// noise into content: never invents it.
    #[test]
    fn knowing_both_visit_times_never_invents_noise(
        old in date_text(),
        new in date_text(),
        then in prop_oneof![Just(i64::MIN / 2), Just(0i64), -4_000_000_000i64..10_000_000_000, Just(i64::MAX / 2)],
        gap in 0i64..40_000_000,
    ) {
        use sincelast_core::classify::noise::{builtin_noise_at, builtin_noise_between};
        let now = then.saturating_add(gap);
        let both = builtin_noise_between(&old, &new, Some(then), Some(now));
        let at = builtin_noise_at(&old, &new, Some(now));
        prop_assert!(both.is_none() || both == at);
    }
    /// The same text around a date that changes: the date reader reads every token of it.
    #[test]
    fn dates_read_in_any_text_never_panic(
        rest in date_text(),
        now in prop_oneof![Just(0i64), 1_700_000_000i64..1_900_000_000],
    ) {
        use sincelast_core::classify::noise::builtin_noise_at;
        let old = format!("Updated 21.11.2026 {rest}");
        let new = format!("Updated 22.11.2026 {rest}");
        let _ = builtin_noise_at(&old, &new, Some(now));
    }
}

/// Reproduced crash: a non-ASCII character right after an ISO date's first day digit made the
/// date reader slice inside the character.
#[test]
fn a_date_with_a_multibyte_character_after_the_day_does_not_panic() {
    use sincelast_core::classify::noise::builtin_noise_at;
    let old = "Updated 21.11.2026 2026-11-2é";
    let new = "Updated 22.11.2026 2026-11-2é";
    let _ = builtin_noise_at(old, new, Some(1_795_000_000));
    let _ = builtin_noise_at(new, old, None);
}
