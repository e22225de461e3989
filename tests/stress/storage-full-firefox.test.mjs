// Storage full, Firefox: a small storage limit (pref dom.quotaManager.temporaryStorage.fixedLimit,
// 100 MB: the extension's group gets about 20 MB), the rest of the origin's room taken by
// another database of the extension (test builds: 'test-fill'). A visit then fails whole:
// nothing already stored is lost, the database stays consistent, the popup says "Storage full"
// with the prune button; once the other database is deleted, the next visit is stored (Firefox
// leaves the connection unusable after the failure: the background opens a new one) and the
// notice goes.
// Build first: node scripts/build-extension.mjs

import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { startSite } from '../site/server.mjs';
import { launchFirefox } from '../browser/stressb-firefox.mjs';
import { figure, sleep } from './stressb-common.mjs';

let site;
let ff;
before(async () => {
  site = await startSite(0);
  ff = await launchFirefox({ 'dom.quotaManager.temporaryStorage.fixedLimit': 100 * 1024 });
});
after(async () => {
  await ff?.quit();
  await site?.close();
});

async function popupText() {
  const h = await ff.openExtensionPage('popup');
  await ff.driver.wait(async () => {
    const s = await ff.driver.executeScript("const m = document.getElementById('main'); return m && m.dataset.status");
    return s && s !== 'pending';
  }, 10000);
  const full = await ff.driver.executeScript("const e = document.getElementById('storage-full-db'); return e ? e.textContent : null");
  const prune = await ff.driver.executeScript("return !!document.getElementById('prune')");
  await ff.closeExtensionPage(h);
  return { full, prune };
}

test('Firefox: storage full: the visit fails whole, nothing stored is lost, the popup says so, the extension recovers', async () => {
  const a = site.url('ffsf-a', 'news');
  const b = site.url('ffsf-b', 'town');
  assert.equal(await ff.load(a), 'first');
  assert.equal(await ff.load(b), 'first');
  await site.advance('ffsf-a');
  assert.equal(await ff.load(a), 'changed');
  await sleep(300);
  const before1 = await ff.check();
  assert.deepEqual(before1.problems, []);
  const filled = await ff.send({ type: 'test-fill', bytes: 200 * 1024 * 1024 }, 120000);
  assert.equal(filled.result.full, true, JSON.stringify(filled));

  const big = site.url('ffsf-big', 'many');
  assert.equal(await ff.load(big), 'first', 'the page is still read and answered');
  await sleep(500);
  const during = await ff.check();
  assert.deepEqual(during.counts, before1.counts, 'nothing stored, nothing lost');
  assert.deepEqual(during.problems, []);
  const shown = await popupText();
  assert.match(shown.full || '', /Storage full: this visit could not be saved\. Oldest history can be pruned/);
  assert.equal(shown.prune, true);

  assert.equal((await ff.send({ type: 'test-unfill' })).ok, true);
  assert.equal(await ff.load(big), 'first');
  await sleep(500);
  const afterFree = await ff.check();
  assert.equal(afterFree.counts.visits, before1.counts.visits + 1, 'stored once space is there');
  assert.deepEqual(afterFree.problems, []);
  assert.equal((await popupText()).full, null, 'the notice goes once a visit is stored');
  figure('storage full (Firefox): filler written before the quota refused', `${(filled.result.written / 1048576).toFixed(1)} MB`, 'report');
  figure('storage full (Firefox): visits stored before / while full / after space freed', `${before1.counts.visits} / ${during.counts.visits} / ${afterFree.counts.visits}`, 'equal, equal, +1');
  figure('storage full (Firefox): consistency problems', during.problems.length + afterFree.problems.length, 0);
});
