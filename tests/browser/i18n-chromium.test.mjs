// Languages in real Chromium: the browser started in German (--lang=de, LANGUAGE=de) shows the
// bar, its live announcement (with the German plural), the popup (German relative time and
// date), the settings page, the dashboard, the page's history and the first-run page in
// German, from extension/_locales/de/messages.json; and the words the core's figures are said
// in: the built-in noise kinds of the automated list, a watched page's learned schedule and a
// page's change-curve class (extension/shared/core-words.js).
// Needs Chromium's German interface (Debian: chromium-l10n). Build first: node scripts/build-extension.mjs

import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { launch, revisit, visit, inExtension } from './chromium.mjs';
import { startSite } from '../site/server.mjs';

let site;
let ext;
before(async () => {
  site = await startSite(0);
  ext = await launch({ lang: 'de' });
});
after(async () => {
  await ext?.close();
  await site?.close();
});

async function openPage() {
  const page = await ext.context.newPage();
  await page.addInitScript(() => {
    document.addEventListener('DOMContentLoaded', () => document.documentElement.setAttribute('data-sincelast-test-open-shadow', ''));
  });
  return page;
}

const live = (page) => page.waitForFunction(() => {
  const ui = document.querySelector('sincelast-ui');
  const l = ui && ui.shadowRoot && ui.shadowRoot.querySelector('[aria-live]');
  return l && l.dataset.t ? l.dataset.t : null;
}).then((h) => h.jsonValue());

async function popup(tabId) {
  const p = await ext.context.newPage();
  await p.goto(`chrome-extension://${ext.extensionId}/popup/popup.html?tabId=${tabId}`);
  await p.waitForFunction(() => document.body.dataset.ready);
  return p;
}

