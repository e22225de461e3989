// Storage full, Chromium: the extension origin's quota cut to what it uses (DevTools protocol,
// Storage.overrideQuotaForOrigin). A visit then fails whole: nothing already stored is lost,
// the database stays consistent, the popup says "Storage full" with a button that prunes the
// oldest history; once space is there again (the quota restored) the next visit is stored and
// the popup's notice goes.
// Build first: node scripts/build-extension.mjs

import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { launch, startSite, probe, stopWorkers } from '../browser/chromium.mjs';
import { figure, sleep, checkDb, visitCounts } from './stressb-common.mjs';

let site;
let ext;
let pr;
let blank;
before(async () => {
  site = await startSite(0);
  ext = await launch();
  pr = await probe(ext);
  blank = await ext.context.newPage();
});
after(async () => {
  await ext?.close();
  await site?.close();
});

async function load(page, url) {
  await page.evaluate(() => document.documentElement?.removeAttribute('data-sincelast-test-state')).catch(() => {});
  await page.goto(url);
  await page.waitForFunction(() => document.documentElement.hasAttribute('data-sincelast-test-state'), null, { timeout: 20000 });
  return page.evaluate(() => document.documentElement.getAttribute('data-sincelast-test-state'));
}

async function popup(tabId) {
  const p = await ext.context.newPage();
  await p.goto(`chrome-extension://${ext.extensionId}/popup/popup.html?tabId=${tabId}`);
  await p.waitForFunction(() => {
    const s = document.getElementById('main').dataset.status;
    return s && s !== 'pending';
  });
  return p;
}

const tabIdOf = (url) => pr.evaluate(async (u) => (await chrome.tabs.query({})).filter((t) => t.url === u).pop().id, url);
// Chromium reads an origin's quota when the origin's storage is opened (its first connection):
// for each change every extension page that opened the database is closed and the worker is
// stopped (as it is whenever it is idle), and the storage given a moment to close.
async function setQuota(cdp, origin, quotaSize) {
  await ext.probePage.close();
  await cdp.send('Storage.overrideQuotaForOrigin', quotaSize === undefined ? { origin } : { origin, quotaSize });
  await stopWorkers(ext.context, blank);
  await sleep(3000);
  pr = await probe(ext);
}

const total = (counts) => Object.values(counts).reduce((n, c) => n + c.stored, 0);

test('storage full: the visit fails whole, nothing stored is lost, the popup offers to prune, the extension recovers', async () => {
  const cdp = await ext.context.newCDPSession(blank);
  const origin = `chrome-extension://${ext.extensionId}`;
  const page = await ext.context.newPage();
  const stored = [site.url('sf-a', 'news'), site.url('sf-b', 'town'), site.url('sf-c', 'static')];
  for (const url of stored) assert.equal(await load(page, url), 'first');
  await site.advance('sf-a');
  assert.equal(await load(page, stored[0]), 'changed');
  await sleep(300);
  const before1 = await visitCounts(pr);
  const check0 = await checkDb(pr);
  assert.deepEqual(check0.problems, []);

  // No room left: the quota cut below what the origin uses now.
  const { usage } = await pr.evaluate(() => navigator.storage.estimate());
  await setQuota(cdp, origin, Math.floor(usage / 2));
  const big = site.url('sf-big', 'many');
  const verdict = await load(page, big);
  assert.equal(verdict, 'first', 'the page is still read and answered');
  await sleep(500);
  const during = await visitCounts(pr);
  const check1 = await checkDb(pr);
  assert.equal(during[big], undefined, 'the visit is not stored');
  assert.deepEqual(during, before1, 'nothing already stored is lost or changed');
  assert.deepEqual(check1.problems, []);
  // A revisit of a stored page fails the same way and leaves its history as it was.
  await site.advance('sf-b');
  assert.equal(await load(page, stored[1]), 'changed');
  await sleep(300);
  assert.deepEqual(await visitCounts(pr), before1);

  let p = await popup(await tabIdOf(stored[1]));
  assert.match(await p.locator('#storage-full-db').textContent(), /Storage full: this visit could not be saved\. Oldest history can be pruned/);
  assert.equal(await p.locator('#prune').count(), 1);
  await p.close();
  // Another tab's popup says it too (the last visit could not be saved).
  const other = await ext.context.newPage();
  await load(other, stored[2]);
  await sleep(300);
  p = await popup(await tabIdOf(stored[2]));
  assert.match(await p.locator('#storage-full-db').textContent(), /Storage full/);
  await p.close();

  // Space freed (the quota back): the next visit is stored, the notice goes.
  await setQuota(cdp, origin);
  assert.equal(await load(page, big), 'first');
  await sleep(500);
  const afterFree = await visitCounts(pr);
  assert.equal(afterFree[big].stored, 1, 'stored once space is there');
  for (const url of stored) assert.ok(afterFree[url].stored >= before1[url].stored);
  p = await popup(await tabIdOf(big));
  assert.equal(await p.locator('#storage-full-db').count(), 0, 'the notice goes once a visit is stored');
  await p.close();

  // Full again: the popup's button prunes the oldest quarter of the history, oldest first.
  const { usage: u2 } = await pr.evaluate(() => navigator.storage.estimate());
  await setQuota(cdp, origin, Math.floor(u2 / 2));
  await site.advance('sf-big');
  assert.equal(await load(page, big), 'changed');
  await sleep(500);
  const beforePrune = await visitCounts(pr);
  const oldest = await pr.evaluate(() => new Promise((resolve) => {
    const r = indexedDB.open('sincelast');
    r.onsuccess = () => {
      const q = r.result.transaction('visits').objectStore('visits').index('time').getAll();
      q.onsuccess = () => {
        r.result.close();
        resolve(q.result.map((v) => v.id));
      };
    };
  }));
  p = await popup(await tabIdOf(big));
  await p.locator('#prune').click();
  await p.waitForFunction(() => /Deleted the \d+ oldest visit/.test(document.getElementById('prune-status').textContent));
  const prunedText = await p.locator('#prune-status').textContent();
  await p.close();
  const afterPrune = await visitCounts(pr);
  const n = Math.ceil(oldest.length / 4);
  assert.equal(total(afterPrune), total(beforePrune) - n, prunedText);
  const left = await pr.evaluate(() => new Promise((resolve) => {
    const r = indexedDB.open('sincelast');
    r.onsuccess = () => {
      const q = r.result.transaction('visits').objectStore('visits').getAllKeys();
      q.onsuccess = () => {
        r.result.close();
        resolve(q.result);
      };
    };
  }));
  assert.deepEqual(left.sort((a, b) => a - b), oldest.slice(n).sort((a, b) => a - b), 'the oldest visits went, the others stayed');
  assert.deepEqual((await checkDb(pr)).problems, []);
  await setQuota(cdp, origin);
  await site.advance('sf-big');
  assert.equal(await load(page, big), 'changed');
  await sleep(500);
  assert.equal((await visitCounts(pr))[big].stored, 2, 'recovered');

  figure('storage full (Chromium): visits stored before / while full / after', `${total(before1)} / ${total(during)} / ${total(afterFree)}`, 'equal, equal, +1');
  figure('storage full (Chromium): records lost while full', total(before1) - total(during), 0);
  figure('storage full (Chromium): consistency problems', check1.problems.length, 0);
  figure('storage full (Chromium): pruned by the popup button', `${n} oldest of ${oldest.length} visits`, 'the oldest quarter');
  await other.close();
  await page.close();
});
