// Everyday controls in the page: "this is noise" / "always show changes here" from the bar, the
// answer of a teaching (the change moves to the automated list at once), the regions of the page
// (parts to ignore, or the part to watch alone), and the region picker (hover outline, click,
// Esc to cancel) — its UI in a closed shadow root; nothing is ever set on the page's elements.

import { state } from './state.js';
import { send } from './runtime.js';
import { UI_TAG } from './dom.js';
import { keepBlocks } from '../shared/everyday.js';
import { testMark } from './test-hooks.js';
import { t as tr } from '../shared/i18n.js';
import { paint } from './paint.js';

// ---------------------------------------------------------------------------------------------
// Teaching.

/** The change the bar's teach button acts on: the one focused last, else the first shown. */
function currentTarget() {
  const p = state.painting;
  if (!p || !p.targets.length) return -1;
  if (p.cursor >= 0 && p.targets[p.cursor]) return p.cursor;
  return p.targets.findIndex((t) => !t.auto);
}

/** The bar's extra actions (spread into its BarActions by paint.js). */
export function everydayActions() {
  return {
    /** What the teach button would do now: 'noise', 'show' or null. */
    teachMode() {
      const k = currentTarget();
      if (k < 0) return null;
      const t = /** @type {import('./state.js').Painting} */ (state.painting).targets[k];
      return t.auto ? 'show' : 'noise';
    },
    /** Teaches the current change: noise when it is highlighted, "always show" when automated. */
    teach() {
      const k = currentTarget();
      if (k < 0) return Promise.resolve(null);
      const t = /** @type {import('./state.js').Painting} */ (state.painting).targets[k];
      const noise = !t.auto;
      return send({ type: 'teach', change: k, noise, url: location.href }).then((r) => {
        applyTaught(r.change, r.kind, r.reason);
        return r;
      }, (e) => {
        if (TEST_HOOKS) testMark('teach', `error: ${e && e.kind}`);
        return null;
      });
    },
  };
}

/**
 * A change was taught (from the bar or the popup): it moves to the automated list, or back.
 * @param {number} k @param {string} kind @param {any} reason
 */
export function applyTaught(k, kind, reason) {
  const last = state.lastResult;
  if (!last || !last.changes || !last.changes[k]) return false;
  const c = last.changes[k];
  if (c.kind === kind && JSON.stringify(c.reason) === JSON.stringify(reason)) return true;
  const wasContent = c.kind === 'content';
  c.kind = /** @type {any} */ (kind);
  c.reason = reason;
  const delta = (kind === 'content' ? 1 : 0) - (wasContent ? 1 : 0);
  // Removed text is not counted in `meaningful` (it is not painted).
  if (c.status !== 'removed') last.meaningful = Math.max(0, (last.meaningful || 0) + delta);
  last.automated = Math.max(0, (last.automated || 0) - delta);
  if (state.painting) paint(last); // (paint.js imports this module too: used at run time only)
  if (TEST_HOOKS) testMark('taught', `${k}:${kind}`);
  return true;
}

// ---------------------------------------------------------------------------------------------
// Regions.

/** Asks which regions apply to this page (before it is read). */
export function askRegions() {
  state.regions = send({ type: 'regions-for-page', url: location.href }).then((r) => r.regions || [], () => []);
  return state.regions;
}

/**
 * The page as read, without the blocks of ignored regions (and only those of the regions to
 * watch alone, when there are any).
 * @template {import('./extract.js').Page} P
 * @param {P} page
 * @param {{ path: string, mode: string }[]} regions
 * @returns {P}
 */
export function applyRegions(page, regions) {
  if (!regions || !regions.length) return page;
  const keep = keepBlocks(page.blocks.map((b) => b.path), regions);
  const blocks = page.blocks.filter((_, i) => keep[i]);
  const elements = page.elements.filter((_, i) => keep[i]);
  if (TEST_HOOKS) testMark('regions', `${regions.length}:${page.blocks.length - blocks.length}`);
  return { ...page, blocks, elements };
}

