// Painting an answer: everything is drawn in the overlay (overlay.js), over the page, from the
// page's geometry — a tint for new blocks and a bar beside every change (never colour alone: the
// bar, the margin marker's symbol, the words' underline), boxes under the inserted words (Ranges
// from words.js), the margin markers, the bar, removed text on request, automated changes
// (noise, template) on request with their reasons. The page's own DOM is never touched, so its
// scripts cannot tell new blocks from old ones (no attribute, element, style or mutation of ours
// differs by the answer; CSS.highlights is not used either, since page scripts can read it).
//
// The drawing follows the page: scrolling (of the page or of any scroller in it), resizing and
// the page's own DOM changes redraw it, at most once per animation frame, and only what is near
// the viewport is drawn.
//
// Accessibility: a polite announcement of the count when painting; moving to a change focuses a
// note over it that reads what changed (inserted words as "inserted: …"); the bar is first in
// the tab order; under forced colours everything is drawn in system colours (overlay.js).

import { changeKindName, isAuto, reasonDetail, reasonLabel } from '../shared/labels.js';
import { plural, t as tr } from '../shared/i18n.js';
import { COLORS_KEY, PAINT_WHEN_KEY, STATUS_KEYS, checkColors, checkPaintWhen, derive, paletteOf } from '../shared/colors.js';
import { state } from './state.js';
import { wordSpans } from './words.js';
import { LABELS, setLabel, showBar, showText } from './bar.js';
import { ensureOverlay } from './overlay.js';
import { api, checkAlive } from './runtime.js';
import { testMark } from './test-hooks.js';
import { markNewLinks, unmarkLinks } from './links.js';
import { everydayActions } from './everyday.js';

const MAX_BOXES = 3000; // drawn per frame at most
const NEAR = 300; // px beyond the viewport still drawn
const FOCUS_FADE_MS = 1500;
/** The one Range the drawing measures inserted words with. */
const scratch = document.createRange();

/**
 * Paints a 'changed' answer.
 * @param {import('../shared/messages.js').VisitResult} result
 */
export function paint(result) {
  unpaint();
  // (links) certainly new links, marked with the changes (and so, with "only when I ask", only
  // once the person asks); unpaint takes them away.
  markNewLinks(result.newLinks || []);
  const t0 = performance.now();
  let wordsMs = 0;
  const overlay = state.overlay || ensureOverlay();
  /** @type {import('./state.js').Target[]} */
  const targets = [];
  for (const change of result.changes || []) {
    if (isAuto(change)) {
      // Noise and template changes: drawn only when the person asks (toggleAuto).
      targets.push({ change, el: null, auto: true, ranges: null, anchor: null });
      continue;
    }
    const el = change.status === 'removed' || change.new_index == null ? null : state.elements[change.new_index];
    if (!el || !el.isConnected) {
      targets.push({ change, el: null, ranges: null, anchor: null });
      continue;
    }
    /** @type {import('./words.js').Span[] | null} */
    let ranges = null;
    if (change.status === 'changed') {
      const w0 = performance.now();
      ranges = [];
      wordSpans(el, change, ranges);
      wordsMs += performance.now() - w0;
    }
    targets.push({ change, el, ranges, anchor: null });
  }
  const blocksMs = performance.now() - t0;

  const bar = showBar(result, { step, toggleRemoved: () => toggleRemoved(), toggleAuto: () => toggleAuto(), hide: unpaint, ...everydayActions() }, overlay.root);
  const colors = document.createElement('style');
  const layer = document.createElement('div');
  layer.className = 'layer';
  layer.setAttribute('aria-hidden', 'true');
  overlay.root.append(colors, layer);
  /** @type {import('./state.js').Painting} */
  const p = {
    targets, bar, layer, colors, focusEl: null, removedShown: false, autoShown: false, cursor: -1,
    focusTimer: undefined, raf: 0, schedule: () => {}, observers: [], dark: false, drawn: '',
  };
  state.painting = p;
  p.schedule = () => {
    if (state.painting === p && !p.raf) p.raf = requestAnimationFrame(() => draw(p));
  };
  // The page's brightness and the drawing need the layout: with the next frame, not now.
  requestAnimationFrame(() => {
    if (state.painting !== p) return;
    p.dark = pageIsDark();
    applyColors(p);
    draw(p);
  });
  addEventListener('scroll', p.schedule, { capture: true, passive: true });
  addEventListener('resize', p.schedule, { passive: true });
  const resizes = new ResizeObserver(p.schedule);
  resizes.observe(document.documentElement);
  if (document.body) resizes.observe(document.body);
  for (const t of targets) if (t.el) resizes.observe(t.el);
  const mutations = new MutationObserver(() => {
    // The page changed: the clipping ancestors are looked up again (a block may have moved).
    for (const t of targets) t.clips = undefined;
    p.schedule();
  });
  mutations.observe(document.documentElement, { childList: true, subtree: true, characterData: true, attributes: true, attributeFilter: ['class', 'style', 'hidden', 'open'] });
  p.observers.push(resizes, mutations);
  announce(overlay, result);
  startOrphanWatch();
  if (TEST_HOOKS) {
    testMark('paint-steps', JSON.stringify({ blocks: blocksMs, words: wordsMs, ui: performance.now() - t0 - blocksMs }));
    testMark('painted', String(targets.filter((t) => !t.auto).length));
    testMark('bar', bar.counts.dataset.text || '');
    testMark('auto-toggle', bar.autoButton ? bar.autoButton.dataset.t || '' : '');
    report(p);
  }
}

