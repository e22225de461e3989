// Painting in real Firefox (firefox-esr, headless; the test build as a temporary add-on): a page
// script cannot read the diff; the live announcement and the overlay's forced-colour rules.
// Build first: node scripts/build-extension.mjs

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { useFirefox } from './firefox.mjs';
import { PAINTED } from './chromium.mjs';
import { assertSameSnapshot, DRAWN_OVER } from './paint-privacy.mjs';

const ff = useFirefox();
const painted = () => ff.driver.executeScript(`return (${PAINTED})()`);
const spy = () => ff.driver.executeScript('return window.__spy()');

test('Firefox: a page script cannot tell new blocks from old: the painted revisit reads the same as a first visit', async () => {
  const url = ff.site.url('ffspy-seen', 'spy');
  assert.equal(await ff.load(url), 'first');
  await ff.site.advance('ffspy-seen');
  assert.equal(await ff.load(url), 'changed');
  const shown = await painted();
  assert.deepEqual([...new Set(shown.blocks.new)], ['a-storm']);
  assert.deepEqual(shown.blocks.changed, ['editorial-text']);
  assert.ok(shown.marks.includes('Wednesday'), shown.marks.join('|'));
  assert.equal(shown.style, true);
  assert.equal(shown.leaks, 0);
  const seen = await spy();

  await ff.site.advance('ffspy-fresh');
  assert.equal(await ff.load(ff.site.url('ffspy-fresh', 'spy')), 'first');
  assert.equal((await painted()).ui, 0);
  const first = await spy();

  assertSameSnapshot(seen, first, DRAWN_OVER);
  assert.equal(seen.elements.filter((e) => e[1] === 'sincelast-ui').length, 1);
});

test('Firefox, "only when I ask": the painted revisit reads the same as a first visit, hit tests included, until asked', async () => {
  await ff.driver.executeScript(`document.dispatchEvent(new CustomEvent('sincelast-test:store', { detail: JSON.stringify({ paintWhen: 'asked' }) }))`);
  await ff.waitFor("return /^ok/.test(document.documentElement.getAttribute('data-sincelast-test-stored') || '')", 'stored');
  try {
    const url = ff.site.url('ffasked-seen', 'spy');
    assert.equal(await ff.load(url), 'first');
    await ff.site.advance('ffasked-seen');
    assert.equal(await ff.load(url), 'changed');
    assert.equal((await painted()).ui, 0);
    const seen = await spy();
    await ff.site.advance('ffasked-fresh');
    assert.equal(await ff.load(ff.site.url('ffasked-fresh', 'spy')), 'first');
    const first = await spy();
    assertSameSnapshot(seen, first);
  } finally {
    await ff.driver.executeScript(`document.dispatchEvent(new CustomEvent('sincelast-test:store', { detail: JSON.stringify({ paintWhen: 'auto' }) }))`);
  }
});

test('Firefox: moving to a change (bar button) keeps the page DOM untouched; hide clears the drawing', async () => {
  const url = ff.site.url('ffspy-walk', 'spy');
  assert.equal(await ff.load(url), 'first');
  await ff.site.advance('ffspy-walk');
  assert.equal(await ff.load(url), 'changed');
  const before = await spy();
  await ff.press('next');
  await ff.press('removed');
  const p = await painted();
  assert.ok(p.removed >= 1);
  assert.ok(p.focus >= 0);
  const after = await spy();
  // A user action may scroll and focus (our element); the page's own elements are unchanged.
  const strip = (s) => s.elements.map((e) => e.slice(0, 4));
  assert.deepEqual(strip(after), strip(before));
  assert.deepEqual(after.texts, before.texts);
  await ff.press('hide');
  const hidden = await painted();
  assert.equal(hidden.ui, 0);
  assert.equal(hidden.style, false);
});
