// The content script: waits for the page to settle, extracts its blocks (extract.js, the
// written extraction spec), asks the background what changed since the last visit, and paints
// the answer in place. Plain JS, no wasm, no imports: the build concatenates extract.js and this
// file into one classic script inside one function scope, with SINCELAST_TEST_HOOKS defined.
//
// Rules kept here:
// - page-derived text is only ever set with textContent or moved by splitting text nodes;
// - our UI (the bar, the margin markers, removed text) lives in closed shadow roots;
// - hiding, an extension update/reload under the page, or a takeover by a newer copy of this
//   script removes every trace (highlights, markers, styles, observers, timers);
// - back/forward cache: nothing keeps running while the page is hidden.

/* global sincelastExtract, SINCELAST_TEST_HOOKS */

const api = globalThis.browser ?? globalThis.chrome;
const LIMITS = { maxBlocks: 20000, maxBlockText: 100000, maxTotalText: 8000000 };
const SETTLE_QUIET_MS = 300;
const SETTLE_CAP_MS = 5000;
const LOAD_CAP_MS = 10000; // a page whose load event never comes is read anyway
const MAX_MARKERS = 400;
const ATTR = 'data-sincelast';
const WORD_ATTR = 'data-sincelast-word';
const FOCUS_ATTR = 'data-sincelast-focus';
const AUTO_ATTR = 'data-sincelast-auto'; // an automated (noise / template) change, shown on demand
const SAVED_STYLE_ATTR = 'data-sincelast-style'; // the page's own inline style, while we add to it
const UI_TAG = 'sincelast-ui';
const REMOVED_TAG = 'sincelast-removed';
const TAKEOVER_EVENT = 'sincelast:takeover';

const LABELS = {
  new: { mark: '+', text: 'New since your last visit' },
  changed: { mark: '✎', text: 'Changed since your last visit' },
  moved: { mark: '↕', text: 'Moved since your last visit' },
  removed: { mark: '−', text: 'Removed since your last visit' },
};

const timing = { start: performance.now() };
let dead = false;
let sent = false;
let settle = null; // { stop() } while waiting for the page to settle
let painting = null; // the painted state, see paint()
let lastResult = null; // the background's answer, kept to repaint after "hide"
let elements = [];
let orphanTimer = null;
let knownKeys = null; // Promise<Set<string>>: text keys the background already has for this page
let knownSet; // the same set once it has arrived (undefined before; null when unavailable)
let early = null; // the blocks read before the page settled: { page, keyed, ms, dirty, observer }
let earlyTimer = null;

// ---------------------------------------------------------------------------------------------
// Life cycle.

function alive() {
  try {
    return !!(api && api.runtime && api.runtime.id);
  } catch {
    return false;
  }
}

/** Removes every trace of this copy of the script and stops it for good. */
function shutdown() {
  if (dead) return;
  dead = true;
  unpaint();
  if (settle) settle.stop();
  dropEarly();
  clearInterval(orphanTimer);
  document.removeEventListener(TAKEOVER_EVENT, shutdown);
  removeEventListener('pagehide', onPageHide);
  removeEventListener('pageshow', onPageShow);
  document.removeEventListener('visibilitychange', checkAlive);
  try {
    api.runtime.onMessage.removeListener(onMessage);
  } catch {
    // The runtime is gone already.
  }
}

function checkAlive() {
  if (!alive()) shutdown();
}

/** Leftovers of an older copy that could not clean up after itself. */
function sweepLeftovers() {
  for (const mark of document.querySelectorAll(`mark[${WORD_ATTR}]`)) {
    const parent = mark.parentNode;
    mark.replaceWith(document.createTextNode(mark.textContent));
    if (parent) parent.normalize();
  }
  for (const el of document.querySelectorAll(`[${ATTR}], [${FOCUS_ATTR}], [${AUTO_ATTR}]`)) {
    const saved = el.getAttribute(SAVED_STYLE_ATTR);
    if (saved === null) el.removeAttribute('style');
    else el.setAttribute('style', saved);
    el.removeAttribute(SAVED_STYLE_ATTR);
    el.removeAttribute(ATTR);
    el.removeAttribute(FOCUS_ATTR);
    el.removeAttribute(AUTO_ATTR);
  }
  for (const el of document.querySelectorAll(`${UI_TAG}, ${REMOVED_TAG}`)) el.remove();
}

function onPageHide() {
  if (settle) settle.stop();
  clearInterval(orphanTimer);
}

function onPageShow(event) {
  if (!event.persisted || dead) return;
  if (!alive()) return shutdown();
  if (painting) {
    startOrphanWatch();
    send({ type: 'restored' }).catch(() => {});
  } else if (!sent) {
    start();
  }
}

function startOrphanWatch() {
  clearInterval(orphanTimer);
  orphanTimer = setInterval(checkAlive, 3000);
}

// ---------------------------------------------------------------------------------------------
// Settling: after load, wait until the DOM has been quiet for a moment (capped).

