// Everyday controls in real Chromium (issue 12): "this is noise" and "always show changes here"
// (from the bar and the popup), regions picked on the page (ignore / watch alone), the popup's
// controls (pause, forget, exclude, history link, the metrics on content only behind "details"),
// single-page apps (pushState, hash routes, a replaceState that must not store one address's
// text under another), an endless list that is not reported as removed, and the first-run page
// with its live demo. Its own browser profile.
// Build first: node scripts/build-extension.mjs

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { useChromium, revisit, visit, badge, painted, inExtension, settled, dumpDb } from './chromium.mjs';

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

async function popup(tabId) {
  const p = await ext.context.newPage();
  p.on('dialog', (d) => d.accept());
  await p.goto(`chrome-extension://${ext.extensionId}/popup/popup.html?tabId=${tabId}`);
  await p.waitForFunction(() => {
    const s = document.getElementById('main').dataset.status;
    return s && s !== 'pending' && document.getElementById('controls');
  });
  return p;
}

/** Waits until the popup has been drawn again after `action`. */
async function redrawn(p, action) {
  const before = await p.evaluate(() => document.body.dataset.ready);
  await action();
  await p.waitForFunction((b) => document.body.dataset.ready !== b && document.getElementById('controls'), before);
}

async function options() {
  const p = await ext.context.newPage();
  await p.goto(`chrome-extension://${ext.extensionId}/options/options.html`);
  await p.waitForFunction(() => document.body.dataset.ready === 'true');
  return p;
}

const visitsOf = async (url) => (await dumpDb(ext)).visits.filter((v) => v.url === url);

test('"This is noise" from the bar moves the change to the automated list at once; the rule is listed as taught by you and removable', async () => {
  const url = site.url('teach-bar', 'news');
  const { page, tabId } = await visit(ext, url);
  await site.advance('teach-bar');
  assert.equal(await revisit(page), 'changed');
  const before = await painted(page);
  const autoBefore = await attr(page, 'auto-toggle');
  const nBefore = Number(await badge(ext, tabId));
  assert.ok(nBefore >= 3, `badge ${nBefore}`);
  const storedBefore = (await visitsOf(url)).at(-1).summary;
  // The first change (nothing focused yet): the new article's heading.
  await press(page, 'teach');
  await page.waitForFunction(() => /:noise$/.test(document.documentElement.getAttribute('data-sincelast-test-taught') || ''));
  // The stored visit counts one less too (the history's timeline, the dashboard).
  const storedAfter = (await visitsOf(url)).at(-1).summary;
  assert.equal(storedAfter.meaningful, storedBefore.meaningful - 1, JSON.stringify([storedBefore, storedAfter]));
  assert.equal(storedAfter.meaningful_removed, storedBefore.meaningful_removed);
  const after = await painted(page);
  assert.equal(Object.values(after.blocks).flat().length, Object.values(before.blocks).flat().length - 1);
  const autoN = (s) => Number((/(\d+) automated/.exec(s || '') || [0, 0])[1]);
  assert.equal(autoN(await attr(page, 'auto-toggle')), autoN(autoBefore) + 1);
  assert.equal(Number(await badge(ext, tabId)), nBefore - 1);
  // The popup lists it among the automated changes, taught by you.
  const p = await popup(tabId);
  assert.match(await p.locator('#automated').textContent(), /noise \(taught by you\)/);
  await p.close();
  // Settings: listed as taught by you; removing it gives the model its own verdict back.
  const o = await options();
  const li = o.locator('.site-model[data-site="127.0.0.1"] li', { hasText: 'taught by you' });
  assert.equal(await li.count(), 1);
  await li.locator('button').click();
  await o.waitForFunction(() => /removed/.test(document.getElementById('status').textContent));
  assert.equal(await o.locator('.site-model[data-site="127.0.0.1"] li', { hasText: 'taught by you' }).count(), 0);
  await o.close();
  await page.close();
});

