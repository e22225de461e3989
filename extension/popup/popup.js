// The popup: what the background knows about the active tab (or ?tabId=N, for tests and for
// opening the popup as a page). Everything shown is set with textContent.

import { api } from '../shared/api.js';
import { ask } from '../shared/ask.js';
import { pageKey } from '../shared/protocol.js';
import { countByStatus, isAuto, reasonDetail, reasonLabel, relativeTime } from '../shared/labels.js';
import { newLinksSection } from '../shared/new-pages-view.js';
import { controls, teachButton } from './controls.js';

const main = document.getElementById('main');

const REASONS = {
  unsupported: 'Since Last Visit works on web pages (http and https). This page is not one, so nothing is kept for it.',
  excluded: 'You excluded this site, so nothing is kept for it. You can change that in Settings.',
  private: 'Pages in private windows are never recorded.',
  password: 'This page has a password field, so it was not saved.',
  sensitive: 'This site is on your list of sensitive sites (banking, mail, health…), so nothing is kept for it. You can change the list in Settings.',
  'url-changed': 'This page changed its address while it was being read, so it was not saved.',
  'rate-limited': 'This page was loaded too many times in a short while; this visit was not saved.',
  empty: 'This page has no text to compare.',
  'no-tab': 'This tab is gone.',
  paused: 'Recording is paused, so this page was not saved.',
};

const IED_LABELS = [
  ['add', 'Added'], ['drop', 'Dropped'], ['copy', 'Copied'], ['shrink', 'Shrunk'], ['replace', 'Replaced'], ['move', 'Moved'],
];

function el(tag, props = {}, ...children) {
  const e = document.createElement(tag);
  for (const [k, v] of Object.entries(props)) {
    if (k === 'class') e.className = v;
    else if (k.startsWith('on')) e.addEventListener(k.slice(2), v);
    else e.setAttribute(k, v);
  }
  for (const c of children) if (c != null) e.append(c);
  return e;
}

/** @param {number} ms */
function when(ms) {
  return `${new Date(ms).toLocaleString()} (${relativeTime(ms)})`;
}

function changeItem(tabId, c, extra = null) {
  return el('li', { class: c.status },
    el('button', {
      type: 'button',
      'data-change': String(c.k),
      onclick: () => ask({ type: 'scroll-to', tabId, change: c.k }).catch(() => {}),
    }, el('span', { class: `tag ${c.status}` }, c.status), extra, el('span', { class: 'preview' }, c.preview)));
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
    el('summary', {}, `${n} automated change${n === 1 ? '' : 's'} (counters, clocks, rotating items, site template)`),
    list);
}

function summaryLine(changes) {
  return countByStatus(changes).map(([n, k]) => `${n} ${k}`).join(' · ');
}

/**
 * Storage full (the browser refused a visit's write for lack of space): says so above the rest,
 * with a button that deletes the oldest history; nothing else is deleted.
 */
function storageFullNotice(state) {
  if (!state.storageFull && state.failed !== 'storage-full') return null;
  const status = el('p', { class: 'muted', id: 'prune-status', role: 'status' });
  const button = el('button', { type: 'button', id: 'prune' }, 'Prune oldest history');
  button.addEventListener('click', () => {
    button.disabled = true;
    status.textContent = 'Deleting the oldest history…';
    ask({ type: 'prune-oldest' }).then((r) => {
      status.textContent = `Deleted the ${r.visits} oldest visit${r.visits === 1 ? '' : 's'} (${r.pages} page${r.pages === 1 ? '' : 's'} gone with them). The next visits will be saved if there is room now.`;
    }, (e) => {
      status.textContent = `Could not prune: ${e.message}`;
      button.disabled = false;
    });
  });
  return el('div', { class: 'notice', id: 'storage-full-db', role: 'alert' },
    el('p', {}, state.failed === 'storage-full'
      ? 'Storage full: this visit could not be saved. Oldest history can be pruned to make room; what is saved already is kept.'
      : 'Storage full: the last visit could not be saved. Oldest history can be pruned to make room; what is saved already is kept.'),
    button, status);
}

