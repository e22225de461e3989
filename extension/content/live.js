// Live text: a block whose text changes by itself while the page stays open — a clock, a
// ticker, a quote or a banner that turns on a timer, a count that ticks — changes on every
// visit too. At each of LIVE_WATCH_MS after the visit was read (6 and 30 s), if nobody touched
// the page meanwhile (no key, pointer, wheel, touch, scroll or input) and it is still shown at
// the same address, its blocks are read again; every block whose path held but whose text
// changed since the visit's reading (each block once) is sent to the
// background (`live`), which learns its slot as from two versions fetched moments apart (the
// core's near-simultaneous rules: the next visit's change there is noise, "learned"), and this
// visit's highlights that what it learned hides move to the automated list at once ("changed by
// itself while the page was open"). A page that redrew more than LIVE_MAX_CHANGES blocks teaches
// nothing, and is not read again.

import { state } from './state.js';
import { send } from './runtime.js';
import { readPageSliced, capBlocks } from './blocks.js';
import { applyRegions, applyTaught } from './everyday.js';
import { testMark } from './test-hooks.js';
import { LIVE_MAX_CHANGES } from '../shared/protocol.js';

/** When the page is read again after the visit was read: a clock or a quick ticker shows by
 * the first reading, a banner or quote turning every ten or twenty seconds by the second. */
export const LIVE_WATCH_MS = [6000, 30000];
/** A page of more blocks is not read again (a second reading of a huge page costs too much). */
export const LIVE_MAX_BLOCKS = 5000;
const TOUCHES = ['pointerdown', 'keydown', 'wheel', 'touchstart', 'scroll', 'input'];

/**
 * Watches the page read as `blocks` for text that changes by itself (see above): reads it
 * again at each of LIVE_WATCH_MS while nobody touches it, and sends each block's change once
 * (its text then against the visit's).
 * @param {string} url the address the visit was of
 * @param {{ path: string, text?: string }[]} blocks
 * @param {any[]} regions the person's regions the visit applied
 * @param {() => boolean} sameRoute
 */
export function watchLive(url, blocks, regions, sameRoute) {
  if (blocks.length > LIVE_MAX_BLOCKS) return;
  let touched = false;
  const touch = () => { touched = true; };
  for (const t of TOUCHES) addEventListener(t, touch, { capture: true, passive: true });
  const stop = () => { for (const t of TOUCHES) removeEventListener(t, touch, { capture: true }); };
  const before = new Map(blocks.map((b) => [b.path, b.text]));
  const sent = new Set();
  const start = performance.now();
  const reading = async (k) => {
    const last = k === LIVE_WATCH_MS.length - 1;
    if (touched || state.dead || document.hidden || !sameRoute()) return stop();
    const again = await readPageSliced({ orNull: true, isDead: () => state.dead });
    if (!again || state.dead || !sameRoute()) return stop();
    const changes = [];
    for (const b of capBlocks(applyRegions(again, regions)).blocks) {
      const old = before.get(b.path);
      if (sent.has(b.path)) continue;
      if (typeof old === 'string' && typeof b.text === 'string' && old !== b.text && old.trim() && b.text.trim()) {
        changes.push({ path: b.path, old, new: b.text });
      }
    }
    if (TEST_HOOKS) testMark('live', String(changes.length));
    // More than LIVE_MAX_CHANGES: the page redrew itself; it is not read again either.
    if (changes.length > LIVE_MAX_CHANGES) return stop();
    if (changes.length) {
      for (const c of changes) sent.add(c.path);
      const r = await send({ type: 'live', url, changes }).catch(() => null);
      // The highlights of this visit that what was learned hides (the quote the person just
      // saw turn): to the automated list at once, as a taught change.
      if (r && Array.isArray(r.moved) && !state.dead && sameRoute()) {
        for (const m of r.moved) applyTaught(m.change, m.kind, m.reason);
      }
      if (TEST_HOOKS) testMark('live-learned', String(r ? r.learned : 'error'));
      if (TEST_HOOKS) testMark('live-moved', String(r && Array.isArray(r.moved) ? r.moved.length : 'error'));
    }
    if (last) return stop();
    setTimeout(() => reading(k + 1), Math.max(0, LIVE_WATCH_MS[k + 1] - (performance.now() - start)));
  };
  setTimeout(() => reading(0), LIVE_WATCH_MS[0]);
}
