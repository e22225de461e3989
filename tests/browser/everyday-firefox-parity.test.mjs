// Firefox parity (issue 12): what the Chromium tests prove and Firefox's did not — the previous
// change, show removed, the change-amount cells of the popup, removing a learned rule, retention,
// the keyboard command through the background's real command handler, the privacy policy linked from
// the settings, and the clean-up when the extension is reloaded under a painted page. The shared harness is firefox.mjs.
// Build first: node scripts/build-extension.mjs

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { useFirefox, sleep } from './firefox.mjs';
import { PAINTED } from './chromium.mjs';

const ff = useFirefox();
const load = (url) => ff.load(url);
const js = (script, ...args) => ff.driver.executeScript(script, ...args);

const mark = (name, re) => ff.waitAttr(name, re);

/** The index of the change focused last (the test build's marker `focused` = "k:status:time"). */
async function focusedAfter(action) {
  await js("document.documentElement.removeAttribute('data-sincelast-test-focused')");
  await ff.press(action);
  const v = await mark('focused', /^\d+:/);
  return Number(v.split(':')[0]);
}

const inPage = (page, fn) => ff.inExtensionPage(page, fn);
/** What is painted (the test build's report: nothing of ours is in the page's DOM). */
const painted = () => js(`return (${PAINTED})()`);

test('Firefox: next and previous walk the changes; show removed puts the removed text back in place; the popup\'s change-amount cells', async () => {
  const url = ff.site.url('ffp-walk', 'news');
  assert.equal(await load(url), 'first');
  await ff.site.advance('ffp-walk');
  assert.equal(await load(url), 'changed');
  const a = await focusedAfter('next');
  const b = await focusedAfter('next');
  assert.notEqual(a, b);
  assert.equal(await focusedAfter('previous'), a, 'previous goes back to the change before');
  assert.equal((await painted()).removed, 0);
  await ff.press('removed');
  const shownRemoved = await painted();
  assert.ok(shownRemoved.removed >= 1, `${shownRemoved.removed} removed shown`);
  // Where it stood: before the tram article (after the library one), drawn in the overlay.
  assert.ok(shownRemoved.removedBefore.includes('a-tram'), shownRemoved.removedBefore.join());
  assert.equal(shownRemoved.leaks, 0);
  await ff.press('removed');
  assert.equal((await painted()).removed, 0);
  const cells = await inPage('popup', async () => {
    await ff.waitFor("return !!document.querySelector('[data-metric=\"dice\"]')", 'metrics');
    return js("return Object.fromEntries([...document.querySelectorAll('[data-metric]')].map((e) => [e.dataset.metric, e.textContent]))");
  });
  assert.deepEqual(Object.keys(cells).sort(), ['add', 'copy', 'dice', 'drop', 'move', 'replace', 'shrink']);
  for (const k of ['add', 'drop', 'copy', 'shrink', 'replace', 'move']) assert.match(cells[k], /^\d+$/, k);
  assert.ok(Number(cells.add) > 0, 'the new article adds words');
  assert.match(cells.dice, /^0\.\d{3}$/);
});

test('Firefox: the keyboard command, through the background\'s command handler, moves to the next change', async () => {
  const url = ff.site.url('ffp-cmd', 'long');
  assert.equal(await load(url), 'first');
  await ff.site.advance('ffp-cmd');
  assert.equal(await load(url), 'changed');
  await js('window.scrollTo(0, 0)');
  await js("document.documentElement.removeAttribute('data-sincelast-test-focused'); document.dispatchEvent(new CustomEvent('sincelast-test:command', { detail: 'next-change' }))");
  await mark('command', /^next-change:/);
  await mark('focused', /:changed:/);
  await ff.waitFor('return window.scrollY > 500', 'scrolled to the far change');
  const inView = await js("const r = document.getElementById('far').getBoundingClientRect(); return r.top >= 0 && r.bottom <= innerHeight;");
  assert.equal(inView, true);
});