/**
 * The polite announcement: "7 changes since your last visit".
 * @param {import('./overlay.js').Overlay} overlay
 * @param {import('../shared/messages.js').VisitResult} result
 */
function announce(overlay, result) {
  const n = (result.changes || []).filter((c) => !isAuto(c)).length;
  const text = plural(n, 'changes_since_visit');
  showText(overlay.live, '');
  // Set a moment later: a live region's change is announced, its first content may not be.
  setTimeout(() => {
    if (state.painting && state.overlay === overlay) showText(overlay.live, text);
  }, 50);
}

/** Checks now and then, while something is painted, that the extension is still there. */
export function startOrphanWatch() {
  clearInterval(state.orphanTimer);
  state.orphanTimer = setInterval(checkAlive, 3000);
}

/** True when the page's own background is dark. */
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

/** The person's colour choice (settings), read once per page and followed while it is open. */
let colorChoice = checkColors(undefined);
/** When to paint (settings): 'auto', or 'asked' (only on the person's command). */
let paintWhen = checkPaintWhen(undefined);
/** @type {Promise<void> | null} */
let loaded = null;

/** Reads the colour choice and when to paint; repaints the colours when they change. */
export function loadColors() {
  if (loaded) return loaded;
  loaded = api.storage.local.get([COLORS_KEY, PAINT_WHEN_KEY]).then((got) => {
    colorChoice = checkColors(got && got[COLORS_KEY]);
    paintWhen = checkPaintWhen(got && got[PAINT_WHEN_KEY]);
    if (state.painting) applyColors(state.painting);
  }, () => {});
  api.storage.onChanged.addListener((changes, area) => {
    if (area !== 'local') return;
    if (changes[PAINT_WHEN_KEY]) paintWhen = checkPaintWhen(changes[PAINT_WHEN_KEY].newValue);
    if (!changes[COLORS_KEY]) return;
    colorChoice = checkColors(changes[COLORS_KEY].newValue);
    if (state.painting) applyColors(state.painting);
  });
  return loaded;
}

/** Whether an answer is painted as soon as it arrives (else only on the person's command). */
export async function paintsAtOnce() {
  await loadColors();
  return paintWhen === 'auto';
}

/**
 * The colours as CSS variables per status class, derived for the page's brightness.
 * @param {import('./state.js').Painting} p
 */
