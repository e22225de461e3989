//! Prints the blocks of an HTML file as JSON: `extract_json FILE [--url URL]`.
//!
//! The same output as `sincelast extract FILE --url URL`; used by the browser agreement test
//! when the CLI is not built.

use sincelast_core::extract::{extract_html, ExtractOptions};
use std::process::ExitCode;

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let mut file = None;
    let mut opts = ExtractOptions::default();
    let mut i = 0;
    while i < args.len() {
        if args[i] == "--url" {
            opts.url = args.get(i + 1).cloned();
            i += 2;
        } else {
            file = Some(args[i].clone());
            i += 1;
        }
    }
    let Some(file) = file else {
        eprintln!("usage: extract_json FILE [--url URL]");
        return ExitCode::from(2);
    };
    let html = match std::fs::read(&file) {
        Ok(bytes) => String::from_utf8_lossy(&bytes).into_owned(),
        Err(e) => {
            eprintln!("{file}: {e}");
            return ExitCode::from(1);
        }
    };
    match extract_html(&html, &opts) {
        Ok(page) => match serde_json::to_string(&page) {
            Ok(json) => {
                println!("{json}");
                ExitCode::SUCCESS
            }
            Err(e) => {
                eprintln!("{e}");
                ExitCode::from(1)
            }
        },
        Err(e) => {
            eprintln!("{}: {e}", e.kind());
            ExitCode::from(1)
        }
    }
}
