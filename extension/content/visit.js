// The visit: ask which texts the background has, wait for the page to settle, read its blocks,
// send them, paint the answer.

import { LIMITS } from '../shared/limits.js';
import { visitMessage, textKey } from '../shared/wire.js';
import { state } from './state.js';
import { send } from './runtime.js';
import { whenSettled, dropEarly } from './settle.js';
import { readPageSliced, capBlocks, withKeysSliced, yieldToPage, SLICE_MS } from './blocks.js';
import { paint, loadColors, paintsAtOnce } from './paint.js';
import { ensureOverlay } from './overlay.js';
import { testMark } from './test-hooks.js';
import { askRegions, applyRegions } from './everyday.js';
import { checkRoute } from './routes.js';

// Password fields, and the fields browsers and sites mark as holding one (a "show password"
// toggle turns a password field into a text field; one-time codes).
const PASSWORD = 'input[type="password" i], input[autocomplete~="current-password" i], input[autocomplete~="new-password" i], input[autocomplete~="one-time-code" i]';

/** The elements that may host a shadow root besides custom elements (DOM: attachShadow). */
const SHADOW_HOSTS = new Set(['article', 'aside', 'blockquote', 'body', 'div', 'footer', 'h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'header', 'main', 'nav', 'p', 'section', 'span']);

/**
 * The shadow root of an element, closed ones too where the browser lets a content script see
 * them (Chromium: `chrome.dom.openOrClosedShadowRoot`; Firefox: `openOrClosedShadowRoot`).
 * @param {Element} el
 * @returns {ShadowRoot | null}
 */
function shadowOf(el) {
  const any = /** @type {any} */ (el);
  if (el.shadowRoot) return el.shadowRoot;
  // Only custom elements and these can have a shadow root (attachShadow throws for the others,
  // declarative shadow roots likewise): the browser's call for a closed root is asked for them
  // alone (half the calls on a page of 10^6 nodes, where the scan's slices overran).
  const tag = el.localName;
  if (!SHADOW_HOSTS.has(tag) && !tag.includes('-')) return null;
  try {
    if (typeof any.openOrClosedShadowRoot === 'function') return any.openOrClosedShadowRoot() || null;
    const dom = /** @type {any} */ (globalThis).chrome && /** @type {any} */ (globalThis).chrome.dom;
    if (dom && typeof dom.openOrClosedShadowRoot === 'function') return dom.openOrClosedShadowRoot(el) || null;
  } catch {
    // Not offered here.
  }
  return null;
}

/**
 * Whether the page has a password field, in the document or in any shadow root inside it (nested
 * ones too), looked for in slices of SLICE_MS with the page's tasks between them (a large page:
 * the look into every element's shadow root is what costs). Also gives the shadow roots and the
 * fields it found and how many elements it looked at, for the quick look again at the last moment
 * (passwordNow). A copy that stops (`isDead`) ends the scan.
 * @param {() => boolean} isDead
 * @returns {Promise<{ found: boolean, roots: ShadowRoot[], inputs: Element[], elements: number }>}
 */
export async function passwordScan(isDead) {
  /** @type {ShadowRoot[]} */
  const roots = [];
  /** @type {Element[]} */
  const inputs = [];
  /** @type {(Document | ShadowRoot)[]} */
  const todo = [document];
  let until = performance.now() + SLICE_MS;
  let count = 0;
  const result = (found) => ({ found, roots, inputs, elements: count });
  while (todo.length) {
    const walker = document.createTreeWalker(todo.pop(), NodeFilter.SHOW_ELEMENT);
    for (let n = /** @type {Element | null} */ (walker.nextNode()); n; n = /** @type {Element | null} */ (walker.nextNode())) {
      if ((++count & 63) === 0 && performance.now() > until) {
        await yieldToPage();
        if (isDead()) return result(false);
        until = performance.now() + SLICE_MS;
      }
      if (n.localName === 'input') {
        if (n.matches(PASSWORD)) return result(true);
        inputs.push(n);
      }
      const shadow = shadowOf(n);
      if (shadow) {
        roots.push(shadow);
        todo.push(shadow);
      }
    }
  }
  return result(false);
}

/** Elements a scan looked at under which the last-moment look goes through the whole document. */
const SMALL_PAGE = 20000;

/**
 * A password field now (the last moment before sending): in the document, or in the shadow
 * roots the scan found — on a large page only the fields and shadow roots the scan found (a
 * field or shadow root made since is the late watch's, watchLatePassword).
 * @param {{ roots: ShadowRoot[], inputs: Element[], elements: number }} scan
 */
function passwordNow(scan) {
  if (scan.elements < SMALL_PAGE && document.querySelector(PASSWORD)) return true;
  return scan.inputs.some((i) => i.matches(PASSWORD)) || scan.roots.some((r) => !!r.querySelector(PASSWORD));
}

/**
 * The URL this visit reads: the document's URL as navigated to (its navigation entry, which page
 * scripts cannot change) on the document's first visit, the address shown when a later visit of
 * the same document begins (a single-page app's route). Sent with the visit: the background
 * stores nothing when the tab's URL is another by then (a page moving to another URL of its
 * origin with history.replaceState while it is read).
 */
let firstRun = true;
function readingUrl() {
  const first = firstRun;
  firstRun = false;
  if (first) {
    try {
      const nav = /** @type {PerformanceNavigationTiming | undefined} */ (performance.getEntriesByType('navigation')[0]);
      if (nav && nav.name) return nav.name;
    } catch {
      // Not offered: the address below.
    }
  }
  return location.href;
}

/** How long after a visit a password field appearing makes the visit forgotten. */
const LATE_PASSWORD_MS = 30000;
const LATE_CHECK_MS = 500;

/**
 * Watches the page a while after its visit was stored: a password field appearing (a sign-in box
 * opened late) makes the background forget the visit ('forget'). Checks at most every
 * LATE_CHECK_MS, only after the page changed; stops after LATE_PASSWORD_MS, on the first field,
 * or when this copy stops.
 */
function watchLatePassword() {
  let timer = null;
  let stopped = false;
  // A scan runs in slices (a large page changing all the time costs no long task); a change
  // while it runs makes another one follow.
  let checking = false;
  let again = false;
  const stop = () => {
    stopped = true;
    observer.disconnect();
    clearTimeout(timer);
    clearTimeout(end);
  };
  const schedule = () => {
    if (checking) again = true;
    else if (!timer && !stopped) timer = setTimeout(check, LATE_CHECK_MS);
  };
  const check = async () => {
    timer = null;
    if (state.dead) return stop();
    checking = true;
    again = false;
    const scan = await passwordScan(() => state.dead || stopped);
    checking = false;
    if (state.dead) return stop();
    if (!scan.found) {
      if (again) schedule();
      return;
    }
    if (stopped) return;
    stop();
    send({ type: 'forget' }).then(() => {
      if (TEST_HOOKS) testMark('forgotten', 'password');
    }, () => {});
  };
  const observer = new MutationObserver(schedule);
  observer.observe(document.documentElement, { childList: true, subtree: true, attributes: true, attributeFilter: ['type', 'autocomplete'] });
  const end = setTimeout(stop, LATE_PASSWORD_MS);
}

/**
 * A short fingerprint of the texts read (routes.js compares the text after a route change with
 * the text before it).
 * @param {{ text?: string }[]} blocks
 */
function fingerprint(blocks) {
  return textKey(blocks.map((b) => b.text || '').join('\n'));
}

/** Runs one visit of the page (again after a back/forward restore of a page never sent). */
export async function start() {
  const { timing } = state;
  const url = readingUrl();
  // routes.js: the address this visit is of; a route change meanwhile makes it another visit.
  const route = state.routeUrl;
  const sameRoute = () => state.routeUrl === route;
  // Asked while the page settles, so the answer is there when it is needed.
  state.knownKeys = send({ type: 'known', url: location.href }).then((/** @type {import('../shared/messages.js').KnownResult} */ r) => {
    if (TEST_HOOKS) testMark('known', String(r.keys.length));
    state.knownSet = new Set(r.keys);
    return state.knownSet;
  }, () => {
    state.knownSet = null;
    return null;
  });
  const regionsAsked = askRegions();
  await whenSettled();
  // everyday.js: parts of the page the person ignores, or the part watched alone.
  const regions = await regionsAsked;
  // routes.js: an address changed since the last look starts another visit instead.
  if (!state.dead && !state.sent && sameRoute()) checkRoute();
  if (state.dead || state.sent || !sameRoute()) {
    dropEarly();
    return;
  }
  if (!document.body) return;
  state.sent = true;
  timing.settled = performance.now();
  const read = state.early && !state.early.dirty && !regions.length ? state.early : null;
  dropEarly();
  // The overlay goes in now, on every visit whatever its answer (see overlay.js).
  ensureOverlay();
  loadColors();
  // A large page is read in slices (blocks.js): no long task of ours.
  const fresh = read ? null : await readPageSliced({ isDead: () => state.dead });
  if (!read && !fresh) return;
  const page = read ? read.page : applyRegions(fresh, regions);
  state.elements = page.elements;
  const { blocks, truncated } = read ? read.capped : capBlocks(page);
  // routes.js: after a route change, the text read must not be the previous address's (a page
  // that only changed its address is not a visit of the new one).
  const print = fingerprint(blocks);
  if (state.routeFrom !== null && state.routeFrom === print) {
    if (TEST_HOOKS) testMark('state', 'skipped:same-content');
    return;
  }
  state.lastPrint = print;
  const scan = await passwordScan(() => state.dead);
  if (state.dead) return;
  let hasPassword = scan.found;
  timing.extracted = performance.now();
  if (TEST_HOOKS) testMark('read', read ? 'early' : 'settled');
  if (!read) {
    // Let the page have the main thread between extracting and sending (the message is
    // serialized on this thread): two shorter tasks instead of one long one.
    await new Promise((resolve) => setTimeout(resolve, 0));
  }
  timing.yielded = performance.now();
  if (state.dead) return;
  const title = String(page.title || '').slice(0, LIMITS.maxTitle);
  /** @param {import('../shared/messages.js').OutgoingBlock[]} sendBlocks */
  const message = (sendBlocks) => {
    // Checked again at the last moment: a field added since the page settled counts too.
    hasPassword = hasPassword || passwordNow(scan);
    return { ...visitMessage({ title, truncated, hasPassword, blocks: hasPassword ? [] : sendBlocks }), url };
  };
  /** @type {import('../shared/messages.js').VisitResult} */
  let result;
  /** @type {number} */
  let textsSent;
  try {
    const known = hasPassword ? null : await state.knownKeys;
    try {
      const keyed = read && read.keyed && known === state.knownSet ? read.keyed : await withKeysSliced(blocks, known);
      textsSent = keyed.filter((b) => b.text !== undefined).length;
      timing.keyed = performance.now();
      result = await send(message(keyed));
    } catch (e) {
      // The stored version changed meanwhile (another tab): send every text.
      if (!known || !(e && e.kind === 'stale')) throw e;
      textsSent = blocks.length;
      result = await send(message(blocks));
    }
  } catch (e) {
    if (TEST_HOOKS) testMark('state', `error: ${e && e.kind}: ${e && e.message}`);
    return;
  }
  timing.answered = performance.now();
  if (TEST_HOOKS && result.steps && result.steps.received) {
    const origin = performance.timeOrigin;
    result.steps.sendMs = result.steps.received - (origin + timing.keyed);
    result.steps.replyMs = origin + timing.answered - result.steps.replied;
    delete result.steps.received;
    delete result.steps.replied;
  }
  if (state.dead || !sameRoute()) return;
  if (result.status !== 'skipped') watchLatePassword();
  state.lastResult = result;
  // (with "only when I ask", the badge and the popup tell; the person's command paints)
  if (result.status === 'changed' && (await paintsAtOnce()) && !state.dead) paint(result);
  timing.painted = performance.now();
  if (TEST_HOOKS) {
    testMark('timing', JSON.stringify({
      settledAt: timing.settled,
      startedAt: timing.start,
      extract: timing.extracted - timing.settled,
      readEarly: read ? read.ms : 0,
      readEarlyAt: read ? read.at : null,
      message: timing.answered - timing.extracted,
      yield: timing.yielded - timing.extracted,
      keys: timing.keyed - timing.yielded,
      analyze: result.analyzeMs,
      steps: result.steps,
      paint: timing.painted - timing.answered,
      total: timing.painted - timing.settled,
      blocks: blocks.length,
      textsSent,
    }));
    testMark('state', result.status === 'skipped' ? `skipped:${result.reason}` : result.status);
  }
}
