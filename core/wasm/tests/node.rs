//! The bindings under a real JavaScript engine: `wasm-pack test --node core/wasm`.
//! Golden hash values must equal the native ones (core/engine/src/hash.rs).
#![cfg(target_arch = "wasm32")]

use sincelast_wasm::*;
use wasm_bindgen::JsValue;
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
fn golden_block_ids_match_native() {
    assert_eq!(block_id(""), "2d06800538d394c2");
    assert_eq!(block_id("Hello world"), "b6acb9d84a38ff74");
    assert_eq!(block_id("Grüße, Welt — 2026"), "3f2d50498dbf22e5");
    assert_eq!(
        block_ids(vec!["a".into()]),
        vec!["e6c632b61e964e1f".to_string()]
    );
}

#[wasm_bindgen_test]
fn diff_blocks_from_js_objects() {
    let old = js(
        r#"[{"text":"Header","path":"/h1[0]","type_path":"/h1","links":[]},
                     {"text":"Open from Tuesday","path":"/p[0]","type_path":"/p","links":[]}]"#,
    );
    let new = js(
        r#"[{"text":"Header","path":"/h1[0]","type_path":"/h1","links":[]},
                     {"text":"Open from Wednesday","path":"/p[0]","type_path":"/p","links":[]},
                     {"text":"Brand new","path":"/p[1]","type_path":"/p"}]"#,
    );
    let r = diff_blocks(old, new).expect("diff");
    assert_eq!(get(&r, &["summary", "changed"]).as_f64(), Some(1.0));
    assert_eq!(get(&r, &["summary", "new"]).as_f64(), Some(1.0));
    assert_eq!(get(&r, &["summary", "approximate"]).as_bool(), Some(false));
    let blocks = js_sys::Array::from(&get(&r, &["blocks"]));
    assert_eq!(blocks.length(), 3);
    let second = blocks.get(1);
    assert_eq!(
        get(&second, &["status"]).as_string().as_deref(),
        Some("changed")
    );
    assert_eq!(get(&second, &["new_index"]).as_f64(), Some(1.0));
    // Unchanged blocks have no spans: null, not undefined.
    assert!(get(&blocks.get(0), &["spans"]).is_null());
}

#[wasm_bindgen_test]
fn bad_input_throws_error_with_kind() {
    let err = diff_blocks(js(r#"[{"path":"/p[0]"}]"#), js("[]")).expect_err("missing text");
    assert_eq!(
        get(&err, &["kind"]).as_string().as_deref(),
        Some("bad_input")
    );
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

#[wasm_bindgen_test]
fn analyze_visit_classifies_and_returns_the_model() {
    let visit = |counter: u32, para: &str, time: u64| {
        js(&format!(
            r#"{{"url":"https://h.example/a","time":{time},"blocks":[
                {{"text":"{para}","path":"/html[0]/body[0]/p[0]","type_path":"/html/body/p"}},
                {{"text":"Visitor number {counter}","path":"/html[0]/body[0]/p[1]","type_path":"/html/body/p"}}]}}"#
        ))
    };
    let model = observe_visit(
        visit(1, "The ferry leaves at seven in the morning.", 0),
        None,
    )
    .expect("observe");
    let out = analyze_visit(
        visit(1, "The ferry leaves at seven in the morning.", 0),
        visit(2, "The ferry leaves at eight in the morning.", 86_400_000),
        Some(model),
    )
    .expect("analyze");
    assert_eq!(
        get(&out, &["report", "summary", "meaningful"]).as_f64(),
        Some(1.0)
    );
    assert_eq!(
        get(&out, &["report", "summary", "noise"]).as_f64(),
        Some(1.0)
    );
    assert_eq!(get(&out, &["model_reset"]).as_bool(), Some(false));
    let model = get(&out, &["model"]).as_string().expect("model string");
    let summary = site_summary(Some(model.clone())).expect("summary");
    assert_eq!(get(&summary, &["template_pages"]).as_f64(), Some(1.0));
    // A corrupt stored model is replaced, not fatal.
    let out = analyze_visit(visit(1, "x", 0), visit(2, "x", 1), Some("{not json".into()))
        .expect("analyze");
    assert_eq!(get(&out, &["model_reset"]).as_bool(), Some(true));
    assert!(forget_page(Some(model), "https://h.example/a").is_ok());
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
