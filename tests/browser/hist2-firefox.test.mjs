// Compact history storage in real Firefox (see hist2-chromium.test.mjs): a page visited through
// four versions keeps its first block-id list in full and the later ones as edits against the
// version before (extension/shared/listdelta.js) in Firefox's IndexedDB; the extension's
// consistency check reads them through, the export file lists them in full with the ids of the
// version they stand for, and a revisit compares with the last version.
// Build first: node scripts/build-extension.mjs

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { useFirefox } from './firefox.mjs';
import { pageExport } from './export-helpers.mjs';

const ff = useFirefox();
const inPage = (fn, arg) => ff.driver.executeScript(`return (${fn})(arguments[0])`, arg);

/** In an extension page: the raw list records, the visits and the consistency check. */
async function stored() {
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
  const lists = (await all('lists')).map((r) => (r.edits ? { id: r.id, kind: 'edits', base: r.base, depth: r.depth, bytes: r.edits.byteLength } : { id: r.id, kind: 'full', bytes: r.ids.length }));
  const visits = await all('visits');
  db.close();
  const check = await browser.runtime.sendMessage({ type: 'test-check' });
  return { lists, visits, problems: check.problems ?? check.result?.problems ?? check };
}

test('Firefox: later versions stored as edits, read through by the check and the export', async () => {
  const news = ff.site.url('ff-hist2', 'knot'); // tests/site/knot-page.mjs: a slot changes at each advance
  assert.equal(await ff.load(news), 'first');
  for (let i = 0; i < 3; i++) {
    await ff.site.advance('ff-hist2');
    assert.equal(await ff.load(news), 'changed');
  }
  const { pageHandle } = await ff.openExtensionPage('options');
  await ff.waitFor("return document.body.dataset.ready === 'true'", 'settings ready');
  const got = await inPage(stored);
  const visits = got.visits.filter((v) => v.url === news).sort((a, b) => a.id - b.id);
  assert.equal(visits.length, 4);
  const byId = new Map(got.lists.map((l) => [l.id, l]));
  const kinds = visits.map((v) => byId.get(v.listId));
  assert.equal(kinds[0].kind, 'full');
  const changed = kinds.slice(1).filter((k, i) => visits[i + 1].listId !== visits[i].listId);
  assert.ok(changed.length >= 2, JSON.stringify(kinds));
  for (const k of changed) {
    assert.equal(k.kind, 'edits', JSON.stringify(k));
    assert.ok(k.bytes < kinds[0].bytes / 2, JSON.stringify(k));
  }
  assert.deepEqual(got.problems, []);
  // The export lists every list in full: ids only, as many as the lists visits name.
  const file = (await inPage(pageExport)).jsonl;
  const lists = file.split('\n').filter((l) => l.startsWith('{"store":"lists"')).map((l) => JSON.parse(l).value);
  assert.equal(lists.length, new Set(got.visits.map((v) => v.listId)).size);
  for (const l of lists) {
    assert.deepEqual(Object.keys(l).sort(), ['id', 'ids']);
    assert.ok(l.ids.length > 0 && l.ids.every((id) => /^[0-9a-f]{16}$/.test(id)));
  }
  // The last version's list in full has as many ids as the one before it had, give or take
  // the page's change (a story in, a story out).
  const last = lists.find((l) => l.id === visits[3].listId);
  const first = lists.find((l) => l.id === visits[0].listId);
  assert.ok(Math.abs(last.ids.length - first.ids.length) <= 6, `${first.ids.length} → ${last.ids.length}`);
  await ff.driver.close();
  await ff.driver.switchTo().window(pageHandle);
  await ff.site.advance('ff-hist2');
  assert.equal(await ff.load(news), 'changed');
});
