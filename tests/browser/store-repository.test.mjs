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

/** Every .js source of the extension, as one text. */
function extensionSources(dir = path.join(ROOT, 'extension')) {
  let out = '';
  for (const e of fs.readdirSync(dir, { withFileTypes: true })) {
    const p = path.join(dir, e.name);
    if (e.isDirectory()) out += extensionSources(p);
    else if (e.name.endsWith('.js')) out += fs.readFileSync(p, 'utf8');
  }
  return out;
}

test('permissions: the narrowest set, each one used by the code and explained in the README', () => {
  const m = JSON.parse(read('manifest.json'));
  const readme = read('README.md');
  const section = readme.slice(readme.indexOf('## Permissions, and why each is needed'));
  assert.ok(readme.includes('## Permissions, and why each is needed'), 'README section');
  const table = section.slice(0, section.indexOf('\n## ', 4));
  const explained = [...table.matchAll(/^\| (?:optional: )?`([^`]+)`/gm)].map((x) => x[1]);
  assert.deepEqual([...m.permissions].sort(), ['alarms', 'contextMenus', 'storage', 'tabs']);
  assert.deepEqual(m.optional_permissions, ['notifications']);
  for (const p of [...m.permissions, ...m.optional_permissions]) {
    assert.ok(explained.includes(p), `README explains ${p}`);
    assert.match(extensionSources(), new RegExp(`api\\.${p}\\.`), `${p} is used by the code`);
  }
  // Sites: nothing at install beyond the content script; one site at a time, when asked for.
  assert.equal(m.host_permissions, undefined, 'no host permissions at install');
  assert.deepEqual(m.optional_host_permissions, ['http://*/*', 'https://*/*']);
  assert.match(table, /optional: host permission for one site/);
  assert.equal(m.content_scripts.length, 1);
  assert.deepEqual(m.content_scripts[0].matches, ['http://*/*', 'https://*/*']);
  assert.equal(m.content_scripts[0].all_frames, false);
  assert.equal(m.incognito, 'not_allowed');
  assert.doesNotMatch(JSON.stringify(m), /<all_urls>|"scripting"|"webRequest|"webNavigation"|"history"|"cookies"|"unlimitedStorage"/);
  // The store builds ask for exactly that (the test builds' extra grants stay out of them).
  for (const b of ['chrome', 'firefox']) {
    const f = path.join(ROOT, 'dist', b, 'manifest.json');
    if (!fs.existsSync(f)) continue; // not built yet: the package test checks the builds
    const built = JSON.parse(fs.readFileSync(f, 'utf8'));
    assert.deepEqual(built.permissions, m.permissions, b);
    assert.equal(built.host_permissions, undefined, b);
  }
  // And how to rebuild the packages for store review.
  assert.match(readme, /## Building from source \(for store review\)/);
  assert.match(readme, /scripts\/source-package/);
  assert.match(readme, /scripts\/reproducible/);
});
