// The template picture in real Firefox (the same story as hist-template.test.mjs): three
// stories of one site, each with a "latest" box of other stories in the same place, visited
// once each; the history page's picture counts the box as template beside the repeated
// header and footer, although its text is on one page only.
// Build first: node scripts/build-extension.mjs

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { useFirefox, sleep } from './firefox.mjs';

const ff = useFirefox();
const js = (code) => ff.driver.executeScript(code);

const REPEATED = ['The Harbour Gazette', 'HomeLocalWeather', 'The Harbour Gazette, printed since 1901. All rights reserved.',
  'Advance the site (demo: changes this page for the next visit)'];
const LATEST = ['Night ferry returns', 'Crane lifts old buoy', 'Rowing club wins cup', 'Pier lamps replaced'];
const OWN = ['Quay wall repairs begin',
  'Divers inspected the old stones of the north quay on Tuesday and found three places where the sea has washed the mortar out.',
  'Masons from the island will rebuild the worst stretch first, working between the tides, and the path along the wall stays closed until May.'];

test('Firefox: the template picture counts a box the site repeats with other stories in it', async () => {
  for (const k of ['quaya', 'quayb', 'quayc']) {
    await ff.load(ff.site.url('ffquay', k));
    await sleep(300);
  }
  const url = ff.site.url('ffquay', 'quaya');
  await ff.openExtensionPage('options');
  await js(`location.href = '/history/history.html?url=' + encodeURIComponent(${JSON.stringify(url)})`);
  await ff.waitFor("return location.pathname === '/history/history.html' && document.body && document.body.getAttribute('data-ready') === 'true'", 'history page ready');
  await ff.waitFor("return document.querySelectorAll('#template svg g[data-url]').length === 3", 'three bars');
  assert.match(await js("return document.getElementById('template-share').textContent"), /3 pages of 127\.0\.0\.1 stored/);
  const texts = [...REPEATED, ...LATEST, ...OWN];
  const length = texts.reduce((n, t) => n + t.length, 0) + texts.length - 1;
  const template = [...REPEATED, ...LATEST].reduce((n, t) => n + t.length, 0);
  const row = await js(`const tr = [...document.querySelectorAll('#template tbody tr')].find((r) => r.children[0].textContent === ${JSON.stringify(url)}); return tr ? [...tr.children].map((td) => td.textContent) : null`);
  assert.ok(row, 'a row for the page');
  assert.equal(row[1], String(length));
  assert.equal(row[2], `${((template / length) * 100).toFixed(1)}%`);
});
