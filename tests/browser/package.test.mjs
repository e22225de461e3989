// The built packages: web-ext lint on the Firefox build (0 errors), each browser's manifest
// patched as it should be, the bundles (no test code in the store builds), the store zips
// complete, and the message validators of the background refusing what they must.
// Build first: node scripts/build-extension.mjs

import { test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { execFileSync } from 'node:child_process';
import zlib from 'node:zlib';
import { ROOT } from './chromium.mjs';
import { validateVisit, validateRestored, validateSettings, normalizeSite, pageKey, hostInSite } from '../../extension/shared/protocol.js';
import { visitMessage, textKey, encodePaths, decodePaths } from '../../extension/shared/wire.js';
import { LIMITS } from '../../extension/shared/limits.js';
import { ERROR_KINDS, KindError, toWireError, fromWireError } from '../../extension/shared/errors.js';

const dist = (p) => path.join(ROOT, 'dist', p);

test('web-ext lint: the Firefox build has 0 errors and 0 warnings', () => {
  const bin = path.join(ROOT, 'node_modules/.bin/web-ext');
  let out;
  try {
    out = execFileSync(bin, ['lint', '--source-dir', dist('firefox'), '--output', 'json', '--no-config-discovery'], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });
  } catch (e) {
    out = e.stdout; // web-ext exits non-zero when it finds errors; the JSON says which
  }
  const report = JSON.parse(out);
  const lines = [...report.errors, ...report.warnings].map((m) => `${m.code}: ${m.message} ${m.file || ''}`);
  assert.equal(report.summary.errors, 0, lines.join('\n'));
  assert.equal(report.summary.warnings, 0, lines.join('\n'));
});

test('manifests: Chromium gets a service worker, Firefox an event page and its add-on id', () => {
  const chrome = JSON.parse(fs.readFileSync(dist('chrome/manifest.json'), 'utf8'));
  const ff = JSON.parse(fs.readFileSync(dist('firefox/manifest.json'), 'utf8'));
  assert.deepEqual(chrome.background, { service_worker: 'background/background.js', type: 'module' });
  assert.equal(chrome.browser_specific_settings, undefined);
  assert.deepEqual(ff.background, { scripts: ['background/background.js'], type: 'module' });
  const source = JSON.parse(fs.readFileSync(path.join(ROOT, 'manifest.json'), 'utf8'));
  assert.equal(ff.browser_specific_settings.gecko.id, source.browser_specific_settings.gecko.id);
  assert.deepEqual(ff.browser_specific_settings.gecko.data_collection_permissions, { required: ['none'] });
  for (const m of [chrome, ff]) {
    assert.equal(m.manifest_version, 3);
    assert.equal(m.incognito, 'not_allowed');
    assert.equal(m.content_scripts[0].run_at, 'document_idle');
    assert.ok(m.commands['next-change']);
  }
});

// store: the add-on id is the project's own: a GUID in braces (AMO's other form, an email-like
// id, would claim a domain), never a placeholder domain, and the same in every Firefox build.
test('add-on id: a real id of the project, not a placeholder', () => {
  const id = JSON.parse(fs.readFileSync(path.join(ROOT, 'manifest.json'), 'utf8')).browser_specific_settings.gecko.id;
  assert.match(id, /^\{[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}\}$/, `${id}: a version-4 GUID in braces`);
  assert.doesNotMatch(id, /example\.(org|com|net)|@test|placeholder/i);
  for (const b of ['firefox', 'firefox-test']) {
    assert.equal(JSON.parse(fs.readFileSync(dist(`${b}/manifest.json`), 'utf8')).browser_specific_settings.gecko.id, id, b);
  }
});

// Names only the test hooks use: none may be in a store build's bundles.
const HOOK_NAMES = ['sincelast-test', '__sincelastTest', 'test-badge', 'test-open', 'testHooks', 'holdWriteMs', 'timeShiftMs'];

test('bundles: the store builds hold no test code, the test builds do', () => {
  for (const b of ['chrome', 'firefox']) {
    for (const f of ['background/background.js', 'content/content.js', 'popup/popup.js', 'options/options.js']) {
      const js = fs.readFileSync(dist(`${b}/${f}`), 'utf8');
      for (const name of HOOK_NAMES) assert.ok(!js.includes(name), `${b}/${f} holds ${name}`);
      assert.doesNotMatch(js, /\bTEST_HOOKS\b/, `${b}/${f}: TEST_HOOKS left undefined`);
    }
    const content = fs.readFileSync(dist(`${b}-test/content/content.js`), 'utf8');
    assert.ok(content.includes('sincelast-test:press'));
    const background = fs.readFileSync(dist(`${b}-test/background/background.js`), 'utf8');
    assert.ok(background.includes('__sincelastTest') && background.includes('test-badge'));
  }
});

