#!/usr/bin/env node
// Benchmark of the extension in headless Chromium (a script, not a test): for real pages and a
// 1 MB page, the time from the page settled (when the content script starts working) to the
// highlights painted, step by step: extract (content script), message round trip (including the
// background's analysis), analyze (background: block ids, last version, diff), paint; long tasks
// (> 50 ms) on the page's main thread while the content script works; the wasm start-up on a
// cold service worker; IndexedDB bytes written per visit.
//
//   node scripts/bench-extension.mjs [--pages N] [--heavy N] [--only-heavy]
//                                     (BENCH_STEPS=1 also prints the background's and the
//                                     paint's sub-steps per page)
//
// A heavily browsed site (--heavy N, default 64; 0 skips it): N versions of one real front page
// served as N pages of one host and visited six hours ago (dated through the test build's
// hooks), so the site's state holds N heavy pages; then two of them are
// revisited — the last one showing the next snapshot (a typical revisit), the first one a
// snapshot N + 1 later (most of the page new) — and the bytes each revisit writes to IndexedDB
// are printed (all, and the site state's part).
//
// Real pages: ../shared/data/news-frontpages-de-2022-2026 (two consecutive versions of each
// site's front page, unpacked into a temporary folder and served on 127.0.0.1 with a CSP that
// blocks every script and external load; never copied into the repository). Skipped with a
// message when the data is absent. Needs the test build: node scripts/build-extension.mjs.
// SINCELAST_EXTENSION_DIR=<dist/chrome-test of another checkout> measures another build (to
// compare two builds on the same machine state: timings here drift by ±50% over an hour).

import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import http from 'node:http';
import { execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { launch, stopWorkers, inExtension, tabIdOf } from '../tests/browser/chromium.mjs';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const DATA = path.resolve(ROOT, '../shared/data/news-frontpages-de-2022-2026');
const argv = process.argv.slice(2);
const maxPages = argv.includes('--pages') ? Number(argv[argv.indexOf('--pages') + 1]) : 12;
const heavyPages = argv.includes('--heavy') ? Number(argv[argv.indexOf('--heavy') + 1]) : 64;
const onlyHeavy = argv.includes('--only-heavy');

const median = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length ? (s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2) : NaN;
};
const f1 = (x) => (Number.isFinite(x) ? x.toFixed(1) : '-');
const t2 = (sent, all) => (Number.isFinite(sent) ? `${sent}/${all}` : '-');

/** Two consecutive versions of each front page: [{ id, versions: [Buffer, Buffer] }]. */
function realPages(tmp) {
  if (!fs.existsSync(path.join(DATA, 'versions'))) return null;
  const out = [];
  const archives = fs.readdirSync(path.join(DATA, 'versions')).filter((f) => /_index\.html\.tar\.zst$/.test(f)).sort();
  for (const a of archives.slice(0, maxPages)) {
    const file = path.join(DATA, 'versions', a);
    const members = execFileSync('tar', ['--zstd', '-tf', file], { encoding: 'utf8', maxBuffer: 1 << 26 })
      .split('\n').filter((m) => m.endsWith('.html')).sort();
    if (members.length < 2) continue;
    const pick = members.slice(0, 2);
    execFileSync('tar', ['--zstd', '-xf', file, '-C', tmp, ...pick]);
    out.push({ id: a.replace(/\.html\.tar\.zst$/, ''), versions: pick.map((m) => fs.readFileSync(path.join(tmp, m))) });
  }
  return out;
}

/** `n` + 2 versions of the largest real front page (the heavy site's pages), or null. */
function heavyVersions(tmp, n) {
  if (!fs.existsSync(path.join(DATA, 'versions')) || n <= 0) return null;
  const dir = path.join(DATA, 'versions');
  const archives = fs.readdirSync(dir).filter((f) => /_index\.html\.tar\.zst$/.test(f))
    .map((f) => ({ f, size: fs.statSync(path.join(dir, f)).size })).sort((a, b) => b.size - a.size);
  for (const { f } of archives) {
    const file = path.join(dir, f);
    const members = execFileSync('tar', ['--zstd', '-tf', file], { encoding: 'utf8', maxBuffer: 1 << 26 })
      .split('\n').filter((m) => m.endsWith('.html')).sort();
    if (members.length < n + 2) continue;
    const pick = members.slice(0, n + 2);
    const out = path.join(tmp, 'heavy');
    fs.mkdirSync(out, { recursive: true });
    execFileSync('tar', ['--zstd', '-xf', file, '-C', out, ...pick]);
    return { id: f.replace(/\.html\.tar\.zst$/, ''), versions: pick.map((m) => fs.readFileSync(path.join(out, m))) };
  }
  return null;
}

