//! The export file's reader (what Settings → Import and `sincelast import` read): any bytes give
//! a report (records, skipped lines with reasons, or the whole file refused), never a panic; and
//! every record it accepts encodes back to a line of its store (`encode_record`).
#![no_main]

use libfuzzer_sys::fuzz_target;
use sincelast_core::export::{encode_record, read_all};

fuzz_target!(|data: &[u8]| {
    let report = read_all(data);
    if report.refused.is_some() {
        assert!(report.records.is_empty());
    }
    for r in &report.records {
        // The line a stored copy of the record would have is the line read (canonical).
        assert_eq!(encode_record(r.store, &r.value).as_deref(), Ok(r.canonical.as_str()));
    }
});
