// Many tabs, Chromium: (1) 50 tabs (20 quick) revisit ten pages of five sites at the same time:
// every visit stored once, each page's visit count equal to its stored visits (no lost update),
// the database consistent. (2) A hostile tab floods the background with visits of its page
// (big texts) while ten other tabs revisit their pages: the others are neither starved nor
// refused (per-site queues; the flooding tab is refused beyond its pending visits, its site's
// byte budget and its URL's rate limit: extension/background/admission.js).
// Quick by default; STRESS=full for 50 tabs and a flood of 300 visits.
// Build first: node scripts/build-extension.mjs

import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { startSite } from '../site/server.mjs';
import { probe } from '../browser/chromium.mjs';
import { FULL, figure, sleep, checkDb, launchChromium, visitMessageOf, visitCounts } from './stressb-common.mjs';

const TABS = FULL ? 50 : 20;
const FLOOD = FULL ? 300 : 80;
const SITES = 5;
let site;
let ext;
let pr;
before(async () => {
  site = await startSite(0);
  ext = await launchChromium(['--host-resolver-rules=MAP *.test 127.0.0.1']);
  pr = await probe(ext);
});
after(async () => {
  await ext?.close();
  await site?.close();
});

const verdict = (page) => page.evaluate(() => document.documentElement.getAttribute('data-sincelast-test-state'));
async function settle(page, timeout = 60000) {
  await page.waitForFunction(() => document.documentElement.hasAttribute('data-sincelast-test-state'), null, { timeout, polling: 100 });
  return verdict(page);
}
const percentile = (xs, p) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor(p * xs.length))];

test(`${TABS} tabs revisit ten pages of ${SITES} sites at once: every visit stored once, no lost update`, async () => {
  const urls = Array.from({ length: 10 }, (_, k) => site.url(`mt-${k}`, k % 2 ? 'town' : 'news', `s${k % SITES}.test`));
  const first = await ext.context.newPage();
  for (const url of urls) {
    await first.goto(url);
    assert.equal(await settle(first), 'first', url);
    await first.evaluate(() => document.documentElement.removeAttribute('data-sincelast-test-state'));
  }
  await first.close();
  for (let k = 0; k < urls.length; k++) await site.advance(`mt-${k}`);
  const t0 = Date.now();
  const tabs = await Promise.all(Array.from({ length: TABS }, () => ext.context.newPage()));
  await Promise.all(tabs.map((p, i) => p.goto(urls[i % urls.length])));
  const verdicts = await Promise.all(tabs.map((p) => settle(p)));
  const ms = Date.now() - t0;
  await sleep(500);
  const counts = await visitCounts(pr);
  const check = await checkDb(pr);
  let lost = 0;
  let wrong = 0;
  for (const [k, url] of urls.entries()) {
    const expected = 1 + tabs.filter((_, i) => i % urls.length === k).length;
    const c = counts[url];
    if (!c || c.stored !== expected) wrong++;
    if (!c || c.counted !== c.stored) lost++;
  }
  const bad = verdicts.filter((v) => !['changed', 'unchanged'].includes(v));
  figure(`many tabs: ${TABS} tabs at once, verdicts other than changed/unchanged`, bad.length, 0);
  figure(`many tabs: pages whose stored visits differ from their tabs`, wrong, 0);
  figure(`many tabs: lost updates (page count != stored visits)`, lost, 0);
  figure(`many tabs: consistency problems`, check.problems.length, 0);
  figure(`many tabs: ${TABS} tabs loaded and stored in`, `${ms} ms`, 'report');
  assert.deepEqual(bad, []);
  assert.equal(wrong, 0, JSON.stringify(counts));
  assert.equal(lost, 0);
  assert.deepEqual(check.problems, []);
  await Promise.all(tabs.map((p) => p.close()));
});