test('"This is noise" from the popup teaches the slot: its next edit is automated; "always show here" brings a counter back', async () => {
  const url = site.url('teach-popup', 'news');
  const { page, tabId } = await visit(ext, url);
  await site.advance('teach-popup');
  assert.equal(await revisit(page), 'changed');
  assert.ok((await painted(page)).blocks.changed.includes('editorial-text'));
  let p = await popup(tabId);
  const item = p.locator('ol.changes li', { hasText: 'council meets' });
  assert.equal(await item.count(), 1);
  await redrawn(p, () => item.locator('button.teach').click());
  assert.equal(await p.locator('ol.changes li', { hasText: 'council meets' }).count(), 0);
  assert.equal(await p.locator('#automated li', { hasText: 'council meets' }).count(), 1);
  await p.close();
  // At once on the page too (the background tells the tab).
  await page.waitForFunction(() => !document.getElementById('editorial-text').hasAttribute('data-sincelast'));
  // The next edit of the same paragraph (version 2) is automated, not painted.
  await site.advance('teach-popup');
  // Its only change is now automated: nothing to show.
  assert.equal(await revisit(page), 'unchanged');
  assert.ok(!((await painted(page)).blocks.changed || []).includes('editorial-text'));
  await page.close();

  // The town page's visitor counter is built-in noise; "always show here" makes it content.
  const town = site.url('teach-show', 'town');
  const t = await visit(ext, town);
  assert.notEqual(await revisit(t.page), 'first');
  assert.ok(!((await painted(t.page)).blocks.changed || []).includes('town-counter'));
  p = await popup(t.tabId);
  await p.locator('#automated summary').click();
  const counter = p.locator('#automated li', { hasText: 'visitor number' });
  assert.equal(await counter.count(), 1);
  const shownBefore = (await visitsOf(town)).at(-1).summary.meaningful;
  await redrawn(p, () => counter.locator('button.teach[data-teach="show"]').click());
  assert.equal(await p.locator('ol.changes li', { hasText: 'visitor number' }).count(), 1);
  await p.close();
  assert.equal((await visitsOf(town)).at(-1).summary.meaningful, shownBefore + 1, 'the counter shown is counted with the visit');
  await revisit(t.page);
  assert.ok((await painted(t.page)).blocks.changed.includes('town-counter'));
  await t.page.close();
});

test('"This is noise" on removed text from the popup: listed as automated, the badge (which never counted it) stays', async () => {
  const url = site.url('teach-removed', 'news');
  const { page, tabId } = await visit(ext, url);
  await site.advance('teach-removed');
  assert.equal(await revisit(page), 'changed');
  const n = await badge(ext, tabId);
  const p = await popup(tabId);
  const item = p.locator('ol.changes li.removed').first();
  assert.equal(await item.count(), 1);
  const text = await item.locator('.preview').textContent();
  const storedBefore = (await visitsOf(url)).at(-1).summary;
  assert.ok(storedBefore.meaningful_removed >= 1, JSON.stringify(storedBefore));
  await redrawn(p, () => item.locator('button.teach').click());
  assert.equal(await p.locator('#automated li.removed', { hasText: text }).count(), 1);
  await p.close();
  assert.equal(await badge(ext, tabId), n, 'removed text is not in the badge, taught or not');
  // The stored visit: one removed text less, the highlighted ones as they were.
  const storedAfter = (await visitsOf(url)).at(-1).summary;
  assert.equal(storedAfter.meaningful, storedBefore.meaningful);
  assert.equal(storedAfter.meaningful_removed || 0, storedBefore.meaningful_removed - 1);
  await page.close();
});

