// Agreement of the two block extractors, in real Chromium.
//
// For every page in tests/extract-fixtures/, the native extractor (the `sincelast extract` CLI,
// or the core's `extract_json` example when the CLI is not available) and the content script's
// `sincelastExtract` (extension/content/extract.js, injected into the page served on 127.0.0.1)
// must give the same title and identical blocks (text, path, type_path, links). The spec both
// implement is the module documentation of core/engine/src/extract.rs.
//
// Run: node --test tests/browser/extract-agreement.test.mjs
// Env: CHROMIUM (default /usr/bin/chromium); SINCELAST_EXTRACT_BIN to force a native binary
//      (called as `BIN FILE --url URL`, or `BIN extract FILE --url URL` when it is the CLI);
//      SINCELAST_HTML5LIB=1 to also compare every document of html5lib-tests' tree-construction
//      suite (HTML5LIB_DIR, default /work/shared/data/html5lib-tests/tree-construction; a few
//      minutes).

import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import http from 'node:http';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { execFileSync } from 'node:child_process';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { chromium } from 'playwright-core';
import * as esbuild from 'esbuild';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const fixturesDir = path.join(root, 'tests/extract-fixtures');
const extractJs = path.join(root, 'extension/content/extract.js');
// extract.js is an ES module; injected into a page as one classic script that defines
// `sincelastExtract` (the content script bundles it the same way).
const extractScript = esbuild.buildSync({
  entryPoints: [extractJs], bundle: true, write: false, format: 'iife', globalName: '__sincelastExtractModule',
  footer: { js: 'var sincelastExtract = __sincelastExtractModule.sincelastExtract;' },
}).outputFiles[0].text;
const targetDir = process.env.CARGO_TARGET_DIR || path.join(root, 'target');
const fixtures = fs
  .readdirSync(fixturesDir)
  .filter((f) => f.endsWith('.html'))
  .sort();

let browser;
let server;
let origin;
let native; // { argv: [bin, ...prefix], label }
const generated = new Map(); // URL path -> HTML served from memory
let tmpDir;

/** Builds (if needed) and picks the native extractor: the CLI when it has `extract`. */
function pickNative() {
  const forced = process.env.SINCELAST_EXTRACT_BIN;
  if (forced) {
    const isCli = path.basename(forced).startsWith('sincelast');
    return { argv: isCli ? [forced, 'extract'] : [forced], label: forced };
  }
  const run = (args) => execFileSync('cargo', args, { cwd: root, stdio: ['ignore', 'ignore', 'pipe'] });
  try {
    run(['build', '-q', '-p', 'sincelast-cli']);
    const cli = path.join(targetDir, 'debug', 'sincelast');
    execFileSync(cli, ['extract', '--help'], { stdio: 'ignore' });
    return { argv: [cli, 'extract'], label: 'sincelast extract (CLI)' };
  } catch {
    run(['build', '-q', '-p', 'sincelast-core', '--example', 'extract_json']);
    const example = path.join(targetDir, 'debug', 'examples', 'extract_json');
    return { argv: [example], label: 'extract_json (core example)' };
  }
}

/** Blocks with their keys in one order, so JSON strings compare. */
function canonical(blocks) {
  return blocks.map((b) => ({ text: b.text, path: b.path, type_path: b.type_path, links: b.links }));
}

function nativeExtract(file, url) {
  const [bin, ...prefix] = native.argv;
  const out = execFileSync(bin, [...prefix, file, '--url', url], {
    encoding: 'utf8',
    maxBuffer: 256 * 1024 * 1024
  });
  const page = JSON.parse(out);
  return { title: page.title ?? null, blocks: canonical(page.blocks), truncated: page.truncated };
}

