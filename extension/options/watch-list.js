// watch: the watch list in the settings page — every watched page with its last check, last
// meaningful change, next check, the learned interval and why, its status, pause/remove and
// cookies on/off; the bounds of the schedule, notifications, and importing another tool's list.
// Built with DOM methods only (page titles and addresses are data).

import { api } from '../shared/api.js';
import { ask } from '../shared/ask.js';
import { relativeTime } from '../shared/labels.js';
import { formatDate, plural, t } from '../shared/i18n.js';
import { el } from '../shared/el.js';
import { planReason } from '../shared/core-words.js';

const STATUS_WORDS = {
  new: () => t('watch_status_new'), ok: () => t('watch_status_ok'), capped: () => t('watch_status_capped'),
  refused: () => t('watch_status_refused'), error: () => t('watch_status_error'),
  permission: () => t('watch_status_permission'), excluded: () => t('watch_status_excluded'),
};

function time(ms) {
  return ms ? `${formatDate(ms)} (${relativeTime(ms)})` : '—';
}

function say(text) {
  const s = document.getElementById('watch-status');
  if (s) s.textContent = text;
}

function originPattern(url) {
  const u = new URL(url);
  return `${u.protocol}//${u.hostname}/*`;
}

async function act(message, done) {
  try {
    await ask(message);
    say(done);
  } catch (e) {
    say(t('watch_not_done', e.message));
  }
  await refresh();
}

function row(w) {
  const li = el('li', { class: `watch ${w.status}${w.paused ? ' paused' : ''}`, 'data-url': w.url });
  const title = el('a', { href: w.url, target: '_blank', rel: 'noopener noreferrer' });
  title.textContent = w.title || w.url;
  const facts = el('dl');
  const fact = (k, v, name) => facts.append(el('dt', {}, k), el('dd', name ? { 'data-field': name } : {}, v));
  fact(t('watch_address'), w.url);
  fact(t('watch_status'), `${STATUS_WORDS[w.status] ? STATUS_WORDS[w.status]() : w.status}${w.statusText ? `: ${w.statusText}` : ''}`, 'status');
  fact(t('watch_last_check'), time(w.lastCheck), 'last-check');
  fact(t('watch_last_change'), time(w.lastChange), 'last-change');
  fact(t('watch_next_check'), w.paused ? t('watch_paused') : time(w.nextTime), 'next-check');
  fact(t('watch_interval'), w.plan ? planReason(w.plan) : '—', 'interval');
  if (w.unseen) fact(t('watch_not_seen'), plural(w.unseen, 'watch_unseen'), 'unseen');
  fact(t('watch_cookies'), w.cookies ? t('watch_cookies_sent') : t('watch_cookies_not_sent'), 'cookies');
  if (w.source) fact(t('watch_imported_from'), w.source, 'source');
  if (w.notCarried && w.notCarried.length) fact(t('watch_not_carried'), w.notCarried.join('; '), 'not-carried');
  const controls = el('div', { class: 'controls' });
  controls.append(
    el('button', { type: 'button', 'data-action': 'pause', onclick: () => act({ type: 'watch-update', url: w.url, paused: !w.paused }, w.paused ? t('watch_resumed') : t('watch_paused_said')) }, w.paused ? t('watch_resume') : t('watch_pause')),
    el('button', { type: 'button', 'data-action': 'cookies', 'aria-pressed': String(!!w.cookies), onclick: () => act({ type: 'watch-update', url: w.url, cookies: !w.cookies }, w.cookies ? t('watch_cookies_off_said') : t('watch_cookies_on_said')) }, w.cookies ? t('watch_cookies_off') : t('watch_cookies_on')),
    el('button', { type: 'button', 'data-action': 'check', onclick: () => act({ type: 'watch-check-now', url: w.url }, t('watch_checked')) }, t('watch_check_now')),
    el('button', { type: 'button', 'data-action': 'remove', class: 'danger', onclick: () => act({ type: 'watch-remove', url: w.url }, t('watch_removed')) }, t('opt_remove')),
  );
  if (!w.permitted) {
    controls.prepend(el('button', {
      type: 'button', 'data-action': 'allow',
      onclick: () => {
        // Asked inside the click (a user gesture).
        api.permissions.request({ origins: [originPattern(w.url)] }).then((ok) => say(ok ? t('watch_access_allowed') : t('watch_access_not_allowed'))).then(refresh, refresh);
      },
    }, t('watch_allow_access')));
  }
  li.append(el('h3', {}, title), facts, controls);
  return li;
}

