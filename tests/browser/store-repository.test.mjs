// store: what the add-on stores ask of the repository itself (issue 12, "Store-ready"): license
// files for every license Cargo declares (and package.json saying the same), the privacy policy
// (in the repository and shipped as an extension page linked from settings), the pinned Rust
// toolchain, and a README that says why each permission is asked for.
// No build needed except where a test says so.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { ROOT } from './chromium.mjs';

const read = (p) => fs.readFileSync(path.join(ROOT, p), 'utf8');

/** The `license = "..."` expressions of every Cargo.toml of the workspace (not `.workspace = true`). */
function cargoLicenses() {
  const files = ['Cargo.toml', ...fs.readdirSync(path.join(ROOT, 'core')).map((d) => `core/${d}/Cargo.toml`)]
    .filter((f) => fs.existsSync(path.join(ROOT, f)));
  const out = new Set();
  for (const f of files) {
    for (const m of read(f).matchAll(/^license\s*=\s*"([^"]+)"/gm)) out.add(m[1]);
  }
  return [...out];
}

/** What each SPDX id's file must hold: its name and a sentence of the standard text. */
const LICENSE_TEXT = {
  MIT: { file: 'LICENSE-MIT', says: ['MIT License', 'Permission is hereby granted, free of charge, to any person obtaining a copy', 'THE SOFTWARE IS PROVIDED "AS IS", WITHOUT WARRANTY OF ANY KIND'] },
  'Apache-2.0': { file: 'LICENSE-APACHE', says: ['Apache License', 'Version 2.0, January 2004', 'TERMS AND CONDITIONS FOR USE, REPRODUCTION, AND DISTRIBUTION', 'END OF TERMS AND CONDITIONS'] },
};

test('licenses: a file with the standard text for every license Cargo declares; package.json the same', () => {
  const exprs = cargoLicenses();
  assert.deepEqual(exprs, ['MIT OR Apache-2.0'], 'one license expression for the whole workspace');
  for (const id of exprs[0].split(/\s+OR\s+/)) {
    const want = LICENSE_TEXT[id];
    assert.ok(want, `${id}: a license this test knows`);
    assert.ok(fs.existsSync(path.join(ROOT, want.file)), `${want.file} for ${id}`);
    const text = read(want.file);
    for (const s of want.says) assert.ok(text.includes(s), `${want.file} says "${s}"`);
  }
  assert.ok(read('LICENSE-APACHE').length > 10000, 'the whole Apache 2.0 text, not a pointer to it');
  assert.equal(JSON.parse(read('package.json')).license, exprs[0]);
  assert.equal(JSON.parse(read('package-lock.json')).packages[''].license, exprs[0]);
});