function whenSettled() {
  return new Promise((resolve) => {
    let quiet = null;
    let cap = null;
    let loadCap = null;
    let observer = null;
    const stop = () => {
      clearTimeout(quiet);
      clearTimeout(cap);
      clearTimeout(loadCap);
      clearTimeout(earlyTimer);
      if (observer) observer.disconnect();
      removeEventListener('load', begin);
      settle = null;
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
        clearTimeout(earlyTimer);
        earlyTimer = setTimeout(readEarly, SETTLE_QUIET_MS / 2);
      });
      observer.observe(document.documentElement, { childList: true, subtree: true, characterData: true });
      quiet = setTimeout(done, SETTLE_QUIET_MS);
      earlyTimer = setTimeout(readEarly, SETTLE_QUIET_MS / 2);
      cap = setTimeout(done, SETTLE_CAP_MS);
    }
    settle = { stop };
    if (document.readyState === 'complete') begin();
    else {
      addEventListener('load', begin, { once: true });
      loadCap = setTimeout(begin, LOAD_CAP_MS);
    }
  });
}

// Reading early: once the page has been quiet for half the settle window its blocks are read
// (and keyed) while it is still waiting, and kept if nothing they depend on changes before it
// settles — then the highlights follow the settling without the read in between. Any change
// of the tree, of text, or of an attribute the extraction reads makes the page be read again
// when it settles.

const READ_ATTRIBUTES = ['hidden', 'aria-hidden', 'open', 'href'];

function readEarly() {
  if (dead || sent || !document.body) return;
  dropEarly();
  const t0 = performance.now();
  const page = sincelastExtract(document, { url: location.href });
  const capped = capBlocks(page);
  const e = { page, capped, keyed: null, at: t0, ms: performance.now() - t0, dirty: false, observer: null };
  // Keying in a task of its own: two shorter tasks instead of one long one.
  setTimeout(() => {
    if (early !== e || e.dirty || knownSet === undefined) return;
    const t1 = performance.now();
    e.keyed = withKeys(capped.blocks, knownSet);
    e.ms += performance.now() - t1;
  }, 0);
  e.observer = new MutationObserver(() => {
    e.dirty = true;
    e.observer.disconnect();
  });
  e.observer.observe(document.documentElement, {
    childList: true, subtree: true, characterData: true, attributes: true, attributeFilter: READ_ATTRIBUTES,
  });
  early = e;
}

function dropEarly() {
  if (!early) return;
  early.observer.disconnect();
  early = null;
}

// ---------------------------------------------------------------------------------------------
// Talking to the background.

async function send(message) {
  if (!alive()) {
    shutdown();
    throw new Error('extension gone');
  }
  let reply;
  try {
    reply = await api.runtime.sendMessage(message);
  } catch (e) {
    if (!alive()) shutdown();
    throw e;
  }
  if (!reply || !reply.ok) throw new Error(reply && reply.error ? `${reply.error.kind}: ${reply.error.message}` : 'no answer');
  return reply.result;
}

/** Twin of textKey in shared/protocol.js (the content script cannot import modules). */
function textKey(text) {
  let h1 = 0x811c9dc5;
  let h2 = 0x27d4eb2f ^ text.length;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    h1 = Math.imul(h1 ^ c, 0x01000193);
    h2 = Math.imul(h2 ^ c, 0x5bd1e995);
    h2 ^= h2 >>> 15;
  }
  h1 = Math.imul(h1 ^ (h1 >>> 16), 0x85ebca6b);
  h1 ^= h1 >>> 13;
  h2 = Math.imul(h2 ^ (h2 >>> 13), 0xc2b2ae35);
  h2 ^= h2 >>> 16;
  return `${(h1 >>> 0).toString(36)}.${(h2 >>> 0).toString(36)}:${text.length}`;
}

/** Blocks for the message: texts the background already has go as their key only. */
function withKeys(blocks, known) {
  if (!known || !known.size) return blocks;
  return blocks.map((b) => {
    const key = textKey(b.text);
    return known.has(key) ? { key, path: b.path, links: b.links } : b;
  });
}

/** Twin of encodePaths in shared/protocol.js: "<prefix shared with the path before>|<rest>". */
function encodePaths(paths) {
  let prev = '';
  return paths.map((p) => {
    let n = 0;
    const max = Math.min(p.length, prev.length);
    while (n < max && p.charCodeAt(n) === prev.charCodeAt(n)) n++;
    prev = p;
    return `${n}|${p.slice(n)}`;
  });
}

