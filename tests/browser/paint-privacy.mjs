// Shared by the paint privacy tests in Chromium and Firefox: comparing what the spy page's own
// script (tests/site/server.mjs, /s/<story>/spy) reads on a painted revisit with what it reads on
// a first visit of the very same page content.

import assert from 'node:assert/strict';

/**
 * Asserts two spy snapshots are the same, naming the first difference of each kind.
 * @param {any} painted what the page read while its revisit was painted
 * @param {any} first what it read on a first visit of the same content
 */
export function assertSameSnapshot(painted, first) {
  for (const key of Object.keys(first)) {
    const a = painted[key];
    const b = first[key];
    if (Array.isArray(b)) {
      const n = Math.max(a.length, b.length);
      for (let i = 0; i < n; i++) {
        const x = JSON.stringify(a[i]);
        const y = JSON.stringify(b[i]);
        assert.equal(x, y, `${key}[${i}] differs: painted ${x} vs first visit ${y}`);
      }
    } else {
      assert.deepEqual(a, b, `${key} differs`);
    }
  }
  assert.deepEqual(Object.keys(painted).sort(), Object.keys(first).sort());
}
