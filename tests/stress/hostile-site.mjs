// The hostile site of the hostile-content scenarios (hostile-content.test.mjs in Chromium,
// hostile-content-firefox.test.mjs in Firefox): XSS payloads — script tags, event-handler
// attributes, javascript: URLs, CSS injection, markup that closes attributes, template syntax,
// Unicode bidi and zero-width tricks — placed as text in a page's kept, changed and removed
// blocks, in its title, in link targets (links that appear on the second version, so that they
// are new links and newly appeared pages) and in a block the site teaches as noise
// (so that a learned rule's label holds it). Every payload, if it ever runs, sets `top.__xss`
// and requests the beacon `/__xss?<i>` of this server (`beacons`).
// Also: `audit()`, what a page of ours must not hold after showing them.

import http from 'node:http';

export const PER_PAGE = 50;

export const esc = (s) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** A text as the extraction keeps it: zero-width characters dropped, white space runs as one space. */
export const normalized = (s) => s.replace(/[\u200B\uFEFF\u00AD]/g, '').replace(/\s+/g, ' ').trim();

/** Payload `i`: runs `top.__xss = i` and requests the beacon if it ever executes. */
export function payload(i, origin) {
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

// The page's own CSP listener, first in <head> (Firefox: no init scripts); kept when one is
// there already (Chromium's tests install theirs before any script).
const CSP_LISTENER = "if(!Array.isArray(window.__csp)){window.__csp=[];document.addEventListener('securitypolicyviolation',function(e){window.__csp.push(e.violatedDirective+' '+e.blockedURI)})}";

/**
 * The hostile site: page `/h/<k>` holds payloads k*PER_PAGE … k*PER_PAGE+PER_PAGE-1 in every
 * place, in two versions (`advance(k)` switches to the second).
 */
export function startHostileSite() {
  const beacons = [];
  const loads = new Map();
  const versions = new Map();
  let origin = '';
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
      else if (!v) parts.push(`<p>Old ${j}: ${text}</p>`);
      else {
        // The old block is removed (its payload shown in the removed boxes and the history's
        // diff); the new one, unlike it, brings new links: a hostile target (a newly appeared
        // page) and a javascript: target (never a link in our pages).
        parts.push(`<p>Fresh item number ${j} of the second version, unlike any before. <a href="https://example.org/new/${k}/${j}?q=${encodeURIComponent(P(j))}">open ${j}</a> <a href="javascript:top.__xss=${k * PER_PAGE + j}">run ${j}</a></p>`);
      }
      parts.push(`<p><a href="https://example.org/?q=${encodeURIComponent(P(j))}">link ${j}</a> <a href="javascript:top.__xss=${k}">js link</a></p>`);
    }
    const html = `<!doctype html><html><head><meta charset="utf-8"><script>${CSP_LISTENER}</script><title>${esc(P(0))}</title></head><body>
<main><h1>Hostile ${k}</h1>
<p>Visitors ${esc(P(1))} ${1000 + n}</p>
${parts.join('\n')}
</main></body></html>`;
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store' });
    res.end(html);
  });
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => {
    origin = `http://127.0.0.1:${server.address().port}`;
    resolve({
      origin,
      beacons,
      /** The payloads of page `k`, as the extraction keeps them. */
      payloadsOf: (k) => Array.from({ length: PER_PAGE }, (_, j) => normalized(payload(k * PER_PAGE + j, origin))),
      advance: (k) => versions.set(k, (versions.get(k) || 0) + 1),
      close: () => new Promise((r) => { server.closeAllConnections?.(); server.close(() => r()); }),
    });
  }));
}

/**
 * Run in one of our pages (as a function's source, for both browsers' evaluate): what a payload
 * shown as markup would have left — elements with event-handler attributes, active or loading
 * elements (script not from the page's own origin, iframe, object, embed, base, meta refresh,
 * img, video, source, math, link, style outside the head), javascript: or data: links — and the
 * page's text. `{ onAttrs, active, badLinks, text }`.
 */
export function audit() {
  const all = [...document.querySelectorAll('*')];
  const onAttrs = all.filter((e) => [...e.attributes].some((a) => /^on/i.test(a.name))).length;
  const active = all.filter((e) => {
    const tag = e.localName;
    if (tag === 'script') return !(e.getAttribute('src') && new URL(e.getAttribute('src'), location.href).origin === location.origin);
    if (tag === 'style' || tag === 'link' || tag === 'meta' || tag === 'base') return e.closest('head') === null || tag === 'base' || (tag === 'meta' && e.hasAttribute('http-equiv'));
    return ['iframe', 'frame', 'object', 'embed', 'img', 'video', 'audio', 'source', 'math'].includes(tag);
  }).length;
  const badLinks = [...document.querySelectorAll('[href], [src], [action], [formaction]')].filter((e) => {
    const v = e.getAttribute('href') || e.getAttribute('src') || e.getAttribute('action') || e.getAttribute('formaction') || '';
    return /^\s*(javascript|data|vbscript):/i.test(v);
  }).length;
  return { onAttrs, active, badLinks, text: document.body ? document.body.textContent.replace(/\s+/g, ' ') : '' };
}
