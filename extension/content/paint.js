// Painting an answer in place: inline styles on the changed blocks (a tint for new blocks and a
// left bar for every change: never colour alone), word marks (words.js), the bar and its
// margin markers (bar.js), removed text on request in closed shadow roots of
// <sincelast-removed> elements, automated changes (noise, template) on request with their
// reasons. Unpainting gives every text node and inline style back as it was.
//
// Highlights are inline styles on the elements they mark: a page-wide style sheet would make
// the browser restyle every element of the page (costly on big pages); this way only the
// marked elements are restyled. The page's own inline style is kept and given back as it was.

import { isAuto, reasonLabel } from '../shared/labels.js';
import { state } from './state.js';
import { ATTR, AUTO_ATTR, FOCUS_ATTR, REMOVED_TAG, SAVED_STYLE_ATTR, addStyle } from './dom.js';
import { markWords } from './words.js';
import { LABELS, showBar, placeMarkers } from './bar.js';
import { checkAlive } from './runtime.js';
import { testMark } from './test-hooks.js';
import { everydayActions } from './everyday.js';

/** @type {Record<string, string>} */
const BLOCK_STYLE = {
  new: 'background-color: rgba(255, 204, 0, 0.2) !important; box-shadow: -6px 0 0 0 #d99a00 !important;',
  changed: 'box-shadow: -6px 0 0 0 #d99a00 !important;',
  moved: 'box-shadow: -6px 0 0 0 #6f8ba6 !important;',
};
const FOCUS_STYLE = 'outline: 3px solid #d99a00 !important; outline-offset: 4px !important;';
// Automated changes (noise, template), when shown: a dashed grey outline, never the yellow.
const AUTO_STYLE = 'outline: 2px dashed #7a7f87 !important; outline-offset: 2px !important;';
const REMOVED_HOST_STYLE = 'all: initial !important; display: block !important; margin: 0.4em 0 !important;';

const REMOVED_CSS = `
:host { all: initial; display: block; }
div { font: inherit; padding: 4px 8px 4px 28px; position: relative; border-left: 4px dashed #9a9a9a;
  background: rgba(128,128,128,.12); color: #6b6b6b; font-family: system-ui, sans-serif; font-size: 14px; }
div::before { content: "−"; position: absolute; left: 8px; font-weight: bold; }
s { text-decoration-thickness: 1px; }
small { display: block; font-size: 11px; text-transform: uppercase; letter-spacing: .04em; }
div.dark { color: #c9c9c9; background: rgba(255,255,255,.08); border-left-color: #8a8a8a; }
`;

/**
 * Paints a 'changed' answer: block styles, word marks, margin markers and the bar.
 * @param {import('../shared/messages.js').VisitResult} result
 */
