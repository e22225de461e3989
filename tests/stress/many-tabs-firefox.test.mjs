// Many tabs, Firefox: (1) 50 tabs (20 quick) opened at once by the browser (chrome context,
// gBrowser.addTab) over ten pages of five sites: every visit stored once, each page's count
// equal to its stored visits (no lost update), the database consistent. (2) A tab flooding the
// background with big visits while ten other tabs load: the others are all stored and wait in no
// queue behind it (extension/background/admission.js).
// Quick by default; STRESS=full for 50 tabs and a flood of 300 visits.
// Build first: node scripts/build-extension.mjs

import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { startSite } from '../site/server.mjs';
import { launchFirefox } from '../browser/stressb-firefox.mjs';
import { FULL, figure, sleep, visitMessageOf } from './stressb-common.mjs';

const TABS = FULL ? 50 : 20;
const FLOOD = FULL ? 300 : 80;
let site;
let ff;
before(async () => {
  site = await startSite(0);
  ff = await launchFirefox({ 'network.dns.forceResolve': '127.0.0.1' });
});
after(async () => {
  await ff?.quit();
  await site?.close();
});

/** Opens every URL in a tab of its own at once (the browser's own tab opening); resolves when asked. */
function openTabs(urls) {
  return ff.chrome(`const win = Services.wm.getMostRecentWindow('navigator:browser');
    for (const u of args[0]) win.gBrowser.addTab(u, { triggeringPrincipal: Services.scriptSecurityManager.getSystemPrincipal() });
    return args[0].length;`, urls);
}

/** Closes every tab but the selected one. */
function closeOtherTabs() {
  return ff.chrome(`const win = Services.wm.getMostRecentWindow('navigator:browser');
    win.gBrowser.removeAllTabsBut(win.gBrowser.selectedTab, { animate: false });
    return true;`);
}

/** Per URL: stored visits and the page's count, read by the background's check (test builds). */
async function visitCounts() {
  const r = await ff.send({ type: 'test-check' });
  return r.result;
}

test(`Firefox: ${TABS} tabs open ten pages of five sites at once: every visit stored once, no lost update`, async () => {
  const urls = Array.from({ length: 10 }, (_, k) => site.url(`fmt-${k}`, k % 2 ? 'town' : 'news', `s${k % 5}.test`));
  for (const url of urls) assert.equal(await ff.load(url), 'first');
  const base = (await visitCounts()).counts.visits;
  for (let k = 0; k < urls.length; k++) await site.advance(`fmt-${k}`);
  const t0 = Date.now();
  await openTabs(Array.from({ length: TABS }, (_, i) => urls[i % urls.length]));
  let c;
  for (let i = 0; i < 600; i++) {
    c = await visitCounts();
    if (c.counts.visits >= base + TABS) break;
    await sleep(250);
  }
  const ms = Date.now() - t0;
  await sleep(1000);
  c = await visitCounts();
  figure(`many tabs (Firefox): ${TABS} tabs at once, visits stored`, `${c.counts.visits - base}/${TABS}`, `${TABS}/${TABS}`);
  figure('many tabs (Firefox): consistency problems (incl. page count != newest)', c.problems.length, 0);
  figure(`many tabs (Firefox): ${TABS} tabs loaded and stored in`, `${ms} ms`, 'report');
  assert.equal(c.counts.visits - base, TABS);
  assert.equal(c.counts.pages, urls.length);
  assert.deepEqual(c.problems, []);
  await closeOtherTabs();
});

test(`Firefox: a tab flooding ${FLOOD} big visits does not starve ten other tabs`, async () => {
  const hostile = site.url('fhostile', 'static', 'h.test');
  assert.equal(await ff.load(hostile), 'first');
  // Alone first: ten tabs of other pages opened at once, the time until all are stored.
  const alone = Array.from({ length: 10 }, (_, k) => site.url(`falone-${k}`, 'news', `v${k % 5}.test`));
  const b0 = (await visitCounts()).counts.visits;
  const ta = Date.now();
  await openTabs(alone);
  for (let i = 0; i < 600 && (await visitCounts()).counts.visits < b0 + alone.length; i++) await sleep(250);
  const aloneMs = Date.now() - ta;
  await closeOtherTabs();
  const base = (await visitCounts()).counts.visits;
  const urls = Array.from({ length: 10 }, (_, k) => site.url(`fvic-${k}`, 'news', `v${k % 5}.test`));
  await ff.driver.executeScript(`const make = new Function('i', arguments[1]);
    for (let i = 0; i < arguments[0]; i++) {
      document.dispatchEvent(new CustomEvent('sincelast-test:send', { detail: JSON.stringify({ id: 'f' + i, msg: make(i) }) }));
    }`, FLOOD, `return (${visitMessageOf.toString()})(8, 100000, i);`);
  const t0 = Date.now();
  await openTabs(urls);
  let c;
  let victimsMs = null;
  for (let i = 0; i < 1200; i++) {
    c = await visitCounts();
    // The victims' visits: every visit but the hostile page's.
    const hostileStored = await ff.driver.executeScript(`let n = 0; for (let i = 0; i < arguments[0]; i++) {
      const a = document.documentElement.getAttribute('data-sincelast-test-sent-f' + i);
      if (a && JSON.parse(a).ok && JSON.parse(a).result.status !== 'skipped') n++; } return n;`, FLOOD);
    if (c.counts.visits - base - hostileStored >= urls.length) {
      victimsMs = Date.now() - t0;
      break;
    }
    await sleep(250);
  }
  // The flood's answers.
  await ff.waitFor(`for (let i = 0; i < ${FLOOD}; i++) if (!document.documentElement.hasAttribute('data-sincelast-test-sent-f' + i)) return false; return true;`, 'flood answered');
  const answers = await ff.driver.executeScript(`return Array.from({ length: arguments[0] }, (_, i) => JSON.parse(document.documentElement.getAttribute('data-sincelast-test-sent-f' + i)));`, FLOOD);
  const by = {};
  for (const a of answers) {
    const k = a.ok ? (a.result.status === 'skipped' ? a.result.reason : 'stored') : `error:${a.error && a.error.kind}`;
    by[k] = (by[k] || 0) + 1;
  }
  c = await visitCounts();
  figure('hostile tab (Firefox): flood answers', JSON.stringify(by), 'most refused busy at once');
  figure('hostile tab (Firefox): other tabs\' visits all stored after (alone)', `${victimsMs === null ? 'never' : `${victimsMs} ms`} (${aloneMs} ms)`, 'report (all stored)');
  figure('hostile tab (Firefox): consistency problems', c.problems.length, 0);
  assert.ok(victimsMs !== null, 'the other tabs were stored');
  assert.ok((by.busy || 0) >= FLOOD / 2, JSON.stringify(by));
  assert.deepEqual(c.problems, []);
  await closeOtherTabs();
});
