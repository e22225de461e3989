// Everyday controls in real Firefox (issue 12), the same as everyday-chromium.test.mjs: "this is
// noise" / "always show changes here" (bar and popup), regions picked on the page, the popup's
// controls and its metrics on content only, single-page apps, an endless list, the first-run
// page. The harness (Firefox, the add-on, the demo site) is firefox.mjs.
// Build first: node scripts/build-extension.mjs

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { Key } from 'selenium-webdriver';
import { useFirefox, sleep } from './firefox.mjs';
import { PAINTED } from './chromium.mjs';

const ff = useFirefox();
const load = (url) => ff.load(url);
const js = (script, ...args) => ff.driver.executeScript(script, ...args);

/** What is painted (the test build's report: nothing of ours is in the page's DOM). */
function painted() {
  return js(`return (${PAINTED})()`);
}

const mark = (name, re) => ff.waitAttr(name, re);
const reload = () => ff.reload();

/** Opens the popup of this tab, runs `fn` there (confirm() answered yes), closes it and comes back. */
function inPopup(fn) {
  return ff.inExtensionPage('popup', async () => {
    await ff.waitFor("const m = document.getElementById('main'); return m && m.dataset.status && m.dataset.status !== 'pending' && !!document.getElementById('controls')", 'popup ready');
    await js('window.confirm = () => true;');
    return fn();
  });
}

/** Clicks `selector` in the popup and waits until it has been drawn again. */
async function popupClick(selector) {
  const before = await js('return document.body.dataset.ready');
  await js(`document.querySelector(${JSON.stringify(selector)}).click()`);
  await ff.waitFor(`return document.body.dataset.ready !== ${JSON.stringify(before)} && !!document.getElementById('controls')`, `redrawn after ${selector}`);
}

/** Opens the settings page, runs `fn` there, closes it and comes back. */
function inOptions(fn) {
  return ff.inExtensionPage('options', async () => {
    await ff.waitFor("return document.body.dataset.ready === 'true'", 'settings ready');
    return fn();
  });
}

/** Picks the element `selector` with the mouse in the picker the popup opened; `tabs` Tab presses, then Enter. */
async function pick(mode, selector, tabs = 0) {
  await inPopup(() => js(`document.getElementById('${mode === 'ignore' ? 'pick-ignore' : 'pick-include'}').click()`));
  await mark('picker', /^open$/);
  const el = await js(`const e = document.querySelector(${JSON.stringify(selector)}); e.scrollIntoView({ block: 'center' }); return e;`);
  const actions = ff.driver.actions({ async: true });
  await actions.move({ origin: el }).click().perform();
  await mark('picker', /^chosen:/);
  const keys = ff.driver.actions({ async: true });
  for (let i = 0; i < tabs; i++) keys.sendKeys(Key.TAB);
  await keys.sendKeys(Key.ENTER).perform();
  return mark('picker', /^(added|cancelled)/);
}

test('Firefox: "this is noise" from the bar moves the change to the automated list; listed as taught by you, removable', async () => {
  const url = ff.site.url('ffe-teach', 'news');
  assert.equal(await load(url), 'first');
  await ff.site.advance('ffe-teach');
  assert.equal(await load(url), 'changed');
  const before = await painted();
  const badgeBefore = Number(await ff.badge());
  await ff.press('teach');
  await mark('taught', /:noise$/);
  const after = await painted();
  assert.equal(Object.values(after.blocks).flat().length, Object.values(before.blocks).flat().length - 1);
  assert.equal(Number(await ff.badge()), badgeBefore - 1);
  const automated = await inPopup(() => js("return document.getElementById('automated').textContent"));
  assert.match(automated, /noise \(taught by you\)/);
  await inOptions(async () => {
    const sel = "[...document.querySelectorAll('.site-model[data-site=\"127.0.0.1\"] li')].filter((li) => /taught by you/.test(li.textContent))";
    assert.equal(await js(`return ${sel}.length`), 1);
    await js(`${sel}[0].querySelector('button').click()`);
    await ff.waitFor(`return ${sel}.length === 0`, 'rule removed');
  });
});

