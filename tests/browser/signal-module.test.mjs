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

test('a rotating module learned on the front page is noise on a page visited for the second time', async () => {
  const shift = (ms) => inExtension(ext, (t) => chrome.storage.local.set({ testHooks: { timeShiftMs: t } }), ms);
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
  const st = (await tabState(termsUrl)).result;
  const changes = st.changes || [];
  const teasers = changes.filter((c) => /^Recommended: /.test(c.preview || ''));
  // The teaser's old story is removed and the new one is new (or one changed block): all noise,
  // each naming the learned module and its evidence (the front page's rotation).
  assert.ok(teasers.length >= 1, `the teaser's change is listed as automated: ${JSON.stringify(changes)}`);
  for (const t of teasers) {
    assert.equal(t.kind, 'noise', JSON.stringify(t));
    assert.equal(t.reason && t.reason.rule, 'module', JSON.stringify(t.reason));
    assert.ok(t.reason.evidence.pages >= 2, JSON.stringify(t.reason));
  }
  assert.equal(teasers.length, changes.length, JSON.stringify(changes));
  assert.equal(st.summary.meaningful, 0, JSON.stringify(st.summary));
  assert.notEqual(state, 'changed', 'nothing meaningful is painted');
  await terms.page.close();
});
