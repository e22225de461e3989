//! The three faces of a diff report: text for a person, JSON for scripts, HTML to open.

use std::fmt::Write;

use serde::Serialize;
use sincelast_core::align::{BlockDiff, Kind, Report, SpanKind, Status};
use sincelast_core::classify::template::{PageCoverage, TemplateModel};
use sincelast_core::metrics::Metrics;
use sincelast_core::Page;

const PREVIEW_CHARS: usize = 160;

fn preview(s: &str) -> String {
    if s.chars().count() <= PREVIEW_CHARS {
        return s.to_string();
    }
    let mut out: String = s.chars().take(PREVIEW_CHARS - 1).collect();
    out.push('…');
    out
}

/// Text for a terminal: control characters (C0 but line feed and tab, DEL, C1) and the
/// bidirectional overrides and isolates are written as escapes (`\x1B`, `\u{202E}`), so that page
/// text can neither drive the terminal nor reorder what is shown.
pub fn terminal_safe(s: &str) -> String {
    let mut out = String::with_capacity(s.len());
    for c in s.chars() {
        match c {
            '\n' | '\t' => out.push(c),
            '\u{0}'..='\u{1F}' | '\u{7F}'..='\u{9F}' => {
                let _ = write!(out, "\\x{:02X}", c as u32);
            }
            '\u{200E}' | '\u{200F}' | '\u{202A}'..='\u{202E}' | '\u{2066}'..='\u{2069}' => {
                let _ = write!(out, "\\u{{{:04X}}}", c as u32);
            }
            _ => out.push(c),
        }
    }
    out
}

fn marker(status: Status) -> (&'static str, &'static str) {
    match status {
        Status::New => ("+", "new"),
        Status::Changed => ("~", "changed"),
        Status::Removed => ("-", "removed"),
        Status::Moved => (">", "moved"),
        Status::Unchanged => (" ", "unchanged"),
    }
}

/// The summary line, then one line per changed, new, moved or removed block. Inside changed
/// blocks, deleted words read `[-like this-]` and inserted words `{+like this+}`.
pub fn text(report: &Report) -> String {
    let mut out = String::new();
    let s = &report.summary;
    let _ = writeln!(out, "{s}");
    if s.noise + s.template > 0 {
        let _ = writeln!(
            out,
            "{} meaningful; not shown by default: {} noise, {} template",
            s.meaningful, s.noise, s.template
        );
    }
    let changes: Vec<&BlockDiff> = report
        .blocks
        .iter()
        .filter(|b| b.status != Status::Unchanged)
        .collect();
    if !changes.is_empty() {
        out.push('\n');
    }
    for b in changes {
        let (sign, word) = marker(b.status);
        let body = match &b.spans {
            Some(spans) => spans
                .iter()
                .map(|s| match s.kind {
                    SpanKind::Equal => s.text.clone(),
                    SpanKind::Insert => format!("{{+{}+}}", s.text),
                    SpanKind::Delete => format!("[-{}-]", s.text),
                })
                .collect::<String>(),
            None => b.text.clone(),
        };
        let label = match (b.kind, &b.reason) {
            (Kind::Content, _) => String::new(),
            (_, Some(r)) => format!("  ({r})"),
            (k, None) => format!("  ({k:?})"),
        };
        let _ = writeln!(out, "{sign} {word:<8} {}{label}", preview(&body));
    }
    out
}

/// The report as pretty JSON: `{"summary": {...}, "blocks": [...]}`.
pub fn json(report: &Report) -> Result<String, String> {
    let mut s = serde_json::to_string_pretty(report).map_err(|e| e.to_string())?;
    s.push('\n');
    Ok(s)
}

/// Escapes text for HTML element content and attribute values.
pub fn escape(s: &str) -> String {
    let mut out = String::with_capacity(s.len());
    for c in s.chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            '\'' => out.push_str("&#39;"),
            _ => out.push(c),
        }
    }
    out
}

/// The element a block is rendered as: its own tag when that is a heading, list item or
/// quotation, a paragraph otherwise.
fn tag_for(path: &str) -> &'static str {
    let last = path.rsplit('/').next().unwrap_or("");
    let tag = last.split('[').next().unwrap_or("");
    match tag {
        "h1" => "h1",
        "h2" => "h2",
        "h3" => "h3",
        "h4" => "h4",
        "h5" => "h5",
        "h6" => "h6",
        "blockquote" => "blockquote",
        "pre" => "pre",
        _ => "p",
    }
}