test(`a tab flooding ${FLOOD} big visits does not starve ten other tabs`, async () => {
  const urls = Array.from({ length: 10 }, (_, k) => site.url(`vic-${k}`, 'news', `v${k % SITES}.test`));
  const tabs = [];
  const baseline = [];
  for (const url of urls) {
    const p = await ext.context.newPage();
    const t = Date.now();
    await p.goto(url);
    assert.equal(await settle(p), 'first');
    baseline.push(Date.now() - t);
    tabs.push(p);
  }
  for (let k = 0; k < urls.length; k++) await site.advance(`vic-${k}`);
  const hostileUrl = site.url('hostile', 'static', 'h.test');
  const hostile = await ext.context.newPage();
  await hostile.goto(hostileUrl);
  await settle(hostile);
  // The flood: every message sent at once by the hostile tab's content script, each 8 blocks
  // of 100,000 characters that differ from message to message.
  await hostile.evaluate(({ n, make }) => {
    const build = new Function('i', make);
    for (let i = 0; i < n; i++) {
      document.dispatchEvent(new CustomEvent('sincelast-test:send', { detail: JSON.stringify({ id: `f${i}`, msg: build(i) }) }));
    }
  }, { n: FLOOD, make: `return (${visitMessageOf.toString()})(8, 100000, i);` });
  // Meanwhile the ten other tabs revisit their pages.
  const t1 = Date.now();
  const victims = await Promise.all(tabs.map(async (p) => {
    await p.evaluate(() => document.documentElement.removeAttribute('data-sincelast-test-state'));
    const t = Date.now();
    await p.reload();
    const v = await settle(p, 120000);
    const timing = JSON.parse(await p.evaluate(() => document.documentElement.getAttribute('data-sincelast-test-timing')) || '{}');
    return { v, ms: Date.now() - t, queued: timing.steps ? timing.steps.queued : null };
  }));
  const victimsMs = Date.now() - t1;
  // The flood's answers.
  await hostile.waitForFunction((n) => {
    for (let i = 0; i < n; i++) if (!document.documentElement.hasAttribute(`data-sincelast-test-sent-f${i}`)) return false;
    return true;
  }, FLOOD, { timeout: 300000, polling: 250 });
  const answers = await hostile.evaluate((n) => Array.from({ length: n }, (_, i) => JSON.parse(document.documentElement.getAttribute(`data-sincelast-test-sent-f${i}`))), FLOOD);
  const by = {};
  for (const a of answers) {
    const k = a.ok ? (a.result.status === 'skipped' ? a.result.reason : 'stored') : `error:${a.error && a.error.kind}`;
    by[k] = (by[k] || 0) + 1;
  }
  // The same page reloading itself: its visits one after the other (the rate limit per URL).
  let rateLimited = 0;
  for (let i = 0; i < 30; i++) {
    const r = await hostile.evaluate(async ({ i, make }) => {
      const msg = new Function('i', make)(i);
      document.dispatchEvent(new CustomEvent('sincelast-test:send', { detail: JSON.stringify({ id: `r${i}`, msg }) }));
      for (let t = 0; t < 600; t++) {
        const a = document.documentElement.getAttribute(`data-sincelast-test-sent-r${i}`);
        if (a) return JSON.parse(a);
        await new Promise((res) => setTimeout(res, 50));
      }
      return null;
    }, { i, make: `return (${visitMessageOf.toString()})(4, 200, 1000 + i);` });
    if (r && r.ok && r.result.reason === 'rate-limited') rateLimited++;
  }
  await sleep(500);
  const counts = await visitCounts(pr);
  const check = await checkDb(pr);
  const stored = urls.filter((u) => counts[u] && counts[u].stored === 2).length;
  const queued = victims.map((v) => v.queued).filter((q) => q !== null);
  figure('hostile tab: flood answers', JSON.stringify(by), 'most refused busy at once');
  figure('hostile tab: its page\'s visits stored', counts[hostileUrl] ? counts[hostileUrl].stored : 0, '<= 20 per minute');
  figure('hostile tab: reloads of its page refused rate-limited', `${rateLimited}/30`, '>= 10');
  figure('hostile tab: other tabs\' visits stored', `${stored}/${urls.length}`, `${urls.length}/${urls.length}`);
  figure('hostile tab: other tabs\' verdicts', victims.map((v) => v.v).join(','), 'all changed');
  figure('hostile tab: other tabs\' time in the queue, max', `${Math.round(Math.max(...queued))} ms`, '< 2000 ms');
  figure('hostile tab: other tabs\' load-to-verdict, median / max (alone: median / max)', `${percentile(victims.map((v) => v.ms), 0.5)} / ${Math.max(...victims.map((v) => v.ms))} ms (${percentile(baseline, 0.5)} / ${Math.max(...baseline)} ms)`, 'report');
  figure('hostile tab: ten revisits under the flood took', `${victimsMs} ms`, 'report');
  assert.equal(stored, urls.length, JSON.stringify(counts));
  assert.deepEqual(victims.map((v) => v.v), urls.map(() => 'changed'));
  assert.equal(queued.length, urls.length);
  assert.ok(Math.max(...queued) < 2000, `victims waited ${queued.join(', ')} ms in the queue`);
  assert.ok((by.busy || 0) >= FLOOD / 2, JSON.stringify(by));
  assert.ok(counts[hostileUrl].stored <= 20, `${counts[hostileUrl].stored} visits of the hostile page stored`);
  assert.ok(rateLimited >= 10);
  assert.deepEqual(check.problems, []);
  for (const p of [...tabs, hostile]) await p.close();
});
