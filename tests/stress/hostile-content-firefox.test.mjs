// Hostile content in real Firefox (issue 13; the Chromium twin is hostile-content.test.mjs,
// the site is hostile-site.mjs): XSS payloads in a page's kept, changed, new and removed blocks,
// its title, its link targets and texts and a learned rule's label, shown through the bar and
// the removed boxes (opened), the popup, the settings page's rule list, the history page (the
// diff of the last two visits) and the dashboard (titles, newly appeared pages). Extension pages
// are opened by the test build's background (WebDriver cannot navigate to moz-extension://),
// then moved to the history page or the dashboard from inside.
// Proof of 0 executions: every payload, if run, sets `top.__xss` and requests the test server's
// beacon; the flag is read in the page and in every extension page, the server's log is read,
// and `securitypolicyviolation` listeners — the page's own, first in its <head>, and the test
// build's in every extension page (extension/shared/test-csp.js) — count what CSP blocked.
// Controls prove each detector can see: one payload put in as markup trips the flag and the
// beacon in the page, and the CSP listener in an extension page.
// Quick: 100 payloads; STRESS=full: 5,000.
// Build first: node scripts/build-extension.mjs

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { launchFirefox, sleep } from '../browser/stressb-firefox.mjs';
import { figure, tier } from './figures.mjs';
import { PER_PAGE, payload, startHostileSite, audit } from './hostile-site.mjs';

const COUNT = tier(100, 5000);
const AUDIT = `return (${audit.toString()})()`;

