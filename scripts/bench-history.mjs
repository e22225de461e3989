#!/usr/bin/env node
// Figures for a page's history (issue 9), printed:
//
//   node scripts/bench-history.mjs [--only storage|paint] [--runs N] [--full-lists] [--wasm-pkg DIR]
//
// 1. Storage: ten consecutive near-identical versions of real pages from ../shared/data
//    (christiandailyreporter-homepage-2018 and the bild.de front page of news-frontpages-de,
//    hourly in Jan 2022), extracted by the wasm core, stored as the extension stores them
//    (extension/background/db.js: blocks by content, one id list per changed version — edits
//    against the previous version's list, shared/listdelta.js; --full-lists: whole — one
//    front-coded pathset per changed layout, a visit and a page record; byte counts as db.js
//    counts them). Printed: one version's cost, ten versions' cost and their ratio, against
//    gzip of each version alone (one, and ten summed).
// 2. Time to first paint in Chromium (the test build, a fresh profile, IndexedDB seeded with
//    synthetic history): the history page of a page with 500 visits, the dashboard with 5,000
//    pages. Printed per run: first contentful paint, the timeline (history) or table (dashboard)
//    drawn, everything computed; the median of N runs (default 5).
// Build first: node scripts/build-extension.mjs

import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { encodePaths, typePathOf } from '../extension/shared/wire.js';
import { listRecord, pathsetRecord, isEdits } from '../extension/shared/listdelta.js';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const DATA = path.resolve(ROOT, '..', 'shared', 'data');
const args = process.argv.slice(2);
const only = args.includes('--only') ? args[args.indexOf('--only') + 1] : null;
// --full-lists: every changed version's list and pathset stored in full (as before they were
// stored as edits against the previous version's).
const fullLists = args.includes('--full-lists');
const runs = args.includes('--runs') ? Number(args[args.indexOf('--runs') + 1]) : 5;
const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

/** The first `n` versions (sorted by name) in a tar.zst archive of versions, as strings. */
function versionsOf(archive, n, skip = 0) {
  const names = execFileSync('tar', ['--zstd', '-tf', archive], { encoding: 'utf8', maxBuffer: 1 << 26 })
    .split('\n').filter((f) => /\.html?$/.test(f)).sort().slice(skip, skip + n);
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'sincelast-bench-history-'));
  try {
    execFileSync('tar', ['--zstd', '-xf', archive, '-C', tmp, ...names]);
    return names.map((f) => fs.readFileSync(path.join(tmp, f), 'utf8'));
  } finally {
    fs.rmSync(tmp, { recursive: true, force: true });
  }
}

