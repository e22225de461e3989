//! Block extraction: the written spec, and its native implementation over HTML5-parsed input.
//!
//! This module documentation **is** the extraction spec. The content script
//! (`extension/content/extract.js`, `sincelastExtract(doc, options)`) implements the same rules
//! over the live DOM, and `tests/browser/extract-agreement.test.mjs` checks in real Chromium that
//! both give identical blocks for the same static page. Change one, change the other, and the
//! fixtures in `tests/extract-fixtures/`.
//!
//! ```
//! use sincelast_core::extract::{extract_html, ExtractOptions};
//! let opts = ExtractOptions { url: Some("https://example.org/a/".into()), ..Default::default() };
//! let page = extract_html(
//!     "<title> Hi </title><div>Intro <a href='b'>more</a><p>Para&nbsp;one</p></div>",
//!     &opts,
//! ).unwrap();
//! assert_eq!(page.title.as_deref(), Some("Hi"));
//! assert_eq!(page.blocks[0].text, "Intro more");
//! assert_eq!(page.blocks[0].path, "/html[0]/body[0]/div[0]");
//! assert_eq!(page.blocks[0].links, ["https://example.org/a/b"]);
//! assert_eq!(page.blocks[1].text, "Para one");
//! assert_eq!(page.blocks[1].type_path, "/html/body/div/p");
//! ```
//!
//! # 1. Input
//!
//! The input is a whole HTML document as a `&str`, parsed with the WHATWG HTML5 algorithm
//! (html5ever, scripting enabled, as in a browser with JavaScript on: `<noscript>` content is raw
//! text). Before parsing:
//!
//! - more than [`Limits::max_input_bytes`] bytes (default 16 MiB) → [`Error::TooLarge`];
//! - any NUL byte (U+0000) → [`Error::NotText`]: the input is binary, not HTML;
//! - an empty or blank document is not an error: it is a page with no blocks.
//!
//! # 2. The tree that is walked
//!
//! The parsed DOM, with one browser rule applied: **nesting deeper than
//! [`Limits::max_depth`] is flattened** (default 512, Chromium's parser limit). Depth counts the
//! `<html>` element as 1. An element at depth greater than `max_depth` becomes a child of its
//! ancestor at depth `max_depth`, placed after that ancestor's other children in document order;
//! it keeps its own text nodes, and its element children follow it as further siblings. So
//! `<div₅₁₂><div₅₁₃>a<div₅₁₄>b</div>c</div></div>` is read as
//! `<div₅₁₂><div₅₁₃>ac</div><div₅₁₄>b</div></div>` (the text of `div₅₁₃` is `"ac"`: nothing
//! separates its two text nodes any more). This is what Chromium builds for such input
//! (its tree builder attaches any element whose stack depth would exceed 512 to the depth-512
//! element), so the live DOM the content script walks already has this shape.
//!
//! The parser itself also keeps its stack of open elements bounded, because HTML tree
//! construction scans that stack for many tags (quadratic time on very deep input): when the open
//! elements plus the list of active formatting elements reach `2 × max_depth` (at least 64), a
//! further start tag is ignored, together with its matching end tag; its text stays in the
//! deepest open element. Up to that depth the tree is exactly the browser's; deeper than that
//! (more than 1024 open elements by default) the native blocks merge what Chromium would keep as
//! separate flattened blocks. This is the one documented divergence from the browser.
//!
//! Even with that cap some tags cost a scan of the whole stack (`</p>` with no open `<p>`, for
//! one), so the parse has a work budget: the sum, over all tags given to the tree builder, of the
//! number of open elements when the tag is read may not exceed `8 × max_input_bytes` (at least
//! 2²⁰). Ordinary pages use a small fraction of it (a 16 MiB page averaging 60 open elements
//! stays under it); when it is spent, the rest of the input is ignored and the page is marked
//! truncated.
//!
//! The content script applies the same flattening rule to the live DOM. In Chromium it changes
//! nothing (the parser already flattened); it matters for DOMs built deeper by scripts or by
//! other engines (Firefox's parser limit was not checked).
//!
//! # 3. Which elements are skipped
//!
//! An element is *skipped* — neither it nor anything inside it gives text, links or blocks — when
//! it is any of:
//!
//! - not in the HTML namespace (`<svg>`, `<math>` and everything inside them: labels of graphics
//!   and formula glyphs are not prose, and `<svg><title>` must not leak);
//! - one of [`SKIPPED_TAGS`]: `head`, `title` and `noframes` (never rendered: a `<title>` the
//!   parser put into the body, after stray text before the doctype, is still the document's
//!   title), `script`, `style`, `noscript`, `template`, `iframe`,
//!   `object`, `embed`, `canvas`, `audio`, `video`, `map`, and the form fields `input`,
//!   `textarea`, `select`, `option`, `optgroup`, `datalist` (what a person typed or chose is
//!   never read; a `<button>`'s label is ordinary text);
//! - an element with a `hidden` attribute, unless its value is `until-found` (ASCII
//!   case-insensitive: collapsed text that find-in-page opens) or it is a collapsible panel;
//! - an element with `aria-hidden` equal to `true` (ASCII case-insensitive), unless it holds the
//!   page's main content: it is `body`, or a `main`, `article` or `h1` element is inside it (or
//!   is it). Sites that open a consent or cookie dialog mark the whole page behind it
//!   `aria-hidden`; a person still sees that page, dimmed behind the dialog and fully once it
//!   is closed, so it is read. Nor is a collapsible panel skipped for its `aria-hidden`, nor a
//!   slide: an element whose parent has at most `SLIDE_MAX_SIBLINGS` (32) element children,
//!   among them another element of the same local name that is not `aria-hidden` `true` and
//!   shares one of its class names (split at ASCII white space) — unless one of its class
//!   names contains `clone` or `duplicate` (ASCII-lowercased), or its text is that of such a
//!   sibling that is shown, or that comes before it and is no such copy when hidden (*text*:
//!   its text nodes in tree order, not inside a `template`, runs of ASCII white space as one
//!   space, trimmed; a slide of more than `SLIDE_TEXT_NODES` (2,000) nodes is not compared;
//!   each node read to compare costs one of the document's `SLIDE_BUDGET_NODES` (100,000),
//!   and once they are spent no later element is a slide). A carousel marks the slides it
//!   does not show `aria-hidden` and moves the mark as it turns, so its slides are read and
//!   turning is no change; the copies an endless carousel adds, and those a ticker repeats its
//!   line in to scroll without a seam, are skipped;
//! - (*A collapsible panel* is an element whose `id` is named in the `aria-controls`, split at
//!   ASCII white space, of any element of the document that has an `aria-expanded` attribute:
//!   an accordion's or a disclosure's button names the panel it opens. A closed panel is the
//!   page's text one click away — an FAQ's answers, the clauses of terms — read like a closed
//!   `<details>`, and opening or closing it is no change.)
//! - a dialog that is page chrome: an element with `aria-modal` equal to `true`, or with `role`
//!   `dialog` or `alertdialog` (ASCII case-insensitive) — consent, cookie and newsletter
//!   overlays, which come and go between visits and are never a change of the page;
//! - a consent banner that is not a dialog: a container element (one of
//!   [`CONSENT_BANNER_TAGS`]: `aside dialog div footer form header nav section`, or a custom
//!   element, whose name has a `-` and counts as a name below) that is named like one or is a consent tool's root, and
//!   that neither holds the page's main content (as for `aria-hidden`) nor is inside a `main`
//!   or `article` element. *Named like one*: its `id`, one of its class names (the `class`
//!   value split at ASCII white space) or its `aria-label` — each lowercased in ASCII —
//!   contains one of [`CONSENT_WORDS`] (`cookie consent gdpr`) and one of [`BANNER_WORDS`]
//!   (`banner notice notif bar popup modal overlay layer box wall prompt alert dialog message
//!   hinweis bandeau popin`), e.g. `cookie-banner`, `cky-consent-bar`, `aria-label="Cookie banner"`, and its
//!   text has at most [`CONSENT_BANNER_MAX_WORDS`] words (the words of all text nodes inside
//!   it, as DOM `textContent`, split at ASCII white space). *A consent tool's root*: its
//!   lowercased `id` begins with one of [`CONSENT_TOOL_IDS`] (`onetrust-`, `cybotcookiebot`,
//!   …) or one of its lowercased class names with one of [`CONSENT_TOOL_CLASSES`]
//!   (`fc-consent-root`, …), whatever its text's length. Either holds at most [`CONSENT_BANNER_MAX_ELEMENTS`]
//!   elements (a `<template>`'s contents not counted). A banner is chrome like a consent
//!   dialog: it is there on the first visit and gone once a person has chosen, and that is
//!   no change of the page. A
//!   cookie policy's own text (`cookie-policy`, `ot-sdk-cookie-policy`, a section about
//!   cookies in the page's main content, a `<strong id="CookieNotice">` heading) is read;
//! - an editing host: an element whose `contenteditable` attribute is empty, `true` or
//!   `plaintext-only` (ASCII case-insensitive) — what a person types there is never read;
//! - a `<dialog>` without the `open` attribute.
//!
//! CSS is not considered (there is none natively): `style="display:none"` is read like any other
//! element, on both sides. Skipped elements still count for their siblings' path indices. An
//! element flattened out of a skipped element (section 2) is no longer inside it and is read.
//!
//! # 4. Which elements are blocks
//!
//! A *block element* is an HTML element, not skipped, whose tag is in [`BLOCK_TAGS`] — the
//! elements that are block-level in the browsers' default style sheet: `address article aside
//! blockquote body caption center dd details dialog dir div dl dt fieldset figcaption figure
//! footer form frameset h1 h2 h3 h4 h5 h6 header hgroup hr legend li listing main menu nav ol p
//! plaintext pre search section summary table tbody td tfoot th thead tr ul xmp`. Every other
//! element (known inline tags such as `a span b em code img label button`, and unknown or custom
//! elements, whose default display is inline) is *inline*.
//!
//! Each text node belongs to its **nearest block ancestor** (through any number of inline
//! elements); text with no block ancestor (impossible in a parsed document, which always has a
//! `<body>`, except for `<frameset>` pages) is dropped.
//!
//! **Mixed content.** A block element's own text is all the text that belongs to it directly —
//! its inline runs — *not* the text of nested block elements, which form their own blocks. The
//! runs of one block element are joined into one block, with a space where a nested block
//! element (or a `<br>`) separated them: `<div>A<p>B</p>C</div>` gives the `div` block `"A C"`
//! and the `p` block `"B"`.
//!
//! **Order.** Blocks are listed in the document order of their *first character*:
//! `<div>A<p>B</p>C</div>` gives `["A C", "B"]`, while `<div><p>B</p>C</div>` gives
//! `["B", "C"]`. A block element whose text is only white space gives no block.
//!
//! # 5. Text
//!
//! The text of a block is the concatenation of its text nodes' data (as DOM `textContent` of the
//! text nodes: character references decoded, no `alt` or `title` attributes, no CSS generated
//! content), normalized as [`crate::text::normalize`] does: every run of white space in Rust's
//! `char::is_whitespace` sense (Unicode `White_Space`, including U+00A0 no-break space) becomes
//! one ASCII space, leading and trailing space is removed, and U+200B (zero-width space), U+FEFF
//! (byte-order mark) and U+00AD (soft hyphen) are dropped without breaking a word. A `<br>` and
//! the boundary of a nested block element count as white space. Inline elements add nothing:
//! `<b>foo</b>bar` is `"foobar"`, as on screen.
//!
//! # 6. Path and type path
//!
//! `path` lists the block element and its ancestors from `<html>` down, each as
//! `/tag[i]`, where `tag` is the element's local name (lower case for HTML) and `i` is the
//! zero-based index of the element among its parent's element children **with the same tag**
//! (skipped ones too; text and comments are not counted), as in an XPath step: body blocks
//! start `/html[0]/body[0]/…`, and `div[2]` is the third `<div>` child. Counting per tag keeps
//! a block's path when a sibling of another kind (an ad `<div>` before a run of `<p>`s) comes or
//! goes. `type_path` is the same without indices: `/html/body/div/p`. Both use the flattened
//! tree of section 2.
//!
//! # 7. Links
//!
//! For each HTML `<a>` element with an `href` attribute that is not skipped, the attribute value
//! is resolved as a WHATWG URL (what `new URL(href, document.baseURI)` does) against the
//! document's base URL; only results with scheme `http` or `https` are kept, serialized as the
//! URL's `href`. The base URL is the `href` of the first HTML `<base>` element with an `href`
//! attribute in tree order, resolved against the page URL ([`ExtractOptions::url`]); when there
//! is no such element, when it does not resolve, or when it resolves to a `data:` or
//! `javascript:` URL, the base is the page URL. Without a page URL, relative hrefs (and relative
//! base hrefs) resolve to nothing and are dropped.
//!
//! A link belongs to the block its `<a>` element's own text belongs to (the nearest block
//! ancestor of the `<a>`), and also to every block element nested inside the `<a>` (a card
//! `<a href=…><h2>…</h2><p>…</p></a>` links each of its blocks). Each block's links are listed in
//! document order without duplicates.
//!
//! # 8. Title
//!
//! [`Page::title`] is the text of the first HTML `<title>` element in tree order (anywhere in the
//! document, as `document.title` finds it; never inside `<template>` contents or SVG), normalized
//! as in section 5; `None` when absent or blank. The title is not a block (it is in `<head>`,
//! which is skipped).
//!
//! # 9. Caps
//!
//! Every cap keeps what was extracted before it and sets [`Page::truncated`]:
//!
//! - **block count** ([`Limits::max_blocks`], default 50,000): when one more block would get its
//!   first character, extraction stops there. Blocks already started keep the text they have
//!   gathered so far; nothing after that point is read.
//! - **block length** ([`Limits::max_block_chars`], default 100,000; values below 1 are taken as
//!   1): a block's normalized text is cut to its first `max_block_chars` characters (Unicode
//!   scalar values, so always at a character boundary), then a trailing space is removed.
//!   Extraction of other blocks goes on.
//!
//! The walk is iterative (no recursion), and the tree is an arena, so no input can overflow the
//! stack; time is linear in the size of the tree, after a parse whose cost is bounded by the
//! open-element cap and the work budget of section 2. Measured (release build, on a busy 2-core
//! machine): 1 MiB of HTML with 27,000 elements and 11,000 blocks in about 35 ms; 100,000 nested
//! `<div>`s in about 0.1 s.
//!
//! # 10. The JavaScript twin
//!
//! `sincelastExtract(doc, { url, limits: { max_blocks, max_block_chars, max_depth } })` returns
//! `{ title, blocks, truncated, elements }`, where `blocks` are exactly this module's blocks and
//! `elements[i]` is the block element of `blocks[i]` (for a mixed-content block, the element
//! whose own inline runs make the block: paint its direct inline content, not its nested
//! blocks). It reads the DOM only (text nodes' data, attributes, `document.baseURI`; never
//! `innerText`, so no layout), walks iteratively, and applies the same caps and flattening.
//! There is no input-size cap (the DOM is already parsed) and no parser cap (the browser's
//! parser has its own limits). Links resolve against `document.baseURI`; `url` is used only
//! when the document has none.