/**
 * An element's block path as the extraction writes it: `/tag[i]` per element from <html> down,
 * `i` its index among its parent's element children of the same tag.
 * @param {Element} el
 */
export function elementPath(el) {
  const segs = [];
  for (let e = /** @type {Element | null} */ (el); e; e = e.parentElement) {
    let i = 0;
    for (let s = e.previousElementSibling; s; s = s.previousElementSibling) if (s.localName === e.localName) i++;
    segs.push(`/${e.localName}[${i}]`);
  }
  return segs.reverse().join('');
}

const PICKER_CSS = `
:host { all: initial; }
.outline { position: fixed; pointer-events: none; z-index: 2147483647; border: 3px solid #1f6feb;
  background: rgba(31,111,235,.12); box-sizing: border-box; display: none; }
.panel { position: fixed; left: 50%; top: 16px; transform: translateX(-50%); z-index: 2147483647;
  background: #1f2328; color: #f5f5f5; font: 14px/1.4 system-ui, sans-serif; padding: 8px 12px;
  border-radius: 10px; box-shadow: 0 2px 10px rgba(0,0,0,.35); display: flex; gap: 8px; align-items: center; }
button { font: inherit; color: #1f2328; background: #ffd54a; border: 0; border-radius: 6px; padding: 3px 8px; cursor: pointer; }
button.plain { background: transparent; color: #f5f5f5; border: 1px solid #6b7280; }
button:focus-visible { outline: 2px solid #fff; outline-offset: 1px; }
`;

/** @type {{ stop: () => void } | null} */
let picking = null;

/**
 * Lets the person pick a part of the page: hover outlines it, a click picks it, Esc cancels.
 * Then: this page or the whole site. Resolves to the region stored, or null when cancelled.
 * @param {'ignore' | 'include'} mode
 */
