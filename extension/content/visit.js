// The visit: ask which texts the background has, wait for the page to settle, read its blocks,
// send them, paint the answer.

import { LIMITS } from '../shared/limits.js';
import { visitMessageOf, textKey } from '../shared/wire.js';
import { state } from './state.js';
import { send } from './runtime.js';
import { whenSettled, dropEarly } from './settle.js';
import { readPageSliced, capBlocks, withKeysSliced, columnsSliced, yieldToPage, SLICE_MS } from './blocks.js';
import { paint, loadColors, paintsAtOnce } from './paint.js';
import { ensureOverlay } from './overlay.js';
import { testMark } from './test-hooks.js';
import { askRegions, applyRegions } from './everyday.js';
import { checkRoute } from './routes.js';
import { PASSWORD, shadowOf } from './shadow.js';
import { watchLive } from './live.js';

/** Elements a read entered under which a password scan walks the whole document after an
 * early read, and the late watch at each check (a walk costs a wrapper per element in a content
 * script; on a page of 10^6 nodes their garbage collections were long tasks). */
const SMALL_PAGE = 20000;

/**
 * Where a password scan looks: the whole document (null), or the light DOM's fields (found
 * natively, wherever they are) and these shadow roots and subtrees.
 * @typedef {{ roots: ShadowRoot[], subtrees: Element[] } | null} ScanFrom
 */

/**
 * Where the scan of a visit looks: what the read's walk saw (the shadow roots of the elements it
 * entered, the subtrees it passed over) — after a read made while the page settled, the whole
 * document unless large (a shadow root attached since changes no light DOM the read watched).
 * (On a page over the block cap the read stops early: shadow roots of elements after it are not
 * looked for; their light-DOM fields are.)
 * @param {import('./blocks.js').ReadPage} page
 * @param {boolean} early
 * @returns {ScanFrom}
 */
function scanFrom(page, early) {
  if (!page.shadow || (early && page.shadow.entered < SMALL_PAGE)) return null;
  return { roots: page.shadow.roots, subtrees: page.shadow.skipped };
}

/**
 * Whether the page has a password field: in the light DOM (the browser's own list of the
 * document's fields, no walk), or in a shadow root (nested ones too) of the elements it walks
 * (`from`, see ScanFrom) — in slices of SLICE_MS with the page's tasks between them. Also gives
 * the shadow roots and the fields it found, for the quick look again at the last moment
 * (passwordNow). A copy that stops (`isDead`) ends the scan.
 * @param {() => boolean} isDead
 * @param {ScanFrom} [from]
 * @returns {Promise<{ found: boolean, roots: ShadowRoot[], inputs: Element[], elements: number }>}
 */
export async function passwordScan(isDead, from = null) {
  /** @type {ShadowRoot[]} */
  const roots = [];
  /** @type {Element[]} */
  const inputs = [];
  let until = performance.now() + SLICE_MS;
  let count = 0;
  const result = (found) => ({ found, roots, inputs, elements: count });
  const light = document.getElementsByTagName('input');
  for (let i = 0; i < light.length; i++) {
    if ((++count & 63) === 0 && performance.now() > until) {
      await yieldToPage();
      if (isDead()) return result(false);
      until = performance.now() + SLICE_MS;
    }
    const input = light[i];
    if (!input) break;
    if (input.matches(PASSWORD)) return result(true);
    inputs.push(input);
  }
  /** @type {(Document | ShadowRoot | Element)[]} */
  const todo = [];
  const seen = new Set();
  const addRoot = (/** @type {ShadowRoot} */ r) => {
    if (seen.has(r)) return;
    seen.add(r);
    roots.push(r);
    todo.push(r);
  };
  if (from === null) todo.push(document);
  else {
    for (const r of from.roots) addRoot(r);
    for (const el of from.subtrees) {
      const own = shadowOf(el);
      if (own) addRoot(own);
      todo.push(el);
    }
  }
  while (todo.length) {
    const top = /** @type {Document | ShadowRoot | Element} */ (todo.pop());
    // Fields of the light DOM are in `light` already; those of a shadow root are not.
    const inShadow = top instanceof ShadowRoot;
    const walker = document.createTreeWalker(top, NodeFilter.SHOW_ELEMENT);
    for (let n = /** @type {Element | null} */ (walker.nextNode()); n; n = /** @type {Element | null} */ (walker.nextNode())) {
      if ((++count & 63) === 0 && performance.now() > until) {
        await yieldToPage();
        if (isDead()) return result(false);
        until = performance.now() + SLICE_MS;
      }
      if (inShadow && n.localName === 'input') {
        if (n.matches(PASSWORD)) return result(true);
        inputs.push(n);
      }
      const shadow = shadowOf(n);
      if (shadow) addRoot(shadow);
    }
  }
  return result(false);
}

