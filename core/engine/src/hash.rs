//! The stable hash for everything that is persisted (block ids, fingerprints).
//!
//! **Specification (version 1):** the hash of a string is XXH3-64 with seed 0 over the string's
//! UTF-8 bytes, written as 16 lower-case hexadecimal digits when it crosses into JavaScript or
//! storage (a JS number cannot hold 64 bits). XXH3 is specified independently of this crate and
//! its output is the same on every target, so a block id computed natively equals the one
//! computed in the browser. `ahash` is used only for in-memory maps: its output differs across
//! targets and versions and must never be stored.
//!
//! ```
//! assert_eq!(sincelast_core::hash::block_id("Hello world"), "b6acb9d84a38ff74");
//! ```

/// Version of the persisted hash specification. Bump it (and migrate stored data) if the
/// definition below ever changes.
pub const HASH_VERSION: u32 = 1;

/// XXH3-64 (seed 0) of the UTF-8 bytes of `text`.
pub fn stable_hash(text: &str) -> u64 {
    xxhash_rust::xxh3::xxh3_64(text.as_bytes())
}

/// The persisted id of a block's text: [`stable_hash`] as 16 lower-case hex digits.
pub fn block_id(text: &str) -> String {
    format!("{:016x}", stable_hash(text))
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Golden values: these must never change without bumping [`HASH_VERSION`]. The same
    /// values are checked under wasm by the bindings' tests.
    #[test]
    fn golden_values() {
        assert_eq!(stable_hash(""), 0x2d06800538d394c2);
        assert_eq!(block_id(""), "2d06800538d394c2");
        assert_eq!(block_id("Hello world"), "b6acb9d84a38ff74");
        assert_eq!(block_id("Grüße, Welt — 2026"), "3f2d50498dbf22e5");
        assert_eq!(block_id("a"), "e6c632b61e964e1f");
    }
}
