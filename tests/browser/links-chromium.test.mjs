// New links since the last visit, in real Chromium (the test build, dist/chrome-test; pages of
// "The Harbour Gazette" served by tests/site/server.mjs):
// - a revisit marks the two links that appeared (a4, a5), not the ones that only changed by
//   fragment or tracking parameter, in the extension's overlay: a page script finds no trace of
//   which links are new (no attribute on the links, no marker text, the overlay's shadow root
//   closed); the test build's hook says which links carry a marker;
// - the popup lists them under "New links (2)";
// - 'new-pages' answers the pages first seen through such links in novelty order: a4 (0.9,
//   one certainly new link), a7 (0.81, linked from a4 only), a5 (0.45: one certainly new link,
//   one of unknown age from the section page); old stories and a6 (section page only) not at all;
// - excluding the site deletes its link graph.
// Build first: node scripts/build-extension.mjs

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { useChromium, visit, revisit, inExtension } from './chromium.mjs';

let site;
let ext;
useChromium((s, e) => {
  site = s;
  ext = e;
});

/** What a page script can see of the markers. */
const pageView = (page) => page.evaluate(() => ({
  anchors: [...document.querySelectorAll('a')].map((a) => a.getAttributeNames().join(',')),
  markerText: /new link|★/i.test(document.documentElement.textContent || ''),
  hosts: [...document.querySelectorAll('sincelast-ui')].map((h) => ({ open: h.shadowRoot !== null, text: h.textContent, children: h.children.length })),
  linkAttrs: [...document.querySelectorAll('*')].flatMap((e) => [...e.attributes]).filter((a) => /story\/a[45]/.test(a.value) && a.name !== 'href').length,
}));

/** The hrefs that carry a marker, through the test build's hook. */
async function markedLinks(page) {
  await page.evaluate(() => {
    document.documentElement.removeAttribute('data-sincelast-test-links');
    document.dispatchEvent(new CustomEvent('sincelast-test:links'));
  });
  await page.waitForFunction(() => document.documentElement.hasAttribute('data-sincelast-test-links'));
  const marked = JSON.parse(await page.evaluate(() => document.documentElement.getAttribute('data-sincelast-test-links')));
  await page.evaluate(() => document.documentElement.removeAttribute('data-sincelast-test-links'));
  return marked;
}