test('Firefox: "this is noise" from the popup teaches the slot; "always show here" brings the counter back', async () => {
  const url = ff.site.url('ffe-popup', 'news');
  assert.equal(await load(url), 'first');
  await ff.site.advance('ffe-popup');
  assert.equal(await load(url), 'changed');
  await inPopup(async () => {
    await js("window.__target = [...document.querySelectorAll('ol.changes li')].find((li) => /council meets/.test(li.textContent)); window.__target.querySelector('button.teach').dataset.pick = '1';");
    await popupClick('button.teach[data-pick="1"]');
    assert.equal(await js("return [...document.querySelectorAll('#automated li')].some((li) => /council meets/.test(li.textContent))"), true);
  });
  await ff.waitFor("return !document.getElementById('editorial-text').hasAttribute('data-sincelast')", 'unpainted at once');
  await ff.site.advance('ffe-popup');
  // Its only change is now automated: nothing to show.
  assert.equal(await load(url), 'unchanged');
  assert.ok(!((await painted()).blocks.changed || []).includes('editorial-text'));

  const town = ff.site.url('ffe-show', 'town');
  assert.equal(await load(town), 'first');
  assert.notEqual(await reload(), 'first');
  assert.ok(!((await painted()).blocks.changed || []).includes('town-counter'));
  await inPopup(async () => {
    await js("[...document.querySelectorAll('#automated li')].find((li) => /visitor number/.test(li.textContent)).querySelector('button.teach[data-teach=\"show\"]').dataset.pick = '1';");
    await popupClick('button.teach[data-pick="1"]');
    assert.equal(await js("return [...document.querySelectorAll('ol.changes li')].some((li) => /visitor number/.test(li.textContent))"), true);
  });
  await reload();
  assert.ok((await painted()).blocks.changed.includes('town-counter'));
});

test('Firefox: popup controls: details disclosure, history link, pause and resume, forget this page, exclude this site', async () => {
  const url = ff.site.url('ffe-controls', 'news');
  assert.equal(await load(url), 'first');
  await ff.site.advance('ffe-controls');
  assert.equal(await load(url), 'changed');
  await inPopup(async () => {
    assert.equal(await js("return document.querySelector('details#details').open"), false);
    assert.match(await js("return document.querySelector('details#details').textContent"), /content changes only/);
    assert.equal(await js("return [...document.querySelectorAll('#summary, details#details')].map((e) => e.id).join()"), 'summary,details');
    const href = await js("return document.getElementById('open-history').href");
    assert.ok(href.endsWith(`/history/history.html?url=${encodeURIComponent(url)}`), href);
    await popupClick('#pause-hour');
    assert.match(await js("return document.getElementById('paused').textContent"), /paused until/);
  });
  const other = ff.site.url('ffe-paused', 'static');
  assert.equal(await load(other), 'skipped:paused');
  await inPopup(async () => {
    assert.equal(await js("return document.getElementById('main').dataset.status"), 'not-handled:paused');
    await popupClick('#resume');
  });
  assert.equal(await reload(), 'first');
  await ff.driver.get(url);
  await mark('state', /./);
  await inPopup(async () => {
    await popupClick('#forget-page');
    assert.match(await js("return document.getElementById('control-status').textContent"), /Forgotten: \d+ visits/);
  });
  assert.equal(await reload(), 'first');
  await inPopup(async () => {
    await popupClick('#exclude-site');
    assert.equal(await js("return document.getElementById('main').dataset.status"), 'not-handled:excluded');
  });
  assert.equal(await reload(), 'skipped:excluded');
  await inOptions(async () => {
    await js("document.querySelector('#sites button').click()");
    await ff.waitFor("return /no longer excluded/.test(document.getElementById('status').textContent)", 'not excluded');
  });
});