test('German: the bar, the announcement with its plural, the popup and the settings page', async () => {
  assert.equal(await ext.worker.evaluate(() => chrome.i18n.getUILanguage()), 'de');
  // One change: "1 Änderung".
  const one = await openPage();
  await visit(ext, site.url('de-one', 'metrics'), one);
  await site.advance('de-one');
  assert.equal(await revisit(one), 'changed');
  assert.equal(await live(one), '1 Änderung seit Ihrem letzten Besuch');
  assert.equal(await one.evaluate(() => document.documentElement.getAttribute('data-sincelast-test-bar')), '1 geändert');
  // Several: "N Änderungen", the bar's counts in German.
  const page = await openPage();
  const { tabId } = await visit(ext, site.url('de-many', 'news'), page);
  await site.advance('de-many');
  assert.equal(await revisit(page), 'changed');
  const text = await live(page);
  const n = Number(/^(\d+) /.exec(text)[1]);
  assert.ok(n > 1, text);
  assert.equal(text, `${n} Änderungen seit Ihrem letzten Besuch`);
  const bar = await page.evaluate(() => document.documentElement.getAttribute('data-sincelast-test-bar'));
  assert.match(bar, /^\d+ neu( · \d+ (geändert|verschoben|entfernt))*$/);
  const buttons = await page.evaluate(() => [...document.querySelector('sincelast-ui').shadowRoot.querySelectorAll('.bar button')]
    .map((b) => b.getAttribute('aria-label')));
  assert.ok(buttons.includes('Nächste Änderung'), buttons.join(' | '));
  assert.ok(buttons.includes('Verlauf'), buttons.join(' | '));
  // The counts' tooltip: when the compared visit was, worded by the background in German.
  const compared = await page.evaluate(() => document.querySelector('sincelast-ui').shadowRoot.querySelector('.bar .counts').title);
  assert.match(compared, /^Verglichen mit Ihrem Besuch (jetzt|vor \d+ (Sekunden?|Minuten?))$/, compared);
  // The popup: German words, a German relative time ("vor … Sekunden" / "jetzt") and date.
  const p = await popup(tabId);
  const main = await p.locator('#main').textContent();
  assert.match(main, /Letzter Besuch: \d{1,2}\.\d{1,2}\.\d{4}, \d{1,2}:\d{2} \((jetzt|vor \d+ (Sekunden?|Minuten?))\)/, main);
  assert.match(main, /Änderungen/);
  assert.match(main, /Aufzeichnung anhalten/);
  assert.equal(await p.locator('#settings').textContent(), 'Einstellungen');
  assert.equal(await p.evaluate(() => document.documentElement.lang), 'de');
  await p.close();
  // The settings page.
  const o = await ext.context.newPage();
  await o.goto(`chrome-extension://${ext.extensionId}/options/options.html`);
  await o.waitForFunction(() => !/…/.test(document.getElementById('stats').textContent));
  assert.equal(await o.locator('h1').textContent(), 'Since Last Visit — Einstellungen');
  assert.match(await o.locator('body').textContent(), /Ausgeschlossene Websites/);
  assert.match(await o.locator('#stats').textContent(), /Seite/);
  await o.close();
  // The dashboard, the page's history and the first-run page.
  const d = await ext.context.newPage();
  await d.goto(`chrome-extension://${ext.extensionId}/dashboard/dashboard.html`);
  await d.waitForFunction(() => /gespeichert/.test(document.getElementById('status').textContent));
  assert.equal(await d.locator('h1').textContent(), 'Ihre Seiten');
  assert.equal(await d.locator('#status').textContent(), '2 Seiten gespeichert.');
  await d.close();
  const h = await ext.context.newPage();
  await h.goto(`chrome-extension://${ext.extensionId}/history/history.html?url=${encodeURIComponent(site.url('de-many', 'news'))}`);
  await h.waitForFunction(() => /^2 Besuche gespeichert; der letzte (jetzt|vor \d+ (Sekunden?|Minuten?))\.$/.test(document.getElementById('status').textContent));
  assert.equal(await h.locator('#timeline-h').textContent(), 'Besuche');
  await h.close();
  const w = await ext.context.newPage();
  await w.goto(`chrome-extension://${ext.extensionId}/onboarding/onboarding.html`);
  assert.equal(await w.title(), 'Willkommen bei Since Last Visit');
  assert.match((await w.locator('#five-lines li').allTextContents())[0], /^Was es aufbewahrt: den Text der Seiten/);
  await w.close();
});

