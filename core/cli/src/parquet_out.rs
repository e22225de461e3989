//! `--format parquet -o FILE` of `history` and `lifespans`: a page's history as Parquet, for
//! analysing a crawl of many pages with DataFusion or Spark (see the README).
//!
//! - `lifespans`: the serialized-DOM tuples of every version (Adar et al. §5), one row each:
//!   `page, full_path, type_path, node_hash, subtree_hash, version, time`;
//! - `history`: the per-version metrics, one row per version: `page, version, time, file,
//!   blocks, words, meaningful, dice_previous, words_added, words_removed`.
//!
//! Hashes are the core's unsigned 64-bit hashes stored as INT64 (the same bits); times are
//! seconds since the Unix epoch; `version` counts the page's versions from 0, oldest first.
//! Written with the `parquet` crate's low-level writer (no arrow), uncompressed, one row group.

use std::fs::File;
use std::path::Path;
use std::sync::Arc;

use parquet::data_type::{ByteArray, ByteArrayType, DoubleType, Int32Type, Int64Type};
use parquet::file::properties::WriterProperties;
use parquet::file::writer::SerializedFileWriter;
use parquet::schema::parser::parse_message_type;

use sincelast_core::history::lifespans::all_tuples;

use crate::pagehistory::PageHistory;

/// A column's values (`None` = null, for optional columns).
enum Column {
    Text(Vec<String>),
    Int64(Vec<Option<i64>>),
    Int32(Vec<i32>),
    Double(Vec<Option<f64>>),
}

fn err(path: &Path, e: impl std::fmt::Display) -> String {
    format!("{}: {e}", path.display())
}

/// Writes one row group of `columns` (in the schema's order) under `schema`.
fn write(path: &Path, schema: &str, columns: Vec<Column>) -> Result<usize, String> {
    let schema = Arc::new(parse_message_type(schema).map_err(|e| err(path, e))?);
    let props = Arc::new(WriterProperties::builder().build());
    let file = File::create(path).map_err(|e| err(path, e))?;
    let mut writer = SerializedFileWriter::new(file, schema, props).map_err(|e| err(path, e))?;
    let mut rows = 0;
    let mut group = writer.next_row_group().map_err(|e| err(path, e))?;
    let mut columns = columns.into_iter();
    while let Some(mut col) = group.next_column().map_err(|e| err(path, e))? {
        let values = columns
            .next()
            .ok_or_else(|| err(path, "fewer columns than the schema"))?;
        let written = match values {
            Column::Text(v) => {
                let v: Vec<ByteArray> = v
                    .into_iter()
                    .map(|s| ByteArray::from(s.into_bytes()))
                    .collect();
                col.typed::<ByteArrayType>().write_batch(&v, None, None)
            }
            Column::Int32(v) => col.typed::<Int32Type>().write_batch(&v, None, None),
            Column::Int64(v) => {
                let (values, levels) = split(&v);
                col.typed::<Int64Type>()
                    .write_batch(&values, Some(&levels), None)
            }
            Column::Double(v) => {
                let (values, levels) = split(&v);
                col.typed::<DoubleType>()
                    .write_batch(&values, Some(&levels), None)
            }
        }
        .map_err(|e| err(path, e))?;
        rows = rows.max(written);
        col.close().map_err(|e| err(path, e))?;
    }
    group.close().map_err(|e| err(path, e))?;
    writer.close().map_err(|e| err(path, e))?;
    Ok(rows)
}

/// The present values and the definition levels (1 present, 0 null) of an optional column.
fn split<T: Copy>(v: &[Option<T>]) -> (Vec<T>, Vec<i16>) {
    let values = v.iter().flatten().copied().collect();
    let levels = v.iter().map(|x| i16::from(x.is_some())).collect();
    (values, levels)
}

const TUPLES: &str = "message dom_tuples {
  REQUIRED BYTE_ARRAY page (UTF8);
  REQUIRED BYTE_ARRAY full_path (UTF8);
  REQUIRED BYTE_ARRAY type_path (UTF8);
  OPTIONAL INT64 node_hash;
  OPTIONAL INT64 subtree_hash;
  REQUIRED INT32 version;
  OPTIONAL INT64 time;
}";

const VERSIONS: &str = "message versions {
  REQUIRED BYTE_ARRAY page (UTF8);
  REQUIRED INT32 version;
  OPTIONAL INT64 time;
  REQUIRED BYTE_ARRAY file (UTF8);
  OPTIONAL INT64 blocks;
  OPTIONAL INT64 words;
  OPTIONAL INT64 meaningful;
  OPTIONAL DOUBLE dice_previous;
  OPTIONAL INT64 words_added;
  OPTIONAL INT64 words_removed;
}";

fn count(n: usize) -> Option<i64> {
    i64::try_from(n).ok()
}

/// `lifespans --format parquet`: every version's serialized-DOM tuples. Returns the rows written.
pub fn write_tuples(h: &PageHistory, path: &Path) -> Result<usize, String> {
    let tuples = all_tuples(&h.versions);
    let times: Vec<i64> = sincelast_core::history::ordered(&h.versions)
        .iter()
        .map(|v| v.time)
        .collect();
    let n = tuples.len();
    let mut cols = (
        Vec::with_capacity(n),
        Vec::with_capacity(n),
        Vec::with_capacity(n),
        Vec::with_capacity(n),
        Vec::with_capacity(n),
        Vec::with_capacity(n),
        Vec::with_capacity(n),
    );
    for t in tuples {
        cols.0.push(h.page.clone());
        cols.1.push(t.full_path);
        cols.2.push(t.type_path);
        cols.3.push(Some(t.node_hash as i64));
        cols.4.push(Some(t.subtree_hash as i64));
        cols.5.push(i32::try_from(t.version).unwrap_or(i32::MAX));
        cols.6.push(times.get(t.version).copied());
    }
    write(
        path,
        TUPLES,
        vec![
            Column::Text(cols.0),
            Column::Text(cols.1),
            Column::Text(cols.2),
            Column::Int64(cols.3),
            Column::Int64(cols.4),
            Column::Int32(cols.5),
            Column::Int64(cols.6),
        ],
    )
}

/// `history --format parquet`: one row of metrics per version. Returns the rows written.
pub fn write_versions(h: &PageHistory, path: &Path) -> Result<usize, String> {
    let t = &h.analysis.timeline;
    let page = vec![h.page.clone(); t.len()];
    let file = t
        .iter()
        .map(|e| h.files.get(e.index).cloned().unwrap_or_default())
        .collect();
    write(
        path,
        VERSIONS,
        vec![
            Column::Text(page),
            Column::Int32(
                t.iter()
                    .map(|e| i32::try_from(e.index).unwrap_or(i32::MAX))
                    .collect(),
            ),
            Column::Int64(t.iter().map(|e| Some(e.time)).collect()),
            Column::Text(file),
            Column::Int64(t.iter().map(|e| count(e.blocks)).collect()),
            Column::Int64(t.iter().map(|e| count(e.words)).collect()),
            Column::Int64(
                t.iter()
                    .map(|e| h.meaningful.get(e.index).copied().flatten().and_then(count))
                    .collect(),
            ),
            Column::Double(t.iter().map(|e| e.dice_previous).collect()),
            Column::Int64(t.iter().map(|e| count(e.words_added)).collect()),
            Column::Int64(t.iter().map(|e| count(e.words_removed)).collect()),
        ],
    )
}
