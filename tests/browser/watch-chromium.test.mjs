// watch: the watch list end to end in real Chromium (the test build, whose manifest grants the
// local test site's hosts and notifications at install, see scripts/build-extension.mjs
// testManifest): add a page, change it, fire the checks, badge and notification; a visit shows
// the changes since the last SEEN version; private addresses and redirects to them refused; a
// 6 MB page capped; the three peers' watch lists imported; a stopped worker leaves no torn
// check; the egress of 20 watched pages is only those pages.
// Build first: node scripts/build-extension.mjs

import { test } from 'node:test';
import assert from 'node:assert/strict';
import path from 'node:path';
import {
  useChromium, visit, settled, badge, painted, dumpDb, integrityProblems, stopWorkers, inExtension, serviceWorker, probe, ROOT,
} from './chromium.mjs';

let site;
let ext;
useChromium((s, e) => {
  site = s;
  ext = e;
});

/** Sends a message to the background from the settings page (an extension page). */
function ask(msg) {
  return inExtension(ext, async (m) => {
    const r = await chrome.runtime.sendMessage(m);
    if (!r || !r.ok) throw new Error(r ? `${r.error.kind}: ${r.error.message}` : 'no answer');
    return r.result;
  }, msg);
}

function setHooks(hooks) {
  return inExtension(ext, (h) => chrome.storage.local.set({ testHooks: h }), hooks);
}

async function watched(url) {
  const { watches } = await ask({ type: 'watch-list' });
  return watches.find((w) => w.url === url);
}

const local = () => `127.0.0.1:${site.port}`;

