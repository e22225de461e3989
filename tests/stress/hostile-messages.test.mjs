// Hostile messages (issue 13): malformed and forged messages to the background — wrong types,
// huge payloads, privileged requests from a content script, page scripts posting the same
// through window.postMessage and trying runtime.sendMessage — in real Chromium and Firefox.
// Figures: messages sent, refused with a typed error (a kind of shared/errors.js), privileged
// actions (anything stored or set changed), crashes (a message left without an answer, or the
// next visit not working). Quick: 1,000 messages per browser; STRESS=full: 10,000.
// The test build's content script sends them (test-hooks.js `sincelast-test:forge`): what a
// content script taken over by a page exploit could send.

import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { useChromium, visit, settled, dumpDb, inExtension } from '../browser/chromium.mjs';
import { useFirefox, sleep, ADDON_ID } from '../browser/firefox.mjs';
import { ERROR_KINDS } from '../../extension/shared/errors.js';
import { LIMITS } from '../../extension/shared/limits.js';
import { PAGE_TYPES } from '../../extension/shared/protocol.js';
import { figure, tier } from './figures.mjs';

const COUNT = tier(1000, 10000);
const BATCH = 250; // messages per forge event

/** A deterministic pseudo-random generator (mulberry32). */
function rng(seed) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const huge = (n, s = 'x') => ({ $repeat: [s, n] });

/** A valid-looking visit message with one field broken by `break_`. */
function visitWith(breakIt, r) {
  const n = 1 + Math.floor(r() * 4);
  const m = {
    type: 'visit', title: 'T', truncated: false, hasPassword: false,
    texts: Array.from({ length: n }, (_, i) => `text ${i}`),
    paths: Array.from({ length: n }, (_, i) => `${i ? 16 : 0}|${i ? '' : '/html[0]/body[0]/'}p[${i}]`),
    links: Array.from({ length: n }, () => []),
  };
  breakIt(m);
  return m;
}

/** The kinds of malformed or forged message, each a generator `(r) => message`. */
const FORGERIES = [
  // Privileged requests from a content script (the popup's and the settings page's types).
  ...[...PAGE_TYPES].map((type) => () => ({ type, settings: { retentionDays: -1, excludedSites: ['127.0.0.1'] }, id: 'x', tabId: 1, url: 'http://127.0.0.1/' })),
  () => ({ type: 'delete-all' }),
  () => ({ type: 'settings-set', settings: { paused: true } }),
  // Unknown and tricky types.
  (r) => ({ type: `x${Math.floor(r() * 1e9)}` }),
  () => ({ type: '__proto__' }), () => ({ type: 'constructor' }), () => ({ type: 'toString' }),
  () => ({ type: 'hasOwnProperty' }), () => ({ type: '' }), () => ({ type: 'VISIT' }), () => ({ type: 'visit ' }),
  // Not an object, or a type that is not a string.
  () => null, () => 42, () => 'visit', () => [], () => ['visit'], () => true, () => ({}),
  () => ({ type: 7 }), () => ({ type: ['visit'] }), () => ({ type: { toString: 'visit' } }), () => ({ type: null }),
  // Malformed visits: every field wrong in turn, and over every cap.
  (r) => visitWith((m) => { m.title = 5; }, r),
  (r) => visitWith((m) => { m.title = huge(LIMITS.maxTitle + 1); }, r),
  (r) => visitWith((m) => { delete m.truncated; }, r),
  (r) => visitWith((m) => { m.texts = 'abc'; }, r),
  (r) => visitWith((m) => { m.texts = { length: 3 }; }, r),
  (r) => visitWith((m) => { m.texts[0] = 12; }, r),
  (r) => visitWith((m) => { m.texts[0] = ''; }, r),
  (r) => visitWith((m) => { m.texts[0] = huge(LIMITS.maxBlockText + 1); }, r),
  (r) => visitWith((m) => { m.paths.pop(); }, r),
  (r) => visitWith((m) => { m.paths[0] = '/html[0]'; }, r),
  (r) => visitWith((m) => { m.paths[0] = '99|/x'; }, r),
  (r) => visitWith((m) => { m.paths[0] = huge(LIMITS.maxPath + 20, '/'); }, r),
  (r) => visitWith((m) => { m.links[0] = ['javascript:alert(1)']; }, r),
  (r) => visitWith((m) => { m.links[0] = ['data:text/html,<script>alert(1)</script>']; }, r),
  (r) => visitWith((m) => { m.links[0] = 'https://a.example/'; }, r),
  (r) => visitWith((m) => { m.links[0] = Array.from({ length: LIMITS.maxLinksPerBlock + 1 }, () => 'https://a.example/'); }, r),
  (r) => visitWith((m) => { m.keys = ['not-a-key']; m.texts[0] = null; }, r),
  (r) => visitWith((m) => { m.keys = 'k'; }, r),
  () => ({ type: 'visit', title: 'T', truncated: false, texts: Array.from({ length: LIMITS.maxBlocks + 1 }, () => 'a'), paths: [], links: [] }),
  // Over the page's text cap: one huge payload (the size cap of the whole page).
  () => ({
    type: 'visit', title: 'T', truncated: false, hasPassword: false,
    texts: Array.from({ length: Math.ceil(LIMITS.maxTotalText / LIMITS.maxBlockText) + 1 }, () => huge(LIMITS.maxBlockText)),
    paths: Array.from({ length: Math.ceil(LIMITS.maxTotalText / LIMITS.maxBlockText) + 1 }, (_, i) => `0|/p[${i}]`),
    links: Array.from({ length: Math.ceil(LIMITS.maxTotalText / LIMITS.maxBlockText) + 1 }, () => []),
  }),
  // Malformed restored and known messages.
  () => ({ type: 'restored', url: 5 }), () => ({ type: 'restored', count: 'x', url: huge(LIMITS.maxUrl + 1) }),
  () => ({ type: 'remove-rule', site: '127.0.0.1', id: 'r' }),
];
const HUGE = new Set([FORGERIES.length - 4]); // the page-cap message: sent a few times only

