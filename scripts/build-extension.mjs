#!/usr/bin/env node
// Builds the extension for Chromium and Firefox from the one manifest source.
//
//   node scripts/build-extension.mjs [--skip-wasm] [--wasm-pkg DIR]
//
// 1. wasm-pack builds core/wasm into core/wasm/pkg (skipped with --skip-wasm when a pkg is
//    there already; --wasm-pkg takes the glue and the .wasm from another folder).
// 2. For each browser it writes dist/<browser>/ (store build) and dist/<browser>-test/ (the same
//    plus the hooks the browser tests use), each context bundled by esbuild from the ES modules
//    of extension/ with TEST_HOOKS defined (false in the store builds, whose bundles then hold
//    none of the test code):
//    - manifest.json patched per browser: Chromium keeps background.service_worker and drops
//      browser_specific_settings; Firefox keeps background.scripts (an event page);
//    - content/content.js: extension/content/index.js as one classic script (IIFE);
//    - background/background.js: one ES module (Chromium: module service worker; Firefox: the
//      event page), the wasm glue of the pkg bundled in ('sincelast-wasm');
//    - popup/popup.js, options/options.js: one ES module each, next to their HTML and CSS;
//    - wasm/sincelast_wasm_bg.wasm from the pkg; icons drawn.
// 3. Zips the store builds: dist/sincelast-chrome.zip, dist/sincelast-firefox.zip.
// Needs: node ≥ 20.15, npm ci (esbuild), and for step 1 wasm-pack + wasm-bindgen
// (cargo install wasm-pack).

import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { fileURLToPath } from 'node:url';
import * as esbuild from 'esbuild';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const EXT = path.join(ROOT, 'extension');
const DIST = path.join(ROOT, 'dist');

function parseArgs(argv) {
  const args = { skipWasm: false, wasmPkg: path.join(ROOT, 'core/wasm/pkg') };
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i];
    if (a === '--skip-wasm') args.skipWasm = true;
    else if (a === '--wasm-pkg') { args.wasmPkg = path.resolve(argv[++i]); args.skipWasm = true; }
    else throw new Error(`unknown argument ${a}`);
  }
  return args;
}

function buildWasm() {
  try {
    execFileSync('wasm-pack', ['build', 'core/wasm', '--target', 'web', '--release', '--out-dir', 'pkg', '--no-typescript'], {
      cwd: ROOT, stdio: ['ignore', 'inherit', 'inherit'],
    });
  } catch (e) {
    if (e.code === 'ENOENT') throw new Error('wasm-pack not found: cargo install wasm-pack (and wasm-bindgen-cli of the version Cargo.lock pins)', { cause: e });
    throw e;
  }
}

/** The manifest for one browser. */
export function manifestFor(browser, source) {
  const m = structuredClone(source);
  if (browser === 'chrome') {
    m.background = { service_worker: m.background.service_worker, type: 'module' };
    delete m.browser_specific_settings;
  } else {
    m.background = { scripts: m.background.scripts, type: 'module' };
  }
  return m;
}

/** The bundles of one build, each context from its entry module. */
const BUNDLES = [
  { entry: 'content/index.js', out: 'content/content.js', format: 'iife' },
  { entry: 'background/background.js', out: 'background/background.js', format: 'esm' },
  { entry: 'popup/popup.js', out: 'popup/popup.js', format: 'esm' },
  { entry: 'options/options.js', out: 'options/options.js', format: 'esm' },
];
/** Copied as they are, next to their bundle. */
const STATIC = ['popup/popup.html', 'popup/popup.css', 'options/options.html', 'options/options.css'];

/**
 * Bundles every context into `out`. `test` defines TEST_HOOKS; dead branches are dropped
 * (minifySyntax) but names and layout are kept readable for store review.
 */
function bundle(out, test, wasmPkg) {
  for (const { entry, out: file, format } of BUNDLES) {
    esbuild.buildSync({
      entryPoints: [path.join(EXT, entry)],
      outfile: path.join(out, file),
      bundle: true,
      format,
      target: ['chrome120', 'firefox128'],
      platform: 'browser',
      define: { TEST_HOOKS: String(test) },
      alias: { 'sincelast-wasm': path.join(wasmPkg, 'sincelast_wasm.js') },
      minifySyntax: true,
      legalComments: 'none',
      charset: 'utf8',
      banner: { js: `// Since Last Visit: ${entry} bundled by scripts/build-extension.mjs (do not edit).` },
      logLevel: 'warning',
    });
  }
  for (const f of STATIC) fs.copyFileSync(path.join(EXT, f), path.join(out, f));
}

// --- icons: a dark tile, three lines of "text", one highlighted, with a margin marker --------

function crcChunk(type, data) {
  const len = Buffer.alloc(4);
  len.writeUInt32BE(data.length);
  const td = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(zlib.crc32(td) >>> 0);
  return Buffer.concat([len, td, crc]);
}