test('watch a page from the popup, change it, checks find it: badge, notification, the visit shows what changed since last SEEN', async () => {
  await setHooks({ watchAllowHosts: [local()], watchSiteGapMs: 0 });
  await ask({ type: 'watch-settings-set', settings: { notify: true } });
  const url = site.url('w-news', 'news');
  const { page, state, tabId } = await visit(ext, url);
  assert.equal(state, 'first');

  // The popup's switch adds the page (the site's access is asked for in the click).
  const popup = await ext.context.newPage();
  await popup.goto(`chrome-extension://${ext.extensionId}/popup/popup.html?tabId=${tabId}`);
  await popup.waitForSelector('#watch:not([hidden])');
  assert.equal(await popup.isChecked('#watch-toggle'), false);
  await popup.click('#watch-toggle');
  await popup.waitForFunction(() => /^Watched/.test(document.getElementById('watch-note').textContent));
  await popup.close();
  const added = await watched(url);
  assert.ok(added, 'on the watch list');
  assert.match(added.plan.reason, /^every 1 h: until the page's pace is known/);

  // Two changes, a check after each: nothing is fetched that is not on the list.
  site.requests.length = 0;
  await site.advance('w-news');
  let run = await ext.worker.evaluate(() => globalThis.__sincelastTest.watchRun(true));
  assert.deepEqual(run.changed, [url]);
  await site.advance('w-news');
  run = await ext.worker.evaluate(() => globalThis.__sincelastTest.watchRun(true));
  assert.equal(run.checked, 1);
  assert.deepEqual([...new Set(site.requests.filter((r) => !r.path.startsWith('/__')).map((r) => r.path))], ['/s/w-news/news']);
  assert.ok(site.requests.every((r) => r.cookie === null), 'no cookies sent');

  const w = await watched(url);
  assert.equal(w.status, 'ok');
  assert.equal(w.unseen, 2); // version 2 edits a paragraph again
  assert.equal(w.checksSinceSeen, 2);
  assert.ok(w.lastChange >= w.added);
  assert.match(w.plan.reason, /^every \d+ min: changed meaningfully 2 times in the last 2 checks/);
  // Stored as versions of kind "checked", whole.
  const dump = await dumpDb(ext);
  assert.deepEqual(dump.visits.filter((v) => v.url === url).map((v) => v.kind || 'visited'), ['visited', 'checked', 'checked']);
  assert.deepEqual(integrityProblems(dump), []);

  // Badge: a tab without a count of its own shows the watched pages with unseen changes.
  const other = await visit(ext, site.url('w-other', 'static'));
  assert.equal(await badge(ext, other.tabId), '1');
  assert.equal(await inExtension(ext, () => chrome.action.getBadgeText({})), '1');
  // The notification, one for the page.
  const notes = await ask({ type: 'watch-test-notifications' });
  assert.ok(notes.notifications[`watch:${url}`], JSON.stringify(notes));
  assert.match(notes.created[`watch:${url}`].title, /^Changed: /);

  // The visit compares with the version the person SAW (version 0), not the last check.
  await page.evaluate(() => document.documentElement.removeAttribute('data-sincelast-test-state'));
  await page.reload();
  assert.equal(await settled(page), 'changed');
  const shown = await painted(page);
  assert.deepEqual([...new Set(shown.blocks.new)], ['a-storm'], 'the article of version 1 is new since the last look');
  // The page's own badge: its painted changes, not the watch list's count (the list is
  // refreshed after the tab's count is kept). Set just after the reply: read for up to 5 s.
  const want = String(Object.values(shown.blocks).flat().length);
  let own = '';
  for (let k = 0; k < 50 && own !== want; k++) {
    own = await badge(ext, tabId);
    if (own !== want) await new Promise((r) => setTimeout(r, 100));
  }
  assert.equal(own, want);
  assert.equal(await page.evaluate(() => document.documentElement.getAttribute('data-sincelast-test-checks')), '2');
  assert.equal((await watched(url)).unseen, 0);
  assert.equal(await badge(ext, other.tabId), '');
  await ask({ type: 'watch-remove', url });
  await other.page.close();
  await page.close();
});

test('a watched page that only lost text changed: the check counts it, notifies, and the visit shows it removed', async () => {
  await setHooks({ watchAllowHosts: [local()], watchSiteGapMs: 0 });
  await ask({ type: 'watch-settings-set', settings: { notify: true } });
  const url = site.url('w-notices', 'notices');
  const { page, state } = await visit(ext, url);
  assert.equal(state, 'first');
  await ask({ type: 'watch-add', url });
  const run = () => ext.worker.evaluate(() => globalThis.__sincelastTest.watchRun(true));
  await run(); // a version like the one seen: no change
  assert.equal((await watched(url)).unseen, 0);
  // The closed landing stage's notice is gone; nothing else on the page changed.
  await site.advance('w-notices');
  const found = await run();
  assert.deepEqual(found.changed, [url], 'a page that only lost a paragraph changed');
  const w = await watched(url);
  assert.equal(w.unseen, 1);
  assert.equal(w.statusText, '1 meaningful change');
  const notes = await ask({ type: 'watch-test-notifications' });
  assert.ok(notes.notifications[`watch:${url}`], JSON.stringify(notes));
  // The visit: the bar counts it, and the removed text is there to show.
  await page.evaluate(() => document.documentElement.removeAttribute('data-sincelast-test-state'));
  await page.reload();
  assert.equal(await settled(page), 'changed');
  assert.equal(await page.evaluate(() => document.documentElement.getAttribute('data-sincelast-test-bar')), '1 removed');
  await ask({ type: 'watch-remove', url });
  await page.close();
});

test('a watched page whose reviews had not loaded when checked ("Loading reviews…") did not change, nor does their return', async () => {
  await setHooks({ watchAllowHosts: [local()], watchSiteGapMs: 0 });
  await ask({ type: 'watch-settings-set', settings: { notify: true } });
  const url = site.url('w-reviews', 'reviews');
  const { page, state } = await visit(ext, url);
  assert.equal(state, 'first');
  await ask({ type: 'watch-add', url });
  const run = () => ext.worker.evaluate(() => globalThis.__sincelastTest.watchRun(true));
  // Two checks read the placeholder where the reviews stood: no change (not "3 removed").
  await site.advance('w-reviews');
  for (let k = 0; k < 2; k++) {
    const found = await run();
    assert.deepEqual(found.changed, [], `check ${k + 1}`);
    const w = await watched(url);
    assert.equal(w.unseen, 0);
    assert.equal(w.statusText, 'no meaningful change');
  }
  // The reviews are back: no change either, for the check and for the visit.
  await site.advance('w-reviews');
  assert.deepEqual((await run()).changed, []);
  await page.evaluate(() => document.documentElement.removeAttribute('data-sincelast-test-state'));
  await page.reload();
  assert.equal(await settled(page), 'unchanged');
  assert.equal((await painted(page)).count, 0);
  await ask({ type: 'watch-remove', url });
  await page.close();
});

test('the schedule lengthens on a page that does not change and shortens on one that does (the clock shifted by the test hook)', async () => {
  const run = () => ext.worker.evaluate(() => globalThis.__sincelastTest.watchRun(true));
  let shiftMs = 0;
  const hooks = () => setHooks({ watchAllowHosts: [local()], watchSiteGapMs: 0, watchTimeShiftMs: shiftMs });
  // Each page on its own, its clock moved on by its own interval before every check.
  const follow = async (url, story) => {
    await hooks();
    await ask({ type: 'watch-add', url });
    await run(); // the first version
    const intervals = [];
    for (let k = 0; k < 4; k++) {
      shiftMs += (await watched(url)).plan.interval_secs * 1000;
      if (story) await site.advance(story);
      await hooks();
      await run();
      intervals.push((await watched(url)).plan.interval_secs);
    }
    const { reason } = (await watched(url)).plan;
    await ask({ type: 'watch-remove', url });
    return { intervals, reason };
  };
  const still = await follow(site.url('w-still', 'static'), null);
  // Unchanged: 1 h, then twice the last wait at every check (the last wait includes the few
  // real seconds of the test itself).
  still.intervals.forEach((got, k) => {
    const want = 3600 * 2 ** (k + 1);
    assert.ok(got >= want && got < want * 1.02, `${got} after ${k + 1} checks, about ${want}`);
  });
  assert.match(still.reason, /^every 16 h: no meaningful change in the last 4 checks/);
  const busy = await follow(site.url('w-busy', 'growing'), 'w-busy');
  // Changed at every check: down to the shortest interval, and kept there.
  assert.deepEqual(busy.intervals, [1800, 1800, 1800, 1800]);
  assert.match(busy.reason, /^every 30 min: changed meaningfully 4 times in the last 4 checks .*the shortest interval allowed$/);
});

test('private addresses are refused, redirects to them too; a 6 MB page is capped with a clear status', async () => {
  // Only localhost:<port> allowed: 127.0.0.1 is private again.
  await setHooks({ watchAllowHosts: [`localhost:${site.port}`], watchSiteGapMs: 0 });
  await assert.rejects(ask({ type: 'watch-add', url: site.url('w-priv', 'news') }), /refused: private address/);
  await assert.rejects(ask({ type: 'watch-add', url: 'http://[::1]:1/' }), /refused: private address/);
  await assert.rejects(ask({ type: 'watch-add', url: 'http://10.1.2.3/' }), /refused: private address/);
  const redirect = `http://localhost:${site.port}/watch/redirect?to=/s/w-redir/news`;
  await ask({ type: 'watch-add', url: redirect });
  site.requests.length = 0;
  const run = await ext.worker.evaluate((u) => globalThis.__sincelastTest.watchRun(false).then(() => globalThis.__sincelastTest.watchAll()).then((ws) => ws.find((w) => w.url === u)), redirect);
  assert.equal(run.status, 'refused', JSON.stringify(run));
  assert.match(run.statusText, /^refused: (private address \(after a redirect\)|the page redirects and the browser hides where to \(not followed\))$/);
  assert.ok(!site.requests.some((r) => r.path.startsWith('/s/w-redir/')), 'the redirect target was never requested');
  await ask({ type: 'watch-remove', url: redirect });

  await setHooks({ watchAllowHosts: [local()], watchSiteGapMs: 0 });
  const big = site.url('w-big', 'big');
  await ask({ type: 'watch-add', url: big });
  const checked = await ask({ type: 'watch-check-now', url: big });
  assert.equal(checked.watch.status, 'capped');
  // The settings page's list says so.
  const p = await probe(ext);
  await p.reload();
  const status = p.locator(`li.watch[data-url="${big}"] [data-field="status"]`);
  await status.waitFor();
  assert.match(await status.textContent(), /^Capped at 5 MB: capped at 5 MB/);
  await ask({ type: 'watch-remove', url: big });
});

test('watch lists of Distill, Update Scanner and SiteDelta import from the settings page', async () => {
  const p = await probe(ext);
  await p.reload();
  const expected = { 'distill.json': [3, 2, 'Distill'], 'update-scanner.json': [3, 1, 'Update Scanner'], 'sitedelta.json': [2, 1, 'SiteDelta'] };
  for (const [file, [added, skipped, name]] of Object.entries(expected)) {
    await p.setInputFiles('#watch-import-file', path.join(ROOT, 'tests/watch-import', file));
    await p.waitForFunction((n) => (document.getElementById('watch-status').textContent || '').startsWith(`Imported from ${n}`), name);
    const summary = await p.locator('#watch-import-result p').textContent();
    assert.equal(summary, `${name}: ${added} page${added === 1 ? '' : 's'} added, ${skipped} left out.`);
  }
  const { watches } = await ask({ type: 'watch-list' });
  const imported = watches.filter((w) => w.source);
  assert.equal(imported.length, 8);
  const shop = imported.find((w) => w.url === 'https://shop.example.com/item/42');
  assert.equal(shop.importedInterval, 21600);
  assert.equal(shop.label, 'Shopping');
  assert.ok(shop.notCarried.some((n) => n.startsWith('the change threshold')));
  assert.equal(imported.find((w) => w.url === 'https://old.example.com/').paused, true);
  assert.match(await p.locator('li.watch[data-url="https://www.example.de/termine"] [data-field="not-carried"]').textContent(), /include\/exclude regions/);
  // They are not fetched in this test (no network): removed again.
  for (const w of imported) await ask({ type: 'watch-remove', url: w.url });
});

test('a worker stopped during a check leaves no torn record', async () => {
  await setHooks({ watchAllowHosts: [local()], watchSiteGapMs: 0, watchHoldWriteMs: 4000 });
  const url = site.url('w-torn', 'static');
  await ask({ type: 'watch-add', url });
  const before = await dumpDb(ext);
  const beforeWatch = await watched(url);
  await ext.worker.evaluate(() => { globalThis.__sincelastTest.watchRun(true); return 1; });
  await new Promise((r) => setTimeout(r, 1500));
  await stopWorkers(ext.context, await probe(ext));
  await new Promise((r) => setTimeout(r, 500));
  ext.worker = await serviceWorker(ext.context).catch(() => null);
  const after = await dumpDb(ext);
  assert.equal(after.visits.length, before.visits.length, 'the check was not half written');
  assert.deepEqual(integrityProblems(after), []);
  const afterWatch = await watched(url);
  assert.equal(afterWatch.lastCheck, beforeWatch.lastCheck);
  assert.equal(afterWatch.recent.length, beforeWatch.recent.length);
  await ask({ type: 'watch-remove', url });
});

test('egress of a session with 20 watched pages: only those pages, each once, no cookies; one request a minute per site', async () => {
  await setHooks({ watchAllowHosts: [local()], watchSiteGapMs: 0 });
  const urls = Array.from({ length: 20 }, (_, k) => site.url(`egress-${k}`, 'static'));
  for (const url of urls) await ask({ type: 'watch-add', url });
  site.requests.length = 0;
  const worker = await serviceWorker(ext.context);
  const run = await worker.evaluate(() => globalThis.__sincelastTest.watchRun(true));
  assert.ok(run.checked >= 20, JSON.stringify(run));
  const paths = site.requests.filter((r) => !r.path.startsWith('/__')).map((r) => `http://${r.host}${r.path}`);
  const allowed = new Set(urls);
  assert.deepEqual(paths.filter((p) => !allowed.has(p)), [], 'nothing but the watched pages');
  assert.deepEqual([...new Set(paths)].sort(), [...urls].sort());
  assert.ok(site.requests.every((r) => r.cookie === null));
  // With the real gap (one request a minute per site): the site was just fetched, so every
  // page of it waits.
  await setHooks({ watchAllowHosts: [local()] });
  const pair = await worker.evaluate(async () => {
    const r = await globalThis.__sincelastTest.watchRun(true);
    return { checked: r.checked, deferred: r.deferred };
  });
  assert.equal(pair.checked, 0, 'the site was fetched less than a minute ago');
  assert.equal(pair.deferred, urls.length);
  for (const url of urls) await ask({ type: 'watch-remove', url });
});

test('the context menu entry watches the page; clicking its notification opens the page with the changes since the last look', async () => {
  await setHooks({ watchAllowHosts: [local()], watchSiteGapMs: 0 });
  await ask({ type: 'watch-settings-set', settings: { notify: true } });
  const url = site.url('w-menu', 'news');
  const first = await visit(ext, url);
  assert.equal(first.state, 'first');
  // "Watch this page" from the page's context menu (its real handler, with the tab it was opened on).
  await ext.worker.evaluate((id) => globalThis.__sincelastTest.watchMenu(id), first.tabId);
  const added = await watched(url);
  assert.ok(added, 'the menu entry put the page on the watch list');
  await ext.worker.evaluate(() => globalThis.__sincelastTest.watchRun(true));
  await first.page.close();
  await site.advance('w-menu');
  const run = await ext.worker.evaluate(() => globalThis.__sincelastTest.watchRun(true));
  assert.deepEqual(run.changed, [url]);
  const notes = await ask({ type: 'watch-test-notifications' });
  assert.ok(notes.created[`watch:${url}`], JSON.stringify(notes.created));
  // A click on the notification opens the page; its visit shows what changed since the last look.
  const before = new Set(ext.context.pages());
  await ext.worker.evaluate((id) => globalThis.__sincelastTest.watchNotificationClick(id), `watch:${url}`);
  let page = null;
  for (let i = 0; i < 150 && !page; i++) {
    page = ext.context.pages().find((p) => !before.has(p) && p.url() === url) || null;
    if (!page) await new Promise((r) => setTimeout(r, 100));
  }
  assert.ok(page, 'the click opened the page');
  assert.equal(await settled(page), 'changed');
  const shown = await painted(page);
  assert.deepEqual([...new Set(shown.blocks.new)], ['a-storm']);
  assert.equal((await watched(url)).unseen, 0);
  await ask({ type: 'watch-remove', url });
  await page.close();
});