test('popup: plain summary first, metrics on content only behind "details", pause, forget this page, exclude this site, history link', async () => {
  // The town page reloaded: only noise changes (counter, clock) and the rotating banner.
  const url = site.url('controls', 'news');
  const { page, tabId } = await visit(ext, url);
  await site.advance('controls');
  assert.equal(await revisit(page), 'changed');
  let p = await popup(tabId);
  // The research figures are behind a closed disclosure, after the plain summary.
  const details = p.locator('details#details');
  assert.equal(await details.count(), 1);
  assert.equal(await details.evaluate((d) => d.open), false);
  assert.match(await details.locator('summary').textContent(), /Details/);
  assert.match(await details.textContent(), /content changes only/);
  const order = await p.evaluate(() => [...document.querySelectorAll('#summary, details#details')].map((e) => e.id));
  assert.deepEqual(order, ['summary', 'details']);
  // Computed on the content changes only: the counter (1000 → 1042, noise) is left out, so no
  // word is replaced by a number… every IED count is a whole number.
  const cells = Object.fromEntries(await p.evaluate(() => [...document.querySelectorAll('[data-metric]')].map((e) => [e.dataset.metric, e.textContent])));
  for (const k of ['add', 'drop', 'copy', 'shrink', 'replace', 'move']) assert.match(cells[k], /^\d+$/, k);
  assert.match(cells.dice, /^\d\.\d{3}$/);
  // The history link.
  assert.equal(await p.locator('#open-history').getAttribute('href'), `chrome-extension://${ext.extensionId}/history/history.html?url=${encodeURIComponent(url)}`);
  // Pause for an hour: the next visit is not stored.
  await redrawn(p, () => p.locator('#pause-hour').click());
  assert.match(await p.locator('#paused').textContent(), /paused until/);
  await p.close();
  const other = site.url('controls-paused', 'static');
  const v = await visit(ext, other);
  assert.equal(v.state, 'skipped:paused');
  assert.equal((await visitsOf(other)).length, 0);
  p = await popup(v.tabId);
  assert.equal(await p.locator('#main').getAttribute('data-status'), 'not-handled:paused');
  await redrawn(p, () => p.locator('#resume').click());
  assert.equal(await p.locator('#paused').count(), 0);
  await p.close();
  assert.equal(await revisit(v.page), 'first');
  assert.equal((await visitsOf(other)).length, 1);
  // Until turned on.
  p = await popup(v.tabId);
  await redrawn(p, () => p.locator('#pause-off').click());
  assert.match(await p.locator('#paused').textContent(), /until you turn it on/);
  await redrawn(p, () => p.locator('#resume').click());
  await p.close();
  // Forget this page: its visits go; the next visit is a first one.
  assert.ok((await visitsOf(url)).length >= 2);
  p = await popup(tabId);
  await redrawn(p, () => p.locator('#forget-page').click());
  assert.match(await p.locator('#control-status').textContent(), /Forgotten: \d+ visits/);
  await p.close();
  assert.equal((await visitsOf(url)).length, 0);
  assert.equal(await revisit(page), 'first');
  // Exclude this site: the setting, and nothing kept for it.
  p = await popup(tabId);
  await redrawn(p, () => p.locator('#exclude-site').click());
  assert.equal(await p.locator('#main').getAttribute('data-status'), 'not-handled:excluded');
  await p.close();
  const settings = await inExtension(ext, () => chrome.storage.local.get('settings'));
  assert.ok(settings.settings.excludedSites.includes('127.0.0.1'));
  assert.equal((await dumpDb(ext)).visits.filter((x) => x.site === '127.0.0.1').length, 0);
  await inExtension(ext, async () => {
    const { settings: s } = await chrome.storage.local.get('settings');
    await chrome.storage.local.set({ settings: { ...s, excludedSites: [] } });
  });
  await page.close();
  await v.page.close();
});

