// The wasm core, instantiated once and lazily (no top-level await in the service worker).
// An error with a `kind` is the core refusing an input; any other error is a panic: the
// instance is dropped and made anew on the next use. (The generated glue only re-instantiates
// when the Rust side has scheduled it with `wasm_bindgen::handler::schedule_reinit()` from its
// panic hook; otherwise `init` hands back the old instance. Service workers cannot `import()`
// a fresh copy of the module.)

import init, * as wasm from '../wasm/sincelast_wasm.js';
import { analyzeVisitPacked, observeVisitPacked } from './pack.js';

let ready = null;
let startMs = null;

/** Resolves once the wasm instance is usable; `startMs` tells how long it took (cold start). */
export function coreReady() {
  if (!ready) {
    const t0 = performance.now();
    const url = globalThis.chrome.runtime.getURL('wasm/sincelast_wasm_bg.wasm');
    ready = init({ module_or_path: url }).then(() => {
      startMs = performance.now() - t0;
    }).catch((e) => {
      ready = null;
      throw e;
    });
  }
  return ready;
}

/** How long the last instantiation took, in ms (null before the first). */
export function coreStartMs() {
  return startMs;
}

async function call(fn, ...args) {
  await coreReady();
  try {
    return fn(...args);
  } catch (e) {
    if (!(e && typeof e === 'object' && 'kind' in e)) {
      // A panic leaves the instance poisoned: start afresh next time.
      ready = null;
    }
    throw e;
  }
}

export const diffBlocks = (oldBlocks, newBlocks) => call(wasm.diffBlocks, oldBlocks, newBlocks);

/**
 * Blocks packed for the core's packed boundary: one UTF-8 buffer holding the n texts then the
 * n paths, and the byte offset where each string ends (strings cross the boundary in one copy).
 */
export function packBlocks(blocks) {
  let units = 0;
  for (const b of blocks) units += b.text.length + b.path.length;
  const bytes = new Uint8Array(units * 3);
  const ends = new Uint32Array(blocks.length * 2);
  const encoder = new TextEncoder();
  let pos = 0;
  let k = 0;
  for (const b of blocks) {
    pos += encoder.encodeInto(b.text, bytes.subarray(pos)).written;
    ends[k++] = pos;
  }
  for (const b of blocks) {
    pos += encoder.encodeInto(b.path, bytes.subarray(pos)).written;
    ends[k++] = pos;
  }
  return { bytes: bytes.subarray(0, pos), ends };
}

/**
 * The diff through the packed boundary when the core offers it: resolves to the lean report
 * `{ summary, changes: [{ status, old_index, new_index, spans, kind, reason }] }` (unchanged
 * blocks left out, page order, removed blocks where they stood). `oldPacked` may be passed
 * when already packed.
 */
export async function diffLean(oldBlocks, newBlocks, oldPacked = null) {
  await coreReady();
  if (typeof wasm.diffPacked !== 'function') {
    const full = await diffBlocks(oldBlocks, newBlocks);
    return { summary: full.summary, changes: full.blocks.filter((b) => b.status !== 'unchanged') };
  }
  const a = oldPacked || packBlocks(oldBlocks);
  const b = packBlocks(newBlocks);
  return JSON.parse(await call(wasm.diffPacked, a.bytes, a.ends, b.bytes, b.ends));
}
export const metrics = (oldText, newText, options) => call(wasm.metrics, oldText, newText, options);
export const blockId = (text) => call(wasm.blockId, text);

/** Block ids for many texts in one call across the wasm boundary. */
export const blockIds = (texts) => call(typeof wasm.blockIds === 'function' ? wasm.blockIds : (ts) => ts.map((t) => wasm.blockId(t)), texts);

/**
 * Compares two visits of a page with its site's model (kind content / template / noise per
 * change) and teaches the model: `{ report: { summary, changes }, model, model_reset }`.
 * Visits are `{ time (ms), blocks }`; `model` the stored JSON string or null.
 */
export const analyzeVisit = (url, oldVisit, newVisit, model) => call(() => analyzeVisitPacked(wasm, url, oldVisit, newVisit, model));
/** Records a first visit in the site's model; resolves to the updated model. */
export const observeVisit = (url, visit, model) => call(() => observeVisitPacked(wasm, url, visit, model));
/** `{ rules: [{ id, label, learned_from, hits, rule }], template_pages }` of a stored model. */
export const siteSummary = (model) => call(wasm.siteSummary, model);
/** The model without the learned noise rule `id`. */
export const removeNoiseRule = (model, id) => call(wasm.removeNoiseRule, model, id);
/** The model without what it learned from page `url`. */
export const forgetPage = (model, url) => call(wasm.forgetPage, model, url);
