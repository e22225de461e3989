//! A folder of saved pages as a site's history: which files are versions of which page, in
//! what order, and the site model learned from them.
//!
//! Every `.html`/`.htm` file below the folder is one version. Its **page** is its path relative
//! to the folder with a leading timestamp `YYYYmmddTHHMMSSZ` (and what follows it up to the
//! next `_`, `-` or `.`, such as a commit id) removed from the file name: `news/index.html`,
//! `20220128T100000Z_index.html` and `index.html/20220128T100000Z_1a2b3c4d.html` name the pages
//! `news/index.html`, `index.html` and `index.html/`. Its **time** is that timestamp, or else
//! the file's modification time. Versions are taken oldest first.

use std::path::{Path, PathBuf};

use sincelast_core::classify::site::SiteState;
use sincelast_core::visit::{visit, Version as PageVersion, VisitInput};
use sincelast_core::Page;

use crate::input;

/// One saved version of a page.
pub struct Version {
    /// The file.
    pub path: PathBuf,
    /// The page it is a version of.
    pub page: String,
    /// Seconds since the Unix epoch.
    pub time: i64,
}

/// Parses `YYYYmmddTHHMMSSZ` at the start of `name` into Unix seconds.
pub fn parse_stamp(name: &str) -> Option<i64> {
    let b = name.as_bytes();
    if b.len() < 16 || b[8] != b'T' || b[15] != b'Z' {
        return None;
    }
    let num = |r: std::ops::Range<usize>| -> Option<i64> {
        let s = name.get(r)?;
        s.bytes()
            .all(|c| c.is_ascii_digit())
            .then(|| s.parse().ok())
            .flatten()
    };
    let (y, mo, d) = (num(0..4)?, num(4..6)?, num(6..8)?);
    let (h, mi, s) = (num(9..11)?, num(11..13)?, num(13..15)?);
    if !(1..=12).contains(&mo) || !(1..=31).contains(&d) || h > 23 || mi > 59 || s > 60 {
        return None;
    }
    Some(sincelast_core::calendar::unix_seconds(y, mo, d, h, mi, s))
}

fn page_key(rel: &Path) -> String {
    let parent = rel
        .parent()
        .map(|p| p.to_string_lossy().replace('\\', "/"))
        .unwrap_or_default();
    let name = rel
        .file_name()
        .map(|n| n.to_string_lossy().into_owned())
        .unwrap_or_default();
    let stem = if parse_stamp(&name).is_some() {
        let rest = &name[16..];
        let rest = rest.strip_prefix(['_', '-']).unwrap_or(rest);
        // Drop an id that follows the stamp (up to the next separator), keep the page name.
        match rest.find(['_', '-']) {
            Some(k) => rest[k + 1..].to_string(),
            None if rest
                .split('.')
                .next()
                .is_some_and(|id| id.len() >= 6 && id.bytes().all(|c| c.is_ascii_hexdigit())) =>
            {
                String::new()
            }
            None => rest.to_string(),
        }
    } else {
        name
    };
    match (parent.is_empty(), stem.is_empty()) {
        (true, _) => stem,
        (false, true) => format!("{parent}/"),
        (false, false) => format!("{parent}/{stem}"),
    }
}

fn mtime(path: &Path) -> i64 {
    std::fs::metadata(path)
        .and_then(|m| m.modified())
        .ok()
        .and_then(|t| t.duration_since(std::time::UNIX_EPOCH).ok())
        .map(|d| d.as_secs() as i64)
        .unwrap_or(0)
}

/// The time of a single file (its name's stamp, else its modification time).
pub fn file_time(path: &Path) -> i64 {
    path.file_name()
        .and_then(|n| parse_stamp(&n.to_string_lossy()))
        .unwrap_or_else(|| mtime(path))
}

