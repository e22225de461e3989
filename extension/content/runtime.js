// The content script's line to the background, and noticing that the extension is gone (reloaded
// or updated under the page: the runtime of this copy is then invalid).

import { api } from '../shared/api.js';
import { ask } from '../shared/ask.js';
import { state } from './state.js';
import { KindError } from '../shared/errors.js';

export { api };

/**
 * Sets what to do once the extension is found gone (lifecycle.js: remove every trace).
 * @param {() => void} handler
 */
export function whenGone(handler) {
  state.onGone = handler;
}

/** True while the extension that injected this copy is still there. */
export function alive() {
  try {
    return !!(api && api.runtime && api.runtime.id);
  } catch {
    return false;
  }
}

/** Runs the gone handler when the extension is gone. */
export function checkAlive() {
  if (!alive()) state.onGone();
}

/** Shuts this copy down (the extension is gone). */
export function gone() {
  state.onGone();
}

/**
 * Sends a message to the background; resolves to its result or throws a KindError (`gone` when
 * the extension is no longer there).
 * @param {import('../shared/messages.js').ContentMessage | import('../shared/messages.js').TestBadgeMessage | import('../shared/messages.js').TestOpenMessage | import('../shared/messages.js').EverydayMessage} message
 */
export async function send(message) {
  if (!alive()) {
    state.onGone();
    throw new KindError('gone', 'extension gone');
  }
  try {
    return await ask(message);
  } catch (e) {
    if (!alive()) state.onGone();
    throw e;
  }
}
