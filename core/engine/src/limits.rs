//! Every cap the product uses, in one place. The extension's JavaScript limits are generated
//! from [`Limits::product`] at build time (through the bindings' `limits()`), so a cap is
//! changed here and nowhere else.
//!
//! | cap | value | what it bounds |
//! |---|---|---|
//! | [`MAX_BLOCKS`] | 20,000 | blocks of one page a content script may send |
//! | [`MAX_BLOCK_TEXT`] | 100,000 | characters (UTF-16 units in JS) of one block's text |
//! | [`MAX_TOTAL_TEXT`] | 8,000,000 | characters of one page's text |
//! | [`MAX_PATH`] | 2,048 | characters of a block's path |
//! | [`MAX_LINKS_PER_BLOCK`] | 200 | links kept per block |
//! | [`MAX_LINK`] | 2,048 | characters of one link |
//! | [`MAX_TITLE`] | 1,024 | characters of a page title |
//! | [`MAX_URL`] | 8,192 | characters of a page URL |
//! | [`MAX_SITES`] | 1,000 | sites listed in one settings message (exclusions) |
//! | [`MAX_SITE`] | 253 | characters of a site (a host name) |
//! | [`MAX_CORE_BLOCKS`] | 100,000 | blocks the core accepts for one page from any caller |
//! | [`MAX_TEXT_BYTES`] | 32 MiB | UTF-8 bytes of one text or page the core accepts |
//! | [`MAX_PACKED_STRINGS`] | 200,000 | strings in one packed buffer (two per block) |
//! | [`MAX_PACKED_BYTES`] | 32 MiB | bytes of one packed buffer |
//! | [`MAX_RULES`] | 500 | learned noise rules per site (least confirmed dropped first) |
//! | [`MAX_RULE_LABEL`] | 200 | characters of a learned rule's label (longer ones cut, `…` at the end) |
//! | [`MAX_TEMPLATE_PAGES`] | 64 | pages a site's template model keeps (oldest dropped first) |
//! | [`MAX_FLIP_PATHS`] | 5,000 | short-block paths per site whose recent texts are kept |
//! | [`FLIPS_PER_PATH`] | 4 | recent texts kept per such path |
//! | [`MAX_CACHED_SITES`] | 8 | site states the bindings keep in memory (least recently used dropped) |
//! | [`MAX_HTML_BYTES`] | 16 MiB | bytes of HTML the native extraction reads; also every page file (HTML or text) the CLI reads |
//! | [`MAX_EXTRACT_BLOCKS`] | 50,000 | blocks the native extraction emits |
//! | [`MAX_DEPTH`] | 512 | element depth the native extraction keeps (deeper is flattened) |
//! | [`MAX_EXPORT_LINE`] | 8 MiB | bytes of one line (one record) of an export file |
//! | [`MAX_LIST_STEPS`] | 2,000,000 | steps of one page's block paths read for its lists (a page past it has none) |
//! | [`MAX_PICTURE_LIST_STEPS`] | 20,000,000 | steps of block paths read for lists over a site's template picture |

use serde::Serialize;

/// Steps (summed over the blocks' paths) of one page whose lists the template reads
/// ([`crate::classify::template::PageLists`]): 2,000 blocks 500 deep, 100,000 blocks 20 deep.
pub const MAX_LIST_STEPS: usize = 2_000_000;
/// Steps of block paths read for lists over all the pages of a site's template picture (500
/// pages of 2,000 blocks 20 deep); past it, pages are pictured by their repeated text alone.
pub const MAX_PICTURE_LIST_STEPS: usize = 20_000_000;

