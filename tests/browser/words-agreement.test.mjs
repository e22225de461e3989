// The core's words composed in the UI language (extension/shared/core-words.js) say in English
// exactly what the core says (the CLI's words), and in German something else: the schedule
// reasons of many watched-page histories from the wasm (watchPlan), the change-curve classes of
// histories of every kind (historyAnalyze), the built-in noise kinds. The browser's i18n API is
// played by the locales' messages.json, substituted as the browsers do ($1…, $$).
// Build first: node scripts/build-extension.mjs

import { test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { ROOT } from './chromium.mjs';

const wasm = await import(path.join(ROOT, 'core', 'wasm', 'pkg', 'sincelast_wasm.js'));
wasm.initSync({ module: fs.readFileSync(path.join(ROOT, 'dist', 'chrome', 'wasm', 'sincelast_wasm_bg.wasm')) });

const locales = Object.fromEntries(['en', 'de'].map((l) => [l, JSON.parse(fs.readFileSync(path.join(ROOT, 'extension', '_locales', l, 'messages.json'), 'utf8'))]));
let lang = 'en';
globalThis.chrome = /** @type {any} */ ({
  i18n: {
    getUILanguage: () => lang,
    getMessage: (key, subs = []) => {
      const m = locales[lang][key];
      return m ? m.message.replace(/\$(\d|\$)/g, (_, d) => (d === '$' ? '$' : (subs[Number(d) - 1] ?? ''))) : '';
    },
  },
});
const { planReason, curveWords, kindList, durationWords } = await import('../../extension/shared/core-words.js');

/** A small deterministic random generator (mulberry32). */
function rng(seed) {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

test('schedule reasons: English composed word for word as the core says it, German different', () => {
  lang = 'en';
  const seen = new Set();
  const random = rng(7);
  const bounds = [undefined, { min_secs: 7200, max_secs: 86400 }, { min_secs: 60, max_secs: 30 * 86400, initial_secs: 300 }];
  let compared = 0;
  for (let run = 0; run < 300; run++) {
    const opts = bounds[run % bounds.length];
    const checks = [{ time: 0, span: 0, ok: true, meaningful: false, staleness: 0 }];
    const pChange = random();
    const pFail = random() * 0.4;
    for (let k = 0; k < 14; k++) {
      const plan = wasm.watchPlan(checks, opts);
      assert.equal(planReason(plan), plan.reason, JSON.stringify({ checks, plan }));
      seen.add(`${plan.case}:${plan.limit ?? ''}`);
      compared++;
      const last = checks[checks.length - 1];
      const time = last.time + plan.interval_secs;
      if (random() < pFail) checks.push({ time, span: 0, ok: false, meaningful: false, staleness: 0 });
      else {
        const lastOk = [...checks].reverse().find((c) => c.ok);
        const meaningful = random() < pChange;
        checks.push({ time, span: time - lastOk.time, ok: true, meaningful, staleness: meaningful ? 0.2 : 0 });
      }
    }
  }
  // Every case and every limit came up.
  for (const k of ['no_comparison:', 'quiet:step_by_step', 'quiet:longest', 'changed:twice_last', 'changed:shortest', 'changed:', 'failing:step_by_step']) {
    assert.ok(seen.has(k), `${k} not among ${[...seen].join(' ')}`);
  }
  assert.ok(compared >= 4000, `${compared}`);
  // An old stored plan (before the fields) is shown in the core's words.
  assert.equal(planReason({ interval_secs: 3600, reason: 'every 1 h: old words' }), 'every 1 h: old words');

  // German, hand-checked: 4 checks 2 h apart, each saw a change (the core's own test case).
  const busy = [{ time: 0, span: 0, ok: true, meaningful: false, staleness: 0 }];
  for (let k = 1; k <= 4; k++) busy.push({ time: k * 7200, span: 7200, ok: true, meaningful: true, staleness: 0.2 });
  const plan = wasm.watchPlan(busy);
  assert.equal(plan.reason, 'every 30 min: changed meaningfully 4 times in the last 4 checks (about once every 55 min); the shortest interval allowed');
  lang = 'de';
  assert.equal(planReason(plan), 'alle 30 Min.: bedeutend geändert: 4-mal bei den letzten 4 Prüfungen (etwa einmal alle 55 Min.); der kürzeste erlaubte Abstand');
  const failed = wasm.watchPlan([...busy, { time: 40000, span: 0, ok: false, meaningful: false, staleness: 0 }]);
  assert.equal(planReason(failed), 'alle 1 Std.: 1 fehlgeschlagene Prüfung in Folge: länger warten bis zum nächsten Versuch (gelernt: alle 30 Min.)');
  assert.equal(durationWords(2.25 * 86400), '2,3 Tage');
  lang = 'en';
  assert.equal(durationWords(2.25 * 86400), '2.3 days');
});

/** A history of `hours` versions one hour apart (or `gap` seconds), each from `words(h)`. */
function history(n, words, gap = 3600) {
  return { versions: Array.from({ length: n }, (_, h) => ({ time: 1_700_000_000 + h * gap, blocks: [{ text: words(h), path: '/html[0]/body[0]/p[0]', type_path: '/html/body/p', links: [] }] })) };
}

const range = (a, b) => Array.from({ length: b - a }, (_, i) => `w${a + i}`).join(' ');

test('change-curve classes: English composed word for word as the core says it, German different', () => {
  lang = 'en';
  const cases = {
    // 20 stable words, four news slots whose stories live 4 hours: knotted at 4 h, half stable.
    knotted: history(40, (h) => [range(0, 20), ...[0, 1, 2, 3].map((s) => `s${s}x${Math.floor((h + s) / 4)}a s${s}x${Math.floor((h + s) / 4)}b s${s}x${Math.floor((h + s) / 4)}c s${s}x${Math.floor((h + s) / 4)}d s${s}x${Math.floor((h + s) / 4)}e`)].join(' ')),
    flat: history(8, () => range(0, 30)),
    sloped: history(8, (h) => range(h, h + 100)),
    few: history(3, () => range(0, 30)),
    close: history(6, (h) => range(h, h + 30), 60),
  };
  const got = {};
  for (const [name, input] of Object.entries(cases)) {
    const { curve } = JSON.parse(wasm.historyAnalyze(JSON.stringify({ ...input, collection: [] })));
    got[name] = curve;
    // The core's words; with too little history the page says "Not enough history yet: …"
    // itself, so the composed words leave the core's lead-in out.
    const words = curve.needs_visits > 0 ? curve.words.replace(/^not enough history yet: /, '') : curve.words;
    assert.equal(curveWords(curve), words, name);
  }
  assert.deepEqual(Object.values(got).map((c) => c.class ?? 'none'), ['knotted', 'flat', 'sloped', 'none', 'none']);
  assert.match(got.knotted.words, /^knotted: its fast-changing part turns over within about 4 hours; about 50% of the page is stable$/);
  assert.equal(curveWords(got.few), 'about 3 more visits before a change curve can be drawn');
  assert.equal(curveWords(got.close), 'about 4 more visits at least an hour apart before a change curve can be drawn');
  lang = 'de';
  assert.equal(curveWords(got.knotted), 'geknotet: ihr schnell wechselnder Teil erneuert sich innerhalb von etwa 4 Stunden; etwa 50 % der Seite bleiben stabil');
  assert.equal(curveWords(got.flat), 'flach: die Seite ändert sich kaum (ihre Wörter bleiben zu etwa 100 % gleich)');
  assert.equal(curveWords(got.sloped), 'abfallend: die Seite verändert sich stetig, ohne ein festes Niveau zu erreichen (etwa 24 Prozentpunkte ihrer Wörter pro Tag)');
  assert.equal(curveWords(got.few), 'etwa 3 weitere Besuche, bevor eine Änderungskurve gezeichnet werden kann');
  lang = 'en';
});

test('built-in noise kinds: each named in both languages, an unknown one by its name', () => {
  const all = ['clock', 'date', 'relative_time', 'duration', 'ip', 'id', 'counter', 'whitespace', 'format', 'reordered', 'renumbered', 'not_loaded_yet', 'ad', 'weather', 'related'];
  lang = 'en';
  assert.equal(kindList(['counter', 'clock']), 'counter, clock');
  assert.equal(kindList(['relative_time', 'not_loaded_yet']), 'relative time, not loaded yet');
  assert.equal(kindList(['some_new_kind']), 'some_new_kind');
  lang = 'de';
  assert.equal(kindList(['counter', 'clock']), 'Zähler, Uhrzeit');
  const de = all.map((k) => kindList([k]));
  lang = 'en';
  const en = all.map((k) => kindList([k]));
  assert.equal(new Set(de).size, all.length);
  for (let i = 0; i < all.length; i++) assert.notEqual(de[i], en[i], all[i]);
});
