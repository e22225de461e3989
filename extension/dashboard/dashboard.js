// The dashboard: every stored page by how often it changes meaningfully, the pages changed
// most recently, the storage used, and the link to each page's history. Read-only. Newly
// appeared pages come from the background's `new-pages` message when it answers.

import { dashboardData } from '../history/store.js';
import { relativeTime } from '../shared/labels.js';
import { api } from '../shared/api.js';
import { renderNewPages } from '../shared/new-pages-view.js';
import { localizePage, plural, t } from '../shared/i18n.js';
import { el } from '../shared/el.js';

localizePage();

const $ = (id) => /** @type {HTMLElement} */ (document.getElementById(id));
/** Rows of the table drawn at first (the rest on demand). */
const FIRST_ROWS = 200;

/** The address of a page's history. */
export const historyHref = (url) => `../history/history.html?url=${encodeURIComponent(url)}`;

function link(p) {
  return el('a', { href: historyHref(p.url), title: t('dash_history_of', p.url) }, p.title || p.url);
}

function bytes(n) {
  if (n == null) return 'unknown';
  if (n < 1024 * 1024) return `${(n / 1024).toFixed(1)} KB`;
  return `${(n / 1024 / 1024).toFixed(1)} MB`;
}

async function start() {
  const { pages, perUrl } = await dashboardData();
  const rows = pages.map((p) => {
    const s = perUrl.get(p.url) || { visits: 0, meaningful: 0, lastChange: null };
    const revisits = Math.max(0, s.visits - 1);
    return { ...p, visitCount: s.visits, meaningful: s.meaningful, share: revisits ? s.meaningful / revisits : 0, lastChange: s.lastChange };
  });
  $('status').textContent = plural(pages.length, 'dash_stored');
  const often = [...rows].sort((a, b) => b.share - a.share || b.meaningful - a.meaningful || a.url.localeCompare(b.url));
  const row = (p) => el('tr', { 'data-url': p.url }, el('td', {}, link(p)), el('td', {}, String(p.visitCount)), el('td', {}, String(p.meaningful)),
    el('td', {}, `${Math.round(p.share * 100)}%`), el('td', {}, p.lastTime ? relativeTime(p.lastTime) : ''));
  const tbody = $('often').querySelector('tbody');
  tbody.replaceChildren(...often.slice(0, FIRST_ROWS).map(row));
  if (often.length > FIRST_ROWS) {
    const more = el('button', { type: 'button' }, t('dash_show_all', often.length));
    more.addEventListener('click', () => { tbody.append(...often.slice(FIRST_ROWS).map(row)); more.remove(); });
    $('often-more').replaceChildren(`${FIRST_ROWS} of ${often.length} shown. `, more);
  }
  const recent = rows.filter((p) => p.lastChange != null).sort((a, b) => b.lastChange - a.lastChange).slice(0, 20);
  $('recent').replaceChildren(...(recent.length ? recent.map((p) => el('li', {}, link(p), ` — ${t('dash_changed', relativeTime(p.lastChange))}`)) : [el('li', { class: 'muted' }, t('dash_no_change'))]));
  document.body.setAttribute('data-ready', 'true');
  performance.mark('sincelast-ready');
  navigator.storage.estimate().then((e) => { $('storage').textContent = t('dash_storage', bytes(e.usage)); }).catch(() => { $('storage').textContent = t('dash_unknown'); });
  // Newly appeared pages (background/links.js): first seen through links that appeared on pages
  // visited again, highest novelty first.
  const unavailable = () => $('new-pages').replaceChildren(el('p', { class: 'muted' }, t('dash_newpages_failed')));
  api.runtime.sendMessage({ type: 'new-pages' }).then((reply) => {
    if (!reply || !reply.ok || !reply.result) return unavailable();
    renderNewPages($('new-pages'), reply.result);
    document.body.setAttribute('data-new-pages', String(reply.result.pages.length));
  }).catch(unavailable);
}

start().catch((e) => { $('status').textContent = t('dash_failed', e.message); });
