// The content script's extraction in slices (extension/content/extract.js
// sincelastExtractSteps, used by content/blocks.js readPageSliced so that a large page costs no
// long task) gives exactly what the extraction in one go gives: every page of
// tests/extract-fixtures/ and a generated page of 40,000 nodes with deep nesting, read in real
// Chromium both ways, the sliced one made to stop at every chance (a deadline already passed,
// so it stops every 64 nodes), with the page's tasks between the steps.

import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { build } from 'esbuild';
import { chromium } from 'playwright-core';
import { ROOT, CHROMIUM } from './chromium.mjs';

const fixturesDir = path.join(ROOT, 'tests/extract-fixtures');
const fixtures = fs.readdirSync(fixturesDir).filter((f) => f.endsWith('.html')).sort();

function bigPage() {
  const parts = [];
  for (let i = 0; i < 4000; i++) {
    parts.push(`<div><p>Item ${i} <a href="/x/${i}">link ${i}</a> <b>bold</b></p>${i % 50 === 0 ? '<section>'.repeat(30) + `deep ${i}` + '</section>'.repeat(30) : ''}<ul><li>a ${i}</li><li>b</li></ul></div>`);
  }
  return `<!doctype html><html><head><title>Big</title></head><body><main>${parts.join('')}</main></body></html>`;
}

let browser;
let server;
let origin;
let bundle;
before(async () => {
  const out = await build({
    entryPoints: [path.join(ROOT, 'extension/content/extract.js')], bundle: true, write: false, format: 'iife', globalName: '__extract',
  });
  bundle = out.outputFiles[0].text;
  server = http.createServer((req, res) => {
    const name = decodeURIComponent(req.url.slice(1));
    const html = name === 'big.html' ? bigPage() : fixtures.includes(name) ? fs.readFileSync(path.join(fixturesDir, name)) : null;
    res.writeHead(html ? 200 : 404, { 'content-type': 'text/html; charset=utf-8' });
    res.end(html || '');
  });
  await new Promise((r) => server.listen(0, '127.0.0.1', r));
  origin = `http://127.0.0.1:${server.address().port}`;
  browser = await chromium.launch({ executablePath: CHROMIUM, args: ['--no-sandbox', '--disable-gpu', '--headless=new'] });
});
after(async () => {
  await browser?.close();
  server?.closeAllConnections?.();
  await new Promise((r) => server.close(r));
});

test('the extraction in slices gives what the extraction in one go gives (fixtures and a page of 40,000 nodes)', async () => {
  const page = await browser.newPage();
  let slicedSteps = 0;
  for (const name of [...fixtures, 'big.html']) {
    await page.goto(`${origin}/${name}`);
    await page.addScriptTag({ content: bundle });
    const r = await page.evaluate(async () => {
      const strip = (p) => JSON.stringify({ title: p.title, blocks: p.blocks, truncated: p.truncated, elements: p.elements.length });
      const whole = strip(window.__extract.sincelastExtract(document, { url: location.href }));
      const steps = window.__extract.sincelastExtractSteps(document, { url: location.href });
      let n = 1;
      while (!steps.step(0)) {
        n++;
        await new Promise((resolve) => setTimeout(resolve, 0));
      }
      return { whole, sliced: strip(steps.result()), steps: n };
    });
    assert.equal(r.sliced, r.whole, `${name}: the same blocks`);
    if (name === 'big.html') {
      assert.ok(r.steps > 100, `the big page was read in many steps (${r.steps})`);
      slicedSteps = r.steps;
    }
  }
  console.log(`big page: ${slicedSteps} steps`);
});
