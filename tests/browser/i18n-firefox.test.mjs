// Languages in real Firefox: started in German (intl.locale.requested = "de", with Firefox's
// German language pack; Debian: firefox-esr-l10n-de), the bar, its live announcement (German
// plural), the popup (German relative time and date, the built-in noise kind of an automated
// change) and the settings page are in German.
// Build first: node scripts/build-extension.mjs

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { useFirefox, sleep } from './firefox.mjs';

const ff = useFirefox({ prefs: { 'intl.locale.requested': 'de' } });
const attr = (name) => ff.attr(name);

/** Runs `js` in the popup or settings page until it returns something true; returns it. */
async function until(js, what) {
  for (let i = 0; i < 100; i++) {
    const v = await ff.driver.executeScript(js);
    if (v) return v;
    await sleep(100);
  }
  throw new Error(`timed out: ${what}`);
}

test('Firefox in German: the bar, the announcement with its plural, the popup and the settings page', async () => {
  // One content change and one automated (the counter): "1 geändert", "1 automatische Änderung".
  const one = ff.site.url('ffde-one', 'metrics');
  assert.equal(await ff.load(one), 'first');
  await ff.site.advance('ffde-one');
  assert.equal(await ff.reload(), 'changed');
  assert.equal(await attr('bar'), '1 geändert');
  assert.equal(await attr('auto-toggle'), '1 automatische Änderung zeigen');
  // The popup of this page: German words, date and relative time.
  const [main, reasons] = await ff.inExtensionPage('popup', async () => [await until(
    "const m = document.getElementById('main'); return document.body.dataset.ready && m.dataset.status === 'changed' && m.textContent", 'popup'),
  await ff.driver.executeScript("return [...document.querySelectorAll('ol.automated .reason')].map((r) => r.textContent)")]);
  // The automated change's reason: the built-in kind in German.
  assert.deepEqual(reasons, ['Zähler']);
  assert.match(main, /Letzter Besuch: \d{1,2}\.\d{1,2}\.\d{4}, \d{1,2}:\d{2} \((jetzt|vor \d+ (Sekunden?|Minuten?))\)/, main);
  assert.match(main, /1 geändert/);
  assert.match(main, /1 automatische Änderung \(Zähler/);
  assert.doesNotMatch(main, /Last visit|changed since/);

  // Several changes: "N Änderungen seit Ihrem letzten Besuch" (the spy page opens the overlay's root).
  const url = `${ff.site.url('ffde-many', 'spy')}?openshadow`;
  assert.equal(await ff.load(url), 'first');
  await ff.site.advance('ffde-many');
  assert.equal(await ff.reload(), 'changed');
  const text = await until("const l = document.querySelector('sincelast-ui').shadowRoot.querySelector('[aria-live]'); return l && l.dataset.t", 'announcement');
  const n = Number(/^(\d+) /.exec(text)[1]);
  assert.ok(n > 1, text);
  assert.equal(text, `${n} Änderungen seit Ihrem letzten Besuch`);
  assert.match(await attr('bar'), /^\d+ neu( · \d+ (geändert|verschoben|entfernt))*$/);
  const buttons = await ff.driver.executeScript("return [...document.querySelector('sincelast-ui').shadowRoot.querySelectorAll('.bar button')].map((b) => b.getAttribute('aria-label'))");
  assert.ok(buttons.includes('Nächste Änderung'), buttons.join(' | '));

  // The settings page: German headings and German plurals in the stored data line.
  const settings = await ff.inExtensionPage('options', () => until(
    "const s = document.getElementById('stats'); return document.body.dataset.ready && [document.documentElement.lang, document.querySelector('h1').textContent, s.textContent].join('|')", 'settings'));
  const [lang, h1, stats] = settings.split('|');
  assert.equal(lang, 'de');
  assert.equal(h1, 'Since Last Visit — Einstellungen');
  assert.match(stats, /^2 Seiten, 4 Besuche, \d+ verschiedene Blöcke/, stats);
});