test('Chromium: new links are marked in a closed overlay, listed in the popup, and new pages ranked by novelty', async () => {
  const front = site.url('gazette', 'links');
  const first = await visit(ext, front);
  assert.equal(first.state, 'first');
  assert.deepEqual(await markedLinks(first.page), [], 'nothing is new on a first visit');
  await site.advance('gazette');
  const section = await visit(ext, site.url('gazette', 'linksection'));
  assert.equal(section.state, 'first');
  await section.page.close();

  const { page, tabId } = first;
  assert.equal(await revisit(page), 'changed');
  // A page script sees nothing that tells which links are new.
  const seen = await pageView(page);
  assert.ok(seen.anchors.every((names) => names === 'href'), `links untouched: ${seen.anchors}`);
  assert.equal(seen.markerText, false);
  assert.equal(seen.linkAttrs, 0);
  assert.equal(seen.hosts.length, 1, 'one overlay');
  assert.deepEqual(seen.hosts[0], { open: false, text: '', children: 0 });
  // The extension's overlay marks exactly the two new links.
  assert.deepEqual(await markedLinks(page), [
    { href: 'story/a4', label: '★ new' },
    { href: 'story/a5', label: '★ new' },
  ]);

  const popup = await ext.context.newPage();
  await popup.goto(`chrome-extension://${ext.extensionId}/popup/popup.html?tabId=${tabId}`);
  await popup.waitForSelector('#new-links');
  assert.equal(await popup.locator('#new-links h2').textContent(), 'New links (2)');
  const listed = await popup.locator('#new-links li').evaluateAll((lis) => lis.map((li) => [li.dataset.url.replace(/^.*\/s\//, ''), li.querySelector('a').textContent]));
  assert.deepEqual(listed, [
    ['gazette/story/a4', 'New bridge to the island opens on Monday'],
    ['gazette/story/a5', 'Harbour festival adds a night market'],
  ]);
  await popup.close();

  // The person follows the new story; its link to a7 is first seen there.
  const story = await visit(ext, site.url('gazette', 'story/a4'));
  assert.equal(story.state, 'first');
  await story.page.close();

  const reply = await inExtension(ext, () => chrome.runtime.sendMessage({ type: 'new-pages' }));
  assert.equal(reply.ok, true, JSON.stringify(reply));
  const ranked = reply.result.pages.map((p) => [p.url.replace(/^.*\/s\//, ''), Math.round(p.score * 1000) / 1000]);
  assert.deepEqual(ranked.slice(0, 3), [['gazette/story/a4', 0.9], ['gazette/story/a7', 0.81], ['gazette/story/a5', 0.45]]);
  // The test site's header links (on every page, first seen in this test too) come last: one of
  // their three in-links comes from a4 (0.9), the front page's is of unknown age (0), the
  // section page's too (0): 0.9 × 0.9 / 3 = 0.27. No other story is listed.
  assert.ok(ranked.length > 3);
  for (const [url, score] of ranked.slice(3)) {
    assert.equal(score, 0.27, url);
    assert.doesNotMatch(url, /story/);
  }
  const a4 = reply.result.pages[0];
  assert.equal(a4.title, 'New bridge to the island opens on Monday');
  assert.equal(a4.certainLinks, 1);
  assert.match(a4.via, /\/s\/gazette\/links$/);
  // The dashboard's "Newly appeared pages" shows them in that order, with their scores.
  const dash = await ext.context.newPage();
  await dash.goto(`chrome-extension://${ext.extensionId}/dashboard/dashboard.html`);
  await dash.waitForFunction(() => document.body.hasAttribute('data-new-pages'));
  const shown = await dash.evaluate(() => [...document.querySelectorAll('#new-pages li')].slice(0, 3)
    .map((li) => [li.getAttribute('data-url').replace(/^.*\/s\//, ''), li.querySelector('.score').textContent]));
  assert.deepEqual(shown, [['gazette/story/a4', '0.90'], ['gazette/story/a7', '0.81'], ['gazette/story/a5', '0.45']]);
  await dash.close();
  // At δ = 0.3 the order stays, the scores shrink.
  const damped = await inExtension(ext, () => chrome.runtime.sendMessage({ type: 'new-pages', delta: 0.3 }));
  assert.deepEqual(damped.result.pages.slice(0, 3).map((p) => Math.round(p.score * 1000) / 1000), [0.7, 0.49, 0.35]);
  const bad = await inExtension(ext, () => chrome.runtime.sendMessage({ type: 'new-pages', delta: 7 }));
  assert.equal(bad.ok, false);
  assert.equal(bad.error.kind, 'invalid_message');

  // Once seen, they are not new any more.
  assert.equal(await revisit(page), 'unchanged');
  assert.deepEqual(await markedLinks(page), []);
  assert.equal((await pageView(page)).hosts.length, 1, 'the overlay, there on every page');
  await page.close();

  // Excluding the site deletes its link graph with the rest of its history.
  const count = () => inExtension(ext, async () => {
    const db = await new Promise((res, rej) => {
      const r = indexedDB.open('sincelast');
      r.onsuccess = () => res(r.result);
      r.onerror = () => rej(r.error);
    });
    const n = (s) => new Promise((res) => { const r = db.transaction(s).objectStore(s).count(); r.onsuccess = () => res(r.result); });
    const out = { linkPages: await n('linkPages'), linkSeen: await n('linkSeen') };
    db.close();
    return out;
  });
  const before = await count();
  assert.ok(before.linkPages >= 3 && before.linkSeen >= 10, JSON.stringify(before));
  const set = await inExtension(ext, () => chrome.runtime.sendMessage({ type: 'settings-set', settings: { excludedSites: ['127.0.0.1'] } }));
  assert.equal(set.ok, true, JSON.stringify(set));
  assert.deepEqual(await count(), { linkPages: 0, linkSeen: 0 });
  const none = await inExtension(ext, () => chrome.runtime.sendMessage({ type: 'new-pages' }));
  assert.deepEqual(none.result.pages, []);
});
