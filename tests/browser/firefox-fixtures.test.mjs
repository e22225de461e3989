// The core's fixture cases (tests/fixtures/<case>/) in real Firefox, as chromium-fixtures does in
// Chromium: every case's pages are visited in order on one URL, each at the case's visit time
// (the test build dates visits through its hooks), and the last revisit must give what the
// native harness (core/engine/tests/fixtures.rs) pins in expected.json — the page's status, the
// meaningful count and the badge, every change's status, kind, typed reason and text, as the
// background hands them to the popup — and the page must show the content changes painted in
// place. The cases hold issue 11's rules (a consent dialog over the page, a "last updated" date
// moved to the visit's day, a date's format flip, reordered items, a bare id, whitespace), so
// both browsers are shown to run them. Its own Firefox profile; one tab.
// Build first: node scripts/build-extension.mjs

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { useFirefox } from './firefox.mjs';
import { PAINTED } from './chromium.mjs';
import { fixtureCases } from '../site/server.mjs';

const ff = useFirefox();

/** 2026-01-01T00:00:00Z and one day: the harness's default visit times. */
const START = 1_767_225_600;
const DAY = 86_400;
// (A longer preview ends in "…" at the last of its characters: compared up to it.)
const PREVIEW_CHARS = 160;

// The cases' visits are dated in 2025 and 2026, months before the real clock: the daily retention
// (its alarm first fires a minute after the background starts) would delete the version a case
// is about to be compared with, and its next visit would be a first one. Keep them all (set
// once, before the first case).
let keptAll = false;

for (const fixture of fixtureCases()) {
  test(`Firefox: fixture ${fixture.name}: the extension reports what the core's harness pins`, async () => {
    const story = `fxff-${fixture.name}`;
    const url = ff.site.url(story, `fixture/${fixture.name}`);
    const times = fixture.case.times || fixture.pages.map((_, k) => START + k * DAY);
    assert.equal(times.length, fixture.pages.length, 'case.json times: one per version');
    // A page of the test site to write the first visit's time from.
    await ff.load(ff.site.url(story, 'static'));
    if (!keptAll) {
      await ff.store({ settings: { retentionDays: 3650 } });
      keptAll = true;
    }
    let state;
    for (let k = 0; k < fixture.pages.length; k++) {
      if (k > 0) await ff.site.advance(story);
      // This visit is dated at the case's time k (test builds only).
      await ff.store({ testHooks: { timeShiftMs: times[k] * 1000 - Date.now() } });
      state = await ff.load(url);
      if (k === 0) assert.equal(state, 'first', 'version 0');
    }
    await ff.store({ testHooks: {} });
    const want = fixture.expected;
    assert.equal(state, want.status);

    // The tab's stored state may land a moment after the page settles: wait for the visit's
    // changes, up to five seconds.
    let got = await ff.popupState();
    for (let waited = 0; waited < 5000 && got && got.changes.length !== want.changes.length; waited += 100) {
      await new Promise((r) => setTimeout(r, 100));
      got = await ff.popupState();
    }
    assert.equal(got.url, url);
    assert.equal(got.count, want.summary.meaningful, 'meaningful count');
    assert.equal(await ff.badge(), want.summary.meaningful ? String(want.summary.meaningful) : '');
    const norm = (c, text) => ({ status: c.status, kind: c.kind, reason: c.reason ?? null, text: text.slice(0, PREVIEW_CHARS - 1) });
    assert.deepEqual(
      (got.changes || []).map((c) => norm(c, c.preview)),
      want.changes.map((c) => norm(c, c.text)),
    );

    // Painted in place: the content changes that are on the page (new, changed, moved), by status.
    const shown = await ff.driver.executeScript(`return (${PAINTED})()`);
    assert.equal(shown.leaks, 0);
    const paintedCounts = Object.fromEntries(Object.entries(shown.blocks).map(([s, els]) => [s, els.length]));
    const wantCounts = {};
    for (const c of want.changes) {
      if (c.kind === 'content' && c.status !== 'removed') wantCounts[c.status] = (wantCounts[c.status] || 0) + 1;
    }
    assert.deepEqual(paintedCounts, wantCounts);
  });
}
