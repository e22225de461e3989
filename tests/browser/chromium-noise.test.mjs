// Meaningful change only, end to end in real Chromium: a site whose pages share a header and a
// footer, and whose home page has a visitor counter, a clock and a rotating banner that change
// on every load (tests/site/server.mjs, "Riverside Town Hall"). After the person has seen the
// site's pages and reloaded the home page, a revisit where one paragraph was really edited
// highlights that paragraph only; the automated changes appear on demand, with their reasons;
// the settings page lists the learned rules, and removing one takes effect at once.
// Its own browser profile: the site model of 127.0.0.1 starts empty.
// Build first: node scripts/build-extension.mjs

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { useChromium, revisit, visit, badge, painted, inExtension, stopWorkers, putBackOldDatabase } from './chromium.mjs';

let site;
let ext;
useChromium((s, e) => {
  site = s;
  ext = e;
});

const attr = (page, name) => page.evaluate((n) => document.documentElement.getAttribute(`data-sincelast-test-${n}`), name);

async function press(page, action) {
  await page.evaluate((a) => document.dispatchEvent(new CustomEvent('sincelast-test:press', { detail: a })), action);
  assert.match(await attr(page, 'pressed'), new RegExp(`^${action}:ok:`));
}

/** Elements painted as automated changes: id → kind (from the test build's report). */
const autoPainted = async (page) => Object.fromEntries((await painted(page)).auto || []);

