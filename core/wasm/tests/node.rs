//! The bindings under a real JavaScript engine: `wasm-pack test --node core/wasm`.
//! Golden hash values must equal the native ones (core/engine/src/hash.rs).
#![cfg(target_arch = "wasm32")]

use sincelast_wasm::*;
use wasm_bindgen::{JsCast, JsValue};
use wasm_bindgen_test::*;

fn js(json: &str) -> JsValue {
    js_sys::JSON::parse(json).expect("valid JSON")
}

fn get(v: &JsValue, path: &[&str]) -> JsValue {
    let mut cur = v.clone();
    for key in path {
        cur = js_sys::Reflect::get(&cur, &JsValue::from_str(key)).expect("property");
    }
    cur
}

#[wasm_bindgen_test]
fn bad_input_throws_error_with_kind() {
    let err = metrics("a", "b", js(r#"{"copy_cost": 2}"#)).expect_err("cost out of range");
    assert_eq!(
        get(&err, &["kind"]).as_string().as_deref(),
        Some("invalid_argument")
    );
}

#[wasm_bindgen_test]
fn metrics_from_js() {
    let m = metrics("the cat sat", "the cat sat", JsValue::UNDEFINED).expect("metrics");
    assert_eq!(get(&m, &["dice"]).as_f64(), Some(1.0));
    assert_eq!(get(&m, &["ied", "distance"]).as_f64(), Some(0.0));
    let m = metrics(
        "w1 w2 w2 w2 w3 w3 w4 w5 w2",
        "w3 w1 w4 w2 w3 w5 w5 w6 w6 w7",
        js(r#"{"copy_cost":0.4,"move_cost":0.9}"#),
    )
    .expect("metrics");
    assert_eq!(get(&m, &["ied", "move"]).as_f64(), Some(1.0));
    assert!((get(&m, &["ied", "delta"]).as_f64().unwrap_or(0.0) - 5.7).abs() < 1e-9);
}

#[wasm_bindgen_test]
fn extract_html_in_wasm() {
    let page = extract_html(
        "<title>T</title><p>Hello <a href='/x'>there</a></p>",
        Some("http://127.0.0.1/a/".into()),
    )
    .expect("extract");
    assert_eq!(get(&page, &["title"]).as_string().as_deref(), Some("T"));
    let blocks = js_sys::Array::from(&get(&page, &["blocks"]));
    assert_eq!(
        get(&blocks.get(0), &["text"]).as_string().as_deref(),
        Some("Hello there")
    );
    let links = js_sys::Array::from(&get(&blocks.get(0), &["links"]));
    assert_eq!(
        links.get(0).as_string().as_deref(),
        Some("http://127.0.0.1/x")
    );
}

/// The packed boundary: texts then paths joined by U+0000, and their count.
fn packed(strings: &[&str]) -> (Vec<u8>, u32) {
    (strings.join("\0").into_bytes(), strings.len() as u32)
}

#[wasm_bindgen_test]
fn packed_diff_splits_on_nul_and_checks_the_count() {
    let (a, na) = packed(&["Header", "Open from Tuesday", "/h1[0]", "/p[0]"]);
    let (b, nb) = packed(&[
        "Header",
        "Open from Wednesday",
        "",
        "/h1[0]",
        "/p[0]",
        "/p[1]",
    ]);
    let r: serde_json::Value =
        serde_json::from_str(&diff_packed(&a, na, &b, nb).expect("diff")).expect("JSON");
    assert_eq!(r["summary"]["changed"], 1);
    assert_eq!(r["summary"]["unchanged"], 1);
    // The empty third text is a block of its own.
    assert_eq!(r["summary"]["new"], 1);
    let changes = r["changes"].as_array().expect("changes");
    assert_eq!(changes[0]["status"], "changed");
    assert_eq!(changes[0]["new_index"], 1);

    // No strings at all, and one empty string, are both well-formed.
    assert!(diff_packed(b"", 0, b"", 0).is_ok());
    assert!(diff_packed(b"\0", 2, b"", 0).is_ok());

    // A count that does not match the separators, an odd count, bad UTF-8: errors with a kind.
    for (bytes, count) in [
        (&b"x\0y\0z"[..], 2u32),
        (&b"x\0y"[..], 4),
        (&b"x"[..], 0),
        (&b"x\0y\0z"[..], 3),
        (&b"\xff\0y"[..], 2),
    ] {
        let err = diff_packed(bytes, count, b"", 0).expect_err("malformed packing");
        assert_eq!(
            get(&err, &["kind"]).as_string().as_deref(),
            Some("bad_input"),
            "{bytes:?} / {count}"
        );
    }
}

fn kind_of(err: &JsValue) -> Option<String> {
    get(err, &["kind"]).as_string()
}

fn array(v: &JsValue, path: &[&str]) -> js_sys::Array {
    js_sys::Array::from(&get(v, path))
}

/// Blocks `(path, text)` packed as the extension packs them: texts, then paths.
fn pack_blocks(blocks: &[(&str, &str)]) -> (Vec<u8>, u32) {
    let mut strings: Vec<&str> = blocks.iter().map(|(_, t)| *t).collect();
    strings.extend(blocks.iter().map(|(p, _)| *p));
    packed(&strings)
}

const DAY_MS: f64 = 86_400_000.0;

/// Visits `url` of `site` with the previous version `prev` (time in ms, blocks) and `next`.
fn visit_blocks(
    site: &str,
    url: &str,
    prev: Option<(f64, &[(&str, &str)])>,
    next: (f64, &[(&str, &str)]),
) -> Result<JsValue, JsValue> {
    let (nb, nn) = pack_blocks(next.1);
    let raw = match prev {
        Some((t, blocks)) => {
            let (pb, pn) = pack_blocks(blocks);
            visit(url, site, Some(t), Some(pb), pn, next.0, &nb, nn)
        }
        None => visit(url, site, None, None, 0, next.0, &nb, nn),
    }?;
    Ok(assemble(&raw))
}

/// The outcome as extension/background/pack.js assembles it from what `visit` returns: the
/// JSON parsed, the block ids split (16 hex digits each), the page records put back.
fn assemble(raw: &JsValue) -> JsValue {
    let json = get(raw, &["json"]).as_string().expect("json is a string");
    let out = js_sys::JSON::parse(&json).expect("json parses");
    let joined = get(raw, &["ids"]).as_string().expect("ids is a string");
    assert_eq!(joined.len() % 16, 0);
    let ids = js_sys::Array::new();
    for k in 0..joined.len() / 16 {
        ids.push(&JsValue::from_str(&joined[16 * k..16 * k + 16]));
    }
    let set = |o: &JsValue, k: &str, v: &JsValue| {
        js_sys::Reflect::set(o, &JsValue::from_str(k), v).expect("set");
    };
    set(&out, "ids", &ids);
    set(
        &get(&out, &["updates"]),
        "pages_put",
        &get(raw, &["pages_put"]),
    );
    out
}

#[wasm_bindgen_test]
fn a_first_visit_then_a_revisit() {
    let site = "h.example";
    assert_eq!(
        load_site(site, JsValue::UNDEFINED, JsValue::UNDEFINED).ok(),
        Some(0)
    );
    assert!(has_site(site));
    let url = "https://h.example/a";
    let v1: &[(&str, &str)] = &[
        ("/html[0]/body[0]/p[0]", "Hello world"),
        ("/html[0]/body[0]/p[1]", "Visitor number 1"),
        ("/html[0]/body[0]/p[2]", "Gone tomorrow"),
    ];
    let v2: &[(&str, &str)] = &[
        ("/html[0]/body[0]/p[0]", "Hello brave world"),
        ("/html[0]/body[0]/p[1]", "Visitor number 2"),
    ];
    let first = visit_blocks(site, url, None, (0.0, v1)).expect("first visit");
    assert_eq!(
        get(&first, &["status"]).as_string().as_deref(),
        Some("first")
    );
    assert!(get(&first, &["summary"]).is_null());
    assert_eq!(array(&first, &["changes"]).length(), 0);
    // Content addresses: the persisted hash, the same values as natively.
    let ids = array(&first, &["ids"]);
    assert_eq!(ids.get(0).as_string().as_deref(), Some("b6acb9d84a38ff74"));
    let native: Vec<String> = v1
        .iter()
        .map(|(_, t)| sincelast_core::hash::block_id(t))
        .collect();
    assert_eq!(
        get(&first, &["list_id"]).as_string(),
        Some(sincelast_core::hash::block_id(&native.join("\n")))
    );
    let paths: Vec<&str> = v1.iter().map(|(p, _)| *p).collect();
    let types: Vec<&str> = v1.iter().map(|_| "/html/body/p").collect();
    assert_eq!(
        get(&first, &["pathset_id"]).as_string(),
        Some(sincelast_core::hash::block_id(&format!(
            "{}\u{0}{}",
            paths.join("\n"),
            types.join("\n")
        )))
    );
    let pages = array(&first, &["updates", "pages_put"]);
    assert_eq!(pages.length(), 1);
    let dom = get(&pages.get(0), &["dom"]);
    assert!(
        dom.is_instance_of::<js_sys::Uint8Array>(),
        "{:?} {:?}",
        dom.js_typeof(),
        get(&dom, &["constructor", "name"])
    );

    let again = visit_blocks(site, url, Some((0.0, v1)), (DAY_MS, v2)).expect("revisit");
    assert_eq!(
        get(&again, &["status"]).as_string().as_deref(),
        Some("changed")
    );
    assert_eq!(get(&again, &["summary", "meaningful"]).as_f64(), Some(1.0));
    let changes = array(&again, &["changes"]);
    assert_eq!(changes.length(), 3);
    let edit = changes.get(0);
    assert_eq!(
        get(&edit, &["status"]).as_string().as_deref(),
        Some("changed")
    );
    assert!(js_sys::Array::is_array(&get(&edit, &["spans"])));
    assert!(get(&edit, &["reason"]).is_null());
    let counter = changes.get(1);
    assert_eq!(
        get(&counter, &["kind"]).as_string().as_deref(),
        Some("noise")
    );
    assert_eq!(
        get(&counter, &["reason", "source"]).as_string().as_deref(),
        Some("builtin")
    );
    assert_eq!(
        array(&counter, &["reason", "kinds"])
            .get(0)
            .as_string()
            .as_deref(),
        Some("counter")
    );
    let removed = changes.get(2);
    assert_eq!(
        get(&removed, &["status"]).as_string().as_deref(),
        Some("removed")
    );
    assert_eq!(
        get(&removed, &["text"]).as_string().as_deref(),
        Some("Gone tomorrow")
    );
    assert!(get(&removed, &["at"]).is_null(), "it stood at the end");
    drop_site(site);
    assert!(!has_site(site));
}

/// A weather line long enough (over 16 words) that flipping back and forth never teaches a
/// rotating rule for its slot: only the slot rule is at work here.
const WEATHER: [&str; 4] = [
    "Wetter: sonnig in Berlin, dazu die Vorhersage für die kommenden Tage mit allen Werten aus der Region",
    "Wetter: bewölkt in Berlin, dazu die Vorhersage für die kommenden Tage mit allen Werten aus der Region",
    "Wetter: regnerisch in Berlin, dazu die Vorhersage für die kommenden Tage mit allen Werten aus der Region",
    "Wetter: windig in Berlin, dazu die Vorhersage für die kommenden Tage mit allen Werten aus der Region",
];

fn weather(k: usize) -> Vec<(&'static str, &'static str)> {
    vec![
        ("/html[0]/body[0]/p[0]", WEATHER[k]),
        ("/html[0]/body[0]/p[1]", "Stable text here"),
    ]
}

#[wasm_bindgen_test]
fn site_records_round_trip_and_a_removed_rule_stays_off() {
    let site = "w.example";
    let url = "https://w.example/";
    load_site(site, JsValue::NULL, JsValue::NULL).expect("load");
    visit_blocks(site, url, None, (0.0, &weather(0))).expect("first");
    // A reload a minute later teaches a slot rule.
    let taught =
        visit_blocks(site, url, Some((0.0, &weather(0))), (60_000.0, &weather(1))).expect("reload");
    let rules = array(&taught, &["updates", "rules_put"]);
    assert_eq!(rules.length(), 1);
    let id = get(&rules.get(0), &["id"]).as_string().expect("rule id");
    let pages = array(&taught, &["updates", "pages_put"]);

    // The stored records, loaded into a fresh cache entry, give the same behaviour.
    drop_site(site);
    assert_eq!(
        kind_of(&visit_blocks(site, url, None, (0.0, &weather(0))).expect_err("not loaded"))
            .as_deref(),
        Some("site_not_loaded")
    );
    assert_eq!(load_site(site, pages.into(), rules.into()).ok(), Some(0));
    let info = site_rules(site).expect("rules");
    assert_eq!(get(&info, &["template_pages"]).as_f64(), Some(1.0));
    assert_eq!(array(&info, &["rules"]).length(), 1);
    // The slot goes back to a word it showed before: the rule hides it (a word it never showed
    // would be content: a rule hides only what it has seen).
    let later = visit_blocks(
        site,
        url,
        Some((60_000.0, &weather(1))),
        (DAY_MS, &weather(0)),
    )
    .expect("later");
    assert_eq!(
        get(&later, &["status"]).as_string().as_deref(),
        Some("unchanged")
    );
    let change = array(&later, &["changes"]).get(0);
    assert_eq!(
        get(&change, &["reason", "source"]).as_string().as_deref(),
        Some("learned")
    );
    assert_eq!(
        get(&change, &["reason", "rule_id"]).as_string(),
        Some(id.clone())
    );

    // Removed: the record to put says so, and the rule no longer hides the change.
    let record = remove_rule(site, &id).expect("remove");
    assert_eq!(get(&record, &["removed"]).as_bool(), Some(true));
    assert!(remove_rule(site, "no-such-rule")
        .expect("unknown")
        .is_null());
    let after = visit_blocks(
        site,
        url,
        Some((DAY_MS, &weather(0))),
        (2.0 * DAY_MS, &weather(1)),
    )
    .expect("after removal");
    assert_eq!(
        get(&after, &["status"]).as_string().as_deref(),
        Some("changed")
    );
    // Reloaded from its records (the removed one included), it stays off.
    let pages = array(&after, &["updates", "pages_put"]);
    let rules = js_sys::Array::of1(&record);
    load_site(site, pages.into(), rules.into()).expect("reload records");
    let again = visit_blocks(
        site,
        url,
        Some((2.0 * DAY_MS, &weather(1))),
        (3.0 * DAY_MS, &weather(0)),
    )
    .expect("again");
    assert_eq!(
        get(&again, &["status"]).as_string().as_deref(),
        Some("changed")
    );
    assert_eq!(
        forget_page(site, url).expect("forget").as_deref(),
        Some(url)
    );
    assert_eq!(forget_page(site, url).expect("forget twice"), None);
}

/// A site model as the version before records stored it (one JSON string per site).
const LEGACY_MODEL: &str = r#"{"noise":{"rules":[{"id":"475c63bc670a1ffd","rule":{"type":"slots","pattern":["Wetter",":"," ",null," ","in"," ","Berlin"]},"learned_from":"near_simultaneous","hits":1,"label":"Wetter: {*} in Berlin"}],"recent":{"673756021b2046be":["87cff46cc3b06a04","1699f3b0a821181d"]},"removed":["5e2a04f2473815a4"]},"templates":{"options":{"lower_fraction":0.1,"min_count":2,"suppress_min_count":3,"window":16,"modulus":4,"max_pages":64,"method":"both"},"pages":{"https://h.example/a":{"seq":2,"dom":"gHQ8LNh+GEskw1qOdoGvvHR3nvw","text":""},"https://h.example/b":{"seq":1,"dom":"zmKocngMIZyxuC/Yp5pO4HR3nvw","text":"JBGDdg"}},"next_seq":3,"version":3}}"#;

#[wasm_bindgen_test]
fn a_legacy_model_migrates_to_records() {
    let out = migrate_legacy_site(LEGACY_MODEL).expect("migrate");
    let pages = array(&out, &["pages"]);
    let rules = array(&out, &["rules"]);
    assert_eq!((pages.length(), rules.length()), (2, 2));
    let dom = js_sys::Uint8Array::new(&get(&pages.get(0), &["dom"]));
    assert_eq!(dom.length(), 20);
    assert_eq!(get(&rules.get(1), &["removed"]).as_bool(), Some(true));
    assert_eq!(
        load_site("legacy.example", pages.into(), rules.into()).ok(),
        Some(0)
    );
    let info = site_rules("legacy.example").expect("rules");
    assert_eq!(get(&info, &["template_pages"]).as_f64(), Some(2.0));
    assert_eq!(
        kind_of(&migrate_legacy_site("{not json").expect_err("bad json")).as_deref(),
        Some("bad_input")
    );
}

#[wasm_bindgen_test]
fn bad_records_are_dropped_not_fatal() {
    let bad = js(
        r#"[{"url":"https://b.example/","seq":1,"version":3,"dom":[1,2,3],"text":[]},
                     {"url":"https://b.example/old","seq":2,"version":1,"dom":[],"text":[]},
                     {"url":"https://b.example/ok","seq":3,"version":3,"dom":[1,0,0,0],"text":[]},
                     42]"#,
    );
    let rules = js(r#"[{"id":"x"}]"#);
    assert_eq!(load_site("b.example", bad, rules).ok(), Some(4));
    let info = site_rules("b.example").expect("rules");
    assert_eq!(get(&info, &["template_pages"]).as_f64(), Some(1.0));
    assert_eq!(
        kind_of(&load_site("b.example", js("{}"), JsValue::NULL).expect_err("not an array"))
            .as_deref(),
        Some("bad_input")
    );
}

#[wasm_bindgen_test]
fn limits_carry_the_extension_names() {
    let l = limits().expect("limits");
    for (name, value) in [
        ("maxBlocks", 20_000.0),
        ("maxBlockText", 100_000.0),
        ("maxTotalText", 8_000_000.0),
        ("maxPath", 2048.0),
        ("maxLinksPerBlock", 200.0),
        ("maxLink", 2048.0),
        ("maxTitle", 1024.0),
        ("maxUrl", 8192.0),
        ("maxSites", 1000.0),
        ("maxSite", 253.0),
    ] {
        assert_eq!(get(&l, &[name]).as_f64(), Some(value), "{name}");
    }
    let v = core_version().expect("version");
    assert_eq!(get(&v, &["hash"]).as_f64(), Some(1.0));
}

#[wasm_bindgen_test]
fn error_kinds_come_from_the_core_vocabulary() {
    load_site("e.example", JsValue::NULL, JsValue::NULL).expect("load");
    let err = visit(
        "https://e.example/",
        "e.example",
        None,
        None,
        0,
        0.0,
        b"x\0y\0z",
        2,
    )
    .expect_err("bad packing");
    assert_eq!(kind_of(&err).as_deref(), Some("bad_input"));
    let err = site_rules("nowhere.example").expect_err("not loaded");
    assert_eq!(kind_of(&err).as_deref(), Some("site_not_loaded"));
    for kind in [kind_of(&err).unwrap_or_default()] {
        assert!(sincelast_core::Error::KINDS.contains(&kind.as_str()));
    }
}

#[wasm_bindgen_test]
fn benchmark_metrics_over_bytes() {
    assert_eq!(dice_bytes(b"a b c", b"c b a").ok(), Some(1.0));
    assert_eq!(
        fragment_staleness_bytes(b"a b c", b"a b c", 2).ok(),
        Some(0.0)
    );
    let err = fragment_staleness_bytes(b"a", b"b", 0).expect_err("k = 0");
    assert_eq!(kind_of(&err).as_deref(), Some("invalid_argument"));
    let err = dice_bytes(b"\xff", b"").expect_err("not UTF-8");
    assert_eq!(kind_of(&err).as_deref(), Some("bad_input"));
}

#[wasm_bindgen_test]
fn watch_plan_and_import_from_js() {
    let checks = js(
        r#"[{"time":0,"span":0,"ok":true,"meaningful":false,"staleness":0},
        {"time":3600,"span":3600,"ok":true,"meaningful":false,"staleness":0}]"#,
    );
    let p = watch_plan(checks.clone(), JsValue::UNDEFINED).unwrap();
    assert_eq!(get(&p, &["interval_secs"]).as_f64(), Some(7200.0));
    assert_eq!(get(&p, &["next_time"]).as_f64(), Some(10_800.0));
    assert!(get(&p, &["reason"])
        .as_string()
        .unwrap()
        .starts_with("every 2 h:"));
    let bounded = watch_plan(checks.clone(), js(r#"{"min_secs":7200,"max_secs":7200}"#)).unwrap();
    assert_eq!(get(&bounded, &["interval_secs"]).as_f64(), Some(7200.0));
    let err = watch_plan(checks, js(r#"{"min_secs":5}"#)).unwrap_err();
    assert_eq!(kind_of(&err).as_deref(), Some("invalid_argument"));
    let err = watch_plan(js(r#"[{"span":1}]"#), JsValue::UNDEFINED).unwrap_err();
    assert_eq!(kind_of(&err).as_deref(), Some("bad_input"));

    let list = import_watch_list(
        r#"[{"url":"https://a.example/","title":"A","watchDelay":60,"content":"x"}]"#,
    )
    .unwrap();
    assert_eq!(
        get(&list, &["source"]).as_string().as_deref(),
        Some("sitedelta")
    );
    let entries = array(&list, &["entries"]);
    assert_eq!(entries.length(), 1);
    assert_eq!(
        get(&entries.get(0), &["interval_secs"]).as_f64(),
        Some(3600.0)
    );
    let err = import_watch_list("{}").unwrap_err();
    assert_eq!(kind_of(&err).as_deref(), Some("bad_input"));
}

#[wasm_bindgen_test]
fn new_links_and_ranked_new_pages_from_js() {
    let got = new_links(
        Some("https://n.example/".into()),
        js(r#"["https://n.example/a#x", "https://n.example/b"]"#),
        js(r#"["https://n.example/a", "https://n.example/c?utm_source=s", "https://n.example/#top"]"#),
    )
    .expect("lists");
    assert_eq!(got, ["https://n.example/c"]);
    assert!(new_links(None, js(r#"[1]"#), JsValue::UNDEFINED).is_err());
    let history = js(r#"{
        "pages": [
            { "url": "https://n.example/", "links": ["https://n.example/c"], "certain": ["https://n.example/c"] },
            { "url": "https://n.example/s", "links": ["https://n.example/c", "https://n.example/d"] }
        ],
        "unidentified": ["https://n.example/c", "https://n.example/d"]
    }"#);
    let ranked = rank_new_pages(history, None, None).expect("ranked");
    let list = js_sys::Array::from(&ranked);
    assert_eq!(list.length(), 1);
    assert_eq!(
        get(&list.get(0), &["url"]).as_string().as_deref(),
        Some("https://n.example/c")
    );
    let score = get(&list.get(0), &["score"]).as_f64().expect("score");
    assert!((score - 0.45).abs() < 1e-9, "{score}");
    let err = rank_new_pages(js(r#"{"pages": [], "unidentified": []}"#), Some(2.0), None)
        .expect_err("delta out of range");
    assert_eq!(
        get(&err, &["kind"]).as_string().as_deref(),
        Some("invalid_argument")
    );
}

#[wasm_bindgen_test]
fn a_taught_rule_and_content_metrics_from_js() {
    let site = "t.example";
    load_site(site, JsValue::NULL, JsValue::NULL).expect("load");
    let put = teach_rule(site, "/html[0]/body[0]/p[1]", true).expect("taught");
    let put: js_sys::Array = put.dyn_into().expect("an array");
    assert_eq!(put.length(), 1);
    assert_eq!(
        get(&put.get(0), &["learned_from"]).as_string().as_deref(),
        Some("taught")
    );
    assert_eq!(
        get(&put.get(0), &["rule", "type"]).as_string().as_deref(),
        Some("taught")
    );
    // The opposite rule for the slot removes the first one.
    let put: js_sys::Array = teach_rule(site, "/html[0]/body[0]/p[1]", false)
        .expect("taught")
        .dyn_into()
        .expect("an array");
    assert_eq!(put.length(), 2);
    assert_eq!(get(&put.get(1), &["removed"]).as_bool(), Some(true));
    let err = teach_rule(site, "", true).expect_err("no path");
    assert_eq!(kind_of(&err).as_deref(), Some("invalid_argument"));

    let old = vec![
        "The ferry leaves at seven".to_string(),
        "Readers 1000".to_string(),
    ];
    let new = vec![
        "The ferry leaves at eight".to_string(),
        "Readers 1042".to_string(),
    ];
    let changes = js(
        r#"[{"kind":"noise","old_index":1,"new_index":1},{"kind":"content","old_index":0,"new_index":0}]"#,
    );
    let m = content_metrics(old, new, changes, JsValue::UNDEFINED).expect("metrics");
    assert_eq!(get(&m, &["ied", "replace"]).as_f64(), Some(1.0));
    assert_eq!(get(&m, &["ied", "add"]).as_f64(), Some(0.0));
    let err = content_metrics(
        vec![],
        vec![],
        js(r#"[{"kind":"bogus"}]"#),
        JsValue::UNDEFINED,
    )
    .expect_err("bad kind");
    assert_eq!(kind_of(&err).as_deref(), Some("invalid_argument"));
}
