// The extension in real Firefox (firefox-esr, headless): the test build (dist/firefox-test)
// installed as a temporary add-on through geckodriver + selenium-webdriver.
// WebDriver cannot navigate to moz-extension:// pages, and has no view of the toolbar: the test
// build's content script reads this tab's badge for the test, and asks the background to open
// the popup page in a tab (test builds only).
// The harness (Firefox, the add-on, the demo site) is in firefox.mjs.
// Build first: node scripts/build-extension.mjs

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { useFirefox, sleep } from './firefox.mjs';
import { PAINTED } from './chromium.mjs';

const ff = useFirefox();
const load = (url) => ff.load(url);
const badge = () => ff.badge();

function painted() {
  return ff.driver.executeScript(`return (${PAINTED})()`);
}

test('Firefox: first visit saved with nothing painted and no badge', async () => {
  const state = await load(ff.site.url('ff-first', 'news'));
  assert.equal(state, 'first');
  const shown = await painted();
  assert.deepEqual(shown.blocks, {});
  assert.equal(shown.ui, 0);
  assert.equal(await badge(), '');
});

test('Firefox: revisit paints the changed blocks, badge = the meaningful ones, popup lists them', async () => {
  const url = ff.site.url('ff-rev', 'news');
  assert.equal(await load(url), 'first');
  await ff.site.advance('ff-rev');
  assert.equal(await load(url), 'changed');
  const shown = await painted();
  assert.deepEqual([...new Set(shown.blocks.new)], ['a-storm']);
  assert.deepEqual([...new Set(shown.blocks.moved)], ['a-museum']);
  // The counter ("Readers today: 1042") is noise: not painted, not counted.
  assert.deepEqual([...new Set(shown.blocks.changed)].sort(), ['editorial-text']);
  assert.ok(shown.marks.includes('Wednesday'), shown.marks.join('|'));
  assert.equal(shown.ui, 1);
  const meaningful = Object.values(shown.blocks).flat().length;
  assert.equal(await badge(), String(meaningful));

  // The popup page, opened in a tab by the test build's background.
  const { pageHandle } = await ff.openExtensionPage('popup');
  let status = null;
  for (let i = 0; i < 50; i++) {
    status = await ff.driver.executeScript("return document.getElementById('main') && document.getElementById('main').dataset.status");
    if (status && status !== 'pending' && await ff.driver.executeScript("return !!document.querySelector('[data-metric=\"dice\"]')")) break;
    await sleep(100);
  }
  assert.equal(status, 'changed');
  const items = await ff.driver.executeScript("return document.querySelectorAll('ol.changes li.changed, ol.changes li.new, ol.changes li.moved').length");
  assert.ok(items >= meaningful, `${items} listed`);
  const dice = await ff.driver.executeScript("return document.querySelector('[data-metric=\"dice\"]').textContent");
  assert.match(dice, /^\d\.\d+$/);
  // Clicking a change scrolls the page to it.
  await ff.driver.executeScript("document.querySelector('ol.changes li.changed button').click()");
  await ff.driver.close();
  await ff.driver.switchTo().window(pageHandle);
  let focused = false;
  for (let i = 0; i < 30 && !focused; i++) {
    focused = await ff.driver.executeScript("return /:changed:/.test(document.documentElement.getAttribute('data-sincelast-test-focused') || '')");
    if (!focused) await sleep(100);
  }
  assert.ok(focused, 'the clicked change is focused on the page');
});

test('Firefox: a page dispatching the takeover event does not switch the extension off', async () => {
  const url = ff.site.url('ff-takeover', 'news');
  assert.equal(await load(url), 'first');
  await ff.site.advance('ff-takeover');
  assert.equal(await load(url), 'changed');
  const before = await painted();
  assert.equal(before.ui, 1);
  await ff.driver.executeScript(`
    for (const detail of [undefined, null, {}, 'takeover', 1]) {
      document.dispatchEvent(new CustomEvent('sincelast:takeover', { detail }));
    }`);
  await sleep(500);
  const after = await painted();
  assert.equal(after.ui, 1);
  assert.deepEqual(after.blocks, before.blocks);
  assert.deepEqual(after.marks, before.marks);
});