/** `count` forged messages, deterministic. */
function forgeries(count, seed) {
  const r = rng(seed);
  const out = [];
  let huges = 0;
  while (out.length < count) {
    const k = Math.floor(r() * FORGERIES.length);
    if (HUGE.has(k) && huges++ >= 3) continue;
    out.push(FORGERIES[k](r));
  }
  return out;
}

/** Checks the outcome of the forged messages and prints the figures. */
function judge(browser, out, count) {
  const typed = Object.entries(out.kinds).filter(([k]) => k in ERROR_KINDS).reduce((s, [, n]) => s + n, 0);
  figure(`messages.${browser}.sent`, out.sent, count);
  figure(`messages.${browser}.refused_typed`, typed, count);
  figure(`messages.${browser}.accepted`, out.ok, 0);
  figure(`messages.${browser}.crashes`, out.thrown.length, 0);
  assert.equal(out.sent, count);
  assert.deepEqual(out.thrown, [], 'every message answered');
  assert.equal(out.ok, 0, `accepted: ${JSON.stringify(out.kinds)}`);
  assert.equal(typed, count, `kinds: ${JSON.stringify(out.kinds)}`);
}

/**
 * A page script posting every forged message to the window and dispatching it as a DOM event,
 * and sending it with runtime.sendMessage where a page has that (Chromium exposes it to pages,
 * but without externally_connectable no extension answers). Resolves to how many got an answer.
 */
async function pageScriptBarrage(messages, extensionId) {
  let answered = 0;
  for (const m of messages) {
    window.postMessage(m, '*');
    window.postMessage({ source: 'sincelast', ...((m && typeof m === 'object') ? m : { m }) }, '*');
    document.dispatchEvent(new CustomEvent('sincelast:message', { detail: m }));
    const rt = globalThis.chrome && globalThis.chrome.runtime;
    if (rt && rt.sendMessage) {
      await new Promise((resolve) => {
        try {
          rt.sendMessage(extensionId, m, (reply) => {
            if (!rt.lastError && reply !== undefined) answered++;
            resolve();
          });
        } catch {
          resolve();
        }
      });
    }
  }
  return answered;
}

