// Extraction: the page's blocks (extract.js, the written extraction spec), within the caps of
// shared/limits.js, and with the texts the background already has replaced by their keys.

import { LIMITS } from '../shared/limits.js';
import { textKey, visitColumns } from '../shared/wire.js';
import { sincelastExtract, sincelastExtractSteps } from './extract.js';
import { ShadowSeen } from './shadow.js';

/**
 * A page as read here: the extraction's, with what its walk saw for the password scan
 * (visit.js passwordScan).
 * @typedef {import('./extract.js').Page & { shadow?: ShadowSeen }} ReadPage
 */

/**
 * Reads the blocks of this document.
 * @returns {ReadPage}
 */
export function readPage() {
  const shadow = new ShadowSeen();
  return { ...sincelastExtract(document, { url: location.href, onElement: shadow.onElement }), shadow };
}

/** Main-thread time of one slice of reading or keying (ms): far under a long task's 50 ms. */
export const SLICE_MS = 8;
/** Attributes whose change changes what the extraction reads (settle.js watches them too). */
export const READ_ATTRIBUTES = ['hidden', 'aria-hidden', 'open', 'href', 'id', 'aria-controls', 'aria-expanded'];

/** Lets the page's own tasks run (a new task, after the page's input and rendering). */
export const yieldToPage = () => new Promise((resolve) => setTimeout(resolve, 0));

/**
 * Reads the blocks of this document in slices of SLICE_MS with the page's tasks between them,
 * so that a large page never costs one long task. A change of the DOM while it reads makes it
 * read again (twice at most); then, with `orNull`, it gives up (null), else it reads the page
 * in one go (a large page that never stops changing). A page read in one slice is read as
 * readPage() reads it.
 * @param {{ orNull?: boolean, isDead?: () => boolean }} [options]
 * @returns {Promise<ReadPage | null>}
 */
export async function readPageSliced({ orNull = false, isDead = () => false } = {}) {
  for (let attempt = 0; attempt < 3; attempt++) {
    const shadow = new ShadowSeen();
    const steps = sincelastExtractSteps(document, { url: location.href, onElement: shadow.onElement });
    const result = () => ({ ...steps.result(), shadow });
    let done = steps.step(performance.now() + SLICE_MS);
    if (done) return result();
    let dirty = false;
    const observer = new MutationObserver(() => { dirty = true; });
    observer.observe(document.documentElement, { childList: true, subtree: true, characterData: true, attributes: true, attributeFilter: READ_ATTRIBUTES });
    try {
      while (!done) {
        await yieldToPage();
        if (isDead()) return null;
        // Mutation records of the page's task are delivered before this task runs.
        if (dirty) break;
        done = steps.step(performance.now() + SLICE_MS);
      }
    } finally {
      observer.disconnect();
    }
    if (done && !dirty) return result();
  }
  return orNull ? null : readPage();
}

/**
 * The blocks of an extracted page within the caps (block count, text per block, text in all).
 * @param {import('./extract.js').Page} page
 * @returns {{ blocks: { text: string, path: string, links: string[] }[], truncated: boolean }}
 */
export function capBlocks(page) {
  let total = 0;
  let truncated = !!page.truncated;
  const blocks = [];
  const n = Math.min(page.blocks.length, LIMITS.maxBlocks);
  if (n < page.blocks.length) truncated = true;
  for (let i = 0; i < n; i++) {
    const b = page.blocks[i];
    let text = b.text;
    if (text.length > LIMITS.maxBlockText) {
      text = text.slice(0, LIMITS.maxBlockText);
      truncated = true;
    }
    total += text.length;
    if (total > LIMITS.maxTotalText) {
      truncated = true;
      break;
    }
    blocks.push({ text, path: b.path, links: b.links });
  }
  return { blocks, truncated };
}

/**
 * Blocks for the message: texts the background already has go as their key only.
 * @param {import('../shared/messages.js').OutgoingBlock[]} blocks
 * @param {Set<string> | null | undefined} known
 * @returns {import('../shared/messages.js').OutgoingBlock[]}
 */
export function withKeys(blocks, known) {
  if (!known || !known.size) return blocks;
  return blocks.map((b) => keyed(b, known));
}

/** One block for the message (see withKeys). */
function keyed(b, known) {
  if (b.text === undefined) return b;
  const key = textKey(b.text);
  return known.has(key) ? { key, path: b.path, links: b.links } : b;
}

/**
 * withKeys in slices of SLICE_MS with the page's tasks between them (a page of many blocks).
 * @param {import('../shared/messages.js').OutgoingBlock[]} blocks
 * @param {Set<string> | null | undefined} known
 * @returns {Promise<import('../shared/messages.js').OutgoingBlock[]>}
 */
export async function withKeysSliced(blocks, known) {
  if (!known || !known.size) return blocks;
  const out = [];
  let until = performance.now() + SLICE_MS;
  for (let i = 0; i < blocks.length; i++) {
    if ((i & 15) === 15 && performance.now() > until) {
      await yieldToPage();
      until = performance.now() + SLICE_MS;
    }
    out.push(keyed(blocks[i], known));
  }
  return out;
}

/** Blocks whose message columns are made in one go (columnsSliced). */
const COLUMN_RUN = 500;

/**
 * The 'visit' columns of the blocks (wire.js visitColumns), made in runs with the page's tasks
 * between them when a slice's SLICE_MS is spent: on a page of 20,000 blocks making them at once
 * was, with the message's copy, a long task.
 * @param {import('../shared/messages.js').OutgoingBlock[]} blocks
 * @returns {Promise<import('../shared/wire.js').VisitColumns>}
 */
export async function columnsSliced(blocks) {
  if (blocks.length <= COLUMN_RUN) return visitColumns(blocks);
  /** @type {import('../shared/wire.js').VisitColumns} */
  const cols = { texts: [], keys: [], paths: [], links: [] };
  let until = performance.now() + SLICE_MS;
  for (let i = 0; i < blocks.length; i += COLUMN_RUN) {
    if (i > 0 && performance.now() > until) {
      await yieldToPage();
      until = performance.now() + SLICE_MS;
    }
    const run = visitColumns(blocks.slice(i, i + COLUMN_RUN), i > 0 ? blocks[i - 1].path : '');
    for (const k of /** @type {const} */ (['texts', 'keys', 'paths', 'links'])) {
      const to = /** @type {any[]} */ (cols[k]);
      for (const x of run[k]) to.push(x);
    }
  }
  return cols;
}
