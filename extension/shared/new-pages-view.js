// (links) Views of new links and newly appeared pages, built with DOM methods (page-derived
// text only through textContent): the popup's "New links (N)" section and the dashboard's
// "Newly appeared pages" list (renderNewPages, for the 'new-pages' answer).


import { formatDate, plural, t } from './i18n.js';
import { el } from './el.js';
/** A link's address, short: host and path. */
function shortUrl(url) {
  try {
    const u = new URL(url);
    const rest = `${u.pathname}${u.search}`;
    return `${u.host}${rest === '/' ? '' : rest}`;
  } catch {
    return String(url);
  }
}

/** An http(s) URL, or null (never a javascript: link in our pages). */
function safeHref(url) {
  try {
    const u = new URL(url);
    return u.protocol === 'http:' || u.protocol === 'https:' ? u.href : null;
  } catch {
    return null;
  }
}

/** A link opening in a new tab, its text set with textContent. */
function outLink(url, text) {
  const href = safeHref(url);
  if (!href) return el('span', {}, text);
  return el('a', { href, target: '_blank', rel: 'noopener noreferrer' }, text);
}

/**
 * The popup's section: "New links (N)", each with the text of the block it stands in and its
 * address. Null when the page has none.
 * @param {{ newLinks?: { url: string, text: string }[], newLinkCount?: number }} state
 * @returns {HTMLElement | null}
 */
export function newLinksSection(state) {
  const list = Array.isArray(state.newLinks) ? state.newLinks : [];
  const total = Number.isInteger(state.newLinkCount) ? Math.max(state.newLinkCount, list.length) : list.length;
  if (!total) return null;
  const ol = el('ol', { class: 'new-links' });
  for (const l of list) {
    ol.append(el('li', { 'data-url': l.url },
      el('span', { class: 'new-link-tag', 'aria-hidden': 'true' }, `★ ${t('status_new')}`), ' ',
      outLink(l.url, l.text || shortUrl(l.url)), ' ',
      el('span', { class: 'muted url' }, shortUrl(l.url))));
  }
  if (total > list.length) ol.append(el('li', { class: 'muted' }, t('popup_more', total - list.length)));
  return el('section', { id: 'new-links', 'aria-labelledby': 'new-links-title' },
    el('h2', { id: 'new-links-title' }, t('links_title', total)),
    el('p', { class: 'muted' }, t('links_intro')),
    ol);
}

/**
 * Renders the answer to 'new-pages' into `container` (emptied first): the newly appeared pages,
 * highest novelty first, each with its score, how it was reached and when it was first seen.
 * @param {HTMLElement} container
 * @param {import('./messages.js').NewPagesResult} reply
 */
export function renderNewPages(container, reply) {
  container.textContent = '';
  const pages = reply && Array.isArray(reply.pages) ? reply.pages : [];
  if (!pages.length) {
    container.append(el('p', { class: 'muted' }, t('newpages_none')));
    return;
  }
  container.append(el('p', { class: 'muted' },
    plural(reply.total, 'newpages_intro', [formatDate(reply.since), reply.delta])));
  const ol = el('ol', { class: 'new-pages' });
  for (const p of pages) {
    const how = p.certainLinks === p.inLinks
      ? plural(p.certainLinks, 'newpages_new_links')
      : t('newpages_some_new', [p.certainLinks, p.inLinks]);
    ol.append(el('li', { 'data-url': p.url, 'data-score': p.score.toFixed(3) },
      el('span', { class: 'score', title: t('newpages_score_title') }, p.score.toFixed(2)), ' ',
      outLink(p.url, p.title || shortUrl(p.url)), ' ',
      el('span', { class: 'muted' }, `${how}${p.via ? `, ${t('newpages_via', shortUrl(p.via))}` : ''}${p.firstSeen ? `, ${t('newpages_first_seen', formatDate(p.firstSeen))}` : ''}`)));
  }
  container.append(ol);
}
