//! Word k-gram shingles as 64-bit keys, and the Jaccard distance of two key sets.
//!
//! A shingle's key is a polynomial rolling hash of its words' 64-bit hashes (wrapping
//! arithmetic, odd multiplier), finished by a 64-bit mixer: one multiply-add per word whatever
//! `k` is. Two different shingles share a key only by a 64-bit hash collision.
//!
//! The distinct counts of the key sets are taken cache-friendly: keys are partitioned by their
//! top bits into buckets of a few thousand keys, then each bucket is tallied in a small
//! open-addressing table that stays in cache. A key's four low bits are replaced by tags
//! (old/new page × fragment/wrap-around shingle), so fragment staleness and Kwon's shingling,
//! which share all but `k − 1` keys per page, are counted in one pass.

/// Multiplier of the rolling hash (odd, so every power of it is invertible mod 2^64).
const P: u64 = 0x9E37_79B9_7F4A_7C15;

/// Spreads the rolling value over all bits (its inputs are already well-mixed word hashes).
#[inline]
fn mix(x: u64) -> u64 {
    let y = (x ^ (x >> 32)).wrapping_mul(0xD6E8_FEB8_6659_FD93);
    y ^ (y >> 29)
}

/// `1 + b + b² + … + b^(q−1)` (wrapping), by doubling: `O(log q)`.
fn geometric(b: u64, q: u64) -> u64 {
    if q == 0 {
        return 0;
    }
    // s = sum of the first t powers, p = b^t; start at t = 1 and walk q's bits from the top.
    let (mut s, mut p) = (1u64, b);
    for bit in (0..63 - q.leading_zeros()).rev() {
        // t → 2t
        s = s.wrapping_add(s.wrapping_mul(p));
        p = p.wrapping_mul(p);
        if (q >> bit) & 1 == 1 {
            // t → t + 1
            s = s.wrapping_add(p);
            p = p.wrapping_mul(b);
        }
    }
    s
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

/// Calls `f` with the key of every `k`-gram of `items`, `k ≥ 1`, in order; `hash` maps an
/// item to a well-mixed 64-bit value (identity for word hashes).
///
/// - `wrap == false` (Olston's fragments): the `len − k + 1` contiguous k-grams; a sequence
///   shorter than `k` (but not empty) is one fragment, the whole sequence.
/// - `wrap == true` (Kwon's shingling): every word starts a shingle, wrapping around at the end
///   (repeatedly, if the sequence is shorter than `k`): `len` shingles.
///
/// Work is `O(len + k)`; items are hashed on the fly (twice each: entering and leaving the
/// window), which is cheaper than storing their hashes.
fn for_each_key<T>(
    items: &[T],
    hash: impl Fn(&T) -> u64,
    k: usize,
    wrap: bool,
    mut f: impl FnMut(u64),
) {
    let n = items.len();
    if n == 0 || k == 0 {
        return;
    }
    if !wrap && n < k {
        let r = items
            .iter()
            .fold(0u64, |r, x| r.wrapping_mul(P).wrapping_add(hash(x)));
        // Tag with the length so a short page's single fragment is its own kind of key.
        f(mix(r ^ (n as u64).wrapping_mul(0xD6E8_FEB8_6659_FD93)));
        return;
    }
    let count = if wrap { n } else { n - k + 1 };
    let at = |i: usize| -> u64 {
        if i < n {
            hash(&items[i])
        } else {
            hash(&items[i % n])
        }
    };
    let top = pow(P, k as u64 - 1); // weight of the oldest word in the window
    let poly = |len: usize| (0..len).fold(0u64, |r, i| r.wrapping_mul(P).wrapping_add(at(i)));
    let mut r = if k <= n {
        poly(k)
    } else {
        // A wrapped window longer than the sequence is q whole cycles and a prefix:
        // H(cycle^q · prefix) = H(cycle)·(1 + Pⁿ + … + P^(n(q−1)))·P^rem + H(prefix),
        // computed in O(n + log k) rather than O(k).
        let (q, rem) = ((k / n) as u64, k % n);
        poly(n)
            .wrapping_mul(geometric(pow(P, n as u64), q))
            .wrapping_mul(pow(P, rem as u64))
            .wrapping_add(poly(rem))
    };
    f(mix(r));
    // Index of the word entering the window that starts at i: (i + k − 1) mod n, overflow-free.
    let last = (k - 1) % n;
    // Windows inside the sequence, then (with wrap-around) the ones reaching past its end.
    let inner = n.saturating_sub(k - 1).min(count);
    for (old, new) in items
        .iter()
        .zip(&items[k.min(n)..])
        .take(inner.saturating_sub(1))
    {
        r = r
            .wrapping_sub(hash(old).wrapping_mul(top))
            .wrapping_mul(P)
            .wrapping_add(hash(new));
        f(mix(r));
    }
    for i in inner.max(1)..count {
        r = r
            .wrapping_sub(at(i - 1).wrapping_mul(top))
            .wrapping_mul(P)
            .wrapping_add(at((i % n + last) % n));
        f(mix(r));
    }
}

/// The keys of [`for_each_key`] as a vector.
#[cfg(test)]
fn shingle_keys(h: &[u64], k: usize, wrap: bool) -> Vec<u64> {
    let mut out = Vec::new();
    for_each_key(h, |&x| x, k, wrap, |key| out.push(key));
    out
}

/// Keys per bucket aimed at by the partitioning: the bucket's table (twice as many slots,
/// 512 KiB) stays in L2, and there are few buckets to allocate (measured best under wasm).
const BUCKET: usize = 32768;

/// Membership tags, kept in the four low bits of a key: the old page's fragments (no wrap),
/// the new page's fragments, the old page's wrap-around shingles, the new page's.
const OLD_FRAG: u64 = 1;
const NEW_FRAG: u64 = 2;
const OLD_WRAP: u64 = 4;
const NEW_WRAP: u64 = 8;
const TAGS: u64 = 15;

/// Calls `f` with every key of `h` tagged with the sets it belongs to. For `len ≥ k` the
/// contiguous k-grams are both fragments and shingles, and the `k − 1` that wrap around are
/// shingles only; a shorter sequence has one fragment (itself) and `len` wrapped shingles.
fn for_each_tagged<T>(
    h: &[T],
    hash: impl Fn(&T) -> u64 + Copy,
    k: usize,
    old: bool,
    mut f: impl FnMut(u64),
) {
    let (frag, wrap) = if old {
        (OLD_FRAG, OLD_WRAP)
    } else {
        (NEW_FRAG, NEW_WRAP)
    };
    let n = h.len();
    if n >= k {
        // The contiguous k-grams, then the k − 1 that wrap around: the contiguous k-grams of
        // the last k − 1 words followed by the first k − 1 (same keys: a key depends only on
        // its words, in order).
        for_each_key(h, hash, k, false, |key| f((key & !TAGS) | frag | wrap));
        let seam: Vec<u64> = h[n - (k - 1)..]
            .iter()
            .chain(&h[..k - 1])
            .map(hash)
            .collect();
        for_each_key(&seam, |&x| x, k, false, |key| f((key & !TAGS) | wrap));
    } else {
        for_each_key(h, hash, k, false, |key| f((key & !TAGS) | frag));
        for_each_key(h, hash, k, true, |key| f((key & !TAGS) | wrap));
    }
}

fn tagged_count(n: usize, k: usize) -> usize {
    match n {
        0 => 0,
        _ if n >= k => n,
        _ => n + 1,
    }
}

/// `1 − |S(A) ∩ S(B)| / |S(A) ∪ S(B)|` over the `k`-gram key sets of the word hashes `ha`
/// and `hb` (wrap-around shingles if `wrap`, else contiguous fragments); 0 when both are empty.
pub(crate) fn distance<T>(
    ha: &[T],
    hb: &[T],
    hash: impl Fn(&T) -> u64 + Copy,
    k: usize,
    wrap: bool,
) -> f64 {
    let (frag, shingle) = distances(ha, hb, hash, k);
    if wrap {
        shingle
    } else {
        frag
    }
}

/// Both distances at once: (fragments without wrap-around, shingles with wrap-around). The
/// two key sets share all but `k − 1` keys per page, so one pass serves both.
pub(crate) fn distances<T>(
    ha: &[T],
    hb: &[T],
    hash: impl Fn(&T) -> u64 + Copy,
    k: usize,
) -> (f64, f64) {
    let total = tagged_count(ha.len(), k) + tagged_count(hb.len(), k);
    // Number of top bits the keys are partitioned by.
    let bits = if total <= 2 * BUCKET {
        0
    } else {
        (total / BUCKET)
            .next_power_of_two()
            .trailing_zeros()
            .min(16)
    };
    let mut patterns = [0u64; 16];
    if bits == 0 {
        let mut keys = Vec::with_capacity(total);
        for_each_tagged(ha, hash, k, true, |key| keys.push(key));
        for_each_tagged(hb, hash, k, false, |key| keys.push(key));
        let mut table = FlagTable::new(keys.len(), 0);
        table.tally(&keys, &mut patterns);
    } else {
        let shift = 64 - bits;
        let nb = 1usize << bits;
        let mean = total / nb;
        let cap = mean + 6 * (mean as f64).sqrt() as usize + 16;
        // Partition by the top bits in one pass: keys are uniformly distributed, so a bucket
        // reserved at its mean plus 6σ practically never grows (it may, on degenerate input
        // such as one shingle repeated, and then simply does).
        let mut buckets: Vec<Vec<u64>> = (0..nb).map(|_| Vec::with_capacity(cap)).collect();
        for_each_tagged(ha, hash, k, true, |key| {
            buckets[(key >> shift) as usize].push(key)
        });
        for_each_tagged(hb, hash, k, false, |key| {
            buckets[(key >> shift) as usize].push(key)
        });
        let largest = buckets.iter().map(Vec::len).max().unwrap_or(0);
        let mut table = FlagTable::new(largest, bits);
        for bucket in &buckets {
            table.tally(bucket, &mut patterns);
        }
    }
    // patterns[t] = number of distinct keys whose tags are exactly t.
    let (mut fx, mut fy, mut fb, mut wx, mut wy, mut wb) = (0, 0, 0, 0, 0, 0);
    for (t, &n) in patterns.iter().enumerate() {
        let t = t as u64;
        fx += n * (t & OLD_FRAG != 0) as u64;
        fy += n * (t & NEW_FRAG != 0) as u64;
        fb += n * (t & (OLD_FRAG | NEW_FRAG) == OLD_FRAG | NEW_FRAG) as u64;
        wx += n * (t & OLD_WRAP != 0) as u64;
        wy += n * (t & NEW_WRAP != 0) as u64;
        wb += n * (t & (OLD_WRAP | NEW_WRAP) == OLD_WRAP | NEW_WRAP) as u64;
    }
    (
        jaccard_distance(fb, fx + fy - fb),
        jaccard_distance(wb, wx + wy - wb),
    )
}

fn jaccard_distance(inter: u64, union: u64) -> f64 {
    if union == 0 {
        0.0
    } else {
        1.0 - inter as f64 / union as f64
    }
}

/// Linear-probing table of tagged keys: keys compare on their upper 60 bits and a slot
/// accumulates the tags of every occurrence. It is reused across the buckets of a partition
/// without clearing: a slot holding a key of another bucket (another top-bit prefix) counts as
/// empty, and so does 0.
struct FlagTable {
    slots: Vec<u64>,
    /// The top bits that identify a bucket.
    prefix: u64,
}

impl FlagTable {
    /// A table for buckets of up to `largest` keys partitioned by their top `bits` bits.
    fn new(largest: usize, bits: u32) -> FlagTable {
        let cap = (2 * largest).next_power_of_two().max(16);
        FlagTable {
            slots: vec![0; cap],
            prefix: !(u64::MAX.checked_shr(bits).unwrap_or(0)),
        }
    }

    /// Adds one bucket's keys to `patterns` (distinct keys per exact tag set), updating a
    /// key's pattern as more of its tags arrive.
    fn tally(&mut self, keys: &[u64], patterns: &mut [u64; 16]) {
        let mask = self.slots.len() - 1;
        let prefix = self.prefix;
        // Indices are `& mask`, within this slice: no bounds checks in the loop.
        let slots = &mut self.slots[..=mask];
        for &key in keys {
            let k = key & !TAGS;
            // Bits 24.. are free of the partition prefix (at most the top 16 bits).
            let mut i = (key >> 24) as usize & mask;
            loop {
                let s = slots[i];
                if s == 0 || (s ^ key) & prefix != 0 {
                    slots[i] = key;
                    patterns[(key & TAGS) as usize] += 1;
                    break;
                }
                if s & !TAGS == k {
                    let merged = s | key;
                    if merged != s {
                        slots[i] = merged;
                        patterns[(s & TAGS) as usize] -= 1;
                        patterns[(merged & TAGS) as usize] += 1;
                    }
                    break;
                }
                i = (i + 1) & mask;
            }
        }
    }
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
    fn windows_longer_than_the_page_wrap_in_log_time() {
        let h: Vec<u64> = (1..=7u64).map(mix).collect();
        for k in [7, 8, 13, 14, 15, 50, 701] {
            let keys = shingle_keys(&h, k, true);
            for (i, &key) in keys.iter().enumerate() {
                let r = (0..k).fold(0u64, |r, j| r.wrapping_mul(P).wrapping_add(h[(i + j) % 7]));
                assert_eq!(key, mix(r), "k={k} i={i}");
            }
        }
        for q in 0..40u64 {
            let b = 0x1234_5678_9ABC_DEF1u64;
            let direct = (0..q).fold((0u64, 1u64), |(s, p), _| {
                (s.wrapping_add(p), p.wrapping_mul(b))
            });
            assert_eq!(geometric(b, q), direct.0, "q={q}");
        }
        // A huge k must not take O(k).
        let d = distance(&h, &h[1..], |&x| x, usize::MAX / 2, true);
        assert!((0.0..=1.0).contains(&d));
    }

    #[test]
    fn degenerate_pages_overflow_gracefully() {
        // One word repeated: every shingle is the same key (one bucket takes them all).
        let a = vec![7u64; 200_000];
        let mut b = a.clone();
        b.extend([1, 2, 3]);
        assert_eq!(distance(&a, &a, |&x| x, 5, false), 0.0);
        let d = distance(&a, &b, |&x| x, 2, false);
        assert!((d - 3.0 / 4.0).abs() < 1e-12, "{d}");
    }

    #[test]
    fn partitioned_counts_equal_plain_counts() {
        // Word hashes over a small vocabulary, so shingles repeat within and across pages.
        let mut s = 1u64;
        let mut next = || {
            s = s
                .wrapping_mul(6364136223846793005)
                .wrapping_add(1442695040888963407);
            mix(s >> 52)
        };
        let ha: Vec<u64> = (0..40_000).map(|_| next()).collect();
        let mut hb: Vec<u64> = ha[5_000..35_000].to_vec();
        hb.extend((0..20_000).map(|_| next()));
        for wrap in [false, true] {
            let a: std::collections::HashSet<u64> = shingle_keys(&ha, 3, wrap)
                .iter()
                .map(|x| x & !TAGS)
                .collect();
            let b: std::collections::HashSet<u64> = shingle_keys(&hb, 3, wrap)
                .iter()
                .map(|x| x & !TAGS)
                .collect();
            let inter = a.intersection(&b).count();
            let union = a.union(&b).count();
            assert!(inter > 1000 && union > inter);
            let expect = 1.0 - inter as f64 / union as f64;
            assert_eq!(distance(&ha, &hb, |&x| x, 3, wrap), expect);
        }
    }
}