async function browserExtract(url, reuse) {
  const page = reuse || (await browser.newPage());
  try {
    await page.goto(url, { waitUntil: 'load' });
    await page.addScriptTag({ content: extractScript });
    return await page.evaluate(() => {
      // Warm-up run, then a timed one.
      sincelastExtract(document, { url: location.href });
      const t0 = performance.now();
      const r = sincelastExtract(document, { url: location.href });
      const ms = performance.now() - t0;
      return {
        title: r.title,
        blocks: r.blocks.map((b) => ({ text: b.text, path: b.path, type_path: b.type_path, links: b.links })),
        truncated: r.truncated,
        ms,
        elementsOk:
          r.elements.length === r.blocks.length &&
          r.elements.every((e) => e instanceof Element && e.isConnected)
      };
    });
  } finally {
    if (!reuse) await page.close();
  }
}

/** Compares block lists with a message pointing at the first difference. */
function assertSameBlocks(js, nat, name) {
  const n = Math.max(js.length, nat.length);
  for (let i = 0; i < n; i++) {
    if (JSON.stringify(js[i]) !== JSON.stringify(nat[i])) {
      assert.fail(
        `${name}: block ${i} differs (js ${js.length} blocks, native ${nat.length})\n` +
          `  js:     ${JSON.stringify(js[i])}\n  native: ${JSON.stringify(nat[i])}`
      );
    }
  }
}

