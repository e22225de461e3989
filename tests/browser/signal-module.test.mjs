// A rotating module learned across the site (issue 11): "The Harbour Herald" (tests/site) puts a
// "recommended" teaser with its own comment count and relative time between the masthead and a
// fixed line on every page, a different story on every load. After the person has read the
// front page a few times, the terms page, visited for the second time only, must not call its
// teaser's new story a change: the site learned that slot rotates (on the front page), and says
// so in the reason. The terms page's own text is unchanged, so the revisit has nothing
// meaningful to show. Its own browser profile.
// Build first: node scripts/build-extension.mjs

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { useChromium, revisit, visit, inExtension } from './chromium.mjs';
import { assertModuleTeasers, assertPortal, assertRelated, assertTeaserBox, assertWeather } from './signal-checks.mjs';

let site;
let ext;
useChromium((s, e) => {
  site = s;
  ext = e;
});

/** The background's answer to the popup for the tab showing `url`. */
function tabState(url) {
  return inExtension(ext, async (u) => {
    const [tab] = await chrome.tabs.query({ url: u });
    return chrome.runtime.sendMessage({ type: 'popup-state', tabId: tab.id });
  }, url);
}

/** Moves the extension's clock by `ms` (its test hook). */
const shift = (ms) => inExtension(ext, (t) => chrome.storage.local.set({ testHooks: { timeShiftMs: t } }), ms);
const hour = 3600000;

/**
 * Visits `url` at `start` (ms from now) and revisits it an hour and two hours later, the story
 * advanced before each revisit: the page's line flips and flips back, so the site learns a
 * rotating rule for it. Returns the visit (its page stays open).
 */
async function learnFlip(story, url, start) {
  await shift(start);
  const p = await visit(ext, url);
  assert.equal(p.state, 'first');
  for (let k = 1; k <= 2; k++) {
    await site.advance(story);
    await shift(start + k * hour);
    await revisit(p.page);
  }
  return p;
}

/** The reasons the popup shows beside the content changes of `p`'s tab (the kept ones). */
async function keptReasons(p) {
  const popup = await ext.context.newPage();
  await popup.goto(`chrome-extension://${ext.extensionId}/popup/popup.html?tabId=${p.tabId}`);
  await popup.waitForSelector('ol.changes');
  const texts = await popup.$$eval('ol.changes .reason.kept', (els) => els.map((e) => e.textContent));
  await popup.close();
  return texts;
}

/**
 * The history page's kept reasons on its first diff (the last visit against the one before);
 * read again a few times while none shows (the last visit's write may still be landing).
 */
async function historyKeptReasons(url) {
  const hist = await ext.context.newPage();
  let texts = [];
  for (let attempt = 0; attempt < 4 && !texts.length; attempt++) {
    if (attempt) await hist.waitForTimeout(500);
    await hist.goto(`chrome-extension://${ext.extensionId}/history/history.html?url=${encodeURIComponent(url)}`);
    await hist.waitForSelector('body[data-ready=true]', { timeout: 20000 });
    await hist.waitForFunction(() => document.querySelectorAll('#diff .b').length > 0);
    texts = await hist.$$eval('#diff .b .reason.kept', (els) => els.map((e) => e.textContent));
  }
  await hist.close();
  return texts;
}

test('a rotating module learned on the front page is noise on a page visited for the second time', async () => {
  // Two days ago: the about page once, the front page and three reloads (its teaser rotates),
  // the terms page once.
  await shift(-2 * 86400000);
  const about = await visit(ext, site.url('herald', 'heraldabout'));
  assert.equal(about.state, 'first');
  await about.page.close();
  const front = await visit(ext, site.url('herald', 'herald'));
  assert.equal(front.state, 'first');
  for (let i = 0; i < 3; i++) {
    await shift(-2 * 86400000 + (i + 1) * 3600000);
    await revisit(front.page);
  }
  await front.page.close();
  await shift(-2 * 86400000 + 5 * 3600000);
  const termsUrl = site.url('herald', 'heraldterms');
  const terms = await visit(ext, termsUrl);
  assert.equal(terms.state, 'first');
  await inExtension(ext, () => chrome.storage.local.remove('testHooks'));

  // Today, the second visit of the terms page: only its teaser changed.
  const state = await revisit(terms.page);
  assertModuleTeasers((await tabState(termsUrl)).result);
  assert.notEqual(state, 'changed', 'nothing meaningful is painted');
  await terms.page.close();
});

