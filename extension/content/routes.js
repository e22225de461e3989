// Single-page apps: a route change inside the same document (history.pushState, replaceState,
// popstate, a hash route like `#/inbox`) is a visit of the new address, with the same settle
// rules. The page's own history calls cannot be seen from this isolated world, so the address is
// compared now and then (and at once on popstate / hashchange).
//
// Never one address's text under another: the visit carries the address it was read at, and the
// background refuses a visit whose sender address differs (see background/everyday.js); a route
// change while a visit waits to settle starts the visit over for the new address.

import { state } from './state.js';
import { unpaint } from './paint.js';
import { dropEarly } from './settle.js';
import { stopPicking } from './everyday.js';
import { testMark } from './test-hooks.js';
import { readPage, capBlocks } from './blocks.js';
import { textKey } from '../shared/wire.js';

const POLL_MS = 250;

/** Checks the address at once (visit.js, right before reading the page). */
let checkNow = () => {};
export function checkRoute() {
  checkNow();
}

/** The fingerprint of the page's text as it is now (see visit.js). */
function fingerprintNow() {
  if (!document.body) return null;
  const { blocks } = capBlocks(readPage());
  return textKey(blocks.map((b) => b.text || '').join('\n'));
}

/**
 * The address as a visit is keyed: without its fragment, unless the fragment is a route
 * (`#/…`, `#!/…`), as shared/protocol.js pageKey keys pages.
 * @param {string} href
 */
export function routeKey(href) {
  const k = href.indexOf('#');
  if (k < 0) return href;
  return /^#!?\//.test(href.slice(k)) ? href : href.slice(0, k);
}

/**
 * Watches for route changes; `run` starts a visit of the address now shown.
 * @param {() => void} run
 */
export function watchRoutes(run) {
  state.routeUrl = routeKey(location.href);
  const check = () => {
    if (state.dead) {
      clearInterval(timer);
      removeEventListener('popstate', check);
      removeEventListener('hashchange', check);
      return;
    }
    if (document.visibilityState === 'hidden' && !state.sent) return;
    const now = routeKey(location.href);
    if (now === state.routeUrl) return;
    state.routeUrl = now;
    if (TEST_HOOKS) testMark('route', now);
    // A new visit: what was shown (or waiting) belongs to the previous address.
    stopPicking();
    unpaint();
    if (state.settle) state.settle.stop();
    state.settle = null;
    dropEarly();
    state.sent = false;
    state.knownKeys = null;
    state.knownSet = undefined;
    state.elements = [];
    state.lastResult = null;
    state.timing = { start: performance.now() };
    // The text the previous address showed: read last, or (the route changed before that visit
    // was read) now. A visit of the new address must read another text.
    state.routeFrom = state.lastPrint !== null ? state.lastPrint : fingerprintNow();
    run();
  };
  checkNow = check;
  const timer = setInterval(check, POLL_MS);
  addEventListener('popstate', check);
  addEventListener('hashchange', check);
}
