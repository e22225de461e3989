//! The export file's bindings under a real JavaScript engine: `wasm-pack test --node core/wasm`.
#![cfg(target_arch = "wasm32")]

use sincelast_wasm::*;
use wasm_bindgen::JsValue;
use wasm_bindgen_test::*;

fn get(v: &JsValue, key: &str) -> JsValue {
    js_sys::Reflect::get(v, &JsValue::from_str(key)).expect("property")
}

const VISIT: &str = r#"[{"id":1,"url":"https://a.example/","site":"a.example","time":1000,"title":"A","listId":"00000000000000aa","pathsetId":"00000000000000bb","summary":null,"truncated":false}]"#;

#[wasm_bindgen_test]
fn a_written_file_reads_back_to_the_same_records() {
    assert_eq!(export_stores()[0], "visits");
    let mut w = ExportWriter::new("{}").expect("filter");
    let mut file = w.header(42.0);
    let out = w.add("visits", VISIT).expect("visits");
    file.push_str(&get(&out, "lines").as_string().unwrap_or_default());
    assert!(get(&out, "csv")
        .as_string()
        .unwrap_or_default()
        .starts_with("1,https://a.example/,"));
    // Packed ids (tagged bytes) come out as block ids.
    let out = w
        .add(
            "lists",
            r#"[{"id":"00000000000000aa","ids":{"$bytes":"0000000000000001"}}]"#,
        )
        .expect("lists");
    let line = get(&out, "lines").as_string().unwrap_or_default();
    assert_eq!(
        line,
        "{\"store\":\"lists\",\"key\":\"00000000000000aa\",\"value\":{\"id\":\"00000000000000aa\",\"ids\":[\"0000000000000001\"]}}\n"
    );
    file.push_str(&line);
    // Stores out of order throw.
    assert!(w.add("visits", VISIT).is_err());
    file.push_str(
        &get(&w.finish().expect("end"), "lines")
            .as_string()
            .unwrap_or_default(),
    );

    let mut r = ImportReader::new();
    let read = r.feed(file.trim_end()).expect("read");
    assert!(get(&read, "refused").is_null());
    let records = js_sys::Array::from(&get(&read, "records"));
    assert_eq!(records.length(), 2);
    let list = records.get(1);
    assert_eq!(
        get(&list, "canonical").as_string().unwrap_or_default(),
        line
    );
    // The native form tags the bytes again, for the background to store as a Uint8Array.
    assert_eq!(
        get(&list, "value").as_string().unwrap_or_default(),
        r#"{"id":"00000000000000aa","ids":{"$bytes":"0000000000000001"}}"#
    );
    assert_eq!(
        export_record_line(
            "lists",
            &get(&list, "value").as_string().unwrap_or_default()
        )
        .expect("line"),
        line
    );
}

#[wasm_bindgen_test]
fn another_schema_is_refused_and_a_bad_filter_throws() {
    let mut r = ImportReader::new();
    let read = r
        .feed("{\"format\":\"sincelast-export\",\"schema\":2}\n{\"store\":\"blocks\"}")
        .expect("read");
    assert!(get(&read, "refused")
        .as_string()
        .unwrap_or_default()
        .starts_with("schema version 2 is not supported"));
    assert!(ExportWriter::new("{\"nope\":1}").is_err());
}
