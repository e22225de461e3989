// A page's history in real Firefox (the same story as hist-chromium.test.mjs): the knot page
// visited eight times an hour apart (dated through the test build's hooks, written by the
// content script's test hook), then its history page — opened from the settings page, since
// WebDriver cannot navigate to moz-extension:// pages — shows the eight visits, the diff
// between two chosen visits, the curve knotted at 4 h with Dice 0.5, keyboard stepping, and
// the lifespan heat map over the open page; the dashboard links to it.
// Build first: node scripts/build-extension.mjs

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { useFirefox, sleep } from './firefox.mjs';

const ff = useFirefox();
const HOUR = 3600000;

const store = (items) => ff.store(items);

const js = (code) => ff.driver.executeScript(code);

test('Firefox: history page with timeline, chosen diff, curve knot and class, keyboard, heat map; dashboard link', async () => {
  const url = ff.site.url('ffhist', 'knot');
  // A page of the site to write the hooks from before the first visit.
  await ff.load(ff.site.url('ffhist', 'static'));
  for (let h = 0; h < 8; h++) {
    await store({ testHooks: { timeShiftMs: (h - 7) * HOUR } });
    await ff.load(url);
    await ff.site.advance('ffhist');
  }
  await store({ testHooks: {} });
  await sleep(300);
  const pageHandle = await ff.driver.getWindowHandle();

  const { handle } = await ff.openExtensionPage('options');
  await js(`location.href = '/history/history.html?url=' + encodeURIComponent(${JSON.stringify(url)})`);
  await ff.waitFor("return location.pathname === '/history/history.html' && document.body && document.body.getAttribute('data-ready') === 'true'", 'history page ready');

  const entries = await js(`return [...document.querySelectorAll('#timeline button')].map((b) => [b.querySelector('.m').getAttribute('data-meaningful'), b.querySelector('.d').textContent])`);
  assert.equal(entries.length, 8);
  assert.deepEqual(entries[0], ['', 'first visit']);
  for (const e of entries.slice(1)) assert.deepEqual(e, ['1', 'Dice 0.875']);
  assert.match(await js("return document.getElementById('diff-summary').textContent"), /Visit #7 .* → visit #8 .*: 1 new, 1 removed/);

  await js("const s = document.getElementById('from'); s.value = '0'; s.dispatchEvent(new Event('change'));");
  await ff.waitFor("return /Visit #1 /.test(document.getElementById('diff-summary').textContent)", 'diff of the chosen visits');
  assert.match(await js("return document.getElementById('diff-summary').textContent"), /Visit #1 .* → visit #8 .*: 4 new, 4 removed/);
  assert.equal(await js("return document.querySelectorAll('#diff .b[data-status=removed]').length"), 4);

  await js("document.querySelector('#timeline button[data-index=\"7\"]').focus(); document.activeElement.dispatchEvent(new KeyboardEvent('keydown', { key: 'ArrowLeft', bubbles: true }))");
  await ff.waitFor("return document.querySelector('#timeline button[data-index=\"6\"]').getAttribute('aria-pressed') === 'true'", 'stepped back');
  assert.match(await js("return document.getElementById('diff-summary').textContent"), /Visit #6 .* → visit #7 /);

  assert.equal(await js("return document.getElementById('curve-class').getAttribute('data-class')"), 'knotted');
  assert.match(await js("return document.getElementById('curve-class').textContent"), /turns over within about 4 hours; about 50% of the page is stable/);
  assert.equal(await js("return document.getElementById('knot').getAttribute('data-hours')"), '4');
  assert.equal(await js("return document.getElementById('knot').getAttribute('data-dice')"), '0.5');
  assert.deepEqual(await js("return [...document.querySelectorAll('#survival tbody th')].map((t) => t.textContent)"), ['2 hours', '1 day', '1 week', '5 weeks']);
  assert.ok((await js("return [...document.querySelectorAll('#terms-stable li')].map((x) => x.firstChild.textContent)")).includes('knot'));
  assert.match(await js("return document.getElementById('template-share').textContent"), /pages? of 127\.0\.0\.1 stored/);

  // The heat map over the open page, in a closed shadow root.
  await js("document.getElementById('heatmap').click()");
  await ff.waitFor("return /Shown on the open page \\(\\d+ blocks\\)/.test(document.getElementById('heatmap-status').textContent)", 'heat map shown');
  await ff.driver.switchTo().window(pageHandle);
  const overlay = await js("const h = document.querySelector('sincelast-ui[data-sincelast-lifespans]'); return h ? { shadow: h.shadowRoot === null, text: h.textContent } : null");
  assert.deepEqual(overlay, { shadow: true, text: '' });

  // The dashboard links to the history.
  await ff.driver.switchTo().window(handle);
  await js("location.href = '/dashboard/dashboard.html'");
  await ff.waitFor("return location.pathname === '/dashboard/dashboard.html' && document.body && document.body.getAttribute('data-ready') === 'true'", 'dashboard ready');
  const row = await js(`const tr = document.querySelector('#often tr[data-url="${url}"]'); return tr ? [...tr.children].map((td) => td.textContent).concat(tr.querySelector('a').getAttribute('href')) : null`);
  assert.deepEqual(row.slice(1, 4), ['8', '7', '100%']);
  assert.equal(row[5], `../history/history.html?url=${encodeURIComponent(url)}`);
});
