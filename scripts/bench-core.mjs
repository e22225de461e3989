// Core benchmark: the block + word diff natively and as wasm under node, against jsdiff
// `diffWords` and diff-match-patch (line mode), on the same inputs in one run.
//
//   node scripts/bench-core.mjs [--quick] [--baseline DIR]
//
// Inputs: page pairs of 10 KB, 100 KB, 1 MB and 5 MB of text in two edit models, "synthetic"
// (a few blocks edited, removed, inserted, moved) and "news" (also every clock time and one
// number in ten change, as on news front pages), seeded so every run compares the same pairs,
// and consecutive versions of real pages from ../shared/data (when present). Prints tables of median times, throughput, ratios and memory, then the targets.
// It is a benchmark, not a test: it never fails on a slow figure.
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';

const require = createRequire(import.meta.url);
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const out = path.join(root, 'target', 'bench');
mkdirSync(out, { recursive: true });
const quick = process.argv.includes('--quick');
// --baseline DIR: also time another build of the project (DIR/target/release/examples/bench and
// DIR/target/wasm-node, e.g. an earlier commit built in a scratch folder), interleaved with this
// one pair by pair, and print a before/after table: the machine's load drifts between runs.
const baselineAt = process.argv.indexOf('--baseline');
const baseline = baselineAt > 0 ? path.resolve(process.argv[baselineAt + 1]) : null;