/** A page of about `bytes` of text in paragraphs; version 1 edits, inserts and removes some. */
function bigPage(bytes, version) {
  const words = 'harbour council library river tram museum ferry school market bridge garden station'.split(' ');
  const paras = [];
  let seed = 7;
  const rnd = () => ((seed = (seed * 1103515245 + 12345) % 2147483648) / 2147483648);
  let size = 0;
  for (let i = 0; size < bytes; i++) {
    const n = 25 + Math.floor(rnd() * 20);
    let p = `Paragraph ${i}:`;
    for (let k = 0; k < n; k++) p += ` ${words[Math.floor(rnd() * words.length)]}`;
    paras.push(p);
    size += p.length;
  }
  if (version === 1) {
    for (let i = 5; i < paras.length; i += 97) paras[i] = paras[i].replace(/ (\w+)$/, ' changed $1 today');
    for (let i = 50; i < paras.length; i += 501) paras.splice(i, 0, `Inserted paragraph ${i} with fresh news about the harbour.`);
    for (let i = 300; i < paras.length; i += 700) paras.splice(i, 1);
  }
  return `<!doctype html><html><head><meta charset="utf-8"><title>Big page</title></head><body><main>${paras.map((p) => `<p>${p}</p>`).join('\n')}</main></body></html>`;
}

function serve(pages) {
  const version = new Map();
  const server = http.createServer((req, res) => {
    const u = new URL(req.url, 'http://127.0.0.1');
    const m = /^\/p\/([\w.-]+)$/.exec(u.pathname);
    const page = m && pages.get(m[1]);
    if (!page) {
      res.writeHead(404);
      return res.end();
    }
    const v = version.get(m[1]) || 0;
    res.writeHead(200, {
      'content-type': 'text/html',
      'cache-control': 'no-store',
      // Static rendering only: no page scripts, nothing loaded from elsewhere.
      'content-security-policy': "default-src 'none'; style-src 'unsafe-inline'; img-src data:",
    });
    res.end(page[Math.min(v, page.length - 1)]);
  });
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve({
    server,
    // Each page on its own host name (*.localhost is loopback in Chromium), as each is its own
    // site in real life: per-site state then does not pile up across unrelated pages.
    url: (id) => (id.startsWith('heavy.')
      ? `http://heavy.localhost:${server.address().port}/p/${id}`
      : `http://${id.toLowerCase().replace(/[^a-z0-9]+/g, '-')}.localhost:${server.address().port}/p/${id}`),
    advance: (id) => version.set(id, (version.get(id) || 0) + 1),
  })));
}

async function measure(ext, site, id) {
  const page = await ext.context.newPage();
  await page.addInitScript(() => {
    window.__longTasks = [];
    new PerformanceObserver((list) => {
      for (const e of list.getEntries()) window.__longTasks.push([e.startTime, e.duration]);
    }).observe({ type: 'longtask', buffered: true });
  });
  const run = async () => {
    await page.goto(site.url(id), { timeout: 60000 });
    await page.waitForFunction(() => document.documentElement.hasAttribute('data-sincelast-test-state'), null, { timeout: 60000 });
    if (await page.evaluate(() => document.documentElement.getAttribute('data-sincelast-test-state') === 'changed')) {
      await page.waitForFunction(() => document.documentElement.hasAttribute('data-sincelast-test-markers'), null, { timeout: 10000 }).catch(() => {});
    }
    return page.evaluate(() => ({
      markers: document.documentElement.getAttribute('data-sincelast-test-markers'),
      paintSteps: document.documentElement.getAttribute('data-sincelast-test-paint-steps'),
      state: document.documentElement.getAttribute('data-sincelast-test-state'),
      timing: JSON.parse(document.documentElement.getAttribute('data-sincelast-test-timing') || 'null'),
      longTasks: window.__longTasks,
    }));
  };
  const first = await run();
  const tabId = await tabIdOf(ext, site.url(id));
  const bytesOf = async () => {
    for (let i = 0; i < 100; i++) {
      const b = await inExtension(ext, async ({ tabId: t, url }) => {
        const key = `tab:${t}`;
        const raw = (await chrome.storage.session.get(key))[key];
        const s = typeof raw === 'string' ? JSON.parse(raw) : raw; // one JSON string per tab (earlier builds: an object)
        return s && s.pages[url] ? s.pages[url].bytes : undefined;
      }, { tabId, url: site.url(id) });
      if (b !== undefined) return b;
      await new Promise((r) => setTimeout(r, 50));
    }
    return NaN;
  };
  const firstBytes = await bytesOf();
  site.advance(id);
  await inExtension(ext, ({ tabId: t }) => chrome.storage.session.remove(`tab:${t}`), { tabId });
  const second = await run();
  const secondBytes = await bytesOf();
  await page.close();
  const t = second.timing;
  // Long tasks while the content script works: from its early read (if any) to the paint.
  const from = t ? (t.readEarlyAt ?? t.settledAt) : 0;
  const during = t ? second.longTasks.filter(([s, d]) => s + d > from && s < t.settledAt + t.total) : [];
  return {
    id, state: second.state, blocks: t ? t.blocks : 0, extract: t?.extract, readEarly: t?.readEarly, message: t?.message, analyze: t?.analyze,
    paint: t?.paint, total: t?.total, textsSent: t?.textsSent, sinceStart: t ? t.settledAt - t.startedAt + t.total : NaN, steps: { yield: t?.yield, keys: t?.keys, ...t?.steps, paint: second.paintSteps },
    markers: second.markers ? Number(second.markers.split('|')[1]) : NaN, longTasks: during.length, longest: during.reduce((m, [, d]) => Math.max(m, d), 0),
    firstBytes, secondBytes, firstState: first.state,
  };
}