test('bundles: the wasm glue is bundled into the background, the .wasm copied', () => {
  for (const b of ['chrome', 'firefox']) {
    assert.deepEqual(fs.readdirSync(dist(`${b}/wasm`)), ['sincelast_wasm_bg.wasm']);
    const bg = fs.readFileSync(dist(`${b}/background/background.js`), 'utf8');
    assert.doesNotMatch(bg, /^\s*import\s/m, 'one module, nothing left to import');
    assert.match(bg, /function visitPacked\(/);
    assert.match(bg, /migrateLegacySite/, 'the glue is in the bundle');
  }
});

test('content script: one classic script, no imports or exports, no innerHTML in its sources', () => {
  const js = fs.readFileSync(dist('chrome/content/content.js'), 'utf8');
  assert.match(js, /^\/\/ .*\n\(\(\) => \{/);
  assert.match(js, /function sincelastExtract\(/);
  assert.doesNotMatch(js, /^\s*(import|export)\s/m);
  new Function(js); // parses as a classic script
  for (const dir of ['content', 'shared']) {
    for (const f of fs.readdirSync(path.join(ROOT, 'extension', dir)).filter((n) => n.endsWith('.js'))) {
      const src = fs.readFileSync(path.join(ROOT, 'extension', dir, f), 'utf8');
      assert.doesNotMatch(src, /innerHTML|outerHTML|insertAdjacentHTML|document\.write/, `${dir}/${f}`);
    }
  }
  // The first Intl.RelativeTimeFormat or DateTimeFormat of a page is a long task there (121 ms
  // on a page of 10^6 nodes, tests/stress/hostile-pages): the background words times for the bar.
  assert.doesNotMatch(js, /Intl\.(RelativeTimeFormat|DateTimeFormat)\(/, 'no time formatting in the page');
});

/** Entries of a zip file: name → inflated bytes (checks each CRC). */
function readZip(file) {
  const buf = fs.readFileSync(file);
  const eocd = buf.lastIndexOf(Buffer.from([0x50, 0x4b, 0x05, 0x06]));
  assert.ok(eocd >= 0, 'end of central directory');
  const count = buf.readUInt16LE(eocd + 10);
  let p = buf.readUInt32LE(eocd + 16);
  const out = new Map();
  for (let i = 0; i < count; i++) {
    assert.equal(buf.readUInt32LE(p), 0x02014b50);
    const method = buf.readUInt16LE(p + 10);
    const crc = buf.readUInt32LE(p + 16);
    const csize = buf.readUInt32LE(p + 20);
    const nameLen = buf.readUInt16LE(p + 28);
    const extra = buf.readUInt16LE(p + 30);
    const comment = buf.readUInt16LE(p + 32);
    const local = buf.readUInt32LE(p + 42);
    const name = buf.toString('utf8', p + 46, p + 46 + nameLen);
    const start = local + 30 + buf.readUInt16LE(local + 26) + buf.readUInt16LE(local + 28);
    const raw = buf.subarray(start, start + csize);
    const data = method === 8 ? zlib.inflateRawSync(raw) : raw;
    assert.equal(zlib.crc32(data) >>> 0, crc, name);
    // store: one fixed timestamp (scripts/build-extension.mjs ZIP_DATE, 1 Jan 2026 00:00) in the
    // central and the local header; no extra fields (no permissions, no mtimes of the builder).
    assert.deepEqual([buf.readUInt16LE(p + 12), buf.readUInt16LE(p + 14)], [0, ((2026 - 1980) << 9) | (1 << 5) | 1], `${name}: fixed time`);
    assert.deepEqual([buf.readUInt16LE(local + 10), buf.readUInt16LE(local + 12)], [0, ((2026 - 1980) << 9) | (1 << 5) | 1], `${name}: fixed time (local)`);
    assert.equal(extra, 0, `${name}: no extra fields`);
    out.set(name, data);
    p += 46 + nameLen + extra + comment;
  }
  return out;
}

test('store zips hold every file of their build, byte for byte', () => {
  for (const b of ['chrome', 'firefox']) {
    const entries = readZip(dist(`sincelast-${b}.zip`));
    const files = [];
    const walk = (d, pre = '') => {
      for (const e of fs.readdirSync(d, { withFileTypes: true })) {
        if (e.isDirectory()) walk(path.join(d, e.name), `${pre}${e.name}/`);
        else files.push(`${pre}${e.name}`);
      }
    };
    walk(dist(b));
    assert.deepEqual([...entries.keys()].sort(), files.sort());
    const names = [...entries.keys()];
    assert.deepEqual(names, [...names].sort((a, c) => (a < c ? -1 : a > c ? 1 : 0)), `${b}: entries in path order`);
    assert.ok(names.includes('privacy/privacy.html') && names.includes('manifest.json'));
    for (const f of files) assert.ok(entries.get(f).equals(fs.readFileSync(path.join(dist(b), f))), f);
  }
});

test('visit messages: typed, size-capped, fail closed on the password flag', () => {
  const block = { text: 'hello', path: '/html[0]/body[0]/p[0]', links: ['https://example.org/'] };
  const msg = (blocks, extra = {}) => ({ ...visitMessage({ title: 't', truncated: false, hasPassword: false, blocks }), ...extra });
  const ok = validateVisit(msg([block], { url: 'https://evil.example/' }));
  assert.deepEqual(ok, { title: 't', truncated: false, hasPassword: false, blocks: [{ ...block, type_path: '/html/body/p' }] });
  assert.equal('url' in ok, false, 'the URL comes from the sender, never the payload');
  const { hasPassword, ...noFlag } = msg([]);
  assert.equal(hasPassword, false);
  assert.equal(validateVisit(noFlag).hasPassword, true);
  const bad = [
    null, 'x', [], msg([], { title: 1 }),
    msg([], { truncated: 'no' }),
    msg([{ ...block, text: '' }]),
    msg([{ ...block, links: ['javascript:alert(1)'] }]),
    msg([block], { paths: [5] }),
    msg([block], { paths: ['9|x'] }), // a shared prefix longer than the path before
    msg([block], { paths: ['/html[0]'] }), // not front-coded
    msg([block], { paths: [`0|${'/p[0]'.repeat(LIMITS.maxPath)}`] }),
    msg([block, block], { links: [[]] }), // columns of different lengths
    msg([block], { texts: undefined }),
    msg(new Array(LIMITS.maxBlocks + 1).fill(block)),
    msg(new Array(100).fill({ ...block, text: 'x'.repeat(LIMITS.maxBlockText) })),
  ];
  for (const m of bad) assert.throws(() => validateVisit(m), (e) => e.kind === 'invalid_message');
});

test('visit messages: the wire form is about half the size of one object per block', () => {
  const blocks = Array.from({ length: 800 }, (_, i) => ({
    text: `Paragraph ${i}`, path: `/html[0]/body[0]/div[1]/main[0]/article[${i >> 3}]/p[${i & 7}]`, links: [],
  }));
  const objects = JSON.stringify(blocks.map((b) => ({ ...b, type_path: b.path.replace(/\[\d+\]/g, '') })));
  const wire = JSON.stringify(visitMessage({ title: '', truncated: false, hasPassword: false, blocks }));
  assert.ok(wire.length < objects.length / 2, `${wire.length} vs ${objects.length}`);
  assert.deepEqual(validateVisit(JSON.parse(wire)).blocks.map((b) => b.path), blocks.map((b) => b.path));
});

test('settings and sites: normalized, validated', () => {
  assert.equal(normalizeSite(' https://News.Example.org:8080/path '), 'news.example.org');
  assert.equal(normalizeSite('example.org'), 'example.org');
  assert.equal(normalizeSite(''), null);
  assert.equal(normalizeSite('exa mple'), null);
  assert.deepEqual(validateSettings({ excludedSites: ['a.org', 'A.org', 'b.org'], retentionDays: 30 }), { excludedSites: ['a.org', 'b.org'], retentionDays: 30 });
  assert.throws(() => validateSettings({ retentionDays: 0 }));
  assert.throws(() => validateSettings({ excludedSites: ['not a site'] }));
  assert.equal(pageKey('https://a.org/x?q=1#frag'), 'https://a.org/x?q=1');
  assert.equal(pageKey('chrome://settings'), null);
  assert.equal(pageKey('file:///etc/passwd'), null);
  assert.ok(hostInSite('news.a.org', 'a.org'));
  assert.ok(!hostInSite('nota.org', 'a.org'));
});

test('stored paths: front coding round-trips', () => {
  const paths = ['/html[0]/body[0]/main[1]/p[0]', '/html[0]/body[0]/main[1]/p[1]', '/html[0]/body[0]/main[1]/p[10]|x',
    '/html[0]/body[0]/footer[2]', '', '/html[0]', '/html[0]/body[0]/main[1]/p[1]'];
  const enc = encodePaths(paths);
  assert.deepEqual(decodePaths(enc), paths);
  assert.ok(enc.join('').length < paths.join('').length);
});

test('visit messages: columns made in runs between the page\'s tasks (content script) are the message made at once', async () => {
  const { columnsSliced } = await import('../../extension/content/blocks.js');
  const { visitMessageOf } = await import('../../extension/shared/wire.js');
  const blocks = Array.from({ length: 1234 }, (_, i) => ({
    path: `/html[0]/body[0]/main[0]/div[${i >> 4}]/p[${i & 15}]`,
    links: i % 7 ? [] : [`https://a.example/${i}`],
    ...(i % 3 ? { text: `Paragraph ${i}` } : { key: textKey(`Paragraph ${i}`) }),
  }));
  const head = { title: 't', truncated: false, hasPassword: false };
  for (const n of [0, 1, 500, 501, 1234]) {
    const some = blocks.slice(0, n);
    assert.deepEqual(visitMessageOf(head, await columnsSliced(some)), visitMessage({ ...head, blocks: some }), `${n} blocks`);
  }
});

test('text keys: distinct for distinct texts, of the form the validator accepts', () => {
  const keys = new Set(Array.from({ length: 20000 }, (_, i) => textKey(`Paragraph ${i}: harbour`)));
  assert.equal(keys.size, 20000);
  assert.match(textKey('hello'), /^[0-9a-z]+\.[0-9a-z]+:5$/);
});

test('visit messages: a block may carry a key instead of its text, but a well-formed one', () => {
  const base = { path: '/html[0]', links: [] };
  const m = (blocks) => visitMessage({ title: '', truncated: false, hasPassword: false, blocks });
  const ok = validateVisit(m([{ ...base, key: textKey('hello') }, { ...base, text: 'new' }]));
  assert.deepEqual(ok.blocks.map((b) => b.key || b.text), [textKey('hello'), 'new']);
  for (const key of ['', 'nope', 'a.b:', `${'z'.repeat(9)}.a:1`, 5]) {
    assert.throws(() => validateVisit(m([{ ...base, key }])), (e) => e.kind === 'invalid_message');
  }
});

test('restored messages: only { type: \'restored\' } passes', () => {
  assert.deepEqual(validateRestored({ type: 'restored' }), {});
  for (const m of [null, 'restored', [], {}, { type: 'visit' }, { type: 'restored', tabId: 3 }, { type: 'restored', url: 'https://evil.example/' }]) {
    assert.throws(() => validateRestored(m), (e) => e.kind === 'invalid_message', JSON.stringify(m));
  }
});

test('errors: one vocabulary, snake_case, the core\'s kinds in it; { kind, message } both ways', () => {
  for (const k of ['invalid_message', 'forbidden', 'not_found', 'stale', 'internal', 'too_large', 'empty', 'not_text', 'invalid_argument', 'bad_input', 'bad_output']) {
    assert.ok(k in ERROR_KINDS, k);
  }
  for (const k of Object.keys(ERROR_KINDS)) assert.match(k, /^[a-z]+(_[a-z]+)*$/);
  assert.deepEqual(toWireError(new KindError('stale', 'gone by')), { kind: 'stale', message: 'gone by' });
  const core = Object.assign(new Error('over the cap'), { kind: 'too_large' }); // as the wasm core throws
  assert.deepEqual(toWireError(core), { kind: 'too_large', message: 'over the cap' });
  assert.deepEqual(toWireError(new TypeError('x is undefined')), { kind: 'internal', message: 'x is undefined' });
  assert.deepEqual(toWireError({ kind: 'no-such-kind', message: 'm' }), { kind: 'internal', message: 'm' });
  const back = fromWireError({ kind: 'not_found', message: 'no such rule' });
  assert.ok(back instanceof KindError);
  assert.equal(back.kind, 'not_found');
  assert.equal(back.message, 'no such rule');
});
