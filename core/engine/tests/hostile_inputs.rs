//! The named hostile inputs of issue 13, each through the whole core (extraction, the packed
//! boundary, a first visit and a revisit): depth 100,000, one 50 MB text node (and one just
//! under the cap), 10^6 nodes, invalid UTF-8, NUL bytes. Each ends in blocks within the caps or
//! a typed error — never a panic — and the peak heap of each (counted by this test's
//! allocator) stays under a bound derived from the core's limits. Prints one line per input:
//! `figure: core.<input>.peak_heap_mb: <value> (target <= <bound>)` (collected by
//! scripts/stress, which runs this in release; scripts/test runs it in debug).
#![allow(unsafe_code)] // the counting allocator below (GlobalAlloc is an unsafe trait)
#![allow(clippy::unwrap_used)]

use std::alloc::{GlobalAlloc, Layout, System};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Mutex;
use std::time::Instant;

use sincelast_core::classify::site::SiteState;
use sincelast_core::extract::{extract_html, ExtractOptions};
use sincelast_core::limits::{
    MAX_BLOCK_TEXT, MAX_EXTRACT_BLOCKS, MAX_HTML_BYTES, MAX_PACKED_BYTES,
};
use sincelast_core::report::packed::{unpack, unpack_blocks};
use sincelast_core::visit::{visit, VisitInput};
use sincelast_core::{Block, Error};

struct Counting;
static NOW: AtomicUsize = AtomicUsize::new(0);
static PEAK: AtomicUsize = AtomicUsize::new(0);

// SAFETY: every call is forwarded to the system allocator unchanged; only counters are added.
unsafe impl GlobalAlloc for Counting {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        let p = unsafe { System.alloc(layout) };
        if !p.is_null() {
            let now = NOW.fetch_add(layout.size(), Ordering::Relaxed) + layout.size();
            PEAK.fetch_max(now, Ordering::Relaxed);
        }
        p
    }
    unsafe fn dealloc(&self, ptr: *mut u8, layout: Layout) {
        unsafe { System.dealloc(ptr, layout) };
        NOW.fetch_sub(layout.size(), Ordering::Relaxed);
    }
    unsafe fn realloc(&self, ptr: *mut u8, layout: Layout, new_size: usize) -> *mut u8 {
        let p = unsafe { System.realloc(ptr, layout, new_size) };
        if !p.is_null() {
            if new_size >= layout.size() {
                let now = NOW.fetch_add(new_size - layout.size(), Ordering::Relaxed) + new_size
                    - layout.size();
                PEAK.fetch_max(now, Ordering::Relaxed);
            } else {
                NOW.fetch_sub(layout.size() - new_size, Ordering::Relaxed);
            }
        }
        p
    }
}

#[global_allocator]
static ALLOC: Counting = Counting;

/// One measurement at a time (the counters are global).
static ONE: Mutex<()> = Mutex::new(());

const MB: usize = 1 << 20;

/// Runs `f` with the input already built, printing its peak heap above the baseline (the input)
/// and checking it against `bound_mb`.
fn measure<T>(name: &str, bound_mb: usize, f: impl FnOnce() -> T) -> T {
    let base = NOW.load(Ordering::Relaxed);
    PEAK.store(base, Ordering::Relaxed);
    let start = Instant::now();
    let out = f();
    let peak = (PEAK.load(Ordering::Relaxed) - base) as f64 / MB as f64;
    println!("figure: core.{name}.peak_heap_mb: {peak:.1} (target <= {bound_mb})");
    println!(
        "figure: core.{name}.seconds: {:.2} (target: none, {} build)",
        start.elapsed().as_secs_f64(),
        if cfg!(debug_assertions) {
            "debug"
        } else {
            "release"
        }
    );
    assert!(
        peak <= bound_mb as f64,
        "{name}: peak heap {peak:.1} MiB over {bound_mb} MiB"
    );
    out
}

/// Blocks visited in the debug build of scripts/test (release builds and STRESS=full, as in
/// scripts/stress, visit every block: 50,000 blocks take minutes unoptimized).
const DEBUG_VISIT_BLOCKS: usize = 5_000;