// A box of three teasers at the end of every page's text (tests/site "courier"), no template
// between them, other stories on every load: learned from the front page's reloads, the privacy
// page's second visit lists all three as a learned module and paints nothing; its next visit
// paints the one edit of its own text, the box still noise. Without the box rule each teaser is
// content (only a teaser between two template blocks was learned as a module).
test('a box of rotating teasers learned on the front page is noise on a page visited for the second time', async () => {
  const story = 'courier';
  const host = 'kust.localhost';
  await shift(-2 * 86400000);
  const front = await visit(ext, site.url(story, 'courier', host));
  assert.equal(front.state, 'first');
  for (let i = 0; i < 3; i++) {
    await shift(-2 * 86400000 + (i + 1) * hour);
    await revisit(front.page);
  }
  await front.page.close();
  await shift(-2 * 86400000 + 5 * hour);
  const url = site.url(story, 'courierprivacy', host);
  const privacy = await visit(ext, url);
  assert.equal(privacy.state, 'first');
  await shift(-86400000);
  let state = await revisit(privacy.page);
  assertTeaserBox((await tabState(url)).result, false);
  assert.notEqual(state, 'changed', 'nothing meaningful is painted');
  await site.advance(story);
  await inExtension(ext, () => chrome.storage.local.remove('testHooks'));
  state = await revisit(privacy.page);
  assertTeaserBox((await tabState(url)).result, true);
  assert.equal(state, 'changed', 'the edit is painted');
  await privacy.page.close();
});

// A status line that flips between two texts (tests/site "ferrystatus"): flipped back at once, it
// is learned as a rotating item and its next flip is noise; once a status held over a revisit
// (a day later, unchanged), its change is content again, kept "because its text had stayed",
// and painted. (A host of its own: another site than the Herald's.)
test('a status that held over a revisit is shown, though its slot was learned as rotating', async () => {
  const story = 'ferry';
  const url = site.url(story, 'ferrystatus', 'ferry.localhost');
  const start = -3 * 86400000;
  const statusChange = async () => {
    const st = (await tabState(url)).result;
    const c = (st.changes || []).filter((x) => /ferr/.test(x.preview || ''));
    return { st, c };
  };
  // Disruption, then back to normal: the line flipped back, a rotating rule is learned.
  const p = await learnFlip(story, url, start);
  // It flips again at once: rotation, noise.
  await site.advance(story);
  await shift(start + 3 * hour);
  await revisit(p.page);
  let { st, c } = await statusChange();
  assert.ok(c.length >= 1, JSON.stringify(st.changes));
  for (const x of c) {
    assert.equal(x.kind, 'noise', JSON.stringify(x));
    assert.equal(x.reason && x.reason.rule, 'rotating', JSON.stringify(x.reason));
  }
  assert.equal(st.summary.meaningful, 0, JSON.stringify(st.summary));
  // A day later the disruption is still there (a revisit that holds it); the day after, it ends.
  await shift(start + 86400000);
  await revisit(p.page);
  await site.advance(story);
  await shift(start + 2 * 86400000);
  await inExtension(ext, () => chrome.storage.local.remove('testHooks'));
  const state = await revisit(p.page);
  ({ st, c } = await statusChange());
  assert.ok(c.length >= 1, JSON.stringify(st.changes));
  const shown = c.filter((x) => x.kind === 'content');
  assert.ok(shown.length >= 1, `the status change is content: ${JSON.stringify(c)}`);
  for (const x of shown) {
    assert.equal(x.reason && x.reason.kept && x.reason.kept.type, 'held', JSON.stringify(x.reason));
    assert.ok(x.reason.kept.visits >= 1, JSON.stringify(x.reason));
  }
  assert.ok(st.summary.meaningful >= 1, JSON.stringify(st.summary));
  assert.equal(state, 'changed', 'the status change is painted');
  // The popup says why it is shown though its slot rotates.
  const why = await keptReasons(p);
  assert.ok(why.some((w) => /^looked like rotating item, kept because its text had stayed over (1 visit|\d{2,} visits|[2-9] visits) \(a state, not rotation\)$/.test(w)), JSON.stringify(why));
  // The history says it too, as the visit did (stored with the visit: the site learned since).
  const later = await historyKeptReasons(url);
  assert.ok(later.some((w) => /^looked like rotating item, kept because its text had stayed over /.test(w)), JSON.stringify(later));
  await p.page.close();
});

