// Consent banners that are no dialogs (issue 11), in real Firefox (the same story as the third
// test of signal-module.test.mjs): the demo site's privacy page shows a div named
// "cookie-consent-banner" and a OneTrust-like root (role="region", aria-label "Cookie
// banner") on the first visit, none once consent is stored, and both again when it expired,
// together with an edit of the policy's retention clause. The banners coming and going are no
// change: nothing is painted or listed for them, the badge stays empty; the policy's edit is
// painted and counted. Its own Firefox profile.
// Build first: node scripts/build-extension.mjs

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { useFirefox } from './firefox.mjs';
import { PAINTED } from './chromium.mjs';

const ff = useFirefox();

const painted = async () => {
  const r = await ff.driver.executeScript(`return (${PAINTED})()`);
  assert.equal(r.leaks, 0);
  return r.blocks;
};

/** The popup's text for this tab (what a person reads there, the changes listed). */
const popupText = () =>
  ff.inExtensionPage('popup', async () => {
    await ff.waitFor("const m = document.getElementById('main'); return m && m.dataset.status && m.dataset.status !== 'pending'", 'popup ready');
    return ff.driver.executeScript('return document.body.innerText');
  });

test('Firefox: a consent banner that is no dialog coming and going is no change', async () => {
  const story = 'ffconsent';
  const url = ff.site.url(story, 'cookiebanner');
  assert.equal(await ff.load(url), 'first');
  // Consent stored: the banners are gone. Nothing to show.
  await ff.site.advance(story);
  assert.notEqual(await ff.load(url), 'changed');
  assert.deepEqual(await painted(), {});
  assert.equal(await ff.badge(), '');
  assert.doesNotMatch(await popupText(), /cookie|consent/i);
  // Consent expired: the banners are back and the retention clause changed: only it is shown.
  await ff.site.advance(story);
  assert.equal(await ff.load(url), 'changed');
  const shown = await painted();
  assert.deepEqual(Object.values(shown).flat(), ['retention'], JSON.stringify(shown));
  assert.equal(await ff.badge(), '1');
  assert.doesNotMatch(await popupText(), /cookie|consent/i);
});
