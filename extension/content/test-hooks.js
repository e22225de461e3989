// Test builds only (TEST_HOOKS, an esbuild define): markers on <html> the browser tests wait for,
// and events they send. The browser tests press the bar's buttons (its shadow root is closed) and
// read this tab's badge (Firefox tests cannot open extension pages). In store builds TEST_HOOKS
// is false and every use of this module is dropped from the bundle.

import { state } from './state.js';
import { api, send } from './runtime.js';

/**
 * Sets the marker `data-sincelast-test-<name>` on <html>.
 * @param {string} name
 * @param {string} value
 */
export function testMark(name, value) {
  if (TEST_HOOKS) document.documentElement.setAttribute(`data-sincelast-test-${name}`, value);
}

/** Listens for the tests' events. */
export function installTestHooks() {
  document.addEventListener('sincelast-test:press', (e) => {
    const detail = /** @type {CustomEvent} */ (e).detail;
    const action = /^[a-z]{1,16}$/.test(String(detail)) ? String(detail) : '';
    const p = state.painting;
    const b = p && action ? /** @type {HTMLElement | null} */ (p.bar.root.querySelector(`button[data-action="${action}"]`)) : null;
    if (b) b.click();
    testMark('pressed', `${detail}:${b ? 'ok' : 'missing'}:${Date.now()}`);
  });
  document.addEventListener('sincelast-test:open', (e) => {
    const page = String(/** @type {CustomEvent} */ (e).detail) === 'options' ? 'options' : 'popup';
    send({ type: 'test-open', page }).then(() => testMark('opened', page), (err) => testMark('opened', `error: ${err.message}`));
  });
  // What any content script may do: write storage.local (the settings the background reads).
  document.addEventListener('sincelast-test:store', (e) => {
    let items;
    try {
      items = JSON.parse(String(/** @type {CustomEvent} */ (e).detail));
    } catch {
      items = null;
    }
    if (!items || typeof items !== 'object') return testMark('stored', 'error: not JSON');
    api.storage.local.set(items).then(() => testMark('stored', `ok:${Date.now()}`), (err) => testMark('stored', `error: ${err.message}`));
  });
  // What a hijacked content script could send (tests/stress/hostile-messages): each message of
  // the JSON list as it is, straight through runtime.sendMessage; `{ "$repeat": [s, n] }`
  // anywhere stands for s repeated n times (huge payloads without a huge event). Marks
  // `forged` with the replies' outcomes: `{ sent, ok, kinds: { kind: count }, thrown }`.
  document.addEventListener('sincelast-test:forge', (e) => {
    /** @type {unknown[]} */
    let messages;
    try {
      messages = JSON.parse(String(/** @type {CustomEvent} */ (e).detail), (_k, v) => (
        v && typeof v === 'object' && Array.isArray(v.$repeat) ? String(v.$repeat[0]).repeat(Number(v.$repeat[1])) : v));
    } catch {
      messages = null;
    }
    if (!Array.isArray(messages)) return testMark('forged', 'error: not a JSON list');
    (async () => {
      const out = { sent: 0, ok: 0, kinds: /** @type {Record<string, number>} */ ({}), thrown: /** @type {string[]} */ ([]) };
      for (const m of messages) {
        out.sent++;
        try {
          const r = await api.runtime.sendMessage(m);
          if (r && r.ok === true) out.ok++;
          const kind = r && r.ok === false && r.error ? String(r.error.kind) : r && r.ok === true ? 'ok' : 'untyped';
          out.kinds[kind] = (out.kinds[kind] || 0) + 1;
        } catch (err) {
          out.thrown.push(String(err && /** @type {Error} */ (err).message).slice(0, 200));
        }
      }
      testMark('forged', JSON.stringify(out));
    })();
  });
  document.addEventListener('sincelast-test:badge', () => {
    send({ type: 'test-badge' }).then((r) => testMark('badge', `${r.text}|${Date.now()}`), (err) => testMark('badge', `error: ${err.message}`));
  });
  // Any message, as this content script (the background decides from the sender, as always):
  // detail `{ id, msg }`; the reply lands in `data-sincelast-test-sent-<id>` as JSON
  // (`{ ok, result | error }`). Used by the stress tests (consistency check, a flooding tab).
  document.addEventListener('sincelast-test:send', (e) => {
    let detail;
    try {
      detail = JSON.parse(String(/** @type {CustomEvent} */ (e).detail));
    } catch {
      detail = null;
    }
    const id = detail && /^[a-z0-9-]{1,32}$/.test(String(detail.id)) ? String(detail.id) : 'x';
    if (!detail || !detail.msg || typeof detail.msg !== 'object') return testMark(`sent-${id}`, JSON.stringify({ ok: false, error: 'no message' }));
    send(detail.msg).then(
      (result) => testMark(`sent-${id}`, JSON.stringify({ ok: true, result })),
      (err) => testMark(`sent-${id}`, JSON.stringify({ ok: false, error: { kind: err && err.kind, message: err && err.message } })),
    );
  });
}
