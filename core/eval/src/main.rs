//! `sincelast-eval`: the tables of issue 4's evaluation on the real data in `../shared/data`.
//!
//! ```text
//! sincelast-eval [--data DIR] [--cache DIR] [--only ota|pages|boilerplate|stalker|watch|links] [--verbose]
//! ```
//!
//! Archives are unpacked once into the cache (default `target/evaldata/`) with the system
//! `zstd` and `tar`. Without the data folder it prints a note and exits 0.
//!
//! Reading the misses (environment variables, with `--verbose` where it says):
//! - `SINCELAST_EVAL_SITE=<site>`: section 5a on that site only (`bahn.de`, `netcup.com`);
//!   `SINCELAST_EVAL_EXAMPLES=<n>` hidden pairs per site (default 2), `SINCELAST_EVAL_WATCHED=1`
//!   those of the watched replay, `SINCELAST_EVAL_EXCERPT=<chars>` their length (`--verbose`).
//! - `SINCELAST_EVAL_BLOCKS=<site>`: section 3a lists every block ours paints on that site's
//!   pages that "ignore numbers" does not, with the part and what happened to it.
#![forbid(unsafe_code)]

mod boilerplate;
mod links;
mod ota;
mod pages;
mod stalker;
mod watch;

use std::path::PathBuf;
use std::process::ExitCode;

/// Where the data is and how much to say.
pub struct Ctx {
    /// `../shared/data`.
    pub data: PathBuf,
    /// Unpacked archives.
    pub cache: PathBuf,
    /// Print examples of misses and false alarms.
    pub verbose: bool,
}

/// Prints rows as an aligned table (first row = header).
pub fn print_table(rows: &[Vec<String>]) {
    let cols = rows.iter().map(|r| r.len()).max().unwrap_or(0);
    let width: Vec<usize> = (0..cols)
        .map(|c| {
            rows.iter()
                .filter_map(|r| r.get(c))
                .map(|s| s.chars().count())
                .max()
                .unwrap_or(0)
        })
        .collect();
    for (k, r) in rows.iter().enumerate() {
        let line: Vec<String> = r
            .iter()
            .enumerate()
            .map(|(c, s)| {
                if c == 0 {
                    format!("{s:<w$}", w = width[c])
                } else {
                    format!("{s:>w$}", w = width[c])
                }
            })
            .collect();
        println!("  {}", line.join("  ").trim_end());
        if k == 0 {
            let total: usize = width.iter().sum::<usize>() + 2 * cols.saturating_sub(1);
            println!("  {}", "-".repeat(total));
        }
    }
}

/// A short one-line excerpt for examples.
pub fn excerpt(s: &str, n: usize) -> String {
    let t: String = s.chars().take(n).collect();
    if s.chars().count() > n {
        format!("{t}…")
    } else {
        t
    }
}

/// One section of the evaluation.
type Section = fn(&Ctx) -> Result<(), String>;

fn main() -> ExitCode {
    let root = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../..");
    let mut data = root.join("../shared/data");
    let mut cache = root.join("target/evaldata");
    let mut only: Option<String> = None;
    let mut verbose = false;
    let mut args = std::env::args().skip(1);
    while let Some(a) = args.next() {
        match a.as_str() {
            "--data" => data = args.next().map(PathBuf::from).unwrap_or(data),
            "--cache" => cache = args.next().map(PathBuf::from).unwrap_or(cache),
            "--only" => only = args.next(),
            "--verbose" | "-v" => verbose = true,
            "-h" | "--help" => {
                println!(
                    "usage: sincelast-eval [--data DIR] [--cache DIR] [--only ota|pages|boilerplate|stalker|watch|links] [--verbose]"
                );
                return ExitCode::SUCCESS;
            }
            other => {
                eprintln!("sincelast-eval: unknown argument {other}");
                return ExitCode::from(2);
            }
        }
    }
    if !data.is_dir() {
        println!(
            "note: the evaluation data ({}) is absent; nothing to evaluate. \
             It sits beside the checkout as ../shared/data (see the issue on evaluation).",
            data.display()
        );
        return ExitCode::SUCCESS;
    }
    let ctx = Ctx {
        data,
        cache,
        verbose,
    };
    println!(
        "Since Last Visit — evaluation on real data ({})",
        ctx.data.display()
    );
    println!(
        "Variants: plain = plain block diff, every change highlighted; digits = \"ignore numbers\""
    );
    println!(
        "(Update Scanner, Page Monitor: digits removed from block texts, then the plain diff);"
    );
    println!(
        "ours = visit::visit with the site model learned from the visits so far, in time order,"
    );
    println!("per site, content changes only. A highlight = a block painted on the new page (new,");
    println!("changed or moved, kind content: what summary.meaningful counts). A visit shows a");
    println!("change when it highlights a block or reports content removed (the bar counts those,");
    println!("and the watch reports them: summary.meaningful_removed).");
    let want = |s: &str| only.as_deref().is_none_or(|o| o == s);
    let start = std::time::Instant::now();
    let sections: [(&str, Section); 6] = [
        ("ota", ota::run),
        ("pages", pages::run),
        ("boilerplate", boilerplate::run),
        ("stalker", stalker::run),
        ("watch", watch::run),
        ("links", links::run),
    ];
    for (name, f) in sections {
        if want(name) {
            let t = std::time::Instant::now();
            if let Err(e) = f(&ctx) {
                println!("\nnote: section {name} skipped: {e}");
            }
            eprintln!("[{name}: {:.1} s]", t.elapsed().as_secs_f64());
        }
    }
    println!("\n(total {:.0} s)", start.elapsed().as_secs_f64());
    ExitCode::SUCCESS
}
