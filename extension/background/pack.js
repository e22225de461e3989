// The packed boundary to the wasm core. Passing thousands of strings or objects into wasm one
// by one costs more than the diff itself, so blocks cross as one UTF-8 buffer (encoded by the
// native TextEncoder) plus the end offset of each string, and results come back as one JSON
// string. Used by the background (core.js) and by the core benchmark, with either wasm build.

const encoder = new TextEncoder();

/**
 * Packs strings into `{ bytes: Uint8Array, ends: Uint32Array }`: string i is
 * `bytes[ends[i-1] .. ends[i]]` (UTF-8).
 */
export function packStrings(strings) {
  let capacity = 0;
  for (const s of strings) capacity += s.length * 3;
  const bytes = new Uint8Array(capacity);
  const ends = new Uint32Array(strings.length);
  let pos = 0;
  for (let i = 0; i < strings.length; i++) {
    pos += encoder.encodeInto(strings[i], bytes.subarray(pos)).written;
    ends[i] = pos;
  }
  return { bytes: bytes.subarray(0, pos), ends };
}

/** Packs blocks as their texts then their paths (what the core's analysis reads). */
export function packBlocks(blocks) {
  const strings = new Array(blocks.length * 2);
  for (let i = 0; i < blocks.length; i++) {
    strings[i] = blocks[i].text;
    strings[blocks.length + i] = blocks[i].path || '';
  }
  return packStrings(strings);
}

/**
 * Aligns old and new blocks with the wasm core: `{ summary, changes }`, where `changes` lists,
 * in page order, every entry that is not unchanged: `{ status, old_index, new_index, spans,
 * kind, reason }` (a removed block is named by `old_index`).
 */
export function diffBlocksPacked(wasm, oldBlocks, newBlocks) {
  const a = packBlocks(oldBlocks);
  const b = packBlocks(newBlocks);
  return JSON.parse(wasm.diffPacked(a.bytes, a.ends, b.bytes, b.ends));
}

/**
 * Compares two visits of a page with the site's model (content / template / noise) and
 * teaches the model: `{ report: { summary, changes }, model, model_reset }`. Times are
 * milliseconds since the epoch; `model` is the stored JSON string or null.
 */
export function analyzeVisitPacked(wasm, url, oldVisit, newVisit, model) {
  const a = packBlocks(oldVisit.blocks);
  const b = packBlocks(newVisit.blocks);
  const out = wasm.analyzePacked(url, oldVisit.time ?? undefined, a.bytes, a.ends, newVisit.time ?? undefined, b.bytes, b.ends, model ?? undefined);
  return { report: JSON.parse(out.report), model: out.model, model_reset: out.model_reset };
}

/** Records a first visit in the site's model; returns the updated model (JSON string). */
export function observeVisitPacked(wasm, url, visit, model) {
  const a = packBlocks(visit.blocks);
  return wasm.observePacked(url, visit.time ?? undefined, a.bytes, a.ends, model ?? undefined);
}

/** UTF-8 bytes of a text, for the core's byte-taking metrics (diceBytes, …). */
export function utf8(text) {
  return encoder.encode(text);
}
