// The wasm core, instantiated once and lazily (no top-level await in the service worker).
// An error with a `kind` is the core refusing an input; any other error is a panic: the
// instance is dropped and made anew on the next use. (The generated glue only re-instantiates
// when the Rust side has scheduled it with `wasm_bindgen::handler::schedule_reinit()` from its
// panic hook; otherwise `init` hands back the old instance. Service workers cannot `import()`
// a fresh copy of the module.)

// 'sincelast-wasm' is the glue wasm-pack writes (core/wasm/pkg/sincelast_wasm.js, --target web),
// bundled in by the build; its types are in wasm.d.ts. The .wasm itself is copied to wasm/.
import init, * as wasm from 'sincelast-wasm';
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

export const metrics = (oldText, newText, options) => call(wasm.metrics, oldText, newText, options);
export const blockId = (text) => call(wasm.blockId, text);

/** Block ids for many texts in one call across the wasm boundary. */
export const blockIds = (texts) => call(typeof wasm.blockIds === 'function' ? wasm.blockIds : (ts) => ts.map((t) => wasm.blockId(t)), texts);

/**
 * Compares two visits of a page with its site's model (kind content / template / noise per
 * change) and teaches the model: `{ report: { summary, changes }, model, model_reset, packed }`.
 * Visits are `{ time (ms), blocks, packed? }`; `model` the stored JSON string or null (see
 * pack.js: `packed` is a visit's blocks packed for the core, kept for the next revisit).
 */
export const analyzeVisit = (url, oldVisit, newVisit, model) => call(() => analyzeVisitPacked(wasm, url, oldVisit, newVisit, model));
/** Records a first visit in the site's model; resolves to `{ model, packed }` (see pack.js). */
export const observeVisit = (url, visit, model) => call(() => observeVisitPacked(wasm, url, visit, model));
/** `{ rules: [{ id, label, learned_from, hits, rule }], template_pages }` of a stored model. */
export const siteSummary = (model) => call(wasm.siteSummary, model);
/** The model without the learned noise rule `id`. */
export const removeNoiseRule = (model, id) => call(wasm.removeNoiseRule, model, id);
/** The model without what it learned from page `url`. */
export const forgetPage = (model, url) => call(wasm.forgetPage, model, url);
