#![allow(clippy::unwrap_used)] // a panic in a test is a failed test

use super::*;
use serde_json::json;

fn id(text: &str) -> String {
    crate::hash::block_id(text)
}

fn bytes(hex: &str) -> Value {
    json!({ "$bytes": hex })
}

fn visit(id: u64, url: &str, site: &str, time: i64, meaningful: Option<u64>) -> Value {
    let summary = match meaningful {
        Some(m) => {
            json!({"new": m, "changed": 0, "moved": 0, "removed": 0, "unchanged": 3, "approximate": false, "meaningful": m})
        }
        None => Value::Null,
    };
    json!({"id": id, "url": url, "site": site, "time": time, "title": "T, \"q\"", "listId": "00000000000000aa",
           "pathsetId": "00000000000000bb", "summary": summary, "truncated": false})
}

/// A small store set in native form: what IndexedDB holds.
fn sample() -> Vec<(&'static str, Value)> {
    vec![
        (
            "visits",
            visit(1, "https://a.example/", "a.example", 1_000, None),
        ),
        (
            "visits",
            visit(2, "https://a.example/", "a.example", 90_000_000, Some(2)),
        ),
        (
            "visits",
            visit(3, "https://b.example/x", "b.example", 2_000, None),
        ),
        (
            "pages",
            json!({"url": "https://a.example/", "site": "a.example", "title": "A", "lastVisitId": 2, "lastTime": 90_000_000, "visits": 2}),
        ),
        (
            "pages",
            json!({"url": "https://b.example/x", "site": "b.example", "title": "B", "lastVisitId": 3, "lastTime": 2_000, "visits": 1}),
        ),
        (
            "lists",
            json!({"id": "00000000000000aa", "ids": bytes(&format!("{}{}", id("Hello"), id("World")))}),
        ),
        (
            "lists",
            json!({"id": "00000000000000ab", "ids": [id("Other")]}),
        ),
        (
            "pathsets",
            json!({"id": "00000000000000bb", "paths": ["0|/html[0]/body[0]/p[0]", "21|1]"], "typePaths": null}),
        ),
        ("blocks", json!({"id": id("Hello"), "text": "Hello"})),
        (
            "blocks",
            json!({"id": id("World"), "text": "World", "links": ["https://a.example/l"]}),
        ),
        ("blocks", json!({"id": id("Other"), "text": "Other"})),
        (
            "sitePages",
            json!({"site": "a.example", "url": "https://a.example/", "seq": 1, "version": 3,
            "dom": bytes("01000000ff000000"), "text": bytes(""), "flips": [{"path": "/p", "ids": bytes("0102030405060708"), "held": 2, "since": 86400, "states": bytes("0102030405060708")}],
            "arrived": bytes("0900000000000000")}),
        ),
        (
            "rules",
            json!({"site": "a.example", "id": "r1", "rule": {"type": "rotating", "path": "/p"}, "learned_from": "flip",
            "hits": 2, "label": "rotating: /p", "removed": false}),
        ),
        (
            "settings",
            json!({"excludedSites": ["bank.example"], "retentionDays": 90}),
        ),
    ]
}

fn export(filter: Filter, records: &[(&str, Value)]) -> (String, String, ExportSummary) {
    let mut ex = Exporter::new(filter);
    let mut out = ex.header_line(42);
    let mut csv = CSV_HEADER.to_string();
    for (store, v) in records {
        if let Some((line, row)) = ex.add(store, v).unwrap() {
            out.push_str(&line);
            csv.push_str(&row);
        }
    }
    let (derived, summary) = ex.finish();
    out.push_str(&derived);
    (out, csv, summary)
}