test('the popup\'s metrics leave noise out: one word of content changed, the counter beside it is not counted', async () => {
  const url = site.url('metrics', 'metrics');
  const { page, tabId } = await visit(ext, url);
  await site.advance('metrics');
  assert.equal(await revisit(page), 'changed');
  assert.deepEqual((await painted(page)).blocks, { changed: ['ferry'] });
  const p = await popup(tabId);
  const cells = Object.fromEntries(await p.evaluate(() => [...document.querySelectorAll('[data-metric]')].map((e) => [e.dataset.metric, e.textContent])));
  // seven → eight is the one edit: on the raw text the counter (1000 → 1042) would be a second.
  assert.deepEqual([cells.add, cells.drop, cells.copy, cells.shrink, cells.replace, cells.move], ['0', '0', '0', '0', '1', '0']);
  assert.ok(Number(cells.dice) > 0.9 && Number(cells.dice) < 1, cells.dice);
  await p.close();
  await page.close();
});

test('ignore a region picked on the page (this page), watch just one part (whole site); Esc cancels; listed and removable in settings', async () => {
  const url = site.url('regions', 'news');
  const { page, tabId } = await visit(ext, url);
  // Esc cancels, leaving nothing behind.
  let p = await popup(tabId);
  await p.locator('#pick-ignore').click();
  await p.close();
  await page.bringToFront();
  await page.waitForFunction(() => document.documentElement.getAttribute('data-sincelast-test-picker') === 'open');
  await page.hover('#editorial-text');
  await page.keyboard.press('Escape');
  assert.equal(await attr(page, 'picker'), 'cancelled');
  assert.equal((await painted(page)).leaks, 0, 'nothing of the picker is left in the page');
  assert.equal(await page.evaluate(() => document.getElementById('editorial-text').attributes.length), 1, 'only its id');
  // Pick the editorial paragraph: ignored on this page.
  p = await popup(tabId);
  await p.locator('#pick-ignore').click();
  await p.close();
  await page.bringToFront();
  await page.waitForFunction(() => document.documentElement.getAttribute('data-sincelast-test-picker') === 'open');
  await page.hover('#editorial-text');
  await page.click('#editorial-text');
  await page.keyboard.press('Enter');
  await page.waitForFunction(() => /^added:/.test(document.documentElement.getAttribute('data-sincelast-test-picker') || ''));
  assert.match(await attr(page, 'picker'), /^added:ignore:page:\/html\[0\]\/body\[0\]\/main\[0\]\/section\[1\]\/p\[0\]$/);
  assert.deepEqual(await page.evaluate(() => [...document.getElementById('editorial-text').attributes].map((a) => a.name)), ['id'], 'nothing set on the page');
  await site.advance('regions');
  assert.equal(await revisit(page), 'changed');
  const shown = await painted(page);
  assert.ok(!(shown.blocks.changed || []).includes('editorial-text'), JSON.stringify(shown.blocks));
  assert.deepEqual([...new Set(shown.blocks.new)], ['a-storm']);
  // Watch just the top stories, on the whole site.
  p = await popup(tabId);
  await p.locator('#pick-include').click();
  await p.close();
  await page.bringToFront();
  await page.waitForFunction(() => document.documentElement.getAttribute('data-sincelast-test-picker') === 'open');
  await page.click('#a-harbour');
  await page.keyboard.press('Tab');
  await page.keyboard.press('Enter');
  await page.waitForFunction(() => /^added:include:site:/.test(document.documentElement.getAttribute('data-sincelast-test-picker') || ''));
  await site.advance('regions');
  assert.equal(await revisit(page), 'unchanged', 'the watched article did not change (the editorial did)');
  // Settings list both; removing them brings the whole page back.
  const o = await options();
  assert.equal(await o.locator('#regions li[data-mode="ignore"]').count(), 1);
  assert.equal(await o.locator('#regions li[data-mode="include"]').count(), 1);
  assert.match(await o.locator('#regions li[data-mode="include"]').textContent(), /every page of 127\.0\.0\.1/);
  for (let i = 0; i < 2; i++) {
    await o.locator('#regions li button').first().click();
    await o.waitForFunction((n) => document.querySelectorAll('#regions li[data-region-id]').length === n, 1 - i);
  }
  await o.close();
  const stored = await inExtension(ext, () => chrome.storage.local.get('regions'));
  assert.deepEqual(stored.regions, []);
  await page.close();
});

