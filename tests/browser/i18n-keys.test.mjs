// The messages (node, no browser): every key the extension uses (t('…'), plural(n, '…'),
// data-i18n attributes, __MSG_…__ in the manifest) is in both extension/_locales/en and
// extension/_locales/de, both files have the same keys, the same $1… substitutions per key, and
// no key is unused.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { ROOT } from './chromium.mjs';

const EXT = path.join(ROOT, 'extension');
const LOCALES = ['en', 'de'];
const STATUSES = ['new', 'changed', 'moved', 'removed'];
// What a plural base expands to: the categories English and German use.
const PLURAL = ['one', 'other'];

function files(dir, exts) {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const p = path.join(dir, e.name);
    if (e.isDirectory()) return e.name === '_locales' ? [] : files(p, exts);
    return exts.includes(path.extname(e.name)) ? [p] : [];
  });
}

const messages = Object.fromEntries(LOCALES.map((l) => [l, JSON.parse(fs.readFileSync(path.join(EXT, '_locales', l, 'messages.json'), 'utf8'))]));

/** The first argument of each call of `fn` in `src` (up to the first comma or parenthesis outside quotes, roughly). */
function firstArgs(src, fn, skipFirst = false) {
  const out = [];
  const re = new RegExp(`(?<![\\w.])${fn}\\(`, 'g');
  for (let m; (m = re.exec(src));) {
    let i = m.index + m[0].length;
    if (skipFirst) {
      let depth = 0;
      for (; i < src.length; i++) {
        const ch = src[i];
        if ('([{'.includes(ch)) depth++;
        else if (')]}'.includes(ch)) depth--;
        else if (ch === ',' && depth === 0) break;
      }
      i++;
    }
    let depth = 0;
    let j = i;
    for (; j < src.length; j++) {
      const ch = src[j];
      if ('([{'.includes(ch)) depth++;
      else if (')]}'.includes(ch)) {
        if (depth === 0) break;
        depth--;
      } else if (ch === ',' && depth === 0) break;
    }
    out.push(src.slice(i, j));
  }
  return out;
}

/** Every key the code uses, with where. */
function usedKeys() {
  /** @type {Map<string, string>} */
  const used = new Map();
  const add = (k, where) => used.set(k, used.get(k) || where);
  for (const f of files(EXT, ['.js'])) {
    if (f.endsWith(path.join('shared', 'i18n.js'))) continue;
    const src = fs.readFileSync(f, 'utf8');
    if (!/from '(\.\.\/shared|\.)\/i18n\.js'/.test(src)) continue;
    const where = path.relative(ROOT, f);
    const names = [...src.matchAll(/import \{([^}]*)\} from '[./a-z]*i18n\.js'/g)].flatMap((m) => m[1].split(',').map((s) => s.trim()));
    const tNames = names.map((n) => (n.includes(' as ') ? n.split(' as ')[1].trim() : n)).filter((n, i) => names[i].startsWith('t'));
    for (const fn of tNames) {
      for (const arg of firstArgs(src, fn)) {
        const lits = [...arg.matchAll(/'([a-zA-Z0-9_]+)'/g)].map((m) => m[1]);
        const tpl = /`([a-z_]+)\$\{[^}]+\}`/.exec(arg);
        if (tpl) for (const s of STATUSES) add(`${tpl[1]}${s}`, where);
        assert.ok(lits.length || tpl, `${where}: ${fn}(${arg}…) has no literal key (write keys out, so that this check sees them)`);
        for (const k of lits) add(k, where);
      }
    }
    if (names.includes('plural')) {
      for (const arg of firstArgs(src, 'plural', true)) {
        const lits = [...arg.matchAll(/'([a-zA-Z0-9_]+)'/g)].map((m) => m[1]);
        assert.ok(lits.length, `${where}: plural(…, ${arg}) has no literal key`);
        for (const k of lits) for (const c of PLURAL) add(`${k}_${c}`, where);
      }
    }
  }
  for (const f of files(EXT, ['.html'])) {
    const src = fs.readFileSync(f, 'utf8');
    for (const m of src.matchAll(/data-i18n(?:-[a-z-]+)?="([^"]+)"/g)) add(m[1], path.relative(ROOT, f));
  }
  for (const m of fs.readFileSync(path.join(ROOT, 'manifest.json'), 'utf8').matchAll(/__MSG_(\w+)__/g)) add(m[1], 'manifest.json');
  return used;
}

test('both locales have the same keys, each with the same substitutions, and a message', () => {
  const [en, de] = LOCALES.map((l) => Object.keys(messages[l]).sort());
  assert.deepEqual(de.filter((k) => !en.includes(k)), [], 'keys only in de');
  assert.deepEqual(en.filter((k) => !de.includes(k)), [], 'keys only in en');
  for (const k of en) {
    const subs = LOCALES.map((l) => [...messages[l][k].message.matchAll(/\$(\d)/g)].map((m) => m[1]).sort().join(','));
    assert.equal(subs[1], subs[0], `${k}: the same $1… in en and de`);
    for (const l of LOCALES) assert.ok(messages[l][k].message.trim(), `${l}/${k} is empty`);
  }
});

test('every key the extension uses is in both locales, and every key is used', () => {
  const used = usedKeys();
  assert.ok(used.size > 100, `${used.size} keys found in the code`);
  for (const l of LOCALES) {
    const missing = [...used].filter(([k]) => !messages[l][k]).map(([k, where]) => `${k} (${where})`);
    assert.deepEqual(missing, [], `missing in _locales/${l}`);
  }
  const unused = Object.keys(messages.en).filter((k) => !used.has(k));
  assert.deepEqual(unused, [], 'keys no code uses');
});

test('the manifest names its default locale and uses messages for what the browser shows', () => {
  const m = JSON.parse(fs.readFileSync(path.join(ROOT, 'manifest.json'), 'utf8'));
  assert.equal(m.default_locale, 'en');
  assert.equal(m.name, '__MSG_extName__');
  assert.equal(m.description, '__MSG_extDescription__');
  for (const c of Object.values(m.commands)) assert.match(c.description, /^__MSG_\w+__$/);
});

test('numbers: whole numbers under 1,000 are written as Intl writes them in English and German, without making a formatter', async () => {
  const { formatNumber, uiLanguage } = await import('../../extension/shared/i18n.js');
  for (const lang of ['en', 'en-US', 'de', 'de-DE']) {
    const intl = new Intl.NumberFormat(lang);
    for (let n = -999; n <= 999; n++) assert.equal(String(n), intl.format(n), `${lang} ${n}`);
  }
  const real = Intl.NumberFormat;
  let made = 0;
  // @ts-ignore: counting constructions
  Intl.NumberFormat = function (...a) { made++; return new real(...a); };
  try {
    assert.equal(formatNumber(7), '7');
    assert.equal(formatNumber(999), '999');
    assert.equal(made, 0, 'no Intl.NumberFormat for the bar\'s counts');
    assert.equal(formatNumber(1234567), new real(uiLanguage()).format(1234567));
    assert.equal(formatNumber(0.5), new real(uiLanguage()).format(0.5));
    assert.equal(made, 1, 'one formatter for the language, kept');
  } finally {
    Intl.NumberFormat = real;
  }
});
