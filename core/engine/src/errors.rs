//! The one error type of the core. Every fallible entry point returns [`Error`]; each variant has
//! a stable machine-readable [`Error::kind`] that the bindings pass to JavaScript (as the `kind`
//! property of the `Error` they throw).
//!
//! ## The vocabulary of kinds
//! The whole list; the extension mirrors it.
//!
//! | kind | variant | when |
//! |---|---|---|
//! | `too_large` | [`Error::TooLarge`] | an input over a cap of [`crate::limits`] |
//! | `empty` | [`Error::Empty`] | an empty (or blank) input where content is needed |
//! | `not_text` | [`Error::NotText`] | binary input (NUL bytes, invalid UTF-8) where HTML or text is expected |
//! | `invalid_argument` | [`Error::InvalidArgument`] | an argument outside its range (e.g. a metric cost) |
//! | `bad_input` | [`Error::Malformed`] | input not in the agreed form (a packed buffer whose count does not match, a legacy model that is not JSON, a value of the wrong type) |
//! | `site_not_loaded` | [`Error::SiteNotLoaded`] | a call about a site whose records are not loaded (the bindings' site cache: load it, then retry) |
//! | `bad_output` | [`Error::Output`] | a result that could not be converted for the caller (a bug) |

use thiserror::Error as ThisError;

/// What went wrong, with one way out for callers.
#[derive(Debug, Clone, PartialEq, Eq, ThisError)]
pub enum Error {
    /// The input is larger than the configured cap.
    #[error("input too large: {size} bytes (limit {limit} bytes)")]
    TooLarge {
        /// Size of the input in bytes.
        size: usize,
        /// The cap that was exceeded.
        limit: usize,
    },
    /// The input is empty (or only whitespace).
    #[error("input is empty")]
    Empty,
    /// The input looks binary (NUL bytes or invalid UTF-8), not HTML or text.
    #[error("input is not text: {0}")]
    NotText(String),
    /// An argument is outside its allowed range.
    #[error("invalid argument: {0}")]
    InvalidArgument(String),
    /// Input from a caller that is not in the agreed form (e.g. a packed buffer whose string
    /// count does not match, see [`crate::report::packed`]).
    #[error("malformed input: {0}")]
    Malformed(String),
    /// The state of this site is not loaded (the bindings keep a few sites in memory).
    #[error("site not loaded: {0}")]
    SiteNotLoaded(String),
    /// A result could not be converted for the caller.
    #[error("cannot convert the result: {0}")]
    Output(String),
}

impl Error {
    /// A short, stable identifier for the error class; see the module docs for the list.
    pub fn kind(&self) -> &'static str {
        match self {
            Error::TooLarge { .. } => "too_large",
            Error::Empty => "empty",
            Error::NotText(_) => "not_text",
            Error::InvalidArgument(_) => "invalid_argument",
            Error::Malformed(_) => "bad_input",
            Error::SiteNotLoaded(_) => "site_not_loaded",
            Error::Output(_) => "bad_output",
        }
    }

    /// Every kind [`Error::kind`] can return.
    pub const KINDS: &'static [&'static str] = &[
        "too_large",
        "empty",
        "not_text",
        "invalid_argument",
        "bad_input",
        "site_not_loaded",
        "bad_output",
    ];
}
