// Upgrade (issue 13): databases of every earlier schema version (1 and 2), written here by
// putting back what the extension stored in the old stores' shapes (lists as hex strings; from
// version 2 one legacy site model per site, as one JSON string), upgrade in place with nothing
// lost — every page's revisit compares with the version stored before the upgrade — and an
// upgrade interrupted (the worker stopped at several moments while it opens, upgrades and
// converts) resumes on the next start. Quick: 6 pages; STRESS=full: 40 pages, 10 interruptions.
// Figures: pages stored before and found after, interruptions, version reached.

import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { launch, startSite, visit, settled, inExtension, stopWorkers, putBackOldDatabase } from '../browser/chromium.mjs';
import { figure, tier } from './figures.mjs';

const PAGES = tier(6, 40);
const INTERRUPTIONS = tier(3, 10);
const KINDS = ['static', 'news', 'town', 'events', 'contact', 'inline', 'long', 'many'];

/** A legacy (version 2) site model: one learned rule and one removed one. */
const legacyModel = (label) => JSON.stringify({
  noise: {
    rules: [{ id: '475c63bc670a1ffd', rule: { type: 'slots', pattern: [label, ':', ' ', null] }, learned_from: 'near_simultaneous', hits: 4, label: `${label}: {*}` }],
    recent: {},
    removed: ['5e2a04f2473815a4'],
  },
  templates: { pages: {}, next_seq: 0, version: 3 },
});

/** Runs in an extension page: version, stores, counts, rules. */
function readBack() {
  return (async () => {
    const db = await new Promise((res, rej) => {
      const r = indexedDB.open('sincelast');
      r.onsuccess = () => res(r.result);
      r.onerror = () => rej(r.error);
    });
    const get = (s) => new Promise((res) => { const r = db.transaction(s).objectStore(s).getAll(); r.onsuccess = () => res(r.result); });
    const out = { version: db.version, stores: [...db.objectStoreNames].sort() };
    out.visits = (await get('visits')).length;
    out.pages = (await get('pages')).map((p) => p.url).sort();
    out.sites = out.stores.includes('sites') ? (await get('sites')).length : -1;
    out.rules = out.stores.includes('rules') ? (await get('rules')).map((r) => `${r.site}:${r.id}:${r.hits}:${r.removed}`).sort() : [];
    db.close();
    return out;
  })();
}

for (const version of [1, 2]) {
  describe(`from version ${version}`, () => {
    test(`${PAGES} pages upgrade in place through ${INTERRUPTIONS} interruptions, nothing lost`, async () => {
      const site = await startSite(0);
      const ext = await launch();
      try {
        const urls = Array.from({ length: PAGES }, (_, i) => site.url(`up${version}-${i % 5}`, KINDS[i % KINDS.length], i % 2 ? 'localhost' : '127.0.0.1'));
        const page = await ext.context.newPage();
        for (const url of urls) await visit(ext, url, page);
        const before = await inExtension(ext, `(${readBack})()`);
        const models = { '127.0.0.1': legacyModel('Wetter'), localhost: legacyModel('Wind') };
        const kept = await inExtension(ext, `(${putBackOldDatabase})(${JSON.stringify({ version, models })})`);
        assert.equal(kept.pages, before.pages.length);
        // Interruptions: the worker is stopped while a visit makes it open (and upgrade) the
        // database and convert a site's legacy model, at a different moment each time.
        let interrupted = 0;
        for (let k = 0; k < INTERRUPTIONS; k++) {
          await stopWorkers(ext.context, page);
          await page.evaluate(() => document.documentElement.removeAttribute('data-sincelast-test-state'));
          const nav = page.goto(urls[k % urls.length]).catch(() => {});
          await page.waitForTimeout(20 + 60 * k);
          await stopWorkers(ext.context, page);
          interrupted++;
          await nav;
        }
        // Every page again: each compares with its version stored before the upgrade.
        await stopWorkers(ext.context, page);
        const states = [];
        for (const url of urls) {
          await page.evaluate(() => document.documentElement.removeAttribute('data-sincelast-test-state'));
          await page.goto(url);
          states.push(await settled(page, 60000));
        }
        const after = await inExtension(ext, `(${readBack})()`);
        const lost = before.pages.filter((u) => !after.pages.includes(u));
        const first = states.filter((s) => s === 'first').length;
        figure(`upgrade.v${version}.pages_before`, before.pages.length, PAGES);
        figure(`upgrade.v${version}.pages_lost`, lost.length, 0);
        figure(`upgrade.v${version}.revisits_seen_as_first`, first, 0);
        figure(`upgrade.v${version}.interruptions`, interrupted, INTERRUPTIONS);
        figure(`upgrade.v${version}.version_after`, after.version, 4);
        assert.equal(after.version, 4); // version 4: watches, link graph
        assert.deepEqual(lost, []);
        assert.equal(first, 0, `states: ${states}`);
        assert.ok(after.visits >= before.visits + PAGES, `${after.visits} visits, ${before.visits} before`);
        if (version === 2) {
          assert.equal(after.sites, 0, 'every legacy site model converted');
          for (const s of ['127.0.0.1', 'localhost']) {
            assert.ok(after.rules.includes(`${s}:475c63bc670a1ffd:4:false`), JSON.stringify(after.rules));
            assert.ok(after.rules.includes(`${s}:5e2a04f2473815a4:0:true`), JSON.stringify(after.rules));
          }
        }
      } finally {
        await ext.close();
        await site.close();
      }
    });
  });
}
