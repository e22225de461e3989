// The bar: counts of the content changes, previous / next, show removed, show automated, hide —
// and the layer of margin markers beside the changed blocks. All in one closed shadow root on a
// host element of our own, so the page's styles cannot reach it and it cannot reach the page's.

import { countByStatus, isAuto, reasonDetail, reasonLabel, relativeTime } from '../shared/labels.js';
import { UI_TAG } from './dom.js';
import { alive, gone } from './runtime.js';

const MAX_MARKERS = 400;

/** @type {Record<string, { mark: string, text: string }>} */
export const LABELS = {
  new: { mark: '+', text: 'New since your last visit' },
  changed: { mark: '✎', text: 'Changed since your last visit' },
  moved: { mark: '↕', text: 'Moved since your last visit' },
  removed: { mark: '−', text: 'Removed since your last visit' },
};

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

/**
 * @typedef {object} Bar
 * @property {HTMLElement} host our element in the page
 * @property {ShadowRoot} root its closed shadow root
 * @property {HTMLElement} layer where the margin markers go
 * @property {HTMLElement} counts the counts text
 * @property {HTMLButtonElement | null} removedButton
 * @property {HTMLButtonElement | null} autoButton
 * @property {(shown: boolean) => string} autoText the automated button's text
 */

/**
 * What the bar's buttons do.
 * @typedef {object} BarActions
 * @property {(dir: number) => void} step
 * @property {() => void} toggleRemoved
 * @property {() => void} toggleAuto
 * @property {() => void} hide
 * @property {() => ('noise' | 'show' | null)} [teachMode] what the teach button would do now (everyday.js)
 * @property {() => Promise<unknown>} [teach] "this is noise" / "always show changes here" on the current change
 */

/**
 * @param {string} action
 * @param {string} label
 * @param {string} title
 * @param {() => void} onClick
 * @param {boolean} [plain]
 */
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
    if (!alive()) return gone();
    onClick();
  });
  return b;
}

/**
 * Builds the bar for a 'changed' answer and puts it in the page.
 * @param {import('../shared/messages.js').VisitResult} result
 * @param {BarActions} actions
 * @returns {Bar}
 */
export function showBar(result, actions) {
  const changes = result.changes || [];
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
  const parts = countByStatus(changes);
  parts.forEach(([n, k], i) => {
    if (i) counts.append(' · ');
    const b = document.createElement('b');
    b.textContent = String(n);
    counts.append(b, ` ${k}`);
  });
  if (!parts.length) counts.textContent = 'No content changes';
  if (result.lastVisitTime) counts.title = `Compared with your visit ${relativeTime(result.lastVisitTime)}`;
  const hasRemoved = changes.some((c) => c.status === 'removed' && !isAuto(c));
  const autoCount = changes.filter(isAuto).length;
  /** @param {boolean} shown */
  const autoText = (shown) => `${shown ? 'hide' : 'show'} ${autoCount} automated change${autoCount === 1 ? '' : 's'}`;
  const autoButton = autoCount
    ? button('automated', autoText(false), 'Changes the site makes by itself (counters, clocks, rotating items, site template)', () => actions.toggleAuto(), true)
    : null;
  if (autoButton) autoButton.setAttribute('aria-pressed', 'false');
  const removedButton = hasRemoved ? button('removed', 'Show removed', 'Show removed text', () => actions.toggleRemoved(), true) : null;
  bar.append(counts,
    button('previous', '↑', 'Previous change', () => actions.step(-1), true),
    button('next', '↓', 'Next change', () => actions.step(1)));
  if (removedButton) bar.append(removedButton);
  if (autoButton) bar.append(autoButton);
  if (actions.teach && actions.teachMode) {
    // everyday.js: "this is noise" on the change focused last (the first one before any), or
    // "always show changes here" when that change is an automated one.
    const teachText = () => (actions.teachMode && actions.teachMode() === 'show'
      ? ['Always show here', 'Always show changes here: the site stops treating this part as noise']
      : ['This is noise', 'This is noise: changes here go to the automated list from now on']);
    const teachButton = button('teach', teachText()[0], teachText()[1], () => { if (actions.teach) actions.teach(); }, true);
    const refresh = () => {
      const [text, title] = teachText();
      teachButton.textContent = text;
      teachButton.title = title;
      teachButton.setAttribute('aria-label', title);
    };
    bar.addEventListener('click', () => setTimeout(refresh, 0));
    if (changes.length) bar.append(teachButton);
  }
  bar.append(button('hide', '×', 'Hide the changes', () => actions.hide(), true));
  root.append(uiStyle, layer, bar);
  document.documentElement.appendChild(host);
  return { host, root, layer, counts, removedButton, autoButton, autoText };
}

/**
 * Places the margin markers (and, for automated changes shown, their reason labels) beside
 * the painted blocks. Needs the layout: called from an animation frame.
 * @param {import('./state.js').Painting} p
 */
export function placeMarkers(p) {
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
      label.title = `Automated change (${change.kind}): ${reasonDetail(change)}`;
      // Right-aligned with the block, just above its top edge.
      label.style.top = `${Math.max(0, Math.round(r.top + scrollY - 18))}px`;
      label.style.left = `${Math.round(r.right + scrollX)}px`;
      label.style.transform = 'translateX(-100%)';
      p.bar.layer.appendChild(label);
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
    p.bar.layer.appendChild(m);
    p.markers.push(m);
  }
}
