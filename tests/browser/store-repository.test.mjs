// store: what the add-on stores ask of the repository itself (issue 12, "Store-ready"): license
// files for every license Cargo declares (and package.json saying the same), the privacy policy
// (in the repository and shipped as an extension page linked from settings), the pinned Rust
// toolchain, and a README that says why each permission is asked for.
// No build needed except where a test says so.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { execFileSync } from 'node:child_process';
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

/** The words of a text, markup left out (Markdown's ** and `, HTML's tags and entities). */
function words(text) {
  return text.replace(/<!--[\s\S]*?-->/g, ' ').replace(/<(head|title)[^>]*>[\s\S]*?<\/\1>/g, ' ').replace(/<[^>]+>/g, ' ')
    .replace(/&amp;/g, '&').replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&quot;/g, '"').replace(/&#x27;/g, "'")
    .replace(/^- /gm, ' ').replace(/[*`#]/g, ' ').split(/\s+/).filter(Boolean);
}

test('privacy policy: PRIVACY.md and the page shipped in the extension say the same, truthfully', () => {
  const md = read('PRIVACY.md');
  const page = read('extension/privacy/privacy.html');
  assert.deepEqual(words(page), words(md), 'extension/privacy/privacy.html is the text of PRIVACY.md');
  // What the policy must say (and what the code does: DESIGN.md's rules that keep users safe).
  for (const re of [/## What it stores/, /## Where/, /IndexedDB/, /## What it never stores/, /private windows/,
    /password field/, /typed into forms/, /## What it fetches/, /Only the pages \*\*you\*\* add to the watch list/,
    /## What never leaves your machine/, /no analytics and no\s+telemetry/, /Delete\s+everything/]) {
    assert.match(md, re);
  }
  // The page is in the build list and linked from the settings page.
  assert.match(read('scripts/build-extension.mjs'), /'privacy\/privacy\.html'/);
  assert.match(read('extension/options/options.html'), /<a id="privacy-link" href="\.\.\/privacy\/privacy\.html">/);
  assert.doesNotMatch(page, /<script/i, 'a static page');
});

test('Rust toolchain: pinned to an exact version with the wasm target, clippy and rustfmt; it is the one in use', () => {
  const toml = read('rust-toolchain.toml');
  const channel = /^channel\s*=\s*"([^"]+)"/m.exec(toml)?.[1];
  assert.match(channel || '', /^\d+\.\d+\.\d+$/, 'an exact release, not "stable" or "nightly"');
  assert.match(toml, /^targets\s*=\s*\[[^\]]*"wasm32-unknown-unknown"/m);
  assert.match(toml, /^components\s*=\s*\[[^\]]*"clippy"/m);
  assert.match(toml, /^components\s*=\s*\[[^\]]*"rustfmt"/m);
  // In the repository, rustup's proxies run the pinned toolchain (scripts/setup made it exist).
  const rustc = execFileSync('rustc', ['--version'], { cwd: ROOT, encoding: 'utf8' });
  assert.match(rustc, new RegExp(`^rustc ${channel.replace(/\./g, '\\.')} `));
  const active = execFileSync('rustup', ['show', 'active-toolchain'], { cwd: ROOT, encoding: 'utf8' });
  assert.match(active, new RegExp(`^${channel.replace(/\./g, '\\.')}-.*rust-toolchain\\.toml`));
  // And setup makes the name exist without the network when stable is that release.
  assert.match(read('scripts/setup'), /rust-toolchain\.toml/);
});
