//! Sorted-set intersection and Dice similarity: the one helper the alignment (block
//! similarity), the templates (near-duplicate pages) and the metrics (word-set Dice) share.

use std::cmp::Ordering;

/// Size of the intersection of two sorted, deduplicated slices.
pub fn intersection<T: Ord>(a: &[T], b: &[T]) -> usize {
    let (mut i, mut j, mut n) = (0, 0, 0);
    while i < a.len() && j < b.len() {
        match a[i].cmp(&b[j]) {
            Ordering::Less => i += 1,
            Ordering::Greater => j += 1,
            Ordering::Equal => {
                n += 1;
                i += 1;
                j += 1;
            }
        }
    }
    n
}

/// Dice similarity `2·common / (a + b)` of two sets of sizes `a` and `b` sharing `common`
/// items; two empty sets are identical (1).
pub fn dice_of_counts(common: usize, a: usize, b: usize) -> f64 {
    if a + b == 0 {
        return 1.0;
    }
    2.0 * common as f64 / (a + b) as f64
}

/// Dice similarity of two sorted, deduplicated slices.
pub fn dice_sorted<T: Ord>(a: &[T], b: &[T]) -> f64 {
    if a.is_empty() && b.is_empty() {
        return 1.0;
    }
    dice_of_counts(intersection(a, b), a.len(), b.len())
}

/// The Dice similarity of two sorted sets when it is at least `threshold`. The sizes alone
/// bound Dice (2·min / (|a| + |b|)), so most hopeless pairs are rejected without a merge.
pub fn dice_at_least<T: Ord>(a: &[T], b: &[T], threshold: f64) -> Option<f64> {
    let bound = 2.0 * a.len().min(b.len()) as f64 / (a.len() + b.len()).max(1) as f64;
    if bound < threshold {
        return None;
    }
    let d = dice_sorted(a, b);
    (d >= threshold).then_some(d)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn intersection_and_dice() {
        assert_eq!(intersection(&[1u32, 3, 5, 7], &[3, 4, 5]), 2);
        assert_eq!(dice_sorted::<u64>(&[], &[]), 1.0);
        assert!((dice_sorted(&[1u64, 2, 3], &[2, 3, 4]) - 2.0 / 3.0).abs() < 1e-12);
        assert_eq!(dice_at_least(&[1u64], &[1, 2, 3, 4, 5], 0.5), None);
        assert_eq!(dice_at_least(&[1u64, 2], &[1, 2], 0.5), Some(1.0));
    }
}
