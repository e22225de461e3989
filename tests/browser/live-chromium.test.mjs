// Text that changes by itself while the page stays open (content/live.js), in real Chromium: a
// bakery's page whose customers' quote a script turns a few seconds after load. The first visit
// reads one quote; six seconds later, nobody touching the page, the extension reads it again,
// sees the other quote and the site learns the slot (as from two versions fetched moments apart).
// The next day's visit starts on the second quote and has its opening hours edited: only the
// hours are highlighted, the quote is an automated change with its learned reason. And on the
// visit where the quote is first seen turning, its highlight leaves at once: moved to the
// automated list ("changed by itself while the page was open"), the badge one less.
// Its own browser profile. Build first: node scripts/build-extension.mjs

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { useChromium, visit, revisit, painted, inExtension, badge, dumpDb } from './chromium.mjs';

let site;
let ext;
useChromium((s, e) => {
  site = s;
  ext = e;
});

const attr = (page, name) => page.evaluate((n) => document.documentElement.getAttribute(`data-sincelast-test-${n}`), name);

async function waitAttr(page, name, ms = 15000) {
  for (let waited = 0; waited < ms; waited += 100) {
    const v = await attr(page, name);
    if (v !== null) return v;
    await new Promise((r) => setTimeout(r, 100));
  }
  return null;
}

test('a quote that turns while the page is open is learned: the next visit highlights only the real edit', async () => {
  const url = site.url('livebakery', 'bakery');
  await inExtension(ext, () => chrome.storage.local.set({ testHooks: { timeShiftMs: -86400000 } }));
  const { page, state } = await visit(ext, url);
  assert.equal(state, 'first');
  // The quote turned 2.5 s after load; the second reading (6 s after the first) saw it.
  assert.equal(await waitAttr(page, 'live-learned'), '1', 'one slot learned from the page left open');
  assert.equal(await attr(page, 'live'), '1');
  await inExtension(ext, () => chrome.storage.local.remove('testHooks'));

  // A day later: the page starts on the quote seen second, and its opening hours were edited.
  await site.advance('livebakery');
  assert.equal(await revisit(page), 'changed');
  const shown = await painted(page);
  assert.deepEqual(shown.blocks, { changed: ['hours'] }, JSON.stringify(shown.blocks));
  const tabState = await inExtension(ext, async (u) => {
    const tabs = await chrome.tabs.query({});
    const t = tabs.find((x) => x.url === u);
    const raw = (await chrome.storage.session.get(`tab:${t.id}`))[`tab:${t.id}`];
    return JSON.parse(raw).pages[u];
  }, url);
  const quote = tabState.changes.find((c) => /Lovely cakes/.test(c.preview || ''));
  assert.ok(quote, JSON.stringify(tabState.changes));
  assert.equal(quote.kind, 'noise');
  assert.equal(quote.reason.source, 'learned');
  assert.equal(tabState.count, 1);
  await page.close();
});

test('a page the person touches before the second reading teaches nothing', async () => {
  const url = site.url('livetouched', 'bakery');
  const { page, state } = await visit(ext, url);
  assert.equal(state, 'first');
  await page.mouse.click(5, 5);
  await new Promise((r) => setTimeout(r, 8000));
  assert.equal(await attr(page, 'live'), null, 'no second reading after a click');
  await page.close();
});

test('the visit where a quote is first seen turning drops its highlight at once; the bar, badge and popup say why', async () => {
  const url = site.url('livefirstseen', 'bakery', 'bakery.localhost'); // (a site of its own: nothing learned yet)
  await inExtension(ext, () => chrome.storage.local.set({ testHooks: { timeShiftMs: -86400000 } }));
  const { page, state, tabId } = await visit(ext, url);
  assert.equal(state, 'first');
  // Touched at once: the first visit reads no second time and learns nothing.
  await page.mouse.click(5, 5);
  await new Promise((r) => setTimeout(r, 7000));
  assert.equal(await attr(page, 'live'), null);
  await inExtension(ext, () => chrome.storage.local.remove('testHooks'));

  // A day later: another quote since yesterday, and the edited hours. Both are highlighted...
  await site.advance('livefirstseen');
  assert.equal(await revisit(page), 'changed');
  const before = await painted(page);
  // (The quote is a new block, the one of yesterday removed: two unrelated texts.)
  assert.deepEqual(before.blocks, { new: ['quote'], changed: ['hours'] }, JSON.stringify(before));
  const nBefore = Number(await badge(ext, tabId));
  assert.equal(nBefore, 2, 'the new quote and the hours (removed text is not counted)');
  // ...until the quote turns by itself (2.5 s after load) and the second reading sees it.
  // (Both sides of the replaced quote: the new one and yesterday's, removed.)
  assert.equal(await waitAttr(page, 'live-moved'), '2');
  assert.equal(await attr(page, 'live-learned'), '1');
  const after = await painted(page);
  assert.deepEqual(after.blocks, { changed: ['hours'] }, JSON.stringify(after.blocks));
  assert.equal(await badge(ext, tabId), '1');
  assert.match(await attr(page, 'auto-toggle'), /\b2 automated/, 'the replaced quote, both its sides');
  // The popup lists the quote among the automated changes, with why.
  const p = await ext.context.newPage();
  await p.goto(`chrome-extension://${ext.extensionId}/popup/popup.html?tabId=${tabId}`);
  await p.waitForFunction(() => document.getElementById('automated') && /changed by itself/.test(document.getElementById('automated').textContent));
  const automated = await p.locator('#automated').textContent();
  assert.match(automated, /changed by itself while the page was open“Lovely cakes/);
  assert.match(automated, /changed by itself while the page was open“Best sourdough/, 'yesterday\'s quote, removed');
  assert.equal(await p.locator('ol.changes li', { hasText: 'Lovely cakes' }).count(), 0);
  await p.close();
  // The history counts the visit as the page showed it in the end: the hours alone.
  const stored = (await dumpDb(ext)).visits.filter((v) => v.url === url).map((v) => v.summary);
  assert.equal(stored.length, 2);
  assert.equal(stored[1].meaningful, 1, JSON.stringify(stored[1]));
  assert.equal(stored[1].meaningful_removed, undefined, 'yesterday\'s quote no longer counted');
  const hist = await ext.context.newPage();
  await hist.goto(`chrome-extension://${ext.extensionId}/history/history.html?url=${encodeURIComponent(url)}`);
  await hist.waitForSelector('body[data-ready=true]', { timeout: 20000 });
  const counts = await hist.$$eval('#timeline button .m', (ms) => ms.map((m) => m.getAttribute('data-meaningful')));
  assert.deepEqual(counts, ['', '1']);
  // And its comparison of the two visits, judged by what the site knows now, agrees.
  assert.match(await hist.textContent('#diff-summary'), /: 1 changed; 2 automated changes hidden\./);
  await hist.close();
  await page.close();
});

test('a quote that turns only after twenty seconds is seen by the second reading, at thirty', async () => {
  const url = `${site.url('liveslow', 'bakery', 'slowbakery.localhost')}?turn=20000`;
  const { page, state } = await visit(ext, url);
  assert.equal(state, 'first');
  // The first reading (6 s) saw nothing change...
  assert.equal(await waitAttr(page, 'live', 10000), '0');
  assert.equal(await attr(page, 'live-learned'), null);
  // ...the second (30 s) sees the quote turned and the site learns it.
  assert.equal(await waitAttr(page, 'live-learned', 30000), '1');
  assert.equal(await attr(page, 'live'), '1');
  await page.close();
});
