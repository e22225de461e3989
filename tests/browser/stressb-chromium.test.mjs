// stressb's functional tests in real Chromium: a page moving its URL with replaceState while it
// is read is not stored as the other URL; 'known' is validated; a stored block is never
// overwritten by another text under its id; a one-time-code field counts as a password field;
// sensitive sites (a default list, editable in the settings) are never kept; a page in an
// incognito window (the extension is "not_allowed" there) leaves nothing stored.
// Build first: node scripts/build-extension.mjs

import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { probe } from './chromium.mjs';
import { startPages } from './stressb-pages.mjs';
import { launchChromium, checkDb, visitCounts, sleep } from '../stress/stressb-common.mjs';

let pages;
let ext;
let pr;
before(async () => {
  pages = await startPages();
  ext = await launchChromium(['--host-resolver-rules=MAP *.test 127.0.0.1']);
  pr = await probe(ext);
});
after(async () => {
  await ext?.close();
  await pages?.close();
});

async function load(page, url) {
  await page.goto(url);
  await page.waitForFunction(() => document.documentElement.hasAttribute('data-sincelast-test-state'), null, { timeout: 20000 });
  return page.evaluate(() => document.documentElement.getAttribute('data-sincelast-test-state'));
}

/** Sends `msg` as the page's content script (test builds); resolves to the wire reply. */
async function sendAs(page, msg) {
  const id = `s${Math.floor(Math.random() * 1e9)}`;
  await page.evaluate(({ id, msg }) => document.dispatchEvent(new CustomEvent('sincelast-test:send', { detail: JSON.stringify({ id, msg }) })), { id, msg });
  await page.waitForFunction((id) => document.documentElement.hasAttribute(`data-sincelast-test-sent-${id}`), id);
  return JSON.parse(await page.evaluate((id) => document.documentElement.getAttribute(`data-sincelast-test-sent-${id}`), id));
}

const settingsSet = (settings) => pr.evaluate((s) => chrome.runtime.sendMessage({ type: 'settings-set', settings: s }), settings);

test('a page that moves to another URL of its origin (replaceState) while it is read is not stored as that URL', async () => {
  const page = await ext.context.newPage();
  const victim = pages.url('same.test', '/victim');
  assert.equal(await load(page, victim), 'first');
  // Chromium names the sender by the URL the document was committed with: the moving page's
  // text, if stored, is stored as /moving; the background refuses it when the sender's URL is
  // already the victim's (Firefox; see stressb-firefox.test.mjs).
  const verdict = await load(page, pages.url('same.test', '/moving'));
  assert.ok(['skipped:url-changed', 'skipped:same-content', 'first'].includes(verdict), verdict);
  assert.equal(page.url(), victim, 'the tab shows the victim URL');
  await sleep(300);
  const counts = await visitCounts(pr);
  assert.equal(counts[victim].stored, 1, 'the victim keeps its one version');
  // The victim's next visit compares with its own text: unchanged.
  assert.equal(await load(page, victim), 'unchanged');
  // Moved while parsed, before any extension script ran: refused or stored as its own URL.
  const early = await load(page, pages.url('same.test', '/moving-early'));
  assert.ok(['skipped:url-changed', 'skipped:same-content', 'first'].includes(early), early);
  assert.equal(page.url(), victim);
  await sleep(300);
  assert.equal((await visitCounts(pr))[victim].stored, 2, 'the victim keeps its own versions');
  assert.equal(await load(page, victim), 'unchanged');
  // A visit message saying another URL than the tab's is refused the same way.
  const r = await sendAs(page, { type: 'visit', url: pages.url('same.test', '/steady'), title: 't', truncated: false, hasPassword: false, texts: ['x'], paths: ['0|/html[0]/body[0]/p[0]'], links: [[]] });
  assert.deepEqual(r.result, { status: 'skipped', reason: 'url-changed' });
  await page.close();
});

