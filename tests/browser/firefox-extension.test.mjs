// The extension in real Firefox (firefox-esr, headless): the test build (dist/firefox-test)
// installed as a temporary add-on through geckodriver + selenium-webdriver.
// WebDriver cannot navigate to moz-extension:// pages, and has no view of the toolbar: the test
// build's content script reads this tab's badge for the test, and asks the background to open
// the popup page in a tab (test builds only).
// Build first: node scripts/build-extension.mjs

import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { Builder } from 'selenium-webdriver';
import firefox from 'selenium-webdriver/firefox.js';
import { startSite } from '../site/server.mjs';
import { ROOT } from './chromium.mjs';

process.env.SE_OFFLINE = 'true'; // never let selenium-manager look for downloads

const FIREFOX = process.env.FIREFOX || '/usr/bin/firefox-esr';
const ADDON_ID = 'sincelast@example.org';
const UUID = '5e1f0c4a-8b7d-4c2e-9a63-1d0b2f7e8c45';
const DIR = path.join(ROOT, 'dist', 'firefox-test');

function geckodriver() {
  if (process.env.GECKODRIVER) return process.env.GECKODRIVER;
  for (const dir of [...(process.env.PATH || '').split(':'), path.join(process.env.HOME || '/root', '.cargo/bin')]) {
    const p = path.join(dir, 'geckodriver');
    if (fs.existsSync(p)) return p;
  }
  throw new Error('geckodriver not found: cargo install geckodriver --locked');
}

let site;
let driver;

before(async () => {
  if (!fs.existsSync(path.join(DIR, 'manifest.json'))) throw new Error(`${DIR} missing: node scripts/build-extension.mjs`);
  site = await startSite(0);
  const options = new firefox.Options()
    .setBinary(FIREFOX)
    .addArguments('-headless')
    .setPreference('extensions.webextensions.uuids', JSON.stringify({ [ADDON_ID]: UUID }))
    .setPreference('browser.shell.checkDefaultBrowser', false)
    .setPreference('datareporting.policy.dataSubmissionEnabled', false)
    .setPreference('app.update.enabled', false);
  driver = await new Builder().forBrowser('firefox').setFirefoxOptions(options)
    .setFirefoxService(new firefox.ServiceBuilder(geckodriver())).build();
  await driver.installAddon(DIR, true);
});

after(async () => {
  await driver?.quit();
  await site?.close();
});

const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

async function attr(name) {
  return driver.executeScript(`return document.documentElement.getAttribute('data-sincelast-test-${name}')`);
}

/** Loads `url` in the current tab and waits for the extension to be done with it. */
async function load(url) {
  await driver.get(url);
  for (let i = 0; i < 150; i++) {
    const s = await attr('state');
    if (s) return s;
    await sleep(100);
  }
  throw new Error(`the extension did not finish with ${url}`);
}

async function badge() {
  await driver.executeScript("document.documentElement.removeAttribute('data-sincelast-test-badge'); document.dispatchEvent(new CustomEvent('sincelast-test:badge'))");
  for (let i = 0; i < 50; i++) {
    const b = await attr('badge');
    if (b) return b.split('|')[0];
    await sleep(100);
  }
  throw new Error('no badge answer');
}

function painted() {
  return driver.executeScript(`
    const by = {};
    for (const el of document.querySelectorAll('[data-sincelast]')) {
      const s = el.getAttribute('data-sincelast');
      (by[s] ||= []).push(el.closest('[id]') ? el.closest('[id]').id : '');
    }
    return {
      blocks: by,
      marks: [...document.querySelectorAll('mark[data-sincelast-word]')].map((m) => m.textContent),
      ui: document.querySelectorAll('sincelast-ui').length,
      count: Number(document.documentElement.getAttribute('data-sincelast-test-painted')) || 0,
    };`);
}

test('Firefox: first visit saved with nothing painted and no badge', async () => {
  const state = await load(site.url('ff-first', 'news'));
  assert.equal(state, 'first');
  const shown = await painted();
  assert.deepEqual(shown.blocks, {});
  assert.equal(shown.ui, 0);
  assert.equal(await badge(), '');
});