async function storage() {
  const pkg = args.includes('--wasm-pkg') ? path.resolve(args[args.indexOf('--wasm-pkg') + 1]) : path.join(ROOT, 'core', 'wasm', 'pkg');
  const wasm = await import(path.join(pkg, 'sincelast_wasm.js'));
  wasm.initSync({ module: fs.readFileSync(path.join(pkg, 'sincelast_wasm_bg.wasm')) });
  const cases = [
    ['christiandailyreporter home page', path.join(DATA, 'christiandailyreporter-homepage-2018', 'versions', 'index.html.tar.zst'), 0],
    ['bild.de front page (hourly, Jan 2022)', path.join(DATA, 'news-frontpages-de-2022-2026', 'versions', 'bild.de_index.html.tar.zst'), 0],
    // Snapshots of terms pages: mostly runs with no real text change (near-identical versions).
    ['Badoo terms of service (opentermsarchive)', path.join(DATA, 'opentermsarchive-terms-snapshots', 'dating', 'versions', 'Badoo_Terms_of_Service.tar.zst'), 0],
    ['Bumble privacy policy (opentermsarchive)', path.join(DATA, 'opentermsarchive-terms-snapshots', 'dating', 'versions', 'Bumble_Privacy_Policy.tar.zst'), 0],
  ];
  console.log('storage: ten consecutive versions as the extension stores them, against gzip of each version alone');
  for (const [name, archive, skip] of cases) {
    if (!fs.existsSync(archive)) {
      console.log(`  ${name}: ${archive} missing, skipped`);
      continue;
    }
    const htmls = versionsOf(archive, 10, skip);
    const pages = htmls.map((h) => wasm.extractHtml(h, 'https://example.org/'));
    // db.writeVisit's accounting, with content addresses by value (ids numbered by text).
    const blocksSeen = new Set();
    const lists = new Map(); // list key → list id
    const pathsets = new Map(); // paths → pathset id
    let prevPaths = null;
    const costs = [];
    const parts = { blocks: 0, lists: 0, pathsets: 0, visits: 0 };
    let total = 0;
    const idOf = new Map(); // content address: one 16-hex-digit id per distinct text
    let prev = null;
    pages.forEach((p, i) => {
      let bytes = 0;
      const ids = p.blocks.map((b) => {
        if (!idOf.has(b.text)) idOf.set(b.text, (idOf.size + 1).toString(16).padStart(16, '0'));
        return idOf.get(b.text);
      });
      for (const b of p.blocks) {
        if (blocksSeen.has(b.text)) continue;
        blocksSeen.add(b.text);
        const n = 16 + b.text.length + b.links.reduce((k, l) => k + l.length, 0) + 16;
        bytes += n;
        parts.blocks += i ? n : 0;
      }
      const listKey = ids.join('\u0000');
      if (!lists.has(listKey)) {
        const listId = (lists.size + 1).toString(16).padStart(16, '0');
        lists.set(listKey, listId);
        // As db.writeVisit stores it: edits against the previous version's list, or full.
        const rec = listRecord(listId, ids, (prev && !fullLists) ? prev : null);
        const n = 16 + (isEdits(rec) ? rec.base.length + 2 + rec.edits.byteLength : rec.ids.byteLength);
        bytes += n;
        parts.lists += i ? n : 0;
        prev = { id: listId, ids, depth: isEdits(rec) ? rec.depth : 0 };
      }
      const pathKey = p.blocks.map((b) => b.path).join('\u0000');
      if (!pathsets.has(pathKey)) {
        const pathsetId = (pathsets.size + 1).toString(16).padStart(16, '0');
        pathsets.set(pathKey, pathsetId);
        const paths = encodePaths(p.blocks.map((b) => b.path));
        const derivable = p.blocks.every((b) => b.type_path === typePathOf(b.path));
        const rec = pathsetRecord(pathsetId, paths, derivable ? null : p.blocks.map((b) => b.type_path), (prevPaths && !fullLists) ? prevPaths : null);
        prevPaths = { id: pathsetId, paths, depth: isEdits(rec) ? rec.depth : 0 };
        const n = 16 + (isEdits(rec)
          ? rec.base.length + 2 + rec.edits.byteLength + rec.added.reduce((k, x) => k + x.length + 3, 0)
          : paths.reduce((k, x) => k + x.length + 3, 0) + (derivable ? 4 : p.blocks.reduce((k, b) => k + b.type_path.length + 3, 0)));
        bytes += n;
        parts.pathsets += i ? n : 0;
      }
      const visit = { url: 'https://example.org/', site: 'example.org', time: Date.now(), title: p.title, listId: '0'.repeat(16), pathsetId: '0'.repeat(16), summary: i ? { new: 0, changed: 0, moved: 0, removed: 0, unchanged: 0, meaningful: 0, noise: 0, template: 0, approximate: false } : null, truncated: false };
      bytes += JSON.stringify(visit).length;
      parts.visits += i ? JSON.stringify(visit).length : 0;
      // The page record is rewritten in place by every visit: it counts once.
      if (i === 0) bytes += JSON.stringify({ url: visit.url, site: visit.site, title: p.title, lastVisitId: i + 1, lastTime: visit.time, visits: i + 1 }).length;
      costs.push(bytes);
      total += bytes;
    });
    const gz = htmls.map((h) => zlib.gzipSync(h).length);
    const gzOne = gz[0];
    const gzTen = gz.reduce((a, b) => a + b, 0);
    const blocks = pages.map((p) => p.blocks.length);
    console.log(`  ${name}: ${blocks[0]} blocks, ${htmls[0].length} bytes of HTML`);
    console.log(`    ours: one version ${costs[0]} B, ten versions ${total} B = ${(total / costs[0]).toFixed(2)}× one version (later versions ${costs.slice(1).join(', ')} B)`);
    console.log(`    the nine later versions: blocks ${parts.blocks} B, lists ${parts.lists} B, pathsets ${parts.pathsets} B, visits ${parts.visits} B`);
    console.log(`    gzip of each version alone: one ${gzOne} B, ten ${gzTen} B = ${(gzTen / gzOne).toFixed(2)}× one; ours for ten = ${(total / gzOne).toFixed(2)}× one gzipped version`);
  }
}

// --- first paint ---------------------------------------------------------------------------------

const hex = (n) => n.toString(16).padStart(16, '0');

/** Records of a page with `n` visits of ~120 blocks, 5 changed per visit. */
function historyRecords(url, n) {
  const blocks = [];
  const lists = [];
  const visits = [];
  let next = 1;
  let current = Array.from({ length: 120 }, (_, i) => {
    const id = hex(next++);
    blocks.push({ id, text: `Block ${i} of the page: some words about the harbour, the ferry and the council meeting ${i}.` });
    return id;
  });
  const paths = encodePaths(current.map((_, i) => `/html[0]/body[0]/main[0]/p[${i}]`));
  const t0 = Date.UTC(2026, 0, 1);
  for (let v = 0; v < n; v++) {
    if (v) {
      current = [...current];
      for (let k = 0; k < 5; k++) {
        const at = (v * 7 + k * 13) % current.length;
        const id = hex(next++);
        blocks.push({ id, text: `Story ${v}.${k}: news of the hour number ${v} with new words w${v}x${k} and more text.` });
        current[at] = id;
      }
    }
    const listId = hex(1e9 + v);
    lists.push({ id: listId, ids: current });
    visits.push({ url, site: 'bench.example', time: t0 + v * 3600000, title: 'Bench page', listId, pathsetId: 'p0', summary: v ? { new: 0, changed: 5, moved: 0, removed: 0, unchanged: 115, meaningful: 5, noise: 0, template: 0, approximate: false } : null, truncated: false });
  }
  return { blocks, lists, pathsets: [{ id: 'p0', paths, typePaths: null }], visits, pages: [{ url, site: 'bench.example', title: 'Bench page', lastVisitId: n, lastTime: t0 + (n - 1) * 3600000, visits: n }] };
}

