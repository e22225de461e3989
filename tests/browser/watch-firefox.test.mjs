// watch: the watch list end to end in real Firefox (firefox-esr, headless; the test build,
// whose manifest grants the local test site's hosts and notifications at install). WebDriver
// cannot reach the background: the settings page (an extension page, opened in a tab by the
// test build) sends the messages.
// Build first: node scripts/build-extension.mjs

import { test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { useFirefox, sleep } from './firefox.mjs';
import { PAINTED, ROOT } from './chromium.mjs';

const ff = useFirefox();
let optionsHandle = null;
let pageHandle = null;

/** Runs `fn` (a function's source) in the settings page with `arg`; resolves to its result. */
async function inOptions(fnSource, arg) {
  await ff.driver.switchTo().window(optionsHandle);
  return ff.driver.executeAsyncScript(`
    const done = arguments[arguments.length - 1];
    (${fnSource})(arguments[0]).then((v) => done({ ok: true, v }), (e) => done({ ok: false, e: String(e && e.message || e) }));
  `, arg).then((r) => {
    if (!r.ok) throw new Error(r.e);
    return r.v;
  });
}

function ask(msg) {
  return inOptions(`async (m) => {
    const r = await browser.runtime.sendMessage(m);
    if (!r || !r.ok) throw new Error(r ? r.error.kind + ': ' + r.error.message : 'no answer');
    return r.result;
  }`, msg);
}

const setHooks = (hooks) => inOptions('(h) => browser.storage.local.set({ testHooks: h })', hooks);
const local = () => `127.0.0.1:${ff.site.port}`;

async function watched(url) {
  return (await ask({ type: 'watch-list' })).watches.find((w) => w.url === url);
}

test('Firefox: watch a page, change it, a check finds it: badge, notification, the visit shows the changes since the last seen version', async () => {
  const url = ff.site.url('ffw-news', 'news');
  assert.equal(await ff.load(url), 'first');
  ({ pageHandle, handle: optionsHandle } = await ff.openExtensionPage('options'));
  await ff.waitFor("return location.protocol === 'moz-extension:' && document.readyState === 'complete' && typeof browser !== 'undefined'", 'the settings page');
  await setHooks({ watchAllowHosts: [local()], watchSiteGapMs: 0 });
  await ask({ type: 'watch-settings-set', settings: { notify: true } });
  const { watch, added } = await ask({ type: 'watch-add', url });
  assert.equal(added, true);
  assert.match(watch.plan.reason, /^every 1 h:/);

  ff.site.requests.length = 0;
  await ff.site.advance('ffw-news');
  let run = await ask({ type: 'watch-test-fire', all: true });
  assert.deepEqual(run.changed, [url]);
  await ff.site.advance('ffw-news');
  run = await ask({ type: 'watch-test-fire', all: true });
  assert.equal(run.checked, 1);
  assert.deepEqual([...new Set(ff.site.requests.filter((r) => !r.path.startsWith('/__')).map((r) => r.path))], ['/s/ffw-news/news']);
  assert.ok(ff.site.requests.every((r) => r.cookie === null));
  const w = await watched(url);
  assert.equal(w.status, 'ok');
  assert.equal(w.unseen, 2); // version 2 edits a paragraph again
  const notes = await ask({ type: 'watch-test-notifications' });
  // Created for the page (headless Firefox closes it at once, so getAll may be empty).
  assert.match(notes.created[`watch:${url}`].title, /^Changed: /, JSON.stringify(notes));

  // The page's tab has no count of its own (its last visit was the first): the badge counts
  // the watched pages with unseen changes.
  await ff.driver.switchTo().window(pageHandle);
  assert.equal(await ff.badge(), '1');
  // The revisit compares with version 0 (the last one seen), not the last check.
  await ff.driver.executeScript("document.documentElement.removeAttribute('data-sincelast-test-state')");
  assert.equal(await ff.load(url), 'changed');
  const report = await ff.driver.executeScript(`return (${PAINTED})()`);
  const newIds = [...new Set(report.blocks.new || [])];
  assert.deepEqual(newIds, ['a-storm']);
  assert.equal(await ff.attr('checks'), '2');
  assert.equal((await watched(url)).unseen, 0);
  await ask({ type: 'watch-remove', url });
});

test('Firefox: a watched page that only lost text changed: the check counts it, notifies, and the visit shows it removed', async () => {
  await ff.driver.switchTo().window(pageHandle);
  const url = ff.site.url('ffw-notices', 'notices');
  assert.equal(await ff.load(url), 'first');
  await setHooks({ watchAllowHosts: [local()], watchSiteGapMs: 0 });
  await ask({ type: 'watch-settings-set', settings: { notify: true } });
  await ask({ type: 'watch-add', url });
  await ask({ type: 'watch-test-fire', all: true }); // a version like the one seen: no change
  assert.equal((await watched(url)).unseen, 0);
  // The closed landing stage's notice is gone; nothing else on the page changed.
  await ff.site.advance('ffw-notices');
  const run = await ask({ type: 'watch-test-fire', all: true });
  assert.deepEqual(run.changed, [url], 'a page that only lost a paragraph changed');
  const w = await watched(url);
  assert.equal(w.unseen, 1);
  assert.equal(w.statusText, '1 meaningful change');
  const notes = await ask({ type: 'watch-test-notifications' });
  assert.match(notes.created[`watch:${url}`].title, /^Changed: /, JSON.stringify(notes));
  // The visit: the bar counts it, and the removed text is there to show.
  await ff.driver.switchTo().window(pageHandle);
  await ff.driver.executeScript("document.documentElement.removeAttribute('data-sincelast-test-state')");
  assert.equal(await ff.load(url), 'changed');
  assert.equal(await ff.attr('bar'), '1 removed');
  await ask({ type: 'watch-remove', url });
});

test('Firefox: a watched page whose reviews had not loaded when checked ("Loading reviews…") did not change, nor does their return', async () => {
  await ff.driver.switchTo().window(pageHandle);
  const url = ff.site.url('ffw-reviews', 'reviews');
  assert.equal(await ff.load(url), 'first');
  await setHooks({ watchAllowHosts: [local()], watchSiteGapMs: 0 });
  await ask({ type: 'watch-settings-set', settings: { notify: true } });
  await ask({ type: 'watch-add', url });
  await ff.site.advance('ffw-reviews');
  for (let k = 0; k < 2; k++) {
    const run = await ask({ type: 'watch-test-fire', all: true });
    assert.deepEqual(run.changed, [], `check ${k + 1}`);
    assert.equal((await watched(url)).unseen, 0);
  }
  await ff.site.advance('ffw-reviews');
  assert.deepEqual((await ask({ type: 'watch-test-fire', all: true })).changed, []);
  await ff.driver.switchTo().window(pageHandle);
  await ff.driver.executeScript("document.documentElement.removeAttribute('data-sincelast-test-state')");
  assert.equal(await ff.load(url), 'unchanged');
  await ask({ type: 'watch-remove', url });
});

test('Firefox: private addresses and redirects to them refused; a 6 MB page capped; peers\' lists imported; 20 watched pages, egress only those', async () => {
  await setHooks({ watchAllowHosts: [`localhost:${ff.site.port}`], watchSiteGapMs: 0 });
  await assert.rejects(ask({ type: 'watch-add', url: ff.site.url('ffw-priv', 'news') }), /refused: private address/);
  const redirect = `http://localhost:${ff.site.port}/watch/redirect?to=/s/ffw-redir/news`;
  await ask({ type: 'watch-add', url: redirect });
  ff.site.requests.length = 0;
  const checked = await ask({ type: 'watch-check-now', url: redirect });
  assert.equal(checked.watch.status, 'refused', JSON.stringify(checked.watch));
  assert.match(checked.watch.statusText, /^refused: (private address \(after a redirect\)|the page redirects and the browser hides where to \(not followed\))$/);
  assert.ok(!ff.site.requests.some((r) => r.path.startsWith('/s/ffw-redir/')));
  await ask({ type: 'watch-remove', url: redirect });

  await setHooks({ watchAllowHosts: [local()], watchSiteGapMs: 0 });
  const big = ff.site.url('ffw-big', 'big');
  await ask({ type: 'watch-add', url: big });
  const capped = await ask({ type: 'watch-check-now', url: big });
  assert.equal(capped.watch.status, 'capped');
  await ff.driver.navigate().refresh();
  await ff.waitFor(`return !!document.querySelector('li.watch[data-url="${big}"] [data-field="status"]')`, 'the list shows the big page');
  const status = await ff.driver.executeScript(`return document.querySelector('li.watch[data-url="${big}"] [data-field="status"]').textContent`);
  assert.match(status, /^Capped at 5 MB/);
  await ask({ type: 'watch-remove', url: big });

  for (const [file, count] of [['distill.json', 3], ['update-scanner.json', 3], ['sitedelta.json', 2]]) {
    const text = fs.readFileSync(path.join(ROOT, 'tests/watch-import', file), 'utf8');
    const r = await ask({ type: 'watch-import', text });
    assert.equal(r.added.length, count, file);
  }
  const imported = (await ask({ type: 'watch-list' })).watches.filter((x) => x.source);
  assert.equal(imported.length, 8);
  for (const x of imported) await ask({ type: 'watch-remove', url: x.url });

  const urls = Array.from({ length: 20 }, (_, k) => ff.site.url(`ffw-egress-${k}`, 'static'));
  for (const url of urls) await ask({ type: 'watch-add', url });
  ff.site.requests.length = 0;
  const run = await ask({ type: 'watch-test-fire', all: true });
  assert.ok(run.checked >= 20, JSON.stringify(run));
  const seen = ff.site.requests.filter((r) => !r.path.startsWith('/__')).map((r) => `http://${r.host}${r.path}`);
  const allowed = new Set(urls);
  assert.deepEqual(seen.filter((p) => !allowed.has(p)), []);
  assert.deepEqual([...new Set(seen)].sort(), [...urls].sort());
  for (const url of urls) await ask({ type: 'watch-remove', url });
  await sleep(0);
});
