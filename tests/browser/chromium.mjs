// Helpers for the Chromium tests: the test build of the extension (dist/chrome-test) loaded into
// a real Chromium (/usr/bin/chromium) driven by playwright-core, plus the demo site.

import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { before, after } from 'node:test';
import { chromium } from 'playwright-core';
import { startSite } from '../site/server.mjs';

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
export const CHROMIUM = process.env.CHROMIUM || '/usr/bin/chromium';

/** The extension folder the tests load; build it first (node scripts/build-extension.mjs). */
export function extensionDir(name = 'chrome-test') {
  // SINCELAST_EXTENSION_DIR: another build to load (to compare builds in the benchmark).
  const dir = process.env.SINCELAST_EXTENSION_DIR || path.join(ROOT, 'dist', name);
  if (!fs.existsSync(path.join(dir, 'manifest.json'))) {
    throw new Error(`${dir} is missing: run node scripts/build-extension.mjs first`);
  }
  return dir;
}

/**
 * Launches Chromium with the extension. Headless unless `headed` (new headless mode, which
 * runs extensions). Resolves to { context, worker, extensionId, userDataDir, close }.
 */
export async function launch({ headed = false, dir = extensionDir(), userDataDir, lang } = {}) {
  const profile = userDataDir || fs.mkdtempSync(path.join(os.tmpdir(), 'sincelast-chromium-'));
  const args = [
    `--disable-extensions-except=${dir}`,
    `--load-extension=${dir}`,
    '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run',
    '--disable-background-networking', '--disable-component-update', '--disable-sync',
    '--disable-default-apps', '--disable-features=Translate,OptimizationHints,MediaRouter',
  ];
  if (!headed) args.push('--headless=new');
  if (process.env.SINCELAST_CHROMIUM_ARGS) args.push(...process.env.SINCELAST_CHROMIUM_ARGS.split(' '));
  // i18n: `lang` starts the browser in that interface language (its messages, its Intl).
  if (lang) args.push(`--lang=${lang}`);
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: CHROMIUM,
    headless: false,
    args,
    viewport: { width: 1100, height: 800 },
    ...(lang ? { locale: lang, env: { ...process.env, LANGUAGE: lang, LANG: `${lang}_DE.UTF-8` } } : {}),
  });
  const worker = await serviceWorker(context);
  const extensionId = new URL(worker.url()).host;
  return {
    context,
    worker,
    extensionId,
    userDataDir: profile,
    async close() {
      await context.close();
      if (!userDataDir) fs.rmSync(profile, { recursive: true, force: true });
    },
  };
}

/** The extension's service worker (waits for it to start). */
export async function serviceWorker(context) {
  const [existing] = context.serviceWorkers().filter((w) => w.url().startsWith('chrome-extension://'));
  if (existing) return existing;
  return context.waitForEvent('serviceworker', { predicate: (w) => w.url().startsWith('chrome-extension://'), timeout: 20000 });
}

/**
 * Stops every service worker of the browser (what Chromium does to an idle worker), then
 * waits until it is really gone.
 */
export async function stopWorkers(context, page) {
  const cdp = await context.newCDPSession(page);
  await cdp.send('ServiceWorker.enable');
  await cdp.send('ServiceWorker.stopAllWorkers');
  await cdp.detach();
}

/** Waits until the content script has finished with the page; returns its state marker. */
export async function settled(page, timeout = 15000) {
  await page.waitForFunction(() => document.documentElement.hasAttribute('data-sincelast-test-state'), null, { timeout });
  return page.evaluate(() => document.documentElement.getAttribute('data-sincelast-test-state'));
}

/**
 * For the tests of one file: registers before/after hooks that start the demo site and a
 * Chromium with the extension (its own profile), and close them; `ready(site, ext)` gets both.
 */
export function useChromium(ready) {
  let site;
  let ext;
  before(async () => {
    site = await startSite(0);
    ext = await launch();
    ready(site, ext);
  });
  after(async () => {
    await ext?.close();
    await site?.close();
  });
}

/** Reloads `page` and waits for the extension to be done with it again; returns its state. */
export async function revisit(page) {
  await page.evaluate(() => document.documentElement.removeAttribute('data-sincelast-test-state'));
  await page.reload();
  return settled(page);
}

/** Opens `url` in a new tab, waits for the extension to finish; returns { page, state, tabId }. */
export async function visit(ext, url, page = null) {
  const p = page || (await ext.context.newPage());
  await p.goto(url);
  const state = await settled(p);
  const tabId = await tabIdOf(ext, url);
  return { page: p, state, tabId };
}