test('counter, clock and rotating banner are not highlighted; a real edit is; learned rules are listed and removable', async () => {
  const url = site.url('town', 'town');
  // Two days ago (test builds can date visits): the site's other pages, the home page and a
  // reload a few seconds later.
  await inExtension(ext, () => chrome.storage.local.set({ testHooks: { timeShiftMs: -2 * 86400000 } }));
  for (const other of ['events', 'contact']) {
    const v = await visit(ext, site.url('town', other));
    assert.equal(v.state, 'first');
    await v.page.close();
  }
  const { page, state, tabId } = await visit(ext, url);
  assert.equal(state, 'first');
  await revisit(page); // counter, clock and banner change; the banner is not known to rotate yet
  await inExtension(ext, () => chrome.storage.local.remove('testHooks'));

  // Today: the pool paragraph was edited; counter, clock and banner changed again; the shared
  // footer changed on every page of the site (seen on the two other pages first).
  await site.advance('town');
  for (const other of ['events', 'contact']) {
    const v = await visit(ext, site.url('town', other));
    await v.page.close();
  }
  assert.equal(await revisit(page), 'changed');
  const shown = await painted(page);
  assert.deepEqual(shown.blocks, { changed: ['town-pool'] }, JSON.stringify(shown.blocks));
  assert.ok(shown.marks.some((m) => /end of May/.test(m)), shown.marks.join('|'));
  assert.ok(!shown.marks.some((m) => /10,4|10:4/.test(m)), shown.marks.join('|'));
  assert.equal(await badge(ext, tabId), '1');
  assert.equal(await attr(page, 'bar'), '1 changed');
  assert.deepEqual(await autoPainted(page), {});
  assert.equal(await attr(page, 'auto-toggle'), 'show 5 automated changes');

  // The automated changes, on demand: dashed, each with its reason.
  await press(page, 'automated');
  assert.deepEqual(await autoPainted(page), { 'town-banner': 'noise', 'town-counter': 'noise', 'town-clock': 'noise', 'town-address': 'template' });
  const auto = JSON.parse(await attr(page, 'auto'));
  const reasons = Object.fromEntries(auto.map((a) => [a.reason.startsWith('learned: rotating') ? 'banner' : a.reason, a]));
  assert.ok(reasons.counter, JSON.stringify(auto));
  assert.ok(reasons.clock, JSON.stringify(auto));
  assert.ok(reasons.banner, JSON.stringify(auto));
  // The banner's slot: the old text removed, the new one new (a box says why the old one went).
  assert.deepEqual(auto.filter((a) => a.reason.startsWith('learned: rotating')).map((a) => a.status).sort(), ['new', 'removed']);
  assert.ok(reasons.template, JSON.stringify(auto));
  assert.equal(auto.length, 5, JSON.stringify(auto));
  assert.equal(await attr(page, 'auto-toggle'), 'hide 5 automated changes');
  const withAuto = await painted(page);
  assert.equal(withAuto.removed, 1);
  assert.equal(withAuto.leaks, 0, 'drawn in the overlay, nothing in the page');
  assert.ok(withAuto.auto.some(([id]) => id === 'town-counter'), JSON.stringify(withAuto.auto));
  // Still one content highlight, and the badge is unchanged.
  assert.deepEqual((await painted(page)).blocks, { changed: ['town-pool'] });
  assert.equal(await badge(ext, tabId), '1');
  await press(page, 'automated');
  assert.deepEqual(await autoPainted(page), {});
  assert.equal(await attr(page, 'auto'), 'hidden');
  assert.equal(await attr(page, 'auto-toggle'), 'show 5 automated changes');
  assert.equal((await painted(page)).removed, 0);
  assert.equal(await page.evaluate(() => document.getElementById('town-counter').getAttribute('style')), null);
  // next/previous walk the content change only.
  await press(page, 'next');
  assert.match(await attr(page, 'focused'), /^0:changed:|^\d+:changed:/);

  // The popup: one change listed; the automated ones under their toggle, with reasons.
  const p = await ext.context.newPage();
  await p.goto(`chrome-extension://${ext.extensionId}/popup/popup.html?tabId=${tabId}`);
  await p.waitForFunction(() => document.getElementById('main').dataset.status === 'changed');
  assert.equal(await p.locator('ol.changes li').count(), 1);
  assert.match(await p.locator('#summary').textContent(), /^1 changed$/);
  assert.equal(await p.locator('ol.automated li').count(), 5);
  assert.equal(await p.locator('ol.automated li').first().isVisible(), false, 'hidden until the toggle is opened');
  await p.locator('details#automated summary').click();
  const popupReasons = await p.locator('ol.automated .reason').allTextContents();
  assert.ok(['counter', 'clock', 'template'].every((r) => popupReasons.includes(r)), popupReasons.join('|'));
  assert.ok(popupReasons.some((r) => /^learned: rotating/.test(r)), popupReasons.join('|'));
  await p.close();

  // The settings page: the rules learned for the site, the template model's size.
  const options = await ext.context.newPage();
  await options.goto(`chrome-extension://${ext.extensionId}/options/options.html`);
  await options.waitForSelector('body[data-ready="true"]');
  const box = options.locator('.site-model[data-site="127.0.0.1"]');
  assert.equal(await box.locator('.template-pages').getAttribute('data-pages'), '3');
  const labels = await box.locator('.rules li .label').allTextContents();
  assert.ok(labels.some((l) => /visitor number \{\*\}/.test(l)), labels.join('|'));
  assert.ok(labels.some((l) => /^rotating: /.test(l)), labels.join('|'));
  assert.match(await box.locator('.rules li').first().textContent(), /learned from .*\d+ hits?/);
  // Remove the banner's rule: from the next visit on, the banner counts as content again.
  const rotating = box.locator('.rules li', { hasText: 'rotating: ' });
  const ruleId = await rotating.getAttribute('data-rule-id');
  await rotating.locator('button').click();
  await options.waitForFunction(() => /removed/.test(document.getElementById('status').textContent));
  assert.equal(await box.locator(`.rules li[data-rule-id="${ruleId}"]`).count(), 0);
  const left = await inExtension(ext, () => chrome.runtime.sendMessage({ type: 'site-models' }));
  const rules = left.result.sites.find((s) => s.site === '127.0.0.1').rules;
  assert.ok(!rules.some((r) => r.id === ruleId));
  assert.equal(rules.length, labels.length - 1);

  assert.equal(await revisit(page), 'changed');
  const after2 = await painted(page);
  assert.deepEqual(Object.values(after2.blocks).flat(), ['town-banner'], JSON.stringify(after2.blocks));
  assert.equal(await badge(ext, tabId), '1');
  // The banner flipped back to a text it showed before, which would teach the rule again: a
  // removed rule stays off.
  const again = await inExtension(ext, () => chrome.runtime.sendMessage({ type: 'site-models' }));
  assert.ok(!again.result.sites.find((s) => s.site === '127.0.0.1').rules.some((r) => r.id === ruleId));
  assert.equal(await revisit(page), 'changed');
  assert.deepEqual(Object.values((await painted(page)).blocks).flat(), ['town-banner']);
  const unknown = await inExtension(ext, (id) => chrome.runtime.sendMessage({ type: 'remove-rule', site: '127.0.0.1', id }), ruleId);
  assert.equal(unknown.error.kind, 'not_found');

  // Excluding the site deletes its model too.
  await options.fill('#site', '127.0.0.1');
  await options.click('#add-site button');
  await options.waitForFunction(() => /excluded/.test(document.getElementById('status').textContent));
  const gone = await inExtension(ext, () => chrome.runtime.sendMessage({ type: 'site-models' }));
  assert.equal(gone.result.sites.length, 0);
  await options.click('#sites button');
  await options.waitForFunction(() => /no longer excluded/.test(document.getElementById('status').textContent));
  await options.close();
  await page.close();
});

/** A site model as database version 2 stored it: one JSON string (one learned rule, one removed). */
const LEGACY_MODEL = JSON.stringify({
  noise: {
    rules: [{ id: '475c63bc670a1ffd', rule: { type: 'slots', pattern: ['Wetter', ':', ' ', null, ' ', 'in', ' ', 'Berlin'] }, learned_from: 'near_simultaneous', hits: 4, label: 'Wetter: {*} in Berlin' }],
    recent: {},
    removed: ['5e2a04f2473815a4'],
  },
  templates: { pages: {}, next_seq: 0, version: 3 },
});

