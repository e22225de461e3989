// The popup: what the background knows about the active tab (or ?tabId=N, for tests and for
// opening the popup as a page). Everything shown is set with textContent.

import { api } from '../shared/api.js';
import { ask } from '../shared/ask.js';
import { pageKey } from '../shared/protocol.js';
import { countByStatus, isAuto, reasonDetail, reasonLabel, relativeTime, statusCount } from '../shared/labels.js';
import { formatDate, localizePage, plural, t } from '../shared/i18n.js';

localizePage();
import { newLinksSection } from '../shared/new-pages-view.js';
import { controls, teachButton } from './controls.js';
import { el } from '../shared/el.js';
import { planReason } from '../shared/core-words.js';

const main = document.getElementById('main');

/** Why a page is not handled, in the UI language. */
const REASONS = {
  unsupported: () => t('reason_unsupported'),
  excluded: () => t('reason_excluded'),
  private: () => t('reason_private'),
  password: () => t('reason_password'),
  sensitive: () => t('reason_sensitive'),
  'url-changed': () => t('reason_url_changed'),
  'rate-limited': () => t('reason_rate_limited'),
  empty: () => t('reason_empty'),
  'no-tab': () => t('reason_no_tab'),
  paused: () => t('reason_paused'),
};

/** @type {[string, () => string][]} */
const IED_LABELS = [
  ['add', () => t('ied_add')], ['drop', () => t('ied_drop')], ['copy', () => t('ied_copy')],
  ['shrink', () => t('ied_shrink')], ['replace', () => t('ied_replace')], ['move', () => t('ied_move')],
];

/** @param {number} ms */
function when(ms) {
  return `${formatDate(ms)} (${relativeTime(ms)})`;
}

function changeItem(tabId, c, extra = null) {
  return el('li', { class: c.status },
    el('button', {
      type: 'button',
      'data-change': String(c.k),
      onclick: () => ask({ type: 'scroll-to', tabId, change: c.k }).catch(() => {}),
    }, el('span', { class: `tag ${c.status}` }, t(`status_${c.status}`)), extra, el('span', { class: 'preview' }, c.preview)));
}

/** The automated changes (noise, template) under a toggle, each with why it is automated. */
function automatedSection(tabId, state) {
  const auto = (state.changes || []).filter(isAuto);
  if (!auto.length) return null;
  const list = el('ol', { class: 'automated' });
  for (const c of auto) {
    const item = changeItem(tabId, c, el('span', { class: 'reason', 'data-reason': reasonDetail(c), title: reasonDetail(c) }, reasonLabel(c)));
    item.append(teachButton(tabId, c, refresh));
    list.append(item);
  }
  const n = auto.length;
  return el('details', { id: 'automated' },
    el('summary', {}, plural(n, 'popup_automated')),
    list);
}

function summaryLine(changes) {
  return countByStatus(changes).map(([n, k]) => statusCount(n, k)).join(' · ');
}

/**
 * Storage full (the browser refused a visit's write for lack of space): says so above the rest,
 * with a button that deletes the oldest history; nothing else is deleted.
 */
function storageFullNotice(state) {
  if (!state.storageFull && state.failed !== 'storage-full') return null;
  const status = el('p', { class: 'muted', id: 'prune-status', role: 'status' });
  const button = /** @type {HTMLButtonElement} */ (el('button', { type: 'button', id: 'prune' }, t('popup_prune')));
  button.addEventListener('click', () => {
    button.disabled = true;
    status.textContent = t('popup_pruning');
    ask({ type: 'prune-oldest' }).then((r) => {
      status.textContent = `${plural(r.visits, 'popup_pruned_visits')} ${plural(r.pages, 'popup_pruned_pages')}`;
    }, (e) => {
      status.textContent = t('popup_prune_failed', e.message);
      button.disabled = false;
    });
  });
  return el('div', { class: 'notice', id: 'storage-full-db', role: 'alert' },
    el('p', {}, state.failed === 'storage-full'
      ? t('popup_storage_full_this')
      : t('popup_storage_full_last')),
    button, status);
}