/**
 * An extension page (the settings page) kept open to look at the extension's own state: its
 * IndexedDB, its badge, its tabs. Unlike the service worker it is there even while the worker
 * is stopped.
 */
export async function probe(ext) {
  if (!ext.probePage || ext.probePage.isClosed()) {
    ext.probePage = await ext.context.newPage();
    await ext.probePage.goto(`chrome-extension://${ext.extensionId}/options/options.html`);
  }
  return ext.probePage;
}

/** The tab id of the (last) tab showing `url`. */
export async function tabIdOf(ext, url) {
  return (await probe(ext)).evaluate(async (u) => {
    const tabs = await chrome.tabs.query({});
    const t = tabs.filter((x) => x.url === u).pop();
    return t ? t.id : null;
  }, url);
}

export async function badge(ext, tabId) {
  return (await probe(ext)).evaluate((id) => chrome.action.getBadgeText({ tabId: id }), tabId);
}

/** Reads the whole database (the real IndexedDB of the extension origin). */
export async function dumpDb(ext) {
  const dump = await (await probe(ext)).evaluate(async () => {
    const db = await new Promise((res, rej) => {
      const r = indexedDB.open('sincelast');
      r.onsuccess = () => res(r.result);
      r.onerror = () => rej(r.error);
    });
    const out = {};
    for (const s of ['blocks', 'lists', 'pathsets', 'visits', 'pages']) {
      out[s] = await new Promise((res, rej) => {
        const r = db.transaction(s).objectStore(s).getAll();
        r.onsuccess = () => res(r.result);
        r.onerror = () => rej(r.error);
      });
    }
    // A list's ids are stored packed, 8 bytes each (shared/wire.js packIds): as hex strings here.
    const hex = (b) => b.toString(16).padStart(2, '0');
    for (const l of out.lists) {
      if (l.edits instanceof Uint8Array) l.edits = Array.from(l.edits); // read in node (below)
      if (l.ids instanceof Uint8Array) {
        const ids = [];
        for (let i = 0; i < l.ids.length; i += 8) ids.push(Array.from(l.ids.subarray(i, i + 8), hex).join(''));
        l.ids = ids;
      }
    }
    for (const p of out.pathsets) if (p.edits instanceof Uint8Array) p.edits = Array.from(p.edits);
    db.close();
    return out;
  });
  // A list held as edits against an earlier one (extension/shared/listdelta.js): its ids here,
  // like every other list's.
  if (dump.lists.some((l) => l.edits)) {
    const { resolveLists } = await import('../../extension/shared/listdelta.js');
    const resolved = resolveLists(dump.lists.map((l) => (l.edits ? { ...l, edits: Uint8Array.from(l.edits) } : l)));
    for (const l of dump.lists) if (l.edits) l.ids = resolved.get(l.id);
  }
  if (dump.pathsets.some((p) => p.edits)) {
    const { resolvePathsets } = await import('../../extension/shared/listdelta.js');
    const resolved = resolvePathsets(dump.pathsets.map((p) => (p.edits ? { ...p, edits: Uint8Array.from(p.edits) } : p)));
    for (const p of dump.pathsets) if (p.edits) p.paths = resolved.get(p.id).paths;
  }
  return dump;
}

/** Runs `fn(arg)` in an extension page (chrome.* available). */
export async function inExtension(ext, fn, arg) {
  return (await probe(ext)).evaluate(fn, arg);
}

/** Every reference in the database resolves: no torn visit. Returns a list of problems. */
export function integrityProblems(dump) {
  const problems = [];
  const blocks = new Set(dump.blocks.map((b) => b.id));
  const lists = new Map(dump.lists.map((l) => [l.id, l]));
  const pathsets = new Map(dump.pathsets.map((p) => [p.id, p]));
  const visits = new Map(dump.visits.map((v) => [v.id, v]));
  for (const v of dump.visits) {
    const l = lists.get(v.listId);
    if (!l) problems.push(`visit ${v.id}: list missing`);
    else for (const id of l.ids) if (!blocks.has(id)) problems.push(`visit ${v.id}: block ${id} missing`);
    const ps = pathsets.get(v.pathsetId);
    if (!ps) problems.push(`visit ${v.id}: pathset missing`);
    else if (l && ps.paths.length !== l.ids.length) problems.push(`visit ${v.id}: ${ps.paths.length} paths for ${l.ids.length} blocks`);
  }
  for (const p of dump.pages) {
    const v = visits.get(p.lastVisitId);
    if (!v) problems.push(`page ${p.url}: last visit ${p.lastVisitId} missing`);
    else if (v.url !== p.url) problems.push(`page ${p.url}: last visit is of ${v.url}`);
  }
  return problems;
}

