// The packed boundary to the wasm core. Passing thousands of strings or objects into wasm one
// by one costs more than the diff itself, and so does encoding them one by one (each
// TextEncoder call crosses into the browser's bindings): blocks cross as one UTF-8 buffer,
// the strings joined by U+0000 and encoded in one native call, plus their count; results come
// back as one JSON string. Used by the background (core.js) and by the core benchmark, with
// either wasm build.

/** @typedef {typeof import('sincelast-wasm')} Wasm the wasm glue (types: wasm.d.ts) */

const encoder = new TextEncoder();

/**
 * Packs strings into `{ bytes: Uint8Array, count }`: the UTF-8 of the strings joined by
 * U+0000. A U+0000 inside a string (invisible on a page; rare) would make the core see more
 * strings than `count` and refuse the packing: `clean` first turns it into U+FFFD (one UTF-16
 * unit as well, so positions inside the string are kept). The calls below pack without
 * cleaning and, when the core refuses, pack again cleaned: no scan of every text on every call.
 */
export function packStrings(strings, clean = false) {
  const joined = (clean ? strings.map((s) => (s.includes('\u0000') ? s.replaceAll('\u0000', '\uFFFD') : s)) : strings).join('\u0000');
  return { bytes: encoder.encode(joined), count: strings.length };
}

/** Packs blocks as their texts then their paths (what the core's analysis reads). */
export function packBlocks(blocks, clean = false) {
  const strings = new Array(blocks.length * 2);
  for (let i = 0; i < blocks.length; i++) {
    strings[i] = blocks[i].text;
    strings[blocks.length + i] = blocks[i].path || '';
  }
  return packStrings(strings, clean);
}

/**
 * Calls `call(...packings)` with the blocks lists packed (or the packings given), and once
 * more with clean packings when the core refuses them (a text held U+0000).
 * Returns `{ out, packs }`.
 */
function withPacked(call, lists, given = []) {
  const packs = lists.map((blocks, i) => given[i] || packBlocks(blocks));
  try {
    return { out: call(...packs), packs };
  } catch (e) {
    if (!(e && e.kind === 'bad_input')) throw e;
    const clean = lists.map((blocks) => packBlocks(blocks, true));
    return { out: call(...clean), packs: clean };
  }
}

/**
 * Aligns old and new blocks with the wasm core: `{ summary, changes }`, where `changes` lists,
 * in page order, every entry that is not unchanged: `{ status, old_index, new_index, spans,
 * kind, reason }` (a removed block is named by `old_index`).
 * @param {Wasm} wasm
 */
export function diffBlocksPacked(wasm, oldBlocks, newBlocks) {
  const { out } = withPacked((a, b) => wasm.diffPacked(a.bytes, a.count, b.bytes, b.count), [oldBlocks, newBlocks]);
  return JSON.parse(out);
}

/**
 * Compares two visits of a page with the site's model (content / template / noise) and
 * teaches the model: `{ report: { summary, changes }, model, model_reset, packed, ms }`.
 * Visits are `{ time, blocks, packed? }`: times in milliseconds since the epoch, `packed` the
 * blocks' packing when kept from before (the old visit's, from the version cache). `model` is
 * the stored JSON string or null. `packed` in the result is the new visit's packing, to keep
 * for the next revisit; `ms` times the steps.
 * @param {Wasm} wasm
 */
export function analyzeVisitPacked(wasm, url, oldVisit, newVisit, model) {
  const t0 = performance.now();
  let t1 = t0;
  const { out, packs } = withPacked((a, b) => {
    t1 = performance.now();
    return wasm.analyzePacked(url, oldVisit.time ?? undefined, a.bytes, a.count, newVisit.time ?? undefined, b.bytes, b.count, model ?? undefined);
  }, [oldVisit.blocks, newVisit.blocks], [oldVisit.packed]);
  const t2 = performance.now();
  const report = JSON.parse(out.report);
  return {
    report, model: out.model, model_reset: out.model_reset, packed: packs[1],
    ms: { pack: t1 - t0, wasm: t2 - t1, parse: performance.now() - t2 },
  };
}

/**
 * Records a first visit in the site's model: `{ model, packed }`, the updated model (JSON
 * string) and the visit's packing (to keep for the next revisit).
 * @param {Wasm} wasm
 */
export function observeVisitPacked(wasm, url, visit, model) {
  const { out, packs } = withPacked((a) => wasm.observePacked(url, visit.time ?? undefined, a.bytes, a.count, model ?? undefined), [visit.blocks]);
  return { model: out, packed: packs[0] };
}

/** UTF-8 bytes of a text, for the core's byte-taking metrics (diceBytes, …). */
export function utf8(text) {
  return encoder.encode(text);
}
