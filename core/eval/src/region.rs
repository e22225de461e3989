//! Blocks mapped to elements of the parsed page: the terms region of an Open Terms Archive
//! declaration (CSS `select` / `remove` selectors, or a range between two selected elements),
//! and the per-block gold labels of L3S-GN1 (`<span class="x-nc-selN">`).
//!
//! Elements are named by the block path of the extraction spec (`/html[0]/body[1]/div[0]`:
//! tag and index among the parent's element children, or among those with the same tag —
//! [`per_tag_indices`] asks the core which), computed here over scraper's parse of
//! the same HTML, so a block is found by its `path`. A block is *inside* an element when the
//! block's own element is that element or one of its descendants.

use std::collections::HashMap;

use ego_tree::NodeId;
use scraper::{ElementRef, Html, Node, Selector};
use sincelast_core::block::Block;
use sincelast_core::extract::{BLOCK_TAGS, SKIPPED_TAGS};

/// Whether the extractor numbers an element among its parent's children *with the same tag*
/// (XPath style, `/html[0]/body[0]`) rather than among all element children
/// (`/html[0]/body[1]`): probed once on a tiny page, so the mapping follows the core's spec.
pub fn per_tag_indices() -> bool {
    static PROBE: std::sync::OnceLock<bool> = std::sync::OnceLock::new();
    *PROBE.get_or_init(|| {
        sincelast_core::extract::extract_html(
            "<html><head></head><body><p>x</p></body></html>",
            &Default::default(),
        )
        .ok()
        .and_then(|p| {
            p.blocks
                .first()
                .map(|b| b.path.starts_with("/html[0]/body[0]"))
        })
        .unwrap_or(false)
    })
}

/// Numbers element children as the extractor does ([`per_tag_indices`]).
struct ChildCounter {
    per_tag: bool,
    all: usize,
    tags: HashMap<String, usize>,
}

impl ChildCounter {
    fn new() -> ChildCounter {
        ChildCounter {
            per_tag: per_tag_indices(),
            all: 0,
            tags: HashMap::new(),
        }
    }

    /// The index of the next element child with this tag.
    fn next(&mut self, tag: &str) -> usize {
        if self.per_tag {
            let n = self.tags.entry(tag.to_string()).or_default();
            *n += 1;
            *n - 1
        } else {
            self.all += 1;
            self.all - 1
        }
    }
}

/// One end of a range selection: the first element matching `selector`; the range starts
/// (or ends) before it or after it (after its whole subtree).
#[derive(Debug, Clone, PartialEq)]
pub struct Boundary {
    /// CSS selector.
    pub selector: String,
    /// Before the element (`startBefore` / `endBefore`) rather than after it.
    pub before: bool,
}

/// One `select` item of a declaration.
#[derive(Debug, Clone, PartialEq)]
pub enum Select {
    /// Every element matching the CSS selector.
    Css(String),
    /// Everything between two boundaries, in document order.
    Range(Boundary, Boundary),
}

/// The region of a document: what `select` takes, minus what `remove` drops.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct RegionSpec {
    /// Selected parts.
    pub select: Vec<Select>,
    /// CSS selectors of removed elements.
    pub remove: Vec<String>,
}

fn one_select(v: &serde_json::Value, out: &mut Vec<Select>) {
    match v {
        serde_json::Value::String(s) => out.push(Select::Css(s.clone())),
        serde_json::Value::Array(items) => items.iter().for_each(|i| one_select(i, out)),
        serde_json::Value::Object(o) => {
            let b = |key: &str, before: bool| {
                o.get(key).and_then(|s| s.as_str()).map(|s| Boundary {
                    selector: s.to_string(),
                    before,
                })
            };
            let start = b("startBefore", true).or_else(|| b("startAfter", false));
            let end = b("endBefore", true).or_else(|| b("endAfter", false));
            if let (Some(s), Some(e)) = (start, end) {
                out.push(Select::Range(s, e));
            }
        }
        _ => {}
    }
}