/** The heavy site: visits its pages once each, then revisits the last and the first; their bytes. */
async function heavySite(ext, site, ids) {
  const page = await ext.context.newPage();
  const visitOnce = async (id) => {
    await page.evaluate(() => document.documentElement?.removeAttribute('data-sincelast-test-state')).catch(() => {});
    await page.goto(site.url(id), { timeout: 60000 });
    await page.waitForFunction(() => document.documentElement.hasAttribute('data-sincelast-test-state'), null, { timeout: 60000 });
  };
  // The site was browsed six hours ago (test builds date visits through their hooks): the
  // revisits below are revisits, not reloads (a reload within minutes teaches slot rules).
  await inExtension(ext, () => chrome.storage.local.set({ testHooks: { timeShiftMs: -6 * 3600e3 } }));
  for (const id of ids) await visitOnce(id);
  await inExtension(ext, () => chrome.storage.local.remove('testHooks'));
  const tabId = await tabIdOf(ext, site.url(ids[ids.length - 1]));
  const revisit = async (id) => {
    site.advance(id);
    // Wait for the visits before to be stored with their per-tab results ('stats' answers once
    // the background's write queue is idle), then clear the tab's results.
    await inExtension(ext, () => chrome.runtime.sendMessage({ type: 'stats' }));
    await inExtension(ext, ({ tabId: t }) => chrome.storage.session.remove(`tab:${t}`), { tabId });
    await visitOnce(id);
    let state;
    for (let i = 0; i < 200 && !(state && state.bytes !== undefined); i++) {
      state = await inExtension(ext, async ({ tabId: t, url }) => {
        const key = `tab:${t}`;
        const raw = (await chrome.storage.session.get(key))[key];
        // One JSON string per tab (earlier builds: an object).
        const s = typeof raw === 'string' ? JSON.parse(raw) : raw;
        return s && s.pages[url];
      }, { tabId, url: site.url(id) });
      if (!(state && state.bytes !== undefined)) await new Promise((r) => setTimeout(r, 50));
    }
    return { bytes: state ? state.bytes : NaN, siteBytes: state ? state.siteBytes : undefined, status: state ? state.status : '-' };
  };
  const next = await revisit(ids[ids.length - 1]);
  const far = await revisit(ids[0]);
  await page.close();
  return { next, far };
}

async function coldStart(ext, site, id) {
  const samples = [];
  for (let i = 0; i < 5; i++) {
    const page = await ext.context.newPage();
    await page.goto('about:blank');
    await stopWorkers(ext.context, page);
    await new Promise((r) => setTimeout(r, 300));
    await page.goto(site.url(id));
    await page.waitForFunction(() => document.documentElement.hasAttribute('data-sincelast-test-state'), null, { timeout: 60000 });
    const t = await page.evaluate(() => JSON.parse(document.documentElement.getAttribute('data-sincelast-test-timing') || 'null'));
    const stats = await inExtension(ext, async () => {
      const r = await chrome.runtime.sendMessage({ type: 'stats' });
      return r.result;
    });
    samples.push({ wasm: stats.coreStartMs, message: t ? t.message : NaN });
    await page.close();
  }
  return samples;
}