test('Firefox: ignore a picked region (this page), watch one part (whole site), Esc cancels; metrics on content only', async () => {
  const url = ff.site.url('ffe-regions', 'news');
  assert.equal(await load(url), 'first');
  // Esc cancels.
  await inPopup(() => js("document.getElementById('pick-ignore').click()"));
  await mark('picker', /^open$/);
  await ff.driver.actions({ async: true }).move({ origin: await js("const e = document.getElementById('editorial-text'); e.scrollIntoView({ block: 'center' }); return e;") }).sendKeys(Key.ESCAPE).perform();
  await mark('picker', /^cancelled$/);
  assert.equal((await painted()).leaks, 0, 'nothing of the picker is left in the page');
  assert.equal(await js("return document.getElementById('editorial-text').attributes.length"), 1);
  assert.match(await pick('ignore', '#editorial-text'), /^added:ignore:page:\/html\[0\]\/body\[0\]\/main\[0\]\/section\[1\]\/p\[0\]$/);
  assert.equal(await js("return document.getElementById('editorial-text').attributes.length"), 1);
  await ff.site.advance('ffe-regions');
  assert.equal(await load(url), 'changed');
  const shown = await painted();
  assert.ok(!(shown.blocks.changed || []).includes('editorial-text'), JSON.stringify(shown));
  assert.match(await pick('include', '#a-harbour', 1), /^added:include:site:/);
  await ff.site.advance('ffe-regions');
  assert.equal(await load(url), 'unchanged');
  await inOptions(async () => {
    assert.equal(await js("return document.querySelectorAll('#regions li[data-mode]').length"), 2);
    await js("document.querySelector('#regions li button').click()");
    await ff.waitFor("return document.querySelectorAll('#regions li[data-mode]').length === 1", 'one removed');
    await js("document.querySelector('#regions li button').click()");
    await ff.waitFor("return document.querySelectorAll('#regions li[data-mode]').length === 0", 'both removed');
  });

  // Metrics on content only: one word of content changed (seven → eight), and a reader counter
  // (1000 → 1042, noise) that the raw text would count as a second edit.
  const m = ff.site.url('ffe-metrics', 'metrics');
  assert.equal(await load(m), 'first');
  await ff.site.advance('ffe-metrics');
  assert.equal(await load(m), 'changed');
  const cells = await inPopup(async () => {
    await ff.waitFor("return !!document.querySelector('[data-metric=\"dice\"]')", 'metrics');
    return js("return Object.fromEntries([...document.querySelectorAll('[data-metric]')].map((e) => [e.dataset.metric, e.textContent]))");
  });
  assert.deepEqual([cells.add, cells.drop, cells.copy, cells.shrink, cells.replace, cells.move], ['0', '0', '0', '0', '1', '0']);
  assert.ok(Number(cells.dice) > 0.9 && Number(cells.dice) < 1, cells.dice);
});

test('Firefox: single-page app routes (pushState, popstate, hash) are visits of their own address; a replaceState stores nothing under another address', async () => {
  const base = ff.site.url('ffe-spa', 'app');
  assert.equal(await load(`${base}/inbox`), 'first');
  await js("document.documentElement.removeAttribute('data-sincelast-test-state'); document.getElementById('go-news').click()");
  assert.equal(await mark('state', /./), 'first');
  assert.equal(await ff.driver.getCurrentUrl(), `${base}/news`);
  await ff.site.advance('ffe-spa');
  assert.equal(await reload(), 'unchanged');
  await js("document.documentElement.removeAttribute('data-sincelast-test-state'); document.getElementById('go-inbox').click()");
  assert.equal(await mark('state', /./), 'changed');
  assert.ok(Object.values((await painted()).blocks).flat().length >= 1);
  await js("document.documentElement.removeAttribute('data-sincelast-test-state')");
  await ff.driver.navigate().back();
  assert.equal(await mark('state', /./), 'unchanged');
  assert.equal(await ff.driver.getCurrentUrl(), `${base}/news`);
  assert.equal((await painted()).ui, 0);

  const hash = ff.site.url('ffe-spa-hash', 'hashapp');
  assert.equal(await load(`${hash}#/inbox`), 'first');
  await js("document.documentElement.removeAttribute('data-sincelast-test-state'); document.getElementById('go-about').click()");
  assert.equal(await mark('state', /./), 'first');

  // The sneaky route rewrites its address to the inbox's before it settles.
  await ff.driver.get(`${base}/sneaky`);
  assert.equal(await mark('state', /./), 'skipped:same-content');
  assert.equal(await ff.driver.getCurrentUrl(), `${base}/inbox`);
  // The inbox's stored version is still the inbox's: a reload of it is unchanged.
  assert.equal(await reload(), 'unchanged');
});