function applyColors(p) {
  const palette = paletteOf(colorChoice);
  const rules = STATUS_KEYS.map((k) => {
    const d = derive(palette[k], p.dark);
    return `.s-${k} { --mark: ${d.mark}; --fill: ${d.fill}; --fill-alpha: ${d.fillAlpha}; --ink: ${d.ink}; }`;
  });
  const changed = derive(palette.changed, p.dark).mark;
  p.colors.textContent = `:host { --mark-changed: ${changed}; }\n${rules.join('\n')}`;
  p.layer.classList.toggle('dark', p.dark);
  if (TEST_HOOKS) testMark('colors', JSON.stringify({ preset: colorChoice.preset, dark: p.dark, palette }));
}

/**
 * A box of the drawing, in viewport coordinates.
 * @param {string} cls
 * @param {number} x
 * @param {number} y
 * @param {number} w
 * @param {number} h
 */
function box(cls, x, y, w, h) {
  const d = document.createElement('div');
  d.className = cls;
  d.style.left = `${Math.round(x)}px`;
  d.style.top = `${Math.round(y)}px`;
  if (w >= 0) d.style.width = `${Math.round(w)}px`;
  if (h >= 0) d.style.height = `${Math.round(h)}px`;
  return d;
}

/**
 * The part of `r` inside `clip` (null when nothing is).
 * @param {DOMRect} r
 * @param {DOMRect | null} clip
 * @returns {DOMRect | null}
 */
function intersect(r, clip) {
  if (!clip) return r;
  const left = Math.max(r.left, clip.left);
  const top = Math.max(r.top, clip.top);
  const right = Math.min(r.right, clip.right);
  const bottom = Math.min(r.bottom, clip.bottom);
  if (right < left || bottom < top) return null;
  return new DOMRect(left, top, right - left, bottom - top);
}

/**
 * The visible area of a change's scrolling (or clipping) ancestors, so that a block scrolled out
 * of its box is not drawn over what is around it; the ancestors are looked up once per change
 * (again after the page's DOM changed).
 * @param {import('./state.js').Target} t
 * @returns {DOMRect | null}
 */
function clipOf(t) {
  if (!t.el) return null;
  if (!t.clips) {
    t.clips = [];
    for (let a = t.el.parentElement; a && a !== document.body && a !== document.documentElement; a = a.parentElement) {
      const cs = getComputedStyle(a);
      if (cs.overflowX !== 'visible' || cs.overflowY !== 'visible') t.clips.push(a);
    }
  }
  /** @type {DOMRect | null} */
  let clip = null;
  for (const a of t.clips) {
    const r = a.getBoundingClientRect();
    const inner = new DOMRect(r.left + a.clientLeft, r.top + a.clientTop, a.clientWidth || r.width, a.clientHeight || r.height);
    clip = clip ? intersect(clip, inner) || new DOMRect(0, 0, 0, 0) : inner;
  }
  return clip;
}

/**
 * Redraws everything near the viewport.
 * @param {import('./state.js').Painting} p
 */
