// The packed boundary to the wasm core. Passing thousands of strings or objects into wasm one
// by one costs more than the diff itself, and so does encoding them one by one (each
// TextEncoder call crosses into the browser's bindings): blocks cross as one UTF-8 buffer,
// the strings joined by U+0000 and encoded in one native call, plus their count; results come
// back as one object (the visit) or JSON string (the benchmark's diff). Used by the background (core.js) and by the core benchmark, with
// either wasm build.

/** @typedef {typeof import('sincelast-wasm')} Wasm the wasm glue (types: wasm.d.ts) */
/** @typedef {{ bytes: Uint8Array, count: number }} Packing strings packed for the core */
/** @typedef {{ text: string, path?: string }} PackedBlock what the core reads of a block */

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
 * One visit in one call into the core (`wasm.visit`): the new version compared with the
 * previous one (null on a first visit) under the state the instance holds for `site` (loaded
 * by the caller). Versions are `{ time, blocks, packed? }`: times in milliseconds since the
 * epoch, `packed` a packing kept from before (the previous version's, from the version cache).
 * Returns the core's outcome (see wasm.d.ts `Outcome`) with `packed`, the new version's packing
 * to keep for the next revisit, and `ms`, the steps' times.
 * @param {Wasm} wasm
 * @param {string} url
 * @param {string} site
 * @param {{ time: number, blocks: PackedBlock[], packed?: Packing | null } | null} previous
 * @param {{ time: number, blocks: PackedBlock[] }} current
 * @returns {import('sincelast-wasm').Outcome & { packed: Packing, ms: { pack: number, wasm: number, parse: number } }}
 */
export function visitPacked(wasm, url, site, previous, current) {
  const t0 = performance.now();
  let t1 = t0;
  const lists = previous ? [previous.blocks, current.blocks] : [current.blocks];
  const { out, packs } = withPacked((...p) => {
    t1 = performance.now();
    const [prev, cur] = previous ? p : [null, p[0]];
    return wasm.visit(url, site, previous ? previous.time : undefined, prev ? prev.bytes : undefined, prev ? prev.count : 0, current.time, cur.bytes, cur.count);
  }, lists, previous ? [previous.packed || null] : []);
  const t2 = performance.now();
  // The outcome crosses as one JSON string, the ids as one string, the page records as objects.
  const outcome = JSON.parse(out.json);
  outcome.updates.pages_put = out.pages_put;
  outcome.ids = splitIds(out.ids);
  // What had not loaded yet (a list's tail, the reviews behind "Loading reviews…") stays in the
  // stored version: the core's ids are that version's, and so is the packing kept for next time.
  const kept = previous && Array.isArray(outcome.kept_unloaded) ? outcome.kept_unloaded : [];
  const stored = kept.length ? storedVersion(previous.blocks, current.blocks, kept) : null;
  const packed = stored ? packBlocks(stored.blocks) : packs[packs.length - 1];
  return { ...outcome, stored, packed, ms: { pack: t1 - t0, wasm: t2 - t1, parse: performance.now() - t2 } };
}

/**
 * The version to store after a visit (the core's `stored_blocks`): the new blocks, with the
 * previous version's blocks that had not loaded yet (`kept`: `[old index, new index]` pairs)
 * each before the new block at its index (the new block count: at the end), in their old
 * order. Returns `{ blocks, index }`, `index[j]` being where new block `j` stands in it.
 * @template T
 * @param {T[]} oldBlocks
 * @param {T[]} newBlocks
 * @param {number[][]} kept
 * @returns {{ blocks: T[], index: number[] }}
 */
export function storedVersion(oldBlocks, newBlocks, kept) {
  const pairs = kept
    .filter(([i, at]) => Number.isInteger(i) && Number.isInteger(at) && i >= 0 && i < oldBlocks.length && at >= 0 && at <= newBlocks.length)
    .sort((a, b) => a[1] - b[1] || a[0] - b[0]);
  const blocks = [];
  const index = new Array(newBlocks.length);
  let p = 0;
  for (let j = 0; j <= newBlocks.length; j++) {
    while (p < pairs.length && pairs[p][1] === j) blocks.push(oldBlocks[pairs[p++][0]]);
    if (j < newBlocks.length) {
      index[j] = blocks.length;
      blocks.push(newBlocks[j]);
    }
  }
  return { blocks, index };
}

/** Block ids concatenated (16 hex digits each) back into a list. */
function splitIds(joined) {
  const ids = new Array(joined.length / 16);
  for (let i = 0; i < ids.length; i++) ids[i] = joined.slice(16 * i, 16 * i + 16);
  return ids;
}

/** UTF-8 bytes of a text, for the core's byte-taking metrics (diceBytes, …). */
export function utf8(text) {
  return encoder.encode(text);
}
