// The popup's everyday controls: pause recording, exclude this site, forget this page, open its
// history, pick a part of the page to ignore or to watch alone; and "this is noise" / "always
// show changes here" on a listed change. Everything set with textContent.

import { ask } from '../shared/ask.js';
import { api } from '../shared/api.js';

/**
 * @param {string} tag
 * @param {Record<string, any>} [props]
 * @param {...(Node | string | null)} children
 */
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
  const label = noise ? 'This is noise' : 'Always show here';
  const title = noise
    ? 'This is noise: the site learns to put changes of this part in the automated list'
    : 'Always show changes here: this part is never treated as noise again';
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
        say(noise ? 'Learned: changes there are noise from now on (Settings lists it as taught by you).' : 'Learned: changes there are always shown from now on.');
      } catch (e) {
        say(`Not learned: ${e.message}`);
      }
    },
  }, label);
}

/** "until 15:40" or "until you turn it on". */
function pausedText(until) {
  return until === -1 ? 'Recording is paused until you turn it on.' : `Recording is paused until ${new Date(until).toLocaleTimeString([], { hour: '2-digit', minute: '2-digit' })}.`;
}

/**
 * The controls for the tab's page (`url`, or null for a page that is not handled).
 * @param {number} tabId
 * @param {string | null} url
 * @param {() => Promise<void>} refresh
 */
export async function controls(tabId, url, refresh) {
  const box = el('section', { id: 'controls', 'aria-label': 'Controls' });
  const { pausedUntil } = await ask({ type: 'pause-get' });
  if (pausedUntil !== null) {
    box.append(el('p', { class: 'notice', id: 'paused' }, pausedText(pausedUntil)),
      el('button', {
        type: 'button', id: 'resume', onclick: async () => {
          await ask({ type: 'pause', minutes: 0 });
          await refresh();
          say('Recording again.');
        },
      }, 'Turn recording on'));
  } else {
    const pause = (minutes, text, id) => el('button', {
      type: 'button', id, onclick: async () => {
        await ask({ type: 'pause', minutes });
        await refresh();
        say(minutes === null ? 'Paused until you turn it on.' : 'Paused for an hour.');
      },
    }, text);
    box.append(el('div', { class: 'row' }, el('span', {}, 'Pause recording: '),
      pause(60, 'for an hour', 'pause-hour'), pause(null, 'until I turn it on', 'pause-off')));
  }
  if (url) {
    const site = new URL(url).hostname;
    box.append(el('div', { class: 'row' },
      el('a', { id: 'open-history', href: api.runtime.getURL(`history/history.html?url=${encodeURIComponent(url)}`), target: '_blank' }, 'Open its history'),
      el('button', {
        type: 'button', id: 'forget-page', onclick: async () => {
          if (!globalThis.confirm('Forget every visit of this page?')) return;
          try {
            const r = await ask({ type: 'forget-page', tabId });
            await refresh();
            say(`Forgotten: ${r.visits} visit${r.visits === 1 ? '' : 's'} of this page deleted.`);
          } catch (e) {
            say(`Not forgotten: ${e.message}`);
          }
        },
      }, 'Forget this page'),
      el('button', {
        type: 'button', id: 'exclude-site', onclick: async () => {
          if (!globalThis.confirm(`Exclude ${site}? Everything kept for it is deleted.`)) return;
          try {
            const { settings } = await ask({ type: 'settings-get' });
            await ask({ type: 'settings-set', settings: { excludedSites: [...settings.excludedSites.filter((s) => s !== site), site] } });
            await refresh();
            say(`${site} is excluded.`);
          } catch (e) {
            say(`Not excluded: ${e.message}`);
          }
        },
      }, 'Exclude this site')));
    const pick = (mode, text, id) => el('button', {
      type: 'button', id, onclick: async () => {
        try {
          await ask({ type: 'pick-region', tabId, mode });
          say('Now click the part on the page (Esc cancels).');
          if (!new URLSearchParams(location.search).has('tabId')) globalThis.close();
        } catch (e) {
          say(`Cannot pick on this page: ${e.message}`);
        }
      },
    }, text);
    box.append(el('div', { class: 'row' }, pick('ignore', 'Ignore a part of this page…', 'pick-ignore'), pick('include', 'Watch just one part…', 'pick-include')));
  }
  box.append(el('p', { id: 'control-status', class: 'muted', role: 'status' }));
  return box;
}
