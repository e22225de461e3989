// The packed boundary between the background's JS and the wasm core (extension/background/
// pack.js): the built wasm (web target, instantiated synchronously here under node) must get
// back exactly the strings the JS packed, whatever they hold.
// Build first: node scripts/build-extension.mjs

import { test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { ROOT } from './chromium.mjs';
import { packStrings, diffBlocksPacked, visitPacked } from '../../extension/background/pack.js';
import { ERROR_KINDS } from '../../extension/shared/errors.js';
import { LIMITS } from '../../extension/shared/limits.js';

// The glue the build bundles into the background (wasm-pack's pkg), with the .wasm the build copied.
const wasm = await import(path.join(ROOT, 'core', 'wasm', 'pkg', 'sincelast_wasm.js'));
wasm.initSync({ module: fs.readFileSync(path.join(ROOT, 'dist', 'chrome', 'wasm', 'sincelast_wasm_bg.wasm')) });

test('wasm.d.ts: every function it declares is in the glue, and is a function', () => {
  const dts = fs.readFileSync(path.join(ROOT, 'extension/background/wasm.d.ts'), 'utf8');
  const declared = [...dts.matchAll(/^\s*export (?:default )?function (\w+)/gm)].map((m) => m[1]);
  assert.ok(declared.length >= 10, declared.join(', '));
  for (const name of declared) assert.equal(typeof (name === 'init' ? wasm.default : wasm[name]), 'function', name);
});

const blocks = (texts) => texts.map((text, i) => ({ text, path: `/html[0]/body[0]/p[${i}]`, type_path: '/html/body/p', links: [] }));

test('packStrings: strings joined by U+0000; cleaned, a U+0000 inside a string becomes U+FFFD', () => {
  const plain = packStrings(['a', 'Grüße', '']);
  assert.equal(plain.count, 3);
  assert.deepEqual([...plain.bytes], [...new TextEncoder().encode('a\u0000Grüße\u0000')]);
  const raw = packStrings(['x\u0000y', 'z']);
  assert.equal(raw.count, 2);
  assert.equal(new TextDecoder().decode(raw.bytes), 'x\u0000y\u0000z');
  // The core refuses that packing (three strings where two were announced)…
  assert.throws(() => wasm.diffPacked(raw.bytes, raw.count, new Uint8Array(), 0), (e) => e.kind === 'bad_input');
  // …and takes the clean one.
  const clean = packStrings(['x\u0000y', 'z'], true);
  assert.equal(new TextDecoder().decode(clean.bytes), 'x\uFFFDy\u0000z');
  assert.equal(packStrings([]).count, 0);
  assert.equal(packStrings([]).bytes.length, 0);
});

test('diffBlocksPacked: non-ASCII, empty and U+0000-holding blocks reach the core intact', () => {
  const before = ['Öffnungszeiten ab Dienstag', '', 'Kontakt\u0000Telefon 0711', 'Unverändert: 日本語のテキスト'];
  const after = ['Öffnungszeiten ab Mittwoch', '', 'Kontakt\u0000Telefon 0711', 'Unverändert: 日本語のテキスト', 'Neu 🎉'];
  const r = diffBlocksPacked(wasm, blocks(before), blocks(after));
  assert.deepEqual(
    { changed: r.summary.changed, new: r.summary.new, unchanged: r.summary.unchanged, removed: r.summary.removed },
    { changed: 1, new: 1, unchanged: 3, removed: 0 },
  );
  const changed = r.changes.find((c) => c.status === 'changed');
  assert.equal(changed.new_index, 0);
  const inserted = changed.spans.filter((s) => s.kind === 'insert').map((s) => s.text).join('');
  assert.match(inserted, /Mittwoch/);
  assert.equal(r.changes.find((c) => c.status === 'new').new_index, 4);
});

test('one vocabulary of error kinds: every kind the core throws is one the extension knows', () => {
  const kinds = wasm.errorKinds();
  assert.ok(kinds.includes('bad_input') && kinds.includes('site_not_loaded'), kinds.join(', '));
  for (const k of kinds) assert.ok(Object.hasOwn(ERROR_KINDS, k), `core kind ${k} is missing from shared/errors.js`);
});

test('limits: extension/shared/limits.js is what the core says (the build writes it from limits())', () => {
  assert.deepEqual({ ...LIMITS }, wasm.limits());
});

test('visitPacked: a first visit and revisits in one call each; a kept packing gives the same outcome', () => {
  const t = Date.UTC(2026, 0, 1);
  const url = 'https://example.org/';
  const site = 'example.org';
  assert.throws(() => visitPacked(wasm, url, 'not-loaded.example', null, { time: t, blocks: blocks(['One']) }), (e) => e.kind === 'site_not_loaded');
  wasm.loadSite(site, [], []);
  const visit1 = { time: t, blocks: blocks(['One', 'Two\u0000']) };
  const first = visitPacked(wasm, url, site, null, visit1);
  assert.equal(first.status, 'first');
  assert.deepEqual(first.changes, []);
  assert.equal(first.ids.length, 2);
  assert.match(first.list_id, /^[0-9a-f]{16}$/);
  // The page joined the site's template model: its record is there to store.
  assert.equal(first.updates.pages_put.length, 1);
  assert.equal(first.updates.pages_put[0].url, url);
  assert.ok(first.updates.pages_put[0].dom instanceof Uint8Array);
  // The first visit's text held U+0000: it was packed again, cleaned.
  assert.equal(new TextDecoder().decode(first.packed.bytes).split('\u0000').length, 4);

  const visit2 = { time: t + 3600e3, blocks: blocks(['One', 'Two and three', 'Four']) };
  const out = visitPacked(wasm, url, site, { ...visit1, packed: first.packed }, visit2);
  assert.equal(out.status, 'changed');
  assert.equal(out.summary.changed, 1);
  assert.equal(out.summary.new, 1);
  assert.deepEqual(out.changes.map((c) => [c.status, c.kind, c.new_index]), [['changed', 'content', 1], ['new', 'content', 2]]);
  assert.ok(out.changes[0].spans.some((s) => s.kind === 'insert' && /three/.test(s.text)));

  const visit3 = { time: t + 7200e3, blocks: blocks(['One', 'Four']) };
  wasm.loadSite('b.example', [], []);
  const fresh = visitPacked(wasm, url, 'b.example', visit2, visit3);
  wasm.loadSite('c.example', [], []);
  const kept = visitPacked(wasm, url, 'c.example', { ...visit2, packed: out.packed }, visit3);
  assert.deepEqual(kept.changes, fresh.changes);
  // The removed block says where it stood: before the new block 1 ('Four').
  assert.deepEqual(kept.changes.map((c) => [c.status, c.text, c.at]), [['removed', 'Two and three', 1]]);
});

test('packIds: block ids stored 8 bytes each come back as they were; an unpacked list is read as it is', async () => {
  const { packIds, unpackIds } = await import('../../extension/shared/wire.js');
  const ids = ['b6acb9d84a38ff74', '0000000000000000', 'ffffffffffffffff', '0123456789abcdef'];
  const packed = packIds(ids);
  assert.equal(packed.byteLength, 32);
  assert.deepEqual(unpackIds(packed), ids);
  assert.deepEqual(unpackIds(ids), ids);
  assert.deepEqual(unpackIds(new Uint8Array()), []);
});
