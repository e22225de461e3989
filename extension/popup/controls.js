// The popup's everyday controls: pause recording, exclude this site, forget this page, open its
// history, pick a part of the page to ignore or to watch alone; and "this is noise" / "always
// show changes here" on a listed change. Everything set with textContent.

import { ask } from '../shared/ask.js';
import { api } from '../shared/api.js';
import { formatDate, plural, t } from '../shared/i18n.js';
import { el } from '../shared/el.js';

/** Says what happened, for screen readers too. */
function say(text) {
  const out = document.getElementById('control-status');
  if (out) out.textContent = text;
}

/**
 * The teach button of a listed change: "This is noise" on a content change, "Always show here"
 * on an automated one. `refresh` draws the popup again once the background has answered.
 * @param {number} tabId
 * @param {{ k: number, kind?: string, preview?: string }} c
 * @param {() => Promise<void>} refresh
 */
export function teachButton(tabId, c, refresh) {
  const noise = c.kind === 'content' || !c.kind;
  const label = noise ? t('bar_noise') : t('bar_always_show');
  const title = noise
    ? t('popup_noise_title')
    : t('popup_always_show_title');
  return el('button', {
    type: 'button',
    class: 'teach',
    'data-teach': noise ? 'noise' : 'show',
    'data-change': String(c.k),
    title,
    'aria-label': `${title} (${(c.preview || '').slice(0, 40)})`,
    onclick: async () => {
      try {
        await ask({ type: 'teach', tabId, change: c.k, noise });
        await refresh();
        say(noise ? t('popup_learned_noise') : t('popup_learned_shown'));
      } catch (e) {
        say(t('popup_not_learned', e.message));
      }
    },
  }, label);
}

/** "until 15:40" or "until you turn it on". */
function pausedText(until) {
  return until === -1 ? t('popup_paused_off') : t('popup_paused_until', formatDate(until, { hour: '2-digit', minute: '2-digit' }));
}

/**
 * The controls for the tab's page (`url`, or null for a page that is not handled).
 * @param {number} tabId
 * @param {string | null} url
 * @param {() => Promise<void>} refresh
 */
export async function controls(tabId, url, refresh) {
  const box = el('section', { id: 'controls', 'aria-label': t('popup_controls') });
  const { pausedUntil } = await ask({ type: 'pause-get' });
  if (pausedUntil !== null) {
    box.append(el('p', { class: 'notice', id: 'paused' }, pausedText(pausedUntil)),
      el('button', {
        type: 'button', id: 'resume', onclick: async () => {
          await ask({ type: 'pause', minutes: 0 });
          await refresh();
          say(t('popup_recording_again'));
        },
      }, t('popup_resume')));
  } else {
    const pause = (minutes, text, id) => el('button', {
      type: 'button', id, onclick: async () => {
        await ask({ type: 'pause', minutes });
        await refresh();
        say(minutes === null ? t('popup_paused_off_said') : t('popup_paused_hour_said'));
      },
    }, text);
    box.append(el('div', { class: 'row' }, el('span', {}, t('popup_pause')),
      pause(60, t('popup_pause_hour'), 'pause-hour'), pause(null, t('popup_pause_off'), 'pause-off')));
  }
  if (url) {
    const site = new URL(url).hostname;
    box.append(el('div', { class: 'row' },
      el('a', { id: 'open-history', href: api.runtime.getURL(`history/history.html?url=${encodeURIComponent(url)}`), target: '_blank' }, t('popup_open_history')),
      el('button', {
        type: 'button', id: 'forget-page', onclick: async () => {
          if (!globalThis.confirm(t('popup_forget_confirm'))) return;
          try {
            const r = await ask({ type: 'forget-page', tabId });
            await refresh();
            say(plural(r.visits, 'popup_forgotten'));
          } catch (e) {
            say(t('popup_not_forgotten', e.message));
          }
        },
      }, t('popup_forget')),
      el('button', {
        type: 'button', id: 'exclude-site', onclick: async () => {
          if (!globalThis.confirm(t('popup_exclude_confirm', site))) return;
          try {
            const { settings } = await ask({ type: 'settings-get' });
            await ask({ type: 'settings-set', settings: { excludedSites: [...settings.excludedSites.filter((s) => s !== site), site] } });
            await refresh();
            say(t('site_excluded', site));
          } catch (e) {
            say(t('popup_not_excluded', e.message));
          }
        },
      }, t('popup_exclude'))));
    const pick = (mode, text, id) => el('button', {
      type: 'button', id, onclick: async () => {
        try {
          await ask({ type: 'pick-region', tabId, mode });
          say(t('popup_pick_now'));
          if (!new URLSearchParams(location.search).has('tabId')) globalThis.close();
        } catch (e) {
          say(t('popup_cannot_pick', e.message));
        }
      },
    }, text);
    box.append(el('div', { class: 'row' }, pick('ignore', t('popup_pick_ignore'), 'pick-ignore'), pick('include', t('popup_pick_include'), 'pick-include')));
  }
  box.append(el('p', { id: 'control-status', class: 'muted', role: 'status' }));
  return box;
}
