// watch: the watch list in the settings page — every watched page with its last check, last
// meaningful change, next check, the learned interval and why, its status, pause/remove and
// cookies on/off; the bounds of the schedule, notifications, and importing another tool's list.
// Built with DOM methods only (page titles and addresses are data).

import { api } from '../shared/api.js';
import { ask } from '../shared/ask.js';
import { relativeTime } from '../shared/labels.js';

const STATUS_WORDS = {
  new: 'Not checked yet', ok: 'OK', capped: 'Capped at 5 MB', refused: 'Refused', error: 'Failed',
  permission: 'Needs access', excluded: 'Site excluded',
};

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

function time(ms) {
  return ms ? `${new Date(ms).toLocaleString()} (${relativeTime(ms)})` : '—';
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
    say(`Not done: ${e.message}`);
  }
  await refresh();
}

function row(w) {
  const li = el('li', { class: `watch ${w.status}${w.paused ? ' paused' : ''}`, 'data-url': w.url });
  const title = el('a', { href: w.url, target: '_blank', rel: 'noopener noreferrer' });
  title.textContent = w.title || w.url;
  const facts = el('dl');
  const fact = (k, v, name) => facts.append(el('dt', {}, k), el('dd', name ? { 'data-field': name } : {}, v));
  fact('Address', w.url);
  fact('Status', `${STATUS_WORDS[w.status] || w.status}${w.statusText ? `: ${w.statusText}` : ''}`, 'status');
  fact('Last check', time(w.lastCheck), 'last-check');
  fact('Last meaningful change', time(w.lastChange), 'last-change');
  fact('Next check', w.paused ? 'paused' : time(w.nextTime), 'next-check');
  fact('Interval', w.plan ? w.plan.reason : '—', 'interval');
  if (w.unseen) fact('Not seen yet', `${w.unseen} check${w.unseen === 1 ? '' : 's'} found changes since you last looked`, 'unseen');
  fact('Cookies', w.cookies ? 'sent with checks (you turned this on)' : 'not sent', 'cookies');
  if (w.source) fact('Imported from', w.source, 'source');
  if (w.notCarried && w.notCarried.length) fact('Not carried over', w.notCarried.join('; '), 'not-carried');
  const controls = el('div', { class: 'controls' });
  controls.append(
    el('button', { type: 'button', 'data-action': 'pause', onclick: () => act({ type: 'watch-update', url: w.url, paused: !w.paused }, w.paused ? 'Resumed.' : 'Paused.') }, w.paused ? 'Resume' : 'Pause'),
    el('button', { type: 'button', 'data-action': 'cookies', 'aria-pressed': String(!!w.cookies), onclick: () => act({ type: 'watch-update', url: w.url, cookies: !w.cookies }, w.cookies ? 'Cookies off for this page.' : 'Cookies on for this page.') }, w.cookies ? 'Turn cookies off' : 'Turn cookies on'),
    el('button', { type: 'button', 'data-action': 'check', onclick: () => act({ type: 'watch-check-now', url: w.url }, 'Checked.') }, 'Check now'),
    el('button', { type: 'button', 'data-action': 'remove', class: 'danger', onclick: () => act({ type: 'watch-remove', url: w.url }, 'Removed from the watch list.') }, 'Remove'),
  );
  if (!w.permitted) {
    controls.prepend(el('button', {
      type: 'button', 'data-action': 'allow',
      onclick: () => {
        // Asked inside the click (a user gesture).
        api.permissions.request({ origins: [originPattern(w.url)] }).then((ok) => say(ok ? 'Access allowed.' : 'Access not allowed.')).then(refresh, refresh);
      },
    }, 'Allow access to this site'));
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
    say(`The watch list could not be read: ${e.message}`);
    return;
  }
  list.textContent = '';
  if (!data.watches.length) list.append(el('li', { class: 'muted' }, 'No watched pages yet. Use “Watch this page” in the toolbar popup or the page’s context menu.'));
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
  out.append(el('p', {}, `${result.sourceName}: ${result.added.length} page${result.added.length === 1 ? '' : 's'} added, ${result.skipped.length} left out.`));
  const ul = el('ul');
  for (const a of result.added) {
    const parts = [a.title ? `${a.title} — ${a.url}` : a.url];
    if (a.interval) parts.push(`checked every ${Math.round(a.interval / 60)} min there (a starting point; the interval is learned here)`);
    if (a.paused) parts.push('paused');
    if (a.notCarried.length) parts.push(`not carried over: ${a.notCarried.join('; ')}`);
    ul.append(el('li', { class: 'added' }, parts.join(' · ')));
  }
  for (const s of result.skipped) ul.append(el('li', { class: 'skipped' }, `Left out: ${s.entry} — ${s.reason}`));
  out.append(ul);
}

export function initWatchList() {
  const form = document.getElementById('watch-settings');
  if (!form) return;
  form.addEventListener('submit', (e) => {
    e.preventDefault();
    const minMinutes = Number(/** @type {HTMLInputElement} */ (document.getElementById('watch-min')).value);
    const maxDays = Number(/** @type {HTMLInputElement} */ (document.getElementById('watch-max')).value);
    act({ type: 'watch-settings-set', settings: { minMinutes, maxDays } }, 'Schedule bounds saved.');
  });
  const notify = /** @type {HTMLInputElement} */ (document.getElementById('watch-notify'));
  notify.addEventListener('change', () => {
    if (notify.checked) {
      // The permission is asked for now, inside the click.
      api.permissions.request({ permissions: ['notifications'] }).then((ok) => {
        if (!ok) {
          notify.checked = false;
          say('Notifications were not allowed.');
          return null;
        }
        return act({ type: 'watch-settings-set', settings: { notify: true } }, 'Notifications on.');
      }, (e) => say(`Notifications: ${e.message}`));
    } else {
      act({ type: 'watch-settings-set', settings: { notify: false } }, 'Notifications off.');
    }
  });
  const file = /** @type {HTMLInputElement} */ (document.getElementById('watch-import-file'));
  file.addEventListener('change', async () => {
    const f = file.files && file.files[0];
    if (!f) return;
    if (f.size > 8 * 1024 * 1024) {
      say('That file is larger than 8 MB: not a watch list.');
      return;
    }
    try {
      const result = await ask({ type: 'watch-import', text: await f.text() });
      showImport(result);
      say(`Imported from ${result.sourceName}.`);
    } catch (e) {
      say(`Not imported: ${e.message}`);
    }
    file.value = '';
    await refresh();
  });
  refresh();
}