function draw(p) {
  p.raf = 0;
  if (state.painting !== p) return;
  const t0 = performance.now();
  const vh = innerHeight;
  /** @param {DOMRect} r */
  const near = (r) => r.bottom >= -NEAR && r.top <= vh + NEAR && (r.width > 0 || r.height > 0);
  /** @type {HTMLElement[]} */
  const out = [];
  /** @type {DOMRect | null} */
  let focusRect = null;
  /** @type {HTMLElement | null} */
  let focusBox = null;
  // Removed text, shown: one box per place, just above where it stood, holding every removed
  // block that stood there.
  /** @type {Map<Element, HTMLElement>} */
  const removedAt = new Map();
  p.targets.forEach((t, k) => {
    if (out.length >= MAX_BOXES) return;
    const s = `s-${t.change.status}`;
    if (t.anchor) {
      if (!t.anchor.isConnected) return;
      let b = removedAt.get(t.anchor);
      const first = !b;
      if (!b) {
        const r = t.anchor.getBoundingClientRect();
        if (!near(r)) return;
        b = box(`removed ${s}`, r.left, r.top, Math.max(240, r.width), -1);
        b.style.maxWidth = `${Math.max(240, innerWidth - r.left - 8)}px`;
        removedAt.set(t.anchor, b);
        out.push(b);
      }
      if (first || t.auto) {
        const label = document.createElement('small');
        label.textContent = t.auto ? tr('paint_removed_auto', reasonLabel(t.change)) : LABELS.removed.text;
        b.append(label);
      }
      const text = document.createElement('s');
      text.textContent = t.change.text || '';
      b.append(text);
      if (k === p.cursor) focusBox = b;
      return;
    }
    if (!t.el || !t.el.isConnected) return;
    const clip = clipOf(t);
    const r = intersect(t.el.getBoundingClientRect(), clip);
    if (!r || !near(r)) return;
    if (k === p.cursor) focusRect = r;
    if (t.auto) {
      out.push(box('auto', r.left, r.top, r.width, r.height));
      const label = box('auto-label', r.right, Math.max(0, r.top - 18), -1, -1);
      label.textContent = reasonLabel(t.change);
      label.title = tr('paint_auto_title', [changeKindName(t.change.kind), reasonDetail(t.change)]);
      out.push(label);
      return;
    }
    if (t.change.status === 'new') out.push(box(`blk new ${s}`, r.left, r.top, r.width, r.height));
    out.push(box(`bar-edge ${s}`, r.left - 8, r.top, 6, r.height));
    const m = box(`marker ${s}`, Math.max(2, r.left - 34), r.top + 1, -1, -1);
    showText(m, LABELS[t.change.status].mark);
    out.push(m);
    for (const span of t.ranges || []) {
      // The page may have edited the text node since: a span no longer inside it is skipped.
      if (!span.node.isConnected || span.end > span.node.length) continue;
      scratch.setStart(span.node, span.start);
      scratch.setEnd(span.node, span.end);
      for (const rect of scratch.getClientRects()) {
        const w = intersect(rect, clip);
        if (!w || w.bottom < 0 || w.top > vh || !w.width) continue;
        out.push(box(`word ${s}`, w.left, w.top, w.width, w.height));
        out.push(box(`uline ${s}`, w.left, w.bottom - 2, w.width, 2));
      }
    }
  });
  scratch.setStart(document, 0);
  scratch.collapse(true);
  p.layer.replaceChildren(...out);
  if (p.focusEl) {
    /** @type {DOMRect | null} */
    const fr = focusBox ? /** @type {HTMLElement} */ (focusBox).getBoundingClientRect() : focusRect;
    p.focusEl.style.display = fr ? '' : 'none';
    if (fr) {
      p.focusEl.style.left = `${Math.round(fr.left)}px`;
      p.focusEl.style.top = `${Math.round(fr.top)}px`;
      p.focusEl.style.width = `${Math.round(fr.width)}px`;
      p.focusEl.style.height = `${Math.round(fr.height)}px`;
    }
  }
  if (TEST_HOOKS) {
    const drawn = String(out.length);
    if (drawn !== p.drawn) {
      // The first drawing's cost, as the benchmark reads it ("markers": boxes|ms).
      if (!p.drawn) testMark('markers', `${out.length}|${(performance.now() - t0).toFixed(1)}`);
      p.drawn = drawn;
      testMark('drawn', drawn);
    }
  }
}

/**
 * Where removed text that stood before block `at` is shown: at the outermost element that begins
 * with that block and does not hold the block before it (so text removed between two articles
 * shows between them, not inside the second one).
 * @param {number | null | undefined} at
 * @returns {Element | null}
 */
