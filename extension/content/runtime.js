// The content script's line to the background, and noticing that the extension is gone (reloaded
// or updated under the page: the runtime of this copy is then invalid).

import { api, ask } from '../shared/ask.js';
import { KindError } from '../shared/errors.js';

export { api };

/** @type {() => void} */
let goneHandler = () => {};

/** Sets what to do once the extension is found gone (lifecycle.js: remove every trace). */
export function whenGone(handler) {
  goneHandler = handler;
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
  if (!alive()) goneHandler();
}

/** Shuts this copy down (the extension is gone). */
export function gone() {
  goneHandler();
}

/**
 * Sends a message to the background; resolves to its result or throws a KindError (`gone` when
 * the extension is no longer there).
 * @param {import('../shared/messages.js').ContentMessage | import('../shared/messages.js').TestBadgeMessage | import('../shared/messages.js').TestOpenMessage} message
 */
export async function send(message) {
  if (!alive()) {
    goneHandler();
    throw new KindError('gone', 'extension gone');
  }
  try {
    return await ask(message);
  } catch (e) {
    if (!alive()) goneHandler();
    throw e;
  }
}
