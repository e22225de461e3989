// store: the privacy policy shipped in the extension, reached from the settings page in a real
// Chromium (a keyboard user's way: focus the link, press Enter). The store builds of both
// browsers hold the page. Build first: node scripts/build-extension.mjs

import { test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { useChromium, ROOT } from './chromium.mjs';

let ext;
useChromium((s, e) => {
  ext = e;
});

test('Chromium: settings link to the privacy policy, which says what is stored, where and what is fetched', async () => {
  const p = await ext.context.newPage();
  await p.goto(`chrome-extension://${ext.extensionId}/options/options.html`);
  await p.waitForFunction(() => document.body.dataset.ready === 'true');
  const link = p.locator('#privacy-link');
  assert.equal(await link.count(), 1);
  await link.focus();
  await Promise.all([p.waitForURL(/\/privacy\/privacy\.html$/), p.keyboard.press('Enter')]);
  assert.equal(new URL(p.url()).pathname, '/privacy/privacy.html');
  const headings = await p.locator('h2').allTextContents();
  for (const h of ['What it stores', 'Where', 'What it never stores', 'What it fetches', 'What never leaves your machine']) {
    assert.ok(headings.includes(h), `${h} in ${headings.join(' | ')}`);
  }
  const text = await p.locator('main').innerText();
  assert.match(text, /Only the pages you add to the watch list/);
  assert.match(await p.title(), /Privacy policy/);
  await p.close();
});

test('store builds of both browsers ship the privacy page', () => {
  for (const b of ['chrome', 'firefox']) {
    const page = path.join(ROOT, 'dist', b, 'privacy/privacy.html');
    assert.ok(fs.existsSync(page), page);
    assert.equal(fs.readFileSync(page, 'utf8'), fs.readFileSync(path.join(ROOT, 'extension/privacy/privacy.html'), 'utf8'));
  }
});