test('German: the noise kinds of the automated list, a watched page\'s schedule, a change curve\'s class', async () => {
  // The town page: a visitor counter and a clock change on every load, and a paragraph is edited.
  const town = await openPage();
  await visit(ext, site.url('de-town', 'town'), town);
  await site.advance('de-town');
  assert.equal(await revisit(town), 'changed');
  await town.evaluate(() => document.dispatchEvent(new CustomEvent('sincelast-test:press', { detail: 'automated' })));
  const shown = await town.waitForFunction(() => {
    const a = document.documentElement.getAttribute('data-sincelast-test-auto');
    return a && a !== 'hidden' ? a : null;
  }).then((h) => h.jsonValue());
  const reasons = JSON.parse(shown).map((a) => a.reason);
  assert.ok(reasons.includes('Zähler'), reasons.join(' | '));
  assert.ok(reasons.includes('Uhrzeit'), reasons.join(' | '));
  assert.ok(!reasons.some((r) => /^(counter|clock)$/.test(r)), reasons.join(' | '));
  // Drawn on the page: the label and its tooltip (the change's kind and whole reason) in German.
  const titles = await town.waitForFunction(() => {
    const ls = [...document.querySelector('sincelast-ui').shadowRoot.querySelectorAll('.auto-label')];
    return ls.length ? ls.map((l) => `${l.textContent} = ${l.title}`) : null;
  }).then((h) => h.jsonValue());
  assert.ok(titles.includes('Zähler = Automatische Änderung (Rauschen): eingebaut: Zähler'), titles.join(' | '));
  await town.close();

  // A watched page, checked twice, changed both times: its schedule in German on the settings page.
  const ask = (msg) => inExtension(ext, async (m) => {
    const r = await chrome.runtime.sendMessage(m);
    if (!r || !r.ok) throw new Error(r ? `${r.error.kind}: ${r.error.message}` : 'no answer');
    return r.result;
  }, msg);
  await inExtension(ext, (h) => chrome.storage.local.set({ testHooks: h }), { watchAllowHosts: [`127.0.0.1:${site.port}`], watchSiteGapMs: 0 });
  const url = site.url('de-watch', 'news');
  await (await visit(ext, url)).page.close();
  const added = await ask({ type: 'watch-add', url });
  assert.match(added.watch.plan.reason, /^every 1 h: until the page's pace is known/);
  for (let k = 0; k < 2; k++) {
    await site.advance('de-watch');
    await ext.worker.evaluate(() => globalThis.__sincelastTest.watchRun(true));
  }
  const { watches } = await ask({ type: 'watch-list' });
  const plan = watches.find((w) => w.url === url).plan;
  assert.match(plan.reason, /^every \d+ min: changed meaningfully 2 times in the last 2 checks \(about once every \d+ min\)/);
  const o = await ext.context.newPage();
  await o.goto(`chrome-extension://${ext.extensionId}/options/options.html`);
  const interval = await o.waitForFunction((u) => {
    const li = [...document.querySelectorAll('#watches li.watch')].find((l) => l.getAttribute('data-url') === u);
    const dd = li && li.querySelector('[data-field="interval"]');
    return dd ? dd.textContent : null;
  }, url).then((h) => h.jsonValue());
  assert.match(interval, /^alle \d+ Min\.: bedeutend geändert: 2-mal bei den letzten 2 Prüfungen \(etwa einmal alle \d+ Min\.\)/);
  assert.equal(interval.replace(/\d+/g, 'N'), 'alle N Min.: bedeutend geändert: N-mal bei den letzten N Prüfungen (etwa einmal alle N Min.)'
    + (/the shortest interval allowed$/.test(plan.reason) ? '; der kürzeste erlaubte Abstand' : /at most twice/.test(plan.reason) ? ': höchstens doppelt so lange warten wie zuletzt' : ''));
  await o.close();
  await ask({ type: 'watch-remove', url });

  // The knot page visited eight times an hour apart (test builds date visits): knotted at 4 h.
  const HOUR = 3600000;
  const knot = site.url('de-hist', 'knot');
  const page = await openPage();
  for (let h = 0; h < 8; h++) {
    await inExtension(ext, (shift) => chrome.storage.local.set({ testHooks: { timeShiftMs: shift } }), (h - 7) * HOUR);
    if (h === 0) await visit(ext, knot, page);
    else await revisit(page);
    await site.advance('de-hist');
  }
  await inExtension(ext, () => chrome.storage.local.remove('testHooks'));
  const hist = await ext.context.newPage();
  // The last visit's write may still be landing: the page is read again until it holds all eight.
  for (let tries = 0; ; tries++) {
    await hist.goto(`chrome-extension://${ext.extensionId}/history/history.html?url=${encodeURIComponent(knot)}`);
    await hist.waitForSelector('body[data-ready=true]', { timeout: 20000 });
    if (/^8 Besuche/.test(await hist.locator('#status').textContent()) || tries > 20) break;
  }
  assert.match(await hist.locator('#status').textContent(), /^8 Besuche/);
  assert.equal(await hist.getAttribute('#curve-class', 'data-class'), 'knotted');
  assert.equal(await hist.locator('#curve-class').textContent(),
    'Die Änderungskurve dieser Seite ist geknotet: ihr schnell wechselnder Teil erneuert sich innerhalb von etwa 4 Stunden; etwa 50 % der Seite bleiben stabil.');
  assert.match(await hist.locator('#curve-svg desc').textContent(), /^geknotet: /);
  assert.match(await hist.locator('#knot text').textContent(), /^Knick: 4 Std\., Dice /);
  await hist.close();
  await page.close();
});
