//! # sincelast-core
//!
//! The engine of **Since Last Visit**: it turns a web page into *blocks*, aligns an old and a
//! new version of the page block by block and word by word, classifies every change as
//! content, template or noise with what the site has taught so far, and returns a paint-ready
//! report. It is pure Rust — no I/O, no JavaScript bindings — so the same code runs natively
//! (the `sincelast` CLI, tests, the evaluation, benchmarks) and as WebAssembly in the
//! extension's background.
//!
//! ## Pipeline
//!
//! The folders follow the stages of a visit:
//!
//! ```text
//!  page (HTML or live DOM)
//!    │  extract/        extract::extract_html (the content script implements the same spec)
//!    ▼
//!  blocks [{ text, path, … }] ── previous stored version + new version
//!    │  align/          align::diff_blocks: unchanged / changed / moved / new / removed + word spans
//!    ▼
//!  Report
//!    │  classify/       template (Gibson) → noise (built-in detectors, learned rules) → content,
//!    │                  with the site's state (classify::site::SiteState: page + rule records),
//!    │                  which the visit teaches
//!    ▼
//!  report/              paint-ready changes (typed reasons, removed text and where it stood),
//!    │                  content ids to store, site record updates
//!    ▼
//!  VisitOutcome         ◀── visit::visit: the one entry point that runs the stages above
//!
//!  text/    the one tokenizer, interner and Dice helper, used by every stage
//!  limits   every cap the product uses
//!  metrics/ literature metrics (Dice, IED, LCS, shingles, cosine…): a leaf the visit does not use
//! ```
//!
//! ```
//! use sincelast_core::classify::site::SiteState;
//! use sincelast_core::visit::{visit, Version, VisitInput, VisitStatus};
//! use sincelast_core::extract;
//! let old = extract::extract_html("<p>Hello world</p><p>Bye</p>", &Default::default()).unwrap();
//! let new = extract::extract_html("<p>Hello brave world</p><p>Bye</p>", &Default::default()).unwrap();
//! let mut site = SiteState::new();
//! let outcome = visit(
//!     &VisitInput {
//!         url: "https://example.org/",
//!         previous: Some(Version { time: Some(0), blocks: &old.blocks }),
//!         current: Version { time: Some(86_400), blocks: &new.blocks },
//!     },
//!     &mut site,
//! );
//! assert_eq!(outcome.status, VisitStatus::Changed);
//! let summary = outcome.summary.unwrap();
//! assert_eq!((summary.changed, summary.unchanged, summary.meaningful), (1, 1, 1));
//! ```
//!
//! ## Modules
//! - [`block`]: the [`block::Block`] and [`block::Page`] types shared by everything.
//! - [`extract`]: the written extraction spec and its native implementation over HTML5-parsed
//!   input.
//! - [`align`]: block alignment (unchanged / changed / moved / new / removed) and word spans.
//! - [`classify`]: content, template or noise — [`classify::noise`], [`classify::template`]
//!   and the site's learned state as records, [`classify::site`].
//! - [`report`]: the paint-ready changes and content ids of a visit; [`report::packed`], blocks
//!   packed in one buffer for callers across a language boundary.
//! - [`visit`]: one visit, one call.
//! - [`text`]: normalization, the tokenizer, the interner and the Dice helper.
//! - [`limits`]: every cap.
//! - [`links`]: certainly new links since the last visit and the novelty of newly appeared
//!   pages (Toyoda & Kitsuregawa).
//! - [`metrics`]: Dice, fragment staleness, Kwon's IED and the classic change metrics, with a
//!   "which one when" guide.
//! - [`history`]: a page's life over time from its stored versions — timeline, change curve
//!   and knot, staying power and divergence of terms, lifespans and survival, a site's template
//!   picture.
//! - [`hash`]: the specified, stable hash used for everything that is persisted.
//! - [`calendar`]: day counts of calendar dates (for dates in text and saved pages' times).
//! - [`errors`]: the one error type.
//! - [`export`]: the export file (JSON Lines, versioned schema) and its strict reader.
//! - [`watch`]: background checks — the interval learned from the page, watch lists of other tools.
#![forbid(unsafe_code)]
#![deny(missing_docs)]

pub mod align;
pub mod block;
pub mod calendar;
pub mod classify;
pub mod errors;
pub mod export;
pub mod extract;
pub mod hash;
pub mod history;
pub mod limits;
pub mod links;
pub mod metrics;
pub mod report;
pub mod text;
pub mod visit;
pub mod watch;

pub use block::{Block, Page};
pub use errors::Error;
