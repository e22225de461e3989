// The wasm core, instantiated once and lazily (no top-level await in the service worker).
// An error with a `kind` is the core refusing an input; any other error is a panic: the
// instance is dropped and made anew on the next use. (The generated glue only re-instantiates
// when the Rust side has scheduled it with `wasm_bindgen::handler::schedule_reinit()` from its
// panic hook; otherwise `init` hands back the old instance. Service workers cannot `import()`
// a fresh copy of the module.)
//
// Site state lives in the wasm instance between visits (a few sites, least recently used
// dropped): a visit passes only the site's name, and the site's records cross the boundary only
// when the instance does not hold them (first visit of the site since the worker started, or
// after the instance was made anew). The records in IndexedDB stay the truth: whenever storing
// what the instance changed fails, the site is dropped from the instance and read again.

// 'sincelast-wasm' is the glue wasm-pack writes (core/wasm/pkg/sincelast_wasm.js, --target web),
// bundled in by the build; its types are in wasm.d.ts. The .wasm itself is copied to wasm/.
import init, * as wasm from 'sincelast-wasm';
import * as db from './db.js';
import { visitPacked } from './pack.js';

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

// Calls that read or change a site's state in the instance run one at a time (visits of
// different sites run side by side in the background: one site's state must not be dropped from
// the instance between its loading and its use by another site's loading).
/** @type {Promise<void>} */
let siteLock = Promise.resolve();
/**
 * @template T
 * @param {() => Promise<T>} task
 * @returns {Promise<T>}
 */
function locked(task) {
  const run = siteLock.then(() => task());
  siteLock = run.then(() => {}, () => {});
  return run;
}

async function call(fn, ...args) {
  await coreReady();
  try {
    return await fn(...args);
  } catch (e) {
    if (!(e && typeof e === 'object' && 'kind' in e)) {
      // A panic leaves the instance poisoned: start afresh next time.
      ready = null;
    }
    throw e;
  }
}

/**
 * Makes sure the instance holds `site`'s state: reads its records (converting a version-2
 * site record first, in one transaction) and loads them. Runs inside `call`.
 */
const loadedSites = new Set(); // sites handed to this instance (some may have been dropped since)

async function ensureSite(site) {
  if (wasm.hasSite(site)) return;
  let state = await db.loadSiteState(site);
  if (state.legacy) {
    let converted;
    try {
      converted = wasm.migrateLegacySite(state.legacy.model);
    } catch (e) {
      if (!(e && e.kind)) throw e;
      // A model that cannot be read is derived data: relearned from later visits.
      converted = { pages: [], rules: [] };
    }
    await db.replaceLegacySite(site, converted);
    state = await db.loadSiteState(site);
  }
  if (!wasm.hasSite(site)) {
    wasm.loadSite(site, state.pages, state.rules);
    loadedSites.add(site);
  }
}

/**
 * One visit of a page, in one call into the core: compares the new version with the last
 * stored one (null on a first visit) under the site's learned state, and returns what the
 * background needs — `{ status, summary, changes, ids, list_id, pathset_id, updates, packed,
 * ms }` (see the core's `visit` module): `changes` are paint-ready (typed reasons, removed text
 * with where it stood), `ids`/`list_id`/`pathset_id` the content addresses to store, `updates`
 * the site-state records to write, `packed` this version's packing, kept for the next revisit.
 * Versions are `{ time (ms), blocks, packed? }`.
 */
export const analyzeVisit = (url, site, previous, current) => locked(() => call(async () => {
  const t0 = performance.now();
  await ensureSite(site);
  const siteMs = performance.now() - t0;
  const out = visitPacked(wasm, url, site, previous, current);
  return { ...out, ms: { site: siteMs, ...out.ms } };
}));

/** Drops a site's state from the instance (its records changed in storage, or storing failed). */
export function dropSite(site) {
  loadedSites.delete(site);
  if (ready) ready.then(() => wasm.dropSite(site)).catch(() => {});
}

/** Drops from the instance every site for which `pick(site)` is true. */
export function dropSites(pick) {
  for (const s of [...loadedSites]) if (pick(s)) dropSite(s);
}

/** The learned rules of a site (`{ rules, template_pages }`), loading the site if needed. */
export const siteRules = (site) => locked(() => call(async () => {
  await ensureSite(site);
  return wasm.siteRules(site);
}));

/** Removes one learned rule for good: resolves to the rule record to store (removed = true). */
export const removeRule = (site, id) => locked(() => call(async () => {
  await ensureSite(site);
  return wasm.removeRule(site, id);
}));

/** Converts every version-2 site record still stored (before listing what sites learned). */
export const migrateAll = () => locked(() => call(async () => {
  for (const site of await db.legacySites()) await ensureSite(site);
}));

export const metrics = (oldText, newText, options) => call(wasm.metrics, oldText, newText, options);

// watch: the calls of background checks (extension/background/watch.js).
/** Extracts a fetched page's blocks (`{ title, blocks, truncated }`); throws a CoreError. */
export const extractHtml = (html, url) => call(wasm.extractHtml, html, url);
const stalenessEncoder = new TextEncoder();
/** Fragment staleness (Olston & Pandey, word 5-grams) of two texts: 0 fresh … 1 all new. */
export const fragmentStaleness = (oldText, newText) => call(() => wasm.fragmentStalenessBytes(stalenessEncoder.encode(oldText), stalenessEncoder.encode(newText), 5));
/** The next check of a watched page from its checks (see the core's watch::schedule). */
export const watchPlan = (checks, options) => call(wasm.watchPlan, checks, options);
/** Reads a Distill, Update Scanner or SiteDelta watch list. */
export const importWatchList = (text) => call(wasm.importWatchList, text);
/**
 * The person teaches the slot at `path` of `site`: `noise` true for "this is noise", false for
 * "always show changes here". Resolves to the rule records to store.
 * @param {string} site @param {string} path @param {boolean} noise
 */
export const teachRule = (site, path, noise) => call(async () => {
  await ensureSite(site);
  return wasm.teachRule(site, path, noise);
});

/**
 * Blocks whose text changed by itself while a page of `site` stayed open (`[{ path, old, new }]`)
 * teach as two versions fetched moments apart do. `shown` (or null): the content changes of the
 * visit the page shows, `{ changes: [{ path, old, new }], then, now }`, judged again by what was
 * learned. Resolves to the site-state records to write and `hidden`, for each shown change the
 * reason that now hides it or null.
 * @param {string} site @param {{ path: string, old: string, new: string }[]} changes
 * @param {{ changes: { path: string, old: string, new: string }[], then: number | null, now: number | null } | null} [shown]
 */
export const learnLive = (site, changes, shown = null) => locked(() => call(async () => {
  await ensureSite(site);
  const judged = shown ? { changes: shown.changes, then: shown.then, now: shown.now } : undefined;
  return wasm.learnLive(site, changes.map((c) => c.path), changes.map((c) => c.old), changes.map((c) => c.new), judged);
}));

/**
 * The metrics of a visit on its content changes only (template and noise changes left out).
 * @param {string[]} oldTexts @param {string[]} newTexts
 * @param {{ kind: string, old_index: number | null, new_index: number | null }[]} changes
 */
export const contentMetrics = (oldTexts, newTexts, changes) => call(wasm.contentMetrics, oldTexts, newTexts, changes, undefined);
