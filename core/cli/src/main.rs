//! `sincelast`: compare saved versions of a web page from the command line.
//!
//! ```text
//! sincelast diff OLD NEW [--url URL] [--history DIR] [--format text|json|html]
//! sincelast templates DIR [--format text|json]
//! sincelast metrics OLD NEW [--copy-cost A] [--move-cost B] [--shingle K] [--format text|json]
//! sincelast extract FILE [--url URL]
//! sincelast history DIR [--page NAME] [--format text|json|parquet -o FILE]
//! sincelast curve DIR [--page NAME] [--format text|json|csv|svg]
//! sincelast lifespans DIR [--page NAME] [--format text|json|parquet -o FILE]
//! sincelast export DIR -o FILE [--site HOST]
//! sincelast import FILE -o DIR
//! ```
//!
//! OLD, NEW and FILE are HTML or plain-text regular files of at most 16 MiB (the core's
//! `MAX_HTML_BYTES`); plain text is one block per line, long lines split at the core's block
//! cap. Text output escapes control characters (page text cannot drive the terminal).
//! `--history` and `templates` skip symbolic links. Exit status: 0 on success, 1 on bad input
//! (missing, empty, binary, oversized or not a regular file; invalid option value), 2 on a
//! usage error.
#![forbid(unsafe_code)]

mod exchange;
mod history;
mod input;
mod pagehistory;
mod parquet_out;
mod render;

use std::io::Write;
use std::path::PathBuf;
use std::process::ExitCode;

use clap::{Parser, Subcommand, ValueEnum};
use sincelast_core::classify::site::SiteState;
use sincelast_core::metrics;
use sincelast_core::visit::{visit_with, Version, VisitInput, VisitOptions};

#[derive(Parser)]
#[command(
    name = "sincelast",
    version,
    about = "What changed on a page since the last visit"
)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Clone, Copy, ValueEnum)]
enum DiffFormat {
    Text,
    Json,
    Html,
}

#[derive(Clone, Copy, ValueEnum)]
enum MetricsFormat {
    Text,
    Json,
}

#[derive(Clone, Copy, ValueEnum)]
enum HistoryFormat {
    Text,
    Json,
    /// Parquet (needs `-o FILE`): per-version metrics (history), serialized-DOM tuples
    /// (lifespans).
    Parquet,
}

#[derive(Clone, Copy, ValueEnum)]
enum CurveFormat {
    Text,
    Json,
    Csv,
    Svg,
}