test('single-page app: pushState and hash routes are visits of their own address; a replaceState never stores one address\'s text under another', async () => {
  const inbox = `${site.url('spa', 'app')}/inbox`;
  const news = `${site.url('spa', 'app')}/news`;
  const { page } = await visit(ext, inbox);
  assert.equal(await attr(page, 'state'), 'first');
  await page.evaluate(() => document.documentElement.removeAttribute('data-sincelast-test-state'));
  await page.click('#go-news');
  assert.equal(await settled(page), 'first');
  assert.equal(page.url(), news);
  const db = await dumpDb(ext);
  const pageOf = (u) => db.pages.find((x) => x.url === u);
  assert.ok(pageOf(inbox) && pageOf(news));
  const textOf = (u) => {
    const v = db.visits.find((x) => x.id === pageOf(u).lastVisitId);
    const list = db.lists.find((l) => l.id === v.listId);
    const byId = new Map(db.blocks.map((b) => [b.id, b.text]));
    return list.ids.map((id) => byId.get(id)).join(' | ');
  };
  assert.match(textOf(news), /App news/);
  assert.doesNotMatch(textOf(news), /harbour master/);
  assert.match(textOf(inbox), /harbour master/);
  // The app changes (version 1); a full load of the news route, then the inbox by pushState: a
  // revisit of the inbox with its change painted; back (popstate) to the news route: unchanged.
  await site.advance('spa');
  assert.equal(await revisit(page), 'unchanged');
  await page.evaluate(() => document.documentElement.removeAttribute('data-sincelast-test-state'));
  await page.click('#go-inbox');
  assert.equal(await settled(page), 'changed');
  assert.equal(page.url(), inbox);
  assert.ok(Object.values((await painted(page)).blocks).flat().length >= 1);
  await page.evaluate(() => document.documentElement.removeAttribute('data-sincelast-test-state'));
  await page.goBack();
  assert.equal(await settled(page), 'unchanged');
  assert.equal(page.url(), news);
  assert.equal((await painted(page)).ui, 0, 'the inbox\'s highlights went with its route');
  await page.close();

  // Hash routes.
  const hashApp = site.url('spa-hash', 'hashapp');
  const h = await visit(ext, `${hashApp}#/inbox`);
  assert.equal(h.state, 'first');
  await h.page.evaluate(() => document.documentElement.removeAttribute('data-sincelast-test-state'));
  await h.page.click('#go-about');
  assert.equal(await settled(h.page), 'first');
  const urls = (await dumpDb(ext)).pages.map((x) => x.url);
  assert.ok(urls.includes(`${hashApp}#/inbox`) && urls.includes(`${hashApp}#/about`), urls.join(' '));
  await h.page.close();

  // A page that replaceState()s itself to the inbox's address before it settles, its own text
  // unchanged: nothing stored under the inbox (nor under its own address).
  const before = (await visitsOf(inbox)).length;
  const sneaky = await ext.context.newPage();
  await sneaky.goto(`${site.url('spa', 'app')}/sneaky`);
  assert.equal(await settled(sneaky), 'skipped:same-content');
  assert.equal(sneaky.url(), inbox);
  assert.equal((await visitsOf(inbox)).length, before);
  const all = await dumpDb(ext);
  assert.ok(!all.blocks.some((b) => /sneaky page/.test(b.text)), 'the sneaky text is stored nowhere');
  await sneaky.close();
});