function render(tabId, state) {
  main.textContent = '';
  const full = storageFullNotice(state);
  if (full) main.append(full);
  main.dataset.status = state.handled ? state.status : `not-handled:${state.reason}`;
  if (!state.handled) {
    main.append(el('p', { class: 'notice' }, REASONS[state.reason] ? REASONS[state.reason]() : t('reason_not_handled')));
    return;
  }
  if (state.status === 'pending') {
    main.append(el('p', { class: 'muted' }, t('popup_pending')));
    return;
  }
  if (state.status === 'first') {
    main.append(el('p', { class: 'summary' }, t('popup_saved')), el('p', { class: 'muted' }, t('popup_first_visit')));
    return;
  }
  main.append(el('p', { class: 'muted' }, t('popup_last_visit', when(state.lastVisitTime))));
  if (state.status === 'unchanged') {
    main.append(el('p', { class: 'summary' }, t('popup_unchanged')));
    // summary.not_loaded: kept the last full version instead of this one.
    if (state.notLoaded) main.append(el('p', { class: 'notice', id: 'not-loaded' }, t('popup_not_loaded')));
    main.append(newLinksSection(state) || ''); // (links)
    main.append(automatedSection(tabId, state) || '');
    return;
  }
  if (state.stored === 'full') {
    // The visit is stored; only its list of changes did not fit the browser's storage for tabs.
    main.append(el('p', { class: 'summary', id: 'summary' }, plural(state.count, 'changes')),
      el('p', { class: 'notice', id: 'storage-full' }, t('popup_list_not_kept')));
    return;
  }
  main.append(el('p', { class: 'summary', id: 'summary' }, summaryLine(state.changes)));
  if (state.summary) {
    const s = state.summary;
    main.append(el('p', { class: 'muted' }, t(s.approximate ? 'popup_words_approx' : 'popup_words', [s.words_added, s.words_removed, s.words_moved])));
    // A page-wide work budget of the core ran out (a hostile or enormous page): say so.
    if (Array.isArray(s.degraded) && s.degraded.length) main.append(el('p', { class: 'notice', id: 'degraded' }, t('popup_degraded')));
  }
  const list = el('ol', { class: 'changes' });
  for (const c of state.changes) {
    if (isAuto(c)) continue;
    // A change a rule looked at and kept (issue 11: "looked like …, kept because …"), or one the
    // person asked to be shown: why it is here though its slot is learned.
    const why = c.reason ? el('span', { class: 'reason kept', 'data-reason': reasonDetail(c), title: reasonDetail(c) }, reasonLabel(c)) : null;
    const item = changeItem(tabId, c, why);
    item.append(teachButton(tabId, c, refresh));
    list.append(item);
  }
  const total = state.total ?? state.count;
  if (total > state.changes.length) list.append(el('li', { class: 'muted' }, t('popup_more', total - state.changes.length)));
  main.append(el('h2', {}, t('popup_changes')), list);
  main.append(newLinksSection(state) || ''); // (links)
  const auto = automatedSection(tabId, state);
  if (auto) main.append(auto);
  if (state.metrics) {
    // The research measures, behind a disclosure: on the content changes only.
    const rows = IED_LABELS.map(([k, label]) => el('tr', {}, el('th', {}, label()), el('td', { 'data-metric': k }, String(state.metrics.ied[k]))));
    rows.push(el('tr', {}, el('th', { title: t('popup_dice_title') }, 'Dice'),
      el('td', { 'data-metric': 'dice' }, state.metrics.dice.toFixed(3))));
    main.append(el('details', { id: 'details' },
      el('summary', {}, t('popup_details')),
      el('p', { class: 'muted' }, t('popup_details_text')),
      el('table', { class: 'metrics' }, el('tbody', {}, ...rows))));
  }
}

let currentTab = -1;

/** Draws the popup again (after a control changed something), controls included. */
async function refresh() {
  const state = await ask({ type: 'popup-state', tabId: currentTab });
  render(currentTab, state);
  main.append(await controls(currentTab, state.url || null, refresh));
  document.body.dataset.ready = String(Date.now());
  return state;
}

async function main_() {
  const param = new URLSearchParams(location.search).get('tabId');
  let tabId = param !== null ? Number(param) : null;
  if (tabId === null) {
    const [tab] = await api.tabs.query({ active: true, currentWindow: true });
    tabId = tab ? tab.id : -1;
  }
  currentTab = tabId;
  for (let attempt = 0; attempt < 20; attempt++) {
    const state = await refresh();
    if (!(state.handled && state.status === 'pending')) break;
    await new Promise((r) => setTimeout(r, 500));
  }
}

// watch: the "Watch this page" switch. Turning it on asks for access to the page's site (an
// optional permission) inside the click, then adds the page to the watch list.
async function watchSwitch() {
  const param = new URLSearchParams(location.search).get('tabId');
  let tabId = param !== null ? Number(param) : null;
  if (tabId === null) {
    const [tab] = await api.tabs.query({ active: true, currentWindow: true });
    tabId = tab ? tab.id : -1;
  }
  const section = document.getElementById('watch');
  const toggle = /** @type {HTMLInputElement} */ (document.getElementById('watch-toggle'));
  const note = document.getElementById('watch-note');
  const state = await ask({ type: 'watch-tab', tabId });
  if (!state.url) return;
  section.hidden = false;
  toggle.checked = state.watched;
  note.textContent = state.watched ? (state.plan || state.reason ? t('popup_watch_checked', state.plan ? planReason(state.plan) : state.reason) : t('popup_watched')) : t('popup_watch_hint');
  toggle.addEventListener('change', () => {
    const url = new URL(state.url);
    if (toggle.checked) {
      api.permissions.request({ origins: [`${url.protocol}//${url.hostname}/*`] })
        .catch(() => false)
        .then(async (ok) => {
          const out = await ask({ type: 'watch-add', url: state.url });
          note.textContent = ok ? t('popup_watched_checked', out.watch.plan ? planReason(out.watch.plan) : t('popup_soon')) : t('popup_watched_no_access');
        })
        .catch((e) => {
          toggle.checked = false;
          note.textContent = t('popup_not_watched', e.message);
        });
    } else {
      ask({ type: 'watch-remove', url: state.url }).then(() => {
        note.textContent = t('popup_no_longer_watched');
      }, (e) => {
        toggle.checked = true;
        note.textContent = t('popup_still_watched', e.message);
      });
    }
  });
}
watchSwitch().catch(() => {});

main_().catch((e) => {
  main.textContent = '';
  main.append(el('p', { class: 'notice' }, t('popup_error', e.message)));
});

// The "History" link: the history page of the active tab's page (when it is a web page).
(async () => {
  const param = new URLSearchParams(location.search).get('tabId');
  const tab = param !== null ? await api.tabs.get(Number(param)).catch(() => null) : (await api.tabs.query({ active: true, currentWindow: true }))[0];
  const key = tab && tab.url ? pageKey(tab.url) : null;
  const a = /** @type {HTMLAnchorElement | null} */ (document.getElementById('history'));
  if (!key || !a) return;
  a.href = `../history/history.html?url=${encodeURIComponent(key)}`;
  a.hidden = false;
})().catch(() => {});