/// Every version below `dir`, oldest first (symbolic links below `dir` are skipped). Errors when
/// `dir` is not a readable folder or holds no HTML file.
pub fn scan(dir: &Path) -> Result<Vec<Version>, String> {
    let meta =
        std::fs::metadata(dir).map_err(|e| format!("{}: cannot read: {e}", dir.display()))?;
    if !meta.is_dir() {
        return Err(format!("{}: not a folder", dir.display()));
    }
    let mut out = Vec::new();
    let mut stack = vec![dir.to_path_buf()];
    while let Some(d) = stack.pop() {
        let entries =
            std::fs::read_dir(&d).map_err(|e| format!("{}: cannot read: {e}", d.display()))?;
        for e in entries.flatten() {
            let p = e.path();
            // Symbolic links are not followed (a link to a folder above loops, a link to a file
            // counts that file twice): only real folders and regular files are read.
            let Ok(kind) = e.file_type() else { continue };
            if kind.is_symlink() {
                eprintln!(
                    "sincelast: skipping {}: a symbolic link",
                    crate::render::terminal_safe(&p.display().to_string())
                );
                continue;
            }
            if kind.is_dir() {
                stack.push(p);
            } else if kind.is_file()
                && p.extension().and_then(|x| x.to_str()).is_some_and(|x| {
                    x.eq_ignore_ascii_case("html") || x.eq_ignore_ascii_case("htm")
                })
            {
                let rel = p.strip_prefix(dir).unwrap_or(&p).to_path_buf();
                out.push(Version {
                    page: page_key(&rel),
                    time: file_time(&p),
                    path: p,
                });
            }
        }
    }
    if out.is_empty() {
        return Err(format!("{}: no .html files", dir.display()));
    }
    out.sort_by(|a, b| a.time.cmp(&b.time).then_with(|| a.path.cmp(&b.path)));
    Ok(out)
}

/// Learns a site model from the versions, oldest first: consecutive versions of a page are
/// analyzed (teaching noise rules and flips), every version joins the template model. Files
/// that cannot be read are skipped with a warning on stderr; the rest still count.
pub fn learn(versions: &[Version]) -> (SiteState, Vec<(String, Page)>) {
    let mut model = SiteState::new();
    let mut last: std::collections::HashMap<String, (i64, Page)> = std::collections::HashMap::new();
    for v in versions {
        let page = match input::load_page(&v.path, None) {
            Ok(p) => p,
            Err(e) => {
                eprintln!("sincelast: skipping {}", crate::render::terminal_safe(&e));
                continue;
            }
        };
        // Consecutive versions are a revisit, a page's first version a first visit: the
        // core's one visit path either way.
        let previous = last.get(&v.page).map(|(t, prev)| PageVersion {
            time: Some(*t),
            blocks: &prev.blocks,
        });
        visit(
            &VisitInput {
                url: &v.page,
                previous,
                current: PageVersion {
                    time: Some(v.time),
                    blocks: &page.blocks,
                },
            },
            &mut model,
        );
        last.insert(v.page.clone(), (v.time, page));
    }
    let mut latest: Vec<(String, Page)> = last.into_iter().map(|(k, (_, p))| (k, p)).collect();
    latest.sort_by(|a, b| a.0.cmp(&b.0));
    (model, latest)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn stamps_parse_to_unix_seconds() {
        assert_eq!(parse_stamp("19700101T000000Z"), Some(0));
        assert_eq!(
            parse_stamp("20220128T100000Z_1a2b3c4d.html"),
            Some(1_643_364_000)
        );
        assert_eq!(parse_stamp("index.html"), None);
        assert_eq!(parse_stamp("20221399T000000Z"), None);
    }

    #[test]
    fn page_keys_drop_stamps_and_ids() {
        assert_eq!(page_key(Path::new("news/index.html")), "news/index.html");
        assert_eq!(
            page_key(Path::new("20220128T100000Z_index.html")),
            "index.html"
        );
        assert_eq!(
            page_key(Path::new("a.html/20220128T100000Z_1a2b3c4d.html")),
            "a.html/"
        );
        assert_eq!(
            page_key(Path::new("20220128T100000Z_1a2b3c4d_index.html")),
            "index.html"
        );
        assert_eq!(
            page_key(Path::new("20220128T100000Z_homepage.html")),
            "homepage.html"
        );
    }
}
