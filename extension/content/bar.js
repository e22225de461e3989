// The bar: counts of the content changes, previous / next, show removed, show automated, hide.
// In the overlay's closed shadow root (overlay.js), so the page's styles cannot reach it, it
// cannot reach the page's, and the page's scripts cannot see it. It is the one part of the
// overlay that takes clicks.

import { countByStatus, isAuto, statusCount } from '../shared/labels.js';
import { plural, t } from '../shared/i18n.js';
import { alive, gone, api } from './runtime.js';

/**
 * Shows `text` in `el` as CSS generated content (`[data-t]::before`, overlay.js), never as a text
 * node: a page script's find-in-page (window.find) reaches text nodes even in a closed shadow
 * root, and would find "since your last visit" exactly when something changed. Generated
 * content is drawn and read by screen readers, but not searched.
 * @param {HTMLElement} el
 * @param {string} text
 */
export function showText(el, text) {
  el.dataset.t = text;
}

/**
 * Sets a button's visible label (generated content) and its name to the same words.
 * @param {HTMLElement} b
 * @param {string} label
 */
export function setLabel(b, label) {
  showText(b, label);
  b.setAttribute('aria-label', label);
}

/** @type {Record<string, { mark: string, text: string }>} */
export const LABELS = {
  new: { mark: '+', get text() { return t('label_new'); } },
  changed: { mark: '✎', get text() { return t('label_changed'); } },
  moved: { mark: '↕', get text() { return t('label_moved'); } },
  removed: { mark: '−', get text() { return t('label_removed'); } },
};

const UI_CSS = `
.bar { position: fixed; right: 16px; bottom: 16px; z-index: 2147483647; display: flex; gap: 6px;
  align-items: center; padding: 6px 8px 6px 12px; border-radius: 10px; background: #1f2328;
  color: #f5f5f5; font: 13px/1.3 system-ui, -apple-system, "Segoe UI", sans-serif; pointer-events: auto;
  box-shadow: 0 2px 10px rgba(0,0,0,.35); border: 1px solid #5b4a1a; max-width: calc(100vw - 32px); }
.counts { white-space: pre; overflow: hidden; text-overflow: ellipsis; }
.counts b { color: #ffd54a; font-weight: 600; }
button { font: inherit; color: #1f2328; background: #ffd54a; border: 0; border-radius: 6px;
  padding: 3px 8px; cursor: pointer; }
button.plain { background: transparent; color: #f5f5f5; border: 1px solid #8b93a0; }
button:focus-visible { outline: 2px solid #fff; outline-offset: 1px; }
@media (forced-colors: active) {
  .bar { border: 2px solid CanvasText; background: Canvas; color: CanvasText; }
  .counts b { color: CanvasText; }
  button, button.plain { background: ButtonFace; color: ButtonText; border: 1px solid ButtonText; }
  button:focus-visible { outline: 2px solid Highlight; }
}
`;

/**
 * @typedef {object} Bar
 * @property {HTMLElement} el the bar
 * @property {ShadowRoot} root the overlay's shadow root it is in
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
  b.title = title;
  // A symbol (↑ ↓ ×) is named by its title; a button with words is named by them (the title
  // then describes it), so that what is read is what is seen.
  setLabel(b, label);
  if ([...label].length <= 2) b.setAttribute('aria-label', title);
  if (plain) b.className = 'plain';
  b.addEventListener('click', (e) => {
    e.stopPropagation();
    if (!alive()) return gone();
    onClick();
  });
  return b;
}

/**
 * Builds the bar for a 'changed' answer and puts it first in the overlay's shadow root (first
 * in the tab order of the page: the overlay's host is the first child of <html>).
 * @param {import('../shared/messages.js').VisitResult} result
 * @param {BarActions} actions
 * @param {ShadowRoot} root
 * @returns {Bar}
 */
export function showBar(result, actions, root) {
  const changes = result.changes || [];
  const uiStyle = document.createElement('style');
  uiStyle.textContent = UI_CSS;
  const bar = document.createElement('div');
  bar.className = 'bar';
  bar.setAttribute('role', 'region');
  bar.setAttribute('aria-label', t('extName'));
  const counts = document.createElement('span');
  counts.className = 'counts';
  const parts = countByStatus(changes);
  parts.forEach(([n, k], i) => {
    const b = document.createElement('b');
    showText(b, String(n));
    const rest = document.createElement('span');
    // "7 new": the number in bold, the word after it (statusCount without its number).
    showText(rest, `${statusCount(n, k).slice(String(n).length)}${i < parts.length - 1 ? ' · ' : ''}`);
    counts.append(b, rest);
  });
  if (!parts.length) showText(counts, t('bar_no_changes'));
  counts.dataset.text = parts.map(([n, k]) => statusCount(n, k)).join(' · ') || t('bar_no_changes');
  // "Compared with your visit 5 minutes ago": worded by the background (lastVisitAgo), since the
  // first Intl.RelativeTimeFormat of a page costs a long task there (121 ms on a page of 10^6 nodes).
  if (result.lastVisitAgo) counts.title = t('bar_compared', result.lastVisitAgo);
  // watch: background checks of this page between that visit and now.
  const checksSince = Number(result.checksSince) || 0;
  if (checksSince > 0) {
    const checks = document.createElement('span');
    checks.className = 'checks';
    checks.textContent = ` · ${plural(checksSince, 'bar_checks')}`;
    counts.append(checks);
    if (TEST_HOOKS) document.documentElement.setAttribute('data-sincelast-test-checks', String(checksSince));
  }
  const hasRemoved = changes.some((c) => c.status === 'removed' && !isAuto(c));
  const autoCount = changes.filter(isAuto).length;
  /** @param {boolean} shown */
  const autoText = (shown) => plural(autoCount, shown ? 'bar_hide_automated' : 'bar_show_automated');
  const autoButton = autoCount
    ? button('automated', autoText(false), t('bar_automated_title'), () => actions.toggleAuto(), true)
    : null;
  if (autoButton) autoButton.setAttribute('aria-pressed', 'false');
  const removedButton = hasRemoved ? button('removed', t('bar_show_removed'), t('bar_show_removed_title'), () => actions.toggleRemoved(), true) : null;
  bar.append(counts,
    button('previous', '↑', t('bar_previous'), () => actions.step(-1), true),
    button('next', '↓', t('bar_next'), () => actions.step(1)));
  if (removedButton) bar.append(removedButton);
  if (autoButton) bar.append(autoButton);
  // hist: this page's history (opened by the background in a new tab).
  bar.append(button('history', t('bar_history'), t('bar_history_title'), () => {
    if (alive()) api.runtime.sendMessage({ type: 'open-history' }).catch(() => {});
  }, true));
  if (actions.teach && actions.teachMode) {
    // everyday.js: "this is noise" on the change focused last (the first one before any), or
    // "always show changes here" when that change is an automated one.
    const teachText = () => (actions.teachMode && actions.teachMode() === 'show'
      ? [t('bar_always_show'), t('bar_always_show_title')]
      : [t('bar_noise'), t('bar_noise_title')]);
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
  bar.append(button('hide', '×', t('bar_hide'), () => actions.hide(), true));
  bar.prepend(uiStyle);
  root.prepend(bar);
  return { el: bar, root, counts, removedButton, autoButton, autoText };
}