before(async () => {
  native = pickNative();
  tmpDir = fs.mkdtempSync(path.join(os.tmpdir(), 'sincelast-extract-'));
  server = http.createServer((req, res) => {
    const name = decodeURIComponent(new URL(req.url, 'http://x').pathname);
    let body = generated.get(name);
    if (body === undefined) {
      const file = path.join(fixturesDir, path.basename(name));
      if (!name.endsWith('.html') || !fs.existsSync(file)) {
        res.writeHead(404, { 'content-type': 'text/plain' });
        res.end('not found');
        return;
      }
      body = fs.readFileSync(file);
    }
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    res.end(body);
  });
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${server.address().port}`;
  browser = await chromium.launch({
    executablePath: process.env.CHROMIUM || '/usr/bin/chromium',
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run'
    ]
  });
});

after(async () => {
  await browser?.close();
  await new Promise((resolve) => (server ? server.close(resolve) : resolve()));
  if (tmpDir) fs.rmSync(tmpDir, { recursive: true, force: true });
});

test('extract.js exports the extraction alone: in one go and in slices', async () => {
  const mod = await import(pathToFileURL(extractJs).href);
  assert.deepEqual(Object.keys(mod).sort(), ['sincelastExtract', 'sincelastExtractSteps']);
});

test('at least 8 fixtures', () => {
  assert.ok(fixtures.length >= 8, `only ${fixtures.length} fixtures`);
});

for (const name of fixtures) {
  test(`agreement: ${name}`, async (t) => {
    // The page lives in a directory, so `..` in relative links has somewhere to go.
    const url = `${origin}/site/pages/${name}`;
    const nat = nativeExtract(path.join(fixturesDir, name), url);
    const js = await browserExtract(url);
    t.diagnostic(`${name}: ${js.blocks.length} blocks, js ${js.ms.toFixed(2)} ms, native via ${native.label}`);
    assert.ok(js.blocks.length > 0, `${name}: no blocks`);
    assert.ok(js.elementsOk, `${name}: elements must be parallel to blocks`);
    assert.equal(js.title, nat.title, `${name}: title`);
    assertSameBlocks(js.blocks, nat.blocks, name);
    assert.equal(js.truncated, nat.truncated, `${name}: truncated`);
  });
}

/** A large page like a long forum thread or article archive: ~1 MB of text with markup. */
function bigPage(targetBytes) {
  const words = 'lorem ipsum dolor sit amet consectetur adipiscing elit sed do eiusmod tempor'.split(' ');
  const out = ['<!DOCTYPE html><html><head><title>Big page</title></head><body><main>'];
  let size = 0;
  let i = 0;
  while (size < targetBytes) {
    let para = '';
    for (let w = 0; w < 40; w++) para += words[(i * 7 + w * 3) % words.length] + ' ';
    const chunk =
      `<article><h2>Post ${i}</h2><p>${para}<a href="/post/${i}">read more</a> ` +
      `<b>${i % 97}</b> <span>comments</span></p><ul><li>tag ${i % 13}</li><li>tag ${i % 7}</li></ul>` +
      `<div>by <a href="/user/${i % 50}">user ${i % 50}</a><br>on day ${i % 365}</div></article>\n`;
    out.push(chunk);
    size += para.length + 40;
    i++;
  }
  out.push('</main></body></html>');
  return out.join('');
}

test('agreement and timing on a ~1 MB-text page', async (t) => {
  const html = bigPage(1024 * 1024);
  generated.set('/generated/big.html', html);
  const file = path.join(tmpDir, 'big.html');
  fs.writeFileSync(file, html);
  const url = `${origin}/generated/big.html`;
  const nat = nativeExtract(file, url);
  const js = await browserExtract(url);
  const textBytes = js.blocks.reduce((s, b) => s + b.text.length, 0);
  t.diagnostic(
    `big page: ${(html.length / 1e6).toFixed(2)} MB HTML, ${(textBytes / 1e6).toFixed(2)} MB text, ` +
      `${js.blocks.length} blocks, js ${js.ms.toFixed(1)} ms`
  );
  assert.equal(js.title, nat.title);
  assertSameBlocks(js.blocks, nat.blocks, 'big.html');
  // Budgets are benchmarks, not timed tests: this only catches a pathological slowdown.
  assert.ok(js.ms < 2000, `extraction took ${js.ms} ms`);
});

/**
 * A page of many carousels whose hidden slides repeat the shown one in long texts: telling a
 * slide from a copy reads their texts until the document's budget for it (SLIDE_BUDGET_NODES,
 * 100,000 nodes) is spent; after it no hidden element is a slide. Both extractors must stop at
 * the same element.
 */
function slidesPage() {
  const out = ['<!DOCTYPE html><html><head><title>Slides</title></head><body>'];
  for (let i = 0; i < 300; i++) {
    const words = Array.from({ length: 60 }, (_, w) => `<b>w${w}</b>`).join(' ');
    out.push(`<div class="track"><div class="slide">Deck ${i} ${words}</div>`);
    for (let k = 0; k < 4; k++) {
      out.push(`<div class="slide" aria-hidden="true">Deck ${i} ${k === 3 ? 'other' : ''} ${words}</div>`);
    }
    out.push('</div>');
  }
  out.push('</body></html>');
  return out.join('');
}

test('agreement on a page that spends the slide budget', async () => {
  const html = slidesPage();
  generated.set('/generated/slides.html', html);
  const file = path.join(tmpDir, 'slides.html');
  fs.writeFileSync(file, html);
  const url = `${origin}/generated/slides.html`;
  const nat = nativeExtract(file, url);
  const js = await browserExtract(url);
  assertSameBlocks(js.blocks, nat.blocks, 'slides.html');
  // The first decks' differing slides are read, the last decks' are not (the budget is spent).
  const others = nat.blocks.filter((b) => / other /.test(` ${b.text} `)).map((b) => Number(/Deck (\d+)/.exec(b.text)[1]));
  assert.ok(others.length > 10 && others.length < 300, `decks with their other slide read: ${others.length}`);
  assert.equal(others[0], 0);
});

test('caps and flattening behave as the native unit tests expect', async () => {
  const page = await browser.newPage();
  try {
    await page.addScriptTag({ content: extractScript });
    const run = (html, limits) =>
      page.evaluate(
        ([h, l]) => {
          const doc = new DOMParser().parseFromString(h, 'text/html');
          const r = sincelastExtract(doc, { limits: l });
          return { texts: r.blocks.map((b) => b.text), paths: r.blocks.map((b) => b.path), truncated: r.truncated };
        },
        [html, limits]
      );
    let r = await run('<div>A<p>B</p>C<p>D</p></div>', { max_blocks: 2 });
    assert.deepEqual(r.texts, ['A C', 'B']);
    assert.equal(r.truncated, true);
    r = await run('<p>A</p><p>B</p><p> </p>', { max_blocks: 2 });
    assert.equal(r.truncated, false);
    r = await run('<p>éèêë</p><p>ab cd</p><p>abc</p><p>x</p>', { max_block_chars: 3 });
    assert.deepEqual(r.texts, ['éèê', 'ab', 'abc', 'x']);
    assert.equal(r.truncated, true);
    r = await run('<p>😀😀😀😀</p>', { max_block_chars: 3 });
    assert.deepEqual(r.texts, ['😀😀😀']);
    r = await run('<p>abc</p>', { max_block_chars: 0 });
    assert.deepEqual(r.texts, ['a']);
    r = await run('<div>a<div>b<div>c<div>d<div>e</div>f</div>g</div>h</div>i</div>', { max_depth: 5 });
    assert.deepEqual(r.texts, ['a i', 'b h', 'c g', 'df', 'e']);
    assert.deepEqual(r.paths.slice(3), [
      '/html[0]/body[0]/div[0]/div[0]/div[0]/div[0]',
      '/html[0]/body[0]/div[0]/div[0]/div[0]/div[1]'
    ]);
  } finally {
    await page.close();
  }
});

test('Chromium flattens nesting past depth 512 as the spec says', async () => {
  const page = await browser.newPage();
  try {
    await page.goto(`${origin}/site/pages/deep-nesting.html`);
    const depth = await page.evaluate(() => {
      let max = 0;
      const walker = document.createTreeWalker(document.documentElement, NodeFilter.SHOW_ELEMENT);
      for (let n = walker.currentNode; n; n = walker.nextNode()) {
        let d = 0;
        for (let a = n; a; a = a.parentElement) d++;
        if (d > max) max = d;
      }
      return max;
    });
    // <html> is depth 1; elements deeper than 512 hang off the depth-512 element.
    assert.equal(depth, 513);
  } finally {
    await page.close();
  }
});

/** The `#data` documents of html5lib tree-construction files (not fragments, not script-off). */
function html5libDocuments(dir) {
  const out = [];
  for (const file of fs.readdirSync(dir).filter((f) => f.endsWith('.dat')).sort()) {
    const lines = fs.readFileSync(path.join(dir, file), 'utf8').split('\n');
    let data = null;
    let current = null;
    for (const line of lines) {
      if (line.startsWith('#')) {
        if (data !== null) {
          current = { file, index: out.length, html: data.slice(0, -1), skip: false };
          out.push(current);
          data = null;
        }
        if (line === '#data') data = '';
        if ((line === '#document-fragment' || line === '#script-off') && current) current.skip = true;
      } else if (data !== null) {
        data += line + '\n';
      }
    }
  }
  // Blank documents are left out too: the CLI refuses an empty file.
  return out.filter(
    (c) => !c.skip && c.html.trim() !== '' && !c.html.includes('\0') && !/<script/i.test(c.html)
  );
}

test('agreement on html5lib tree-construction documents', { skip: !process.env.SINCELAST_HTML5LIB }, async (t) => {
  const dir = process.env.HTML5LIB_DIR || '/work/shared/data/html5lib-tests/tree-construction';
  if (!fs.existsSync(dir)) {
    t.skip(`${dir} is absent`);
    return;
  }
  // Documents with scripts are left out: Chromium runs them (document.write and all).
  const docs = html5libDocuments(dir);
  const file = path.join(tmpDir, 'case.html');
  const page = await browser.newPage();
  const failures = [];
  try {
    for (const doc of docs) {
      generated.set('/html5lib/case.html', doc.html);
      fs.writeFileSync(file, doc.html);
      const url = `${origin}/html5lib/case.html`;
      const nat = nativeExtract(file, url);
      const js = await browserExtract(url, page);
      if (js.title !== nat.title || JSON.stringify(js.blocks) !== JSON.stringify(nat.blocks)) {
        failures.push(`${doc.file}: ${JSON.stringify(doc.html).slice(0, 200)}`);
      }
    }
  } finally {
    await page.close();
  }
  t.diagnostic(`html5lib: ${docs.length} documents, ${failures.length} disagree`);
  assert.deepEqual(failures, []);
});
