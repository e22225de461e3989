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
                }
                .to_string()
            }),
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
            Source::Learned => write!(f, "learned: {}", self.label.as_deref().unwrap_or("")),
        }
    }
}
