// Languages in real Chromium: the browser started in German (--lang=de, LANGUAGE=de) shows the
// bar, its live announcement (with the German plural), the popup (German relative time and
// date), the settings page, the dashboard, the page's history and the first-run page in
// German, from extension/_locales/de/messages.json.
// Needs Chromium's German interface (Debian: chromium-l10n). Build first: node scripts/build-extension.mjs

import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { launch, revisit, visit } from './chromium.mjs';
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
