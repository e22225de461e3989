#!/usr/bin/env node
// The demo: serves the demo site (tests/site/server.mjs) and opens Chromium with the extension.
//
//   node scripts/run-demo.mjs [--port N] [--headless]
//
// With a display ($DISPLAY set, no --headless): a real Chromium window with the extension on
// the demo front page; the page's "advance" link changes the site, then reload to see what
// changed. Close the window (or Ctrl-C) to stop.
// Without a display: visits the demo page, advances the site, revisits it headless, saves a
// screenshot of the highlighted revisit to dist/demo-revisit.png, prints the change summary
// the popup shows, and writes the store screenshots (1280×800) to dist/store/.
// Builds the extension first when dist/ has none (node scripts/build-extension.mjs).

import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';
import { startSite } from '../tests/site/server.mjs';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const CHROMIUM = process.env.CHROMIUM || '/usr/bin/chromium';

const argv = process.argv.slice(2);
const portArg = argv.indexOf('--port');
const port = portArg >= 0 ? Number(argv[portArg + 1]) : 0;
const headed = !!process.env.DISPLAY && !argv.includes('--headless');

// Headless runs use the test build: the same extension plus markers telling when it is done.
const dir = path.join(ROOT, 'dist', headed ? 'chrome' : 'chrome-test');
if (!fs.existsSync(path.join(dir, 'manifest.json'))) {
  execFileSync(process.execPath, [path.join(ROOT, 'scripts/build-extension.mjs')], { cwd: ROOT, stdio: 'inherit' });
}

const site = await startSite(port);
const story = 'demo';
const url = site.url(story, 'news');
const profile = fs.mkdtempSync(path.join(os.tmpdir(), 'sincelast-demo-'));
const args = [
  `--disable-extensions-except=${dir}`, `--load-extension=${dir}`,
  '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking',
  '--disable-component-update', '--disable-sync', '--disable-default-apps',
];
if (!headed) args.push('--headless=new');
const context = await chromium.launchPersistentContext(profile, {
  executablePath: CHROMIUM, headless: false, args, viewport: headed ? null : { width: 1100, height: 1400 },
});
const cleanup = async () => {
  await context.close().catch(() => {});
  await site.close();
  fs.rmSync(profile, { recursive: true, force: true });
};

if (headed) {
  const page = context.pages()[0] || (await context.newPage());
  await page.goto(url);
  console.log(`Since Last Visit demo: ${url}`);
  console.log('This first visit is saved. Click "Advance the site" at the bottom of the page (or open');
  console.log(`${site.origin}/__advance?story=${story}), then reload to see what changed. Close the window to stop.`);
  await new Promise((resolve) => {
    context.on('close', resolve);
    process.on('SIGINT', resolve);
  });
  await cleanup();
  process.exit(0);
}

const state = (page) => page.evaluate(() => document.documentElement.getAttribute('data-sincelast-test-state'));
async function load(page) {
  await page.goto(url);
  await page.waitForFunction(() => document.documentElement.hasAttribute('data-sincelast-test-state'), null, { timeout: 20000 });
  return state(page);
}

/**
 * store: three 1280×800 screenshots for the add-on stores, from this run: the highlighted revisit;
 * the same with the toolbar popup open over it (drawn as the browser shows it, at the top right);
 * the settings page. Returns the files written.
 */
