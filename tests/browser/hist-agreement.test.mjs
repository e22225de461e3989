// The same figures from the CLI and the extension for the same history: the fixture history
// tests/history-fixtures/news-knot/ read by `sincelast history DIR --format json` and by the
// bindings the history page calls (historyAnalyze on the blocks the wasm extracts, times from
// the files' stamps, the collection = every distinct block text, as the page reads IndexedDB).
// Build first: node scripts/build-extension.mjs (and cargo build -p sincelast-cli).

import { test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { execFileSync } from 'node:child_process';
import { ROOT } from './chromium.mjs';

const wasm = await import(path.join(ROOT, 'core', 'wasm', 'pkg', 'sincelast_wasm.js'));
wasm.initSync({ module: fs.readFileSync(path.join(ROOT, 'dist', 'chrome', 'wasm', 'sincelast_wasm_bg.wasm')) });

const DIR = path.join(ROOT, 'tests', 'history-fixtures', 'news-knot');

function cli(args) {
  const bin = ['release', 'debug'].map((p) => path.join(ROOT, 'target', p, 'sincelast')).filter((p) => fs.existsSync(p))
    .sort((a, b) => fs.statSync(b).mtimeMs - fs.statSync(a).mtimeMs)[0];
  return bin
    ? execFileSync(bin, args, { encoding: 'utf8' })
    : execFileSync('cargo', ['run', '-q', '-p', 'sincelast-cli', '--', ...args], { cwd: ROOT, encoding: 'utf8' });
}

/** `YYYYmmddTHHMMSSZ_…` → Unix seconds. */
function stamp(name) {
  const m = /^(\d{4})(\d{2})(\d{2})T(\d{2})(\d{2})(\d{2})Z/.exec(name);
  return Date.UTC(+m[1], +m[2] - 1, +m[3], +m[4], +m[5], +m[6]) / 1000;
}

test('history, curve, terms and lifespans: the CLI and the bindings agree', () => {
  const files = fs.readdirSync(DIR).filter((f) => f.endsWith('.html')).sort();
  assert.equal(files.length, 8);
  const versions = files.map((f) => ({ time: stamp(f), blocks: wasm.extractHtml(fs.readFileSync(path.join(DIR, f), 'utf8')).blocks }));
  const collection = [...new Set(versions.flatMap((v) => v.blocks.map((b) => b.text)))];
  const ext = JSON.parse(wasm.historyAnalyze(JSON.stringify({ versions, collection })));
  const fromCli = JSON.parse(cli(['history', DIR, '--format', 'json']));
  for (const k of ['timeline', 'curve', 'terms', 'lifespans']) assert.deepEqual(ext[k], fromCli[k], k);
  assert.equal(ext.curve.class, 'knotted');
  assert.equal(ext.curve.knot_hours, 4);
  assert.equal(ext.curve.knot_dice, 0.5);
  assert.deepEqual(JSON.parse(cli(['curve', DIR, '--format', 'json'])), ext.curve);
  assert.deepEqual(JSON.parse(cli(['lifespans', DIR, '--format', 'json'])), ext.lifespans);
});

test('bindings refuse a malformed history and picture a site', () => {
  assert.throws(() => wasm.historyAnalyze('{"versions": 3}'), (e) => e.kind === 'bad_input');
  assert.throws(() => wasm.templatePicture('nope'), (e) => e.kind === 'bad_input');
  const pic = JSON.parse(wasm.templatePicture(JSON.stringify([
    { url: 'a', blocks: [{ text: 'Home News', path: '', type_path: '' }, { text: 'A story', path: '', type_path: '' }] },
    { url: 'b', blocks: [{ text: 'Home News', path: '', type_path: '' }] },
  ])));
  assert.equal(pic.pages, 2);
  assert.equal(pic.bars[0].url, 'a');
  assert.deepEqual(pic.bars[0].spans, [{ start: 0, len: 9, pages: 2, band: 0 }]);
});
