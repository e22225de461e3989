// A page's history in real Chromium: the knot page (tests/site/knot-page.mjs: four news slots
// whose stories live 4 hours, staggered, under 20 stable words) is visited eight times, one
// hour apart (the test build dates visits through its hooks), then its history page shows the
// eight visits, the diff between two chosen visits, the change curve knotted at 4 h with Dice
// 0.5, keyboard stepping, the term lists, the survival table, the site's template picture, and
// lays the lifespan heat map over the open page in a closed shadow root; the bar's History
// button and the dashboard lead there.
// Build first: node scripts/build-extension.mjs

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { useChromium, visit, revisit, inExtension, tabIdOf } from './chromium.mjs';

let site;
let ext;
useChromium((s, e) => {
  site = s;
  ext = e;
});

const HOUR = 3600000;

test('history page: timeline, diff of two chosen visits, curve knot and class, keyboard, terms, lifespans, template, heat map', async () => {
  const url = site.url('hist', 'knot');
  let page = null;
  for (let h = 0; h < 8; h++) {
    await inExtension(ext, (shift) => chrome.storage.local.set({ testHooks: { timeShiftMs: shift } }), (h - 7) * HOUR);
    if (!page) ({ page } = await visit(ext, url));
    else await revisit(page);
    await site.advance('hist');
  }
  await inExtension(ext, () => chrome.storage.local.remove('testHooks'));
  // Let the last visit's write land.
  await page.waitForTimeout(300);

  const hist = await ext.context.newPage();
  await hist.goto(`chrome-extension://${ext.extensionId}/history/history.html?url=${encodeURIComponent(url)}`);
  await hist.waitForSelector('body[data-ready=true]', { timeout: 20000 });

  // Timeline: eight visits, an hour apart, each later one with one meaningful change and Dice
  // 0.875 (one slot of five words of forty changed).
  const entries = await hist.$$eval('#timeline button', (bs) => bs.map((b) => ({
    meaningful: b.querySelector('.m').getAttribute('data-meaningful'), dice: b.querySelector('.d').textContent, pressed: b.getAttribute('aria-pressed'),
  })));
  assert.equal(entries.length, 8);
  assert.equal(entries[0].meaningful, '');
  assert.equal(entries[0].dice, 'first visit');
  for (const e of entries.slice(1)) {
    assert.equal(e.meaningful, '1');
    assert.equal(e.dice, 'Dice 0.875');
  }
  assert.equal(entries[7].pressed, 'true', 'the last visit is chosen at first');
  let summary = await hist.textContent('#diff-summary');
  assert.match(summary, /Visit #7 .* → visit #8 .*: 1 new, 1 removed/);

  // Two chosen visits: the first and the last: all four stories replaced.
  await hist.selectOption('#from', '0');
  await hist.waitForFunction(() => /Visit #1 /.test(document.getElementById('diff-summary').textContent));
  summary = await hist.textContent('#diff-summary');
  assert.match(summary, /Visit #1 .* → visit #8 .*: 4 new, 4 removed/);
  const statuses = await hist.$$eval('#diff .b', (bs) => bs.map((b) => b.getAttribute('data-status')));
  assert.equal(statuses.filter((s) => s === 'new').length, 4);
  assert.equal(statuses.filter((s) => s === 'removed').length, 4);
  assert.ok(await hist.$eval('#diff', (d) => d.textContent.includes('apple0a brook0a')), 'the removed story is shown');

  // Keyboard: ← steps to the visit before, with its previous one.
  await hist.focus('#timeline button[data-index="7"]');
  await hist.keyboard.press('ArrowLeft');
  await hist.waitForFunction(() => document.querySelector('#timeline button[data-index="6"]').getAttribute('aria-pressed') === 'true');
  assert.match(await hist.textContent('#diff-summary'), /Visit #6 .* → visit #7 /);
  assert.equal(await hist.evaluate(() => document.activeElement.getAttribute('data-index')), '6');

  // The curve: knotted at 4 h, Dice 0.5, in words and in the SVG, and as numbers.
  assert.equal(await hist.getAttribute('#curve-class', 'data-class'), 'knotted');
  assert.match(await hist.textContent('#curve-class'), /knotted: its fast-changing part turns over within about 4 hours; about 50% of the page is stable/);
  assert.equal(await hist.getAttribute('#knot', 'data-hours'), '4');
  assert.equal(await hist.getAttribute('#knot', 'data-dice'), '0.5');
  assert.match(await hist.textContent('#curve-svg desc'), /knotted/);
  const rows = await hist.$$eval('#curve-table tbody tr', (trs) => trs.map((tr) => [...tr.children].map((td) => td.textContent)));
  assert.deepEqual(rows.map((r) => r[1]), ['1.000', '0.875', '0.750', '0.625', '0.500', '0.500', '0.500', '0.500']);
  assert.match(await hist.textContent('#curve-fits'), /Exact two-segment fit: knot at 4 h.*heuristic: knot at 4 h/);

  // Terms, survival, template picture.
  assert.ok((await hist.$$eval('#terms-stable li', (l) => l.map((x) => x.firstChild.textContent))).includes('gazette'));
  assert.ok((await hist.$$eval('#terms-news li', (l) => l.length)) > 0);
  const survival = await hist.$$eval('#survival tbody tr', (trs) => trs.map((tr) => [...tr.children].map((td) => td.textContent)));
  assert.deepEqual(survival.map((r) => r[0]), ['2 hours', '1 day', '1 week', '5 weeks']);
  assert.match(survival[0][1], /^100\.0% of \d+$/);
  assert.equal(survival[1][1], 'not observed yet');
  assert.match(await hist.textContent('#template-share'), /1 page of 127\.0\.0\.1 stored/);
  assert.equal(await hist.$$eval('#template svg g[data-url]', (g) => g.length), 1);

  // The heat map over the open page, in a closed shadow root.
  await hist.click('#heatmap');
  await hist.waitForFunction(() => /Shown on the open page \(\d+ blocks\)/.test(document.getElementById('heatmap-status').textContent));
  const overlay = await page.evaluate(() => {
    const host = document.querySelector('sincelast-ui[data-sincelast-lifespans]');
    return host ? { shadow: host.shadowRoot, text: host.textContent } : null;
  });
  assert.ok(overlay, 'the heat map is on the page');
  assert.equal(overlay.shadow, null, 'page scripts cannot read it');
  assert.equal(overlay.text, '');

  // The bar's History button opens this page's history.
  const opened = ext.context.waitForEvent('page');
  await page.bringToFront();
  await page.evaluate(() => document.dispatchEvent(new CustomEvent('sincelast-test:press', { detail: 'history' })));
  const tab = await opened;
  await tab.waitForLoadState();
  assert.equal(tab.url(), `chrome-extension://${ext.extensionId}/history/history.html?url=${encodeURIComponent(url)}`);

  // The popup's History link names this page's history.
  const popup = await ext.context.newPage();
  await popup.goto(`chrome-extension://${ext.extensionId}/popup/popup.html?tabId=${await tabIdOf(ext, url)}`);
  await popup.waitForSelector('#history:not([hidden])');
  assert.equal(await popup.getAttribute('#history', 'href'), `../history/history.html?url=${encodeURIComponent(url)}`);
  assert.equal(await popup.getAttribute('#dashboard', 'href'), '../dashboard/dashboard.html');

  // The dashboard lists the page, its share of visits with meaningful change, and links to its history.
  const dash = await ext.context.newPage();
  await dash.goto(`chrome-extension://${ext.extensionId}/dashboard/dashboard.html`);
  await dash.waitForSelector('body[data-ready=true]');
  const row = await dash.$eval(`#often tr[data-url="${url}"]`, (tr) => [...tr.children].map((td) => td.textContent));
  assert.deepEqual(row.slice(1, 4), ['8', '7', '100%']);
  assert.equal(await dash.$eval(`#often tr[data-url="${url}"] a`, (a) => a.getAttribute('href')), `../history/history.html?url=${encodeURIComponent(url)}`);
  assert.ok((await dash.textContent('#recent')).includes('Knot Gazette'));
});

test('a page with too few visits says how many more it needs', async () => {
  const url = site.url('short', 'knot');
  const { page } = await visit(ext, url);
  await site.advance('short');
  await revisit(page);
  await page.waitForTimeout(300);
  const hist = await ext.context.newPage();
  await hist.goto(`chrome-extension://${ext.extensionId}/history/history.html?url=${encodeURIComponent(url)}`);
  await hist.waitForSelector('body[data-ready=true]', { timeout: 20000 });
  assert.equal(await hist.getAttribute('#curve-class', 'data-class'), 'none');
  assert.match(await hist.textContent('#curve-class'), /about 4 more visits before a change curve can be drawn/);
  assert.equal(await hist.$('#curve-svg'), null, 'no curve drawn from noise');
});
