//! Word k-gram shingles as 64-bit keys, and the Jaccard distance of two key sets.
//!
//! A shingle's key is a polynomial rolling hash of its words' 64-bit hashes (wrapping
//! arithmetic, odd multiplier), finished by a 64-bit mixer: one multiply-add per word whatever
//! `k` is. Two different shingles share a key only by a 64-bit hash collision.
//!
//! The distinct-count of large key sets is done cache-friendly: keys are first partitioned by
//! their top bits into buckets of a few thousand keys, then each bucket is deduplicated in a
//! small hash set that stays in cache.

use std::collections::HashSet;

use super::tokens::PreHashedState;

/// Multiplier of the rolling hash (odd, so every power of it is invertible mod 2^64).
const P: u64 = 0x9E37_79B9_7F4A_7C15;

/// MurmurHash3's 64-bit finalizer: spreads the rolling value over all bits.
#[inline]
fn mix(mut x: u64) -> u64 {
    x ^= x >> 33;
    x = x.wrapping_mul(0xff51_afd7_ed55_8ccd);
    x ^= x >> 33;
    x = x.wrapping_mul(0xc4ce_b9fe_1a85_ec53);
    x ^ (x >> 33)
}

fn pow(mut base: u64, mut exp: u64) -> u64 {
    let mut acc = 1u64;
    while exp > 0 {
        if exp & 1 == 1 {
            acc = acc.wrapping_mul(base);
        }
        base = base.wrapping_mul(base);
        exp >>= 1;
    }
    acc
}

/// Keys of the word `k`-grams of `h` (word hashes), `k ≥ 1`.
///
/// - `wrap == false` (Olston's fragments): the `len − k + 1` contiguous k-grams; a sequence
///   shorter than `k` (but not empty) is one fragment, the whole sequence.
/// - `wrap == true` (Kwon's shingling): every word starts a shingle, wrapping around at the end
///   (repeatedly, if the sequence is shorter than `k`): `len` shingles.
///
/// Work is `O(len + k)`.
pub(crate) fn shingle_keys(h: &[u64], k: usize, wrap: bool) -> Vec<u64> {
    let n = h.len();
    if n == 0 || k == 0 {
        return Vec::new();
    }
    if !wrap && n < k {
        let r = h
            .iter()
            .fold(0u64, |r, &x| r.wrapping_mul(P).wrapping_add(x));
        // Tag with the length so a short page's single fragment is its own kind of key.
        return vec![mix(r ^ (n as u64).wrapping_mul(0xD6E8_FEB8_6659_FD93))];
    }
    let count = if wrap { n } else { n - k + 1 };
    let at = |i: usize| -> u64 {
        if i < n {
            h[i]
        } else {
            h[i % n]
        }
    };
    let top = pow(P, k as u64 - 1); // weight of the oldest word in the window
    let mut r = 0u64;
    for i in 0..k {
        r = r.wrapping_mul(P).wrapping_add(at(i));
    }
    let mut out = Vec::with_capacity(count);
    out.push(mix(r));
    for i in 1..count {
        r = r
            .wrapping_sub(at(i - 1).wrapping_mul(top))
            .wrapping_mul(P)
            .wrapping_add(at(i + k - 1));
        out.push(mix(r));
    }
    out
}

/// `1 − |X ∩ Y| / |X ∪ Y|` of the sets of (well-mixed) keys `xs` and `ys`; 0 when both are
/// empty.
pub(crate) fn jaccard_distance(xs: &[u64], ys: &[u64]) -> f64 {
    let (inter, union) = intersect_union(xs, ys);
    if union == 0 {
        0.0
    } else {
        1.0 - inter as f64 / union as f64
    }
}

/// Keys per bucket aimed at by the partitioning (sets of this size stay in L1/L2 cache).
const BUCKET: usize = 4096;

/// Distinct counts `(|X ∩ Y|, |X ∪ Y|)`.
pub(crate) fn intersect_union(xs: &[u64], ys: &[u64]) -> (usize, usize) {
    let total = xs.len() + ys.len();
    let bits = if total <= 2 * BUCKET {
        0
    } else {
        (total / BUCKET)
            .next_power_of_two()
            .trailing_zeros()
            .min(16)
    };
    let mut sx: HashSet<u64, PreHashedState> = HashSet::default();
    let mut sy: HashSet<u64, PreHashedState> = HashSet::default();
    let mut tally = |bx: &[u64], by: &[u64], sx: &mut HashSet<u64, PreHashedState>| {
        sx.clear();
        sy.clear();
        sx.extend(bx.iter().copied());
        let mut inter = 0usize;
        for &y in by {
            if sy.insert(y) && sx.contains(&y) {
                inter += 1;
            }
        }
        (inter, sx.len() + sy.len() - inter)
    };
    if bits == 0 {
        return tally(xs, ys, &mut sx);
    }
    let px = partition(xs, bits);
    let py = partition(ys, bits);
    let (mut inter, mut union) = (0, 0);
    for b in 0..(1usize << bits) {
        let (i, u) = tally(px.bucket(b), py.bucket(b), &mut sx);
        inter += i;
        union += u;
    }
    (inter, union)
}

/// Keys grouped by their top `bits` bits (a counting-sort pass).
struct Partitioned {
    keys: Vec<u64>,
    starts: Vec<usize>,
}

impl Partitioned {
    fn bucket(&self, b: usize) -> &[u64] {
        &self.keys[self.starts[b]..self.starts[b + 1]]
    }
}

fn partition(keys: &[u64], bits: u32) -> Partitioned {
    let shift = 64 - bits;
    let nb = 1usize << bits;
    let mut starts = vec![0usize; nb + 1];
    for &k in keys {
        starts[(k >> shift) as usize + 1] += 1;
    }
    for b in 0..nb {
        starts[b + 1] += starts[b];
    }
    let mut fill = starts.clone();
    let mut out = vec![0u64; keys.len()];
    for &k in keys {
        let b = (k >> shift) as usize;
        out[fill[b]] = k;
        fill[b] += 1;
    }
    Partitioned { keys: out, starts }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn rolling_equals_direct() {
        let h: Vec<u64> = (1..=9u64)
            .map(|x| x.wrapping_mul(0x1234_5678_9abc_def1))
            .collect();
        for k in 1..=12 {
            for wrap in [false, true] {
                let keys = shingle_keys(&h, k, wrap);
                let n = h.len();
                let count = if wrap {
                    n
                } else if n >= k {
                    n - k + 1
                } else {
                    1
                };
                assert_eq!(keys.len(), count);
                if !wrap && n < k {
                    continue;
                }
                for (i, &key) in keys.iter().enumerate() {
                    let r =
                        (0..k).fold(0u64, |r, j| r.wrapping_mul(P).wrapping_add(h[(i + j) % n]));
                    assert_eq!(key, mix(r), "k={k} wrap={wrap} i={i}");
                }
            }
        }
    }

    #[test]
    fn partitioned_counts_equal_plain_counts() {
        let mut s = 1u64;
        let mut next = || {
            s = s
                .wrapping_mul(6364136223846793005)
                .wrapping_add(1442695040888963407);
            mix(s % 30_000)
        };
        let xs: Vec<u64> = (0..40_000).map(|_| next()).collect();
        let ys: Vec<u64> = (0..25_000).map(|_| next()).collect();
        let a: HashSet<u64> = xs.iter().copied().collect();
        let b: HashSet<u64> = ys.iter().copied().collect();
        let inter = a.intersection(&b).count();
        let union = a.union(&b).count();
        assert_eq!(intersect_union(&xs, &ys), (inter, union));
    }
}