test("'known' is validated: extra fields are refused", async () => {
  const page = await ext.context.newPage();
  await load(page, pages.url('known.test', '/steady'));
  const bad = await sendAs(page, { type: 'known', keys: ['x'] });
  assert.equal(bad.ok, false);
  assert.equal(bad.error.kind, 'invalid_message');
  // The address it is read at (a single-page app's route) may be said, never another origin's.
  const elsewhere = await sendAs(page, { type: 'known', url: 'https://elsewhere.example/' });
  assert.equal(elsewhere.ok, false);
  assert.equal(elsewhere.error.kind, 'forbidden');
  const good = await sendAs(page, { type: 'known' });
  assert.equal(good.ok, true);
  assert.ok(good.result.keys.length > 0);
  await page.close();
});

test('a stored block is never overwritten by another text under the same id (a collision made on purpose)', async () => {
  const page = await ext.context.newPage();
  const a = pages.url('coll-a.test', '/steady');
  assert.equal(await load(page, a), 'first');
  await sleep(300);
  // What a collision looks like: the block of a text of page A stored under its id, then another
  // page sends another text with the same id. Here the stored record is given another text.
  const text = 'Tickets are sold at the kiosk beside the gate.';
  const id = await pr.evaluate((t) => new Promise((resolve) => {
    const r = indexedDB.open('sincelast');
    r.onsuccess = () => {
      const tx = r.result.transaction('blocks', 'readwrite');
      const all = tx.objectStore('blocks').getAll();
      all.onsuccess = () => {
        const b = all.result.find((x) => x.text === t);
        tx.objectStore('blocks').put({ ...b, text: 'A text planted under the same id.' });
        tx.oncomplete = () => {
          r.result.close();
          resolve(b.id);
        };
      };
    };
  }), text);
  const b = pages.url('coll-b.test', '/steady');
  assert.equal(await load(page, b), 'first', 'answered');
  await sleep(300);
  const stored = await pr.evaluate((i) => new Promise((resolve) => {
    const r = indexedDB.open('sincelast');
    r.onsuccess = () => {
      const g = r.result.transaction('blocks').objectStore('blocks').get(i);
      g.onsuccess = () => {
        r.result.close();
        resolve(g.result.text);
      };
    };
  }), id);
  assert.equal(stored, 'A text planted under the same id.', 'the stored block is not overwritten');
  assert.equal((await visitCounts(pr))[b], undefined, 'the colliding visit is not stored');
  // The same text under its id (pages sharing blocks) is no collision: both pages stored.
  const c = pages.url('coll-c.test', '/shared-a');
  const d = pages.url('coll-c.test', '/shared-b');
  assert.equal(await load(page, c), 'first');
  assert.equal(await load(page, d), 'first');
  await sleep(300);
  const counts = await visitCounts(pr);
  assert.equal(counts[c].stored, 1);
  assert.equal(counts[d].stored, 1);
  await page.close();
});

test('a one-time-code or current-password field keeps the page from being stored', async () => {
  const page = await ext.context.newPage();
  assert.equal(await load(page, pages.url('otp.test', '/otp')), 'skipped:password');
  await sleep(200);
  assert.equal((await visitCounts(pr))[pages.url('otp.test', '/otp')], undefined);
  await page.close();
});