use std::cell::{Cell, RefCell};
use std::collections::{HashMap, HashSet};
use std::marker::PhantomData;

use html5ever::tendril::StrTendril;
use html5ever::tokenizer::{
    BufferQueue, TagKind, Token, TokenSink, TokenSinkResult, Tokenizer, TokenizerOpts,
};
use html5ever::tree_builder::{Tracer, TreeBuilder, TreeBuilderOpts, TreeSink};
use html5ever::{ns, LocalName, TokenizerResult};
use scraper::node::Element;
use scraper::{Html, HtmlTreeSink, Node};
use url::Url;

use crate::block::{Block, Page};
use crate::errors::Error;

/// Tags whose elements are skipped with their whole subtree (section 3 of the spec).
pub const SKIPPED_TAGS: &[&str] = &[
    "head", "title", "noframes", "script", "style", "noscript", "template", "iframe", "object",
    "embed", "canvas", "audio", "video", "map", "input", "textarea", "select", "option",
    "optgroup", "datalist",
];

/// Tags whose elements are block elements (section 4 of the spec).
pub const BLOCK_TAGS: &[&str] = &[
    "address",
    "article",
    "aside",
    "blockquote",
    "body",
    "caption",
    "center",
    "dd",
    "details",
    "dialog",
    "dir",
    "div",
    "dl",
    "dt",
    "fieldset",
    "figcaption",
    "figure",
    "footer",
    "form",
    "frameset",
    "h1",
    "h2",
    "h3",
    "h4",
    "h5",
    "h6",
    "header",
    "hgroup",
    "hr",
    "legend",
    "li",
    "listing",
    "main",
    "menu",
    "nav",
    "ol",
    "p",
    "plaintext",
    "pre",
    "search",
    "section",
    "summary",
    "table",
    "tbody",
    "td",
    "tfoot",
    "th",
    "thead",
    "tr",
    "ul",
    "xmp",
];

/// Caps on extraction (section 9 of the spec). The defaults suit any real page.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Limits {
    /// Largest accepted input, in bytes; larger input is [`Error::TooLarge`]. Default 16 MiB.
    pub max_input_bytes: usize,
    /// Most blocks returned; extraction stops at the next block and marks the page truncated.
    /// Default 50,000.
    pub max_blocks: usize,
    /// Longest block text, in characters; longer text is cut and the page marked truncated.
    /// Default 100,000.
    pub max_block_chars: usize,
    /// Depth (`<html>` = 1) beyond which nesting is flattened as browsers do. Default 512.
    pub max_depth: usize,
}

impl Default for Limits {
    fn default() -> Self {
        Limits {
            max_input_bytes: crate::limits::MAX_HTML_BYTES,
            max_blocks: crate::limits::MAX_EXTRACT_BLOCKS,
            max_block_chars: crate::limits::MAX_BLOCK_TEXT,
            max_depth: crate::limits::MAX_DEPTH,
        }
    }
}

/// Options of [`extract_html`].
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct ExtractOptions {
    /// The page's URL, against which `<base href>` and relative links are resolved. Without it
    /// only absolute http(s) links are kept.
    pub url: Option<String>,
    /// Caps.
    pub limits: Limits,
}

/// Extracts the blocks and title of an HTML document, following the spec in the module docs.
///
/// Errors: [`Error::TooLarge`] when the input exceeds [`Limits::max_input_bytes`],
/// [`Error::NotText`] when it contains a NUL byte. Caps that cut the result short set
/// [`Page::truncated`] instead of failing.
pub fn extract_html(html: &str, opts: &ExtractOptions) -> Result<Page, Error> {
    let limits = &opts.limits;
    if html.len() > limits.max_input_bytes {
        return Err(Error::TooLarge {
            size: html.len(),
            limit: limits.max_input_bytes,
        });
    }
    if let Some(at) = html.bytes().position(|b| b == 0) {
        return Err(Error::NotText(format!("NUL byte at offset {at}")));
    }
    let cap = limits.max_depth.saturating_mul(2).max(64);
    let budget = limits.max_input_bytes.saturating_mul(8).max(1 << 20);
    let (doc, exhausted) = parse(html, cap, budget);
    let root = doc.tree.root();
    let (title, base_href) = title_and_base(root);
    let base = base_url(opts.url.as_deref(), base_href.as_deref());
    let mut walker = Walker::new(limits, base);
    walker.walk(root);
    Ok(Page {
        title,
        blocks: walker.out,
        truncated: walker.truncated || exhausted,
    })
}

// ---------------------------------------------------------------------------------------------
// Parsing with a bounded stack of open elements.