test('Firefox: revisit paints the changed blocks, badge = the meaningful ones, popup lists them', async () => {
  const url = site.url('ff-rev', 'news');
  assert.equal(await load(url), 'first');
  await site.advance('ff-rev');
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
  const pageHandle = await driver.getWindowHandle();
  await driver.executeScript("document.dispatchEvent(new CustomEvent('sincelast-test:open', { detail: 'popup' }))");
  let popupHandle = null;
  for (let i = 0; i < 50 && !popupHandle; i++) {
    popupHandle = (await driver.getAllWindowHandles()).find((h) => h !== pageHandle) || null;
    if (!popupHandle) await sleep(100);
  }
  assert.ok(popupHandle, 'the popup page opened');
  await driver.switchTo().window(popupHandle);
  let status = null;
  for (let i = 0; i < 50; i++) {
    status = await driver.executeScript("return document.getElementById('main') && document.getElementById('main').dataset.status");
    if (status && status !== 'pending' && await driver.executeScript("return !!document.querySelector('[data-metric=\"dice\"]')")) break;
    await sleep(100);
  }
  assert.equal(status, 'changed');
  const items = await driver.executeScript("return document.querySelectorAll('ol.changes li.changed, ol.changes li.new, ol.changes li.moved').length");
  assert.ok(items >= meaningful, `${items} listed`);
  const dice = await driver.executeScript("return document.querySelector('[data-metric=\"dice\"]').textContent");
  assert.match(dice, /^\d\.\d+$/);
  // Clicking a change scrolls the page to it.
  await driver.executeScript("document.querySelector('ol.changes li.changed button').click()");
  await driver.close();
  await driver.switchTo().window(pageHandle);
  let focused = false;
  for (let i = 0; i < 30 && !focused; i++) {
    focused = await driver.executeScript("return /:changed:/.test(document.documentElement.getAttribute('data-sincelast-test-focused') || '')");
    if (!focused) await sleep(100);
  }
  assert.ok(focused, 'the clicked change is focused on the page');
});

test('Firefox: unchanged revisit paints nothing; a password page is not stored', async () => {
  const url = site.url('ff-same', 'static');
  assert.equal(await load(url), 'first');
  assert.equal(await load(url), 'unchanged');
  assert.deepEqual((await painted()).blocks, {});
  assert.equal(await badge(), '');
  assert.equal(await load(site.url('ff-pw', 'login')), 'skipped:password');
  assert.equal(await badge(), '');
});

test('Firefox: back/forward cache: the painted page comes back with its highlights and its badge', async () => {
  // Whether Firefox keeps a page in its back/forward cache is its own decision (it may evict
  // one under load): a walk that did not come back from the cache is tried again on a fresh
  // page, up to three times.
  let count = 0;
  let persisted = null;
  for (let attempt = 0; attempt < 3 && persisted !== 'true'; attempt++) {
    const id = `ff-bf${attempt}`;
    const url = site.url(id, 'news');
    assert.equal(await load(url), 'first');
    await site.advance(id);
    assert.equal(await load(url), 'changed');
    count = Object.values((await painted()).blocks).flat().length;
    await driver.executeScript("addEventListener('pageshow', (e) => { document.documentElement.dataset.persisted = String(e.persisted); })");
    assert.equal(await load(site.url(id, 'static')), 'first');
    assert.equal(await badge(), '');
    await driver.navigate().back();
    persisted = null;
    for (let i = 0; i < 50 && persisted === null; i++) {
      persisted = await driver.executeScript('return document.documentElement.dataset.persisted || null');
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
  const url = site.url('ff-excl', 'news', 'localhost');
  assert.equal(await load(url), 'first');
  const pageHandle = await driver.getWindowHandle();
  await driver.executeScript("document.dispatchEvent(new CustomEvent('sincelast-test:open', { detail: 'options' }))");
  let optionsHandle = null;
  for (let i = 0; i < 50 && !optionsHandle; i++) {
    optionsHandle = (await driver.getAllWindowHandles()).find((h) => h !== pageHandle) || null;
    if (!optionsHandle) await sleep(100);
  }
  assert.ok(optionsHandle, 'the settings page opened');
  await driver.switchTo().window(optionsHandle);
  const waitFor = async (js, what) => {
    for (let i = 0; i < 100; i++) {
      if (await driver.executeScript(js)) return;
      await sleep(100);
    }
    throw new Error(`timed out: ${what}`);
  };
  await waitFor("return document.body.dataset.ready === 'true'", 'settings ready');
  const visitsBefore = Number(await driver.executeScript("return document.getElementById('stats').dataset.visits"));
  assert.ok(visitsBefore >= 1);
  await driver.executeScript(`
    document.getElementById('site').value = 'localhost';
    document.querySelector('#add-site button').click();`);
  await waitFor("return /excluded/.test(document.getElementById('status').textContent)", 'excluded');
  const visitsAfter = Number(await driver.executeScript("return document.getElementById('stats').dataset.visits"));
  assert.equal(visitsAfter, visitsBefore - 1, 'the excluded site\'s visit was deleted');

  await driver.switchTo().window(pageHandle);
  await site.advance('ff-excl');
  assert.equal(await load(url), 'skipped:excluded');
  assert.equal(await badge(), '');

  await driver.switchTo().window(optionsHandle);
  await driver.executeScript("window.confirm = () => true; document.getElementById('delete-all').click();");
  await waitFor("return /Everything was deleted/.test(document.getElementById('status').textContent)", 'deleted');
  assert.equal(await driver.executeScript("return document.getElementById('stats').dataset.visits"), '0');
  assert.equal(await driver.executeScript("return document.getElementById('stats').dataset.pages"), '0');
  await driver.executeScript("document.querySelector('#sites button').click()");
  await waitFor("return /no longer excluded/.test(document.getElementById('status').textContent)", 'not excluded');
  await driver.close();
  await driver.switchTo().window(pageHandle);
});