test('Firefox: a learned rule removed in the settings is off from the next visit on', async () => {
  const url = ff.site.url('ffp-rule', 'town');
  for (const other of ['events', 'contact']) assert.equal(await load(ff.site.url('ffp-rule', other)), 'first');
  assert.equal(await load(url), 'first');
  await load(url); // a reload: counter, clock and banner change (the banner is learned)
  await ff.site.advance('ffp-rule');
  for (const other of ['events', 'contact']) await load(ff.site.url('ffp-rule', other));
  assert.equal(await load(url), 'changed');
  await ff.press('automated');
  const learnedBanner = (await painted()).auto.find(([id]) => id === 'town-banner');
  assert.deepEqual(learnedBanner, ['town-banner', 'noise'], 'the banner is learned noise');
  await inPage('options', async () => {
    await ff.waitFor("return document.body.dataset.ready === 'true'", 'settings ready');
    const sel = "[...document.querySelectorAll('.site-model[data-site=\"127.0.0.1\"] li[data-rule-id]')].filter((li) => /rotating/.test(li.textContent))";
    const n = await js(`return ${sel}.length`);
    assert.ok(n >= 1, 'a rotating rule is listed');
    for (let i = 0; i < n; i++) {
      await js(`${sel}[0].querySelector('button').click()`);
      await ff.waitFor(`return ${sel}.length === ${n - i - 1}`, 'rule removed');
    }
    assert.match(await js("return document.getElementById('status').textContent"), /removed/);
  });
  // The next load: the banner rotates again and, its rule removed, is content.
  assert.equal(await load(url), 'changed');
  const shown = Object.values((await painted()).blocks).flat();
  assert.ok(shown.includes('town-banner'), `the banner is content again: ${shown.join()}`);
});

test('Firefox: retention: visits older than the setting are deleted at once, newer ones kept', async () => {
  const oldUrl = ff.site.url('ffp-ret-old', 'static');
  const newUrl = ff.site.url('ffp-ret-new', 'static');
  const store = async (items) => {
    await js(`document.dispatchEvent(new CustomEvent('sincelast-test:store', { detail: ${JSON.stringify(JSON.stringify(items))} }))`);
    await mark('stored', /^ok:/);
    await js("document.documentElement.removeAttribute('data-sincelast-test-stored')");
  };
  assert.equal(await load(newUrl), 'first');
  await store({ testHooks: { timeShiftMs: -40 * 86400000 } });
  assert.equal(await load(oldUrl), 'first');
  await store({ testHooks: {} });
  await inPage('options', async () => {
    await ff.waitFor("return document.body.dataset.ready === 'true'", 'settings ready');
    const before = Number(await js("return document.getElementById('stats').dataset.visits"));
    await js("document.getElementById('retention').value = '30'; document.querySelector('#retention-form button').click();");
    await ff.waitFor("return /kept for 30 days/.test(document.getElementById('status').textContent)", 'saved');
    assert.match(await js("return document.getElementById('status').textContent"), /1 visits deleted/);
    assert.equal(Number(await js("return document.getElementById('stats').dataset.visits")), before - 1);
    await js("document.getElementById('retention').value = '90'; document.querySelector('#retention-form button').click();");
    await ff.waitFor("return /kept for 90 days/.test(document.getElementById('status').textContent)", 'saved again');
  });
  // The old page is gone (a first visit again), the new one kept (unchanged).
  assert.equal(await load(oldUrl), 'first');
  assert.equal(await load(newUrl), 'unchanged');
});

test('Firefox: the settings page links to the privacy policy, which says what is stored, where and what is fetched', async () => {
  assert.equal(await load(ff.site.url('ffp-privacy', 'static')), 'first');
  await inPage('options', async () => {
    await ff.waitFor("return document.body.dataset.ready === 'true'", 'settings ready');
    await js("document.getElementById('privacy-link').click()");
    await ff.waitFor("return location.pathname === '/privacy/privacy.html' && document.readyState === 'complete'", 'privacy page open');
    const headings = await js("return [...document.querySelectorAll('h2')].map((h) => h.textContent)");
    for (const h of ['What it stores', 'Where', 'What it never stores', 'What it fetches', 'What never leaves your machine']) {
      assert.ok(headings.includes(h), `${h} in ${headings.join(' | ')}`);
    }
    assert.match(await js("return document.querySelector('main').textContent"), /Only the pages you add to the watch list/);
    assert.match(await js('return document.title'), /Privacy policy/);
  });
});

test('Firefox: extension reloaded under a painted page: the old content script removes every trace', async () => {
  const url = ff.site.url('ffp-orphan', 'news');
  assert.equal(await load(url), 'first');
  await ff.site.advance('ffp-orphan');
  assert.equal(await load(url), 'changed');
  assert.equal((await painted()).ui, 1);
  const { pageHandle } = await ff.openExtensionPage('options');
  await ff.waitFor("return document.body.dataset.ready === 'true'", 'settings ready');
  await js('setTimeout(() => browser.runtime.reload(), 50)');
  await sleep(300);
  await ff.driver.switchTo().window(pageHandle);
  await ff.waitFor("return !document.querySelector('sincelast-ui, mark[data-sincelast-word], [data-sincelast], sincelast-removed')", 'every trace removed');
  const styled = await js("return [...document.querySelectorAll('[style]')].some((e) => /#d99a00|#6f8ba6|#7a7f87/i.test(e.getAttribute('style')))");
  assert.equal(styled, false);
  assert.equal(await js("return document.getElementById('editorial-text').childNodes.length"), 1, 'the text node is whole again');
});
