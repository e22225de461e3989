// Meaningful change only, in real Firefox (firefox-esr, headless; the test build installed as a
// temporary add-on, as in firefox-extension.test.mjs): on the "Riverside Town Hall" test site, a
// revisit where one paragraph was edited highlights that paragraph only; the visitor counter,
// the clock, the rotating banner and the changed shared footer appear on demand, with reasons.
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

const painted = () => driver.executeScript(`
  const by = {};
  for (const el of document.querySelectorAll('[data-sincelast]')) (by[el.getAttribute('data-sincelast')] ||= []).push(el.id);
  const auto = {};
  for (const el of document.querySelectorAll('[data-sincelast-auto]')) auto[el.id] = el.getAttribute('data-sincelast-auto');
  return { blocks: by, auto, removed: document.querySelectorAll('sincelast-removed').length };`);

async function press(action) {
  await driver.executeScript(`document.dispatchEvent(new CustomEvent('sincelast-test:press', { detail: '${action}' }))`);
  assert.match(await attr('pressed'), new RegExp(`^${action}:ok:`));
}

test('Firefox: counter, clock, rotating banner and template are not highlighted; a real edit is', async () => {
  const url = site.url('fftown', 'town');
  for (const other of ['events', 'contact']) assert.equal(await load(site.url('fftown', other)), 'first');
  assert.equal(await load(url), 'first');
  await load(url); // a reload: counter, clock and banner change
  await site.advance('fftown');
  for (const other of ['events', 'contact']) await load(site.url('fftown', other));
  assert.equal(await load(url), 'changed');
  let shown = await painted();
  assert.deepEqual(shown.blocks, { changed: ['town-pool'] }, JSON.stringify(shown));
  assert.deepEqual(shown.auto, {});
  assert.equal(await badge(), '1');
  assert.equal(await attr('bar'), '1 changed');
  assert.equal(await attr('auto-toggle'), 'show 5 automated changes');

  await press('automated');
  shown = await painted();
  assert.deepEqual(shown.auto, { 'town-banner': 'noise', 'town-counter': 'noise', 'town-clock': 'noise', 'town-address': 'template' });
  assert.equal(shown.removed, 1, 'the banner text that rotated away, in a box');
  const reasons = JSON.parse(await attr('auto')).map((a) => a.reason).sort();
  assert.deepEqual(reasons, ['clock', 'counter', 'learned: rotating item', 'learned: rotating item', 'template']);
  assert.deepEqual(shown.blocks, { changed: ['town-pool'] });
  await press('automated');
  shown = await painted();
  assert.deepEqual(shown.auto, {});
  assert.equal(shown.removed, 0);
  assert.equal(await badge(), '1');
});