/// Elements that never go on the stack of open elements.
fn is_void(name: &LocalName) -> bool {
    matches!(
        &**name,
        "area"
            | "base"
            | "basefont"
            | "bgsound"
            | "br"
            | "col"
            | "embed"
            | "frame"
            | "hr"
            | "img"
            | "input"
            | "keygen"
            | "link"
            | "meta"
            | "param"
            | "source"
            | "track"
            | "wbr"
    )
}

/// Counts the handles the tree builder holds (open elements, active formatting elements and a
/// few singletons): an exact-enough measure of its stack, read only now and then.
struct CountingTracer<H>(Cell<usize>, PhantomData<H>);

impl<H> Tracer for CountingTracer<H> {
    type Handle = H;
    fn trace_handle(&self, _node: &H) {
        self.0.set(self.0.get() + 1);
    }
}

type Builder = TreeBuilder<<HtmlTreeSink as TreeSink>::Handle, HtmlTreeSink>;

/// Sits between the tokenizer and the tree builder and drops start tags (and their end tags)
/// that would take the stack of open elements past `cap`, and everything after the parse work
/// budget is spent (spec section 2).
struct DepthFilter {
    builder: Builder,
    cap: usize,
    /// Estimated stack size: the last measured size, plus start tags, minus end tags since.
    estimate: Cell<usize>,
    /// No tag was forwarded since the last measurement: `estimate` is exact.
    fresh: Cell<bool>,
    /// Tags forwarded since the last measurement.
    since_measure: Cell<usize>,
    /// Sum of the estimated stack size over forwarded tags, and its budget.
    work: Cell<usize>,
    budget: usize,
    /// The budget is spent: the rest of the input is ignored.
    exhausted: Cell<bool>,
    /// Dropped start tags not yet closed, by name.
    dropped: RefCell<HashMap<LocalName, usize>>,
}

impl DepthFilter {
    /// Measures the tree builder's stack (O(stack)): done only near the cap and every 256 tags,
    /// so the cost stays linear.
    fn measure(&self) {
        let tracer = CountingTracer(Cell::new(0), PhantomData);
        self.builder.trace_handles(&tracer);
        self.estimate.set(tracer.0.get());
        self.since_measure.set(0);
        self.fresh.set(true);
    }
}

impl TokenSink for DepthFilter {
    type Handle = <HtmlTreeSink as TreeSink>::Handle;

    fn process_token(&self, token: Token, line_number: u64) -> TokenSinkResult<Self::Handle> {
        if self.exhausted.get() && !matches!(token, Token::EOFToken) {
            return TokenSinkResult::Continue;
        }
        if let Token::TagToken(tag) = &token {
            self.since_measure.set(self.since_measure.get() + 1);
            if self.since_measure.get() >= 256 {
                self.measure();
            }
            match tag.kind {
                TagKind::StartTag if !is_void(&tag.name) => {
                    if self.estimate.get() + 1 >= self.cap && !self.fresh.get() {
                        self.measure();
                    }
                    if self.estimate.get() >= self.cap {
                        *self
                            .dropped
                            .borrow_mut()
                            .entry(tag.name.clone())
                            .or_insert(0) += 1;
                        return TokenSinkResult::Continue;
                    }
                    self.estimate.set(self.estimate.get() + 1);
                }
                TagKind::StartTag => {}
                TagKind::EndTag => {
                    let mut dropped = self.dropped.borrow_mut();
                    if let Some(n) = dropped.get_mut(&tag.name) {
                        *n -= 1;
                        if *n == 0 {
                            dropped.remove(&tag.name);
                        }
                        return TokenSinkResult::Continue;
                    }
                    drop(dropped);
                    self.estimate.set(self.estimate.get().saturating_sub(1));
                }
            }
            self.fresh.set(false);
            self.work
                .set(self.work.get().saturating_add(self.estimate.get()));
            if self.work.get() > self.budget {
                self.exhausted.set(true);
                return TokenSinkResult::Continue;
            }
        }
        self.builder.process_token(token, line_number)
    }

    fn end(&self) {
        self.builder.end();
    }

    fn adjusted_current_node_present_but_not_in_html_namespace(&self) -> bool {
        self.builder
            .adjusted_current_node_present_but_not_in_html_namespace()
    }
}

/// Parses a document as a browser does, with the open-element stack held under `cap` and the
/// tree-construction work under `budget`. Returns the tree and whether the budget ran out.
fn parse(html: &str, cap: usize, budget: usize) -> (Html, bool) {
    let sink = HtmlTreeSink::new(Html::new_document());
    let filter = DepthFilter {
        builder: TreeBuilder::new(sink, TreeBuilderOpts::default()),
        cap,
        estimate: Cell::new(0),
        fresh: Cell::new(false),
        since_measure: Cell::new(0),
        work: Cell::new(0),
        budget,
        exhausted: Cell::new(false),
        dropped: RefCell::new(HashMap::new()),
    };
    let tokenizer = Tokenizer::new(filter, TokenizerOpts::default());
    let input = BufferQueue::default();
    input.push_back(StrTendril::from_slice(html));
    // The tokenizer pauses after a script end tag (so a browser could run it) and after a
    // `<meta charset>` (so a browser could switch encodings); the input is already text, so just
    // go on until all of it is read.
    while !matches!(tokenizer.feed(&input), TokenizerResult::Done) {}
    tokenizer.end();
    let exhausted = tokenizer.sink.exhausted.get();
    (tokenizer.sink.builder.sink.finish(), exhausted)
}

// ---------------------------------------------------------------------------------------------
// Title and base URL.

/// A node of scraper's arena tree.
type Ref<'a> = ego_tree::NodeRef<'a, Node>;

fn html_element<'a>(node: Ref<'a>) -> Option<&'a Element> {
    match node.value() {
        Node::Element(el) if el.name.ns == ns!(html) => Some(el),
        _ => None,
    }
}