// ---------- inputs ----------
function rng(seed) {
  let s = seed >>> 0;
  return () => {
    s = (s + 0x6d2b79f5) >>> 0;
    let t = s;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const SYLLABLES = ['ka', 'lo', 'mi', 'ren', 'to', 'sa', 'vi', 'del', 'or', 'pu', 'ne', 'stra', 'ge', 'an', 'ul'];
function vocabulary(rand, n) {
  const words = [];
  for (let i = 0; i < n; i++) {
    const len = 1 + Math.floor(rand() * 3);
    let w = '';
    for (let k = 0; k < len; k++) w += SYLLABLES[Math.floor(rand() * SYLLABLES.length)];
    words.push(w + (i % 7 === 0 ? 's' : ''));
  }
  return words;
}

function block(rand, vocab) {
  const n = 20 + Math.floor(rand() * 100);
  const ws = [];
  for (let i = 0; i < n; i++) {
    // Zipf-like: small indices far more often.
    const r = rand();
    ws.push(vocab[Math.floor(vocab.length * r * r * r)]);
  }
  return ws.join(' ') + '.';
}

/** A page of about `bytes` bytes of text, and a next version with ~2% of blocks edited,
 * 1% removed, 1% inserted, 0.5% moved. */
function syntheticPair(bytes, seed) {
  const rand = rng(seed);
  const vocab = vocabulary(rand, 5000);
  const old = [];
  let size = 0;
  while (size < bytes) {
    const b = block(rand, vocab);
    old.push(b);
    size += b.length + 1;
  }
  const next = [];
  const moved = [];
  for (const b of old) {
    const r = rand();
    if (r < 0.02) {
      const ws = b.split(' ');
      for (let k = 0; k < 3; k++) ws[Math.floor(rand() * ws.length)] = vocab[Math.floor(rand() * vocab.length)];
      next.push(ws.join(' '));
    } else if (r < 0.03) {
      // removed
    } else if (r < 0.04) {
      next.push(block(rand, vocab));
      next.push(b);
    } else if (r < 0.045) {
      moved.push(b);
    } else {
      next.push(b);
    }
  }
  for (const b of moved) next.splice(Math.floor(rand() * next.length), 0, b);
  return { old, new: next };
}

/** A news teaser: a headline and a sentence, most carrying a clock time, many a count. */
function newsBlock(rand, vocab) {
  const words = (n) => {
    const ws = [];
    for (let i = 0; i < n; i++) {
      const r = rand();
      ws.push(vocab[Math.floor(vocab.length * r * r * r)]);
    }
    return ws;
  };
  const int = (lo, hi) => lo + Math.floor(rand() * (hi - lo + 1));
  const clock = () => `${int(0, 23)}:${String(int(0, 59)).padStart(2, '0')}`;
  const count = () => (rand() < 0.3 ? int(1000, 99999).toLocaleString('en-US') : String(int(1, 999)));
  const r = rand();
  if (r < 0.1) {
    // A label, a ticker line or a navigation item: "Live 14:02", "Wetter 12°".
    const ws = words(int(1, 3));
    if (rand() < 0.5) ws.push(clock());
    else if (rand() < 0.6) ws.push(count());
    return ws.join(' ');
  }
  if (r < 0.15) {
    // An article paragraph: long, now and then a number in the text.
    const ws = words(int(40, 110));
    for (let k = int(0, 3); k > 0; k--) ws.splice(int(0, ws.length), 0, count());
    return ws.join(' ') + '.';
  }
  // A teaser: time, headline, sentence, counts.
  const parts = [];
  if (rand() < 0.9) parts.push(clock());
  parts.push(words(int(5, 12)).join(' ') + ':');
  const body = words(int(12, 35));
  if (rand() < 0.3) body.splice(int(0, body.length), 0, count());
  parts.push(body.join(' ') + '.');
  if (rand() < 0.6) parts.push(`${count()} ${vocab[int(0, 20)]}`);
  if (rand() < 0.3) parts.push(`${count()} ${vocab[int(0, 20)]}`);
  return parts.join(' ');
}

/** The next version of a news page's text: every clock time moves on, one number in ten
 * changes. */
function volatile(rand, text) {
  return text.replace(/\b(\d{1,2}):(\d{2})\b|\d{1,3}(?:,\d{3})+|\d+/g, (m, h, min) => {
    if (h !== undefined) {
      const t = (Number(h) * 60 + Number(min) + 1 + Math.floor(rand() * 59)) % 1440;
      return `${Math.floor(t / 60)}:${String(t % 60).padStart(2, '0')}`;
    }
    if (rand() >= 0.1) return m;
    const n = Number(m.replaceAll(',', ''));
    const next = n + 1 + Math.floor(rand() * Math.max(1, n * 0.2));
    return m.includes(',') ? next.toLocaleString('en-US') : String(next);
  });
}

/** A news page of about `bytes` bytes of text, and a next version as real news pages show:
 * ~5% of blocks edited, 1% removed, 1% inserted, 2% moved, and on every kept block each clock
 * time changes and one number in ten moves (so most blocks change a little). */
function newsPair(bytes, seed) {
  const rand = rng(seed);
  const vocab = vocabulary(rand, 5000);
  const old = [];
  let size = 0;
  while (size < bytes) {
    const b = newsBlock(rand, vocab);
    old.push(b);
    size += b.length + 1;
  }
  const next = [];
  const moved = [];
  for (const b of old) {
    const r = rand();
    if (r < 0.05) {
      const ws = b.split(' ');
      for (let k = 0; k < 3; k++) ws[Math.floor(rand() * ws.length)] = vocab[Math.floor(rand() * vocab.length)];
      next.push(volatile(rand, ws.join(' ')));
    } else if (r < 0.06) {
      // removed
    } else if (r < 0.07) {
      next.push(newsBlock(rand, vocab));
      next.push(volatile(rand, b));
    } else if (r < 0.09) {
      moved.push(volatile(rand, b));
    } else {
      next.push(volatile(rand, b));
    }
  }
  for (const b of moved) next.splice(Math.floor(rand() * next.length), 0, b);
  return { old, new: next };
}

function toBlocks(texts) {
  return texts.map((text, i) => ({ text, path: `/html[0]/body[0]/p[${i}]`, type_path: '/html/body/p', links: [] }));
}

const pairs = [];
for (const [label, bytes] of [['10 KB', 10e3], ['100 KB', 100e3], ['1 MB', 1e6], ['5 MB', 5e6]]) {
  if (quick && bytes > 1e6) continue;
  const p = syntheticPair(bytes, 42 + bytes);
  pairs.push({ label, kind: 'synthetic', ...p });
}
for (const [label, bytes] of [['10 KB', 10e3], ['100 KB', 100e3], ['1 MB', 1e6], ['5 MB', 5e6]]) {
  if (quick && bytes > 1e6) continue;
  pairs.push({ label, kind: 'news', ...newsPair(bytes, 7 + bytes) });
}

// Real pages: consecutive versions from ../shared/data, extracted by the native extractor.
const data = path.resolve(root, '..', 'shared', 'data', 'news-frontpages-de-2022-2026', 'versions');
const cli = path.join(root, 'target', 'release', 'sincelast');
const realSites = ['spiegel.de_index', 'heise.de_index', 'zeit.de_index', 'welt.de_index', 'fr.de_index'];
let realNote = '';
if (existsSync(data)) {
  const dir = path.join(root, 'target', 'realdata');
  mkdirSync(dir, { recursive: true });
  for (const id of realSites) {
    const archive = path.join(data, `${id}.html.tar.zst`);
    if (!existsSync(archive)) continue;
    const target = path.join(dir, `${id}.html`);
    if (!existsSync(target)) execFileSync('sh', ['-c', `zstd -dc '${archive}' | tar -x -C '${dir}'`]);
    const files = readdirSync(target).filter((f) => f.endsWith('.html')).sort();
    if (files.length < 2) continue;
    // Two consecutive hourly versions from the middle of January 2022.
    const k = Math.min(20, files.length - 2);
    const load = (f) => JSON.parse(execFileSync(cli, ['extract', path.join(target, f)], { maxBuffer: 1 << 28 }).toString());
    const a = load(files[k]);
    const b = load(files[k + 1]);
    pairs.push({ label: id.replace('_index', ''), kind: 'real', old: a.blocks.map((x) => x.text), new: b.blocks.map((x) => x.text) });
  }
} else {
  realNote = `(real pages skipped: ${data} not found)`;
}

for (const p of pairs) {
  p.oldText = p.old.join('\n');
  p.newText = p.new.join('\n');
  p.bytes = p.oldText.length + p.newText.length;
  p.file = path.join(out, `${p.kind}-${p.label.replace(/\W+/g, '_')}.json`);
  writeFileSync(p.file, JSON.stringify({ label: p.label, old: p.old, new: p.new }));
}

// ---------- timing helpers ----------
function median(xs) {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)];
}
function time(fn, { budgetMs = 1500, maxRuns = 15 } = {}) {
  // Warm-up: until the engine has compiled the hot code for good (V8 tiers wasm and JS up
  // while they run) — at least 3 runs or 200 ms, but no more than a second (a peer taking
  // seconds per run, as diff-match-patch on the 5 MB news pair, is compiled after one).
  const warm = performance.now();
  for (let i = 0; (i < 3 || (performance.now() - warm < 200 && i < maxRuns)) && performance.now() - warm < 1000; i++) fn();
  const runs = [];
  const start = performance.now();
  while (runs.length < maxRuns && (runs.length < 3 || performance.now() - start < budgetMs)) {
    const t0 = performance.now();
    fn();
    runs.push(performance.now() - t0);
  }
  return median(runs);
}
const fmt = (ms) => (ms == null ? '—' : ms < 1 ? ms.toFixed(3) : ms < 100 ? ms.toFixed(2) : ms.toFixed(0));
const ratio = (a, b) => (a == null || b == null ? '—' : `${(a / b).toFixed(1)}×`);

