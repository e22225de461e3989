//! A site's template, pictured (Gibson, Punera and Tomkins §5): one thin bar per cached page,
//! sorted by length, its template spans coloured by how often they occur on the site, with the
//! share of text that is template.
//!
//! The pages are the latest stored version of each page of the site. A block is a template span
//! when its text is on at least `lower` pages of the site — lower = max(2, ⌈10% of the pages⌉),
//! the paper's lower threshold with the product's two-page floor — or when it is a short block
//! of a list the site repeats with other content, a slot of the template (a box of the section's
//! other stories: [`crate::classify::template::PageLists`], the list on at least `lower` pages;
//! its span counts the pages the list is on). Spans are measured in
//! characters of the page's text (its blocks joined by single spaces); adjacent template blocks
//! of the same frequency band are coalesced into one span. Frequency bands follow the paper's
//! colour scale: band 0 under 10 pages, 1 for 10–99, 2 for 100–999, 3 for 1,000 or more.

use std::collections::{HashMap, HashSet};

use serde::{Deserialize, Serialize};

use crate::block::Block;
use crate::classify::template::PageLists;

/// Most pages pictured (the longest are kept).
pub const MAX_PICTURE_PAGES: usize = 500;

/// One page to picture.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct PicturePage {
    /// Its address.
    pub url: String,
    /// Its latest version's blocks.
    pub blocks: Vec<Block>,
}

/// One template span of a bar.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Span {
    /// First character.
    pub start: usize,
    /// Length in characters.
    pub len: usize,
    /// Fewest pages any of its blocks is on.
    pub pages: usize,
    /// Frequency band (0: < 10 pages, 1: 10–99, 2: 100–999, 3: ≥ 1,000).
    pub band: u8,
}

/// One bar.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Bar {
    /// The page.
    pub url: String,
    /// Characters of text.
    pub length: usize,
    /// Template spans.
    pub spans: Vec<Span>,
    /// Share of the text that is template.
    pub template_share: f64,
}

/// The site's picture.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Picture {
    /// Pages pictured.
    pub pages: usize,
    /// The lower threshold used.
    pub lower: usize,
    /// Bars, longest page first.
    pub bars: Vec<Bar>,
    /// Share of all the pages' text that is template.
    pub template_share: f64,
}

/// The frequency band of a count.
pub fn band(pages: usize) -> u8 {
    match pages {
        0..=9 => 0,
        10..=99 => 1,
        100..=999 => 2,
        _ => 3,
    }
}

