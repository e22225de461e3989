// Asking the background: one message out, its `{ ok, result }` or `{ ok: false, error }` back.

import { api } from './api.js';
import { KindError, fromWireError } from './errors.js';

/**
 * Sends `message` to the background; resolves to its result, or throws a KindError with the
 * kind the background gave (or `no_answer`).
 * @template {import('./messages.js').Request} M
 * @param {M} message
 * @returns {Promise<any>}
 */
export async function ask(message) {
  /** @type {import('./messages.js').Reply | undefined} */
  const reply = await api.runtime.sendMessage(message);
  if (!reply || typeof reply !== 'object') throw new KindError('no_answer', 'no answer');
  if (reply.ok !== true) throw fromWireError(/** @type {{ error: unknown }} */ (reply).error);
  return reply.result;
}
