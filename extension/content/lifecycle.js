// Life cycle of this copy of the content script: it starts once per document, and removes every
// trace (highlights, markers, styles, observers, timers, listeners) when the extension is
// reloaded or updated under the page (its runtime is gone), when a newer copy of itself starts
// in the page, or — for the highlights — when the person hides them. Back/forward cache: on
// `pagehide` nothing keeps running; a page restored with its highlights gets its badge back.
//
// Hand-over: a new copy dispatches TAKEOVER_EVENT on the document. The page can dispatch it too,
// so the event is only a hint to look: this copy leaves only when its own runtime is gone (the
// extension was reloaded or updated) or when another copy has claimed the document in this
// isolated world (OWNER_KEY, a global the page's scripts cannot see or set). The event's detail
// is never read.

import { state } from './state.js';
import { api, alive, checkAlive, send, whenGone } from './runtime.js';
import { ATTR, AUTO_ATTR, FOCUS_ATTR, REMOVED_TAG, SAVED_STYLE_ATTR, TAKEOVER_EVENT, UI_TAG, WORD_ATTR } from './dom.js';
import { dropEarly } from './settle.js';
import { unpaint, startOrphanWatch } from './paint.js';
import { removeOverlay } from './overlay.js';
import { unmarkLinks } from './links.js';
import { onMessage } from './commands.js';
import { start } from './visit.js';
import { installTestHooks, testMark } from './test-hooks.js';
import { watchRoutes } from './routes.js';
import { yieldToPage } from './blocks.js';
import { stopPicking } from './everyday.js';

const OWNER_KEY = '__sincelastOwner';
/** This copy, as the owner of the document (compared by identity only). */
const thisCopy = Object.freeze({});

/** Whether this copy should still run: its extension is there and no newer copy took over. */
function current() {
  return alive() && /** @type {any} */ (globalThis)[OWNER_KEY] === thisCopy;
}

/** TAKEOVER_EVENT: anyone in the page can send it; only checked facts decide. */
function onTakeover() {
  if (!current()) shutdown();
}

/** Removes every trace of this copy of the script and stops it for good. */
function shutdown() {
  if (state.dead) return;
  state.dead = true;
  stopPicking();
  unpaint();
  removeOverlay();
  unmarkLinks(); // (links)
  if (state.settle) state.settle.stop();
  dropEarly();
  clearInterval(state.orphanTimer);
  document.removeEventListener(TAKEOVER_EVENT, onTakeover);
  removeEventListener('pagehide', onPageHide);
  removeEventListener('pageshow', onPageShow);
  document.removeEventListener('visibilitychange', checkAlive);
  try {
    api.runtime.onMessage.removeListener(onMessage);
  } catch {
    // The runtime is gone already.
  }
}

/**
 * Leftovers of an older copy that could not clean up after itself, looked for long before
 * anything of this copy is drawn, one native query per task with the page's tasks between them:
 * the two elements it made by their tag name, the attributes it set one name at a time (a
 * selector of one attribute name is answered without a walk when no element has it; a selector
 * list of several is not). Nothing walks the page's elements in script: on a page of 10^6 nodes
 * a walk in slices still made tasks of 55–100 ms (slices overran their 8 ms; most likely the
 * garbage collection set off by the wrappers the walk makes), one query takes under 15 ms. This copy's own overlay
 * is never one of them.
 */
async function sweepLeftovers() {
  unmarkLinks(); // (links) an older copy's new-link markers
  /** @type {Set<Element>} */
  const found = new Set();
  const queries = [
    () => document.getElementsByTagName(UI_TAG),
    () => document.getElementsByTagName(REMOVED_TAG),
    ...[ATTR, FOCUS_ATTR, AUTO_ATTR].map((name) => () => document.querySelectorAll(`[${name}]`)),
    () => [...document.querySelectorAll(`[${WORD_ATTR}]`)].filter((el) => el.localName === 'mark'),
  ];
  for (const query of queries) {
    await yieldToPage();
    if (state.dead) return;
    for (const el of query()) found.add(el);
  }
  const own = state.overlay ? state.overlay.host : null;
  for (const el of found) {
    if (el === own || !el.isConnected) continue;
    const tag = el.localName;
    if (tag === UI_TAG || tag === REMOVED_TAG) {
      el.remove();
    } else if (tag === 'mark' && el.hasAttribute(WORD_ATTR)) {
      const parent = el.parentNode;
      el.replaceWith(document.createTextNode(el.textContent || ''));
      if (parent) parent.normalize();
    } else {
      const saved = el.getAttribute(SAVED_STYLE_ATTR);
      if (saved === null) el.removeAttribute('style');
      else el.setAttribute('style', saved);
      el.removeAttribute(SAVED_STYLE_ATTR);
      el.removeAttribute(ATTR);
      el.removeAttribute(FOCUS_ATTR);
      el.removeAttribute(AUTO_ATTR);
    }
  }
}

function onPageHide() {
  if (state.settle) state.settle.stop();
  clearInterval(state.orphanTimer);
}

/** @param {PageTransitionEvent} event */
function onPageShow(event) {
  if (!event.persisted || state.dead) return;
  if (!alive()) return shutdown();
  if (state.painting) {
    startOrphanWatch();
    send({ type: 'restored' }).catch(() => {});
  } else if (!state.sent) {
    run();
  }
}

function run() {
  start().catch((e) => {
    if (TEST_HOOKS) testMark('state', `error: ${e && e.kind}: ${e && e.message}`);
  });
}

/** Starts this copy in the page (once per document; an older copy hands over). */
export function boot() {
  if (!alive() || !(document instanceof HTMLDocument)) return;
  /** @type {any} */ (globalThis)[OWNER_KEY] = thisCopy;
  document.dispatchEvent(new CustomEvent(TAKEOVER_EVENT));
  sweepLeftovers().catch(() => {});
  whenGone(shutdown);
  document.addEventListener(TAKEOVER_EVENT, onTakeover);
  addEventListener('pagehide', onPageHide);
  addEventListener('pageshow', onPageShow);
  document.addEventListener('visibilitychange', checkAlive);
  api.runtime.onMessage.addListener(onMessage);
  if (TEST_HOOKS) installTestHooks();
  watchRoutes(run); // routes.js: single-page apps
  run();
}
