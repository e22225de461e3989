// store: the reproducible build the Firefox add-on store relies on. The source package of HEAD
// (scripts/source-package) is unpacked into two fresh folders; each is built from clean
// (`node scripts/build-extension.mjs`: wasm-pack release build with its own, empty target dir,
// then the bundles and the store zips), the second as another machine would: in another folder
// and with another cargo home (its crate sources reached through a different path). The store
// zips, and the .wasm inside them, must be the same bytes.
// Slow (two full release builds of the wasm: minutes each), so not in the quick tier:
// run by scripts/reproducible. Needs what scripts/setup installs; commit first (HEAD is built).

import { test } from 'node:test';
import assert from 'node:assert/strict';
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const sha = (b) => crypto.createHash('sha256').update(b).digest('hex');
const figure = (name, value) => console.log(`figure: ${name}: ${value}`);

/** Unpacks the source package into `dir` and builds it there; returns { zips, seconds }. */
function buildCopy(pkg, dir, env) {
  fs.mkdirSync(dir, { recursive: true });
  execFileSync('unzip', ['-q', pkg, '-d', dir]);
  const tree = path.join(dir, 'sincelast-source');
  // The npm packages are the locked ones already installed (npm ci would fetch the same).
  fs.symlinkSync(path.join(ROOT, 'node_modules'), path.join(tree, 'node_modules'));
  const t0 = process.hrtime.bigint();
  execFileSync(process.execPath, ['scripts/build-extension.mjs'], {
    cwd: tree, stdio: ['ignore', 'ignore', 'inherit'],
    env: { ...process.env, CARGO_TARGET_DIR: path.join(dir, 'target'), ...env },
  });
  const seconds = Number(process.hrtime.bigint() - t0) / 1e9;
  const zips = {};
  for (const b of ['chrome', 'firefox']) zips[b] = fs.readFileSync(path.join(tree, 'dist', `sincelast-${b}.zip`));
  zips.wasm = fs.readFileSync(path.join(tree, 'core/wasm/pkg/sincelast_wasm_bg.wasm'));
  return { zips, seconds };
}

test('two clean builds of the source package, in different folders and cargo homes, give identical store zips', () => {
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'sincelast-repro-'));
  try {
    const pkg = path.join(tmp, 'source.zip');
    execFileSync(path.join(ROOT, 'scripts/source-package'), ['HEAD', pkg], { cwd: ROOT, stdio: ['ignore', 'ignore', 'inherit'] });
    figure('source package bytes', fs.statSync(pkg).size);
    const a = buildCopy(pkg, path.join(tmp, 'a'), {});
    // Another machine's layout: another cargo home whose crate sources are the same files.
    const home = process.env.CARGO_HOME || path.join(os.homedir(), '.cargo');
    const otherHome = path.join(tmp, 'other-cargo-home');
    fs.mkdirSync(otherHome);
    for (const f of ['registry', 'git', 'config.toml']) {
      if (fs.existsSync(path.join(home, f))) fs.symlinkSync(path.join(home, f), path.join(otherHome, f));
    }
    const b = buildCopy(pkg, path.join(tmp, 'elsewhere', 'b'), { CARGO_HOME: otherHome });
    figure('clean build seconds (a, b)', `${a.seconds.toFixed(0)}, ${b.seconds.toFixed(0)}`);
    for (const k of ['wasm', 'chrome', 'firefox']) {
      figure(`${k} sha256 (a, b)`, `${sha(a.zips[k])}, ${sha(b.zips[k])} (${a.zips[k].length} B)`);
    }
    for (const k of ['wasm', 'chrome', 'firefox']) assert.ok(a.zips[k].equals(b.zips[k]), `${k}: the two builds differ`);
    // No path of the machine that built it (cargo home, checkout, temp folders) is in the .wasm.
    const wasmText = a.zips.wasm.toString('latin1');
    for (const p of [home, otherHome, tmp, os.homedir()]) assert.ok(!wasmText.includes(p), `the .wasm holds ${p}`);
    assert.ok(wasmText.includes('/cargo/registry/src/'), 'crate paths under the remapped cargo home');
    figure('reproducible', 'yes: identical .wasm and store zips from two clean builds');
  } finally {
    fs.rmSync(tmp, { recursive: true, force: true });
  }
});