test('an endless list whose second batch is not loaded yet is not reported as removed', async () => {
  const url = site.url('feed', 'feed');
  const { page } = await visit(ext, url);
  assert.equal(await page.evaluate(() => document.querySelectorAll('#feed li').length), 40);
  await site.advance('feed');
  const state = await revisit(page);
  assert.equal(await page.evaluate(() => document.querySelectorAll('#feed li').length), 20, 'read before the rest arrived');
  assert.notEqual(state, 'first');
  const shown = await painted(page);
  assert.equal(shown.count, 0, JSON.stringify(shown));
  assert.doesNotMatch(await attr(page, 'bar') || '', /removed/);
  // The stored version kept the second batch: when it is there again, nothing is new.
  await site.advance('feed');
  const again = await revisit(page);
  assert.equal(await page.evaluate(() => document.querySelectorAll('#feed li').length), 40, 'all read this time');
  assert.equal(again, 'unchanged');
  const after = await painted(page);
  assert.equal(after.count, 0, JSON.stringify(after));
  const stored = (await dumpDb(ext)).blocks.filter((b) => /Feed item number 40:/.test(b.text));
  assert.equal(stored.length, 1, 'the 40th item is stored once');
  await page.close();
});

test('reviews that had not loaded yet ("Loading reviews…") are not removed, and their return is no change', async () => {
  const url = site.url('reviews', 'reviews');
  const { page } = await visit(ext, url);
  await site.advance('reviews');
  assert.equal(await revisit(page), 'unchanged');
  assert.equal(await page.evaluate(() => document.querySelectorAll('.review').length), 0, 'read while loading');
  const loading = await painted(page);
  assert.equal(loading.count, 0, JSON.stringify(loading));
  assert.doesNotMatch(await attr(page, 'bar') || '', /removed/);
  // Back, unchanged: compared with the stored version, which kept them, nothing is new (stored
  // as read, the three reviews would be painted new).
  await site.advance('reviews');
  assert.equal(await revisit(page), 'unchanged');
  assert.equal(await page.evaluate(() => document.querySelectorAll('.review').length), 3);
  const back = await painted(page);
  assert.equal(back.count, 0, JSON.stringify(back));
  await page.close();
});

test('first run: the onboarding page says what is kept and what never is, links the settings, and runs a live demo', async () => {
  const { page } = await visit(ext, site.url('onboard', 'static'));
  const opened = ext.context.waitForEvent('page');
  await page.evaluate(() => document.dispatchEvent(new CustomEvent('sincelast-test:onboarding')));
  const o = await opened;
  await o.waitForLoadState();
  assert.equal(o.url(), `chrome-extension://${ext.extensionId}/onboarding/onboarding.html`);
  await o.waitForFunction(() => document.body.dataset.ready === 'true');
  const lines = await o.locator('#five-lines li').allTextContents();
  assert.equal(lines.length, 5);
  assert.match(lines.join(' '), /private windows/);
  assert.match(lines.join(' '), /password/);
  assert.match(lines.join(' '), /type into forms/);
  assert.equal(await o.locator('#settings-link').getAttribute('href'), '../options/options.html');
  await o.locator('#demo-advance').click();
  await o.waitForFunction(() => document.body.dataset.demo === 'painted');
  const demo = await o.evaluate(() => ({
    statuses: [...document.querySelectorAll('#demo-page [data-status]')].map((e) => e.dataset.status),
    marks: [...document.querySelectorAll('#demo-page mark')].map((m) => m.textContent),
    noise: [...document.querySelectorAll('#demo-page [data-kind="noise"]')].map((e) => e.textContent),
    summary: document.getElementById('demo-summary').textContent,
  }));
  assert.ok(demo.statuses.includes('new'), JSON.stringify(demo));
  assert.ok(demo.statuses.includes('changed'), JSON.stringify(demo));
  assert.ok(demo.marks.some((m) => /half/.test(m)), JSON.stringify(demo));
  assert.ok(demo.noise.some((t) => /Readers today/.test(t)), JSON.stringify(demo));
  assert.match(demo.summary, /changes? since your last visit/);
  await o.close();
  await page.close();
});
