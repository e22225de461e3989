// The site's template picture counts the template's structure, not only its repeated text:
// three stories of one site (tests/site/server.mjs, quaya–quayc) each carry a "latest" box —
// the same list in the same place, other stories in it on every page. Visited once each in
// Chromium, the history page's picture counts the box as template on every page (its text is
// on one page only), beside the header, menu and footer the pages repeat; the story is not.
// Build first: node scripts/build-extension.mjs

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { useChromium, visit } from './chromium.mjs';

let site;
let ext;
useChromium((s, e) => {
  site = s;
  ext = e;
});

const REPEATED = ['The Harbour Gazette', 'HomeLocalWeather', 'The Harbour Gazette, printed since 1901. All rights reserved.',
  'Advance the site (demo: changes this page for the next visit)'];
const LATEST = ['Night ferry returns', 'Crane lifts old buoy', 'Rowing club wins cup', 'Pier lamps replaced'];

test('template picture: a box the site repeats with other stories in it is template', async () => {
  for (const k of ['quaya', 'quayb', 'quayc']) {
    const { page } = await visit(ext, site.url('quay', k));
    await page.waitForTimeout(300);
    await page.close();
  }
  const url = site.url('quay', 'quaya');
  const hist = await ext.context.newPage();
  await hist.goto(`chrome-extension://${ext.extensionId}/history/history.html?url=${encodeURIComponent(url)}`);
  await hist.waitForSelector('body[data-ready=true]', { timeout: 20000 });
  await hist.waitForFunction(() => document.querySelectorAll('#template svg g[data-url]').length === 3, null, { timeout: 20000 });
  assert.match(await hist.textContent('#template-share'), /3 pages of 127\.0\.0\.1 stored/);

  // quaya's own blocks: its headline and two paragraphs.
  const own = ['Quay wall repairs begin',
    'Divers inspected the old stones of the north quay on Tuesday and found three places where the sea has washed the mortar out.',
    'Masons from the island will rebuild the worst stretch first, working between the tides, and the path along the wall stays closed until May.'];
  const texts = [...REPEATED, ...LATEST, ...own];
  const length = texts.reduce((n, t) => n + t.length, 0) + texts.length - 1;
  const template = [...REPEATED, ...LATEST].reduce((n, t) => n + t.length, 0);
  const rows = await hist.$$eval('#template tbody tr', (trs) => trs.map((tr) => [...tr.children].map((td) => td.textContent)));
  const row = rows.find((r) => r[0] === url);
  assert.ok(row, JSON.stringify(rows));
  assert.equal(row[1], String(length));
  // The box is template: without it the share would be (template − box) / length.
  const box = LATEST.reduce((n, t) => n + t.length, 0);
  assert.equal(row[2], `${((template / length) * 100).toFixed(1)}%`, `not ${(((template - box) / length) * 100).toFixed(1)}%`);
  // The bar's template spans: the header and menu, the box, the footer.
  const spans = await hist.$$eval(`#template svg g[data-url="${url}"] rect:not(.bar-bg)`, (rs) => rs.length);
  assert.ok(spans >= 2, `${spans} spans`);
  await hist.close();
});