/// The extracted page goes on through the core: packed as the extension packs it, unpacked,
/// then a first visit and a revisit with the second half of the blocks changed.
fn through_the_core(blocks: &[Block]) {
    let full = !cfg!(debug_assertions) || std::env::var("STRESS").as_deref() == Ok("full");
    let blocks = if full {
        blocks
    } else {
        &blocks[..blocks.len().min(DEBUG_VISIT_BLOCKS)]
    };
    let mut strings: Vec<&str> = blocks.iter().map(|b| b.text.as_str()).collect();
    strings.extend(blocks.iter().map(|b| b.path.as_str()));
    let packed = strings.join("\0");
    if packed.len() > MAX_PACKED_BYTES {
        assert!(matches!(
            unpack(packed.as_bytes(), strings.len()),
            Err(Error::TooLarge { .. })
        ));
        return;
    }
    let unpacked = unpack_blocks(packed.as_bytes(), strings.len()).unwrap();
    assert_eq!(unpacked.len(), blocks.len());
    let mut changed = unpacked.clone();
    let half = changed.len() / 2;
    for b in &mut changed[half..] {
        b.text.push_str(" and more");
    }
    let mut site = SiteState::new();
    let url = "https://hostile.example/";
    visit(&VisitInput::first(url, Some(0), &unpacked), &mut site);
    let out = visit(
        &VisitInput::revisit(url, (0, &unpacked), (86_400, &changed)),
        &mut site,
    );
    assert!(out.summary.is_some());
}

fn extract(html: &str) -> Result<sincelast_core::block::Page, Error> {
    extract_html(html, &ExtractOptions::default())
}

#[test]
fn depth_100_000() {
    let _one = ONE.lock().unwrap_or_else(|e| e.into_inner());
    let n = 100_000;
    let html = format!("{}deep{}", "<div>".repeat(n), "</div>".repeat(n));
    let page = measure("depth_100000", 64, || {
        let page = extract(&html).unwrap();
        through_the_core(&page.blocks);
        page
    });
    assert!(page.blocks.iter().any(|b| b.text == "deep"));
}

#[test]
fn one_50_mb_text_node_is_refused_and_one_under_the_cap_is_cut() {
    let _one = ONE.lock().unwrap_or_else(|e| e.into_inner());
    let word = "lorem ipsum dolor sit amet ";
    let big = format!("<p>{}</p>", word.repeat(50 * MB / word.len()));
    measure("text_node_50mb", 1, || {
        assert!(matches!(extract(&big), Err(Error::TooLarge { .. })));
    });
    drop(big);
    let under = format!("<p>{}</p>", word.repeat((MAX_HTML_BYTES - 64) / word.len()));
    let page = measure("text_node_16mb", 16 * 10, || {
        let page = extract(&under).unwrap();
        through_the_core(&page.blocks);
        page
    });
    assert_eq!(page.blocks.len(), 1);
    assert!(page.truncated);
    assert_eq!(page.blocks[0].text.chars().count(), MAX_BLOCK_TEXT);
}

#[test]
fn a_million_nodes() {
    let _one = ONE.lock().unwrap_or_else(|e| e.into_inner());
    let html: String = (0..1_000_000).map(|i| format!("<p>{i}</p>")).collect();
    assert!(html.len() < MAX_HTML_BYTES);
    let page = measure("nodes_1e6", 16 * 40, || {
        let page = extract(&html).unwrap();
        through_the_core(&page.blocks);
        page
    });
    assert_eq!(page.blocks.len(), MAX_EXTRACT_BLOCKS);
    assert!(page.truncated);
}

#[test]
fn invalid_utf8_is_a_typed_error_at_the_boundary_and_replaced_in_html() {
    let _one = ONE.lock().unwrap_or_else(|e| e.into_inner());
    let mut bytes = b"<p>caf\xC3".to_vec();
    bytes.extend_from_slice(&[0xFF, 0xFE, 0xC0, 0x80, 0xED, 0xA0, 0x80]);
    bytes.extend_from_slice(b"</p><p>ok</p>");
    measure("invalid_utf8", 1, || {
        assert!(matches!(unpack(&bytes, 1), Err(Error::Malformed(_))));
        assert!(matches!(unpack_blocks(&bytes, 2), Err(Error::Malformed(_))));
        let page = extract(&String::from_utf8_lossy(&bytes)).unwrap();
        assert_eq!(page.blocks.len(), 2);
        assert!(page.blocks[0].text.contains('\u{FFFD}'));
        through_the_core(&page.blocks);
    });
}

#[test]
fn nul_bytes_are_binary_in_html_and_separators_at_the_boundary() {
    let _one = ONE.lock().unwrap_or_else(|e| e.into_inner());
    measure("nul_bytes", 128, || {
        assert!(matches!(extract("<p>a\0b</p>"), Err(Error::NotText(_))));
        let all_nul = vec![0u8; 100_000];
        assert!(matches!(
            extract(std::str::from_utf8(&all_nul).unwrap()),
            Err(Error::NotText(_))
        ));
        // 100,000 NULs are 100,001 empty strings: announced right they unpack, otherwise not.
        assert_eq!(unpack(&all_nul, 100_001).unwrap().len(), 100_001);
        assert!(matches!(
            unpack(&all_nul, 100_000),
            Err(Error::Malformed(_))
        ));
        assert!(matches!(unpack(&all_nul, 7), Err(Error::Malformed(_))));
        let blocks = unpack_blocks(&all_nul[..99_999], 100_000).unwrap();
        through_the_core(&blocks);
    });
}