/** What a privileged action would change: settings, and every stored record. */
async function snapshotChromium(ext) {
  const db = await dumpDb(ext);
  const { settings } = await inExtension(ext, () => chrome.storage.local.get('settings'));
  return JSON.stringify({ settings: settings ?? null, db });
}

describe('Chromium', () => {
  let site;
  let ext;
  useChromium((s, e) => { site = s; ext = e; });

  test(`${COUNT} forged messages from a content script and a page script: all refused, typed, nothing changed`, async () => {
    const { page } = await visit(ext, site.url('hm', 'news'));
    const before = await snapshotChromium(ext);
    const messages = forgeries(COUNT, 13);
    const total = { sent: 0, ok: 0, kinds: {}, thrown: [] };
    for (let i = 0; i < messages.length; i += BATCH) {
      await page.evaluate(() => document.documentElement.removeAttribute('data-sincelast-test-forged'));
      await page.evaluate((d) => document.dispatchEvent(new CustomEvent('sincelast-test:forge', { detail: d })), JSON.stringify(messages.slice(i, i + BATCH)));
      await page.waitForFunction(() => document.documentElement.hasAttribute('data-sincelast-test-forged'), null, { timeout: 120000 });
      const out = JSON.parse(await page.evaluate(() => document.documentElement.getAttribute('data-sincelast-test-forged')));
      total.sent += out.sent; total.ok += out.ok; total.thrown.push(...out.thrown);
      for (const [k, n] of Object.entries(out.kinds)) total.kinds[k] = (total.kinds[k] || 0) + n;
    }
    const small = messages.filter((m) => JSON.stringify(m).length < 10000);
    const answered = await page.evaluate(`(${pageScriptBarrage})(${JSON.stringify(small)}, ${JSON.stringify(ext.extensionId)})`);
    figure('messages.chromium.page_script_sent', small.length, 'all the small ones');
    figure('messages.chromium.page_script_answered', answered, 0);
    assert.equal(answered, 0);
    judge('chromium', total, COUNT);
    assert.equal(await snapshotChromium(ext), before, 'no privileged action: settings and records unchanged');
    // No crash: the next visit works.
    await site.advance('hm');
    await page.evaluate(() => document.documentElement.removeAttribute('data-sincelast-test-state'));
    await page.reload();
    assert.match(await settled(page), /^(changed|unchanged|first)/);
  });
});

describe('Firefox', () => {
  const ff = useFirefox();

  test(`${COUNT} forged messages from a content script and a page script: all refused, typed, nothing changed`, async () => {
    const url = ff.site.url('hmf', 'news');
    await ff.load(url);
    const messages = forgeries(COUNT, 31);
    const total = { sent: 0, ok: 0, kinds: {}, thrown: [] };
    for (let i = 0; i < messages.length; i += BATCH) {
      await ff.driver.executeScript("document.documentElement.removeAttribute('data-sincelast-test-forged'); document.dispatchEvent(new CustomEvent('sincelast-test:forge', { detail: arguments[0] }))", JSON.stringify(messages.slice(i, i + BATCH)));
      let out = null;
      for (let k = 0; k < 1200 && !out; k++) {
        out = await ff.attr('forged');
        if (!out) await sleep(100);
      }
      assert.ok(out, 'the forged batch finished');
      const o = JSON.parse(out);
      total.sent += o.sent; total.ok += o.ok; total.thrown.push(...o.thrown);
      for (const [k, n] of Object.entries(o.kinds)) total.kinds[k] = (total.kinds[k] || 0) + n;
    }
    const small = messages.filter((m) => JSON.stringify(m).length < 10000);
    const answered = await ff.driver.executeAsyncScript(`const done = arguments[arguments.length - 1]; (${pageScriptBarrage})(arguments[0], ${JSON.stringify(ADDON_ID)}).then(done, (e) => done(String(e)))`, small);
    figure('messages.firefox.page_script_sent', small.length, 'all the small ones');
    figure('messages.firefox.page_script_answered', answered, 0);
    assert.equal(answered, 0);
    judge('firefox', total, COUNT);
    // No privileged action: the settings are the defaults still, and the page was not
    // forgotten: the revisit compares against the stored version.
    await ff.site.advance('hmf');
    const state = await ff.load(url);
    assert.match(state, /^changed/, state);
  });
});