/**
 * A password field now (the last moment before sending): in the light DOM, or in the shadow
 * roots the scan found (a shadow root made since is the late watch's, watchLatePassword).
 * @param {{ roots: ShadowRoot[], inputs: Element[] }} scan
 */
function passwordNow(scan) {
  const light = document.getElementsByTagName('input');
  for (let i = 0; i < light.length; i++) if (light[i].matches(PASSWORD)) return true;
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

/** Added elements a late check walks on a large page (more: their light-DOM fields still count). */
const LATE_ADDED_CAP = 2000;

/**
 * Watches the page a while after its visit was stored: a password field appearing (a sign-in box
 * opened late) makes the background forget the visit ('forget'). Checks at most every
 * LATE_CHECK_MS, only after the page changed; stops after LATE_PASSWORD_MS, on the first field,
 * or when this copy stops. A check walks the whole document (`whole`: a page the read found
 * small; a shadow root attached to an element already there changes nothing the watch sees),
 * else only what was added since the last check and the shadow roots found so far (`scan`: the
 * visit's), besides the light DOM's fields.
 * @param {{ roots: ShadowRoot[] }} scan
 * @param {boolean} whole
 */
function watchLatePassword(scan, whole) {
  let timer = null;
  let stopped = false;
  // A scan runs in slices (a large page changing all the time costs no long task); a change
  // while it runs makes another one follow.
  let checking = false;
  let again = false;
  /** @type {Element[]} elements added since the last check */
  let added = [];
  const roots = scan.roots.slice();
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
    const subtrees = added;
    added = [];
    const found = await passwordScan(() => state.dead || stopped, whole ? null : { roots, subtrees });
    checking = false;
    if (state.dead) return stop();
    if (!found.found) {
      for (const r of found.roots) if (!roots.includes(r)) roots.push(r);
      if (again) schedule();
      return;
    }
    if (stopped) return;
    stop();
    send({ type: 'forget' }).then(() => {
      if (TEST_HOOKS) testMark('forgotten', 'password');
    }, () => {});
  };
  const observer = new MutationObserver((records) => {
    for (const r of records) {
      for (let i = 0; i < r.addedNodes.length && added.length < LATE_ADDED_CAP; i++) {
        const n = r.addedNodes[i];
        if (n.nodeType === 1) added.push(/** @type {Element} */ (n));
      }
    }
    schedule();
  });
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
  // The scan in tasks of its own (its first step, the browser's list of the page's fields, is
  // one native walk of the document).
  await yieldToPage();
  if (state.dead) return;
  const from = scanFrom(page, !!read);
  const scan = await passwordScan(() => state.dead, from);
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
  const message = async (sendBlocks) => {
    // The columns in slices (a large page), then in one go: the password check at the last
    // moment (a field added since the page settled counts too), the message.
    const cols = await columnsSliced(hasPassword ? [] : sendBlocks);
    hasPassword = hasPassword || passwordNow(scan);
    return { ...visitMessageOf({ title, truncated, hasPassword }, hasPassword ? await columnsSliced([]) : cols), url };
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
      result = await send(await message(keyed));
    } catch (e) {
      // The stored version changed meanwhile (another tab): send every text.
      if (!known || !(e && e.kind === 'stale')) throw e;
      textsSent = blocks.length;
      result = await send(await message(blocks));
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
  if (result.status !== 'skipped') watchLatePassword(scan, !page.shadow || page.shadow.entered < SMALL_PAGE);
  // live.js: text that changes by itself while the page stays open teaches the site.
  if (result.status !== 'skipped' && !hasPassword) watchLive(url, blocks, regions, sameRoute);
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