// A product's stock line that flips between being had and sold out (tests/site "tentstock"):
// flipped back at once like the ferry's status, so the slot is learned as rotating, yet every
// later flip says whether the tent can be had — content, kept "because it says whether the item
// can be had", and painted. Without the rule the third flip is hidden as a rotating item.
test('a stock line is shown at every flip, though its slot was learned as rotating', async () => {
  const story = 'tent';
  const url = site.url(story, 'tentstock', 'tents.localhost');
  const start = -2 * 86400000;
  // Sold out, then in stock again: the line flipped back, a rotating rule is learned.
  const p = await learnFlip(story, url, start);
  // Sold out again, an hour later.
  await site.advance(story);
  await shift(start + 3 * hour);
  const state = await revisit(p.page);
  await inExtension(ext, () => chrome.storage.local.remove('testHooks'));
  const st = (await tabState(url)).result;
  const c = (st.changes || []).filter((x) => /stock|Sold out/.test(x.preview || ''));
  assert.ok(c.length >= 1, JSON.stringify(st.changes));
  const shown = c.filter((x) => x.kind === 'content');
  assert.ok(shown.length >= 1, `the stock change is content: ${JSON.stringify(c)}`);
  assert.ok(
    shown.some((x) => x.reason && x.reason.rule === 'rotating' && x.reason.kept && x.reason.kept.type === 'stock'),
    `it looked like the rotating item and was kept for its stock words: ${JSON.stringify(shown)}`,
  );
  assert.ok(st.summary.meaningful >= 1, JSON.stringify(st.summary));
  assert.equal(state, 'changed', 'the stock change is painted');
  const why = await keptReasons(p);
  assert.ok(why.some((w) => /^looked like rotating item, kept because it says whether the item can be had: "/.test(w)), JSON.stringify(why));
  const later = await historyKeptReasons(url);
  assert.ok(later.some((w) => /^looked like rotating item, kept because it says whether the item can be had: "/.test(w)), JSON.stringify(later));
  await p.page.close();
});

// Consent banners that are no dialogs (tests/site "cookiebanner"): a div named
// "cookie-consent-banner" and a OneTrust-like root (role="region", aria-label "Cookie banner").
// The first visit shows them; once a person chose they are gone; when consent expires they come
// back. None of that is a change of the page (issue 11: the dialog is chrome), while the
// policy's own edit on the last visit is shown and painted. Without the extraction rule the
// banners' blocks are listed as removed, then new.
test('a consent banner that is no dialog coming and going is no change', async () => {
  const story = 'consent';
  const url = site.url(story, 'cookiebanner', 'shop.localhost');
  const p = await visit(ext, url);
  assert.equal(p.state, 'first');
  const cookieChanges = (st) => (st.changes || []).filter((c) => /cookie|consent|accept/i.test(c.preview || ''));
  // Consent stored: the banners are gone.
  await site.advance(story);
  let state = await revisit(p.page);
  let st = (await tabState(url)).result;
  assert.deepEqual(cookieChanges(st), [], JSON.stringify(st.changes));
  assert.equal(st.summary.meaningful, 0, JSON.stringify(st.summary));
  assert.equal((st.changes || []).length, 0, JSON.stringify(st.changes));
  assert.notEqual(state, 'changed');
  // Consent expired: the banners are back, and the policy changed its retention clause.
  await site.advance(story);
  state = await revisit(p.page);
  st = (await tabState(url)).result;
  assert.deepEqual(cookieChanges(st), [], JSON.stringify(st.changes));
  const edits = (st.changes || []).filter((c) => /ninety days/.test(c.preview || ''));
  assert.equal(edits.length, 1, JSON.stringify(st.changes));
  assert.equal(edits[0].kind, 'content', JSON.stringify(edits[0]));
  assert.equal(st.summary.meaningful, 1, JSON.stringify(st.summary));
  assert.equal(state, 'changed', 'the policy edit is painted');
  await p.page.close();
});

// A weather widget (tests/site "weather"): its temperature and sky change on every revisit
// ("Harbour 7 °C, cloudy" → "9 °C, Sunny" → "-2 °C, Light snow"); the built-in detectors name
// it weather, noise from the first revisit, and nothing is painted. Without the rule the sky's
// words are content and painted.
test('a weather widget is noise from the first revisit, named weather', async () => {
  const story = 'weather';
  const url = site.url(story, 'weather', 'town.localhost');
  const p = await visit(ext, url);
  assert.equal(p.state, 'first');
  for (let k = 0; k < 2; k++) {
    await site.advance(story);
    const state = await revisit(p.page);
    assertWeather((await tabState(url)).result);
    assert.notEqual(state, 'changed', 'nothing meaningful is painted');
  }
  await p.page.close();
});

// A "Mehr zum Thema" module of other articles' teasers (tests/site "related") on an imprint,
// there and gone between revisits: the built-in rule names it related articles, noise from the
// first revisit, whether it came or went; nothing is painted or counted. Without the rule its
// teasers are content: new, then removed.
test('a related-articles module that comes and goes on an imprint is noise, named related', async () => {
  const story = 'related';
  const url = site.url(story, 'related', 'paper.localhost');
  const p = await visit(ext, url);
  assert.equal(p.state, 'first');
  for (let k = 0; k < 2; k++) {
    await site.advance(story);
    const state = await revisit(p.page);
    const st = (await tabState(url)).result;
    assertRelated(st);
    assert.equal(st.count, 0);
    assert.notEqual(state, 'changed', 'nothing meaningful is painted');
  }
  await p.page.close();
});

// A page whose dashboard did not render (tests/site "dashboard", version 1: its twelve rows
// missing, nothing new): no change, not stored, the popup says why; the next visit, with the
// rows back and one updated, compares with the last full version and shows that one row. Without
// the rule version 1 shows twelve rows removed and version 2 twelve rows new.
test('a page that did not load is no change and not stored; the next visit compares with the last full version', async () => {
  const story = 'dashboard';
  const url = site.url(story, 'dashboard', 'health.localhost');
  const p = await visit(ext, url);
  assert.equal(p.state, 'first');
  await site.advance(story);
  let state = await revisit(p.page);
  let st = (await tabState(url)).result;
  assert.equal(st.notLoaded, true, JSON.stringify(st.summary));
  assert.equal(st.summary.not_loaded, true);
  assert.equal(st.count, 0);
  assert.notEqual(state, 'changed');
  assert.ok((st.changes || []).every((x) => x.kind === 'noise'), JSON.stringify(st.changes));
  const popup = await ext.context.newPage();
  await popup.goto(`chrome-extension://${ext.extensionId}/popup/popup.html?tabId=${p.tabId}`);
  await popup.waitForSelector('#not-loaded');
  assert.match(await popup.textContent('#not-loaded'), /did not load fully/);
  await popup.close();
  await site.advance(story);
  state = await revisit(p.page);
  st = (await tabState(url)).result;
  assert.equal(state, 'changed');
  const content = (st.changes || []).filter((x) => x.kind === 'content');
  assert.equal(content.length, 1, JSON.stringify(st.changes));
  assert.equal(content[0].status, 'changed');
  assert.match(content[0].preview, /Dale reports 58/);
  await p.page.close();
});

// A portal that greets by the hour, says whether its harbour master is online and showed a
// "Loading notices…" placeholder on the first visit (tests/site "portal"): the greeting and the
// presence are noise named relative time, the placeholder that went is not loaded yet, and the
// notice that replaced it, then an edit of the permits line, are the one content change each.
// Without the rules the greeting, the presence and the placeholder are content too.
test('a greeting of the hour, a presence and a loading placeholder are noise; the notice and an edit are content', async () => {
  const story = 'portal';
  const url = site.url(story, 'portal', 'office.localhost');
  const p = await visit(ext, url);
  assert.equal(p.state, 'first');
  for (const version of [1, 2]) {
    await site.advance(story);
    const state = await revisit(p.page);
    const st = (await tabState(url)).result;
    assertPortal(st, version);
    assert.equal(st.count, 1);
    assert.equal(state, 'changed');
  }
  await p.page.close();
});