/** Records of `n` pages with two visits each (no blocks needed by the dashboard). */
function dashboardRecords(n) {
  const visits = [];
  const pages = [];
  const t0 = Date.UTC(2026, 0, 1);
  for (let i = 0; i < n; i++) {
    const url = `https://site${i % 200}.example/page/${i}`;
    for (let v = 0; v < 2; v++) visits.push({ url, site: `site${i % 200}.example`, time: t0 + i * 60000 + v * 86400000, title: `Page ${i}`, listId: 'l', pathsetId: 'p', summary: v ? { meaningful: i % 3 } : null, truncated: false });
    pages.push({ url, site: `site${i % 200}.example`, title: `Page ${i}`, lastVisitId: 0, lastTime: t0 + i * 60000 + 86400000, visits: 2 });
  }
  return { visits, pages, blocks: [], lists: [], pathsets: [] };
}

async function seed(page, records) {
  await page.evaluate(async (r) => {
    const db = await new Promise((res, rej) => {
      const q = indexedDB.open('sincelast');
      q.onsuccess = () => res(q.result);
      q.onerror = () => rej(q.error);
    });
    const tx = db.transaction(['blocks', 'lists', 'pathsets', 'visits', 'pages'], 'readwrite');
    for (const s of ['blocks', 'lists', 'pathsets', 'visits', 'pages']) {
      const store = tx.objectStore(s);
      store.clear();
      for (const x of r[s]) store.put(x);
    }
    await new Promise((res, rej) => { tx.oncomplete = res; tx.onerror = () => rej(tx.error); });
    db.close();
  }, records);
}

async function paint() {
  const { launch } = await import('../tests/browser/chromium.mjs');
  const ext = await launch();
  try {
    const probe = await ext.context.newPage();
    await probe.goto(`chrome-extension://${ext.extensionId}/options/options.html`);
    await probe.waitForTimeout(500);
    const measure = async (url, label, mark) => {
      const rows = [];
      for (let i = 0; i < runs; i++) {
        const p = await ext.context.newPage();
        await p.goto(url);
        await p.waitForSelector('body[data-ready=true]', { timeout: 120000 });
        rows.push(await p.evaluate((m) => {
          const fcp = performance.getEntriesByName('first-contentful-paint')[0];
          const at = (name) => (performance.getEntriesByName(name)[0] || { startTime: NaN }).startTime;
          const nav = /** @type {PerformanceNavigationTiming} */ (performance.getEntriesByType('navigation')[0]);
          return { fcp: fcp ? fcp.startTime : NaN, dom: nav ? nav.domContentLoadedEventEnd : NaN, drawn: at(m), read: at('sincelast-read'), analyzed: at('sincelast-analyzed'), shown: at('sincelast-drawn'), ready: at('sincelast-ready') };
        }, mark));
        await p.close();
      }
      const f = (k) => `${median(rows.map((r) => r[k])).toFixed(0)} ms`;
      console.log(`  ${label}: page loaded (DOMContentLoaded) ${f('dom')}, first contentful paint ${f('fcp')}, ${mark === 'sincelast-timeline' ? 'timeline drawn' : 'table drawn'} ${f('drawn')}, ${mark === 'sincelast-timeline' ? `versions read ${f('read')}, analysed ${f('analyzed')}, curve and lists drawn ${f('shown')}, ` : ''}everything computed ${f('ready')} (median of ${runs}; runs: ${rows.map((r) => r.fcp.toFixed(0)).join(', ')} ms)`);
    };
    console.log('first paint in Chromium (test build, synthetic IndexedDB):');
    const url = 'https://bench.example/front';
    await seed(probe, historyRecords(url, 500));
    await measure(`chrome-extension://${ext.extensionId}/history/history.html?url=${encodeURIComponent(url)}`, 'history page, 500 visits', 'sincelast-timeline');
    await seed(probe, dashboardRecords(5000));
    await measure(`chrome-extension://${ext.extensionId}/dashboard/dashboard.html`, 'dashboard, 5,000 pages', 'sincelast-ready');
  } finally {
    await ext.close();
  }
}

if (!only || only === 'storage') await storage();
if (!only || only === 'paint') await paint();