/// The next node in tree order after `node`, not entering `node`'s children when `enter` is
/// false. Uses parent links, so it needs no stack.
fn next_in_order(node: Ref<'_>, enter: bool) -> Option<Ref<'_>> {
    if enter {
        if let Some(child) = node.first_child() {
            return Some(child);
        }
    }
    let mut at = node;
    loop {
        if let Some(next) = at.next_sibling() {
            return Some(next);
        }
        at = at.parent()?;
    }
}

/// The raw text of the first HTML `<title>` and the `href` of the first HTML `<base href>`, in
/// tree order, never looking into template contents (scraper keeps them under a fragment node).
fn title_and_base(root: Ref<'_>) -> (Option<String>, Option<String>) {
    let mut title: Option<String> = None;
    let mut base: Option<String> = None;
    let mut at = Some(root);
    while let Some(node) = at {
        if title.is_some() && base.is_some() {
            break;
        }
        let mut enter = !matches!(node.value(), Node::Fragment);
        if let Some(el) = html_element(node) {
            match el.name.local.as_ref() {
                "title" if title.is_none() => {
                    let mut raw = String::new();
                    for child in node.children() {
                        if let Node::Text(t) = child.value() {
                            raw.push_str(t);
                        }
                    }
                    title = Some(crate::text::normalize(&raw));
                    enter = false;
                }
                "base" if base.is_none() => {
                    if let Some(href) = el.attr("href") {
                        base = Some(href.to_string());
                    }
                }
                _ => {}
            }
        }
        at = next_in_order(node, enter);
    }
    (title.filter(|t| !t.is_empty()), base)
}

/// The document base URL (spec section 7).
fn base_url(page: Option<&str>, base_href: Option<&str>) -> Option<Url> {
    let page = page.and_then(|u| Url::parse(u).ok());
    if let Some(href) = base_href {
        if let Ok(base) = Url::options().base_url(page.as_ref()).parse(href) {
            if base.scheme() != "data" && base.scheme() != "javascript" {
                return Some(base);
            }
        }
    }
    page
}

/// Resolves a link href to an absolute http(s) URL, or nothing.
fn resolve_link(base: Option<&Url>, href: &str) -> Option<String> {
    let url = Url::options().base_url(base).parse(href).ok()?;
    matches!(url.scheme(), "http" | "https").then(|| url.into())
}

// ---------------------------------------------------------------------------------------------
// The walk.

fn is_block_tag(tag: &str) -> bool {
    BLOCK_TAGS.binary_search(&tag).is_ok()
}

/// Whether an element is skipped with its subtree (spec section 3). `panels` gives the ids of
/// the document's collapsible panels ([`panel_ids`]), computed once when first needed.
fn is_skipped(node: Ref<'_>, panels: &mut Option<HashSet<String>>, slides: &mut usize) -> bool {
    let Some(el) = html_element(node) else {
        return true; // not HTML: svg, math and their contents
    };
    let tag: &str = &el.name.local;
    let mut panel = || {
        el.id().is_some_and(|id| {
            panels
                .get_or_insert_with(|| panel_ids(node.tree().root()))
                .contains(id)
        })
    };
    SKIPPED_TAGS.contains(&tag)
        || el
            .attr("hidden")
            .is_some_and(|v| !v.eq_ignore_ascii_case("until-found") && !panel())
        || (el
            .attr("aria-hidden")
            .is_some_and(|v| v.eq_ignore_ascii_case("true"))
            && !holds_main_content(node)
            && !panel()
            && !is_slide(node, el, slides))
        || el
            .attr("aria-modal")
            .is_some_and(|v| v.eq_ignore_ascii_case("true"))
        || el.attr("role").is_some_and(|v| {
            v.eq_ignore_ascii_case("dialog") || v.eq_ignore_ascii_case("alertdialog")
        })
        || el.attr("contenteditable").is_some_and(|v| {
            v.is_empty()
                || v.eq_ignore_ascii_case("true")
                || v.eq_ignore_ascii_case("plaintext-only")
        })
        || (tag == "dialog" && el.attr("open").is_none())
        || is_consent_banner(node, el)
}

/// Words of an element's `id`, class names or `aria-label` that name cookies or consent
/// (spec section 3: a consent banner names one of these and one of [`BANNER_WORDS`]).
pub const CONSENT_WORDS: [&str; 3] = ["cookie", "consent", "gdpr"];

/// Words of a name that say the element is a notice laid over the page (spec section 3).
/// They also match inside words (`cookiebar`, `BorlabsCookieBox`, `cookie-message`);
/// `hinweis`, `bandeau` and `popin` are the German and French words for the notice.
pub const BANNER_WORDS: [&str; 17] = [
    "banner", "notice", "notif", "bar", "popup", "modal", "overlay", "layer", "box", "wall",
    "prompt", "alert", "dialog", "message", "hinweis", "bandeau", "popin",
];

/// How the roots of common consent tools begin their `id` (ASCII-lowercased): OneTrust,
/// Cookiebot, Usercentrics, Didomi, Borlabs, consentmanager, Quantcast, Sourcepoint, TrustArc,
/// iubenda, tarteaucitron, Axeptio, CookieScript, HubSpot, Sirdata (spec section 3). Their
/// cookie lists for a policy page (`ot-sdk-cookie-policy`, `CookieDeclaration`) begin
/// otherwise.
pub const CONSENT_TOOL_IDS: [&str; 16] = [
    "onetrust-",
    "cybotcookiebot",
    "usercentrics-root",
    "didomi-host",
    "borlabscookie",
    "cmpbox",
    "cmpwrapper",
    "qc-cmp2",
    "sp_message_container",
    "truste-consent",
    "iubenda-cs-",
    "tarteaucitron",
    "axeptio_",
    "cookiescript_injected",
    "hs-eu-cookie-confirmation",
    "sd-cmp",
];

/// How the roots of common consent tools begin a class name (ASCII-lowercased), where their
/// root has no `id`: Google's Funding Choices, Osano, CookieFirst (spec section 3).
pub const CONSENT_TOOL_CLASSES: [&str; 3] =
    ["fc-consent-root", "osano-cm-window", "cookiefirst-root"];

/// Elements that may be a consent banner: containers, not inline text such as a
/// `<strong id="CookieNotice">` heading inside a policy (spec section 3). Custom elements (a
/// name with `-`) may be too.
pub const CONSENT_BANNER_TAGS: [&str; 8] = [
    "aside", "dialog", "div", "footer", "form", "header", "nav", "section",
];

/// A consent banner (a tool's root too) has at most this many elements inside it: what
/// holds more is a part of the page, and the walk that measures it stops here.
pub const CONSENT_BANNER_MAX_ELEMENTS: usize = 2000;

/// A consent banner named like one (not a tool's root) has at most this many words; a
/// longer text named like one (a cookie notice that is the page's document) is read (spec
/// section 3).
pub const CONSENT_BANNER_MAX_WORDS: usize = 250;

/// Whether a name (`id`, a class name, `aria-label`) names a consent banner.
fn names_consent_banner(name: &str) -> bool {
    let name = name.to_ascii_lowercase();
    CONSENT_WORDS.iter().any(|w| name.contains(w)) && BANNER_WORDS.iter().any(|w| name.contains(w))
}

/// A consent banner that is not a dialog (spec section 3).
fn is_consent_banner(node: Ref<'_>, el: &Element) -> bool {
    let tag: &str = &el.name.local;
    if !(CONSENT_BANNER_TAGS.contains(&tag) || tag.contains('-')) {
        return false;
    }
    let tool = el.attr("id").is_some_and(|id| {
        let id = id.to_ascii_lowercase();
        CONSENT_TOOL_IDS.iter().any(|p| id.starts_with(p))
    }) || el.attr("class").is_some_and(|c| {
        c.split(|ch: char| ch.is_ascii_whitespace()).any(|name| {
            let name = name.to_ascii_lowercase();
            CONSENT_TOOL_CLASSES.iter().any(|p| name.starts_with(p))
        })
    });
    let named = tool
        || (tag.contains('-') && names_consent_banner(tag))
        || el.attr("id").is_some_and(names_consent_banner)
        || el.attr("aria-label").is_some_and(names_consent_banner)
        || el.attr("class").is_some_and(|c| {
            c.split(|ch: char| ch.is_ascii_whitespace())
                .any(names_consent_banner)
        });
    named
        && !node
            .ancestors()
            .any(|a| html_element(a).is_some_and(|e| matches!(&*e.name.local, "main" | "article")))
        && banner_sized(
            node,
            if tool {
                usize::MAX
            } else {
                CONSENT_BANNER_MAX_WORDS
            },
        )
}

/// Whether the element `node` is the size and kind of a banner: at most `max_words` words in
/// its text nodes (DOM `textContent`, split at ASCII white space; a word may run across text
/// nodes, `cook<b>ie</b>`), at most [`CONSENT_BANNER_MAX_ELEMENTS`] elements inside it, and no
/// `main`, `article`, `h1` or `body` element among them (a `<template>`'s contents are not
/// inside it, as in the DOM). Stops at the first limit passed, so a huge element costs no
/// more than a banner.
fn banner_sized(node: Ref<'_>, max_words: usize) -> bool {
    let mut words = 0;
    let mut elements = 0;
    let mut in_word = false;
    let mut stack: Vec<Ref<'_>> = node.children().collect();
    stack.reverse();
    while let Some(n) = stack.pop() {
        match n.value() {
            Node::Text(t) => {
                for ch in t.chars() {
                    let space = matches!(ch, '\t' | '\n' | '\x0C' | '\r' | ' ');
                    if !space && !in_word {
                        words += 1;
                        if words > max_words {
                            return false;
                        }
                    }
                    in_word = !space;
                }
            }
            Node::Element(el) => {
                elements += 1;
                if elements > CONSENT_BANNER_MAX_ELEMENTS {
                    return false;
                }
                let html = el.name.ns == ns!(html);
                let tag: &str = &el.name.local;
                if html && matches!(tag, "main" | "article" | "h1" | "body") {
                    return false;
                }
                if !(html && tag == "template") {
                    let at = stack.len();
                    stack.extend(n.children());
                    stack[at..].reverse();
                }
            }
            _ => {}
        }
    }
    true
}

/// The ids of the document's collapsible panels (spec section 3): every id named in the
/// `aria-controls` (split at ASCII white space) of an element that has an `aria-expanded`
/// attribute — an accordion's or a disclosure's button and the panel it opens.
fn panel_ids(root: Ref<'_>) -> HashSet<String> {
    root.descendants()
        .filter_map(html_element)
        .filter(|el| el.attr("aria-expanded").is_some())
        .filter_map(|el| el.attr("aria-controls"))
        .flat_map(|v| v.split(|c: char| c.is_ascii_whitespace()))
        .filter(|id| !id.is_empty())
        .map(str::to_string)
        .collect()
}

/// The most element children a carousel's track has (spec section 3): beyond it no element
/// is a slide, so that telling one costs little on any page.
pub const SLIDE_MAX_SIBLINGS: usize = 32;
/// The most nodes of a slide read to compare its text with its siblings' (spec section 3): a
/// larger one is not compared (and is read).
pub const SLIDE_TEXT_NODES: usize = 2_000;
/// The most nodes read to compare slides' texts in one document (spec section 3): once they
/// are read, no later element is a slide, so that a page of many hidden look-alikes costs
/// little.
pub const SLIDE_BUDGET_NODES: usize = 100_000;

/// A slide's text as [`slide_text`] reads it.
enum SlideText {
    Text(String),
    /// More than [`SLIDE_TEXT_NODES`] nodes: not compared.
    Large,
    /// The document's [`SLIDE_BUDGET_NODES`] are spent.
    Spent,
}

/// Whether an `aria-hidden` element is a slide a carousel does not show (spec section 3): its
/// parent has at most [`SLIDE_MAX_SIBLINGS`] element children, among them another HTML element
/// of the same local name that shares one of its class names and is not `aria-hidden` `true`;
/// none of its class names contains `clone` or `duplicate` (ASCII-lowercased: the copies an
/// endless carousel adds); and its text ([`slide_text`]) is not that of such a sibling that is
/// shown or comes before it (a ticker repeats its line in hidden copies to scroll without a
/// seam). A carousel marks the slides it hides `aria-hidden` and moves the mark as it turns,
/// on a timer: its slides are the page's text one click away, and turning is no change.
fn is_slide(node: Ref<'_>, el: &Element, budget: &mut usize) -> bool {
    let Some(class) = el.attr("class") else {
        return false;
    };
    let names = || {
        class
            .split(|c: char| c.is_ascii_whitespace())
            .filter(|n| !n.is_empty())
    };
    if copy_named(class) {
        return false;
    }
    let Some(parent) = node.parent() else {
        return false;
    };
    if parent.children().filter(|c| c.value().is_element()).count() > SLIDE_MAX_SIBLINGS {
        return false;
    }
    let hidden = |e: &Element| {
        e.attr("aria-hidden")
            .is_some_and(|v| v.eq_ignore_ascii_case("true"))
    };
    // Its group: siblings of its tag that share a class name with it, each with whether it is
    // shown and whether it comes before it.
    let mut before = true;
    let mut group = Vec::new();
    for sibling in parent.children() {
        if sibling.id() == node.id() {
            before = false;
            continue;
        }
        let Some(other) = html_element(sibling) else {
            continue;
        };
        let shares = other.name.local == el.name.local
            && other.attr("class").is_some_and(|c| {
                c.split(|c: char| c.is_ascii_whitespace())
                    .any(|n| !n.is_empty() && names().any(|m| m == n))
            });
        // (A hidden copy is never read: its text is no other slide's.)
        if shares && !(hidden(other) && other.attr("class").is_some_and(copy_named)) {
            group.push((sibling, !hidden(other), before));
        }
    }
    if !group.iter().any(|&(_, shown, _)| shown) {
        return false;
    }
    let own = match slide_text(node, budget) {
        SlideText::Text(t) => t,
        SlideText::Large => return true,
        SlideText::Spent => return false,
    };
    for &(sibling, shown, before) in &group {
        if shown || before {
            match slide_text(sibling, budget) {
                SlideText::Text(t) if t == own => return false,
                SlideText::Spent => return false,
                _ => {}
            }
        }
    }
    true
}

/// Whether one of the class names in `class` contains `clone` or `duplicate` (ASCII
/// lowercased): a copy an endless carousel adds (spec section 3).
fn copy_named(class: &str) -> bool {
    class.split(|c: char| c.is_ascii_whitespace()).any(|n| {
        let n = n.to_ascii_lowercase();
        n.contains("clone") || n.contains("duplicate")
    })
}

/// A slide's text to compare with its siblings' (spec section 3): its text nodes in tree order,
/// not inside a `template`, runs of ASCII white space as one space, trimmed; nothing when it
/// has more than [`SLIDE_TEXT_NODES`] nodes. Every node read costs one of the document's
/// `budget`; none left, it is [`SlideText::Spent`].
fn slide_text(node: Ref<'_>, budget: &mut usize) -> SlideText {
    let mut text = String::new();
    let mut seen = 0;
    let mut stack: Vec<Ref<'_>> = node.children().collect();
    stack.reverse();
    while let Some(n) = stack.pop() {
        if *budget == 0 {
            return SlideText::Spent;
        }
        *budget -= 1;
        seen += 1;
        if seen > SLIDE_TEXT_NODES {
            return SlideText::Large;
        }
        match n.value() {
            Node::Text(t) => text.push_str(t),
            Node::Element(e) if e.name.ns == ns!(html) && &*e.name.local == "template" => {}
            _ => {
                let at = stack.len();
                stack.extend(n.children());
                stack[at..].reverse();
            }
        }
    }
    let words: Vec<&str> = text
        .split(|c: char| c.is_ascii_whitespace())
        .filter(|w| !w.is_empty())
        .collect();
    SlideText::Text(words.join(" "))
}

/// Whether an element holds the page's main content (spec section 3): itself or an element
/// inside it is `main`, `article` or `h1`, or it is `body`. A page that opens a consent dialog
/// marks everything behind it `aria-hidden`, yet a person sees that content (dimmed, then fully
/// once the dialog is closed); decorative `aria-hidden` parts (icons, duplicated slides) hold
/// no such element. The scan stops at the first one found.
fn holds_main_content(node: Ref<'_>) -> bool {
    node.descendants().any(|d| {
        html_element(d)
            .is_some_and(|el| matches!(&*el.name.local, "main" | "article" | "h1" | "body"))
    })
}

/// One element on the way from the document down to the current node.
struct Frame {
    /// Local name, for the paths.
    tag: LocalName,
    /// Index among the (flattened) parent's element children with the same tag.
    index: usize,
    /// Element children seen so far, per tag (few distinct tags: a linear scan is fastest).
    children: Vec<(LocalName, usize)>,
    /// Inside a skipped element.
    skip: bool,
    /// This element opened a block context.
    block: bool,
    /// This element pushed an href on the open-links stack.
    link: bool,
}

/// A block element being read.
struct Context {
    /// Index of the element's frame.
    frame: usize,
    /// Normalized text so far (never ends in a space).
    text: String,
    /// Characters in `text`.
    chars: usize,
    /// White space seen since the last character.
    space: bool,
    /// Text reached `max_block_chars`.
    full: bool,
    /// Links so far, possibly repeated.
    links: Vec<String>,
    /// Index of this block in the output, once it has a first character.
    slot: Option<usize>,
}

enum Work<'a> {
    /// Visit a node at a depth (`<html>` = 1).
    Visit(Ref<'a>, usize),
    /// Leave the element of the top frame.
    Leave,
}

struct Walker<'l> {
    limits: &'l Limits,
    max_chars: usize,
    base: Option<Url>,
    frames: Vec<Frame>,
    contexts: Vec<Context>,
    open_links: Vec<String>,
    out: Vec<Block>,
    truncated: bool,
    stopped: bool,
    /// The document's collapsible panels ([`panel_ids`]), once an element needs them.
    panels: Option<HashSet<String>>,
    /// Nodes [`slide_text`] may still read in this document ([`SLIDE_BUDGET_NODES`]).
    slide_budget: usize,
}