#[test]
fn lines_are_canonical_and_hand_checked() {
    let (out, _, summary) = export(Filter::default(), &sample());
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(
        lines[0],
        r#"{"format":"sincelast-export","schema":1,"created":42,"filter":{"since":null,"until":null,"site":null},"generator":"sincelast-core 0.1.0","stores":["visits","pages","lists","pathsets","blocks","sitePages","rules","sites","watches","linkPages","linkSeen","settings"]}"#
    );
    assert_eq!(
        lines[1],
        r#"{"store":"visits","key":1,"value":{"id":1,"listId":"00000000000000aa","pathsetId":"00000000000000bb","site":"a.example","summary":null,"time":1000,"title":"T, \"q\"","truncated":false,"url":"https://a.example/"}}"#
    );
    // Packed ids become the block ids they stand for; an old unpacked list reads the same way.
    assert_eq!(
        lines[6],
        format!(
            r#"{{"store":"lists","key":"00000000000000aa","value":{{"id":"00000000000000aa","ids":["{}","{}"]}}}}"#,
            id("Hello"),
            id("World")
        )
    );
    assert_eq!(
        lines[7],
        format!(
            r#"{{"store":"lists","key":"00000000000000ab","value":{{"id":"00000000000000ab","ids":["{}"]}}}}"#,
            id("Other")
        )
    );
    // Hashes as lowercase hex of the stored bytes; a compound key as an array.
    assert_eq!(
        lines[12],
        r#"{"store":"sitePages","key":["a.example","https://a.example/"],"value":{"arrived":"0900000000000000","dom":"01000000ff000000","flips":[{"held":2,"ids":"0102030405060708","path":"/p","since":86400,"states":"0102030405060708"}],"seq":1,"site":"a.example","text":"","url":"https://a.example/","version":3}}"#
    );
    assert_eq!(
        lines[14],
        r#"{"store":"settings","key":"settings","value":{"excludedSites":["bank.example"],"retentionDays":90}}"#
    );
    // Per-page statistics, URL order: two visits, one of them with 2 meaningful changes.
    assert_eq!(
        lines[15],
        r#"{"derived":"pageStats","key":"https://a.example/","value":{"changedVisits":1,"firstTime":1000,"lastTime":90000000,"meaningful":2,"site":"a.example","visits":2}}"#
    );
    assert_eq!(lines.len(), 17);
    assert_eq!(summary.invalid, 0);
    assert_eq!(summary.written["blocks"], 3);
    assert_eq!(summary.derived, 2);
}

#[test]
fn csv_has_one_row_per_visit_and_defuses_formulas() {
    let mut records = sample();
    records[0].1["title"] = json!("=HYPERLINK(\"x\")");
    let (_, csv, _) = export(Filter::default(), &records);
    let rows: Vec<&str> = csv.lines().collect();
    assert_eq!(rows.len(), 4);
    assert_eq!(
        rows[1],
        "1,https://a.example/,a.example,1000,1970-01-01T00:00:01.000Z,\"'=HYPERLINK(\"\"x\"\")\",first,,,,,,,,,,,,false"
    );
    assert_eq!(
        rows[2],
        "2,https://a.example/,a.example,90000000,1970-01-02T01:00:00.000Z,\"T, \"\"q\"\"\",changed,2,2,0,0,0,3,,,,,,false"
    );
}

#[test]
fn round_trip_is_byte_identical() {
    let (out, _, _) = export(Filter::default(), &sample());
    let report = read_all(out.as_bytes());
    assert_eq!(report.refused, None);
    assert!(report.skipped.is_empty(), "{:?}", report.skipped);
    assert_eq!(report.derived, 2);
    // Stored back (native form) and exported again: the same bytes.
    let again: Vec<(&str, Value)> = report
        .records
        .iter()
        .map(|r| (r.store, r.value.clone()))
        .collect();
    let (out2, _, _) = export(Filter::default(), &again);
    assert_eq!(out, out2);
    // Each record's canonical line is its line in the file.
    for r in &report.records {
        assert_eq!(r.canonical, encode_record(r.store, &r.value).unwrap());
        assert!(out.contains(&r.canonical));
    }
    // An old unpacked list is stored back packed.
    let list = report
        .records
        .iter()
        .find(|r| r.key == json!("00000000000000ab"))
        .unwrap();
    assert_eq!(list.value["ids"], bytes(&id("Other")));
}

