// Text that changes by itself while the page stays open (content/live.js), in real Firefox: the
// story of live-chromium.test.mjs — a quote turning a few seconds after load is learned from the
// page left open, and the next day's visit highlights only the edited opening hours.
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
