// Meaningful change only, in real Firefox (firefox-esr, headless; the test build installed as a
// temporary add-on, as in firefox-extension.test.mjs): on the "Riverside Town Hall" test site, a
// revisit where one paragraph was edited highlights that paragraph only; the visitor counter,
// the clock, the rotating banner and the changed shared footer appear on demand, with reasons.
// Build first: node scripts/build-extension.mjs

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { useFirefox } from './firefox.mjs';
import { PAINTED } from './chromium.mjs';

const ff = useFirefox();
const load = (url) => ff.load(url);
const badge = () => ff.badge();
const attr = (name) => ff.attr(name);
const press = (action) => ff.press(action);

// What is painted, from the test build's report (nothing of ours is in the page's own DOM).
const painted = async () => {
  const r = await ff.driver.executeScript(`return (${PAINTED})()`);
  assert.equal(r.leaks, 0);
  return { blocks: r.blocks, auto: Object.fromEntries(r.auto || []), removed: r.removed };
};

test('Firefox: counter, clock, rotating banner and template are not highlighted; a real edit is', async () => {
  const url = ff.site.url('fftown', 'town');
  for (const other of ['events', 'contact']) assert.equal(await load(ff.site.url('fftown', other)), 'first');
  assert.equal(await load(url), 'first');
  await load(url); // a reload: counter, clock and banner change
  await ff.site.advance('fftown');
  for (const other of ['events', 'contact']) await load(ff.site.url('fftown', other));
  assert.equal(await load(url), 'changed');
  let shown = await painted();
  assert.deepEqual(shown.blocks, { changed: ['town-pool'] }, JSON.stringify(shown));
  assert.deepEqual(shown.auto, {});
  assert.equal(await badge(), '1');
  assert.equal(await attr('bar'), '1 changed');
  assert.equal(await attr('auto-toggle'), 'show 5 automated changes');

  await press('automated');
  shown = await painted();
  assert.deepEqual(shown.auto, { 'town-banner': 'noise', 'town-counter': 'noise', 'town-clock': 'noise', 'town-address': 'template' });
  assert.equal(shown.removed, 1, 'the banner text that rotated away, in a box');
  const reasons = JSON.parse(await attr('auto')).map((a) => a.reason).sort();
  assert.deepEqual(reasons, ['clock', 'counter', 'learned: rotating item', 'learned: rotating item', 'template']);
  assert.deepEqual(shown.blocks, { changed: ['town-pool'] });
  await press('automated');
  shown = await painted();
  assert.deepEqual(shown.auto, {});
  assert.equal(shown.removed, 0);
  assert.equal(await badge(), '1');
});