#[derive(Subcommand)]
enum Command {
    /// A page's timeline from a folder of its saved versions (the folder `diff --history`
    /// reads): time, blocks, words, meaningful changes, Dice to the previous version; its
    /// change curve's class and its characteristic and ephemeral terms.
    History {
        /// Folder of saved versions.
        dir: PathBuf,
        /// Which page of the folder (default: the one with the most versions).
        #[arg(long)]
        page: Option<String>,
        /// Output format (JSON: the whole analysis, as the extension's history page reads it;
        /// Parquet: one row of metrics per version, into `-o FILE`).
        #[arg(long, value_enum, default_value = "text")]
        format: HistoryFormat,
        /// The file `--format parquet` writes.
        #[arg(short, long)]
        output: Option<PathBuf>,
    },
    /// A page's change curve (Adar et al.: Dice against reference versions by hours since the
    /// reference), its knot by the paper's heuristic and by an exact two-segment fit, its class.
    Curve {
        /// Folder of saved versions.
        dir: PathBuf,
        /// Which page of the folder (default: the one with the most versions).
        #[arg(long)]
        page: Option<String>,
        /// Output format.
        #[arg(long, value_enum, default_value = "text")]
        format: CurveFormat,
    },
    /// How long a page's elements and content live: the survival table (2 h, 1 day, 1 week,
    /// 5 weeks) and per-path lifespans.
    Lifespans {
        /// Folder of saved versions.
        dir: PathBuf,
        /// Which page of the folder (default: the one with the most versions).
        #[arg(long)]
        page: Option<String>,
        /// Output format (Parquet: the serialized-DOM tuples of every version, into `-o FILE`).
        #[arg(long, value_enum, default_value = "text")]
        format: HistoryFormat,
        /// The file `--format parquet` writes.
        #[arg(short, long)]
        output: Option<PathBuf>,
    },
    /// Compare two versions of a page block by block.
    Diff {
        /// The earlier version (HTML or text).
        old: PathBuf,
        /// The later version (HTML or text).
        new: PathBuf,
        /// The page's address, to resolve relative links.
        #[arg(long)]
        url: Option<String>,
        /// Learn noise and templates first from the HTML files in this folder (earlier versions
        /// of this page and other pages of the same site; `YYYYmmddTHHMMSSZ` name prefixes or
        /// modification times give the order).
        #[arg(long)]
        history: Option<PathBuf>,
        /// Output: a summary a person reads, JSON for scripts, or a self-contained HTML page
        /// with the changes highlighted.
        #[arg(long, value_enum, default_value = "text")]
        format: DiffFormat,
    },
    /// Print a site's templates learned from the HTML files in DIR, and the share of each
    /// page's text they cover.
    Templates {
        /// Folder of pages of one site (versions and other pages).
        dir: PathBuf,
        /// Output format.
        #[arg(long, value_enum, default_value = "text")]
        format: MetricsFormat,
    },
    /// Measure how much changed, with every metric of the core.
    Metrics {
        /// The earlier version (HTML or text).
        old: PathBuf,
        /// The later version (HTML or text).
        new: PathBuf,
        /// IED cost of a copy or shrink (a), between 0 and 1.
        #[arg(long)]
        copy_cost: Option<f64>,
        /// IED cost of a move (b), between 0 and 1.
        #[arg(long)]
        move_cost: Option<f64>,
        /// Shingle size k (words) for fragment staleness and shingling.
        #[arg(long)]
        shingle: Option<usize>,
        /// Output format.
        #[arg(long, value_enum, default_value = "text")]
        format: MetricsFormat,
    },
    /// Turn a history folder (as `diff --history` reads it) into an export file the extension
    /// imports (Settings → Import).
    Export {
        /// Folder of saved versions of a site's pages.
        dir: PathBuf,
        /// The export file to write (JSON Lines).
        #[arg(short = 'o', long = "output")]
        output: PathBuf,
        /// The host name the pages are visits of (`https://HOST/<page>`).
        #[arg(long, default_value = "localhost")]
        site: String,
    },
    /// Turn an extension export file into a history folder (one HTML file per visit) and a table
    /// of visits (visits.csv), to analyse outside the browser.
    Import {
        /// The export file (from Settings → Export, or `sincelast export`).
        file: PathBuf,
        /// The folder to write.
        #[arg(short = 'o', long = "output")]
        output: PathBuf,
    },
    /// Print a page's blocks as JSON (the extraction spec's output).
    Extract {
        /// The page (HTML or text).
        file: PathBuf,
        /// The page's address, to resolve relative links.
        #[arg(long)]
        url: Option<String>,
    },
}

fn main() -> ExitCode {
    let cli = Cli::parse();
    match run(cli) {
        Ok(out) => {
            let mut stdout = std::io::stdout().lock();
            // A closed pipe (`| head`) is not an error worth a message.
            let _ = stdout
                .write_all(out.as_bytes())
                .and_then(|_| stdout.flush());
            ExitCode::SUCCESS
        }
        Err(msg) => {
            eprintln!("sincelast: {}", render::terminal_safe(&msg));
            ExitCode::from(1)
        }
    }
}

/// `-o FILE` goes with `--format parquet` (and only with it).
fn parquet_output(
    format: HistoryFormat,
    output: Option<PathBuf>,
) -> Result<Option<PathBuf>, String> {
    match (format, output) {
        (HistoryFormat::Parquet, None) => {
            Err("--format parquet writes a file: give it with -o FILE".into())
        }
        (HistoryFormat::Parquet, Some(p)) => Ok(Some(p)),
        (_, Some(_)) => Err("-o FILE goes with --format parquet".into()),
        (_, None) => Ok(None),
    }
}