/** The database as the worker left it: version, stores, and counts. */
function readDatabase() {
  return (async () => {
    const db = await new Promise((res, rej) => {
      const r = indexedDB.open('sincelast');
      r.onsuccess = () => res(r.result);
      r.onerror = () => rej(r.error);
    });
    const out = { version: db.version, stores: [...db.objectStoreNames].sort() };
    const get = (s) => new Promise((res) => { const r = db.transaction(s).objectStore(s).getAll(); r.onsuccess = () => res(r.result); });
    out.visits = (await get('visits')).length;
    out.listKinds = [...new Set((await get('lists')).map((l) => (Array.isArray(l.ids) ? 'strings' : 'packed')))].sort();
    out.sites = (await get('sites')).length;
    out.sitePages = (await get('sitePages')).map((p) => [p.site, p.url]);
    out.rules = (await get('rules')).map((r) => ({ site: r.site, id: r.id, label: r.label, hits: r.hits, removed: r.removed }));
    db.close();
    return out;
  })();
}

for (const version of [1, 2]) {
  test(`database upgrade from version ${version} keeps every visit${version === 2 ? ' and converts the site model to records' : ''}`, async () => {
    const url = site.url(`upgrade${version}`, 'static');
    const { page } = await visit(ext, url);
    // Put back an old database holding what is stored now (the worker's connection closes when
    // asked to), then stop the worker: it reopens the database, and upgrades it, on the next visit.
    const kept = await inExtension(ext, `(${putBackOldDatabase})(${JSON.stringify({ version, models: { '127.0.0.1': LEGACY_MODEL } })})`);
    assert.ok(kept.visits >= 1 && kept.pages >= 1, JSON.stringify(kept));
    await stopWorkers(ext.context, page);
    // The revisit compares with the visit stored before the upgrade.
    assert.equal(await revisit(page), 'unchanged');
    const after = await inExtension(ext, `(${readDatabase})()`);
    assert.equal(after.version, 4);
    // version 4 adds the watch list (watches) and the link graph (linkPages, linkSeen).
    assert.deepEqual(after.stores, ['blocks', 'linkPages', 'linkSeen', 'lists', 'pages', 'pathsets', 'rules', 'sitePages', 'sites', 'visits', 'watches']);
    assert.equal(after.visits, kept.visits + 1);
    // The old lists (hex strings) were read; the revisit's list, if new, is packed.
    assert.ok(after.listKinds.includes('strings'), JSON.stringify(after.listKinds));
    assert.equal(after.sites, 0, 'no site model left as one JSON string');
    assert.ok(after.sitePages.some(([s, u]) => s === '127.0.0.1' && u === url), 'the revisit stored its page record');
    if (version === 2) {
      // The learned rule came over with its hits, and the rule the person removed stays removed.
      const rules = after.rules.filter((r) => r.site === '127.0.0.1');
      assert.deepEqual(rules.find((r) => r.id === '475c63bc670a1ffd'), { site: '127.0.0.1', id: '475c63bc670a1ffd', label: 'Wetter: {*} in Berlin', hits: 4, removed: false });
      assert.equal(rules.find((r) => r.id === '5e2a04f2473815a4')?.removed, true, JSON.stringify(rules));
      const listed = await inExtension(ext, () => chrome.runtime.sendMessage({ type: 'site-models' }));
      const mine = listed.result.sites.find((x) => x.site === '127.0.0.1');
      assert.ok(mine.rules.some((r) => r.label === 'Wetter: {*} in Berlin' && r.hits === 4), JSON.stringify(mine));
      assert.ok(!mine.rules.some((r) => r.id === '5e2a04f2473815a4'));
    }
    await page.close();
  });
}

test('retention forgets deleted pages in the site model; delete everything deletes the models', async () => {
  const models = async () => (await inExtension(ext, () => chrome.runtime.sendMessage({ type: 'site-models' }))).result.sites;
  const pagesOf = async () => ((await models()).find((s) => s.site === '127.0.0.1') || { templatePages: 0 }).templatePages;
  const before2 = await pagesOf();
  await inExtension(ext, () => chrome.storage.local.set({ testHooks: { timeShiftMs: -40 * 86400000 } }));
  const old = await visit(ext, site.url('forget', 'news'));
  await inExtension(ext, () => chrome.storage.local.remove('testHooks'));
  assert.equal(old.state, 'first');
  assert.equal(await pagesOf(), before2 + 1);
  const r = await inExtension(ext, () => chrome.runtime.sendMessage({ type: 'settings-set', settings: { retentionDays: 30 } }));
  assert.equal(r.ok, true);
  assert.equal(r.result.deleted.pages, 1);
  assert.equal(await pagesOf(), before2, 'the deleted page left the template model');
  await inExtension(ext, () => chrome.runtime.sendMessage({ type: 'settings-set', settings: { retentionDays: 90 } }));

  assert.ok((await models()).length > 0);
  const d = await inExtension(ext, () => chrome.runtime.sendMessage({ type: 'delete-all' }));
  assert.equal(d.ok, true);
  assert.deepEqual(await models(), []);
  await old.page.close();
});