export function pickRegion(mode) {
  if (picking) picking.stop();
  return new Promise((resolve) => {
    const host = document.createElement(UI_TAG);
    host.setAttribute('style', 'all: initial !important; position: fixed !important; top: 0 !important; left: 0 !important; width: 0 !important; height: 0 !important; z-index: 2147483647 !important;');
    const root = host.attachShadow({ mode: 'closed' });
    const style = document.createElement('style');
    style.textContent = PICKER_CSS;
    const outline = document.createElement('div');
    outline.className = 'outline';
    const panel = document.createElement('div');
    panel.className = 'panel';
    panel.setAttribute('role', 'dialog');
    panel.setAttribute('aria-label', tr('pick_label'));
    const say = document.createElement('span');
    say.setAttribute('aria-live', 'polite');
    say.textContent = mode === 'ignore' ? tr('pick_click_ignore') : tr('pick_click_include');
    const cancel = document.createElement('button');
    cancel.type = 'button';
    cancel.className = 'plain';
    cancel.textContent = tr('pick_cancel');
    panel.append(say, cancel);
    root.append(style, outline, panel);
    document.documentElement.appendChild(host);
    /** @type {Element | null} */
    let hovered = null;
    let chosen = false;

    /** @param {Event} e */
    const onMove = (e) => {
      if (chosen) return;
      const t = /** @type {Element} */ (e.target);
      if (!(t instanceof Element) || t === host) return;
      hovered = t;
      const r = t.getBoundingClientRect();
      Object.assign(outline.style, { display: 'block', top: `${r.top}px`, left: `${r.left}px`, width: `${r.width}px`, height: `${r.height}px` });
    };
    /** @param {MouseEvent} e */
    const onClick = (e) => {
      if (chosen || e.target === host) return;
      e.preventDefault();
      e.stopPropagation();
      e.stopImmediatePropagation();
      const t = e.target instanceof Element ? e.target : hovered;
      if (!t || t === document.documentElement || t === document.body) return;
      onMove(e);
      chosen = true;
      choose(t);
    };
    /** @param {KeyboardEvent} e */
    const onKey = (e) => {
      if (e.key !== 'Escape') return;
      e.preventDefault();
      e.stopPropagation();
      done(null);
    };
    const block = (/** @type {Event} */ e) => {
      if (e.target === host) return;
      e.preventDefault();
      e.stopPropagation();
    };
    addEventListener('mousemove', onMove, true);
    addEventListener('click', onClick, true);
    addEventListener('mousedown', block, true);
    addEventListener('mouseup', block, true);
    addEventListener('keydown', onKey, true);
    cancel.addEventListener('click', () => done(null));

    /** @param {Element} el */
    function choose(el) {
      const path = elementPath(el);
      const text = (el.textContent || '').replace(/\s+/g, ' ').trim().slice(0, 60);
      const label = `${el.localName}: ${text}`;
      say.textContent = mode === 'ignore' ? tr('pick_ignore_what', text || el.localName) : tr('pick_include_what', text || el.localName);
      const scopeButton = (/** @type {'page' | 'site'} */ scope, /** @type {string} */ words) => {
        const b = document.createElement('button');
        b.type = 'button';
        b.dataset.scope = scope;
        b.textContent = words;
        b.addEventListener('click', () => {
          send({ type: 'region-add', path, scope, mode, label, url: location.href }).then((r) => done(r.region), () => done(null));
        });
        return b;
      };
      const page = scopeButton('page', tr('pick_on_page'));
      panel.insertBefore(page, cancel);
      panel.insertBefore(scopeButton('site', tr('pick_on_site')), cancel);
      page.focus();
      if (TEST_HOOKS) testMark('picker', `chosen:${path}`);
    }

    /** @param {any} region */
    function done(region) {
      if (!picking) return;
      picking = null;
      removeEventListener('mousemove', onMove, true);
      removeEventListener('click', onClick, true);
      removeEventListener('mousedown', block, true);
      removeEventListener('mouseup', block, true);
      removeEventListener('keydown', onKey, true);
      host.remove();
      if (TEST_HOOKS) testMark('picker', region ? `added:${region.mode}:${region.url ? 'page' : 'site'}:${region.path}` : 'cancelled');
      resolve(region);
    }
    picking = { stop: () => done(null) };
    if (TEST_HOOKS) testMark('picker', 'open');
  });
}

/** Stops the picker, if open (the script is leaving). */
export function stopPicking() {
  if (picking) picking.stop();
}

/**
 * Messages of the everyday controls from the background.
 * @param {any} msg
 * @returns {any} the answer, or undefined when the message is not one of them
 */
export function onEverydayMessage(msg) {
  if (msg.type === 'taught' && Number.isInteger(msg.change) && typeof msg.kind === 'string') {
    return { ok: applyTaught(msg.change, msg.kind, msg.reason) };
  }
  if (msg.type === 'pick-region') {
    pickRegion(msg.mode === 'include' ? 'include' : 'ignore');
    return { ok: true };
  }
  return undefined;
}

if (TEST_HOOKS) {
  // Test builds: run the background's on-install handler (the onboarding page opens).
  document.addEventListener('sincelast-test:onboarding', () => {
    send(/** @type {any} */ ({ type: 'test-onboarding' })).then((r) => testMark('onboarding', String(r.opened)), (e) => testMark('onboarding', `error: ${e.message}`));
  });
  // Test builds: the background's keyboard command handler, for this tab (no test can type a
  // command into the browser's own shortcut handling).
  document.addEventListener('sincelast-test:command', (e) => {
    const command = String(/** @type {CustomEvent} */ (e).detail);
    send(/** @type {any} */ ({ type: 'test-command', command })).then(() => testMark('command', `${command}:${Date.now()}`), (err) => testMark('command', `error: ${err.message}`));
  });
}