impl RegionSpec {
    /// From a declaration's document object (`{"select": …, "remove": …}`).
    pub fn from_json(doc: &serde_json::Value) -> RegionSpec {
        let mut spec = RegionSpec::default();
        if let Some(s) = doc.get("select") {
            one_select(s, &mut spec.select);
        }
        if let Some(r) = doc.get("remove") {
            let mut rs = Vec::new();
            one_select(r, &mut rs);
            spec.remove = rs
                .into_iter()
                .filter_map(|s| match s {
                    Select::Css(c) => Some(c),
                    Select::Range(..) => None,
                })
                .collect();
        }
        spec
    }
}

/// Elements of a parsed page in document order: path → (pre-order index, end of subtree).
pub struct ElementIndex {
    html: Html,
    by_path: HashMap<String, (usize, usize)>,
    by_node: HashMap<NodeId, (usize, usize)>,
}

impl ElementIndex {
    /// Parses the page and numbers its elements.
    pub fn new(html_text: &str) -> ElementIndex {
        let html = Html::parse_document(html_text);
        let mut by_path = HashMap::new();
        let mut by_node = HashMap::new();
        // Iterative pre-order walk; `end` is filled when a subtree is left.
        let root = html.root_element();
        let mut counter = 0usize;
        let mut stack: Vec<(ElementRef, String, bool)> = vec![(root, "/html[0]".into(), false)];
        let mut open: Vec<(NodeId, String, usize)> = Vec::new();
        while let Some((el, path, leaving)) = stack.pop() {
            if leaving {
                if let Some((id, p, pre)) = open.pop() {
                    by_path.insert(p, (pre, counter));
                    by_node.insert(id, (pre, counter));
                }
                continue;
            }
            let pre = counter;
            counter += 1;
            open.push((el.id(), path.clone(), pre));
            stack.push((el, String::new(), true));
            let mut counter = ChildCounter::new();
            let kids: Vec<(ElementRef, String)> = el
                .children()
                .filter_map(ElementRef::wrap)
                .map(|k| {
                    let name = k.value().name();
                    (k, format!("{path}/{name}[{}]", counter.next(name)))
                })
                .collect();
            for (k, p) in kids.into_iter().rev() {
                stack.push((k, p, false));
            }
        }
        ElementIndex {
            html,
            by_path,
            by_node,
        }
    }

    /// The pre-order index of the element at a block path.
    pub fn pre(&self, path: &str) -> Option<usize> {
        self.by_path.get(path).map(|r| r.0)
    }

    fn ranges(&self, css: &str) -> Result<Vec<(usize, usize)>, ()> {
        let sel = Selector::parse(css).map_err(|_| ())?;
        Ok(self
            .html
            .select(&sel)
            .filter_map(|e| self.by_node.get(&e.id()).copied())
            .collect())
    }

    fn boundary(&self, b: &Boundary) -> Result<Option<usize>, ()> {
        Ok(self
            .ranges(&b.selector)?
            .first()
            .map(|&(pre, end)| if b.before { pre } else { end }))
    }

    /// The pre-order spans `[from, to)` a region covers and the ones it removes. Unparsable
    /// selectors select nothing and are counted in the third value.
    pub fn region(&self, spec: &RegionSpec) -> RegionSpans {
        let mut r = RegionSpans::default();
        for s in &spec.select {
            match s {
                Select::Css(c) => match self.ranges(c) {
                    Ok(v) => r.selected.extend(v),
                    Err(()) => r.bad_selectors += 1,
                },
                Select::Range(a, b) => match (self.boundary(a), self.boundary(b)) {
                    (Ok(Some(x)), Ok(Some(y))) if x < y => r.selected.push((x, y)),
                    (Ok(_), Ok(_)) => {}
                    _ => r.bad_selectors += 1,
                },
            }
        }
        for c in &spec.remove {
            match self.ranges(c) {
                Ok(v) => r.removed.extend(v),
                Err(()) => r.bad_selectors += 1,
            }
        }
        r
    }