fn run(cli: Cli) -> Result<String, String> {
    match cli.command {
        Command::History {
            dir,
            page,
            format,
            output,
        } => {
            let out = parquet_output(format, output)?;
            let h = pagehistory::load(&dir, page.as_deref())?;
            match format {
                HistoryFormat::Text => Ok(render::terminal_safe(&pagehistory::history_text(&h))),
                HistoryFormat::Json => pagehistory::json(&h),
                HistoryFormat::Parquet => {
                    let out = out.unwrap_or_default();
                    let rows = parquet_out::write_versions(&h, &out)?;
                    eprintln!("sincelast: {rows} versions written to {}", out.display());
                    Ok(String::new())
                }
            }
        }
        Command::Curve { dir, page, format } => {
            let h = pagehistory::load(&dir, page.as_deref())?;
            match format {
                CurveFormat::Text => Ok(render::terminal_safe(&pagehistory::curve_text(&h))),
                CurveFormat::Json => {
                    let mut s = serde_json::to_string_pretty(&h.analysis.curve)
                        .map_err(|e| e.to_string())?;
                    s.push('\n');
                    Ok(s)
                }
                CurveFormat::Csv => Ok(pagehistory::curve_csv(&h)),
                CurveFormat::Svg => Ok(pagehistory::curve_svg(&h)),
            }
        }
        Command::Lifespans {
            dir,
            page,
            format,
            output,
        } => {
            let out = parquet_output(format, output)?;
            let h = pagehistory::load(&dir, page.as_deref())?;
            match format {
                HistoryFormat::Text => Ok(render::terminal_safe(&pagehistory::lifespans_text(&h))),
                HistoryFormat::Parquet => {
                    let out = out.unwrap_or_default();
                    let rows = parquet_out::write_tuples(&h, &out)?;
                    eprintln!("sincelast: {rows} tuples written to {}", out.display());
                    Ok(String::new())
                }
                HistoryFormat::Json => {
                    let mut s = serde_json::to_string_pretty(&h.analysis.lifespans)
                        .map_err(|e| e.to_string())?;
                    s.push('\n');
                    Ok(s)
                }
            }
        }
        Command::Diff {
            old,
            new,
            url,
            history,
            format,
        } => {
            let old_page = input::load_page(&old, url.as_deref())?;
            let new_page = input::load_page(&new, url.as_deref())?;
            let mut model = SiteState::new();
            if let Some(dir) = &history {
                model = history::learn(&history::scan(dir)?).0;
            }
            // The page's identity in the site model: its URL, else the new file's page name.
            let key = url.clone().unwrap_or_else(|| {
                new.file_name()
                    .map(|n| n.to_string_lossy().into_owned())
                    .unwrap_or_default()
            });
            let outcome = visit_with(
                &VisitInput {
                    url: &key,
                    previous: Some(Version {
                        time: Some(history::file_time(&old)),
                        blocks: &old_page.blocks,
                    }),
                    current: Version {
                        time: Some(history::file_time(&new)),
                        blocks: &new_page.blocks,
                    },
                },
                &mut model,
                // A preview: the history teaches the site, this comparison does not.
                &VisitOptions {
                    learn: false,
                    ..VisitOptions::default()
                },
            );
            let report = outcome
                .report
                .ok_or_else(|| "internal: a revisit without a report".to_string())?;
            Ok(match format {
                DiffFormat::Text => render::terminal_safe(&render::text(&report)),
                DiffFormat::Json => render::json(&report)?,
                DiffFormat::Html => render::html(&report, new_page.title.as_deref()),
            })
        }
        Command::Metrics {
            old,
            new,
            copy_cost,
            move_cost,
            shingle,
            format,
        } => {
            let mut opts = metrics::MetricOptions::default();
            if let Some(a) = copy_cost {
                opts.copy_cost = a;
            }
            if let Some(b) = move_cost {
                opts.move_cost = b;
            }
            if let Some(k) = shingle {
                opts.shingle = k;
            }
            let old_page = input::load_page(&old, None)?;
            let new_page = input::load_page(&new, None)?;
            let m = metrics::compute(&old_page.text(), &new_page.text(), &opts)
                .map_err(|e| e.to_string())?;
            Ok(match format {
                MetricsFormat::Json => {
                    let mut s = serde_json::to_string_pretty(&m).map_err(|e| e.to_string())?;
                    s.push('\n');
                    s
                }
                MetricsFormat::Text => render::terminal_safe(&render::metrics_text(&m)),
            })
        }
        Command::Templates { dir, format } => {
            let (mut model, latest) = history::learn(&history::scan(&dir)?);
            let report = render::templates(model.templates_mut(), &latest);
            Ok(match format {
                MetricsFormat::Json => {
                    let mut s = serde_json::to_string_pretty(&report).map_err(|e| e.to_string())?;
                    s.push('\n');
                    s
                }
                MetricsFormat::Text => render::terminal_safe(&render::templates_text(&report)),
            })
        }
        Command::Export { dir, output, site } => {
            let created = std::time::SystemTime::now()
                .duration_since(std::time::UNIX_EPOCH)
                .map(|d| d.as_millis() as i64)
                .unwrap_or(0);
            let (text, summary) = exchange::export_dir(&dir, &site, created)?;
            std::fs::write(&output, text).map_err(|e| format!("{}: {e}", output.display()))?;
            Ok(summary)
        }
        Command::Import { file, output } => {
            let bytes = std::fs::read(&file).map_err(|e| format!("{}: {e}", file.display()))?;
            exchange::import_file(&bytes, &output)
        }
        Command::Extract { file, url } => {
            let page = input::load_page(&file, url.as_deref())?;
            let mut s = serde_json::to_string_pretty(&page).map_err(|e| e.to_string())?;
            s.push('\n');
            Ok(s)
        }
    }
}
