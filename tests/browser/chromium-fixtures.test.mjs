// The core's fixture cases (tests/fixtures/<case>/), served to the extension in real Chromium:
// every case's pages are visited in order on one URL, each at the case's visit time (the test
// build dates visits through its hooks), and the last revisit must give what the native
// harness (core/engine/tests/fixtures.rs) pins in expected.json — the page's status, the
// meaningful count (and badge), every change's status, kind, typed reason and text — and the
// page must show the content changes painted in place.
// Build first: node scripts/build-extension.mjs

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { useChromium, settled, painted, tabIdOf, badge, inExtension } from './chromium.mjs';
import { fixtureCases } from '../site/server.mjs';

let site;
let ext;
useChromium((s, e) => {
  site = s;
  ext = e;
});

/** 2026-01-01T00:00:00Z and one day: the harness's default visit times. */
const START = 1_767_225_600;
const DAY = 86_400;
// (A longer preview ends in "…" at the last of its characters: compared up to it.)
const PREVIEW_CHARS = 160;

// The cases' visits are dated in 2025 and 2026, months before the real clock: the daily retention
// (its alarm first fires a minute after the worker starts) would delete the version a case is
// about to be compared with, and its next visit would be a first one. Keep them all (set
// once, before the first case).
let keptAll = null;

for (const fixture of fixtureCases()) {
  test(`fixture ${fixture.name}: the extension reports what the core's harness pins`, async () => {
    const story = `fx-${fixture.name}`;
    const url = site.url(story, `fixture/${fixture.name}`);
    const times = fixture.case.times || fixture.pages.map((_, k) => START + k * DAY);
    assert.equal(times.length, fixture.pages.length, 'case.json times: one per version');
    keptAll ??= inExtension(ext, () => chrome.storage.local.set({ settings: { retentionDays: 3650 } }));
    await keptAll;
    const page = await ext.context.newPage();
    let state;
    for (let k = 0; k < fixture.pages.length; k++) {
      if (k > 0) await site.advance(story);
      // This visit is dated at the case's time k (test builds only).
      await inExtension(ext, (shift) => chrome.storage.local.set({ testHooks: { timeShiftMs: shift } }), times[k] * 1000 - Date.now());
      await page.evaluate(() => document.documentElement?.removeAttribute('data-sincelast-test-state')).catch(() => {});
      await page.goto(url);
      state = await settled(page);
      assert.equal(state, k === 0 ? 'first' : state, `version ${k}`);
    }
    await inExtension(ext, () => chrome.storage.local.remove('testHooks'));
    const want = fixture.expected;
    assert.equal(state, want.status);

    // What the background answered for this tab: every change with its kind and typed reason.
    const tabId = await tabIdOf(ext, url);
    const read = () => inExtension(ext, async ({ t, u }) => {
      const raw = (await chrome.storage.session.get(`tab:${t}`))[`tab:${t}`];
      const s = raw && JSON.parse(raw); // one JSON string per tab
      return s && s.pages[u];
    }, { t: tabId, u: url });
    // The page settles when the content script has its answer; the tab's stored state may
    // land a moment later (a visit whose changes are all noise counts 0 either way): wait
    // for the visit's changes, up to five seconds.
    let got = await read();
    for (let waited = 0; waited < 5000 && got && got.changes.length !== want.changes.length; waited += 100) {
      await new Promise((r) => setTimeout(r, 100));
      got = await read();
    }
    assert.ok(got, 'the tab state was stored');
    assert.equal(got.count, want.summary.meaningful, 'meaningful count');
    assert.equal(await badge(ext, tabId), want.summary.meaningful ? String(want.summary.meaningful) : '');
    const norm = (c, text) => ({ status: c.status, kind: c.kind, reason: c.reason ?? null, text: text.slice(0, PREVIEW_CHARS - 1) });
    assert.deepEqual(
      got.changes.map((c) => norm(c, c.preview)),
      want.changes.map((c) => norm(c, c.text)),
    );

    // Painted in place: the content changes that are on the page (new, changed, moved), by status.
    const shown = await painted(page);
    const paintedCounts = Object.fromEntries(Object.entries(shown.blocks).map(([s, els]) => [s, els.length]));
    const wantCounts = {};
    for (const c of want.changes) {
      if (c.kind === 'content' && c.status !== 'removed') wantCounts[c.status] = (wantCounts[c.status] || 0) + 1;
    }
    assert.deepEqual(paintedCounts, wantCounts);
    await page.close();
  });
}