export function iconPng(size) {
  const px = Buffer.alloc(size * (size * 4 + 1));
  const set = (x, y, [r, g, b, a]) => {
    const o = y * (size * 4 + 1) + 1 + x * 4;
    px[o] = r; px[o + 1] = g; px[o + 2] = b; px[o + 3] = a;
  };
  const radius = size * 0.2;
  const inTile = (x, y) => {
    const cx = Math.min(Math.max(x, radius), size - 1 - radius);
    const cy = Math.min(Math.max(y, radius), size - 1 - radius);
    return (x - cx) ** 2 + (y - cy) ** 2 <= radius ** 2;
  };
  const lines = [[0.28, 0.75, [200, 200, 200, 255]], [0.47, 0.8, [255, 213, 74, 255]], [0.66, 0.6, [200, 200, 200, 255]]];
  const lh = Math.max(1, Math.round(size * 0.1));
  for (let y = 0; y < size; y++) {
    for (let x = 0; x < size; x++) {
      let c = inTile(x + 0.5, y + 0.5) ? [31, 35, 40, 255] : [0, 0, 0, 0];
      for (const [top, w, col] of lines) {
        const y0 = Math.round(size * top);
        if (y >= y0 && y < y0 + lh && x >= size * 0.3 && x < size * (0.3 + w * 0.6)) c = col;
      }
      const my = Math.round(size * 0.47);
      if (y >= my - lh * 0.5 && y < my + lh * 1.5 && x >= size * 0.14 && x < size * 0.14 + Math.max(1, size * 0.08)) c = [217, 154, 0, 255];
      set(x, y, c);
    }
  }
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(size, 0);
  ihdr.writeUInt32BE(size, 4);
  ihdr[8] = 8; ihdr[9] = 6; ihdr[10] = 0; ihdr[11] = 0; ihdr[12] = 0;
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    crcChunk('IHDR', ihdr), crcChunk('IDAT', zlib.deflateSync(px)), crcChunk('IEND', Buffer.alloc(0)),
  ]);
}

// --- zip (deflate, no external tool) ------------------------------------------------------------

function listFiles(dir, base = dir) {
  const out = [];
  for (const entry of fs.readdirSync(dir, { withFileTypes: true }).sort((a, b) => a.name.localeCompare(b.name))) {
    const p = path.join(dir, entry.name);
    if (entry.isDirectory()) out.push(...listFiles(p, base));
    else out.push(path.relative(base, p).split(path.sep).join('/'));
  }
  return out;
}

export function zipDir(dir, outFile) {
  const locals = [];
  const centrals = [];
  let offset = 0;
  // A fixed timestamp (1 Jan 2026) keeps the archive reproducible.
  const dosTime = 0;
  const dosDate = ((2026 - 1980) << 9) | (1 << 5) | 1;
  for (const name of listFiles(dir)) {
    const data = fs.readFileSync(path.join(dir, name));
    const deflated = zlib.deflateRawSync(data, { level: 9 });
    const crc = zlib.crc32(data) >>> 0;
    const nameBuf = Buffer.from(name, 'utf8');
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(0x0800, 6);
    local.writeUInt16LE(8, 8);
    local.writeUInt16LE(dosTime, 10);
    local.writeUInt16LE(dosDate, 12);
    local.writeUInt32LE(crc, 14);
    local.writeUInt32LE(deflated.length, 18);
    local.writeUInt32LE(data.length, 22);
    local.writeUInt16LE(nameBuf.length, 26);
    local.writeUInt16LE(0, 28);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt16LE(0x0800, 8);
    central.writeUInt16LE(8, 10);
    central.writeUInt16LE(dosTime, 12);
    central.writeUInt16LE(dosDate, 14);
    central.writeUInt32LE(crc, 16);
    central.writeUInt32LE(deflated.length, 20);
    central.writeUInt32LE(data.length, 24);
    central.writeUInt16LE(nameBuf.length, 28);
    central.writeUInt32LE(0, 38);
    central.writeUInt32LE(offset, 42);
    locals.push(local, nameBuf, deflated);
    centrals.push(central, nameBuf);
    offset += local.length + nameBuf.length + deflated.length;
  }
  const cd = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(centrals.length / 2, 8);
  end.writeUInt16LE(centrals.length / 2, 10);
  end.writeUInt32LE(cd.length, 12);
  end.writeUInt32LE(offset, 16);
  fs.writeFileSync(outFile, Buffer.concat([...locals, cd, end]));
}

// --- build --------------------------------------------------------------------------------------

export function build(argv = []) {
  const args = parseArgs(argv);
  if (!args.skipWasm) buildWasm();
  for (const f of ['sincelast_wasm.js', 'sincelast_wasm_bg.wasm']) {
    if (!fs.existsSync(path.join(args.wasmPkg, f))) throw new Error(`${f} missing in ${args.wasmPkg}: build the wasm first`);
  }
  const source = JSON.parse(fs.readFileSync(path.join(ROOT, 'manifest.json'), 'utf8'));
  fs.mkdirSync(DIST, { recursive: true });
  const built = [];
  for (const browser of ['chrome', 'firefox']) {
    for (const test of [false, true]) {
      const out = path.join(DIST, test ? `${browser}-test` : browser);
      fs.rmSync(out, { recursive: true, force: true });
      bundle(out, test, args.wasmPkg);
      fs.mkdirSync(path.join(out, 'wasm'), { recursive: true });
      fs.copyFileSync(path.join(args.wasmPkg, 'sincelast_wasm_bg.wasm'), path.join(out, 'wasm/sincelast_wasm_bg.wasm'));
      fs.mkdirSync(path.join(out, 'icons'), { recursive: true });
      for (const size of [16, 32, 48, 128]) fs.writeFileSync(path.join(out, `icons/icon-${size}.png`), iconPng(size));
      fs.writeFileSync(path.join(out, 'manifest.json'), `${JSON.stringify(manifestFor(browser, source), null, 2)}\n`);
      built.push(out);
    }
    const zip = path.join(DIST, `sincelast-${browser}.zip`);
    zipDir(path.join(DIST, browser), zip);
    built.push(zip);
  }
  return built;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  try {
    for (const p of build(process.argv.slice(2))) console.log(`built ${path.relative(ROOT, p)}`);
  } catch (e) {
    console.error(`build failed: ${e.message}`);
    process.exit(1);
  }
}