impl<'l> Walker<'l> {
    fn new(limits: &'l Limits, base: Option<Url>) -> Self {
        Walker {
            limits,
            max_chars: limits.max_block_chars.max(1),
            base,
            frames: Vec::new(),
            contexts: Vec::new(),
            open_links: Vec::new(),
            out: Vec::new(),
            truncated: false,
            stopped: false,
            panels: None,
            slide_budget: SLIDE_BUDGET_NODES,
        }
    }

    fn walk(&mut self, root: Ref<'_>) {
        // The document itself is the bottom frame.
        self.frames.push(Frame {
            tag: LocalName::from(""),
            index: 0,
            children: Vec::new(),
            skip: false,
            block: false,
            link: false,
        });
        let mut work: Vec<Work<'_>> = root.children().rev().map(|c| Work::Visit(c, 1)).collect();
        while let Some(item) = work.pop() {
            if self.stopped {
                break;
            }
            match item {
                Work::Leave => self.leave(),
                Work::Visit(node, depth) => match node.value() {
                    Node::Text(t) => self.text(t),
                    Node::Element(_) => {
                        self.enter(node);
                        if depth > self.limits.max_depth {
                            // Flattened (spec section 2): own text now, element children
                            // afterwards as siblings.
                            for child in node.children() {
                                if let Node::Text(t) = child.value() {
                                    self.text(t);
                                }
                            }
                            self.leave();
                            work.extend(
                                node.children()
                                    .rev()
                                    .filter(|c| c.value().is_element())
                                    .map(|c| Work::Visit(c, depth + 1)),
                            );
                        } else if self.frames.last().is_some_and(|f| f.skip) {
                            // Nothing inside a skipped element is read.
                            self.leave();
                        } else {
                            work.push(Work::Leave);
                            work.extend(node.children().rev().map(|c| Work::Visit(c, depth + 1)));
                        }
                    }
                    _ => {}
                },
            }
        }
        // Close whatever is still open (only when stopped early).
        while self.frames.len() > 1 {
            self.leave();
        }
    }

    fn enter(&mut self, node: Ref<'_>) {
        let Some(parent) = self.frames.last_mut() else {
            return;
        };
        let tag = match node.value() {
            Node::Element(el) => el.name.local.clone(),
            _ => LocalName::from(""),
        };
        let index = match parent.children.iter_mut().find(|(t, _)| *t == tag) {
            Some((_, n)) => {
                *n += 1;
                *n - 1
            }
            None => {
                parent.children.push((tag.clone(), 1));
                0
            }
        };
        let skip = parent.skip || is_skipped(node, &mut self.panels, &mut self.slide_budget);
        let mut frame = Frame {
            tag,
            index,
            children: Vec::new(),
            skip,
            block: false,
            link: false,
        };
        if !skip {
            let tag: &str = &frame.tag;
            if tag == "br" {
                if let Some(c) = self.contexts.last_mut() {
                    c.space = true;
                }
            }
            if is_block_tag(tag) {
                if let Some(c) = self.contexts.last_mut() {
                    c.space = true;
                }
                self.contexts.push(Context {
                    frame: self.frames.len(),
                    text: String::new(),
                    chars: 0,
                    space: false,
                    full: false,
                    links: self.open_links.clone(),
                    slot: None,
                });
                frame.block = true;
            }
            if tag == "a" {
                let href = html_element(node).and_then(|el| el.attr("href"));
                if let Some(url) = href.and_then(|h| resolve_link(self.base.as_ref(), h)) {
                    if let Some(c) = self.contexts.last_mut() {
                        c.links.push(url.clone());
                    }
                    self.open_links.push(url);
                    frame.link = true;
                }
            }
        }
        self.frames.push(frame);
    }

    fn leave(&mut self) {
        let Some(frame) = self.frames.pop() else {
            return;
        };
        if frame.link {
            self.open_links.pop();
        }
        if frame.block {
            if let Some(c) = self.contexts.pop() {
                self.finish(c);
            }
            if let Some(parent) = self.contexts.last_mut() {
                parent.space = true;
            }
        }
    }

    /// Puts a finished block context's text and links into its output slot.
    fn finish(&mut self, mut c: Context) {
        let Some(block) = c.slot.and_then(|s| self.out.get_mut(s)) else {
            return;
        };
        if c.text.ends_with(' ') {
            c.text.pop();
        }
        block.text = c.text;
        let mut links: Vec<String> = Vec::with_capacity(c.links.len());
        for link in c.links {
            if !links.contains(&link) {
                links.push(link);
            }
        }
        block.links = links;
    }

    /// Adds a text node's data to the current block (spec section 5).
    fn text(&mut self, data: &str) {
        if self.stopped || self.frames.last().is_none_or(|f| f.skip) {
            return;
        }
        let Walker {
            contexts,
            frames,
            out,
            limits,
            max_chars,
            truncated,
            stopped,
            ..
        } = self;
        let Some(c) = contexts.last_mut() else {
            return;
        };
        for ch in data.chars() {
            if matches!(ch, '\u{200B}' | '\u{FEFF}' | '\u{00AD}') {
                continue;
            }
            if ch.is_whitespace() {
                c.space = true;
                continue;
            }
            if c.slot.is_none() {
                if out.len() >= limits.max_blocks {
                    *truncated = true;
                    *stopped = true;
                    return;
                }
                let (path, type_path) = paths(&frames[1..=c.frame]);
                c.slot = Some(out.len());
                out.push(Block {
                    text: String::new(),
                    path,
                    type_path,
                    links: Vec::new(),
                });
            }
            if c.full {
                return;
            }
            if c.space && c.chars > 0 {
                if c.chars >= *max_chars {
                    c.full = true;
                    *truncated = true;
                    return;
                }
                c.text.push(' ');
                c.chars += 1;
            }
            c.space = false;
            if c.chars >= *max_chars {
                c.full = true;
                *truncated = true;
                return;
            }
            c.text.push(ch);
            c.chars += 1;
        }
    }
}

