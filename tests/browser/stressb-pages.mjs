// stressb's own small test site (beside tests/site/server.mjs): pages for the smaller issue-13
// items — a page that moves its URL with history.replaceState while it is read, a one-time-code
// field, pages sharing text — served on 127.0.0.1 for any host name (the browsers map *.test
// there), with a count of loads per path.

import http from 'node:http';

const page = (title, body, script = '') => `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${title}</title></head>
<body><main><h1>${title}</h1>${body}</main>${script ? `<script>${script}</script>` : ''}</body></html>`;

const PARAGRAPHS = '<p>The harbour ferry runs every twenty minutes from the north pier.</p><p>Tickets are sold at the kiosk beside the gate.</p><p>Bicycles travel free outside the morning rush.</p>';

const SHARED = '<p>The market opens at seven on Saturdays.</p><p>Stalls are let by the season.</p>';

const LATE_FIELD = "setTimeout(() => { const f = document.createElement('form'); const i = document.createElement('input'); i.type = 'password'; f.append(i); document.body.append(f); }, 2000);";

const PAGES = {
  '/victim': () => page('Victim page', '<p>This is the real text of the victim page, as its site serves it.</p><p>It changes only when its site changes it.</p>'),
  // Moves to /victim 150 ms after load, before the extension's reading settles.
  '/moving': () => page('Planted text', '<p>Text planted by another page of the same origin.</p><p>It must never become the victim page\'s version.</p>',
    "addEventListener('load', () => setTimeout(() => history.replaceState(null, '', '/victim'), 150));"),
  // Moves to /victim at once, while it is parsed (before any extension script runs).
  '/moving-early': () => page('Planted text', '<p>Text planted by another page of the same origin.</p><p>It must never become the victim page\'s version.</p>',
    "history.replaceState(null, '', '/victim');"),
  // A sign-in box with a password field opened 2 s after load (long after the visit is stored);
  // from its second load on only (`n`: loads of the path before this one).
  '/late-password': () => page('Your account', '<p>Statement for the month of March.</p><p>Three transfers are pending.</p>', LATE_FIELD),
  '/late-second': (n) => page('Your messages', '<p>Your inbox has three new messages.</p><p>One is from the bank.</p>', n >= 1 ? LATE_FIELD : ''),
  '/steady': () => page('Steady page', PARAGRAPHS),
  '/shared-a': () => page('Shared A', `${SHARED}<p>Only on page A.</p>`),
  '/shared-b': () => page('Shared B', `${SHARED}<p>Only on page B.</p>`),
  '/otp': () => page('Sign-in code', '<p>Enter the code we sent to your phone.</p><form><input type="text" autocomplete="one-time-code" name="code"><button>Go</button></form>'),
  '/account': () => page('Your account', '<p>Balance: 1,234.56 on account 0042.</p><p>Last transfer to J. Smith.</p>'),
};

/** Starts the site; resolves to `{ url(host, path), loads(path), close() }`. */
export function startPages() {
  const loads = new Map();
  const server = http.createServer((req, res) => {
    const u = new URL(req.url, 'http://127.0.0.1');
    const make = PAGES[u.pathname];
    const n = loads.get(u.pathname) || 0;
    loads.set(u.pathname, n + 1);
    if (!make) {
      res.writeHead(404, { 'content-type': 'text/plain' });
      return res.end('not found');
    }
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store' });
    res.end(make(n));
  });
  return new Promise((resolve) => {
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      resolve({
        port,
        url: (host, p) => `http://${host}:${port}${p}`,
        loads: (p) => loads.get(p) || 0,
        close: () => new Promise((r) => { server.closeAllConnections?.(); server.close(() => r()); }),
      });
    });
  });
}