test('sensitive sites: a default list, editable in the settings; never kept; adding one deletes what was kept', async () => {
  const got = await pr.evaluate(() => chrome.runtime.sendMessage({ type: 'settings-get' }));
  assert.ok(got.result.settings.sensitiveSites.includes('mail.google.com'));
  assert.ok(got.result.settings.sensitiveSites.includes('paypal.com'));
  assert.deepEqual(got.result.defaults.sensitiveSites, got.result.settings.sensitiveSites);
  const page = await ext.context.newPage();
  const account = pages.url('mybank.test', '/account');
  assert.equal(await load(page, account), 'first');
  await sleep(300);
  assert.equal((await visitCounts(pr))[account].stored, 1);
  // Added in the settings page: what was kept of it goes, and it is not kept any more.
  const options = await ext.context.newPage();
  await options.goto(`chrome-extension://${ext.extensionId}/options/options.html`);
  await options.waitForFunction(() => document.body.dataset.ready === 'true');
  assert.ok((await options.locator('#sensitive-sites li').count()) >= 20, 'the default list is shown');
  await options.fill('#sensitive', 'mybank.test');
  await options.click('#add-sensitive button');
  await options.waitForFunction(() => /mybank\.test is a sensitive site/.test(document.getElementById('status').textContent));
  assert.equal((await visitCounts(pr))[account], undefined, 'what was kept is deleted');
  assert.equal(await load(page, account), 'skipped:sensitive');
  await sleep(300);
  assert.equal((await visitCounts(pr))[account], undefined);
  const tabId = await pr.evaluate(async (u) => (await chrome.tabs.query({})).find((t) => t.url === u).id, account);
  const popup = await ext.context.newPage();
  await popup.goto(`chrome-extension://${ext.extensionId}/popup/popup.html?tabId=${tabId}`);
  await popup.waitForFunction(() => /sensitive sites/.test(document.getElementById('main').textContent));
  await popup.close();
  // Removed from the list: kept again.
  await options.click('#sensitive-sites li:has-text("mybank.test") button');
  await options.waitForFunction(() => /no longer a sensitive site/.test(document.getElementById('status').textContent));
  assert.equal(await load(page, account), 'first');
  // The default list can be restored; a bad list from the message is refused.
  const bad = await settingsSet({ sensitiveSites: ['not a host!'] });
  assert.equal(bad.ok, false);
  await options.click('#sensitive-defaults');
  await options.waitForFunction(() => /default list of sensitive sites is back/.test(document.getElementById('status').textContent));
  await options.close();
  await page.close();
});

test('incognito: the extension is not allowed there; a page opened in an incognito window leaves nothing stored', async () => {
  const url = pages.url('private.test', '/account');
  const before = await checkDb(pr);
  const loadsBefore = pages.loads('/account');
  const win = await pr.evaluate((u) => chrome.windows.create({ incognito: true, url: u }).then((w) => (w ? w.id : 'not visible to the extension'), (e) => `error: ${e.message}`), url);
  for (let i = 0; i < 100 && pages.loads('/account') === loadsBefore; i++) await sleep(100);
  assert.ok(pages.loads('/account') > loadsBefore, `the page was loaded in the incognito window (${win})`);
  await sleep(4000); // past settling and storing, had the page been read
  const after1 = await checkDb(pr);
  assert.deepEqual(after1.counts, before.counts, 'nothing stored');
  assert.equal((await visitCounts(pr))[url], undefined);
  // The same page in a normal window is stored (the page itself is storable).
  const page = await ext.context.newPage();
  assert.equal(await load(page, url), 'first');
  await page.close();
  if (typeof win === 'number') await pr.evaluate((id) => chrome.windows.remove(id), win).catch(() => {});
});

test('a password field appearing after the visit was stored makes the visit forgotten (the page goes back to its visit before)', async () => {
  const page = await ext.context.newPage();
  const url = pages.url('late.test', '/late-password');
  assert.equal(await load(page, url), 'first');
  await page.waitForFunction(() => document.documentElement.getAttribute('data-sincelast-test-forgotten') === 'password', null, { timeout: 10000 });
  await sleep(300);
  assert.equal((await visitCounts(pr))[url], undefined, 'nothing of the page is kept');
  // A page stored once, whose revisit shows a sign-in box late: back to its first version.
  const second = pages.url('late.test', '/late-second');
  assert.equal(await load(page, second), 'first');
  await sleep(2500);
  assert.equal((await visitCounts(pr))[second].stored, 1);
  assert.equal(await load(page, second), 'unchanged');
  await page.waitForFunction(() => document.documentElement.getAttribute('data-sincelast-test-forgotten') === 'password', null, { timeout: 10000 });
  await sleep(300);
  assert.deepEqual((await visitCounts(pr))[second], { stored: 1, counted: 1 });
  assert.deepEqual((await checkDb(pr)).problems, []);
  await page.close();
});

