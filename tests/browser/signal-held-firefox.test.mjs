// A status that held is a state, not rotation (issue 11), in real Firefox (the same story as the
// second test of signal-module.test.mjs): the demo site's ferry status line flips to a
// disruption and back within hours, so its slot is learned as a rotating item and its next
// flip is noise. Seen unchanged a day later, the disruption has held:
// when it ends the change is content again, painted and counted on the badge. Visit times come
// from the test build's hooks. Its own Firefox profile.
// Build first: node scripts/build-extension.mjs

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { useFirefox } from './firefox.mjs';
import { PAINTED } from './chromium.mjs';

const ff = useFirefox();
const HOUR = 3600000;
const DAY = 24 * HOUR;

const store = (items) => ff.store(items);

const painted = async () => {
  const r = await ff.driver.executeScript(`return (${PAINTED})()`);
  assert.equal(r.leaks, 0);
  return r.blocks;
};

test('Firefox: a status learned as rotating is shown once it held over a revisit', async () => {
  const story = 'ffferry';
  const url = ff.site.url(story, 'ferrystatus');
  // A page of the site to write the hooks from before the first visit.
  await ff.load(ff.site.url(story, 'static'));
  const start = -3 * DAY;
  const visitAt = async (shift) => {
    await store({ testHooks: { timeShiftMs: shift } });
    return ff.load(url);
  };
  assert.equal(await visitAt(start), 'first');
  // Disruption, then back to normal within hours: the line flipped back.
  for (let k = 1; k <= 2; k++) {
    await ff.site.advance(story);
    assert.equal(await visitAt(start + k * HOUR), 'changed');
  }
  // It flips again at once: a rotating item, noise: nothing painted, no count on the badge.
  await ff.site.advance(story);
  assert.notEqual(await visitAt(start + 3 * HOUR), 'changed');
  assert.deepEqual(await painted(), {});
  assert.equal(await ff.badge(), '');
  // A day later the disruption is still there; the day after, it ends: shown.
  await visitAt(start + DAY);
  await ff.site.advance(story);
  assert.equal(await visitAt(start + 2 * DAY), 'changed');
  await store({ testHooks: {} });
  // (The new status shares no word with the old one: painted as new, the old one removed.)
  const shown = await painted();
  assert.deepEqual(Object.values(shown).flat(), ['ferry-status'], JSON.stringify(shown));
  assert.equal(await ff.badge(), '1');
  // The popup says why it is shown though its slot rotates.
  const why = await ff.inExtensionPage('popup', async () => {
    await ff.waitFor("return document.querySelector('ol.changes')", 'the popup\'s changes');
    return ff.driver.executeScript("return [...document.querySelectorAll('ol.changes .reason.kept')].map((e) => e.textContent)");
  });
  assert.ok(why.some((w) => /^looked like rotating item, kept because its text had stayed over (1 visit|\d{2,} visits|[2-9] visits) \(a state, not rotation\)$/.test(w)), JSON.stringify(why));
  // The history says it too, as the visit did: stored with the visit (the site's state has
  // learned since, and a diff recomputed under it no longer calls the status kept).
  const later = await ff.inExtensionPage('popup', async () => {
    await ff.driver.executeScript(`location.href = '/history/history.html?url=' + encodeURIComponent(${JSON.stringify(url)})`);
    await ff.waitFor("return location.pathname === '/history/history.html' && document.body && document.body.getAttribute('data-ready') === 'true' && document.querySelectorAll('#diff .b').length > 0", 'the history\'s diff');
    return ff.driver.executeScript("return [...document.querySelectorAll('#diff .b .reason.kept')].map((e) => e.textContent)");
  });
  assert.ok(later.some((w) => /^looked like rotating item, kept because its text had stayed over /.test(w)), JSON.stringify(later));
});