export function paint(result) {
  unpaint();
  const t0 = performance.now();
  let wordsMs = 0;
  /** @type {import('./words.js').Undo[]} */
  const undo = [];
  /** @type {(() => void)[]} */
  const restyle = []; // functions giving the page's inline styles back
  /** @type {import('./state.js').Target[]} */
  const targets = []; // per change: { change, el (null for removed until shown) }
  for (const change of result.changes || []) {
    if (isAuto(change)) {
      // Noise and template changes: painted only when the person asks (toggleAuto).
      targets.push({ change, el: null, auto: true });
      continue;
    }
    if (change.status === 'removed' || change.new_index == null) {
      targets.push({ change, el: null });
      continue;
    }
    const el = state.elements[change.new_index];
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

  const bar = showBar(result, { step, toggleRemoved: () => toggleRemoved(), toggleAuto: () => toggleAuto(), hide: unpaint, ...everydayActions() });
  /** @type {import('./state.js').Painting} */
  const p = {
    undo, restyle, targets, bar, unfocus: null, removedShown: false, autoShown: false, cursor: -1,
    focusTimer: undefined, markers: [], onResize: () => {}, raf: 0, resizeObserver: null,
  };
  state.painting = p;
  // Markers need the layout: place them with the next frame instead of forcing one now.
  p.onResize = () => {
    if (state.painting === p && !p.raf) {
      p.raf = requestAnimationFrame(() => {
        if (state.painting !== p) return;
        p.raf = 0;
        markers(p);
      });
    }
  };
  p.onResize();
  addEventListener('resize', p.onResize);
  p.resizeObserver = new ResizeObserver(p.onResize);
  p.resizeObserver.observe(document.body || document.documentElement);
  startOrphanWatch();
  if (TEST_HOOKS) {
    testMark('paint-steps', JSON.stringify({ blocks: blocksMs, words: wordsMs, ui: performance.now() - t0 - blocksMs }));
    testMark('painted', String(targets.filter((t) => !t.auto).length));
    testMark('bar', bar.counts.textContent || '');
    testMark('auto-toggle', bar.autoButton ? bar.autoButton.textContent || '' : '');
  }
}

/** Checks now and then, while something is painted, that the extension is still there. */
export function startOrphanWatch() {
  clearInterval(state.orphanTimer);
  state.orphanTimer = setInterval(checkAlive, 3000);
}

/** @param {import('./state.js').Painting} p */
function markers(p) {
  const t0 = performance.now();
  placeMarkers(p);
  if (TEST_HOOKS) testMark('markers', `${p.markers.length}|${(performance.now() - t0).toFixed(1)}`);
}

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

/**
 * A box with removed text, in a closed shadow root.
 * @param {string} text
 * @param {boolean} dark
 * @param {string} [labelText]
 */
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

/**
 * Where removed text that stood before block `at` goes: before the outermost element that
 * begins with that block and does not hold the block before it (so text removed between two
 * articles shows between them, not inside the second one).
 * @param {number} at
 */
function insertionPoint(at) {
  const { elements } = state;
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

/**
 * Places a removed block's box where the block stood (see insertionPoint).
 * @param {Element} node
 * @param {number | null | undefined} at
 */
function placeRemoved(node, at) {
  const anchor = at != null ? insertionPoint(at) : null;
  if (anchor && anchor.isConnected) anchor.before(node);
  else {
    const last = [...state.elements].reverse().find((e) => e && e.isConnected);
    if (last) last.after(node);
    else (document.body || document.documentElement).appendChild(node);
  }
}

/**
 * Shows (or hides) the removed text of content changes.
 * @param {boolean} [show]
 */
function toggleRemoved(show) {
  const p = state.painting;
  if (!p) return;
  if (show === undefined) show = !p.removedShown;
  if (show === p.removedShown) return;
  p.removedShown = show;
  const dark = show && pageIsDark();
  for (const t of p.targets) {
    if (t.change.status !== 'removed' || t.auto) continue;
    if (show) {
      const node = makeRemoved(t.change.text || '', dark);
      placeRemoved(node, t.change.at);
      t.el = node;
    } else if (t.el) {
      t.el.remove();
      t.el = null;
    }
  }
  if (p.bar.removedButton) p.bar.removedButton.textContent = show ? 'Hide removed' : 'Show removed';
  markers(p);
}

/**
 * Shows (or hides) the automated changes: noise and template, each with a dashed outline and
 * a label saying why it is automated; removed ones as a box with the reason.
 * @param {boolean} [show]
 */
function toggleAuto(show) {
  const p = state.painting;
  if (!p) return;
  if (show === undefined) show = !p.autoShown;
  if (show === p.autoShown) return;
  p.autoShown = show;
  const dark = show && pageIsDark();
  /** @type {{ status: string, kind: string, reason: string }[]} */
  const shown = [];
  for (const t of p.targets) {
    if (!t.auto) continue;
    if (show) {
      if (t.change.status === 'removed') {
        const node = makeRemoved(t.change.text || '', dark, `Removed · automated: ${reasonLabel(t.change)}`);
        placeRemoved(node, t.change.at);
        t.el = node;
      } else {
        const el = t.change.new_index == null ? null : state.elements[t.change.new_index];
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
  const { autoButton, autoText } = p.bar;
  if (autoButton) {
    autoButton.textContent = autoText(show);
    autoButton.setAttribute('aria-pressed', String(show));
  }
  markers(p);
  if (TEST_HOOKS) {
    testMark('auto', show ? JSON.stringify(shown) : 'hidden');
    testMark('auto-toggle', autoButton ? autoButton.textContent || '' : '');
  }
}

/**
 * Scrolls to change `k` and outlines it for a moment (showing removed or automated changes
 * first when it is one of them).
 * @param {number} k
 */
export function focusTarget(k) {
  const p = state.painting;
  if (!p) return false;
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
  if (TEST_HOOKS) testMark('focused', `${k}:${t.change.status}:${Date.now()}`);
  return true;
}

/** @param {import('./state.js').Painting} p */
function unfocus(p) {
  clearTimeout(p.focusTimer);
  if (p.unfocus) p.unfocus();
  p.unfocus = null;
}

/**
 * Focuses the next (dir 1) or previous (dir -1) change that can be shown.
 * @param {number} dir
 */
export function step(dir) {
  const p = state.painting;
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
export function unpaint() {
  const p = state.painting;
  if (!p) return;
  state.painting = null;
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
      mark.replaceWith(document.createTextNode(mark.textContent || ''));
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
  p.bar.host.remove();
  clearInterval(state.orphanTimer);
  if (TEST_HOOKS) testMark('painted', 'hidden');
}
