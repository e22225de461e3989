//! Native half of `scripts/bench`: reads page pairs (`{"old": [texts], "new": [texts]}` JSON
//! files written by scripts/bench-core.mjs) and prints, per pair, the median time of the
//! block + word diff (alone, and on the packed path the extension takes: packed blocks in, lean
//! JSON out), of Dice and of shingle Jaccard, and the peak extra heap memory of one diff, as a
//! JSON array on stdout.
// A counting global allocator needs `unsafe impl GlobalAlloc`; it only forwards to the system
// allocator and counts bytes.
#![allow(unsafe_code)]

use std::alloc::{GlobalAlloc, Layout, System};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::Instant;

use sincelast_core::align::{diff_blocks, DiffOptions};
use sincelast_core::{metrics, report::packed, Block};

struct Counting;
static CURRENT: AtomicUsize = AtomicUsize::new(0);
static PEAK: AtomicUsize = AtomicUsize::new(0);

// SAFETY: every call is forwarded unchanged to `System`; the counters are plain atomics.
unsafe impl GlobalAlloc for Counting {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        let now = CURRENT.fetch_add(layout.size(), Ordering::Relaxed) + layout.size();
        PEAK.fetch_max(now, Ordering::Relaxed);
        unsafe { System.alloc(layout) }
    }
    unsafe fn dealloc(&self, ptr: *mut u8, layout: Layout) {
        CURRENT.fetch_sub(layout.size(), Ordering::Relaxed);
        unsafe { System.dealloc(ptr, layout) }
    }
}

#[global_allocator]
static GLOBAL: Counting = Counting;

fn median_ms(mut f: impl FnMut()) -> f64 {
    f();
    // SINCELAST_BENCH_RUNS=n: exactly n timed runs (for instruction counts under a profiler).
    let fixed: Option<usize> = std::env::var("SINCELAST_BENCH_RUNS")
        .ok()
        .and_then(|v| v.parse().ok());
    let mut runs = Vec::new();
    let start = Instant::now();
    while match fixed {
        Some(n) => runs.len() < n.max(1),
        None => runs.len() < 15 && (runs.len() < 3 || start.elapsed().as_millis() < 1500),
    } {
        let t = Instant::now();
        f();
        runs.push(t.elapsed().as_secs_f64() * 1e3);
    }
    runs.sort_by(f64::total_cmp);
    runs[runs.len() / 2]
}

fn main() {
    let mut results = Vec::new();
    for file in std::env::args().skip(1) {
        let text = std::fs::read_to_string(&file).expect("bench input readable");
        let v: serde_json::Value = serde_json::from_str(&text).expect("bench input is JSON");
        let blocks = |key: &str| -> Vec<Block> {
            v[key]
                .as_array()
                .expect("array of texts")
                .iter()
                .enumerate()
                // The paths scripts/bench-core.mjs gives the wasm side's blocks.
                .map(|(i, t)| Block {
                    path: format!("/html[0]/body[0]/p[{i}]"),
                    ..Block::from_text(t.as_str().unwrap_or_default())
                })
                .collect()
        };
        let (old, new) = (blocks("old"), blocks("new"));
        let old_text: String = old
            .iter()
            .map(|b| b.text.as_str())
            .collect::<Vec<_>>()
            .join("\n");
        let new_text: String = new
            .iter()
            .map(|b| b.text.as_str())
            .collect::<Vec<_>>()
            .join("\n");
        let opts = DiffOptions::default();

        let base = CURRENT.load(Ordering::Relaxed);
        PEAK.store(base, Ordering::Relaxed);
        let report = diff_blocks(&old, &new, &opts);
        let peak = PEAK.load(Ordering::Relaxed) - base;
        let (approximate, changed) = (report.summary.approximate, report.summary.changed);
        drop(report);

        let diff_ms = median_ms(|| {
            std::hint::black_box(diff_blocks(&old, &new, &opts));
        });
        // The path the extension takes (packed blocks in, lean JSON out), as the wasm
        // benchmark measures it on the far side of the JS boundary.
        let pack = |blocks: &[Block]| -> (Vec<u8>, usize) {
            let strings: Vec<&str> = blocks
                .iter()
                .map(|b| b.text.as_str())
                .chain(blocks.iter().map(|b| b.path.as_str()))
                .collect();
            (strings.join("\0").into_bytes(), strings.len())
        };
        let ((ob, on), (nb, nn)) = (pack(&old), pack(&new));
        let packed_ms = median_ms(|| {
            std::hint::black_box(packed::diff_packed(&ob, on, &nb, nn, &opts).expect("packed"));
        });
        if std::env::var_os("SINCELAST_BENCH_DIFF_ONLY").is_some() {
            continue; // for profiling the diff alone
        }
        let dice_ms = median_ms(|| {
            std::hint::black_box(metrics::dice(
                &metrics::word_hashes(&old_text),
                &metrics::word_hashes(&new_text),
            ));
        });
        let shingle_ms = median_ms(|| {
            std::hint::black_box(metrics::fragment_staleness(
                &metrics::word_hashes(&old_text),
                &metrics::word_hashes(&new_text),
                5,
            ));
        });
        results.push(serde_json::json!({
            "file": file, "diff_ms": diff_ms, "packed_ms": packed_ms, "dice_ms": dice_ms, "shingle_ms": shingle_ms,
            "peak_bytes": peak, "approximate": approximate, "changed": changed,
        }));
    }
    println!("{}", serde_json::Value::Array(results));
}