const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'sincelast-bench-'));
const pages = new Map();
const real = realPages(tmp);
if (!real) console.log(`(real pages skipped: ${DATA} is absent)`);
else for (const p of real) pages.set(p.id, p.versions);
pages.set('synthetic-1MB', [bigPage(1_000_000, 0), bigPage(1_000_000, 1)]);
pages.set('demo-small', [bigPage(3000, 0), bigPage(3000, 1)]);
const heavy = heavyVersions(tmp, heavyPages);
const heavyIds = [];
if (heavy) {
  // Page k shows version k; the last page's next version is the next snapshot, the first
  // page's the one after that.
  for (let k = 0; k < heavyPages; k++) {
    const id = `heavy.${k}`;
    heavyIds.push(id);
    const next = k === heavyPages - 1 ? [heavy.versions[heavyPages]] : k === 0 ? [heavy.versions[heavyPages + 1]] : [];
    pages.set(id, [heavy.versions[k], ...next]);
  }
}
const site = await serve(pages);
const ext = await launch();
try {
  const rows = [];
  for (const id of pages.keys()) {
    if (id.startsWith('heavy.') || (onlyHeavy && id !== 'demo-small')) continue;
    try {
      rows.push(await measure(ext, site, id));
    } catch (e) {
      console.log(`${id}: failed (${e.message.split('\n')[0]})`);
    }
  }
  const cold = await coldStart(ext, site, 'demo-small');
  const heavyRow = heavyIds.length ? await heavySite(ext, site, heavyIds) : null;
  const head = ['page', 'blocks', 'read early', 'extract', 'msg+analyze', 'analyze(bg)', 'paint', 'total ms', 'texts sent', 'since script start', 'markers(next frame)', 'long tasks', 'IDB B 1st', 'IDB B rev', 'state'];
  const table = rows.map((r) => [r.id, r.blocks, f1(r.readEarly), f1(r.extract), f1(r.message), f1(r.analyze), f1(r.paint), f1(r.total), t2(r.textsSent, r.blocks), f1(r.sinceStart), f1(r.markers),
    r.longTasks ? `${r.longTasks} (${Math.round(r.longest)} ms)` : '0', r.firstBytes, r.secondBytes, r.state]);
  const widths = head.map((h, i) => Math.max(h.length, ...table.map((row) => String(row[i]).length)));
  const line = (row) => row.map((c, i) => (i === 0 ? String(c).padEnd(widths[i]) : String(c).padStart(widths[i]))).join('  ');
  console.log('\nRevisit of each page, ms, headless Chromium. total = from the page settled (load, then 300 ms without DOM'
    + ' changes) to highlights painted; "since script start" adds that wait; "read early" = blocks read and keyed while'
    + ' the page was quiet but not yet settled (then "extract" is only what is left at settling):');
  console.log(line(head));
  for (const row of table) console.log(line(row));
  if (process.env.BENCH_STEPS) for (const r of rows) console.log(r.id, JSON.stringify(r.steps));
  const realRows = rows.filter((r) => r.id !== 'synthetic-1MB' && r.id !== 'demo-small');
  if (realRows.length) {
    console.log(`\nreal pages: median total ${f1(median(realRows.map((r) => r.total)))} ms (target ≤ 16), median extract ${f1(median(realRows.map((r) => r.extract)))}, `
      + `message ${f1(median(realRows.map((r) => r.message)))}, paint ${f1(median(realRows.map((r) => r.paint)))}; `
      + `median IndexedDB bytes: first visit ${median(realRows.map((r) => r.firstBytes).filter(Number.isFinite))}, `
      + `revisit ${median(realRows.map((r) => r.secondBytes).filter(Number.isFinite))}`);
  }
  const big = rows.find((r) => r.id === 'synthetic-1MB');
  if (big) console.log(`1 MB page: total ${f1(big.total)} ms (target ≤ 100): extract ${f1(big.extract)}, message ${f1(big.message)} (analyze ${f1(big.analyze)}), paint ${f1(big.paint)}`);
  if (heavyRow) {
    const say = (r) => `${r.bytes} bytes (${r.status})${r.siteBytes !== undefined ? `, of which site state ${r.siteBytes}` : ''}`;
    console.log(`heavily browsed site (${heavyIds.length} versions of ${heavy.id} as ${heavyIds.length} pages of one host), bytes written to IndexedDB by a revisit: `
      + `of the next snapshot ${say(heavyRow.next)}; of a snapshot ${heavyIds.length + 1} later ${say(heavyRow.far)}`
      + (heavyRow.next.siteBytes === undefined ? ' (this build does not say how many are site state)' : ''));
  }
  console.log(`cold service worker: wasm instantiation median ${f1(median(cold.map((c) => c.wasm)))} ms (target ≤ 150); `
    + `first message round trip incl. worker start median ${f1(median(cold.map((c) => c.message)))} ms `
    + `(samples ${cold.map((c) => `${f1(c.wasm)}/${f1(c.message)}`).join(', ')})`);
} finally {
  await ext.close();
  site.server.close();
  fs.rmSync(tmp, { recursive: true, force: true });
}
