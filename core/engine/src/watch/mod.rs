//! Watching pages in the background: how often to check a page ([`schedule`]) and bringing a
//! watch list from another tool ([`import`]).
//!
//! The background (extension) fetches each watched page, extracts it with
//! [`crate::extract::extract_html`], analyses it with [`crate::visit::visit`] exactly as a visit
//! does, and records one [`schedule::Check`] per comparison: when it happened, how long the page
//! had been left alone before it, whether the change was meaningful and its fragment staleness
//! (Olston & Pandey, [`crate::metrics::fragment_staleness`]). [`schedule::plan`] turns the last
//! checks into the next interval and a reason in words.

pub mod import;
pub mod schedule;
