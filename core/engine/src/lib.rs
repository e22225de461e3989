//! # sincelast-core
//!
//! The engine of **Since Last Visit**: it turns a web page into *blocks*, aligns an old and a
//! new version of the page block by block and word by word, and measures how much changed.
//! It is pure Rust — no I/O, no JavaScript bindings — so the same code runs natively (the
//! `sincelast` CLI, tests, benchmarks) and as WebAssembly in the extension's background.
//!
//! ## Pipeline
//!
//! ```text
//! HTML ──extract::extract_html──▶ Page { title, blocks }
//!                                        │
//! old Page + new Page ──diff::diff_blocks──▶ Report { summary, blocks[status, spans] }
//! old text + new text ──metrics::compute──▶ Metrics { dice, ied, cosine, … }
//! ```
//!
//! ```
//! use sincelast_core::{extract, diff};
//! let old = extract::extract_html("<p>Hello world</p><p>Bye</p>", &Default::default()).unwrap();
//! let new = extract::extract_html("<p>Hello brave world</p><p>Bye</p>", &Default::default()).unwrap();
//! let report = diff::diff_blocks(&old.blocks, &new.blocks, &Default::default());
//! assert_eq!(report.summary.changed, 1);
//! assert_eq!(report.summary.unchanged, 1);
//! ```
//!
//! ## Modules
//! - [`block`]: the [`block::Block`] and [`block::Page`] types shared by everything.
//! - [`extract`]: the written extraction spec and its native implementation over HTML5-parsed
//!   input.
//! - [`diff`]: block alignment (unchanged / changed / moved / new / removed) and word spans.
//! - [`metrics`]: Dice, fragment staleness, Kwon's IED and the classic change metrics, with a
//!   "which one when" guide.
//! - [`noise`]: volatile tokens (counters, clocks, dates…) and learned per-site noise rules.
//! - [`template`]: site templates, DOM-based and text-based (Gibson et al.).
//! - [`site`]: meaningful change — the diff classified as content, template or noise with a
//!   site's learned model, which each visit teaches.
//! - [`packed`]: blocks packed in one buffer for callers across a language boundary, and the
//!   lean report they get back.
//! - [`hash`]: the specified, stable hash used for everything that is persisted.
//! - [`calendar`]: day counts of calendar dates (for dates in text and saved pages' times).
//! - [`text`]: text normalization and word tokenization.
//! - [`errors`]: the one error type.
#![forbid(unsafe_code)]
#![deny(missing_docs)]

pub mod block;
pub mod calendar;
pub mod diff;
pub mod errors;
pub mod extract;
pub mod hash;
pub mod metrics;
pub mod noise;
pub mod packed;
pub mod site;
pub mod template;
pub mod text;

pub use block::{Block, Page};
pub use errors::Error;
