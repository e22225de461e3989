// Messages from the background to this page: the popup's "scroll to this change" and the
// keyboard commands "next change" and "previous change". Only this extension's background may send them.

import { state } from './state.js';
import { api } from './runtime.js';
import { paint, step, focusTarget } from './paint.js';
import { showLifespans } from './lifespans.js';
import { onEverydayMessage } from './everyday.js';

/**
 * @param {import('../shared/messages.js').TabMessage} msg
 * @param {chrome.runtime.MessageSender} sender
 * @param {(response: { ok: boolean, shown?: number }) => void} sendResponse
 */
export function onMessage(msg, sender, sendResponse) {
  if (state.dead || !msg || sender.id !== api.runtime.id || sender.tab) return false;
  const last = state.lastResult;
  if (msg.type === 'next-change' || msg.type === 'previous-change') {
    if (!state.painting && last && last.status === 'changed') paint(last);
    sendResponse({ ok: step(msg.type === 'next-change' ? 1 : -1) });
    return false;
  }
  // everyday.js: a change taught from the popup, the region picker.
  const everyday = onEverydayMessage(msg);
  if (everyday !== undefined) {
    sendResponse(everyday);
    return false;
  }
  if (msg.type === 'scroll-to' && Number.isInteger(msg.change)) {
    // (a page with automated changes only is painted on demand, from the popup's list)
    if (!state.painting && last && last.changes && last.changes.length) paint(last);
    sendResponse({ ok: !!state.painting && focusTarget(msg.change) });
    return false;
  }
  // The lifespan heat map, asked for from the page's history.
  if (msg.type === 'lifespans' && Array.isArray(msg.heat)) {
    sendResponse({ ok: true, shown: showLifespans(msg.heat.slice(0, state.elements.length)) });
    return false;
  }
  return false;
}