const STYLE: &str = r#"
:root { color-scheme: light dark; --new: #fff3b0; --ins: #c8f7c5; --del: #ffd1d1; --mark: #d97706; }
@media (prefers-color-scheme: dark) { :root { --new: #5a4a00; --ins: #1f5a2a; --del: #6b1f1f; --mark: #fbbf24; } }
body { font: 16px/1.5 system-ui, sans-serif; max-width: 46rem; margin: 2rem auto; padding: 0 1rem; }
header { border-bottom: 1px solid #8886; margin-bottom: 1rem; }
.b { position: relative; padding-left: .6rem; }
.b[data-status]:not([data-status=unchanged])::before { position: absolute; left: -1.4rem; font-weight: bold; color: var(--mark); }
.b[data-status=new] { background: var(--new); border-left: 4px solid var(--mark); }
.b[data-status=new]::before { content: "+"; }
.b[data-status=changed] { border-left: 4px solid var(--mark); }
.b[data-status=changed]::before { content: "~"; }
.b[data-status=moved] { border-left: 4px dashed var(--mark); }
.b[data-status=moved]::before { content: "↕"; }
.b[data-status=removed] { opacity: .75; text-decoration: line-through; border-left: 4px dotted #888; }
.b[data-status=removed]::before { content: "−"; }
ins { background: var(--ins); text-decoration: underline; }
del { background: var(--del); }
.legend span { margin-right: 1rem; }
"#;

/// The new page as a self-contained HTML file: its blocks in order, with new blocks marked,
/// changed words as `<ins>`/`<del>`, moved and removed blocks labelled. Page text is always
/// escaped; nothing is loaded from elsewhere.
pub fn html(report: &Report, title: Option<&str>) -> String {
    let title = title.unwrap_or("Page");
    let mut out = String::with_capacity(
        report
            .blocks
            .iter()
            .map(|b| b.text.len() + 64)
            .sum::<usize>()
            + 4096,
    );
    let _ = write!(
        out,
        "<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\">\
         <meta name=\"viewport\" content=\"width=device-width\">\
         <title>Changes: {}</title><style>{STYLE}</style></head><body>\n\
         <header><h1>{}</h1><p><strong>{}</strong></p>\
         <p class=\"legend\"><span>+ new</span><span>~ changed</span><span>↕ moved</span><span>− removed</span></p></header>\n<main>\n",
        escape(title),
        escape(title),
        escape(&report.summary.to_string()),
    );
    for b in &report.blocks {
        let meaningful = b.kind == Kind::Content;
        if !meaningful && b.status == Status::Removed {
            continue;
        }
        let tag = tag_for(&b.path);
        let (_, word) = marker(b.status);
        // Noise and template changes are shown as unchanged, with the reason in the tooltip.
        let (status, title) = match (b.kind, &b.reason) {
            (Kind::Content, _) => (word, word.to_string()),
            (_, reason) => (
                "unchanged",
                format!(
                    "{word}, not meaningful: {}",
                    reason.as_ref().map(|r| r.to_string()).unwrap_or_default()
                ),
            ),
        };
        let _ = write!(
            out,
            "<{tag} class=\"b\" data-status=\"{status}\" title=\"{}\">",
            escape(&title)
        );
        match &b.spans {
            Some(spans) if meaningful => {
                for s in spans {
                    match s.kind {
                        SpanKind::Equal => out.push_str(&escape(&s.text)),
                        SpanKind::Insert => {
                            let _ = write!(out, "<ins>{}</ins>", escape(&s.text));
                        }
                        SpanKind::Delete => {
                            let _ = write!(out, "<del>{}</del>", escape(&s.text));
                        }
                    }
                }
            }
            _ => out.push_str(&escape(&b.text)),
        }
        let _ = writeln!(out, "</{tag}>");
    }
    out.push_str("</main></body></html>\n");
    out
}

/// The `templates` report: per page, how much is template; and the template blocks.
#[derive(Debug, Serialize)]
pub struct TemplatesReport {
    /// Distinct pages observed.
    pub pages: usize,
    /// Per page (latest version), its template coverage.
    pub coverage: Vec<PageCoverage>,
    /// Template block texts with the number of pages they are template on, most common first.
    pub templates: Vec<(String, usize)>,
}

/// Builds the `templates` report from the learned model and each page's latest version.
pub fn templates(model: &mut TemplateModel, latest: &[(String, Page)]) -> TemplatesReport {
    let mut coverage = Vec::new();
    let mut counts: std::collections::HashMap<&str, usize> = std::collections::HashMap::new();
    for (url, page) in latest {
        let flags = model.template_blocks(&page.blocks);
        let mut seen = std::collections::HashSet::new();
        for (b, f) in page.blocks.iter().zip(&flags) {
            if *f && seen.insert(b.text.as_str()) {
                *counts.entry(b.text.as_str()).or_default() += 1;
            }
        }
        coverage.push(model.coverage(url, &page.blocks));
    }
    let mut templates: Vec<(String, usize)> = counts
        .into_iter()
        .map(|(t, c)| (t.to_string(), c))
        .collect();
    templates.sort_by(|a, b| b.1.cmp(&a.1).then_with(|| a.0.cmp(&b.0)));
    TemplatesReport {
        pages: model.pages(),
        coverage,
        templates,
    }
}

/// The `templates` report as text.
pub fn templates_text(r: &TemplatesReport) -> String {
    let mut out = String::new();
    let _ = writeln!(out, "{} pages\n", r.pages);
    let _ = writeln!(
        out,
        "{:>8}  {:>6}  {:>8}  page",
        "template", "blocks", "template"
    );
    let _ = writeln!(out, "{:>8}  {:>6}  {:>8}", "text", "", "blocks");
    for c in &r.coverage {
        let _ = writeln!(
            out,
            "{:>7.1}%  {:>6}  {:>8}  {}",
            c.template_share * 100.0,
            c.blocks,
            c.template_blocks,
            c.url
        );
    }
    let _ = writeln!(out, "\nTemplate blocks (pages):");
    for (t, n) in r.templates.iter().take(40) {
        let _ = writeln!(out, "{n:>5}  {}", preview(t));
    }
    if r.templates.len() > 40 {
        let _ = writeln!(out, "  … and {} more", r.templates.len() - 40);
    }
    out
}

/// Metrics as aligned lines a person reads.
pub fn metrics_text(m: &Metrics) -> String {
    let i = &m.ied;
    let mut out = String::new();
    let _ = writeln!(
        out,
        "dice                {:.4}   (1 = same vocabulary)",
        m.dice
    );
    let _ = writeln!(out, "fragment staleness  {:.4}", m.fragment_staleness);
    let _ = writeln!(
        out,
        "ied                 {:.4}   add {} drop {} copy {} shrink {} replace {} move {} (δE {:.2})",
        i.distance, i.add, i.drop, i.copy, i.shrink, i.replace, i.moved, i.delta
    );
    let _ = writeln!(out, "cosine (tf-idf)     {:.4}", m.cosine);
    let _ = writeln!(out, "word distance       {:.4}", m.word_distance);
    let _ = writeln!(out, "edit distance       {:.4}", m.edit_distance);
    let _ = writeln!(out, "bytewise            {:.0}", m.bytewise);
    let _ = writeln!(out, "shingling           {:.4}", m.shingling);
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn terminal_text_has_no_control_characters() {
        assert_eq!(
            terminal_safe("a\u{1b}]0;t\u{7}b\r\nc\td\u{9b}e\u{202e}f"),
            "a\\x1B]0;t\\x07b\\x0D\nc\td\\x9Be\\u{202E}f"
        );
    }

    #[test]
    fn escapes_markup() {
        assert_eq!(
            escape("<script>\"x\" & 'y'</script>"),
            "&lt;script&gt;&quot;x&quot; &amp; &#39;y&#39;&lt;/script&gt;"
        );
    }

    #[test]
    fn tag_from_path() {
        assert_eq!(tag_for("/html[0]/body[0]/h2[1]"), "h2");
        assert_eq!(tag_for("/html[0]/body[0]/div[1]"), "p");
    }
}