function insertionPoint(at) {
  const { elements } = state;
  let anchor = at != null ? elements[at] : null;
  if (!anchor || !anchor.isConnected) {
    return [...elements].reverse().find((e) => e && e.isConnected) || document.body || document.documentElement;
  }
  const prev = /** @type {number} */ (at) > 0 ? elements[/** @type {number} */ (at) - 1] : null;
  for (let parent = anchor.parentElement; parent && parent !== document.body && parent !== document.documentElement;
    parent = anchor.parentElement) {
    if (prev && parent.contains(prev)) break;
    anchor = parent;
  }
  return anchor;
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
  for (const t of p.targets) {
    if (t.change.status !== 'removed' || t.auto) continue;
    t.anchor = show ? insertionPoint(t.change.at) : null;
  }
  if (p.bar.removedButton) {
    setLabel(p.bar.removedButton, show ? tr('bar_hide_removed') : tr('bar_show_removed'));
    p.bar.removedButton.setAttribute('aria-pressed', String(show));
  }
  draw(p);
  if (TEST_HOOKS) report(p);
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
  /** @type {{ status: string, kind: string, reason: string }[]} */
  const shown = [];
  for (const t of p.targets) {
    if (!t.auto) continue;
    if (show) {
      if (t.change.status === 'removed') t.anchor = insertionPoint(t.change.at);
      else {
        const el = t.change.new_index == null ? null : state.elements[t.change.new_index];
        if (!el || !el.isConnected) continue;
        t.el = el;
      }
      shown.push({ status: t.change.status, kind: t.change.kind, reason: reasonLabel(t.change) });
    } else {
      t.el = null;
      t.anchor = null;
    }
  }
  const { autoButton, autoText } = p.bar;
  if (autoButton) {
    setLabel(autoButton, autoText(show));
    autoButton.setAttribute('aria-pressed', String(show));
  }
  draw(p);
  if (TEST_HOOKS) {
    testMark('auto', show ? JSON.stringify(shown) : 'hidden');
    testMark('auto-toggle', autoButton ? autoButton.dataset.t || '' : '');
    report(p);
  }
}

/**
 * The text of an inserted words' span, as the page has it now.
 * @param {import('./words.js').Span} span
 */
function spanText(span) {
  return span.node.data.slice(span.start, span.end);
}

/**
 * What a change says to a screen reader when focused.
 * @param {import('./state.js').Target} t
 */
function describe(t) {
  const c = t.change;
  const head = t.auto ? tr('paint_auto_head', reasonLabel(c)) : LABELS[c.status].text;
  let text = c.status === 'removed' ? c.text || '' : (t.el && t.el.textContent) || '';
  text = text.replace(/\s+/g, ' ').trim().slice(0, 300);
  const inserted = (t.ranges || []).map(spanText).map((w) => w.trim()).filter(Boolean);
  const words = inserted.length ? ` ${tr('paint_inserted', inserted.join(', ').slice(0, 300))}` : '';
  return `${head}: ${text}${words}`;
}

/**
 * Opens what keeps a change out of sight though the extraction reads it (core extract spec,
 * section 3): a closed `<details>` around it (not for its own summary, which shows), text hidden
 * `until-found` (as find-in-page would: the page hears `beforematch`), and a collapsed panel,
 * by the page's own button for it (aria-expanded "false", aria-controls naming the panel), so
 * the page's script opens it its own way. Only on the person's command: moving to a change.
 * @param {Element} el
 */
function revealClosed(el) {
  /** @type {Map<string, Element> | null} per panel id, the closed button naming it (once needed) */
  let buttons = null;
  for (let n = el.parentElement; n; n = n.parentElement) {
    if (n.localName === 'details' && !n.hasAttribute('open')) {
      const summary = n.querySelector(':scope > summary');
      if (!summary || !summary.contains(el)) n.setAttribute('open', '');
    }
    if (/^until-found$/i.test(n.getAttribute('hidden') || '')) {
      n.dispatchEvent(new Event('beforematch', { bubbles: true }));
      n.removeAttribute('hidden');
    }
    const id = n.getAttribute('id');
    if (id && (n.hasAttribute('hidden') || /^true$/i.test(n.getAttribute('aria-hidden') || ''))) {
      if (!buttons) {
        buttons = new Map();
        for (const b of document.querySelectorAll('[aria-expanded][aria-controls]')) {
          if (!/^false$/i.test(b.getAttribute('aria-expanded') || '')) continue;
          for (const name of (b.getAttribute('aria-controls') || '').split(/[\t\n\f\r ]+/)) {
            if (name && !buttons.has(name)) buttons.set(name, b);
          }
        }
      }
      const b = buttons.get(id);
      if (b) /** @type {HTMLElement} */ (b).click();
    }
  }
}

