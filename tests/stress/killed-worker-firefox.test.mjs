// Killed worker, Firefox: the extension's event page stopped (terminateBackground, what Firefox
// does to an idle event page, here at any moment) at random points of visits: before the visit
// is sent, while it is answered, inside its held transaction. After each: the database passes
// the consistency check (no torn record, no orphan) and the next visit works and is stored.
// Quick by default; STRESS=full stops it 100 times.
// Build first: node scripts/build-extension.mjs

import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { startSite } from '../site/server.mjs';
import { launchFirefox } from '../browser/stressb-firefox.mjs';
import { FULL, rng, figure, sleep } from './stressb-common.mjs';

const STOPS = FULL ? 100 : 8;
const random = rng(31);
let site;
let ff;
before(async () => {
  site = await startSite(0);
  ff = await launchFirefox();
});
after(async () => {
  await ff?.quit();
  await site?.close();
});

test(`event page stopped at ${STOPS} random points during visits: 0 torn records, the next visit works`, async () => {
  const urls = [site.url('fkw-a', 'news'), site.url('fkw-b', 'many'), site.url('fkw-c', 'town')];
  for (const url of urls) assert.ok(await ff.load(url));
  const visitsOf = async (url) => {
    const r = await ff.send({ type: 'test-check' });
    return { r, n: r.ok ? r.result.counts.visits : -1, url };
  };
  let torn = 0;
  let nextOk = 0;
  let stopped = 0;
  const when = { before: 0, after: 0 };
  const problems = [];
  for (let i = 0; i < STOPS; i++) {
    const url = urls[Math.floor(random() * urls.length)];
    if (random() < 0.7) await site.advance(url.split('/')[4]);
    const inWrite = random() < 0.5;
    const hold = inWrite ? 200 + Math.floor(random() * 400) : 0;
    await ff.driver.executeScript('document.dispatchEvent(new CustomEvent(\'sincelast-test:store\', { detail: arguments[0] }))', JSON.stringify({ testHooks: { holdWriteMs: hold } }));
    await sleep(100);
    await ff.driver.get(url).catch(() => {});
    if (inWrite) {
      await ff.verdict(20000);
      await sleep(Math.floor(random() * hold * 0.8));
    } else {
      await sleep(Math.floor(random() * 1200));
    }
    if (await ff.attr('state')) when.after++;
    else when.before++;
    if ((await ff.terminateBackground()) === 'running') stopped++;
    await ff.verdict(20000);
    await sleep(hold + 100);
    const check = await ff.check();
    if (check.problems.length) {
      torn++;
      problems.push(...check.problems.slice(0, 5));
    }
    await ff.driver.executeScript('document.dispatchEvent(new CustomEvent(\'sincelast-test:store\', { detail: arguments[0] }))', JSON.stringify({ testHooks: {} }));
    await sleep(100);
    const before1 = (await visitsOf(url)).n;
    const next = await ff.load(url);
    await sleep(100);
    const after1 = (await visitsOf(url)).n;
    if (['first', 'changed', 'unchanged'].includes(next) && after1 === before1 + 1) nextOk++;
    else problems.push(`stop ${i}: next visit of ${url} gave ${next} (${before1} -> ${after1} visits)`);
  }
  const final = await ff.check();
  figure('killed worker (Firefox): stops of a running event page', `${stopped}/${STOPS}`, `${STOPS}/${STOPS}`);
  figure('killed worker (Firefox): stops before the answer / after it', `${when.before} / ${when.after}`, 'spread');
  figure('killed worker (Firefox): checks with torn or orphan records', torn, 0);
  figure('killed worker (Firefox): next visit stored', `${nextOk}/${STOPS}`, `${STOPS}/${STOPS}`);
  assert.deepEqual(problems, []);
  assert.equal(torn, 0);
  assert.equal(nextOk, STOPS);
  assert.deepEqual(final.problems, []);
});
