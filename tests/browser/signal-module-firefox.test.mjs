// Issue 11's noise and change rules in real Firefox (the same stories as signal-module.test.mjs
// in Chromium): a rotating module learned on the front page is noise on a page visited for the
// second time; a weather widget and a "Mehr zum Thema" module are noise from the first revisit,
// named; a page that did not load is no change and not stored. (A watched page that only lost
// text: watch-firefox.) What the background hands the popup is read from the popup page; visit
// times come from the test build's hooks. Its own Firefox profile, one tab.
// Build first: node scripts/build-extension.mjs

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { useFirefox } from './firefox.mjs';
import { PAINTED } from './chromium.mjs';
import { assertModuleTeasers, assertPortal, assertRelated, assertTeaserBox, assertWeather } from './signal-checks.mjs';

const ff = useFirefox();
const HOUR = 3600000;
const DAY = 24 * HOUR;

const painted = async () => {
  const r = await ff.driver.executeScript(`return (${PAINTED})()`);
  assert.equal(r.leaks, 0);
  return r.blocks;
};

/** Loads `url` with the extension's clock moved by `shift` ms (from a page of the test site). */
const loadAt = async (url, shift) => {
  await ff.store({ testHooks: { timeShiftMs: shift } });
  return ff.load(url);
};

test('Firefox: a rotating module learned on the front page is noise on a page visited for the second time', async () => {
  const story = 'ffherald';
  // Two days ago: the about page once, the front page and three reloads (its teaser rotates),
  // the terms page once.
  await ff.load(ff.site.url(story, 'static'));
  const start = -2 * DAY;
  assert.equal(await loadAt(ff.site.url(story, 'heraldabout'), start), 'first');
  const front = ff.site.url(story, 'herald');
  assert.equal(await loadAt(front, start), 'first');
  for (let i = 1; i <= 3; i++) await loadAt(front, start + i * HOUR);
  const terms = ff.site.url(story, 'heraldterms');
  assert.equal(await loadAt(terms, start + 5 * HOUR), 'first');
  await ff.store({ testHooks: {} });

  // Today, the second visit of the terms page: only its teaser changed.
  assert.notEqual(await ff.load(terms), 'changed', 'nothing meaningful is painted');
  assertModuleTeasers(await ff.popupState());
  assert.deepEqual(await painted(), {});
  assert.equal(await ff.badge(), '');
});

test('Firefox: a box of rotating teasers learned on the front page is noise on a page visited for the second time', async () => {
  const story = 'ffcourier';
  await ff.load(ff.site.url(story, 'static'));
  const start = -2 * DAY;
  const front = ff.site.url(story, 'courier');
  assert.equal(await loadAt(front, start), 'first');
  for (let i = 1; i <= 3; i++) await loadAt(front, start + i * HOUR);
  const url = ff.site.url(story, 'courierprivacy');
  assert.equal(await loadAt(url, start + 5 * HOUR), 'first');
  assert.notEqual(await loadAt(url, -DAY), 'changed', 'nothing meaningful is painted');
  assertTeaserBox(await ff.popupState(), false);
  assert.deepEqual(await painted(), {});
  assert.equal(await ff.badge(), '');
  await ff.site.advance(story);
  await ff.store({ testHooks: {} });
  assert.equal(await ff.load(url), 'changed', 'the edit is painted');
  assertTeaserBox(await ff.popupState(), true);
  assert.equal(await ff.badge(), '1');
});

test('Firefox: a weather widget is noise from the first revisit, named weather', async () => {
  const story = 'ffweather';
  const url = ff.site.url(story, 'weather');
  assert.equal(await ff.load(url), 'first');
  for (let k = 0; k < 2; k++) {
    await ff.site.advance(story);
    assert.notEqual(await ff.load(url), 'changed', 'nothing meaningful is painted');
    assertWeather(await ff.popupState());
    assert.deepEqual(await painted(), {});
  }
});

test('Firefox: a related-articles module that comes and goes on an imprint is noise, named related', async () => {
  const story = 'ffrelated';
  const url = ff.site.url(story, 'related');
  assert.equal(await ff.load(url), 'first');
  for (let k = 0; k < 2; k++) {
    await ff.site.advance(story);
    assert.notEqual(await ff.load(url), 'changed', 'nothing meaningful is painted');
    assertRelated(await ff.popupState());
    assert.equal(await ff.badge(), '');
  }
});

test('Firefox: a page that did not load is no change and not stored; the next visit compares with the last full version', async () => {
  const story = 'ffdashboard';
  const url = ff.site.url(story, 'dashboard');
  assert.equal(await ff.load(url), 'first');
  // Version 1: the twelve rows did not render.
  await ff.site.advance(story);
  assert.notEqual(await ff.load(url), 'changed');
  let st = await ff.popupState();
  assert.equal(st.notLoaded, true, JSON.stringify(st.summary));
  assert.equal(st.summary.not_loaded, true);
  assert.equal(st.count, 0);
  assert.ok((st.changes || []).every((x) => x.kind === 'noise'), JSON.stringify(st.changes));
  const said = await ff.inExtensionPage('popup', async () => {
    await ff.waitFor("const e = document.getElementById('not-loaded'); return e && !e.hidden && e.textContent.trim()", 'the not-loaded line');
    return ff.driver.executeScript("return document.getElementById('not-loaded').textContent");
  });
  assert.match(said, /did not load fully/);
  assert.equal(await ff.badge(), '');
  // Version 2: the rows are back and one was updated; compared with version 0, only that row.
  await ff.site.advance(story);
  assert.equal(await ff.load(url), 'changed');
  st = await ff.popupState();
  const content = (st.changes || []).filter((x) => x.kind === 'content');
  assert.equal(content.length, 1, JSON.stringify(st.changes));
  assert.equal(content[0].status, 'changed');
  assert.match(content[0].preview, /Dale reports 58/);
  assert.equal(await ff.badge(), '1');
});

test('Firefox: a greeting of the hour, a presence and a loading placeholder are noise; the notice and an edit are content', async () => {
  const story = 'ffportal';
  const url = ff.site.url(story, 'portal');
  assert.equal(await ff.load(url), 'first');
  for (const version of [1, 2]) {
    await ff.site.advance(story);
    assert.equal(await ff.load(url), 'changed', 'the one content change is painted');
    assertPortal(await ff.popupState(), version);
    assert.equal(await ff.badge(), '1');
  }
});