/**
 * Moves to change `k`: scrolls it into view, outlines it for a moment and moves the focus to a
 * note over it that reads what changed (showing removed or automated changes first when it is
 * one of them). Only on the person's command.
 * @param {number} k
 */
export function focusTarget(k) {
  const p = state.painting;
  if (!p) return false;
  const t = p.targets[k];
  if (!t) return false;
  if (t.auto && !p.autoShown) toggleAuto(true);
  else if (!t.anchor && t.change.status === 'removed') toggleRemoved(true);
  const target = t.el || t.anchor;
  if (!target || !target.isConnected) return false;
  p.cursor = k;
  clearTimeout(p.focusTimer);
  revealClosed(target);
  target.scrollIntoView({ block: 'center', behavior: 'auto' });
  if (!p.focusEl) {
    const f = document.createElement('div');
    f.className = 'focus';
    f.tabIndex = -1;
    f.setAttribute('role', 'note');
    f.style.position = 'fixed';
    f.style.pointerEvents = 'none';
    const text = document.createElement('span');
    text.className = 'sr';
    f.append(text);
    f.addEventListener('blur', () => f.classList.add('faded'));
    p.bar.root.append(f);
    p.focusEl = f;
  }
  const f = p.focusEl;
  /** @type {HTMLElement} */ (f.firstChild).textContent = describe(t);
  f.classList.remove('faded');
  draw(p);
  f.focus({ preventScroll: true });
  p.focusTimer = setTimeout(() => f.classList.add('faded'), FOCUS_FADE_MS);
  if (TEST_HOOKS) {
    testMark('focused', `${k}:${t.change.status}:${Date.now()}`);
    report(p);
  }
  return true;
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

/** Removes every drawing, the bar, listeners and observers (the overlay's host stays). */
export function unpaint() {
  unmarkLinks(); // (links) hiding the changes hides the new-link markers too
  const p = state.painting;
  if (!p) return;
  state.painting = null;
  clearTimeout(p.focusTimer);
  if (p.raf) cancelAnimationFrame(p.raf);
  removeEventListener('scroll', p.schedule, { capture: true });
  removeEventListener('resize', p.schedule);
  for (const o of p.observers) o.disconnect();
  p.layer.remove();
  p.colors.remove();
  p.bar.el.remove();
  if (p.focusEl) p.focusEl.remove();
  if (state.overlay) showText(state.overlay.live, '');
  clearInterval(state.orphanTimer);
  if (TEST_HOOKS) {
    testMark('painted', 'hidden');
    testMark('drawn', '0');
    report(null);
  }
}

/**
 * Test builds: what is painted, for the tests (the page's DOM no longer shows it), as JSON on
 * <html>: block ids by status, the inserted words, whether the bar is up, the removed boxes and
 * the block each stands before, the automated changes shown, the change focused.
 * @param {import('./state.js').Painting | null} p
 */
function report(p) {
  if (!TEST_HOOKS) return;
  /** @param {Element} el */
  const name = (el) => el.id || (el.closest('[id]') || {}).id || (el.textContent || '').trim().slice(0, 40);
  /** @type {Record<string, string[]>} */
  const blocks = {};
  /** @type {string[]} */
  const marks = [];
  /** @type {string[]} */
  const removedBefore = [];
  /** @type {[string, string][]} */
  const auto = [];
  for (const t of p ? p.targets : []) {
    if (t.anchor) removedBefore.push(name(t.anchor));
    else if (t.el && t.auto) auto.push([name(t.el), String(t.change.kind)]);
    else if (t.el) (blocks[t.change.status] ||= []).push(name(t.el));
    for (const r of t.ranges || []) marks.push(spanText(r));
  }
  testMark('paint', JSON.stringify({
    blocks, marks, ui: p ? 1 : 0, removed: removedBefore.length, removedBefore, auto,
    focus: p ? p.cursor : -1,
  }));
}
