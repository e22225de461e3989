// Extraction: the page's blocks (extract.js, the written extraction spec), within the caps of
// shared/limits.js, and with the texts the background already has replaced by their keys.

import { LIMITS } from '../shared/limits.js';
import { textKey } from '../shared/wire.js';
import { sincelastExtract } from './extract.js';

/** Reads the blocks of this document. */
export function readPage() {
  return sincelastExtract(document, { url: location.href });
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
  return blocks.map((b) => {
    if (b.text === undefined) return b;
    const key = textKey(b.text);
    return known.has(key) ? { key, path: b.path, links: b.links } : b;
  });
}
