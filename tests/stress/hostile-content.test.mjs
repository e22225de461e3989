// Hostile content (issue 13): XSS payloads — script tags, event-handler attributes,
// javascript: URLs, CSS injection, markup that closes attributes, template syntax, Unicode bidi
// and zero-width tricks — placed as text in a page's new, changed and removed blocks, in its
// title, in its link targets and in a block the site teaches as noise (so a learned rule's
// label holds it), then shown by the extension: the bar, the removed boxes (opened), the popup
// and the settings page's rule list. Quick: 300 payloads; STRESS=full: 5,000.
// Proof of 0 executions: every payload, if run, sets a global flag and requests a beacon URL
// of the test server; the flag is read in the page and in the extension pages, the server's
// log is read, and a `securitypolicyviolation` listener (installed before any script of every
// page, the extension's included) counts what the extension pages' CSP blocked.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import http from 'node:http';
import { launch, settled, tabIdOf } from '../browser/chromium.mjs';
import { figure, tier } from './figures.mjs';

const COUNT = tier(300, 5000);
const PER_PAGE = 50;

const esc = (s) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** Payload `i`: runs `top.__xss = i` and requests the beacon if it ever executes. */
function payload(i, origin) {
  const b = `${origin}/__xss?${i}`;
  const js = `top.__xss=${i};new Image().src='${b}'`;
  const forms = [
    `<script>${js}</script>`,
    `<img src=x onerror="${js}">`,
    `<svg onload="${js}">`,
    `<iframe src="javascript:${js}"></iframe>`,
    `javascript:${js}`,
    `<a href="javascript:${js}">x</a>`,
    `" onmouseover="${js}" x="`,
    `'><img src=${b}>`,
    `<style>@import url(${b});</style>`,
    `<div style="background:url(${b})">x</div>`,
    `</code></li><script>${js}</script>`,
    `\u202egnp.exe\u202c <img src=${b}>`,
    `zero\u200bwidth\u200d<script>${js}</script>\ufeff`,
    `{{constructor.constructor('${js}')()}}`,
    `\${${js}}`,
    `<base href=${b}>`,
    `<meta http-equiv=refresh content="0;url=${b}">`,
    `<link rel=stylesheet href=${b}>`,
    `<object data=${b}></object>`,
    `<details open ontoggle="${js}">`,
    `<input autofocus onfocus="${js}">`,
    `<math><mi xlink:href="javascript:${js}">x</mi></math>`,
    `<img srcset="${b} 1x">`,
    `<body onload="${js}">`,
    `<!--<img src="--><img src=x onerror="${js}">-->`,
    `<noscript><p title="</noscript><img src=x onerror=${js}>">`,
    `data:text/html,<script>${js}</script>`,
    `<svg><script>${js}</script></svg>`,
    `<video><source onerror="${js}"></video>`,
    `<a href="https://example.org/" style="position:fixed;inset:0" onclick="${js}">full</a>`,
  ];
  return `p${i} ${forms[i % forms.length]}`;
}

/** The hostile site: page `k` holds payloads k*PER_PAGE … in every place, in two versions. */
function startHostileSite() {
  const beacons = [];
  const loads = new Map();
  const versions = new Map();
  const server = http.createServer((req, res) => {
    const u = new URL(req.url, 'http://127.0.0.1');
    if (u.pathname === '/__xss') {
      beacons.push(u.search);
      res.writeHead(204);
      return res.end();
    }
    const m = /^\/h\/(\d+)$/.exec(u.pathname);
    if (!m) {
      res.writeHead(404);
      return res.end();
    }
    const k = Number(m[1]);
    const v = versions.get(k) || 0;
    const n = (loads.get(k) || 0) + 1;
    loads.set(k, n);
    const P = (j) => payload(k * PER_PAGE + j, origin);
    const parts = [];
    for (let j = 0; j < PER_PAGE; j++) {
      const text = esc(P(j));
      // A third of the blocks stay, a third change, a third are removed and replaced.
      if (j % 3 === 0) parts.push(`<p>Kept ${j}: ${text}</p>`);
      else if (j % 3 === 1) parts.push(`<p>Edited ${j}: ${text} ${v ? 'now with more words added here' : ''}</p>`);
      else parts.push(v ? `<p>New ${j}: ${text}</p>` : `<p>Old ${j}: ${text}</p>`);
      parts.push(`<p><a href="https://example.org/?q=${encodeURIComponent(P(j))}">link ${j}</a> <a href="javascript:top.__xss=${k}">js link</a></p>`);
    }
    const html = `<!doctype html><html><head><meta charset="utf-8"><title>${esc(P(0))}</title></head><body>
<main><h1>Hostile ${k}</h1>
<p>Visitors ${esc(P(1))} ${1000 + n}</p>
${parts.join('\n')}
</main></body></html>`;
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store' });
    res.end(html);
  });
  let origin = '';
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => {
    origin = `http://127.0.0.1:${server.address().port}`;
    resolve({
      origin, beacons,
      advance: (k) => versions.set(k, (versions.get(k) || 0) + 1),
      close: () => new Promise((r) => { server.closeAllConnections?.(); server.close(() => r()); }),
    });
  }));
}