#[test]
fn a_filter_keeps_a_site_and_what_its_visits_refer_to() {
    let filter = Filter {
        site: Some("example".into()),
        since: None,
        until: None,
    };
    let (_, _, s) = export(filter, &sample());
    // "example" is not a parent of a.example's host name here? It is: a.example ends in .example.
    assert_eq!(s.written["visits"], 3);

    let filter = Filter {
        site: Some("b.example".into()),
        since: None,
        until: None,
    };
    let (out, _, s) = export(filter, &sample());
    assert_eq!(s.written["visits"], 1);
    assert_eq!(s.written["pages"], 1);
    assert!(!s.written.contains_key("sitePages"));
    // Its visit names list aa, which names blocks 1 and 2 (not 3).
    assert_eq!(s.written["lists"], 1);
    assert_eq!(s.written["blocks"], 2);
    assert_eq!(s.written["settings"], 1);
    assert!(out.contains(r#""filter":{"since":null,"until":null,"site":"b.example"}"#));

    // A time range: only a.example's second visit; its page points at it.
    let filter = Filter {
        site: None,
        since: Some(50_000),
        until: Some(100_000_000),
    };
    let (out, csv, s) = export(filter, &sample());
    assert_eq!(s.written["visits"], 1);
    assert_eq!(s.written["pages"], 1);
    assert_eq!(csv.lines().count(), 2);
    assert!(out.contains(r#""lastTime":90000000,"lastVisitId":2,"site":"a.example","title":"T, \"q\"","url":"https://a.example/","visits":1"#));
    // A page whose visits all fall outside the range is left out with them.
    let filter = Filter {
        site: None,
        since: Some(50_000),
        until: Some(60_000),
    };
    let (_, _, s) = export(filter, &sample());
    assert!(!s.written.contains_key("pages"));
    assert!(!s.written.contains_key("blocks"));
}

#[test]
fn a_bad_stored_record_is_reported_not_written() {
    let mut records = sample();
    records.push(("settings", json!({"excludedSites": [], "retentionDays": 0})));
    records[8].1["id"] = json!("XYZ");
    records[9].1["extra"] = json!(1);
    let (out, _, s) = export(Filter::default(), &records);
    assert_eq!(s.invalid, 3);
    assert_eq!(
        s.unexported[0].reason,
        "id: not an id (16 lowercase hex digits)"
    );
    assert_eq!(s.unexported[1].reason, "unknown field \"extra\"");
    assert_eq!(
        s.unexported[2].reason,
        "retentionDays: 0 is out of range 1..=3650"
    );
    assert!(!out.contains("XYZ"));
    // Stores out of order are refused (a filtered export needs visits first).
    let mut ex = Exporter::new(Filter::default());
    ex.add("blocks", &records[9].1).unwrap();
    assert!(ex.add("visits", &records[0].1).is_err());
    assert!(ex.add("nosuch", &json!({})).is_err());
}

fn file_with(lines: &[&str]) -> String {
    let (out, _, _) = export(Filter::default(), &sample());
    let mut s = out;
    for l in lines {
        s.push_str(l);
        s.push('\n');
    }
    s
}

#[test]
fn bad_lines_are_skipped_with_their_reason() {
    let big = format!(
        r#"{{"store":"blocks","key":"00000000000000ff","value":{{"id":"00000000000000ff","text":"{}"}}}}"#,
        "x".repeat(MAX_EXPORT_LINE)
    );
    let hello = format!(
        r#"{{"store":"blocks","key":"{0}","value":{{"id":"{0}","text":"Hello"}}}}"#,
        id("Hello")
    );
    let wrong_key = format!(
        r#"{{"store":"blocks","key":"0000000000000009","value":{{"id":"{}","text":"x"}}}}"#,
        id("x")
    );
    let s = file_with(&[
        "{not json",
        &hello,
        r#"{"store":"watch","key":1,"value":{}}"#,
        &wrong_key,
        r#"{"store":"visits","key":9,"value":{"id":9}}"#,
        &big,
        "[1,2]",
        r#"{"derived":"pageStats","key":"u","value":{"visits":-1}}"#,
        "\u{feff}",
    ]);
    let mut bytes = s.into_bytes();
    bytes.extend_from_slice(b"\xff\xfe\n");
    let r = read_all(&bytes);
    assert_eq!(r.refused, None);
    assert_eq!(r.records.len(), 14);
    let reasons: Vec<(usize, &str)> = r.skipped.iter().map(|(l, s)| (*l, s.as_str())).collect();
    assert_eq!(reasons[0].0, 18);
    assert!(
        reasons[0].1.starts_with("malformed: not JSON"),
        "{}",
        reasons[0].1
    );
    assert_eq!(reasons[1], (19, "duplicate: the same key as line 10"));
    assert_eq!(reasons[2], (20, "unknown store \"watch\""));
    let mismatch = format!(
        "blocks: key \"0000000000000009\" does not match the record's \"{}\"",
        id("x")
    );
    assert_eq!(reasons[3], (21, mismatch.as_str()));
    assert_eq!(reasons[4], (22, "visits: url: missing"));
    assert!(
        reasons[5].1.starts_with("oversized: 8388"),
        "{}",
        reasons[5].1
    );
    assert_eq!(reasons[6], (24, "malformed: not a JSON object"));
    assert_eq!(reasons[7], (25, "pageStats: site: missing"));
    assert!(reasons[8].1.starts_with("malformed: not JSON"));
    assert_eq!(reasons[9], (27, "malformed: not UTF-8"));
    assert_eq!(reasons.len(), 10);
}

#[test]
fn a_block_must_be_its_texts() {
    let line = format!(
        r#"{{"store":"blocks","key":"{0}","value":{{"id":"{0}","text":"Goodbye"}}}}"#,
        id("Hello")
    );
    let r = read_all(file_with(&[&line]).as_bytes());
    assert_eq!(r.skipped.len(), 1);
    assert_eq!(r.skipped[0].1, "blocks: id: not the id of the block's text");
}

#[test]
fn a_wrong_header_refuses_the_whole_file() {
    let (out, _, _) = export(Filter::default(), &sample());
    let wrong = out.replacen("\"schema\":1", "\"schema\":2", 1);
    let r = read_all(wrong.as_bytes());
    assert_eq!(
        r.refused.as_deref(),
        Some("schema version 2 is not supported (this version reads schema 1)")
    );
    assert!(r.records.is_empty());
    let body = out.split_once('\n').unwrap().1;
    let r = read_all(body.as_bytes());
    assert!(r
        .refused
        .unwrap()
        .starts_with("not a Since Last Visit export file"));
    assert!(read_all(b"").refused.is_some());
    assert!(read_all(b"\n\n").refused.is_some());
    let r = read_all(br#"{"format":"sincelast-export","schema":1}"#);
    assert!(r.refused.unwrap().starts_with("bad header"));
}

#[test]
fn the_reader_survives_arbitrary_bytes() {
    // Deterministic pseudo-random garbage around a valid file (the fuzzers go further).
    let (out, _, _) = export(Filter::default(), &sample());
    let base = out.into_bytes();
    let mut x: u64 = 0x9e37_79b9_7f4a_7c15;
    for _ in 0..300 {
        let mut b = base.clone();
        for _ in 0..8 {
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            let i = (x as usize) % b.len();
            b[i] = (x >> 32) as u8;
        }
        let _ = read_all(&b);
    }
    let deep = "[".repeat(100_000);
    let _ = read_all(
        format!(
            "{}\n{deep}\n",
            base.split(|&c| c == b'\n')
                .next()
                .map(|l| String::from_utf8_lossy(l).into_owned())
                .unwrap()
        )
        .as_bytes(),
    );
}

#[test]
fn hex_and_times_are_hand_checked() {
    assert_eq!(to_hex(&[0, 15, 255]), "000fff");
    assert_eq!(from_hex("000fff"), Some(vec![0, 15, 255]));
    assert_eq!(from_hex("0F"), None);
    assert_eq!(from_hex("0"), None);
    assert_eq!(iso_time(0), "1970-01-01T00:00:00.000Z");
    assert_eq!(iso_time(1_643_364_000_123), "2022-01-28T10:00:00.123Z");
    assert_eq!(iso_time(-1), "1969-12-31T23:59:59.999Z");
}

#[test]
fn a_visit_that_only_lost_text_counts_as_changed() {
    let mut lost = visit(2, "https://a.example/", "a.example", 90_000_000, Some(0));
    lost["summary"]["removed"] = json!(1);
    lost["summary"]["meaningful_removed"] = json!(1);
    let records = vec![
        (
            "visits",
            visit(1, "https://a.example/", "a.example", 1_000, None),
        ),
        ("visits", lost),
    ];
    let (out, _, summary) = export(Filter::default(), &records);
    assert_eq!(summary.invalid, 0, "{out}");
    assert!(
        out.contains(r#""meaningful_removed":1"#),
        "the field is kept: {out}"
    );
    assert!(
        out.contains(r#""changedVisits":1,"firstTime":1000,"lastTime":90000000,"meaningful":0"#),
        "{out}"
    );
}

/// A visit keeps why it showed changes a learned rule looked at ("kept because …"): the field
/// goes out and comes back as it was; a malformed one is refused with its reason.
#[test]
fn a_visits_kept_reasons_go_out_and_come_back() {
    let mut records = sample();
    records[1].1["kept"] = json!([
        {"i": 4, "rule": "rotating", "label": null, "kept": {"type": "held", "visits": 2}},
        {"i": 7, "rule": "rotating", "label": null, "kept": {"type": "stock", "phrase": "in stock"}},
        {"i": 9, "rule": null, "label": "Visitor {*}", "kept": {"type": "new_words", "words": ["strike"]}},
    ]);
    let (out, _, s) = export(Filter::default(), &records);
    assert_eq!(s.invalid, 0, "{:?}", s.unexported);
    assert!(
        out.contains(
            r#""kept":[{"i":4,"kept":{"type":"held","visits":2},"label":null,"rule":"rotating"}"#
        ),
        "{out}"
    );
    let report = read_all(out.as_bytes());
    assert!(report.skipped.is_empty(), "{:?}", report.skipped);
    let back = report
        .records
        .iter()
        .find(|r| r.store == "visits" && r.key == json!(2))
        .unwrap();
    assert_eq!(back.value["kept"], records[1].1["kept"]);
    // A kept entry without its why, or with a field of its own, is refused.
    for bad in [
        json!([{"i": 4, "rule": "rotating"}]),
        json!([{"i": 4, "kept": {"type": "held", "extra": 1}}]),
        json!([{"i": -1, "kept": {"type": "held"}}]),
    ] {
        let mut records = sample();
        records[1].1["kept"] = bad.clone();
        let (_, _, s) = export(Filter::default(), &records);
        assert_eq!(s.invalid, 1, "{bad}");
    }
}
