// The extension end to end in real Chromium: the test build (dist/chrome-test) loaded into
// /usr/bin/chromium, pages served by tests/site/server.mjs on 127.0.0.1.
// Build first: node scripts/build-extension.mjs

import { test } from 'node:test';
import assert from 'node:assert/strict';
import {
  useChromium, revisit, visit, settled, badge, painted, dumpDb, integrityProblems, stopWorkers, tabIdOf, inExtension, serviceWorker,
} from './chromium.mjs';
import { decodePaths } from '../../extension/shared/wire.js';

let site;
let ext;
useChromium((s, e) => {
  site = s;
  ext = e;
});

async function popup(tabId) {
  const p = await ext.context.newPage();
  await p.goto(`chrome-extension://${ext.extensionId}/popup/popup.html?tabId=${tabId}`);
  await p.waitForFunction(() => {
    const s = document.getElementById('main').dataset.status;
    return s && s !== 'pending';
  });
  return p;
}

function pageRecords(dump, url) {
  return { pages: dump.pages.filter((p) => p.url === url), visits: dump.visits.filter((v) => v.url === url) };
}

test('first visit: saved, nothing painted, no badge; the popup says saved', async () => {
  const url = site.url('first', 'news');
  const { page, state, tabId } = await visit(ext, url);
  assert.equal(state, 'first');
  const shown = await painted(page);
  assert.deepEqual(shown.blocks, {});
  assert.equal(shown.marks.length, 0);
  assert.equal(shown.ui, 0);
  assert.equal(shown.style, false);
  assert.equal(await badge(ext, tabId), '');
  const p = await popup(tabId);
  assert.equal(await p.locator('#main').getAttribute('data-status'), 'first');
  assert.match(await p.locator('#main').textContent(), /Saved/);
  const dump = await dumpDb(ext);
  const [v] = pageRecords(dump, url).visits;
  assert.ok(v);
  assert.deepEqual(integrityProblems(dump), []);
  // The stored version: every block of the page, texts by content address, paths front-coded.
  const ids = dump.lists.find((l) => l.id === v.listId).ids;
  const texts = new Map(dump.blocks.map((b) => [b.id, b.text]));
  const stored = ids.map((id) => texts.get(id));
  assert.ok(stored.includes('The council meets on Thursday to discuss the budget for the coming year.'));
  const paths = decodePaths(dump.pathsets.find((p) => p.id === v.pathsetId).paths);
  assert.equal(paths.length, ids.length);
  for (const p of paths) assert.match(p, /^\/html\[0\]\/body\[\d+\]\//);
  await p.close();
  await page.close();
});

test('early read: kept when the page stays quiet, read again when an attribute the extraction reads changes', async () => {
  const storedTexts = async (url) => {
    const dump = await dumpDb(ext);
    const [v] = pageRecords(dump, url).visits;
    const texts = new Map(dump.blocks.map((b) => [b.id, b.text]));
    return dump.lists.find((l) => l.id === v.listId).ids.map((id) => texts.get(id));
  };
  const quiet = site.url('early', 'static');
  const a = await visit(ext, quiet);
  assert.equal(await a.page.evaluate(() => document.documentElement.getAttribute('data-sincelast-test-read')), 'early');
  assert.ok((await storedTexts(quiet)).includes('Letters are welcome.'));
  // #gone is hidden after the early read: the page is read again when it settles, and the
  // hidden paragraph is not stored.
  const hiding = site.url('early', 'hiding');
  const b = await visit(ext, hiding);
  assert.equal(await b.page.evaluate(() => document.documentElement.getAttribute('data-sincelast-test-read')), 'settled');
  assert.equal(await b.page.evaluate(() => document.getElementById('gone').hidden), true);
  const stored = await storedTexts(hiding);
  assert.ok(stored.includes('The library opens at nine.'));
  assert.ok(!stored.includes('This notice is withdrawn.'), 'a block hidden before settling is not stored');
  await a.page.close();
  await b.page.close();
});

test('revisit: exactly the changed blocks are painted, badge = their count, popup lists them', async () => {
  const url = site.url('revisit', 'news');
  const { page, tabId } = await visit(ext, url);
  await site.advance('revisit');
  assert.equal(await revisit(page), 'changed');
  // Only the texts the background did not have were sent: the new article's two blocks, the
  // edited paragraph and the counter.
  const timing = JSON.parse(await page.evaluate(() => document.documentElement.getAttribute('data-sincelast-test-timing')));
  assert.equal(timing.textsSent, 4);
  const shown = await painted(page);
  // The new article at the top, the moved article and the edited paragraph; the counter is
  // noise ("Readers today: 1042"): not painted.
  assert.deepEqual([...new Set(shown.blocks.new)], ['a-storm']);
  assert.deepEqual([...new Set(shown.blocks.moved)], ['a-museum']);
  assert.deepEqual(shown.blocks.changed.sort(), ['editorial-text']);
  // Changed words are marked inside the changed paragraph, nothing else.
  assert.ok(shown.marks.includes('Wednesday'), shown.marks.join('|'));
  assert.ok(shown.marks.some((m) => m.includes('cycle lanes')), shown.marks.join('|'));
  assert.ok(!shown.marks.includes('1042'));
  // Unchanged articles are not painted; nothing of ours is in the page's own DOM.
  const paintedIds = Object.values(shown.blocks).flat();
  for (const id of ['a-harbour', 'a-library', 'a-tram', 'a-ferry', 'a-school']) assert.ok(!paintedIds.includes(id), id);
  assert.equal(shown.leaks, 0);
  assert.equal(shown.ui, 1);
  assert.equal(shown.style, true, 'the overlay draws the painted blocks');
  // The badge counts the meaningful changes: the painted ones (removed text is not painted
  // until shown; the bar counts it).
  const count = shown.count;
  const paintedBlocks = Object.values(shown.blocks).flat().length;
  const removedCount = count - paintedBlocks;
  assert.ok(removedCount >= 1, 'the removed article counts');
  assert.equal(await badge(ext, tabId), String(paintedBlocks));
  const bar = await page.evaluate(() => document.documentElement.getAttribute('data-sincelast-test-bar'));
  assert.match(bar, /new · .* changed · .* moved · .* removed/);

  // Removed text can be shown, in place of the removed article.
  await page.evaluate(() => document.dispatchEvent(new CustomEvent('sincelast-test:press', { detail: 'removed' })));
  const withRemoved = await painted(page);
  assert.equal(withRemoved.removed, removedCount);
  assert.equal(withRemoved.leaks, 0);
  // Where the removed article stood: between the library and the tram articles (drawn just
  // above the tram article).
  assert.deepEqual([...new Set(withRemoved.removedBefore)], ['a-tram']);

  // The popup: last visit, the six change-type counts and Dice, the list of changes.
  const p = await popup(tabId);
  assert.equal(await p.locator('#main').getAttribute('data-status'), 'changed');
  assert.match(await p.locator('#main').textContent(), /Last visit:/);
  assert.equal(await p.locator('ol.changes li').count(), count);
  for (const k of ['add', 'drop', 'copy', 'shrink', 'replace', 'move', 'dice']) {
    assert.match(await p.locator(`[data-metric="${k}"]`).textContent(), /^\d+(\.\d+)?$/, k);
  }
  assert.match(await p.locator('#summary').textContent(), /new/);
  await p.close();

  // Hiding removes every trace.
  await page.evaluate(() => document.dispatchEvent(new CustomEvent('sincelast-test:press', { detail: 'hide' })));
  const hidden = await painted(page);
  assert.deepEqual(hidden.blocks, {});
  assert.equal(hidden.marks.length, 0);
  assert.equal(hidden.ui + hidden.removed + hidden.leaks, 0);
  assert.equal(hidden.style, false);
  assert.equal(await page.evaluate(() => document.querySelectorAll('[style*="sincelast"], [data-sincelast-style], #a-storm [style], #editorial-text[style]').length), 0);
  const text = await page.evaluate(() => document.getElementById('editorial-text').textContent);
  assert.equal(text, 'The council meets on Wednesday to discuss the budget and the new cycle lanes for the coming year.');
  const nodes = await page.evaluate(() => document.getElementById('editorial-text').childNodes.length);
  assert.equal(nodes, 1, 'the text node is whole again');
  await page.close();
});

test('changed words inside inline markup are marked, and the markup of the page is never touched', async () => {
  const url = site.url('inline', 'inline');
  const { page } = await visit(ext, url);
  await site.advance('inline');
  assert.equal(await revisit(page), 'changed');
  // The page's own markup while painted: exactly as served.
  const before = await page.evaluate(() => document.getElementById('inline').outerHTML);
  const shown = await painted(page);
  assert.equal(shown.leaks, 0);
  assert.deepEqual(shown.blocks, { changed: ['inline'] });
  assert.ok(shown.marks.some((m) => m.startsWith('Wednes')), shown.marks.join('|'));
  assert.ok(shown.marks.includes('old'), shown.marks.join('|'));
  assert.ok(!shown.marks.some((m) => /council|six/.test(m)), shown.marks.join('|'));
  await page.evaluate(() => document.dispatchEvent(new CustomEvent('sincelast-test:press', { detail: 'hide' })));
  const after = await page.evaluate(() => document.getElementById('inline').outerHTML);
  assert.equal(after, before);
  assert.match(after, /^<p id="inline" style="letter-spacing: 0.01em">/);
  await page.close();
});

test('popup click scrolls the page to the change; the next-change command does too', async () => {
  const url = site.url('scroll', 'long');
  const { page, tabId } = await visit(ext, url);
  await site.advance('scroll');
  assert.equal(await revisit(page), 'changed');
  await page.evaluate(() => window.scrollTo(0, 0));
  const farInView = () => page.evaluate(() => {
    const r = document.getElementById('far').getBoundingClientRect();
    return r.top >= 0 && r.bottom <= innerHeight;
  });
  assert.equal(await farInView(), false);
  const p = await popup(tabId);
  await p.locator('ol.changes li.changed button').first().click();
  await page.waitForFunction(() => /:changed:/.test(document.documentElement.getAttribute('data-sincelast-test-focused') || ''));
  assert.equal(await farInView(), true);
  await p.close();

  await page.evaluate(() => window.scrollTo(0, 0));
  // What the keyboard command does (commands cannot be typed into a headless browser).
  await inExtension(ext, (id) => chrome.tabs.sendMessage(id, { type: 'next-change' }), tabId);
  await page.waitForFunction(() => window.scrollY > 500);
  assert.equal(await farInView(), true);
  await page.close();
});

test('unchanged revisit: nothing painted, no badge', async () => {
  const url = site.url('same', 'news');
  const { page, tabId } = await visit(ext, url);
  assert.equal(await revisit(page), 'unchanged');
  const shown = await painted(page);
  assert.deepEqual(shown.blocks, {});
  assert.equal(shown.ui, 0);
  assert.equal(await badge(ext, tabId), '');
  const dump = await dumpDb(ext);
  const rec = pageRecords(dump, url);
  assert.equal(rec.visits.length, 2);
  assert.equal(rec.visits[0].listId, rec.visits[1].listId, 'an unchanged version is stored once');
  await page.close();
});

test('service worker stopped between visits: the next visit still compares with the stored one', async () => {
  const url = site.url('stopped', 'news');
  const { page } = await visit(ext, url);
  await stopWorkers(ext.context, page);
  await site.advance('stopped');
  assert.equal(await revisit(page), 'changed');
  const tabId = await tabIdOf(ext, url);
  const shown = await painted(page);
  assert.deepEqual([...new Set(shown.blocks.new)], ['a-storm']);
  assert.equal(await badge(ext, tabId), String(Object.values(shown.blocks).flat().length));
  assert.deepEqual(integrityProblems(await dumpDb(ext)), []);
  await page.close();
});

test('service worker stopped while saving a visit: no torn record, the next visit works', async () => {
  const url = site.url('torn', 'news');
  const { page } = await visit(ext, url);
  // Test builds only: hold the visit's transaction open for 5 s before its last writes.
  await inExtension(ext, () => chrome.storage.local.set({ testHooks: { holdWriteMs: 5000 } }));
  await site.advance('torn');
  assert.equal(await revisit(page), 'changed'); // answered; the write is still open
  await stopWorkers(ext.context, page);
  await new Promise((r) => setTimeout(r, 5500)); // past the hold: a live worker would have written by now
  const dump = await dumpDb(ext);
  assert.deepEqual(integrityProblems(dump), []);
  const rec = pageRecords(dump, url);
  assert.equal(rec.visits.length, 1, 'the interrupted visit left nothing');
  assert.equal(rec.pages[0].lastVisitId, rec.visits[0].id);
  await inExtension(ext, () => chrome.storage.local.remove('testHooks'));
  // The next visit compares with the last complete one and is stored.
  assert.equal(await revisit(page), 'changed');
  const shown = await painted(page);
  assert.deepEqual([...new Set(shown.blocks.new)], ['a-storm']);
  const after2 = await dumpDb(ext);
  assert.deepEqual(integrityProblems(after2), []);
  assert.equal(pageRecords(after2, url).visits.length, 2);
  await page.close();
});

test('a page with a password field is not stored', async () => {
  const url = site.url('pw', 'login');
  const { page, state, tabId } = await visit(ext, url);
  assert.equal(state, 'skipped:password');
  const rec = pageRecords(await dumpDb(ext), url);
  assert.equal(rec.pages.length + rec.visits.length, 0);
  const p = await popup(tabId);
  assert.match(await p.locator('#main').textContent(), /password/);
  await p.close();
  await page.close();
});

/** Visits the demo site's page `kind`: skipped for its password field, nothing of it stored. */
async function notStored(kind) {
  const url = site.url(`pw-${kind}`, kind);
  const { page, state } = await visit(ext, url);
  assert.equal(state, 'skipped:password', kind);
  const rec = pageRecords(await dumpDb(ext), url);
  assert.equal(rec.pages.length + rec.visits.length, 0, kind);
  await page.close();
}

test('a password field in shadow roots, or added after load, keeps the page from being stored', async () => {
  for (const kind of ['shadowlogin', 'latelogin']) await notStored(kind);
});

test('a large page: a password field in closed shadow roots (visible, or in a hidden part) keeps it from being stored; one added after the visit makes the visit forgotten', async () => {
  // More elements than the scan walks whole (content/visit.js SMALL_PAGE): it looks in the
  // shadow roots and the passed-over subtrees the read's walk saw.
  for (const kind of ['bigshadowlogin', 'bighiddenlogin']) await notStored(kind);
  // The late watch on a large page walks what was added since its last look.
  const url = site.url('pw-bigplain', 'bigplain');
  const { page, state } = await visit(ext, url);
  assert.equal(state, 'first');
  assert.equal(pageRecords(await dumpDb(ext), url).visits.length, 1);
  await page.evaluate(() => {
    const host = document.createElement('div');
    document.querySelector('main').append(host);
    host.attachShadow({ mode: 'closed' }).innerHTML = '<section><span></span></section>';
  });
  // Another host, whose nested closed root holds the field.
  await page.evaluate(() => {
    const host = document.createElement('login-box');
    document.querySelector('main').append(host);
    const outer = host.attachShadow({ mode: 'closed' });
    outer.innerHTML = '<div><span></span></div>';
    outer.querySelector('span').attachShadow({ mode: 'closed' }).innerHTML = '<input type="password">';
  });
  await page.waitForFunction(() => document.documentElement.getAttribute('data-sincelast-test-forgotten') === 'password', null, { timeout: 15000 });
  await page.waitForTimeout(300);
  const rec = pageRecords(await dumpDb(ext), url);
  assert.equal(rec.pages.length + rec.visits.length, 0, 'nothing of the page is kept');
  await page.close();
});

test('a page that renders late is read after it settles', async () => {
  const url = site.url('late', 'late');
  const { page, state } = await visit(ext, url);
  assert.equal(state, 'first');
  const dump = await dumpDb(ext);
  const visitRec = pageRecords(dump, url).visits[0];
  const list = dump.lists.find((l) => l.id === visitRec.listId);
  const texts = new Map(dump.blocks.map((b) => [b.id, b.text]));
  const stored = list.ids.map((id) => texts.get(id)).join('\n');
  assert.match(stored, /Harbour bridge reopens/);
  assert.doesNotMatch(stored, /Loading the latest news/);
  await page.close();
});

test('stored version gone between "known" and "visit": the content script sends every text again', async () => {
  const url = site.url('stale', 'late');
  const { page } = await visit(ext, url);
  await site.advance('stale');
  await page.evaluate(() => {
    document.documentElement.removeAttribute('data-sincelast-test-state');
    document.documentElement.removeAttribute('data-sincelast-test-known');
  });
  await page.reload();
  // The late page keeps changing for 1.2 s: the keys are asked for long before the visit is sent.
  await page.waitForFunction(() => Number(document.documentElement.getAttribute('data-sincelast-test-known')) > 0);
  assert.equal(await page.evaluate(() => document.documentElement.hasAttribute('data-sincelast-test-state')), false);
  const r = await inExtension(ext, () => chrome.runtime.sendMessage({ type: 'delete-all' }));
  assert.equal(r.ok, true);
  assert.equal(await settled(page), 'first');
  const timing = JSON.parse(await page.evaluate(() => document.documentElement.getAttribute('data-sincelast-test-timing')));
  assert.equal(timing.textsSent, timing.blocks);
  const dump = await dumpDb(ext);
  assert.equal(pageRecords(dump, url).visits.length, 1);
  assert.deepEqual(integrityProblems(dump), []);
  await page.close();
});

test('a page whose load event never fires is still read (after a cap)', async () => {
  const url = site.url('hang', 'hanging');
  const page = await ext.context.newPage();
  await page.goto(url, { waitUntil: 'domcontentloaded' });
  assert.equal(await settled(page, 30000), 'first');
  assert.equal(await page.evaluate(() => document.readyState), 'interactive');
  await page.close();
});

test('browser pages are not handled: the popup says so', async () => {
  const page = await ext.context.newPage();
  await page.goto('chrome://version');
  const tabId = await inExtension(ext, async () => {
    const tabs = await chrome.tabs.query({});
    return tabs.find((t) => t.url === 'chrome://version/').id;
  });
  const p = await popup(tabId);
  assert.equal(await p.locator('#main').getAttribute('data-status'), 'not-handled:unsupported');
  assert.match(await p.locator('#main').textContent(), /not one/);
  await p.close();
  await page.close();
});

test('settings: excluding a site deletes its data and stops recording it; delete everything empties', async () => {
  const url = site.url('excl', 'news', 'localhost');
  const { page, tabId: exclTab } = await visit(ext, url);
  assert.equal(pageRecords(await dumpDb(ext), url).pages.length, 1);
  await site.advance('excl');
  assert.equal(await revisit(page), 'changed');
  const tabResult = () => inExtension(ext, async (id) => JSON.parse((await chrome.storage.session.get(`tab:${id}`))[`tab:${id}`]), exclTab);
  assert.ok((await tabResult()).pages[url].changes.length > 0, 'previews kept for the popup');

  // A deletion that fails leaves the setting as it was: the site is not excluded with its data kept.
  await inExtension(ext, () => chrome.storage.local.set({ testHooks: { failDeleteSites: true } }));
  const failed = await inExtension(ext, () => chrome.runtime.sendMessage({ type: 'settings-set', settings: { excludedSites: ['localhost'] } }));
  await inExtension(ext, () => chrome.storage.local.remove('testHooks'));
  assert.equal(failed.ok, false);
  const kept = await inExtension(ext, () => chrome.runtime.sendMessage({ type: 'settings-get' }));
  assert.deepEqual(kept.result.settings.excludedSites, []);
  assert.equal(pageRecords(await dumpDb(ext), url).pages.length, 1);

  const options = await ext.context.newPage();
  await options.goto(`chrome-extension://${ext.extensionId}/options/options.html`);
  await options.waitForSelector('body[data-ready="true"]');
  await options.fill('#site', 'localhost');
  await options.click('#add-site button');
  await options.waitForFunction(() => /excluded/.test(document.getElementById('status').textContent));
  let rec = pageRecords(await dumpDb(ext), url);
  assert.equal(rec.pages.length + rec.visits.length, 0, 'excluding deleted the site');
  assert.equal((await tabResult()).pages[url], undefined, 'excluding deleted the per-tab previews');

  // The same host spelled with a trailing dot is the same site.
  const dotted = site.url('excl-dot', 'static', 'localhost.');
  const d = await visit(ext, dotted);
  assert.equal(d.state, 'skipped:excluded');
  const all = await dumpDb(ext);
  assert.deepEqual(all.visits.filter((v) => /localhost/.test(v.url)), []);
  await d.page.close();

  await site.advance('excl');
  assert.equal(await revisit(page), 'skipped:excluded');
  rec = pageRecords(await dumpDb(ext), url);
  assert.equal(rec.pages.length + rec.visits.length, 0, 'nothing stored while excluded');
  assert.deepEqual((await painted(page)).blocks, {});
  const tabId = await tabIdOf(ext, url);
  const p = await popup(tabId);
  assert.equal(await p.locator('#main').getAttribute('data-status'), 'not-handled:excluded');
  await p.close();

  // Retention applies at once.
  await options.fill('#retention', '30');
  await options.click('#retention-form button');
  await options.waitForFunction(() => /30 days/.test(document.getElementById('status').textContent));
  const settings = await inExtension(ext, () => chrome.storage.local.get('settings'));
  assert.equal(settings.settings.retentionDays, 30);

  // Delete everything.
  const before2 = await dumpDb(ext);
  assert.ok(before2.visits.length > 0);
  options.once('dialog', (d) => d.accept());
  await options.click('#delete-all');
  await options.waitForFunction(() => /Everything was deleted/.test(document.getElementById('status').textContent));
  const dump = await dumpDb(ext);
  for (const [store, rows] of Object.entries(dump)) assert.equal(rows.length, 0, store);
  assert.equal(await options.locator('#stats').getAttribute('data-visits'), '0');

  // Stop excluding: recorded again.
  await options.click('#sites button');
  await options.waitForFunction(() => /no longer excluded/.test(document.getElementById('status').textContent));
  assert.equal(await revisit(page), 'first');
  await options.close();
  await page.close();
});

test('retention: visits older than the setting are deleted at once, newer ones kept', async () => {
  const oldUrl = site.url('ret-old', 'static');
  const newUrl = site.url('ret-new', 'static');
  await inExtension(ext, () => chrome.storage.local.set({ testHooks: { timeShiftMs: -40 * 86400000 } }));
  const a = await visit(ext, oldUrl);
  await inExtension(ext, () => chrome.storage.local.remove('testHooks'));
  const b = await visit(ext, newUrl);
  let dump = await dumpDb(ext);
  assert.equal(pageRecords(dump, oldUrl).visits.length, 1);
  const r = await inExtension(ext, () => chrome.runtime.sendMessage({ type: 'settings-set', settings: { retentionDays: 30 } }));
  assert.equal(r.ok, true);
  assert.ok(r.result.deleted.visits >= 1);
  dump = await dumpDb(ext);
  assert.equal(pageRecords(dump, oldUrl).visits.length + pageRecords(dump, oldUrl).pages.length, 0);
  assert.equal(pageRecords(dump, newUrl).visits.length, 1);
  assert.deepEqual(integrityProblems(dump), []);
  // Nothing left that no visit refers to.
  const live = new Set(dump.visits.flatMap((v) => dump.lists.find((l) => l.id === v.listId).ids));
  assert.deepEqual(dump.blocks.filter((x) => !live.has(x.id)), []);
  await inExtension(ext, () => chrome.runtime.sendMessage({ type: 'settings-set', settings: { retentionDays: 90 } }));
  await a.page.close();
  await b.page.close();
});

test('messages: extension pages cannot send page messages, unknown types are refused', async () => {
  const visitReply = await inExtension(ext, () => chrome.runtime.sendMessage({
    type: 'visit', title: 'x', truncated: false, hasPassword: false,
    blocks: [{ text: 'forged', path: '/html[0]', type_path: '/html', links: [] }],
  }));
  assert.equal(visitReply.ok, false);
  assert.equal(visitReply.error.kind, 'forbidden');
  const unknown = await inExtension(ext, () => chrome.runtime.sendMessage({ type: 'drop-tables' }));
  assert.equal(unknown.error.kind, 'forbidden');
  const bad = await inExtension(ext, () => chrome.runtime.sendMessage({ type: 'settings-set', settings: { retentionDays: -1 } }));
  assert.equal(bad.error.kind, 'invalid_message');
  const dump = await dumpDb(ext);
  assert.equal(dump.blocks.some((x) => x.text === 'forged'), false);
});

test('storage.session nearly full: visits are still stored, a tab result is capped, the popup says when its list did not fit', async () => {
  // What other tabs' results take (simulated): storage.session filled up to `free` bytes below its quota.
  const fill = (free, tab = -1) => inExtension(ext, async ({ f, t }) => {
    await chrome.storage.session.remove(['filler', `tab:${t}`]);
    const used = await chrome.storage.session.getBytesInUse(null);
    await chrome.storage.session.set({ filler: 'x'.repeat(chrome.storage.session.QUOTA_BYTES - used - f - 64) });
  }, { f: free, t: tab });
  const visits = async (url) => pageRecords(await dumpDb(ext), url).visits.length;
  const url = site.url('quota', 'many');
  const { page, tabId } = await visit(ext, url);
  try {
    // 600 changed paragraphs: their full list would not fit in 40 KiB; the capped one does.
    await fill(40 * 1024);
    await site.advance('quota');
    assert.equal(await revisit(page), 'changed');
    assert.equal(await visits(url), 2, 'the visit is stored');
    const raw = await inExtension(ext, async (id) => (await chrome.storage.session.get(`tab:${id}`))[`tab:${id}`], tabId);
    const result = JSON.parse(raw).pages[url];
    assert.ok(raw.length <= 26 * 1024, `tab result of ${raw.length} bytes`);
    assert.ok(result.changes.length > 0 && result.changes.length < 600, `${result.changes.length} changes listed, ${JSON.stringify(result).slice(0, 400)}`);
    assert.equal(result.total, 600);
    assert.equal(result.stored, undefined);
    let p = await popup(tabId);
    assert.equal(await p.locator('#storage-full').count(), 0);
    assert.match(await p.locator('#main').textContent(), /more/);
    await p.close();

    // No room at all: the visit is still stored; the popup says the list could not be kept.
    await fill(1024, tabId); // (this tab's earlier result taken too)
    await site.advance('quota');
    assert.equal(await revisit(page), 'changed');
    assert.equal(await visits(url), 3, 'the visit is stored');
    p = await popup(tabId);
    assert.equal(await p.locator('#main').getAttribute('data-status'), 'changed');
    assert.match(await p.locator('#storage-full').textContent(), /storage for open tabs is full/);
    await p.close();

    // Another tab keeps working.
    const other = site.url('quota-other', 'static');
    const b = await visit(ext, other);
    assert.equal(b.state, 'first');
    assert.equal(await visits(other), 1);
    await b.page.close();
  } finally {
    await inExtension(ext, () => chrome.storage.session.remove('filler'));
  }
  await page.close();
});

test('settings written from a content script are checked on read: a bad retention deletes nothing, visits keep working', async () => {
  const url = site.url('badset', 'static');
  const { page } = await visit(ext, url);
  assert.equal(pageRecords(await dumpDb(ext), url).visits.length, 1);
  // The content script's own storage.local access (the test hook writes what it is given).
  const store = async (items) => {
    const got = await page.evaluate(async (detail) => {
      const html = document.documentElement;
      html.removeAttribute('data-sincelast-test-stored');
      document.dispatchEvent(new CustomEvent('sincelast-test:store', { detail }));
      for (let i = 0; i < 100 && !html.hasAttribute('data-sincelast-test-stored'); i++) await new Promise((r) => setTimeout(r, 20));
      return html.getAttribute('data-sincelast-test-stored');
    }, JSON.stringify(items));
    assert.match(String(got), /^ok:/);
  };
  const bad = [
    { retentionDays: -1, excludedSites: 'localhost' },
    { retentionDays: 0, excludedSites: { 0: 'x' } },
    { retentionDays: 'x', excludedSites: [null, 5, {}, '127.0.0.2'] },
    { retentionDays: 1e9 },
    { retentionDays: 0.5 },
    'garbage',
  ];
  for (const settings of bad) {
    const stored = pageRecords(await dumpDb(ext), url).visits.length;
    await store({ settings });
    const worker = await serviceWorker(ext.context);
    const r = await worker.evaluate(() => globalThis.__sincelastTest.applyRetention());
    assert.equal(r.visits, 0, JSON.stringify(settings));
    assert.equal(pageRecords(await dumpDb(ext), url).visits.length, stored, `history kept with ${JSON.stringify(settings)}`);
    // Visits keep working, and the settings page is answered with clean settings.
    assert.equal(await revisit(page), 'unchanged', JSON.stringify(settings));
    const got = await inExtension(ext, () => chrome.runtime.sendMessage({ type: 'settings-get' }));
    assert.equal(got.ok, true);
    assert.ok(Array.isArray(got.result.settings.excludedSites));
    assert.ok(Number.isInteger(got.result.settings.retentionDays) && got.result.settings.retentionDays >= 1);
  }
  await inExtension(ext, () => chrome.storage.local.set({ settings: { excludedSites: [], retentionDays: 90 } }));
  await page.close();
});

test('a page dispatching the takeover event does not switch the extension off', async () => {
  const url = site.url('takeover', 'long');
  const { page, tabId } = await visit(ext, url);
  await site.advance('takeover');
  assert.equal(await revisit(page), 'changed');
  const before = await painted(page);
  assert.equal(before.ui, 1);
  // The page's own script (main world), with every kind of detail.
  await page.evaluate(() => {
    for (const detail of [undefined, null, {}, 'takeover', { token: 'x' }, 1]) {
      document.dispatchEvent(new CustomEvent('sincelast:takeover', { detail }));
      window.dispatchEvent(new CustomEvent('sincelast:takeover', { detail, bubbles: true }));
    }
    document.body.dispatchEvent(new CustomEvent('sincelast:takeover', { bubbles: true }));
  });
  await new Promise((r) => setTimeout(r, 500));
  const after = await painted(page);
  assert.equal(after.ui, 1, 'the bar is still there');
  assert.deepEqual(after.blocks, before.blocks);
  assert.deepEqual(after.marks, before.marks);
  // Still running: it still answers the background (the next-change command scrolls).
  await page.evaluate(() => window.scrollTo(0, 0));
  await inExtension(ext, (id) => chrome.tabs.sendMessage(id, { type: 'next-change' }), tabId);
  await page.waitForFunction(() => window.scrollY > 500, null, { timeout: 5000 });
  assert.equal((await painted(page)).ui, 1);
  await page.close();
});

test('leftovers of an older copy that could not clean up are swept; the page\'s own marks, styles and look-alike attributes stay', async () => {
  // What a copy of an older build left in the page when it was killed before it could clean up.
  const body = `<!doctype html><html><head><title>Leftovers</title></head><body><main>
    <sincelast-ui id="old-ui"></sincelast-ui>
    <p id="kept-style" data-sincelast="changed" data-sincelast-style="color: green" style="outline: 3px solid red">A paragraph the old copy styled, <mark data-sincelast-word="ins">three words</mark> inserted.</p>
    <p id="new-style" data-sincelast-focus="1" data-sincelast-auto="1" style="background: yellow">A paragraph the old copy focused.</p>
    <sincelast-removed id="old-removed">removed text the old copy put back</sincelast-removed>
    <p id="own">The page's own <mark id="own-mark">mark</mark> and a <span id="look-alike" data-sincelast-word="x" style="color: blue">span with a look-alike attribute</span>.</p>
  </main></body></html>`;
  const url = `${site.origin}/leftovers-of-an-older-copy`;
  const page = await ext.context.newPage();
  await page.route(url, (r) => r.fulfill({ status: 200, contentType: 'text/html; charset=utf-8', body }));
  await page.goto(url);
  await page.waitForFunction(() => !document.getElementById('old-ui') && !document.getElementById('old-removed'), null, { timeout: 15000 });
  const after = await page.evaluate(() => {
    const kept = document.getElementById('kept-style');
    const fresh = document.getElementById('new-style');
    const look = document.getElementById('look-alike');
    return {
      kept: { style: kept.getAttribute('style'), attrs: kept.getAttributeNames().sort(), text: kept.textContent, marks: kept.querySelectorAll('mark').length },
      fresh: { style: fresh.getAttribute('style'), attrs: fresh.getAttributeNames().sort() },
      ownMark: !!document.getElementById('own-mark'),
      look: { attr: look.getAttribute('data-sincelast-word'), style: look.getAttribute('style') },
    };
  });
  assert.deepEqual(after.kept, { style: 'color: green', attrs: ['id', 'style'], text: 'A paragraph the old copy styled, three words inserted.', marks: 0 });
  assert.deepEqual(after.fresh, { style: null, attrs: ['id'] });
  assert.equal(after.ownMark, true, 'the page\'s own <mark> stays');
  assert.deepEqual(after.look, { attr: 'x', style: 'color: blue' }, 'an element that is no <mark> keeps its look-alike attribute and its style');
  await page.close();
});

test('extension reloaded under a painted page: the old content script removes every trace', async () => {
  const url = site.url('orphan', 'news');
  const { page } = await visit(ext, url);
  await site.advance('orphan');
  assert.equal(await revisit(page), 'changed');
  assert.equal((await painted(page)).ui, 1);
  await inExtension(ext, () => { setTimeout(() => chrome.runtime.reload(), 50); });
  await page.waitForFunction(() => !document.querySelector('sincelast-ui, mark[data-sincelast-word], [data-sincelast]'), null, { timeout: 15000 });
  const shown = await painted(page);
  assert.equal(shown.style, false);
  assert.equal(shown.marks.length, 0);
});