// ---------- native ----------
const nativeOut = JSON.parse(
  execFileSync(path.join(root, 'target', 'release', 'examples', 'bench'), pairs.map((p) => p.file), {
    maxBuffer: 1 << 26,
  }).toString(),
);

// ---------- wasm (nodejs target), through the extension's packed boundary ----------
const wasm = require(path.join(root, 'target', 'wasm-node', 'sincelast_wasm.js'));
const { diffBlocksPacked, packBlocks, utf8 } = await import(path.join(root, 'extension', 'background', 'pack.js'));

// ---------- peers ----------
const jsdiff = require('diff');
const DiffMatchPatch = require('diff-match-patch');
const dmp = new DiffMatchPatch();
dmp.Diff_Timeout = 0;

function dmpLines(a, b) {
  const { chars1, chars2, lineArray } = dmp.diff_linesToChars_(a, b);
  const d = dmp.diff_main(chars1, chars2, false);
  dmp.diff_charsToLines_(d, lineArray);
  return d;
}

const rows = [];
for (const [i, p] of pairs.entries()) {
  const n = nativeOut[i];
  const oldBlocks = toBlocks(p.old);
  const newBlocks = toBlocks(p.new);
  const wasmMs = time(() => diffBlocksPacked(wasm, oldBlocks, newBlocks));
  const wasmSummary = diffBlocksPacked(wasm, oldBlocks, newBlocks).summary;
  // The wasm call alone (blocks already packed, JSON not parsed): the same computation as the
  // native packed path, so their ratio is what compiling to wasm costs.
  const [pa, pb] = [packBlocks(oldBlocks), packBlocks(newBlocks)];
  const callMs = time(() => wasm.diffPacked(pa.bytes, pa.count, pb.bytes, pb.count));
  // Text arrives as UTF-8 in the background (from storage or a fetch): time the metric itself.
  const [oldBytes, newBytes] = [utf8(p.oldText), utf8(p.newText)];
  const diceMs = time(() => wasm.diceBytes(oldBytes, newBytes));
  const shingleMs = time(() => wasm.fragmentStalenessBytes(oldBytes, newBytes, 5));
  // jsdiff diffWords is quadratic-ish: run it only where it finishes in reasonable time.
  let jsdiffMs = null;
  if (p.bytes <= 250e3) jsdiffMs = time(() => jsdiff.diffWords(p.oldText, p.newText), { budgetMs: 5000, maxRuns: 3 });
  const dmpMs = time(() => dmpLines(p.oldText, p.newText), { budgetMs: 3000, maxRuns: 7 });
  rows.push({ p, n, wasmMs, wasmSummary, callMs, diceMs, shingleMs, jsdiffMs, dmpMs });
}