function render(tabId, state) {
  main.textContent = '';
  const full = storageFullNotice(state);
  if (full) main.append(full);
  main.dataset.status = state.handled ? state.status : `not-handled:${state.reason}`;
  if (!state.handled) {
    main.append(el('p', { class: 'notice' }, REASONS[state.reason] || 'This page is not handled.'));
    return;
  }
  if (state.status === 'pending') {
    main.append(el('p', { class: 'muted' }, 'Looking at this page… (it is read once it has finished loading)'));
    return;
  }
  if (state.status === 'first') {
    main.append(el('p', { class: 'summary' }, 'Saved.'), el('p', { class: 'muted' }, 'This is your first visit: next time, what changed will be shown.'));
    return;
  }
  main.append(el('p', { class: 'muted' }, `Last visit: ${when(state.lastVisitTime)}`));
  if (state.status === 'unchanged') {
    main.append(el('p', { class: 'summary' }, 'Nothing changed since then.'));
    main.append(newLinksSection(state) || ''); // (links)
    main.append(automatedSection(tabId, state) || '');
    return;
  }
  if (state.stored === 'full') {
    // The visit is stored; only its list of changes did not fit the browser's storage for tabs.
    main.append(el('p', { class: 'summary', id: 'summary' }, `${state.count} change${state.count === 1 ? '' : 's'}`),
      el('p', { class: 'notice', id: 'storage-full' }, 'The list of changes could not be kept: the browser\'s storage for open tabs is full (close some tabs to free it). The visit is saved and the changes are highlighted on the page.'));
    return;
  }
  main.append(el('p', { class: 'summary', id: 'summary' }, summaryLine(state.changes)));
  if (state.summary) {
    const s = state.summary;
    main.append(el('p', { class: 'muted' }, `${s.words_added} words added, ${s.words_removed} removed, ${s.words_moved} moved${s.approximate ? ' (approximate)' : ''}`));
  }
  const list = el('ol', { class: 'changes' });
  for (const c of state.changes) {
    if (isAuto(c)) continue;
    const item = changeItem(tabId, c);
    item.append(teachButton(tabId, c, refresh));
    list.append(item);
  }
  const total = state.total ?? state.count;
  if (total > state.changes.length) list.append(el('li', { class: 'muted' }, `… and ${total - state.changes.length} more`));
  main.append(el('h2', {}, 'Changes'), list);
  main.append(newLinksSection(state) || ''); // (links)
  const auto = automatedSection(tabId, state);
  if (auto) main.append(auto);
  if (state.metrics) {
    // The research measures, behind a disclosure: on the content changes only.
    const rows = IED_LABELS.map(([k, label]) => el('tr', {}, el('th', {}, label), el('td', { 'data-metric': k }, String(state.metrics.ied[k]))));
    rows.push(el('tr', {}, el('th', { title: 'Dice similarity of the old and new text (1 = same words)' }, 'Dice'),
      el('td', { 'data-metric': 'dice' }, state.metrics.dice.toFixed(3))));
    main.append(el('details', { id: 'details' },
      el('summary', {}, 'Details: how much changed, in numbers'),
      el('p', { class: 'muted' }, 'On the content changes only (template and noise left out): the word edits from the old text to the new (Kwon et al.\'s six IED operations) and how alike the two are (Dice, 1 = the same words).'),
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
  note.textContent = state.watched ? (state.reason ? `Checked ${state.reason}` : 'Watched.') : 'Checked in the background; you are told when it changes.';
  toggle.addEventListener('change', () => {
    const url = new URL(state.url);
    if (toggle.checked) {
      api.permissions.request({ origins: [`${url.protocol}//${url.hostname}/*`] })
        .catch(() => false)
        .then(async (ok) => {
          const out = await ask({ type: 'watch-add', url: state.url });
          note.textContent = ok ? `Watched: checked ${out.watch.plan ? out.watch.plan.reason : 'soon'}` : 'Watched, but access to this site was not allowed: allow it in Settings.';
        })
        .catch((e) => {
          toggle.checked = false;
          note.textContent = `Not watched: ${e.message}`;
        });
    } else {
      ask({ type: 'watch-remove', url: state.url }).then(() => {
        note.textContent = 'No longer watched.';
      }, (e) => {
        toggle.checked = true;
        note.textContent = `Still watched: ${e.message}`;
      });
    }
  });
}
watchSwitch().catch(() => {});

main_().catch((e) => {
  main.textContent = '';
  main.append(el('p', { class: 'notice' }, `Something went wrong: ${e.message}`));
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
