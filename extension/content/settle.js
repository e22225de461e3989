// Settling: after load, wait until the DOM has been quiet for a moment (capped).
//
// Reading early: once the page has been quiet for half the settle window its blocks are read
// (and keyed) while it is still waiting, and kept if nothing they depend on changes before it
// settles — then the highlights follow the settling without the read in between. Any change
// of the tree, of text, or of an attribute the extraction reads makes the page be read again
// when it settles.

import { state } from './state.js';
import { readPageSliced, capBlocks, withKeysSliced, READ_ATTRIBUTES } from './blocks.js';

export const SETTLE_QUIET_MS = 300;
export const SETTLE_CAP_MS = 5000;
export const LOAD_CAP_MS = 10000; // a page whose load event never comes is read anyway

/**
 * Resolves once the page has loaded (or LOAD_CAP_MS passed) and then been quiet for
 * SETTLE_QUIET_MS (at most SETTLE_CAP_MS). `state.settle.stop()` abandons the wait.
 * @returns {Promise<void>}
 */
export function whenSettled() {
  return new Promise((resolve) => {
    /** @type {ReturnType<typeof setTimeout> | undefined} */
    let quiet;
    /** @type {ReturnType<typeof setTimeout> | undefined} */
    let cap;
    /** @type {ReturnType<typeof setTimeout> | undefined} */
    let loadCap;
    /** @type {MutationObserver | null} */
    let observer = null;
    const stop = () => {
      clearTimeout(quiet);
      clearTimeout(cap);
      clearTimeout(loadCap);
      clearTimeout(state.earlyTimer);
      if (observer) observer.disconnect();
      removeEventListener('load', begin);
      state.settle = null;
    };
    const done = () => {
      stop();
      resolve();
    };
    function begin() {
      if (observer) return;
      clearTimeout(loadCap);
      removeEventListener('load', begin);
      observer = new MutationObserver(() => {
        clearTimeout(quiet);
        quiet = setTimeout(done, SETTLE_QUIET_MS);
        clearTimeout(state.earlyTimer);
        state.earlyTimer = setTimeout(readEarly, SETTLE_QUIET_MS / 2);
      });
      observer.observe(document.documentElement, { childList: true, subtree: true, characterData: true });
      quiet = setTimeout(done, SETTLE_QUIET_MS);
      state.earlyTimer = setTimeout(() => { readEarly(); }, SETTLE_QUIET_MS / 2);
      cap = setTimeout(done, SETTLE_CAP_MS);
    }
    state.settle = { stop };
    if (document.readyState === 'complete') begin();
    else {
      addEventListener('load', begin, { once: true });
      loadCap = setTimeout(begin, LOAD_CAP_MS);
    }
  });
}

/** Early reads started (a newer one makes an older one still reading give up). */
let earlyReads = 0;

/**
 * Reads the page's blocks while it waits to settle (see above), in slices (blocks.js): a large
 * page costs no long task; a page that changes while it is read is read when it settles.
 */
async function readEarly() {
  if (state.dead || state.sent || !document.body) return;
  dropEarly();
  const run = ++earlyReads;
  const stale = () => run !== earlyReads || state.dead || state.sent;
  const t0 = performance.now();
  const page = await readPageSliced({ orNull: true, isDead: stale });
  if (!page || stale()) return;
  const capped = capBlocks(page);
  /** @type {import('./state.js').EarlyRead} */
  const e = { page, capped, keyed: null, at: t0, ms: performance.now() - t0, dirty: false, observer: null };
  // Keying in tasks of their own: shorter tasks instead of one long one.
  setTimeout(async () => {
    if (state.early !== e || e.dirty || state.knownSet === undefined) return;
    const known = state.knownSet;
    const t1 = performance.now();
    const keyed = await withKeysSliced(capped.blocks, known);
    if (state.early !== e || e.dirty || state.knownSet !== known) return;
    e.keyed = keyed;
    e.ms += performance.now() - t1;
  }, 0);
  const observer = new MutationObserver(() => {
    e.dirty = true;
    observer.disconnect();
  });
  observer.observe(document.documentElement, {
    childList: true, subtree: true, characterData: true, attributes: true, attributeFilter: READ_ATTRIBUTES,
  });
  e.observer = observer;
  state.early = e;
}

/** Forgets the early read (and stops watching the page for it). */
export function dropEarly() {
  if (!state.early) return;
  if (state.early.observer) state.early.observer.disconnect();
  state.early = null;
}