const mb = (bytes, ms) => (bytes / 1e6 / (ms / 1e3)).toFixed(0);
console.log(`\nSince Last Visit — core benchmark (${new Date().toISOString()}, node ${process.version})`);
console.log('Median milliseconds per block+word diff of one pair (old + new text); lower is better.');
console.log('native = the diff alone on blocks in memory; wasm = from JS blocks to the parsed result (packing,');
console.log('copy, diff, JSON) as the extension calls it; nat packed / wasm call = the same path natively and');
console.log('the wasm call alone (packed blocks in, lean JSON string out): their ratio is the cost of wasm itself.\n');
console.log('Pairs: "synthetic" edits 2% of blocks, removes 1%, inserts 1%, moves 0.5%; "news" edits 5%, removes 1%,');
console.log('inserts 1%, moves 2%, and every clock time changes and one number in ten moves (most blocks change a');
console.log('little). approx = a work budget cut the diff short (native / wasm); changed = blocks paired as edited.\n');
const header = ['pair', 'text', 'blocks', 'approx', 'changed', 'native', 'wasm', 'wasm/nat', 'nat packed', 'wasm call', 'call/packed', 'jsdiff words', 'dmp lines', 'jsdiff/wasm', 'dmp/wasm', 'native peak mem'];
const table = [header];
for (const r of rows) {
  table.push([
    `${r.p.kind === 'synthetic' ? '' : `${r.p.kind} `}${r.p.label}`,
    `${(r.p.bytes / 1e3).toFixed(0)} KB`,
    `${r.p.old.length}/${r.p.new.length}`,
    `${r.n.approximate ? 'YES' : 'no'}/${r.wasmSummary.approximate ? 'YES' : 'no'}`,
    r.n.changed,
    fmt(r.n.diff_ms),
    fmt(r.wasmMs),
    ratio(r.wasmMs, r.n.diff_ms),
    fmt(r.n.packed_ms),
    fmt(r.callMs),
    ratio(r.callMs, r.n.packed_ms),
    fmt(r.jsdiffMs),
    fmt(r.dmpMs),
    ratio(r.jsdiffMs, r.wasmMs),
    ratio(r.dmpMs, r.wasmMs),
    `${(r.n.peak_bytes / r.p.bytes).toFixed(2)}× text`,
  ]);
}
const widths = header.map((_, c) => Math.max(...table.map((row) => String(row[c]).length)));
for (const row of table) console.log(row.map((cell, c) => String(cell).padStart(widths[c])).join('  '));
if (realNote) console.log(realNote);

if (baseline) {
  // Before (baseline) and after (this build), alternately per pair: B A B A, best median each.
  const baseWasm = require(path.join(baseline, 'target', 'wasm-node', 'sincelast_wasm.js'));
  const nativeOf = (dir, file) =>
    JSON.parse(execFileSync(path.join(dir, 'target', 'release', 'examples', 'bench'), [file], { maxBuffer: 1 << 26 }).toString())[0];
  const cmp = [['pair', 'approx before', 'approx after', 'native before', 'native after', 'after/before', 'wasm before', 'wasm after', 'after/before']];
  for (const r of rows) {
    const [oldBlocks, newBlocks] = [toBlocks(r.p.old), toBlocks(r.p.new)];
    const nb = [];
    const na = [];
    const wb = [];
    const wa = [];
    for (let k = 0; k < 2; k++) {
      nb.push(nativeOf(baseline, r.p.file));
      na.push(nativeOf(root, r.p.file));
      wb.push(time(() => diffBlocksPacked(baseWasm, oldBlocks, newBlocks)));
      wa.push(time(() => diffBlocksPacked(wasm, oldBlocks, newBlocks)));
    }
    const best = (xs) => Math.min(...xs);
    const bNative = best(nb.map((x) => x.diff_ms));
    const aNative = best(na.map((x) => x.diff_ms));
    const approxOf = (w, n) => (n.approximate || w.approximate ? 'YES' : 'no');
    cmp.push([
      `${r.p.kind === 'synthetic' ? '' : `${r.p.kind} `}${r.p.label}`,
      approxOf(diffBlocksPacked(baseWasm, oldBlocks, newBlocks).summary, nb[0]),
      approxOf(r.wasmSummary, na[0]),
      fmt(bNative), fmt(aNative), ratio(aNative, bNative),
      fmt(best(wb)), fmt(best(wa)), ratio(best(wa), best(wb)),
    ]);
  }
  console.log(`\nBefore (${baseline}) and after (this build), timed alternately pair by pair (best of two medians, ms)`);
  const w = cmp[0].map((_, c) => Math.max(...cmp.map((row) => String(row[c]).length)));
  for (const row of cmp) console.log(row.map((cell, c) => String(cell).padStart(w[c])).join('  '));
}

