// New links since the last visit, in real Firefox (firefox-esr, headless; the test build
// installed as a temporary add-on, see firefox.mjs): the same story as links-chromium.test.mjs
// — a revisit of "The Harbour Gazette" marks the two new links in the extension's closed
// overlay (a page script finds no trace of them), the popup lists them, and 'new-pages'
// answers a4, a7, a5 in novelty order (0.9, 0.81, 0.45).
// Build first: node scripts/build-extension.mjs

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { useFirefox, sleep } from './firefox.mjs';

const ff = useFirefox();

/** What a page script can see of the markers. */
const pageView = () => ff.driver.executeScript(`return {
  anchors: [...document.querySelectorAll('a')].map((a) => a.getAttributeNames().join(',')),
  markerText: /new link|★/i.test(document.documentElement.textContent || ''),
  hosts: [...document.querySelectorAll('sincelast-ui')].map((h) => ({ open: h.shadowRoot !== null, text: h.textContent, children: h.children.length })),
  linkAttrs: [...document.querySelectorAll('*')].flatMap((e) => [...e.attributes]).filter((a) => /story\\/a[45]/.test(a.value) && a.name !== 'href').length,
};`);

/** The hrefs that carry a marker, through the test build's hook. */
async function markedLinks() {
  await ff.driver.executeScript(`document.documentElement.removeAttribute('data-sincelast-test-links');
    document.dispatchEvent(new CustomEvent('sincelast-test:links'));`);
  for (let i = 0; i < 50; i++) {
    const v = await ff.attr('links');
    if (v) return JSON.parse(v);
    await sleep(100);
  }
  throw new Error('no answer from the links hook');
}

test('Firefox: new links are marked in a closed overlay, listed in the popup, and new pages ranked by novelty', async () => {
  const front = ff.site.url('ffgazette', 'links');
  assert.equal(await ff.load(front), 'first');
  assert.deepEqual(await markedLinks(), []);
  await ff.site.advance('ffgazette');
  assert.equal(await ff.load(ff.site.url('ffgazette', 'linksection')), 'first');
  assert.equal(await ff.load(front), 'changed');

  const seen = await pageView();
  assert.ok(seen.anchors.every((names) => names === 'href'), `links untouched: ${seen.anchors}`);
  assert.equal(seen.markerText, false);
  assert.equal(seen.linkAttrs, 0);
  assert.deepEqual(seen.hosts, [{ open: false, text: '', children: 0 }]);
  assert.deepEqual(await markedLinks(), [
    { href: 'story/a4', label: '★ new' },
    { href: 'story/a5', label: '★ new' },
  ]);

  const { pageHandle, handle } = await ff.openExtensionPage('popup');
  await ff.waitFor("return !!document.querySelector('#new-links')", 'the new links in the popup');
  assert.equal(await ff.driver.executeScript("return document.querySelector('#new-links h2').textContent"), 'New links (2)');
  const listed = await ff.driver.executeScript("return [...document.querySelectorAll('#new-links li')].map((li) => [li.dataset.url.replace(/^.*\\/s\\//, ''), li.querySelector('a').textContent])");
  assert.deepEqual(listed, [
    ['ffgazette/story/a4', 'New bridge to the island opens on Monday'],
    ['ffgazette/story/a5', 'Harbour festival adds a night market'],
  ]);
  await ff.driver.switchTo().window(pageHandle);
  assert.equal(await ff.load(ff.site.url('ffgazette', 'story/a4')), 'first');

  await ff.driver.switchTo().window(handle);
  const reply = await ff.driver.executeAsyncScript(`const done = arguments[arguments.length - 1];
    chrome.runtime.sendMessage({ type: 'new-pages' }).then(done, (e) => done({ ok: false, error: { message: String(e) } }));`);
  assert.equal(reply.ok, true, JSON.stringify(reply));
  const ranked = reply.result.pages.map((p) => [p.url.replace(/^.*\/s\//, ''), Math.round(p.score * 1000) / 1000]);
  assert.deepEqual(ranked.slice(0, 3), [['ffgazette/story/a4', 0.9], ['ffgazette/story/a7', 0.81], ['ffgazette/story/a5', 0.45]]);
  // The test site's header links (on every page, first seen in this test too) come last: one of
  // their three in-links comes from a4 (0.9), the front page's is of unknown age (0), the
  // section page's too (0): 0.9 × 0.9 / 3 = 0.27. No other story is listed.
  assert.ok(ranked.length > 3);
  for (const [url, score] of ranked.slice(3)) {
    assert.equal(score, 0.27, url);
    assert.doesNotMatch(url, /story/);
  }
  assert.equal(reply.result.pages[0].title, 'New bridge to the island opens on Monday');
  await ff.driver.close();
  await ff.driver.switchTo().window(pageHandle);

  // Once seen, they are not new any more.
  assert.equal(await ff.load(front), 'unchanged');
  assert.deepEqual(await markedLinks(), []);
  assert.deepEqual((await pageView()).hosts, [{ open: false, text: '', children: 0 }], 'the overlay, there on every page');
});
