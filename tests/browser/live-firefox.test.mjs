// Text that changes by itself while the page stays open (content/live.js), in real Firefox: the
// story of live-chromium.test.mjs — a quote turning a few seconds after load is learned from the
// page left open, and the next day's visit highlights only the edited opening hours; on the visit
// where the quote is first seen turning, its highlight leaves at once.
// Its own Firefox profile, one tab. Build first: node scripts/build-extension.mjs

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { useFirefox } from './firefox.mjs';
import { PAINTED } from './chromium.mjs';

const ff = useFirefox();

test('Firefox: a quote that turns while the page is open is learned: the next visit highlights only the real edit', async () => {
  const story = 'fflivebakery';
  await ff.load(ff.site.url(story, 'static'));
  await ff.store({ testHooks: { timeShiftMs: -86400000 } });
  const url = ff.site.url(story, 'bakery');
  assert.equal(await ff.load(url), 'first');
  await ff.waitFor("return document.documentElement.getAttribute('data-sincelast-test-live-learned') === '1'", 'one slot learned from the page left open');
  await ff.store({ testHooks: {} });

  await ff.site.advance(story);
  assert.equal(await ff.load(url), 'changed');
  const r = await ff.driver.executeScript(`return (${PAINTED})()`);
  assert.equal(r.leaks, 0);
  assert.deepEqual(r.blocks, { changed: ['hours'] }, JSON.stringify(r.blocks));
  assert.equal(await ff.badge(), '1');
});

test('Firefox: the visit where a quote is first seen turning drops its highlight at once; badge and popup say why', async () => {
  const story = 'fflivefirst';
  const url = ff.site.url(story, 'bakery', 'bakery.localhost'); // (a site of its own: nothing learned yet)
  await ff.load(ff.site.url(story, 'static'));
  await ff.store({ testHooks: { timeShiftMs: -86400000 } });
  // The first visit a day ago, touched at once (a key): no second reading, nothing learned.
  assert.equal(await ff.load(url), 'first');
  await ff.driver.executeScript("dispatchEvent(new KeyboardEvent('keydown', { key: 'a' }))");
  await new Promise((r) => setTimeout(r, 7000));
  assert.equal(await ff.attr('live'), null, 'no second reading after a key');
  await ff.store({ testHooks: {} });

  // A day later: another quote (a new block, yesterday's removed) and the edited hours.
  await ff.site.advance(story);
  assert.equal(await ff.load(url), 'changed');
  const before = await ff.driver.executeScript(`return (${PAINTED})()`);
  assert.deepEqual(before.blocks, { new: ['quote'], changed: ['hours'] }, JSON.stringify(before));
  assert.equal(await ff.badge(), '2');
  await ff.waitFor("return document.documentElement.getAttribute('data-sincelast-test-live-moved') === '2'", 'the replaced quote moved to the automated list');
  const after = await ff.driver.executeScript(`return (${PAINTED})()`);
  assert.equal(after.leaks, 0);
  assert.deepEqual(after.blocks, { changed: ['hours'] }, JSON.stringify(after.blocks));
  assert.equal(await ff.badge(), '1');
  const automated = await ff.inExtensionPage('popup', async () => {
    await ff.waitFor("const a = document.getElementById('automated'); return !!a && /changed by itself/.test(a.textContent)", 'popup drawn');
    return ff.driver.executeScript("return document.getElementById('automated').textContent");
  });
  assert.match(automated, /changed by itself while the page was open“Lovely cakes/);
  assert.match(automated, /changed by itself while the page was open“Best sourdough/, 'yesterday\'s quote, removed');
  // The history counts the visit as the page showed it in the end: the hours alone.
  const counts = await ff.inExtensionPage('options', async () => {
    await ff.driver.executeScript(`location.href = '/history/history.html?url=' + encodeURIComponent(${JSON.stringify(url)})`);
    await ff.waitFor("return location.pathname === '/history/history.html' && document.body && document.body.getAttribute('data-ready') === 'true'", 'history page ready');
    return ff.driver.executeScript("return [...document.querySelectorAll('#timeline button .m')].map((m) => m.getAttribute('data-meaningful'))");
  });
  assert.deepEqual(counts, ['', '1']);
});