test('Firefox: unchanged revisit paints nothing; a password page is not stored', async () => {
  const url = ff.site.url('ff-same', 'static');
  assert.equal(await load(url), 'first');
  assert.equal(await load(url), 'unchanged');
  assert.deepEqual((await painted()).blocks, {});
  assert.equal(await badge(), '');
  assert.equal(await load(ff.site.url('ff-pw', 'login')), 'skipped:password');
  assert.equal(await badge(), '');
});

test('Firefox: password fields in closed shadow roots keep a page from being stored (small and large pages, visible or in a hidden part)', async () => {
  for (const kind of ['shadowlogin', 'bigshadowlogin', 'bighiddenlogin']) {
    assert.equal(await load(ff.site.url(`ff-pw-${kind}`, kind)), 'skipped:password', kind);
  }
});

test('Firefox: back/forward cache: the painted page comes back with its highlights and its badge', async () => {
  // Whether Firefox keeps a page in its back/forward cache is its own decision (it may evict
  // one under load): a walk that did not come back from the cache is tried again on a fresh
  // page, up to three times.
  let count = 0;
  let persisted = null;
  for (let attempt = 0; attempt < 3 && persisted !== 'true'; attempt++) {
    const id = `ff-bf${attempt}`;
    const url = ff.site.url(id, 'news');
    assert.equal(await load(url), 'first');
    await ff.site.advance(id);
    assert.equal(await load(url), 'changed');
    count = Object.values((await painted()).blocks).flat().length;
    await ff.driver.executeScript("addEventListener('pageshow', (e) => { document.documentElement.dataset.persisted = String(e.persisted); })");
    assert.equal(await load(ff.site.url(id, 'static')), 'first');
    assert.equal(await badge(), '');
    await ff.driver.navigate().back();
    persisted = null;
    for (let i = 0; i < 50 && persisted === null; i++) {
      persisted = await ff.driver.executeScript('return document.documentElement.dataset.persisted || null');
      if (persisted === null) await sleep(100);
    }
  }
  assert.equal(persisted, 'true', 'the page came from the back/forward cache');
  const shown = await painted();
  assert.equal(shown.ui, 1);
  assert.equal(Object.values(shown.blocks).flat().length, count);
  let b = '';
  for (let i = 0; i < 30 && b !== String(count); i++) {
    b = await badge();
    if (b !== String(count)) await sleep(100);
  }
  assert.equal(b, String(count), 'the badge is this page\'s again');
});

test('Firefox: settings page: excluding a site stops recording it; delete everything empties', async () => {
  const url = ff.site.url('ff-excl', 'news', 'localhost');
  assert.equal(await load(url), 'first');
  const { pageHandle, handle: optionsHandle } = await ff.openExtensionPage('options');
  const waitFor = (js, what) => ff.waitFor(js, what);
  await waitFor("return document.body.dataset.ready === 'true'", 'settings ready');
  const visitsBefore = Number(await ff.driver.executeScript("return document.getElementById('stats').dataset.visits"));
  assert.ok(visitsBefore >= 1);
  await ff.driver.executeScript(`
    document.getElementById('site').value = 'localhost';
    document.querySelector('#add-site button').click();`);
  await waitFor("return /excluded/.test(document.getElementById('status').textContent)", 'excluded');
  const visitsAfter = Number(await ff.driver.executeScript("return document.getElementById('stats').dataset.visits"));
  assert.equal(visitsAfter, visitsBefore - 1, 'the excluded site\'s visit was deleted');

  await ff.driver.switchTo().window(pageHandle);
  await ff.site.advance('ff-excl');
  assert.equal(await load(url), 'skipped:excluded');
  assert.equal(await badge(), '');

  await ff.driver.switchTo().window(optionsHandle);
  await ff.driver.executeScript("window.confirm = () => true; document.getElementById('delete-all').click();");
  await waitFor("return /Everything was deleted/.test(document.getElementById('status').textContent)", 'deleted');
  assert.equal(await ff.driver.executeScript("return document.getElementById('stats').dataset.visits"), '0');
  assert.equal(await ff.driver.executeScript("return document.getElementById('stats').dataset.pages"), '0');
  await ff.driver.executeScript("document.querySelector('#sites button').click()");
  await waitFor("return /no longer excluded/.test(document.getElementById('status').textContent)", 'not excluded');
  await ff.driver.close();
  await ff.driver.switchTo().window(pageHandle);
});