console.log('\nSet metrics as wasm (MB/s of old + new text; higher is better)');
for (const r of rows) {
  if (r.p.kind !== 'synthetic') continue;
  console.log(`  ${r.p.label.padStart(6)}: Dice ${mb(r.p.bytes, r.diceMs)} MB/s (native ${mb(r.p.bytes, r.n.dice_ms)}), 5-shingle Jaccard ${mb(r.p.bytes, r.shingleMs)} MB/s (native ${mb(r.p.bytes, r.n.shingle_ms)})`);
}

// ---------- targets ----------
const by = (label) => rows.find((r) => r.p.kind === 'synthetic' && r.p.label === label);
const r100 = by('100 KB');
const r1m = by('1 MB');
const r5m = by('5 MB');
console.log('\nTargets');
if (r1m) console.log(`  1 MB pair as wasm ≤ 10 ms: ${fmt(r1m.wasmMs)} ms ${r1m.wasmMs <= 10 ? 'MET' : 'MISSED'}`);
if (r100 && r5m) {
  const exp = Math.log(r5m.wasmMs / r100.wasmMs) / Math.log(r5m.p.bytes / r100.p.bytes);
  const expN = Math.log(r5m.n.diff_ms / r100.n.diff_ms) / Math.log(r5m.p.bytes / r100.p.bytes);
  console.log(`  growth 100 KB → 5 MB ≤ size^1.3: wasm size^${exp.toFixed(2)}, native size^${expN.toFixed(2)} ${exp <= 1.3 ? 'MET' : 'MISSED'}`);
}
if (r100) {
  const x = r100.jsdiffMs / r100.wasmMs;
  console.log(`  ≥ 500× faster than jsdiff diffWords at 100 KB: ${x.toFixed(0)}× ${x >= 500 ? 'MET' : 'MISSED'}`);
}
const synth = rows.filter((r) => r.p.kind === 'synthetic' && r.p.bytes >= 1e6);
if (synth.length) {
  const diceMin = Math.min(...synth.map((r) => r.p.bytes / 1e6 / (r.diceMs / 1e3)));
  const shMin = Math.min(...synth.map((r) => r.p.bytes / 1e6 / (r.shingleMs / 1e3)));
  console.log(`  Dice and shingle Jaccard ≥ 200 MB/s as wasm (≥ 1 MB pairs): Dice ${diceMin.toFixed(0)}, shingles ${shMin.toFixed(0)} ${diceMin >= 200 && shMin >= 200 ? 'MET' : 'MISSED'}`);
}
const news = rows.filter((r) => r.p.kind === 'news');
if (news.length) {
  const approx = news.filter((r) => r.n.approximate || r.wasmSummary.approximate).map((r) => r.p.label);
  console.log(`  news model exact (no approximate result) at every size: ${approx.length ? `approximate at ${approx.join(', ')} MISSED` : 'MET'}`);
  const n100 = news.find((r) => r.p.label === '100 KB');
  if (n100) console.log(`  news model 100 KB pair as wasm: ${fmt(n100.wasmMs)} ms (synthetic 100 KB: ${r100 ? fmt(r100.wasmMs) : '—'} ms)`);
}
const big = rows.filter((r) => r.p.bytes >= 100e3);
const worst = Math.max(...big.map((r) => r.callMs / r.n.packed_ms));
const worstEnd = Math.max(...big.map((r) => r.wasmMs / r.n.diff_ms));
console.log(`  wasm ≤ 2.5× native (pairs ≥ 100 KB, the same packed path): worst ${worst.toFixed(2)}× ${worst <= 2.5 ? 'MET' : 'MISSED'}`
  + ` (from JS blocks to parsed result vs the native diff alone: worst ${worstEnd.toFixed(2)}×)`);
const memWorst = Math.max(...rows.filter((r) => r.p.bytes >= 100e3).map((r) => r.n.peak_bytes / r.p.bytes));
console.log(`  extra memory ≤ 2× the pair's text (native peak during diff, pairs ≥ 100 KB): worst ${memWorst.toFixed(2)}× ${memWorst <= 2 ? 'MET' : 'MISSED'}`);
