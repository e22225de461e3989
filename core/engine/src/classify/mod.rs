//! Classification: each change of an aligned visit is **content**, **template** or **noise**,
//! with a typed [`Reason`], using what the site has learned — and the visit teaches the site.
//!
//! - [`noise`]: volatile tokens (counters, clocks, dates…) and learned per-site noise rules;
//! - [`template`]: site templates, DOM-based and text-based (Gibson et al.);
//! - [`site`]: a site's learned state as records ([`site::SiteState`]: one record per page, one
//!   per rule), the order of decisions, and what a visit teaches.

pub mod noise;
pub mod site;
pub mod template;

use serde::{Deserialize, Serialize};

pub use noise::Volatile;

/// Where a template or noise classification comes from.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Source {
    /// The built-in volatile-token detectors ([`noise::builtin_noise_at`]).
    Builtin,
    /// A rule the site learned ([`noise::NoiseRule`]).
    Learned,
    /// The site's template ([`template`]).
    Template,
}

/// Why a change is template or noise: typed, so callers never parse it back from a string.
/// Its [`Display`](std::fmt::Display) form is the person-readable one (`template`,
/// `builtin: counter, clock`, `learned: Visitor number {*}`).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Reason {
    /// Built-in, learned or template.
    pub source: Source,
    /// The built-in kinds that changed (`counter`, `clock`…), for a built-in reason.
    #[serde(default)]
    pub kinds: Vec<Volatile>,
    /// The learned rule's id (to remove it), for a learned reason.
    #[serde(default)]
    pub rule_id: Option<String>,
    /// The learned rule's label (`Visitor number {*}`, `rotating: /html[0]/…`).
    #[serde(default)]
    pub label: Option<String>,
    /// What the learned rule matches (`slots` or `rotating`), for a learned reason: callers
    /// name a rotating slot without reading its label.
    #[serde(default)]
    pub rule: Option<String>,
    /// For a change a learned rule looked like but that was kept as content: why it was kept
    /// (the UI says "looked like …, kept because …"). The block's kind is content then.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub kept: Option<Kept>,
    /// For a rotating module learned across the site: on how many pages and visits it rotated.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub evidence: Option<noise::Evidence>,
}

/// Why a change that a learned rule looked like is content.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case", tag = "type")]
pub enum Kept {
    /// The change adds or removes words the slot never showed (new rows, new names), or it
    /// edits a rotating slot's item (most of its words kept: a state the item toggles to, not
    /// rotation); `words` are those the change adds or removes.
    NewWords {
        /// Those words (lowercased, at most a few).
        words: Vec<String>,
    },
    /// The person asked to always show changes of this slot ([`noise::RuleKind::Shown`]).
    Shown,
    /// The slot's text had stayed on this page over `visits` revisits, at least an hour after
    /// it appeared, before it changed: a state of the page (a status, a stock level, a
    /// notice), not an item of a rotation ([`site::HELD_MIN_VISITS`], [`site::HELD_MIN_SECS`]).
    Held {
        /// The revisits the old text was seen unchanged.
        visits: u32,
    },
    /// One side says whether the item can be had and the other does not ("Sold out",
    /// "In stock", "Notify me"): a state of the item, however often its slot flipped
    /// ([`noise::stock_change`]).
    Stock {
        /// The stock phrase one side says (lowercased: "sold out").
        phrase: String,
    },
}

impl Reason {
    /// A template reason.
    pub fn template() -> Reason {
        Reason {
            source: Source::Template,
            kinds: Vec::new(),
            rule_id: None,
            label: None,
            rule: None,
            kept: None,
            evidence: None,
        }
    }

    /// A built-in reason with these kinds.
    pub fn builtin(kinds: Vec<Volatile>) -> Reason {
        Reason {
            source: Source::Builtin,
            kinds,
            rule_id: None,
            label: None,
            rule: None,
            kept: None,
            evidence: None,
        }
    }

    /// A learned reason: the rule's id and label.
    pub fn learned(rule: &noise::NoiseRule) -> Reason {
        Reason {
            source: Source::Learned,
            kinds: Vec::new(),
            rule_id: Some(rule.id.clone()),
            label: Some(rule.label.clone()),
            rule: rule.rule.as_ref().map(|r| {
                match r {
                    noise::RuleKind::Slots { .. } => "slots",
                    noise::RuleKind::Rotating { .. } => "rotating",
                    noise::RuleKind::Module { .. } => "module",
                    noise::RuleKind::Taught { .. } => "taught",
                    noise::RuleKind::Shown { .. } => "shown",
                }
                .to_string()
            }),
            kept: None,
            evidence: rule.evidence,
        }
    }

    /// The reason of a change `rule` looked like but that is content: the rule's reason with
    /// why it was kept.
    pub fn kept(rule: &noise::NoiseRule, kept: Kept) -> Reason {
        Reason {
            kept: Some(kept),
            ..Reason::learned(rule)
        }
    }
}

impl std::fmt::Display for Reason {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self.source {
            Source::Template => write!(f, "template"),
            Source::Builtin => {
                let kinds: Vec<&str> = self.kinds.iter().map(|k| k.name()).collect();
                write!(f, "builtin: {}", kinds.join(", "))
            }
            Source::Learned => {
                write!(f, "learned: {}", self.label.as_deref().unwrap_or(""))?;
                match &self.kept {
                    Some(Kept::NewWords { words }) => {
                        write!(f, " (kept: new words {})", words.join(", "))
                    }
                    Some(Kept::Shown) => write!(f, " (kept: always shown)"),
                    Some(Kept::Held { visits }) => {
                        write!(f, " (kept: its text had stayed for {visits} visits)")
                    }
                    Some(Kept::Stock { phrase }) => write!(f, " (kept: says \"{phrase}\")"),
                    None => Ok(()),
                }
            }
        }
    }
}