/// Blocks of one page a content script may send.
pub const MAX_BLOCKS: usize = 20_000;
/// Characters of one block's text in a message.
pub const MAX_BLOCK_TEXT: usize = 100_000;
/// Characters of one page's text in a message.
pub const MAX_TOTAL_TEXT: usize = 8_000_000;
/// Characters of a block's path.
pub const MAX_PATH: usize = 2048;
/// Links kept per block.
pub const MAX_LINKS_PER_BLOCK: usize = 200;
/// Characters of one link.
pub const MAX_LINK: usize = 2048;
/// Characters of a page title.
pub const MAX_TITLE: usize = 1024;
/// Characters of a page URL.
pub const MAX_URL: usize = 8192;
/// Sites listed in one settings message.
pub const MAX_SITES: usize = 1000;
/// Characters of a site (a host name: at most 253 by DNS).
pub const MAX_SITE: usize = 253;
/// Blocks the core accepts for one page from any caller.
pub const MAX_CORE_BLOCKS: usize = 100_000;
/// UTF-8 bytes of one text (or one page's texts together) the core accepts.
pub const MAX_TEXT_BYTES: usize = 32 * 1024 * 1024;
/// Strings in one packed buffer (two per block: text and path).
pub const MAX_PACKED_STRINGS: usize = 2 * MAX_CORE_BLOCKS;
/// Bytes of one packed buffer.
pub const MAX_PACKED_BYTES: usize = 32 * 1024 * 1024;
/// Learned noise rules kept per site.
pub const MAX_RULES: usize = 500;
/// Characters of a learned rule's label (a slots rule's label is built from its block's text).
pub const MAX_RULE_LABEL: usize = 200;
/// Pages a site's template model keeps.
pub const MAX_TEMPLATE_PAGES: usize = 64;
/// Short-block paths per site whose recent texts are kept for flip detection.
pub const MAX_FLIP_PATHS: usize = 5_000;
/// Recent texts kept per path for flip detection.
pub const FLIPS_PER_PATH: usize = 4;
/// Site states the bindings keep in memory.
pub const MAX_CACHED_SITES: usize = 8;
/// Bytes of HTML the native extraction reads; also of every page file (HTML or text) the CLI reads.
pub const MAX_HTML_BYTES: usize = 16 * 1024 * 1024;
/// Blocks the native extraction emits.
pub const MAX_EXTRACT_BLOCKS: usize = 50_000;
/// Element depth the native extraction keeps.
pub const MAX_DEPTH: usize = 512;
/// Bytes of one line (one record) of an export file; a longer line is skipped on import.
pub const MAX_EXPORT_LINE: usize = 8 * 1024 * 1024;

/// All caps as one value, with the camelCase names the extension uses (`maxBlocks`…).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
#[allow(missing_docs)] // each field is the constant of the same name, documented above
pub struct Limits {
    pub max_blocks: usize,
    pub max_block_text: usize,
    pub max_total_text: usize,
    pub max_path: usize,
    pub max_links_per_block: usize,
    pub max_link: usize,
    pub max_title: usize,
    pub max_url: usize,
    pub max_sites: usize,
    pub max_site: usize,
    pub max_core_blocks: usize,
    pub max_text_bytes: usize,
    pub max_packed_strings: usize,
    pub max_packed_bytes: usize,
    pub max_rules: usize,
    pub max_rule_label: usize,
    pub max_template_pages: usize,
    pub max_flip_paths: usize,
    pub flips_per_path: usize,
    pub max_cached_sites: usize,
    pub max_html_bytes: usize,
    pub max_extract_blocks: usize,
    pub max_depth: usize,
    pub max_export_line: usize,
}

impl Limits {
    /// The product's caps.
    pub const fn product() -> Limits {
        Limits {
            max_blocks: MAX_BLOCKS,
            max_block_text: MAX_BLOCK_TEXT,
            max_total_text: MAX_TOTAL_TEXT,
            max_path: MAX_PATH,
            max_links_per_block: MAX_LINKS_PER_BLOCK,
            max_link: MAX_LINK,
            max_title: MAX_TITLE,
            max_url: MAX_URL,
            max_sites: MAX_SITES,
            max_site: MAX_SITE,
            max_core_blocks: MAX_CORE_BLOCKS,
            max_text_bytes: MAX_TEXT_BYTES,
            max_packed_strings: MAX_PACKED_STRINGS,
            max_packed_bytes: MAX_PACKED_BYTES,
            max_rules: MAX_RULES,
            max_rule_label: MAX_RULE_LABEL,
            max_template_pages: MAX_TEMPLATE_PAGES,
            max_flip_paths: MAX_FLIP_PATHS,
            flips_per_path: FLIPS_PER_PATH,
            max_cached_sites: MAX_CACHED_SITES,
            max_html_bytes: MAX_HTML_BYTES,
            max_extract_blocks: MAX_EXTRACT_BLOCKS,
            max_depth: MAX_DEPTH,
            max_export_line: MAX_EXPORT_LINE,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn camel_case_names_match_the_extension() {
        let v = serde_json::to_value(Limits::product()).expect("plain data");
        for (name, value) in [
            ("maxBlocks", 20_000),
            ("maxBlockText", 100_000),
            ("maxTotalText", 8_000_000),
            ("maxPath", 2048),
            ("maxLinksPerBlock", 200),
            ("maxLink", 2048),
            ("maxTitle", 1024),
            ("maxUrl", 8192),
            ("maxSites", 1000),
            ("maxSite", 253),
        ] {
            assert_eq!(v[name], value, "{name}");
        }
    }
}