export async function refresh() {
  const list = document.getElementById('watches');
  if (!list) return;
  let data;
  try {
    data = await ask({ type: 'watch-list' });
  } catch (e) {
    say(t('watch_cannot_read', e.message));
    return;
  }
  list.textContent = '';
  if (!data.watches.length) list.append(el('li', { class: 'muted' }, t('watch_none')));
  for (const w of data.watches) list.append(row(w));
  const s = data.settings;
  /** @type {HTMLInputElement} */ (document.getElementById('watch-min')).value = String(s.minMinutes);
  /** @type {HTMLInputElement} */ (document.getElementById('watch-max')).value = String(s.maxDays);
  /** @type {HTMLInputElement} */ (document.getElementById('watch-notify')).checked = s.notify;
  document.getElementById('watches').setAttribute('data-count', String(data.watches.length));
}

function showImport(result) {
  const out = document.getElementById('watch-import-result');
  out.textContent = '';
  out.append(el('p', {}, plural(result.added.length, 'watch_import_added', [result.sourceName, result.skipped.length])));
  const ul = el('ul');
  for (const a of result.added) {
    const parts = [a.title ? `${a.title} — ${a.url}` : a.url];
    if (a.interval) parts.push(t('watch_import_interval', Math.round(a.interval / 60)));
    if (a.paused) parts.push(t('watch_paused'));
    if (a.notCarried.length) parts.push(t('watch_import_not_carried', a.notCarried.join('; ')));
    ul.append(el('li', { class: 'added' }, parts.join(' · ')));
  }
  for (const s of result.skipped) ul.append(el('li', { class: 'skipped' }, t('watch_import_left_out', [s.entry, s.reason])));
  out.append(ul);
}

export function initWatchList() {
  const form = document.getElementById('watch-settings');
  if (!form) return;
  form.addEventListener('submit', (e) => {
    e.preventDefault();
    const minMinutes = Number(/** @type {HTMLInputElement} */ (document.getElementById('watch-min')).value);
    const maxDays = Number(/** @type {HTMLInputElement} */ (document.getElementById('watch-max')).value);
    act({ type: 'watch-settings-set', settings: { minMinutes, maxDays } }, t('watch_bounds_saved'));
  });
  const notify = /** @type {HTMLInputElement} */ (document.getElementById('watch-notify'));
  notify.addEventListener('change', () => {
    if (notify.checked) {
      // The permission is asked for now, inside the click.
      api.permissions.request({ permissions: ['notifications'] }).then((ok) => {
        if (!ok) {
          notify.checked = false;
          say(t('watch_notifications_refused'));
          return null;
        }
        return act({ type: 'watch-settings-set', settings: { notify: true } }, t('watch_notifications_on'));
      }, (e) => say(t('watch_notifications_error', e.message)));
    } else {
      act({ type: 'watch-settings-set', settings: { notify: false } }, t('watch_notifications_off'));
    }
  });
  const file = /** @type {HTMLInputElement} */ (document.getElementById('watch-import-file'));
  file.addEventListener('change', async () => {
    const f = file.files && file.files[0];
    if (!f) return;
    if (f.size > 8 * 1024 * 1024) {
      say(t('watch_file_too_big'));
      return;
    }
    try {
      const result = await ask({ type: 'watch-import', text: await f.text() });
      showImport(result);
      say(t('watch_imported', result.sourceName));
    } catch (e) {
      say(t('watch_not_imported', e.message));
    }
    file.value = '';
    await refresh();
  });
  refresh();
}