async function storeScreenshots(page, popup, extensionId) {
  const dir = path.join(ROOT, 'dist', 'store');
  fs.rmSync(dir, { recursive: true, force: true });
  fs.mkdirSync(dir, { recursive: true });
  const size = { width: 1280, height: 800 };
  const files = [];
  await page.setViewportSize(size);
  await page.evaluate(() => window.scrollTo(0, 0));
  const revisit = await page.screenshot();
  fs.writeFileSync(path.join(dir, '1-revisit-1280x800.png'), revisit);
  files.push(path.join(dir, '1-revisit-1280x800.png'));
  await popup.setViewportSize({ width: 420, height: 760 });
  const pop = await popup.locator('body').screenshot();
  const frame = await context.newPage();
  await frame.setViewportSize(size);
  const url = (png) => `data:image/png;base64,${png.toString('base64')}`;
  await frame.setContent(`<body style="margin:0;position:relative;width:1280px;height:800px;overflow:hidden">
    <img src="${url(revisit)}" style="position:absolute;inset:0" alt="">
    <img src="${url(pop)}" style="position:absolute;top:8px;right:16px;max-height:784px;box-shadow:0 6px 24px rgba(0,0,0,.35);border:1px solid #8888" alt=""></body>`);
  await frame.waitForFunction(() => [...document.images].every((i) => i.complete && i.naturalWidth > 0));
  await frame.screenshot({ path: path.join(dir, '2-popup-1280x800.png') });
  files.push(path.join(dir, '2-popup-1280x800.png'));
  await frame.goto(`chrome-extension://${extensionId}/options/options.html`);
  await frame.waitForFunction(() => document.body.dataset.ready === 'true', null, { timeout: 20000 });
  await frame.screenshot({ path: path.join(dir, '3-settings-1280x800.png') });
  files.push(path.join(dir, '3-settings-1280x800.png'));
  await frame.close();
  return files;
}

try {
  const page = await context.newPage();
  console.log(`demo site: ${url}`);
  console.log(`first visit: ${await load(page)}`);
  console.log(`the site changes (version ${await site.advance(story)})`);
  console.log(`revisit: ${await load(page)}`);
  await page.evaluate(() => document.dispatchEvent(new CustomEvent('sincelast-test:press', { detail: 'removed' })));
  await page.evaluate(() => window.scrollTo(0, 0));
  const out = path.join(ROOT, 'dist', 'demo-revisit.png');
  await page.screenshot({ path: out });
  console.log(`screenshot of the revisit: ${path.relative(ROOT, out)}`);

  // What the popup says about this tab.
  const worker = context.serviceWorkers().find((w) => w.url().startsWith('chrome-extension://'))
    || (await context.waitForEvent('serviceworker'));
  const extensionId = new URL(worker.url()).host;
  const popup = await context.newPage();
  await popup.goto(`chrome-extension://${extensionId}/options/options.html`);
  const tabId = await popup.evaluate(async (u) => (await chrome.tabs.query({})).find((t) => t.url === u).id, url);
  await popup.goto(`chrome-extension://${extensionId}/popup/popup.html?tabId=${tabId}`);
  await popup.waitForFunction(() => document.querySelector('[data-metric="dice"]'), null, { timeout: 20000 });
  const report = await popup.evaluate(() => {
    const main = document.getElementById('main');
    const lines = [...main.querySelectorAll(':scope > p')].map((p) => p.textContent)
      .filter((t) => !t.startsWith('Edit operations'));
    const metrics = [...main.querySelectorAll('table.metrics tr')].map((tr) => `${tr.cells[0].textContent} ${tr.cells[1].textContent}`);
    const changes = [...main.querySelectorAll('ol.changes li')].map((li) => `  ${li.querySelector('.tag').textContent.padEnd(8)} ${li.querySelector('.preview').textContent}`);
    return { lines, metrics, changes };
  });
  const badge = await popup.evaluate((id) => chrome.action.getBadgeText({ tabId: id }), tabId);
  console.log('\nWhat the extension shows on the revisit:');
  for (const l of report.lines) console.log(`  ${l}`);
  console.log(`  badge: ${badge}`);
  console.log(`  how much changed: ${report.metrics.join(', ')}`);
  console.log('  changes:');
  for (const c of report.changes) console.log(`  ${c}`);

  // store: the store screenshots (1280×800, the size both add-on stores take) in dist/store/.
  for (const f of await storeScreenshots(page, popup, extensionId)) console.log(`store screenshot: ${path.relative(ROOT, f)}`);
} finally {
  await cleanup();
}