test(`Firefox: ${COUNT} XSS payloads shown through the bar, removed boxes, popup, settings, history page and dashboard: 0 executions, text as text`, async () => {
  const site = await startHostileSite();
  const ff = await launchFirefox();
  const js = (code, ...args) => ff.driver.executeScript(code, ...args);
  const flags = [];
  const csp = [];
  const markup = [];
  const look = async (where) => {
    const r = await js('return { xss: window.__xss === undefined ? null : String(window.__xss), csp: Array.isArray(window.__csp) ? window.__csp : null }');
    if (r.xss !== null) flags.push(`${where}: ${r.xss}`);
    if (r.csp === null) csp.push(`${where}: no CSP listener`);
    else csp.push(...r.csp.map((c) => `${where}: ${c}`));
  };
  /** One of our pages: nothing a payload would have made; how many of `texts` it shows as text. */
  const inspect = async (where, texts = []) => {
    const a = await js(AUDIT);
    if (a.onAttrs || a.active || a.badLinks) markup.push(`${where}: ${JSON.stringify({ ...a, text: undefined })}`);
    await look(where);
    const missing = texts.filter((t) => !a.text.includes(t));
    if (missing.length) console.log(`${where}: not shown: ${JSON.stringify(missing.slice(0, 6))}`);
    return texts.length - missing.length;
  };
  /** Moves the current extension tab to `path` and waits for its `data-ready`. */
  const goTo = async (path, what) => {
    await js('location.href = arguments[0]', path);
    await ff.waitFor(`return location.pathname === ${JSON.stringify(path.split('?')[0])} && document.body && document.body.getAttribute('data-ready') === 'true'`, what);
  };
  let shownAsText = 0;
  let presses = 0;
  let historyShown = 0;
  let historyExpected = 0;
  try {
    const pages = Math.ceil(COUNT / PER_PAGE);
    for (let k = 0; k < pages; k++) {
      const url = `${site.origin}/h/${k}`;
      assert.ok(await ff.load(url, 60000), 'first visit'); // first visit
      assert.ok(await ff.load(url, 60000), 'second visit'); // at once again: the visitor counter teaches a rule
      site.advance(k);
      const state = await ff.load(url, 60000); // the changed version: bar, highlights, removed blocks
      assert.match(String(state), /^changed/, state);
      for (const action of ['removed', 'next', 'next']) {
        await js(`document.documentElement.removeAttribute('data-sincelast-test-pressed'); document.dispatchEvent(new CustomEvent('sincelast-test:press', { detail: '${action}' }))`);
        await ff.waitFor(`return /^${action}:/.test(document.documentElement.getAttribute('data-sincelast-test-pressed') || '')`, `pressed ${action}`);
        const pressed = await ff.attr('pressed');
        if (/:ok:/.test(pressed)) presses++;
        else console.log(`page ${k}: ${pressed}`);
      }
      await look(`page ${k}`);
      if (k % 5 === 0 || k === pages - 1) {
        const opened = await ff.openExtensionPage('popup');
        await ff.waitFor("return !!document.querySelector('#new-links li')", 'the new links in the popup');
        await inspect(`popup ${k}`);
        await js("location.href = '/options/options.html'");
        await ff.waitFor("return location.pathname === '/options/options.html' && document.querySelectorAll('code.label').length > 0", 'the rule list');
        const labels = await js("return [...document.querySelectorAll('code.label')].map((c) => ({ text: c.textContent, elements: c.children.length }))");
        for (const l of labels) {
          assert.equal(l.elements, 0, `a rule label is text only: ${l.text}`);
          if (/<(script|img|svg)/.test(l.text)) shownAsText++;
        }
        await inspect(`options ${k}`);
        await goTo(`/history/history.html?url=${encodeURIComponent(url)}`, 'the history page');
        await ff.waitFor("return document.querySelectorAll('#diff .b').length > 0", 'the diff of the last two visits');
        // Automated changes (a removed block the engine calls noise) shown too: every payload.
        await js("const c = document.getElementById('show-auto'); c.checked = true; c.dispatchEvent(new Event('change'))");
        await ff.waitFor("return !/hidden/.test(document.getElementById('diff-summary').textContent)", 'the automated changes shown');
        const texts = site.payloadsOf(k);
        historyShown += await inspect(`history ${k}`, texts);
        historyExpected += texts.length;
        await ff.closeExtensionPage(opened);
      }
    }
    // The dashboard: every title and the newly appeared pages.
    const opened = await ff.openExtensionPage('options');
    await goTo('/dashboard/dashboard.html', 'the dashboard');
    await ff.waitFor("return document.body.hasAttribute('data-new-pages')", 'the newly appeared pages');
    const titles = Array.from({ length: pages }, (_, k) => site.payloadsOf(k)[0]);
    const titlesShown = await inspect('dashboard', titles);
    const newPages = Number(await js("return document.body.getAttribute('data-new-pages')"));
    // The control of the extension pages' CSP listener: markup put in is blocked and seen.
    await js('const d = document.createElement(\'div\'); d.innerHTML = arguments[0]; document.body.append(d);', payload(1, site.origin).slice(3));
    await ff.waitFor('return window.__csp.length > 0', 'the CSP listener saw the control');
    assert.equal(await js('return window.__xss === undefined'), true, 'the extension page\'s CSP blocked the control');
    await ff.closeExtensionPage(opened);
    await sleep(500); // late beacons, if any, arrive
    // The control in the page: markup put in runs, trips the flag and the beacon.
    const before = site.beacons.length;
    await js('const d = document.createElement(\'div\'); d.innerHTML = arguments[0]; document.body.append(d);', payload(1, site.origin).slice(3));
    await ff.waitFor('return window.__xss === 1', 'the control payload ran');
    for (let i = 0; i < 100 && site.beacons.length === before; i++) await sleep(100);
    assert.equal(site.beacons.length, before + 1, 'the control payload reached the beacon');
    site.beacons.pop();
    figure('xss (Firefox).payloads', pages * PER_PAGE, COUNT);
    figure('xss (Firefox).executions_flag', flags.length, 0);
    figure('xss (Firefox).executions_beacon', site.beacons.length, 0);
    figure('xss (Firefox).csp_violations', csp.length, 0);
    figure('xss (Firefox).rule_labels_with_markup_shown_as_text', shownAsText, '>= 1');
    figure('xss (Firefox).history_payloads_shown_as_text', `${historyShown}/${historyExpected}`, `${historyExpected}/${historyExpected}`);
    figure('xss (Firefox).dashboard_titles_shown_as_text', `${titlesShown}/${pages}`, `${pages}/${pages}`);
    figure('xss (Firefox).dashboard_new_pages_listed', newPages, '>= 1');
    figure('xss (Firefox).extension_pages_with_markup_from_payloads', markup.length, 0);
    figure('xss (Firefox).bar_presses_done (removed boxes opened, next change twice)', `${presses}/${pages * 3}`, `${pages * 3}/${pages * 3}`);
    assert.deepEqual(flags, []);
    assert.deepEqual(site.beacons, []);
    assert.deepEqual(csp, []);
    assert.deepEqual(markup, []);
    assert.equal(presses, pages * 3, 'the removed boxes were opened and the changes stepped through on every page');
    assert.ok(shownAsText >= 1, 'a learned rule label holding markup is listed, as text');
    assert.equal(historyShown, historyExpected, 'every payload of the page is shown as text in its history');
    assert.equal(titlesShown, pages, 'every title is shown as text in the dashboard');
    assert.ok(newPages >= 1, 'newly appeared pages (hostile link targets) are listed');
  } finally {
    await ff.quit();
    await site.close();
  }
});