/// The template picture of a site's pages.
pub fn picture(pages: &[PicturePage]) -> Picture {
    let mut pages: Vec<&PicturePage> = pages.iter().collect();
    let length = |p: &PicturePage| -> usize {
        let n: usize = p.blocks.iter().map(|b| b.text.chars().count() + 1).sum();
        n.saturating_sub(1)
    };
    pages.sort_by(|a, b| length(b).cmp(&length(a)).then_with(|| a.url.cmp(&b.url)));
    pages.truncate(MAX_PICTURE_PAGES);
    let n = pages.len();
    let lower = 2usize.max(n.div_ceil(10));
    let mut counts: HashMap<&str, usize> = HashMap::new();
    let mut list_counts: HashMap<u32, u32> = HashMap::new();
    // Lists are read while the site's pages stay within a work budget (the longest pages
    // first); the rest are pictured by their repeated text alone.
    let mut budget = crate::limits::MAX_PICTURE_LIST_STEPS;
    let lists: Vec<PageLists> = pages
        .iter()
        .map(|p| {
            let steps = PageLists::steps(&p.blocks);
            if steps > budget {
                return PageLists::none();
            }
            budget -= steps;
            PageLists::of(&p.blocks)
        })
        .collect();
    for (p, l) in pages.iter().zip(&lists) {
        let distinct: HashSet<&str> = p.blocks.iter().map(|b| b.text.as_str()).collect();
        for t in distinct {
            *counts.entry(t).or_insert(0) += 1;
        }
        for &k in l.keys() {
            *list_counts.entry(k).or_insert(0) += 1;
        }
    }
    let (mut all_len, mut all_tpl) = (0usize, 0usize);
    let bars = pages
        .iter()
        .zip(&lists)
        .map(|(p, l)| {
            let mut spans: Vec<Span> = Vec::new();
            let mut pos = 0usize;
            let mut tpl = 0usize;
            let mut repeated: Vec<bool> = p
                .blocks
                .iter()
                .map(|b| counts.get(b.text.as_str()).copied().unwrap_or(0) >= lower)
                .collect();
            let slots = l.mark(&p.blocks, &mut repeated, lower as u32, |k| {
                list_counts.get(&k).copied().unwrap_or(0)
            });
            for (i, b) in p.blocks.iter().enumerate() {
                if i > 0 {
                    pos += 1;
                }
                let len = b.text.chars().count();
                let c = match slots[i] {
                    0 => counts.get(b.text.as_str()).copied().unwrap_or(0),
                    n => n as usize,
                };
                if c >= lower {
                    tpl += len;
                    let bd = band(c);
                    match spans.last_mut() {
                        Some(s) if s.band == bd && s.start + s.len + 1 == pos => {
                            s.len += len + 1;
                            s.pages = s.pages.min(c);
                        }
                        _ => spans.push(Span {
                            start: pos,
                            len,
                            pages: c,
                            band: bd,
                        }),
                    }
                }
                pos += len;
            }
            let length = length(p);
            all_len += length;
            all_tpl += tpl;
            Bar {
                url: p.url.clone(),
                length,
                spans,
                template_share: if length == 0 {
                    0.0
                } else {
                    tpl as f64 / length as f64
                },
            }
        })
        .collect();
    Picture {
        pages: n,
        lower,
        bars,
        template_share: if all_len == 0 {
            0.0
        } else {
            all_tpl as f64 / all_len as f64
        },
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn page(url: &str, texts: &[&str]) -> PicturePage {
        PicturePage {
            url: url.into(),
            blocks: texts.iter().map(|t| Block::from_text(*t)).collect(),
        }
    }

    #[test]
    fn a_box_the_site_repeats_with_other_stories_is_pictured_as_template() {
        let b = |text: &str, path: String| Block {
            text: text.into(),
            path,
            ..Block::default()
        };
        let page = |url: &str, latest: &[&str], story: &str| PicturePage {
            url: url.into(),
            blocks: latest
                .iter()
                .enumerate()
                .map(|(i, t)| b(t, format!("/html[0]/body[0]/aside[0]/ul[0]/li[{i}]")))
                .chain(std::iter::once(b(
                    story,
                    "/html[0]/body[0]/main[0]/p[0]".into(),
                )))
                .collect(),
        };
        let p = picture(&[
            page(
                "a",
                &["Pier", "Tug", "Toll"],
                "The harbour story, told at some length",
            ),
            page(
                "b",
                &["Lock", "Race", "Quay"],
                "The river story, also told at length",
            ),
        ]);
        // "Pier Tug Toll" (13 characters) is one span on 2 pages; the story is not template.
        let a = p.bars.iter().find(|x| x.url == "a").unwrap();
        assert_eq!(
            a.spans,
            vec![Span {
                start: 0,
                len: 13,
                pages: 2,
                band: 0
            }]
        );
        // On one page alone the box is nothing.
        let one = picture(&[page("a", &["Pier", "Tug", "Toll"], "Story")]);
        assert!(one.bars[0].spans.is_empty());
    }

    #[test]
    fn picture_by_hand() {
        let p = picture(&[
            page("a", &["Home News", "Short story", "Footer"]),
            page("b", &["Home News", "A much longer story here", "Footer"]),
            page("c", &["Other"]),
        ]);
        assert_eq!((p.pages, p.lower), (3, 2));
        assert_eq!(p.bars[0].url, "b"); // longest first
                                        // "Home News A much longer story here Footer": 9 + 1 + 24 + 1 + 6 = 41 characters;
                                        // template: "Home News" (0, 9) and "Footer" (35, 6), both on 2 pages.
        let b = &p.bars[0];
        assert_eq!(b.length, 41);
        assert_eq!(
            b.spans,
            vec![
                Span {
                    start: 0,
                    len: 9,
                    pages: 2,
                    band: 0
                },
                Span {
                    start: 35,
                    len: 6,
                    pages: 2,
                    band: 0
                },
            ]
        );
        assert!((b.template_share - 15.0 / 41.0).abs() < 1e-12);
        assert_eq!(p.bars[2].spans, vec![]);
        // All: 15 + 15 template characters of 41 + 28 + 5.
        assert!((p.template_share - 30.0 / 74.0).abs() < 1e-12);
        // Adjacent template blocks coalesce.
        let p = picture(&[page("a", &["x y", "z", "q"]), page("b", &["x y", "z", "w"])]);
        assert_eq!(
            p.bars[0].spans,
            vec![Span {
                start: 0,
                len: 5,
                pages: 2,
                band: 0
            }]
        );
        assert_eq!(band(9), 0);
        assert_eq!(band(10), 1);
        assert_eq!(band(1000), 3);
    }
}