test(`${COUNT} XSS payloads shown through the bar, removed boxes, popup and settings: 0 executions`, async () => {
  const site = await startHostileSite();
  const ext = await launch();
  // Before any script of every page (the extension's pages too): the CSP violation log.
  await ext.context.addInitScript(() => {
    window.__csp = [];
    document.addEventListener('securitypolicyviolation', (e) => window.__csp.push(`${e.violatedDirective} ${e.blockedURI}`));
  });
  const extensionOrigin = `chrome-extension://${ext.extensionId}`;
  const flags = [];
  const csp = [];
  const look = async (p, where) => {
    const r = await p.evaluate(() => ({ xss: window.__xss, csp: window.__csp || [] }));
    if (r.xss !== undefined) flags.push(`${where}: ${r.xss}`);
    csp.push(...r.csp.map((c) => `${where}: ${c}`));
  };
  try {
    const page = await ext.context.newPage();
    const pages = Math.ceil(COUNT / PER_PAGE);
    let shownAsText = 0;
    for (let k = 0; k < pages; k++) {
      const url = `${site.origin}/h/${k}`;
      const load = async () => {
        await page.evaluate(() => document.documentElement.removeAttribute('data-sincelast-test-state')).catch(() => {});
        await page.goto(url);
        return settled(page, 60000);
      };
      await load(); // first visit
      await load(); // near-simultaneous reload: the visitor counter teaches a rule
      site.advance(k);
      const state = await load(); // the changed version: bar, highlights, removed blocks
      assert.match(state, /^changed/, state);
      for (const action of ['removed', 'next', 'next']) {
        await page.evaluate((a) => document.dispatchEvent(new CustomEvent('sincelast-test:press', { detail: a })), action);
      }
      await page.waitForTimeout(100);
      await look(page, `page ${k}`);
      if (k % 5 === 0 || k === pages - 1) {
        const tabId = await tabIdOf(ext, url);
        const popup = await ext.context.newPage();
        await popup.goto(`${extensionOrigin}/popup/popup.html?tabId=${tabId}`);
        await popup.waitForTimeout(400);
        await look(popup, `popup ${k}`);
        await popup.close();
        const options = await ext.context.newPage();
        await options.goto(`${extensionOrigin}/options/options.html`);
        await options.waitForFunction(() => document.querySelectorAll('code.label').length > 0, null, { timeout: 15000 }).catch(() => {});
        const labels = await options.evaluate(() => [...document.querySelectorAll('code.label')].map((c) => ({ text: c.textContent, elements: c.children.length })));
        for (const l of labels) {
          assert.equal(l.elements, 0, `a rule label is text only: ${l.text}`);
          if (/<(script|img|svg)/.test(l.text)) shownAsText++;
        }
        await look(options, `options ${k}`);
        await options.close();
      }
    }
    await page.waitForTimeout(500);
    // The control: one payload put in as HTML (what a faulty renderer would do) must trip both
    // the flag and the beacon, so a blind detector cannot pass.
    const caught = { flags: flags.length, beacons: site.beacons.length };
    await page.evaluate((html) => { const d = document.createElement('div'); d.innerHTML = html; document.body.append(d); }, payload(1, site.origin).slice(3));
    await page.waitForTimeout(500);
    assert.equal(await page.evaluate(() => window.__xss), 1, 'the control payload set the flag');
    assert.equal(site.beacons.length, caught.beacons + 1, 'the control payload reached the beacon');
    site.beacons.pop();
    figure('xss.payloads', pages * PER_PAGE, COUNT);
    figure('xss.executions_flag', flags.length, 0);
    figure('xss.executions_beacon', site.beacons.length, 0);
    figure('xss.csp_violations', csp.length, 0);
    figure('xss.rule_labels_with_markup_shown_as_text', shownAsText, '>= 1');
    assert.deepEqual(flags, []);
    assert.deepEqual(site.beacons, []);
    assert.deepEqual(csp, []);
    assert.ok(shownAsText >= 1, 'a learned rule label holding markup is listed, as text');
  } finally {
    await ext.close();
    await site.close();
  }
});
