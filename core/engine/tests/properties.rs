//! Property tests of the diff: a page against itself is all unchanged; word spans rebuild
//! both texts; every old and new block is accounted for exactly once.

use proptest::prelude::*;
use sincelast_core::diff::{diff_blocks, word_spans, DiffOptions, SpanKind, Status};
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