test('Firefox: an endless list not loaded yet is not reported as removed', async () => {
  const url = ff.site.url('ffe-feed', 'feed');
  assert.equal(await load(url), 'first');
  assert.equal(await js("return document.querySelectorAll('#feed li').length"), 40);
  await ff.site.advance('ffe-feed');
  assert.notEqual(await load(url), 'first');
  assert.equal(await js("return document.querySelectorAll('#feed li').length"), 20);
  assert.equal((await painted()).count, 0);
  assert.doesNotMatch((await ff.attr('bar')) || '', /removed/);
  // The stored version kept the second batch: all 40 again is no change.
  await ff.site.advance('ffe-feed');
  assert.equal(await load(url), 'unchanged');
  assert.equal(await js("return document.querySelectorAll('#feed li').length"), 40);
  assert.equal((await painted()).count, 0);
});

test('Firefox: reviews behind "Loading reviews…" are not removed, and their return is no change', async () => {
  const url = ff.site.url('ffe-reviews', 'reviews');
  assert.equal(await load(url), 'first');
  await ff.site.advance('ffe-reviews');
  assert.equal(await load(url), 'unchanged');
  assert.equal(await js("return document.querySelectorAll('.review').length"), 0);
  assert.equal((await painted()).count, 0);
  assert.doesNotMatch((await ff.attr('bar')) || '', /removed/);
  await ff.site.advance('ffe-reviews');
  assert.equal(await load(url), 'unchanged');
  assert.equal(await js("return document.querySelectorAll('.review').length"), 3);
  assert.equal((await painted()).count, 0);
});

test('Firefox: first run: the onboarding page, its five lines and its live demo', async () => {
  assert.equal(await load(ff.site.url('ffe-onboard', 'static')), 'first');
  const pageHandle = await ff.driver.getWindowHandle();
  const before = new Set(await ff.driver.getAllWindowHandles());
  await js("document.dispatchEvent(new CustomEvent('sincelast-test:onboarding'))");
  let handle = null;
  for (let i = 0; i < 50 && !handle; i++) {
    handle = (await ff.driver.getAllWindowHandles()).find((h) => !before.has(h)) || null;
    if (!handle) await sleep(100);
  }
  assert.ok(handle);
  await ff.driver.switchTo().window(handle);
  await ff.waitFor("return document.body && document.body.dataset.ready === 'true'", 'onboarding ready');
  assert.match(await ff.driver.getCurrentUrl(), /^moz-extension:\/\/[^/]+\/onboarding\/onboarding\.html$/);
  const lines = await js("return [...document.querySelectorAll('#five-lines li')].map((li) => li.textContent)");
  assert.equal(lines.length, 5);
  assert.match(lines.join(' '), /private windows.*password.*type into forms/s);
  await js("document.getElementById('demo-advance').click()");
  await ff.waitFor("return document.body.dataset.demo === 'painted'", 'demo painted');
  const statuses = await js("return [...document.querySelectorAll('#demo-page [data-status]')].map((e) => e.dataset.status)");
  assert.ok(statuses.includes('new') && statuses.includes('changed'), statuses.join());
  assert.ok(await js("return [...document.querySelectorAll('#demo-page mark')].some((m) => /half/.test(m.textContent))"));
  await ff.driver.close();
  await ff.driver.switchTo().window(pageHandle);
});