function capBlocks(page) {
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

function testMark(name, value) {
  if (SINCELAST_TEST_HOOKS) document.documentElement.setAttribute(`data-sincelast-test-${name}`, value);
}

async function start() {
  // Asked while the page settles, so the answer is there when it is needed.
  knownKeys = send({ type: 'known' }).then((r) => {
    testMark('known', String(r.keys.length));
    knownSet = new Set(r.keys);
    return knownSet;
  }, () => {
    knownSet = null;
    return null;
  });
  await whenSettled();
  if (dead || sent) {
    dropEarly();
    return;
  }
  if (!document.body) return;
  sent = true;
  timing.settled = performance.now();
  const read = early && !early.dirty ? early : null;
  dropEarly();
  const page = read ? read.page : sincelastExtract(document, { url: location.href });
  elements = page.elements;
  const { blocks, truncated } = read ? read.capped : capBlocks(page);
  const hasPassword = !!document.querySelector('input[type="password" i]');
  timing.extracted = performance.now();
  testMark('read', read ? 'early' : 'settled');
  if (!read) {
    // Let the page have the main thread between extracting and sending (the message is
    // serialized on this thread): two shorter tasks instead of one long one.
    await new Promise((resolve) => setTimeout(resolve, 0));
  }
  timing.yielded = performance.now();
  if (dead) return;
  // The wire form of shared/protocol.js's visitMessage: columns, paths front-coded, no type
  // paths (the background derives them).
  const message = (sendBlocks) => {
    const bs = hasPassword ? [] : sendBlocks;
    const keyed = bs.some((b) => b.text === undefined);
    return {
      type: 'visit',
      title: String(page.title || '').slice(0, 1024),
      truncated,
      hasPassword,
      texts: bs.map((b) => (b.text === undefined ? null : b.text)),
      ...(keyed ? { keys: bs.map((b) => (b.text === undefined ? b.key : null)) } : {}),
      paths: encodePaths(bs.map((b) => b.path)),
      links: bs.map((b) => b.links),
    };
  };
  let result;
  let textsSent = blocks.length;
  try {
    const known = hasPassword ? null : await knownKeys;
    try {
      const keyed = read && read.keyed && known === knownSet ? read.keyed : withKeys(blocks, known);
      textsSent = keyed.filter((b) => b.text !== undefined).length;
      timing.keyed = performance.now();
      result = await send(message(keyed));
    } catch (e) {
      // The stored version changed meanwhile (another tab): send every text.
      if (!known || !/^stale:/.test(e.message)) throw e;
      textsSent = blocks.length;
      result = await send(message(blocks));
    }
  } catch (e) {
    testMark('state', `error: ${e.message}`);
    return;
  }
  timing.answered = performance.now();
  if (SINCELAST_TEST_HOOKS && result.steps && result.steps.received) {
    const origin = performance.timeOrigin;
    result.steps.sendMs = result.steps.received - (origin + timing.keyed);
    result.steps.replyMs = origin + timing.answered - result.steps.replied;
    delete result.steps.received;
    delete result.steps.replied;
  }
  if (dead) return;
  lastResult = result;
  if (result.status === 'changed') paint(result);
  timing.painted = performance.now();
  if (SINCELAST_TEST_HOOKS) {
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

// ---------------------------------------------------------------------------------------------
// Painting.

// Highlights are inline styles on the elements they mark: a page-wide style sheet would make
// the browser restyle every element of the page (costly on big pages); this way only the
// marked elements are restyled. The page's own inline style is kept and given back as it was.
const BLOCK_STYLE = {
  new: 'background-color: rgba(255, 204, 0, 0.2) !important; box-shadow: -6px 0 0 0 #d99a00 !important;',
  changed: 'box-shadow: -6px 0 0 0 #d99a00 !important;',
  moved: 'box-shadow: -6px 0 0 0 #6f8ba6 !important;',
};
const MARK_STYLE = 'all: unset; background-color: #ffe36e !important; color: #141414 !important; '
  + 'text-decoration: underline 2px #8a5a00 !important; text-underline-offset: 2px !important; '
  + 'border-radius: 2px !important; box-decoration-break: clone; -webkit-box-decoration-break: clone;';
const FOCUS_STYLE = 'outline: 3px solid #d99a00 !important; outline-offset: 4px !important;';
// Automated changes (noise, template), when shown: a dashed grey outline, never the yellow.
const AUTO_STYLE = 'outline: 2px dashed #7a7f87 !important; outline-offset: 2px !important;';
const REMOVED_HOST_STYLE = 'all: initial !important; display: block !important; margin: 0.4em 0 !important;';

/** Adds `css` to an element's inline style; returns how to give the page's style back. */
function addStyle(el, css) {
  const before = el.getAttribute('style');
  if (before !== null && !el.hasAttribute(SAVED_STYLE_ATTR)) el.setAttribute(SAVED_STYLE_ATTR, before);
  el.setAttribute('style', before ? `${before}; ${css}` : css);
  return () => {
    if (before === null) el.removeAttribute('style');
    else el.setAttribute('style', before);
  };
}

const UI_CSS = `
:host { all: initial; }
.bar { position: fixed; right: 16px; bottom: 16px; z-index: 2147483647; display: flex; gap: 6px;
  align-items: center; padding: 6px 8px 6px 12px; border-radius: 10px; background: #1f2328;
  color: #f5f5f5; font: 13px/1.3 system-ui, -apple-system, "Segoe UI", sans-serif;
  box-shadow: 0 2px 10px rgba(0,0,0,.35); border: 1px solid #5b4a1a; max-width: calc(100vw - 32px); }
.counts { white-space: nowrap; overflow: hidden; text-overflow: ellipsis; }
.counts b { color: #ffd54a; font-weight: 600; }
button { font: inherit; color: #1f2328; background: #ffd54a; border: 0; border-radius: 6px;
  padding: 3px 8px; cursor: pointer; }
button.plain { background: transparent; color: #f5f5f5; border: 1px solid #6b7280; }
button:focus-visible { outline: 2px solid #fff; outline-offset: 1px; }
.layer { position: absolute; top: 0; left: 0; width: 0; height: 0; }
.marker { position: absolute; width: 18px; height: 18px; border-radius: 9px; background: #d99a00;
  color: #141414; font: bold 13px/18px system-ui, sans-serif; text-align: center;
  box-shadow: 0 0 0 2px #fff; pointer-events: auto; cursor: default; }
.marker.moved { background: #9db4cc; }
.auto-label { position: absolute; max-width: 260px; padding: 1px 6px; border-radius: 4px;
  background: #eceef1; color: #30343a; border: 1px dashed #7a7f87;
  font: 11px/16px system-ui, sans-serif; white-space: nowrap; overflow: hidden;
  text-overflow: ellipsis; pointer-events: auto; }
.marker.removed { background: #e0e0e0; }
`;

const REMOVED_CSS = `
:host { all: initial; display: block; }
div { font: inherit; padding: 4px 8px 4px 28px; position: relative; border-left: 4px dashed #9a9a9a;
  background: rgba(128,128,128,.12); color: #6b6b6b; font-family: system-ui, sans-serif; font-size: 14px; }
div::before { content: "−"; position: absolute; left: 8px; font-weight: bold; }
s { text-decoration-thickness: 1px; }
small { display: block; font-size: 11px; text-transform: uppercase; letter-spacing: .04em; }
div.dark { color: #c9c9c9; background: rgba(255,255,255,.08); border-left-color: #8a8a8a; }
`;

/** True when the page's own background is dark (then removed text is drawn light). */
function pageIsDark() {
  for (const el of [document.body, document.documentElement]) {
    if (!el) continue;
    const m = /rgba?\(([\d.]+),\s*([\d.]+),\s*([\d.]+)(?:,\s*([\d.]+))?/.exec(getComputedStyle(el).backgroundColor);
    if (!m || (m[4] !== undefined && Number(m[4]) < 0.5)) continue;
    const [r, g, b] = [m[1], m[2], m[3]].map(Number);
    return 0.2126 * r + 0.7152 * g + 0.0722 * b < 110;
  }
  return false;
}

/** The normalized text of an element with, per character, the text node and offset it came from. */
function indexText(el) {
  const nodes = [];
  const walker = document.createTreeWalker(el, NodeFilter.SHOW_TEXT);
  let total = 0;
  for (let n = walker.nextNode(); n; n = walker.nextNode()) {
    const tag = n.parentNode && n.parentNode.nodeName;
    if (tag === 'SCRIPT' || tag === 'STYLE' || tag === 'NOSCRIPT') continue;
    nodes.push(n);
    total += n.data.length;
  }
  // Per normalized character: its text node and offset there (typed arrays, filled in runs).
  const nodeOf = new Int32Array(total + 1);
  const offOf = new Int32Array(total + 1);
  const parts = [];
  let len = 0;
  let pending = false;
  for (let k = 0; k < nodes.length; k++) {
    const data = nodes[k].data;
    let run = -1; // start of the current run of kept characters
    for (let i = 0; i <= data.length; i++) {
      const c = i < data.length ? data.charCodeAt(i) : 32;
      const drop = c === 0x200b || c === 0xfeff || c === 0xad;
      const space = !drop && isSpace(c);
      if (drop || space) {
        if (run >= 0) {
          parts.push(data.slice(run, i));
          for (let j = run; j < i; j++, len++) {
            nodeOf[len] = k;
            offOf[len] = j;
          }
          run = -1;
        }
        if (space && i < data.length) pending = true;
        continue;
      }
      if (run < 0) {
        if (pending && len) {
          parts.push(' ');
          nodeOf[len] = k;
          offOf[len] = i;
          len++;
        }
        pending = false;
        run = i;
      }
    }
  }
  return { text: parts.join(''), nodes, nodeOf, offOf };
}

/** White space as the core's normalization sees it (Unicode White_Space). */
function isSpace(c) {
  return c === 32 || (c >= 9 && c <= 13) || c === 0xa0 || c === 0x85 || c === 0x1680
    || (c >= 0x2000 && c <= 0x200a) || c === 0x2028 || c === 0x2029 || c === 0x202f || c === 0x205f || c === 0x3000;
}

/** Wraps normalized range [from, to) of an indexed element in <mark> elements (one per text node). */
function wrapRange(index, from, to) {
  const segments = new Map();
  for (let i = from; i < to; i++) {
    const k = index.nodeOf[i];
    const off = index.offOf[i];
    const seg = segments.get(k);
    if (seg) seg.end = off + 1;
    else segments.set(k, { start: off, end: off + 1 });
  }
  return segments;
}

function wrapSegments(index, segmentsByNode, undo) {
  for (const [k, segs] of segmentsByNode) {
    segs.sort((a, b) => b.start - a.start);
    const node = index.nodes[k];
    for (const { start, end } of segs) {
      if (end > node.data.length || start >= end) continue;
      const middle = node.splitText(start);
      const rest = middle.splitText(end - start);
      const mark = document.createElement('mark');
      mark.setAttribute(WORD_ATTR, '');
      mark.setAttribute('style', MARK_STYLE);
      middle.replaceWith(mark);
      mark.appendChild(middle);
      undo.push({ node, mark, rest });
    }
  }
}

/** Marks the inserted words of a changed block; false when its text cannot be found in the DOM. */
function markWords(el, change, undo) {
  if (!Array.isArray(change.spans)) return false;
  const index = indexText(el);
  let newText = '';
  const inserts = [];
  for (const s of change.spans) {
    if (s.kind === 'delete') continue;
    if (s.kind === 'insert') inserts.push([newText.length, newText.length + s.text.length]);
    newText += s.text;
  }
  if (!inserts.length) return true;
  const base = index.text.indexOf(newText);
  const ranges = [];
  let cursor = 0;
  for (let [a, b] of inserts) {
    while (a < b && newText[a] === ' ') a++;
    while (b > a && newText[b - 1] === ' ') b--;
    if (a >= b) continue;
    if (base >= 0) {
      ranges.push([base + a, base + b]);
    } else {
      const at = index.text.indexOf(newText.slice(a, b), cursor);
      if (at < 0) continue;
      ranges.push([at, at + (b - a)]);
      cursor = at + (b - a);
    }
  }
  const byNode = new Map();
  for (const [a, b] of ranges) {
    for (const [k, seg] of wrapRange(index, a, b)) {
      if (!byNode.has(k)) byNode.set(k, []);
      byNode.get(k).push(seg);
    }
  }
  wrapSegments(index, byNode, undo);
  return ranges.length > 0;
}

function makeRemoved(text, dark, labelText = LABELS.removed.text) {
  const host = document.createElement(REMOVED_TAG);
  host.setAttribute('style', REMOVED_HOST_STYLE);
  const root = host.attachShadow({ mode: 'closed' });
  const style = document.createElement('style');
  style.textContent = REMOVED_CSS;
  const box = document.createElement('div');
  if (dark) box.className = 'dark';
  box.setAttribute('role', 'note');
  const label = document.createElement('small');
  label.textContent = labelText;
  const s = document.createElement('s');
  s.textContent = text;
  box.append(label, s);
  root.append(style, box);
  return host;
}

/** True for a change the site's model calls automated (noise or template): not painted by default. */
function isAuto(change) {
  return !!change.kind && change.kind !== 'content';
}

/**
 * A reason as a person reads it: "builtin: counter" → "counter", "learned: rotating: <path>" →
 * "learned: rotating item"; learned slot rules keep their pattern ("learned: Visitor number {*}").
 */
function reasonLabel(change) {
  const r = String(change.reason || change.kind || 'automated');
  if (r.startsWith('builtin: ')) return r.slice(9);
  if (r.startsWith('learned: rotating: ')) return 'learned: rotating item';
  return r;
}

function countsText(changes) {
  const n = { new: 0, changed: 0, moved: 0, removed: 0 };
  for (const c of changes) if (!isAuto(c)) n[c.status]++;
  return ['new', 'changed', 'moved', 'removed'].filter((k) => n[k]).map((k) => [n[k], k]);
}

function relativeTime(then) {
  if (!then) return '';
  const s = Math.max(0, (Date.now() - then) / 1000);
  if (s < 60) return 'moments ago';
  if (s < 3600) return `${Math.round(s / 60)} min ago`;
  if (s < 86400) return `${Math.round(s / 3600)} h ago`;
  return `${Math.round(s / 86400)} days ago`;
}

function button(action, label, title, onClick, plain = false) {
  const b = document.createElement('button');
  b.type = 'button';
  b.dataset.action = action;
  b.textContent = label;
  b.title = title;
  b.setAttribute('aria-label', title);
  if (plain) b.className = 'plain';
  b.addEventListener('click', (e) => {
    e.stopPropagation();
    if (!alive()) return shutdown();
    onClick();
  });
  return b;
}

/** Paints a 'changed' answer: block attributes, word marks, margin markers and the bar. */
function paint(result) {
  unpaint();
  const t0 = performance.now();
  let wordsMs = 0;
  const undo = [];
  const restyle = []; // functions giving the page's inline styles back
  const targets = []; // per change: { change, el (null for removed until shown) }
  for (const change of result.changes) {
    if (isAuto(change)) {
      // Noise and template changes: painted only when the person asks (toggleAuto).
      targets.push({ change, el: null, auto: true });
      continue;
    }
    if (change.status === 'removed') {
      targets.push({ change, el: null });
      continue;
    }
    const el = elements[change.new_index];
    if (!el || !el.isConnected) {
      targets.push({ change, el: null });
      continue;
    }
    el.setAttribute(ATTR, change.status);
    restyle.push(addStyle(el, BLOCK_STYLE[change.status]));
    if (change.status === 'changed') {
      const w0 = performance.now();
      markWords(el, change, undo);
      wordsMs += performance.now() - w0;
    }
    targets.push({ change, el });
  }
  const blocksMs = performance.now() - t0;

  const host = document.createElement(UI_TAG);
  host.setAttribute('style', 'all: initial !important; position: absolute !important; top: 0 !important; left: 0 !important; width: 0 !important; height: 0 !important; z-index: 2147483647 !important;');
  const root = host.attachShadow({ mode: 'closed' });
  const uiStyle = document.createElement('style');
  uiStyle.textContent = UI_CSS;
  const layer = document.createElement('div');
  layer.className = 'layer';
  const bar = document.createElement('div');
  bar.className = 'bar';
  bar.setAttribute('role', 'region');
  bar.setAttribute('aria-label', 'Since Last Visit');
  const counts = document.createElement('span');
  counts.className = 'counts';
  const parts = countsText(result.changes);
  parts.forEach(([n, k], i) => {
    if (i) counts.append(' · ');
    const b = document.createElement('b');
    b.textContent = String(n);
    counts.append(b, ` ${k}`);
  });
  if (!parts.length) counts.textContent = 'No content changes';
  if (result.lastVisitTime) counts.title = `Compared with your visit ${relativeTime(result.lastVisitTime)}`;
  const hasRemoved = result.changes.some((c) => c.status === 'removed' && !isAuto(c));
  const autoCount = result.changes.filter(isAuto).length;
  const autoText = (shown) => `${shown ? 'hide' : 'show'} ${autoCount} automated change${autoCount === 1 ? '' : 's'}`;
  const autoButton = autoCount
    ? button('automated', autoText(false), 'Changes the site makes by itself (counters, clocks, rotating items, site template)', () => toggleAuto(), true)
    : null;
  if (autoButton) autoButton.setAttribute('aria-pressed', 'false');
  const removedButton = hasRemoved ? button('removed', 'Show removed', 'Show removed text', () => toggleRemoved(), true) : null;
  bar.append(counts,
    button('previous', '↑', 'Previous change', () => step(-1), true),
    button('next', '↓', 'Next change', () => step(1)));
  if (removedButton) bar.append(removedButton);
  if (autoButton) bar.append(autoButton);
  bar.append(button('hide', '×', 'Hide the changes', () => unpaint(), true));
  root.append(uiStyle, layer, bar);
  document.documentElement.appendChild(host);

  painting = {
    undo, restyle, targets, host, root, layer, unfocus: null, removedShown: false, removedButton, cursor: -1, focusTimer: null, markers: [],
    autoShown: false, autoButton, autoText,
  };
  // Markers need the layout: place them with the next frame instead of forcing one now.
  painting.onResize = () => {
    if (painting && !painting.raf) {
      painting.raf = requestAnimationFrame(() => {
        if (!painting) return;
        painting.raf = 0;
        placeMarkers();
      });
    }
  };
  painting.onResize();
  addEventListener('resize', painting.onResize);
  painting.resizeObserver = new ResizeObserver(painting.onResize);
  painting.resizeObserver.observe(document.body || document.documentElement);
  startOrphanWatch();
  if (SINCELAST_TEST_HOOKS) {
    testMark('paint-steps', JSON.stringify({ blocks: blocksMs, words: wordsMs, ui: performance.now() - t0 - blocksMs }));
    testMark('painted', String(targets.filter((t) => !t.auto).length));
    testMark('bar', counts.textContent);
    testMark('auto-toggle', autoButton ? autoButton.textContent : '');
  }
}

function placeMarkers() {
  const p = painting;
  const t0 = performance.now();
  for (const m of p.markers) m.remove();
  p.markers = [];
  for (const { change, el, auto } of p.targets) {
    if (!el || p.markers.length >= MAX_MARKERS) continue;
    const r = el.getBoundingClientRect();
    if (!r.width && !r.height) continue;
    if (auto) {
      if (change.status === 'removed') continue; // its box says why
      // A small label with the reason, at the block's top right corner.
      const label = document.createElement('div');
      label.className = 'auto-label';
      label.textContent = reasonLabel(change);
      label.title = `Automated change (${change.kind}): ${change.reason || change.kind}`;
      // Right-aligned with the block, just above its top edge.
      label.style.top = `${Math.max(0, Math.round(r.top + scrollY - 18))}px`;
      label.style.left = `${Math.round(r.right + scrollX)}px`;
      label.style.transform = 'translateX(-100%)';
      p.layer.appendChild(label);
      p.markers.push(label);
      continue;
    }
    const m = document.createElement('div');
    m.className = `marker ${change.status}`;
    m.textContent = LABELS[change.status].mark;
    m.title = LABELS[change.status].text;
    m.setAttribute('role', 'img');
    m.setAttribute('aria-label', LABELS[change.status].text);
    m.style.top = `${Math.round(r.top + scrollY + 1)}px`;
    m.style.left = `${Math.max(2, Math.round(r.left + scrollX - 30))}px`;
    p.layer.appendChild(m);
    p.markers.push(m);
  }
  if (SINCELAST_TEST_HOOKS) testMark('markers', `${p.markers.length}|${(performance.now() - t0).toFixed(1)}`);
}

function toggleRemoved(show = !painting.removedShown) {
  const p = painting;
  if (!p || show === p.removedShown) return;
  p.removedShown = show;
  const dark = show && pageIsDark();
  for (const t of p.targets) {
    if (t.change.status !== 'removed' || t.auto) continue;
    if (show) {
      const node = makeRemoved(t.change.text || '', dark);
      const anchor = t.change.at != null ? insertionPoint(t.change.at) : null;
      if (anchor && anchor.isConnected) anchor.before(node);
      else {
        const last = [...elements].reverse().find((e) => e && e.isConnected);
        if (last) last.after(node);
        else (document.body || document.documentElement).appendChild(node);
      }
      t.el = node;
    } else if (t.el) {
      t.el.remove();
      t.el = null;
    }
  }
  if (p.removedButton) p.removedButton.textContent = show ? 'Hide removed' : 'Show removed';
  placeMarkers();
}

/** Places a removed block's box where the block stood (see insertionPoint). */
function placeRemoved(node, at) {
  const anchor = at != null ? insertionPoint(at) : null;
  if (anchor && anchor.isConnected) anchor.before(node);
  else {
    const last = [...elements].reverse().find((e) => e && e.isConnected);
    if (last) last.after(node);
    else (document.body || document.documentElement).appendChild(node);
  }
}

/**
 * Shows (or hides) the automated changes: noise and template, each with a dashed outline and
 * a label saying why it is automated; removed ones as a box with the reason.
 */
function toggleAuto(show = !painting.autoShown) {
  const p = painting;
  if (!p || show === p.autoShown) return;
  p.autoShown = show;
  const dark = show && pageIsDark();
  const shown = [];
  for (const t of p.targets) {
    if (!t.auto) continue;
    if (show) {
      if (t.change.status === 'removed') {
        const node = makeRemoved(t.change.text || '', dark, `Removed · automated: ${reasonLabel(t.change)}`);
        placeRemoved(node, t.change.at);
        t.el = node;
      } else {
        const el = elements[t.change.new_index];
        if (!el || !el.isConnected) continue;
        el.setAttribute(AUTO_ATTR, t.change.kind);
        const giveBack = addStyle(el, AUTO_STYLE);
        t.giveBack = () => {
          giveBack();
          el.removeAttribute(AUTO_ATTR);
          el.removeAttribute(SAVED_STYLE_ATTR);
        };
        t.el = el;
      }
      shown.push({ status: t.change.status, kind: t.change.kind, reason: reasonLabel(t.change) });
    } else if (t.el) {
      if (t.giveBack) t.giveBack();
      else t.el.remove();
      t.giveBack = null;
      t.el = null;
    }
  }
  if (p.autoButton) {
    p.autoButton.textContent = p.autoText(show);
    p.autoButton.setAttribute('aria-pressed', String(show));
  }
  placeMarkers();
  if (SINCELAST_TEST_HOOKS) {
    testMark('auto', show ? JSON.stringify(shown) : 'hidden');
    testMark('auto-toggle', p.autoButton ? p.autoButton.textContent : '');
  }
}

/**
 * Where removed text that stood before block `at` goes: before the outermost element that
 * begins with that block and does not hold the block before it (so text removed between two
 * articles shows between them, not inside the second one).
 */
function insertionPoint(at) {
  let anchor = elements[at];
  if (!anchor) return null;
  const prev = at > 0 ? elements[at - 1] : null;
  for (let parent = anchor.parentElement; parent && parent !== document.body && parent !== document.documentElement;
    parent = anchor.parentElement) {
    if (prev && parent.contains(prev)) break;
    anchor = parent;
  }
  return anchor;
}

function focusTarget(k) {
  const p = painting;
  const t = p.targets[k];
  if (!t) return false;
  if (t.auto && !p.autoShown) toggleAuto(true);
  else if (!t.el && t.change.status === 'removed') toggleRemoved(true);
  if (!t.el) return false;
  p.cursor = k;
  unfocus(p);
  const el = t.el;
  el.setAttribute(FOCUS_ATTR, '');
  const giveBack = addStyle(el, FOCUS_STYLE);
  p.unfocus = () => {
    el.removeAttribute(FOCUS_ATTR);
    giveBack();
  };
  el.scrollIntoView({ block: 'center', behavior: 'auto' });
  p.focusTimer = setTimeout(() => unfocus(p), 1500);
  testMark('focused', `${k}:${t.change.status}:${Date.now()}`);
  return true;
}

function unfocus(p) {
  clearTimeout(p.focusTimer);
  if (p.unfocus) p.unfocus();
  p.unfocus = null;
}

function step(dir) {
  const p = painting;
  if (!p || !p.targets.length) return false;
  const n = p.targets.length;
  for (let i = 1; i <= n; i++) {
    const k = (((p.cursor + dir * i) % n) + n) % n;
    const t = p.targets[k];
    if (t.auto && !p.autoShown) continue; // automated changes only while shown
    // Removed text is shown when the walk reaches it.
    if (t.el || t.change.status === 'removed') return focusTarget(k);
  }
  return false;
}

/** Removes every highlight, marker, inserted element, style and observer. */
function unpaint() {
  const p = painting;
  if (!p) return;
  painting = null;
  unfocus(p);
  if (p.raf) cancelAnimationFrame(p.raf);
  removeEventListener('resize', p.onResize);
  if (p.resizeObserver) p.resizeObserver.disconnect();
  for (let i = p.undo.length - 1; i >= 0; i--) {
    const { node, mark, rest } = p.undo[i];
    if (node.isConnected) {
      node.appendData(mark.textContent + rest.data);
      mark.remove();
      rest.remove();
    } else {
      mark.replaceWith(document.createTextNode(mark.textContent));
    }
  }
  for (let i = p.restyle.length - 1; i >= 0; i--) p.restyle[i]();
  for (const t of p.targets) {
    if (!t.el) continue;
    if (t.auto && t.giveBack) t.giveBack();
    else if (t.change.status === 'removed') t.el.remove();
    else {
      t.el.removeAttribute(ATTR);
      t.el.removeAttribute(SAVED_STYLE_ATTR);
    }
  }
  p.host.remove();
  clearInterval(orphanTimer);
  if (SINCELAST_TEST_HOOKS) testMark('painted', 'hidden');
}

// ---------------------------------------------------------------------------------------------
// Messages from the background (popup clicks, the keyboard command).

function onMessage(msg, sender, sendResponse) {
  if (dead || !msg || sender.id !== api.runtime.id || sender.tab) return false;
  if (msg.type === 'next-change') {
    if (!painting && lastResult && lastResult.status === 'changed') paint(lastResult);
    sendResponse({ ok: step(1) });
    return false;
  }
  if (msg.type === 'scroll-to' && Number.isInteger(msg.change)) {
    // (a page with automated changes only is painted on demand, from the popup's list)
    if (!painting && lastResult && lastResult.changes && lastResult.changes.length) paint(lastResult);
    sendResponse({ ok: !!painting && focusTarget(msg.change) });
    return false;
  }
  return false;
}

// ---------------------------------------------------------------------------------------------
// Test builds only: the browser tests press the bar's buttons (its shadow root is closed) and
// read this tab's badge (Firefox tests cannot open extension pages).

function installTestHooks() {
  document.addEventListener('sincelast-test:press', (e) => {
    const action = /^[a-z]{1,16}$/.test(String(e.detail)) ? String(e.detail) : '';
    const b = painting && action && painting.root.querySelector(`button[data-action="${action}"]`);
    if (b) b.click();
    testMark('pressed', `${e.detail}:${b ? 'ok' : 'missing'}:${Date.now()}`);
  });
  document.addEventListener('sincelast-test:open', (e) => {
    const page = String(e.detail) === 'options' ? 'options' : 'popup';
    send({ type: 'test-open', page }).then(() => testMark('opened', page), (err) => testMark('opened', `error: ${err.message}`));
  });
  document.addEventListener('sincelast-test:badge', () => {
    send({ type: 'test-badge' }).then((r) => testMark('badge', `${r.text}|${Date.now()}`), (err) => testMark('badge', `error: ${err.message}`));
  });
}

// ---------------------------------------------------------------------------------------------
// Start.

if (alive() && document instanceof HTMLDocument) {
  document.dispatchEvent(new CustomEvent(TAKEOVER_EVENT));
  sweepLeftovers();
  document.addEventListener(TAKEOVER_EVENT, shutdown);
  addEventListener('pagehide', onPageHide);
  addEventListener('pageshow', onPageShow);
  document.addEventListener('visibilitychange', checkAlive);
  api.runtime.onMessage.addListener(onMessage);
  if (SINCELAST_TEST_HOOKS) installTestHooks();
  start().catch((e) => testMark('state', `error: ${e && e.message}`));
}
