// The packed boundary to the wasm core. Passing thousands of strings or objects into wasm one
// by one costs more than the diff itself, and so does encoding them one by one (each
// TextEncoder call crosses into the browser's bindings): blocks cross as one UTF-8 buffer,
// the strings joined by U+0000 and encoded in one native call, plus their count; results come
// back as one JSON string. Used by the background (core.js) and by the core benchmark, with
// either wasm build.

const encoder = new TextEncoder();

/**
 * Packs strings into `{ bytes: Uint8Array, count }`: the UTF-8 of the strings joined by
 * U+0000. A U+0000 inside a string (invisible on a page) becomes U+FFFD, one UTF-16 unit as
 * well, so that the separator is unambiguous and positions inside the string are kept.
 */
export function packStrings(strings) {
  let joined = strings.join('\u0000');
  if (joined.length !== 0 && countNul(joined) !== strings.length - 1) {
    joined = strings.map((s) => s.replaceAll('\u0000', '\uFFFD')).join('\u0000');
  }
  return { bytes: encoder.encode(joined), count: strings.length };
}

function countNul(s) {
  let n = 0;
  for (let i = s.indexOf('\u0000'); i !== -1; i = s.indexOf('\u0000', i + 1)) n++;
  return n;
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
  return JSON.parse(wasm.diffPacked(a.bytes, a.count, b.bytes, b.count));
}

/**
 * Compares two visits of a page with the site's model (content / template / noise) and
 * teaches the model: `{ report: { summary, changes }, model, model_reset }`. Times are
 * milliseconds since the epoch; `model` is the stored JSON string or null.
 */
export function analyzeVisitPacked(wasm, url, oldVisit, newVisit, model) {
  const t0 = performance.now();
  const a = packBlocks(oldVisit.blocks);
  const b = packBlocks(newVisit.blocks);
  const t1 = performance.now();
  const out = wasm.analyzePacked(url, oldVisit.time ?? undefined, a.bytes, a.count, newVisit.time ?? undefined, b.bytes, b.count, model ?? undefined);
  const t2 = performance.now();
  const report = JSON.parse(out.report);
  return { report, model: out.model, model_reset: out.model_reset, ms: { pack: t1 - t0, wasm: t2 - t1, parse: performance.now() - t2 } };
}

/** Records a first visit in the site's model; returns the updated model (JSON string). */
export function observeVisitPacked(wasm, url, visit, model) {
  const a = packBlocks(visit.blocks);
  return wasm.observePacked(url, visit.time ?? undefined, a.bytes, a.count, model ?? undefined);
}

/** UTF-8 bytes of a text, for the core's byte-taking metrics (diceBytes, …). */
export function utf8(text) {
  return encoder.encode(text);
}
