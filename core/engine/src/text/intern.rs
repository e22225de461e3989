//! Interning once: items (word hashes, tokens, block texts) mapped to dense `u32` ids, so the
//! algorithms diff and count integers. One interner for the whole core (`Interned`), plus the
//! in-memory hashers its maps use (never persisted: stored ids use [`crate::hash`]).

use std::collections::HashMap;
use std::hash::{BuildHasherDefault, Hash, Hasher};

use super::words::{load8, round};

const K1: u64 = 0x9E37_79B9_7F4A_7C15;

/// A pass-through hasher for keys that are already uniformly distributed 64-bit hashes. The
/// halves are swapped so that keys partitioned by their top bits (see `shingles.rs`) still
/// differ in the top bits the hash table uses as tags.
#[derive(Default, Clone, Copy)]
pub(crate) struct PreHashed(u64);

impl Hasher for PreHashed {
    #[inline]
    fn finish(&self) -> u64 {
        self.0.rotate_left(32)
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

/// A fast deterministic hasher for generic items: one multiply-xorshift round per 8 bytes (a
/// `u64` key costs one multiply). Only set membership depends on it, never a result, and it
/// has no 128-bit multiplies (slow under wasm).
#[derive(Default, Clone, Copy)]
pub(crate) struct ItemHasher(u64);

impl Hasher for ItemHasher {
    #[inline]
    fn finish(&self) -> u64 {
        self.0
    }
    #[inline]
    fn write(&mut self, bytes: &[u8]) {
        let mut chunks = bytes.chunks_exact(8);
        for c in &mut chunks {
            self.0 = round(self.0, load8(c, 0));
        }
        let rest = chunks.remainder();
        let mut a = [0u8; 8];
        a[..rest.len()].copy_from_slice(rest);
        self.0 = round(self.0, u64::from_le_bytes(a) ^ ((rest.len() as u64) << 59));
    }
    #[inline]
    fn write_u8(&mut self, v: u8) {
        self.0 = round(self.0, u64::from(v));
    }
    #[inline]
    fn write_u32(&mut self, v: u32) {
        self.0 = round(self.0, u64::from(v));
    }
    #[inline]
    fn write_u64(&mut self, v: u64) {
        self.0 = round(self.0, v);
    }
    #[inline]
    fn write_usize(&mut self, v: usize) {
        self.0 = round(self.0, v as u64);
    }
}

/// Build-hasher of [`ItemHasher`].
pub(crate) type ItemState = BuildHasherDefault<ItemHasher>;

/// Maps an item to the 64-bit value the rolling k-gram hash consumes: a single `u64` (a word
/// hash from [`word_hashes`]) passes through unchanged, integer fields are combined
/// polynomially, bytes are mixed as by [`ItemHasher`]. Its output only ever feeds the rolling
/// hash, whose keys are mixed before any table sees them, so pass-through is safe and free.
#[derive(Default, Clone, Copy)]
pub(crate) struct KeyHasher(u64);

impl Hasher for KeyHasher {
    #[inline]
    fn finish(&self) -> u64 {
        self.0
    }
    #[inline]
    fn write(&mut self, bytes: &[u8]) {
        let mut inner = ItemHasher(self.0);
        inner.write(bytes);
        self.0 = inner.0;
    }
    #[inline]
    fn write_u8(&mut self, v: u8) {
        self.write_u64(u64::from(v));
    }
    #[inline]
    fn write_u32(&mut self, v: u32) {
        self.write_u64(u64::from(v));
    }
    #[inline]
    fn write_u64(&mut self, v: u64) {
        self.0 = self.0.wrapping_mul(K1) ^ v;
    }
    #[inline]
    fn write_usize(&mut self, v: usize) {
        self.write_u64(v as u64);
    }
}

/// Build-hasher of [`KeyHasher`].
pub(crate) type KeyState = BuildHasherDefault<KeyHasher>;

/// Dense ids (`0, 1, 2, …` in order of first sight) for keys, kept across calls: the one map
/// behind every interning of the core ([`Interned`] and the alignment's reusable scratch).
pub(crate) struct Ids<K, S> {
    map: HashMap<K, u32, S>,
}

impl<K: Hash + Eq, S: std::hash::BuildHasher + Default> Ids<K, S> {
    /// An empty interner with room for about `n` keys.
    pub(crate) fn with_capacity(n: usize) -> Self {
        Ids {
            map: HashMap::with_capacity_and_hasher(n, S::default()),
        }
    }
    /// The id of `key` (a new one the first time).
    #[inline]
    pub(crate) fn id(&mut self, key: K) -> u32 {
        let next = self.map.len() as u32;
        *self.map.entry(key).or_insert(next)
    }
    /// How many distinct keys so far (ids are `0..len`).
    pub(crate) fn len(&self) -> u32 {
        self.map.len() as u32
    }
    /// Forgets every key (keeps the allocation for the next use).
    pub(crate) fn clear(&mut self) {
        self.map.clear();
    }
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
        let mut ids: Ids<u64, PreHashedState> = Ids::with_capacity((a.len() + b.len()) / 8 + 16);
        Self::build(a, b, |x| ids.id(*x))
    }

    /// Interns any hashable items.
    pub(crate) fn from_items<'t, T: Hash + Eq>(a: &'t [T], b: &'t [T]) -> Interned {
        let mut ids: Ids<&'t T, ItemState> = Ids::with_capacity((a.len() + b.len()) / 8 + 16);
        let ia: Vec<u32> = a.iter().map(|x| ids.id(x)).collect();
        let ib: Vec<u32> = b.iter().map(|x| ids.id(x)).collect();
        Self::with_counts(ia, ib, ids.len() as usize)
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
    use crate::text::word_hashes;

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
