//! The one error type of the core. Every fallible entry point returns [`Error`]; each variant has
//! a stable machine-readable [`Error::kind`] that the bindings pass to JavaScript.

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
}

impl Error {
    /// A short, stable identifier for the error class (`too_large`, `empty`, `not_text`,
    /// `invalid_argument`, `bad_input`).
    pub fn kind(&self) -> &'static str {
        match self {
            Error::TooLarge { .. } => "too_large",
            Error::Empty => "empty",
            Error::NotText(_) => "not_text",
            Error::InvalidArgument(_) => "invalid_argument",
            Error::Malformed(_) => "bad_input",
        }
    }
}