    /// For each block, whether its element is inside the region. The second value counts
    /// blocks whose path names no element here (they are taken as outside).
    pub fn block_flags(&self, spec: &RegionSpec, blocks: &[Block]) -> (Vec<bool>, usize) {
        let r = self.region(spec);
        let mut unmapped = 0;
        let flags = blocks
            .iter()
            .map(|b| match self.pre(&b.path) {
                Some(p) => r.contains(p),
                None => {
                    unmapped += 1;
                    false
                }
            })
            .collect();
        (flags, unmapped)
    }
}

/// Pre-order spans of a region.
#[derive(Debug, Clone, Default)]
pub struct RegionSpans {
    /// Selected `[from, to)` spans.
    pub selected: Vec<(usize, usize)>,
    /// Removed `[from, to)` spans.
    pub removed: Vec<(usize, usize)>,
    /// Selectors that did not parse.
    pub bad_selectors: usize,
}

impl RegionSpans {
    /// Whether the element with this pre-order index is in the region.
    pub fn contains(&self, pre: usize) -> bool {
        let inside = |v: &[(usize, usize)]| v.iter().any(|&(a, b)| a <= pre && pre < b);
        inside(&self.selected) && !inside(&self.removed)
    }

    /// Whether the region selects anything.
    pub fn is_empty(&self) -> bool {
        self.selected.is_empty()
    }
}

/// Per block path: (characters labelled content, all characters) of the text that belongs to
/// that block element under the extraction spec (nearest block ancestor, skipped elements
/// left out), where text is *content* when an ancestor `<span>` has a class `x-nc-sel1` …
/// `x-nc-sel5` (L3S-GN1: headline, full text, supplemental, comments, related content).
/// White space is not counted.
pub fn l3s_labels(html_text: &str) -> HashMap<String, (usize, usize)> {
    let html = Html::parse_document(html_text);
    let mut out: HashMap<String, (usize, usize)> = HashMap::new();
    let root = html.root_element();
    // (node, own path, nearest block path, inside content span)
    let mut stack: Vec<(ElementRef, String, String, bool)> =
        vec![(root, "/html[0]".into(), String::new(), false)];
    while let Some((el, path, block, content)) = stack.pop() {
        let e = el.value();
        let name = e.name();
        let html_ns = &*e.name.ns == "http://www.w3.org/1999/xhtml";
        if !html_ns
            || SKIPPED_TAGS.contains(&name)
            || e.attr("hidden").is_some()
            || e.attr("aria-hidden")
                .is_some_and(|v| v.eq_ignore_ascii_case("true"))
            || (name == "dialog" && e.attr("open").is_none())
        {
            continue;
        }
        let block = if BLOCK_TAGS.contains(&name) {
            path.clone()
        } else {
            block
        };
        let content = content
            || (name == "span"
                && e.classes().any(|c| {
                    c.strip_prefix("x-nc-sel")
                        .is_some_and(|n| matches!(n, "1" | "2" | "3" | "4" | "5"))
                }));
        let mut counter = ChildCounter::new();
        let mut kids = Vec::new();
        for child in el.children() {
            match child.value() {
                Node::Element(_) => {
                    if let Some(k) = ElementRef::wrap(child) {
                        let name = k.value().name();
                        let p = format!("{path}/{name}[{}]", counter.next(name));
                        kids.push((k, p, block.clone(), content));
                    }
                }
                Node::Text(t) if !block.is_empty() => {
                    let n = t.chars().filter(|c| !c.is_whitespace()).count();
                    let entry = out.entry(block.clone()).or_default();
                    entry.1 += n;
                    if content {
                        entry.0 += n;
                    }
                }
                _ => {}
            }
        }
        stack.extend(kids.into_iter().rev());
    }
    out
}

/// Whether a block is gold boilerplate under [`l3s_labels`]: at most half of its characters
/// are labelled content. `None` when the block's path has no labelled text.
pub fn l3s_boilerplate(labels: &HashMap<String, (usize, usize)>, path: &str) -> Option<bool> {
    labels
        .get(path)
        .filter(|(_, total)| *total > 0)
        .map(|&(c, total)| c * 2 <= total)
}