/// The path and type path of the element whose frame is last in `frames` (spec section 6).
fn paths(frames: &[Frame]) -> (String, String) {
    let mut path = String::new();
    let mut type_path = String::new();
    for f in frames {
        path.push('/');
        path.push_str(&f.tag);
        path.push('[');
        path.push_str(&f.index.to_string());
        path.push(']');
        type_path.push('/');
        type_path.push_str(&f.tag);
    }
    (path, type_path)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn page(html: &str) -> Page {
        page_at(html, Some("https://example.org/dir/page.html?x=1"))
    }

    fn page_at(html: &str, url: Option<&str>) -> Page {
        let opts = ExtractOptions {
            url: url.map(str::to_string),
            ..Default::default()
        };
        extract_html(html, &opts).expect("extracts")
    }

    fn with_limits(html: &str, limits: Limits) -> Page {
        let opts = ExtractOptions { url: None, limits };
        extract_html(html, &opts).expect("extracts")
    }

    fn texts(p: &Page) -> Vec<&str> {
        p.blocks.iter().map(|b| b.text.as_str()).collect()
    }

    #[test]
    fn tag_lists_are_sorted_and_disjoint() {
        let mut sorted = BLOCK_TAGS.to_vec();
        sorted.sort_unstable();
        assert_eq!(sorted, BLOCK_TAGS);
        assert!(SKIPPED_TAGS.iter().all(|t| !is_block_tag(t)));
    }

    #[test]
    fn block_elements_are_blocks_and_inline_text_joins_its_block() {
        let p = page("<h1>Title</h1><p>Some <b>bold</b><i>ital</i> <my-tag>custom</my-tag></p>");
        assert_eq!(texts(&p), ["Title", "Some boldital custom"]);
        assert_eq!(p.blocks[1].path, "/html[0]/body[0]/p[0]");
    }

    #[test]
    fn mixed_content_runs_form_the_outer_block_in_first_character_order() {
        let p = page("<div>A<p>B</p>C</div>");
        assert_eq!(texts(&p), ["A C", "B"]);
        assert_eq!(p.blocks[0].type_path, "/html/body/div");
        assert_eq!(p.blocks[1].type_path, "/html/body/div/p");
        let p = page("<div><p>B</p>C</div>");
        assert_eq!(texts(&p), ["B", "C"]);
        let p = page("<div>A<hr>B</div>");
        assert_eq!(texts(&p), ["A B"]);
    }

    #[test]
    fn body_text_outside_any_other_block_is_the_body_block() {
        let p = page("Loose <span>text</span><p>P</p>more");
        assert_eq!(texts(&p), ["Loose text more", "P"]);
        assert_eq!(p.blocks[0].path, "/html[0]/body[0]");
    }

    #[test]
    fn text_outside_any_block_is_dropped() {
        // A frameset page has no <body>; the text after it has no block ancestor.
        let p = page("<frameset><frame src=\"a.html\"></frameset>stray");
        assert!(p.blocks.is_empty());
    }

    #[test]
    fn lists_and_tables() {
        let p = page(
            "<ul><li>One</li><li>Two <ol><li>Two.a</li></ol></li></ul>\
             <table><caption>Cap</caption><tr><th>H</th><td>D</td></tr></table>",
        );
        assert_eq!(texts(&p), ["One", "Two", "Two.a", "Cap", "H", "D"]);
        assert_eq!(p.blocks[2].path, "/html[0]/body[0]/ul[0]/li[1]/ol[0]/li[0]");
        assert_eq!(
            p.blocks[4].path,
            "/html[0]/body[0]/table[0]/tbody[0]/tr[0]/th[0]"
        );
    }

    #[test]
    fn normalization_matches_text_normalize() {
        let p = page(
            "<p>  a&nbsp;&nbsp;b\u{2003}c\u{3000}d\u{0085}e\n\tf\u{200B}g\u{FEFF}h\u{00AD}i  </p>\
             <p>x<br>y<br/>z</p><p>&lt;tag&gt; &amp; &eacute;&#x1F600;</p><p>\u{180E}\u{200D}</p>",
        );
        assert_eq!(
            texts(&p),
            ["a b c d e fghi", "x y z", "<tag> & é😀", "\u{180E}\u{200D}"]
        );
        for b in &p.blocks {
            assert_eq!(crate::text::normalize(&b.text), b.text);
        }
    }

    #[test]
    fn whitespace_only_blocks_are_not_blocks() {
        let p = page("<div> \n <p> &nbsp; </p> <p>x</p></div>");
        assert_eq!(texts(&p), ["x"]);
    }

    #[test]
    fn paths_count_element_children_per_tag() {
        let p = page(
            "<div></div><script>s</script><!-- c --><div hidden>h</div>text<span></span><div>X</div>",
        );
        let x = p.blocks.iter().find(|b| b.text == "X").expect("X");
        // div, (script), (div hidden), (span), div: the third <div>.
        assert_eq!(x.path, "/html[0]/body[0]/div[2]");
        assert_eq!(x.type_path, "/html/body/div");
    }

    #[test]
    fn skipped_elements_give_nothing() {
        let p = page(
            "<p>a<script>bad()</script><style>p{}</style><noscript>ns</noscript>b</p>\
             <template><p>tpl</p></template><iframe>if</iframe>\
             <p>c<svg><text>svg</text><title>st</title></svg><math><mi>x</mi></math>d</p>\
             <object><p>obj</p></object><video>vid</video><canvas>cv</canvas>",
        );
        assert_eq!(texts(&p), ["ab", "cd"]);
    }

    /// Stray text before the doctype puts the parser in the body before the head's elements:
    /// the `<title>` lands in the body, where no browser renders it, and the page's title is
    /// still the document's title.
    #[test]
    fn a_title_in_the_body_is_not_text() {
        let p = page(
            "\u{feff}???<!DOCTYPE html><html><head><title>Daily Reporter</title></head>\
             <body><noframes>nf</noframes><p>First story</p></body></html>",
        );
        assert_eq!(texts(&p), ["???", "First story"]);
        assert_eq!(p.title.as_deref(), Some("Daily Reporter"));
    }

    #[test]
    fn hidden_and_aria_hidden_subtrees_are_skipped() {
        let p = page(
            "<p hidden>h1</p><div hidden=\"until-found\"><p>found</p></div>\
             <p aria-hidden=\"true\">h3</p><p aria-hidden=\"TRUE\">h4</p>\
             <p aria-hidden=\"false\">shown1</p><p>x<span hidden>h5</span>y</p>\
             <dialog>closed</dialog><dialog open>open</dialog><p style=\"display:none\">css</p>",
        );
        assert_eq!(texts(&p), ["found", "shown1", "xy", "open", "css"]);
    }

    /// A carousel marks the slides it does not show `aria-hidden` and moves the mark as it
    /// turns: its slides are read (one click away), so turning is no change; the copies an
    /// endless carousel adds are not.
    #[test]
    fn a_carousels_hidden_slides_are_read() {
        let deck = |shown: usize| {
            let slides: String = ["Winter sale", "New arrivals", "Free delivery"]
                .iter()
                .enumerate()
                .map(|(i, t)| {
                    let (class, hidden) = if i == shown {
                        ("slide is-active", "false")
                    } else {
                        ("slide", "true")
                    };
                    format!("<div class=\"{class}\" aria-hidden=\"{hidden}\"><h2>{t}</h2></div>")
                })
                .collect();
            page(&format!(
                "<div class=\"track\">\
                 <div class=\"slide slide-clone\" aria-hidden=\"true\"><h2>Free delivery</h2></div>\
                 {slides}</div><p>After</p>"
            ))
        };
        let (first, turned) = (deck(0), deck(1));
        assert_eq!(
            texts(&first),
            ["Winter sale", "New arrivals", "Free delivery", "After"]
        );
        assert_eq!(texts(&first), texts(&turned));
        assert_eq!(
            first.blocks.iter().map(|b| &b.path).collect::<Vec<_>>(),
            turned.blocks.iter().map(|b| &b.path).collect::<Vec<_>>()
        );
        // A ticker's copies of its line, there to scroll without a seam, are not read again.
        let p = page(
            "<div><p class=\"line\">+++ Storm warning</p><p class=\"line\" aria-hidden=\"true\">\
             +++   Storm warning</p><p class=\"line\" aria-hidden=\"true\">+++ Storm warning</p></div>\
             <div><p class=\"s\" aria-hidden=\"true\">One</p><p class=\"s\" aria-hidden=\"true\">One</p>\
             <p class=\"s\">Two</p></div>",
        );
        assert_eq!(texts(&p), ["+++ Storm warning", "One", "Two"]);
        // Not a slide: no shown sibling of its tag, no class shared, no class at all.
        let p = page(
            "<div><section class=\"card\" aria-hidden=\"true\">a</section><div class=\"card\">b</div>\
             <div class=\"x\" aria-hidden=\"true\">c</div><div aria-hidden=\"true\">d</div></div>",
        );
        assert_eq!(texts(&p), ["b"]);
    }

    #[test]
    fn a_collapsed_panel_is_read() {
        // An accordion (WAI-ARIA pattern): the button names the panel it opens; the closed panel
        // is aria-hidden or hidden, yet it is the page's text, one click away.
        let p = page(
            "<h3 aria-expanded=\"false\" aria-controls=\"p1\">Terms</h3>\
             <div id=\"p1\" aria-hidden=\"true\" style=\"max-height:0\"><p>Updated 04/02/2022</p></div>\
             <p><button aria-expanded=\"false\" aria-controls=\"x p2\">More</button></p>\
             <div id=\"p2\" hidden><p>Second clause.</p></div>\
             <div id=\"p3\" hidden><p>not a panel</p></div>\
             <p aria-controls=\"p4\">no aria-expanded</p><div id=\"p4\" hidden>h</div>\
             <div role=\"dialog\" id=\"p5\"><p>still a dialog</p></div>\
             <p><a aria-expanded=\"true\" aria-controls=\"p5\">open</a></p>",
        );
        assert_eq!(
            texts(&p),
            [
                "Terms",
                "Updated 04/02/2022",
                "More",
                "Second clause.",
                "no aria-expanded",
                "open"
            ]
        );
    }

    #[test]
    fn content_behind_a_consent_dialog_is_read_and_the_dialog_is_not() {
        // The consent pattern: the page behind the dialog is aria-hidden while it is open.
        let p = page(
            "<div id=\"page\" aria-hidden=\"true\"><header><p>Site</p></header>\
             <main><h2>Terms</h2><p>Clause one.</p></main></div>\
             <div role=\"dialog\"><p>We use cookies.</p><button>Accept</button></div>\
             <div aria-modal=\"TRUE\"><p>Subscribe!</p></div>\
             <div role=\"AlertDialog\"><p>Consent</p></div>\
             <section aria-hidden=\"true\"><article><p>Story</p></article></section>\
             <div aria-hidden=\"true\"><h1>Headline</h1></div>\
             <div aria-hidden=\"true\"><p>decorative</p><h2>not main</h2></div>",
        );
        assert_eq!(
            texts(&p),
            ["Site", "Terms", "Clause one.", "Story", "Headline"]
        );
        // aria-hidden on the body itself never hides the page.
        let p = page("<body aria-hidden=\"true\"><p>All of it</p></body>");
        assert_eq!(texts(&p), ["All of it"]);
    }

    #[test]
    fn the_roots_of_more_consent_tools_are_chrome() {
        let p = page(
            "<div class=\"fc-consent-root\"><p>This site asks for consent to use your data</p>\
             <button>Consent</button></div>\
             <div class=\"osano-cm-window\"><p>This website stores data such as cookies.</p></div>\
             <div class=\"cookiefirst-root notranslate\"><p>We use cookies.</p></div>\
             <div id=\"cookiescript_injected\"><p>This website uses cookies</p></div>\
             <div id=\"hs-eu-cookie-confirmation\"><p>This website stores cookies.</p></div>\
             <div id=\"cmpwrapper\"><p>We use cookies and similar technologies.</p></div>\
             <div id=\"sd-cmp\"><p>We and our partners use cookies.</p></div>\
             <div id=\"gdpr-cookie-message\"><p>Cookies &amp; Privacy</p></div>\
             <div class=\"cookie-popin\"><p>Nous utilisons des cookies.</p></div>\
             <div class=\"root fc-help\"><p>Read: no tool's root.</p></div>\
             <div class=\"cookie-message-archive\">\
             <h1>Read: a page of messages about cookies holds its headline.</h1></div>\
             <main><p>Recipes</p></main>",
        );
        assert_eq!(
            texts(&p),
            [
                "Read: no tool's root.",
                "Read: a page of messages about cookies holds its headline.",
                "Recipes"
            ]
        );
    }

    #[test]
    fn a_consent_banner_that_is_no_dialog_is_chrome_and_a_cookie_policy_is_read() {
        let long = "word ".repeat(CONSENT_BANNER_MAX_WORDS);
        let p = page(&format!(
            "<header><p>Site</p></header>\
             <div class=\"cookies-banner header-banner\" id=\"cookie-banner\"><p>We and our \
             partners use trackers.</p><button>Accept</button><a href=\"/c\">Settings</a></div>\
             <aside class=\"cookie-notification js-cookie-notification\"><p>We use cookies</p></aside>\
             <div role=\"region\" aria-label=\"Mektoube respecte votre vie priv\u{e9}e\">\
             <div class=\"cky-consent-bar\"><p>Nous utilisons des cookies</p></div></div>\
             <div role=\"region\" aria-label=\"Cookie banner\"><p>OneTrust text</p></div>\
             <div id=\"CybotCookiebotDialog\"><p>Cookiebot text</p></div>\
             <cookie-consent-banner><p>A custom element</p></cookie-consent-banner>\
             <div id=\"onetrust-consent-sdk\"><p>{long}</p></div>\
             <p>Policy: <strong id=\"CookieNotice\">COOKIE NOTICE</strong></p>\
             <div id=\"Cookie-Hinweis\"><p>Wir verwenden Cookies</p></div>\
             <main><h2>Cookie policy</h2>\
             <section id=\"cookie-notice\"><p>Inside main: read.</p></section></main>\
             <div class=\"cookie-policy sidebar\"><p>Each class name on its own: read.</p></div>\
             <div id=\"ot-sdk-cookie-policy\"><p>The cookie list: read.</p></div>\
             <div class=\"cookie-box\"><p>Long {long}</p></div>\
             <div class=\"cookie-box\"><p>Short</p><h1>Holds the headline: read.</h1></div>"
        ));
        let texts = texts(&p);
        assert_eq!(
            texts[..7],
            [
                "Site",
                "Policy: COOKIE NOTICE",
                "Cookie policy",
                "Inside main: read.",
                "Each class name on its own: read.",
                "The cookie list: read.",
                &format!("Long {}", long.trim_end()),
            ]
        );
        assert_eq!(texts[7..], ["Short", "Holds the headline: read."]);
        // One word more than the limit and it is a document, not a banner.
        assert!(banner_sized(
            Html::parse_fragment(&"a ".repeat(CONSENT_BANNER_MAX_WORDS))
                .tree
                .root(),
            CONSENT_BANNER_MAX_WORDS
        ));
        assert!(!banner_sized(
            Html::parse_fragment(&"a ".repeat(CONSENT_BANNER_MAX_WORDS + 1))
                .tree
                .root(),
            CONSENT_BANNER_MAX_WORDS
        ));
        // More elements than a banner has: read, and the walk stops there.
        let many = format!(
            "<div id=\"cookie-banner\">{}<p>Many</p></div>",
            "<span></span>".repeat(CONSENT_BANNER_MAX_ELEMENTS)
        );
        let all = |h: &str| {
            page(h)
                .blocks
                .into_iter()
                .map(|b| b.text)
                .collect::<Vec<_>>()
        };
        assert_eq!(all(&many), ["Many"]);
        let enough = format!(
            "<div id=\"cookie-banner\">{}<p>Few</p></div><p>After</p>",
            "<span></span>".repeat(CONSENT_BANNER_MAX_ELEMENTS - 1)
        );
        assert_eq!(all(&enough), ["After"]);
        // A word split across elements is one word (as in textContent); template contents are
        // not text of the element.
        assert!(banner_sized(
            Html::parse_fragment("<p>co<b>ok</b>ie <template>x y z</template></p>")
                .tree
                .root(),
            1
        ));
    }

    #[test]
    fn form_values_are_never_read() {
        let p = page(
            "<form><label>Name <input value=\"secret1\"></label>\
             <textarea>secret2</textarea><select><option>secret3</option></select>\
             <datalist><option>secret4</option></datalist><button>Send</button></form>",
        );
        assert_eq!(texts(&p), ["Name Send"]);
    }

    #[test]
    fn editable_text_is_never_read() {
        let p = page(
            "<p contenteditable>typed1</p><div contenteditable=\"TRUE\"><p>typed2</p></div>\
             <p contenteditable=\"plaintext-only\">typed3</p><p contenteditable=\"\">typed4</p>\
             <p contenteditable=\"false\">shown1</p><p contenteditable=\"bogus\">shown2</p>\
             <p>x<span contenteditable=\"true\">typed5</span>y</p>",
        );
        assert_eq!(texts(&p), ["shown1", "shown2", "xy"]);
    }

    #[test]
    fn meta_charset_and_scripts_do_not_stop_the_parse() {
        let p = page(
            "<meta charset=\"utf-8\"><title>T</title><script>1</script><p>a</p>\
             <meta http-equiv=\"content-type\" content=\"text/html; charset=latin1\"><p>b</p>",
        );
        assert_eq!(p.title.as_deref(), Some("T"));
        assert_eq!(texts(&p), ["a", "b"]);
    }

    #[test]
    fn title_is_kept_apart() {
        let p = page("<title>  A \n title </title><p>x</p>");
        assert_eq!(p.title.as_deref(), Some("A title"));
        assert_eq!(texts(&p), ["x"]);
        assert_eq!(page("<p>x</p>").title, None);
        assert_eq!(page("<title> </title>").title, None);
        let p = page("<svg><title>svg</title></svg><title>second</title><title>third</title>");
        assert_eq!(p.title.as_deref(), Some("second"));
        assert_eq!(page("<template><title>t</title></template>").title, None);
    }

    #[test]
    fn links_are_resolved_http_only_deduplicated_in_order() {
        let p = page(
            "<p><a href=\"b.html\">1</a> <a href=\"/root?q=1#f\">2</a> <a href=\"../up\">3</a>\
             <a href=\"//cdn.example.net/x\">4</a> <a href=\"https://abs.example.com/\">5</a>\
             <a href=\"b.html\">dup</a> <a href=\"mailto:a@b.c\">m</a> <a href=\"javascript:x()\">j</a>\
             <a href=\"ftp://f.example/\">f</a> <a href=\"#frag\">frag</a> <a href=\"?q2\">q</a>\
             <a>nohref</a> <a href=\"  HTTP://UPPER.Example.COM:80/a b  \">u</a>\
             <a href=\"http://[::1]:8080/\">v6</a> <a href=\"https://ex.org/./a/../b\">dots</a></p>",
        );
        assert_eq!(
            p.blocks[0].links,
            [
                "https://example.org/dir/b.html",
                "https://example.org/root?q=1#f",
                "https://example.org/up",
                "https://cdn.example.net/x",
                "https://abs.example.com/",
                "https://example.org/dir/page.html?x=1#frag",
                "https://example.org/dir/page.html?q2",
                "http://upper.example.com/a%20b",
                "http://[::1]:8080/",
                "https://ex.org/b",
            ]
        );
    }

    #[test]
    fn base_href_is_resolved_against_the_page() {
        let html = "<head><base href=\"/base/\"><base href=\"https://ignored.example/\"></head>\
                    <p><a href=\"x\">x</a></p>";
        assert_eq!(page(html).blocks[0].links, ["https://example.org/base/x"]);
        let js = "<base href=\"javascript:alert(1)\"><p><a href=\"x\">x</a></p>";
        assert_eq!(page(js).blocks[0].links, ["https://example.org/dir/x"]);
        let abs = "<base href=\"http://other.example/d/\"><p><a href=\"x\">x</a></p>";
        assert_eq!(
            page_at(abs, None).blocks[0].links,
            ["http://other.example/d/x"]
        );
        let ftp = "<base href=\"ftp://f.example/\"><p><a href=\"x\">x</a><a href=\"https://a.b/\">y</a></p>";
        assert_eq!(page(ftp).blocks[0].links, ["https://a.b/"]);
    }

    #[test]
    fn relative_links_without_a_page_url_are_dropped() {
        let p = page_at(
            "<p><a href=\"x\">x</a><a href=\"https://a.example/\">y</a></p>",
            None,
        );
        assert_eq!(p.blocks[0].links, ["https://a.example/"]);
    }

    #[test]
    fn links_belong_to_the_a_block_and_to_blocks_inside_the_a() {
        let p = page(
            "<section>Intro <a href=\"/post\"><h2>T</h2><p>S <a href=\"/in\">in</a></p></a></section>\
             <p hidden><a href=\"/hidden\">h</a></p>",
        );
        assert_eq!(texts(&p), ["Intro", "T", "S in"]);
        assert_eq!(p.blocks[0].links, ["https://example.org/post"]);
        assert_eq!(p.blocks[1].links, ["https://example.org/post"]);
        // The parser closes the outer <a> before the inner one opens (adoption agency).
        assert!(p.blocks[2]
            .links
            .contains(&"https://example.org/in".to_string()));
    }

    #[test]
    fn nesting_deeper_than_max_depth_is_flattened() {
        // html(1) body(2) div(3) div(4) div(5) | div(6) div(7)
        let limits = Limits {
            max_depth: 5,
            ..Limits::default()
        };
        let p = with_limits(
            "<div>a<div>b<div>c<div>d<div>e</div>f</div>g</div>h</div>i</div>",
            limits,
        );
        // The fifth div is no longer inside the fourth: "d" and "f" are adjacent text.
        assert_eq!(texts(&p), ["a i", "b h", "c g", "df", "e"]);
        let paths: Vec<&str> = p.blocks.iter().map(|b| b.path.as_str()).collect();
        assert_eq!(
            paths,
            [
                "/html[0]/body[0]/div[0]",
                "/html[0]/body[0]/div[0]/div[0]",
                "/html[0]/body[0]/div[0]/div[0]/div[0]",
                "/html[0]/body[0]/div[0]/div[0]/div[0]/div[0]",
                "/html[0]/body[0]/div[0]/div[0]/div[0]/div[1]",
            ]
        );
    }

    #[test]
    fn flattened_elements_leave_skipped_and_inline_ancestors() {
        let limits = Limits {
            max_depth: 3,
            ..Limits::default()
        };
        // div(3) > span hidden(4) > p(5): the p is flattened out of the hidden span.
        let p = with_limits("<div>x<span hidden>h<p>p</p></span></div>", limits.clone());
        assert_eq!(texts(&p), ["x", "p"]);
        assert_eq!(p.blocks[1].path, "/html[0]/body[0]/div[0]/p[0]");
        // div(3) > p(4) > span(5): the span's text belongs to the div, not the p.
        let p = with_limits("<div><p>a<span>s</span>b</p></div>", limits);
        assert_eq!(texts(&p), ["ab", "s"]);
        assert_eq!(p.blocks[1].path, "/html[0]/body[0]/div[0]");
    }

    #[test]
    fn default_depth_flattens_at_512() {
        let n = 600;
        let mut html = String::new();
        for i in 0..n {
            html.push_str(&format!("<div>t{i}"));
        }
        let p = page(&html);
        assert_eq!(p.blocks.len(), n);
        // <html> = 1, <body> = 2, so the 510th div is at depth 512 and holds all deeper ones.
        let deepest = &p.blocks[n - 1];
        assert_eq!(deepest.text, format!("t{}", n - 1));
        assert_eq!(deepest.type_path.matches('/').count(), 513);
        assert!(deepest.path.ends_with(&format!("/div[{}]", n - 511)));
    }

    fn assert_deep_ok(open: &str, close: &str, n: usize) {
        let mut html = String::with_capacity(n * (open.len() + close.len() + 1));
        for _ in 0..n {
            html.push_str(open);
            html.push('x');
        }
        for _ in 0..n {
            html.push_str(close);
        }
        let start = std::time::Instant::now();
        let p = page(&html);
        assert!(!p.blocks.is_empty(), "{open}");
        let text: usize = p.blocks.iter().map(|b| b.text.len()).sum();
        assert_eq!(text, n, "{open}: every x is kept");
        assert!(
            start.elapsed().as_secs() < 20,
            "{open}: {:?}",
            start.elapsed()
        );
    }

    #[test]
    fn very_deep_nesting_is_fast_and_never_overflows() {
        assert_deep_ok("<div>", "</div>", 100_000);
        assert_deep_ok("<span>", "</span>", 100_000);
        assert_deep_ok("<b>", "</b>", 100_000);
        assert_deep_ok("<blockquote>", "", 100_000);
        assert_deep_ok("<table><tr><td>", "</td></tr></table>", 20_000);
    }

    #[test]
    fn parse_work_budget_truncates_pathological_input() {
        let mut html = "<div>".repeat(1024);
        html.push_str(&"</p>".repeat(3000));
        html.push_str("<p>after</p>");
        let limits = Limits {
            max_input_bytes: 100_000, // budget: the floor of 2^20
            ..Limits::default()
        };
        let p = with_limits(&html, limits);
        assert!(p.truncated);
        assert!(!texts(&p).contains(&"after"));
        // The same input under the default budget is read to the end.
        assert!(texts(&page(&html)).contains(&"after"));
    }

    #[test]
    fn too_large_input_is_an_error() {
        let limits = Limits {
            max_input_bytes: 10,
            ..Limits::default()
        };
        let err = extract_html("<p>12345678</p>", &ExtractOptions { url: None, limits });
        assert_eq!(
            err,
            Err(Error::TooLarge {
                size: 15,
                limit: 10
            })
        );
    }

    #[test]
    fn nul_bytes_mean_binary() {
        let err = extract_html("<p>a\0b</p>", &ExtractOptions::default());
        assert!(matches!(err, Err(Error::NotText(_))));
    }

    #[test]
    fn empty_input_is_an_empty_page() {
        let p = page("");
        assert!(p.blocks.is_empty() && p.title.is_none() && !p.truncated);
    }

    #[test]
    fn block_count_cap_stops_extraction() {
        let limits = Limits {
            max_blocks: 2,
            ..Limits::default()
        };
        let p = with_limits("<div>A<p>B</p>C<p>D</p></div>", limits.clone());
        // C joins the div before D would start the third block.
        assert_eq!(texts(&p), ["A C", "B"]);
        assert!(p.truncated);
        let p = with_limits("<p>A</p><p>B</p><p> </p>", limits);
        assert!(!p.truncated);
    }

    #[test]
    fn block_length_cap_cuts_at_a_char_boundary() {
        let limits = Limits {
            max_block_chars: 3,
            ..Limits::default()
        };
        let p = with_limits("<p>éèêë</p><p>ab cd</p><p>abc</p><p>x</p>", limits);
        assert_eq!(texts(&p), ["éèê", "ab", "abc", "x"]);
        assert!(p.truncated);
        let zero = Limits {
            max_block_chars: 0,
            ..Limits::default()
        };
        assert_eq!(texts(&with_limits("<p>abc</p>", zero)), ["a"]);
    }

    /// Every `#data` case of html5lib-tests' tree-construction suite extracts without a panic.
    /// The suite is in the shared data folder beside the repository (`../shared/data`), which
    /// CI always has: a missing folder fails the test rather than passing it untested.
    #[test]
    fn html5lib_tree_construction_never_panics() {
        let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
            .join("../../../shared/data/html5lib-tests/tree-construction");
        let entries = std::fs::read_dir(&dir).unwrap_or_else(|e| {
            panic!(
                "html5lib-tests are missing: cannot read {} ({e}); the shared data folder \
                 (../shared/data beside the repository) must be present",
                dir.display()
            )
        });
        let mut cases = 0;
        for entry in entries.flatten() {
            let path = entry.path();
            if path.extension().is_none_or(|e| e != "dat") {
                continue;
            }
            let Ok(content) = std::fs::read_to_string(&path) else {
                continue;
            };
            let mut data: Option<String> = None;
            for line in content.split('\n') {
                if line == "#data" {
                    data = Some(String::new());
                } else if line.starts_with('#') && data.is_some() {
                    let mut html = data.take().unwrap_or_default();
                    html.pop(); // the newline before the next section
                    let opts = ExtractOptions {
                        url: Some("https://example.org/a/b".into()),
                        ..Default::default()
                    };
                    let _ = extract_html(&html, &opts);
                    let small = ExtractOptions {
                        url: None,
                        limits: Limits {
                            max_depth: 3,
                            max_blocks: 2,
                            max_block_chars: 2,
                            ..Limits::default()
                        },
                    };
                    let _ = extract_html(&html, &small);
                    cases += 1;
                } else if let Some(d) = data.as_mut() {
                    d.push_str(line);
                    d.push('\n');
                }
            }
        }
        println!("html5lib tree-construction: {cases} cases extracted");
        assert!(cases > 0, "no #data case in {}", dir.display());
    }
}