/**
 * What is painted: blocks by status, inserted words, whether the bar is up, removed boxes shown —
 * read through the test build's report (the page's DOM does not show it: everything is drawn in
 * the overlay's closed shadow root) after two animation frames (the drawing's). `style`: the
 * overlay draws something; `leaks`: anything of ours in the page's own DOM (none expected).
 */
export function painted(page) {
  return page.evaluate(PAINTED);
}

/** The body of painted(), shared with the Firefox tests (run as a page script). */
export const PAINTED = async () => {
  await new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)));
  const html = document.documentElement;
  const report = JSON.parse(html.getAttribute('data-sincelast-test-paint') || '{"blocks":{},"marks":[],"ui":0,"removed":0,"auto":[]}');
  const leaks = document.querySelectorAll('[data-sincelast], [data-sincelast-style], [data-sincelast-auto], [data-sincelast-focus], mark, sincelast-removed').length
    + [...document.querySelectorAll('[style]')].filter((e) => /#d99a00|#6f8ba6|#ffe36e|#7a7f87/i.test(e.getAttribute('style'))).length;
  return {
    ...report,
    style: report.ui === 1 && Number(html.getAttribute('data-sincelast-test-drawn')) > 0,
    leaks,
    hosts: document.querySelectorAll('sincelast-ui').length,
    count: Number(html.getAttribute('data-sincelast-test-painted')) || 0,
  };
};

/**
 * Runs in an extension page (pass it as source: `(${putBackOldDatabase})(args)`): puts back a
 * database of an earlier `version` (1 or 2) holding what is stored now — lists with their ids as
 * hex strings, as those versions stored them — plus, from version 2, a legacy site record with
 * the whole model for each host of `models`; returns the record counts put back.
 * @param {{ version: number, models?: Record<string, string> }} args
 */
export function putBackOldDatabase({ version, models = {} }) {
  const v1 = ['blocks', 'lists', 'pathsets', 'visits', 'pages'];
  const open = (v, upgrade) => new Promise((res, rej) => {
    const r = v ? indexedDB.open('sincelast', v) : indexedDB.open('sincelast');
    if (upgrade) r.onupgradeneeded = () => upgrade(r.result);
    r.onsuccess = () => res(r.result);
    r.onerror = () => rej(r.error);
  });
  const all = (db, s) => new Promise((res, rej) => {
    const r = db.transaction(s).objectStore(s).getAll();
    r.onsuccess = () => res(r.result);
    r.onerror = () => rej(r.error);
  });
  return (async () => {
    let db = await open();
    const data = {};
    for (const s of v1) data[s] = await all(db, s);
    db.close();
    await new Promise((res, rej) => {
      const r = indexedDB.deleteDatabase('sincelast');
      r.onsuccess = res;
      r.onerror = () => rej(r.error);
    });
    db = await open(version, (d) => {
      d.createObjectStore('blocks', { keyPath: 'id' });
      d.createObjectStore('lists', { keyPath: 'id' });
      d.createObjectStore('pathsets', { keyPath: 'id' });
      const visits = d.createObjectStore('visits', { keyPath: 'id', autoIncrement: true });
      visits.createIndex('url', 'url');
      visits.createIndex('site', 'site');
      visits.createIndex('time', 'time');
      d.createObjectStore('pages', { keyPath: 'url' }).createIndex('site', 'site');
      if (version >= 2) d.createObjectStore('sites', { keyPath: 'site' });
    });
    const hex = (b) => b.toString(16).padStart(2, '0');
    for (const l of data.lists) {
      if (l.ids instanceof Uint8Array) {
        const ids = [];
        for (let i = 0; i < l.ids.length; i += 8) ids.push(Array.from(l.ids.subarray(i, i + 8), hex).join(''));
        l.ids = ids;
      }
    }
    const names = version >= 2 ? [...v1, 'sites'] : v1;
    if (version >= 2) data.sites = Object.entries(models).map(([site, model]) => ({ site, model, time: Date.now(), removed: ['5e2a04f2473815a4'] }));
    const tx = db.transaction(names, 'readwrite');
    for (const s of names) for (const rec of data[s]) tx.objectStore(s).put(rec);
    await new Promise((res, rej) => { tx.oncomplete = res; tx.onerror = () => rej(tx.error); });
    db.close();
    return Object.fromEntries(names.map((s) => [s, data[s].length]));
  })();
}

export { startSite };
