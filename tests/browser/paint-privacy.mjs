// Shared by the paint privacy tests in Chromium and Firefox: comparing what the spy page's own
// script (tests/site/server.mjs, /s/<story>/spy) reads on a painted revisit with what it reads on
// a first visit of the very same page content.

import assert from 'node:assert/strict';

/**
 * Asserts two spy snapshots are the same, naming the first difference of each kind.
 * @param {any} painted what the page read while its revisit was painted
 * @param {any} first what it read on a first visit of the same content
 * @param {string[]} [except] keys left out (see DRAWN_OVER)
 */
export function assertSameSnapshot(painted, first, except = []) {
  for (const key of Object.keys(first)) {
    if (except.includes(key)) continue;
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

/**
 * What a drawing over the page gives away while highlights are shown without being asked for:
 * Chromium's IntersectionObserver v2 (`trackVisibility`) reports an element with anything drawn
 * over it as not visible, and a hit test where the bar is answers our element. Left out of the
 * comparison in the default mode ("as soon as a page is read"); with "only when I ask" nothing is
 * drawn before the person asks, and the comparison includes them.
 */
export const DRAWN_OVER = ['visible', 'hits'];
