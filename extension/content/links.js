// New links since the last visit, marked in place: a small "★ new" tag (text and a star, never
// colour alone) drawn just after each certainly new link, inside the extension's one overlay
// (overlay.js: a host element present on every page whatever the answer, its shadow root
// closed). The page's links are not touched (no attribute, class or style is added to them),
// and the tag's words are CSS generated content (a page's find-in-page does not see them), so
// page scripts cannot read which links are new. The markers follow the links when the window is resized and go with unmarkLinks (hide,
// shutdown, a newer copy of the script).

import { testMark } from './test-hooks.js';
import { ensureOverlay } from './overlay.js';
import { t } from '../shared/i18n.js';

const MAX_MARKERS = 200;

const CSS = `
.links-layer { position: absolute; top: 0; left: 0; width: 0; height: 0; pointer-events: none; }
.new-link { position: absolute; padding: 0 5px;
  border-radius: 8px; background: #ffd54a; color: #1f2328; border: 1px solid #5b4a1a;
  font: bold 10px/14px system-ui, -apple-system, "Segoe UI", sans-serif; white-space: nowrap;
  pointer-events: auto; cursor: default; box-shadow: 0 0 0 1px #fff; }
@media (prefers-color-scheme: dark) {
  .new-link { background: #4a3b00; color: #fff3c4; border-color: #ffd54a; box-shadow: 0 0 0 1px #000; }
}
`;

/**
 * @typedef {{ layer: HTMLElement,
 *   marks: { a: HTMLAnchorElement, el: HTMLElement, url: string }[], place: () => void }} LinkMarks
 */
/** @type {LinkMarks | null} */
let current = null;

/**
 * Marks the page's links to the given new targets (each `{ url, raw, text }`: `raw` are the
 * resolved hrefs as the extraction read them). Replaces earlier marks. Returns how many links
 * were marked.
 * @param {{ url: string, raw?: string[], text?: string }[]} newLinks
 */
export function markNewLinks(newLinks) {
  if (TEST_HOOKS) installLinkHooks();
  unmarkLinks();
  /** @type {Map<string, string>} resolved href → normalised target */
  const wanted = new Map();
  for (const l of newLinks || []) {
    if (!l || typeof l.url !== 'string') continue;
    for (const r of Array.isArray(l.raw) ? l.raw : [l.url]) if (typeof r === 'string') wanted.set(r, l.url);
  }
  if (!wanted.size || !document.documentElement) return 0;
  /** @type {{ a: HTMLAnchorElement, url: string }[]} */
  const found = [];
  const done = new Set();
  for (const a of /** @type {NodeListOf<HTMLAnchorElement>} */ (document.querySelectorAll('a[href]'))) {
    if (found.length >= MAX_MARKERS) break;
    const url = wanted.get(a.href);
    if (!url || done.has(a)) continue;
    done.add(a);
    found.push({ a, url });
  }
  if (!found.length) return 0;
  const overlay = ensureOverlay();
  if (!overlay) return 0;
  const layer = document.createElement('div');
  layer.className = 'links-layer';
  const style = document.createElement('style');
  style.textContent = CSS;
  layer.append(style);
  const marks = found.map(({ a, url }) => {
    const el = document.createElement('span');
    el.className = 'new-link';
    // The words as generated content (the overlay's [data-t]::before), in the UI language.
    el.dataset.t = `★ ${t('status_new')}`;
    const text = (a.textContent || '').replace(/\s+/g, ' ').trim().slice(0, 80);
    el.title = t('links_new_link', text || url);
    el.setAttribute('role', 'note');
    el.setAttribute('aria-label', t('links_new_link', text || url));
    layer.append(el);
    return { a, el, url };
  });
  const place = () => {
    for (const m of marks) {
      const r = m.a.getBoundingClientRect();
      const hidden = r.width === 0 && r.height === 0;
      m.el.style.display = hidden ? 'none' : '';
      // Just after the link's end (its last line), clear of the margin markers on the left.
      const lines = m.a.getClientRects();
      const end = lines.length ? lines[lines.length - 1] : r;
      m.el.style.left = `${end.right + scrollX + 4}px`;
      m.el.style.top = `${end.top + scrollY + Math.max(0, (end.height - 16) / 2)}px`;
    }
  };
  overlay.root.append(layer);
  place();
  addEventListener('resize', place);
  current = { layer, marks, place };
  return marks.length;
}

/** Removes every marker and the overlay. */
export function unmarkLinks() {
  if (current) {
    removeEventListener('resize', current.place);
    current.layer.remove();
    current = null;
  }
}

let hooked = false;
/** Test builds only: on request, says which links carry a marker (hrefs, in document order). */
function installLinkHooks() {
  if (!TEST_HOOKS || hooked) return;
  hooked = true;
  document.addEventListener('sincelast-test:links', () => {
    const marks = current ? current.marks.filter((m) => m.el.isConnected && m.el.style.display !== 'none') : [];
    testMark('links', JSON.stringify(marks.map((m) => ({ href: m.a.getAttribute('href'), label: m.el.dataset.t }))));
  });
}

// Test builds: the hook answers from the start (a first visit marks nothing and says so).
if (TEST_HOOKS) installLinkHooks();
