// Compact history storage in real Chromium (issue 9, "storage stays compact"): a page visited
// through eight versions keeps one full block-id list and the later ones as edits against the
// version before (extension/shared/listdelta.js) in its real IndexedDB; every version reads back
// (the history page's timeline and diff, the consistency check), the export file lists every
// list in full, and after retention deletes the oldest visits the bases their successors need
// stay, the next revisit compares with the last version, and nothing is orphaned.
// Build first: node scripts/build-extension.mjs

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { useChromium, visit, revisit, inExtension, dumpDb, integrityProblems } from './chromium.mjs';
import { pageExport } from './export-helpers.mjs';

let site;
let ext;
useChromium((s, e) => {
  site = s;
  ext = e;
});

const HOUR = 3600000;
const DAY = 24 * HOUR;

/** The raw list and pathset records (as stored: edits or full). */
async function rawRecords() {
  return inExtension(ext, async () => {
    const db = await new Promise((res, rej) => {
      const r = indexedDB.open('sincelast');
      r.onsuccess = () => res(r.result);
      r.onerror = () => rej(r.error);
    });
    const all = (s) => new Promise((res, rej) => {
      const r = db.transaction(s).objectStore(s).getAll();
      r.onsuccess = () => res(r.result);
      r.onerror = () => rej(r.error);
    });
    const shape = (r) => (r.edits ? { id: r.id, kind: 'edits', base: r.base, depth: r.depth, bytes: r.edits.byteLength } : { id: r.id, kind: 'full', bytes: r.ids ? r.ids.length : 0 });
    const out = { lists: (await all('lists')).map(shape), pathsets: (await all('pathsets')).map(shape), visits: await all('visits') };
    db.close();
    return out;
  });
}

const check = async () => {
  const r = await inExtension(ext, () => chrome.runtime.sendMessage({ type: 'test-check' }));
  return r.problems ?? r.result?.problems ?? r;
};

/** The export file's records of a store. */
const exported = (jsonl, store) => jsonl.split('\n').filter((l) => l.startsWith(`{"store":"${store}"`)).map((l) => JSON.parse(l).value);

test('eight versions: one full list and edits after it, read back everywhere; export in full; retention keeps the bases', async () => {
  const url = site.url('hist', 'knot');
  let page = null;
  // Three visits 40 days ago (retention takes them later), five in the last hours.
  const shifts = [-40 * DAY, -40 * DAY + HOUR, -40 * DAY + 2 * HOUR, -5 * HOUR, -4 * HOUR, -3 * HOUR, -2 * HOUR, -HOUR];
  for (const shift of shifts) {
    await inExtension(ext, (s) => chrome.storage.local.set({ testHooks: { timeShiftMs: s } }), shift);
    if (!page) ({ page } = await visit(ext, url));
    else assert.equal(await revisit(page), 'changed');
    await site.advance('hist');
  }
  await inExtension(ext, () => chrome.storage.local.remove('testHooks'));
  await page.waitForTimeout(300);

  // As stored: the first version's list in full, each later one as edits against the one before.
  let raw = await rawRecords();
  const ofPage = raw.visits.filter((v) => v.url === url).sort((a, b) => a.id - b.id);
  assert.equal(ofPage.length, 8);
  const byId = new Map(raw.lists.map((l) => [l.id, l]));
  const kinds = ofPage.map((v) => byId.get(v.listId));
  assert.equal(kinds[0].kind, 'full');
  for (let i = 1; i < 8; i++) {
    assert.equal(kinds[i].kind, 'edits', `version ${i + 1}: ${JSON.stringify(kinds[i])}`);
    assert.equal(kinds[i].base, ofPage[i - 1].listId);
    assert.equal(kinds[i].depth, i);
    assert.ok(kinds[i].bytes < kinds[0].bytes / 2, `edits of ${kinds[i].bytes} bytes for a full list of ${kinds[0].bytes}`);
  }

  // Read back: every reference resolves (the test harness reads edits through as the extension
  // does), the extension's own consistency check agrees, and the history page shows all eight
  // with the diff of the last two.
  const dump = await dumpDb(ext);
  assert.deepEqual(integrityProblems(dump), []);
  assert.deepEqual(await check(), []);
  const hist = await ext.context.newPage();
  await hist.goto(`chrome-extension://${ext.extensionId}/history/history.html?url=${encodeURIComponent(url)}`);
  await hist.waitForSelector('body[data-ready=true]', { timeout: 20000 });
  assert.equal((await hist.$$('#timeline button')).length, 8);
  assert.match(await hist.textContent('#diff-summary'), /Visit #7 .* → visit #8 .*: 1 new, 1 removed/);
  await hist.selectOption('#from', '0');
  await hist.waitForFunction(() => /Visit #1 /.test(document.getElementById('diff-summary').textContent));
  assert.match(await hist.textContent('#diff-summary'), /Visit #1 .* → visit #8 .*: 4 new, 4 removed/);
  await hist.close();

  // The export file lists every list in full: the same ids as stored, no edits.
  const options = await ext.context.newPage();
  await options.goto(`chrome-extension://${ext.extensionId}/options/options.html`);
  await options.waitForSelector('body[data-ready="true"]');
  let file = (await options.evaluate(pageExport)).jsonl;
  let lists = exported(file, 'lists');
  assert.equal(lists.length, new Set(dump.visits.map((v) => v.listId)).size);
  for (const l of lists) {
    assert.deepEqual(Object.keys(l).sort(), ['id', 'ids']);
    assert.deepEqual(l.ids, dump.lists.find((x) => x.id === l.id).ids);
  }

  // Retention (30 days) deletes the three old visits; their lists stay as bases of the later
  // ones' edits, the database is consistent, and a revisit compares with the last version.
  const r = await inExtension(ext, () => chrome.runtime.sendMessage({ type: 'settings-set', settings: { retentionDays: 30 } }));
  assert.equal(r.ok, true);
  assert.ok(r.result.deleted.visits >= 3);
  raw = await rawRecords();
  const left = raw.visits.filter((v) => v.url === url);
  assert.equal(left.length, 5);
  for (const v of ofPage.slice(0, 3)) assert.ok(raw.lists.some((l) => l.id === v.listId), `base ${v.listId} kept`);
  assert.deepEqual(await check(), []);
  assert.deepEqual(integrityProblems(await dumpDb(ext)), []);
  assert.equal(await revisit(page), 'changed');
  assert.deepEqual(await check(), []);
  // The export leaves out lists kept only as bases.
  file = (await options.evaluate(pageExport)).jsonl;
  lists = exported(file, 'lists');
  raw = await rawRecords();
  assert.equal(lists.length, new Set(raw.visits.map((v) => v.listId)).size);
  assert.ok(raw.lists.length > lists.length, 'bases are kept in the database');
  await inExtension(ext, () => chrome.runtime.sendMessage({ type: 'settings-set', settings: { retentionDays: 90 } }));
  await options.close();
  await page.close();
});
