// Egress (issue 13): a logged session of visits — quick 20, STRESS=full 200 — over the demo
// site's pages while the extension records, compares and paints, with its popup and settings
// page opened along the way, shows no network request from the extension. Logged twice: at the
// test server (every request, its referer and origin) and in the browser (Chromium's DevTools
// protocol: Network.requestWillBeSent of every target of the extension — its service worker
// and its pages — attached through the browser's own CDP endpoint).
// Figures: egress requests seen by the browser and by the server (target 0), visits done.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import WebSocket from 'ws';
import { launch, startSite, settled } from '../browser/chromium.mjs';
import { figure, tier } from './figures.mjs';

const VISITS = tier(20, 200);
const PAGES = ['news', 'static', 'town', 'events', 'contact', 'inline', 'long', 'many'];

/** A raw CDP connection to the browser endpoint: send(method, params, sessionId), on(event). */
async function cdp(userDataDir) {
  let file = path.join(userDataDir, 'DevToolsActivePort');
  for (let i = 0; i < 100 && !fs.existsSync(file); i++) await new Promise((r) => setTimeout(r, 100));
  const [port, wsPath] = fs.readFileSync(file, 'utf8').trim().split('\n');
  const ws = new WebSocket(`ws://127.0.0.1:${port}${wsPath}`, { perMessageDeflate: false, maxPayload: 256 << 20 });
  await new Promise((res, rej) => { ws.once('open', res); ws.once('error', rej); });
  let id = 0;
  const waiting = new Map();
  const handlers = [];
  ws.on('message', (data) => {
    const m = JSON.parse(String(data));
    if (m.id && waiting.has(m.id)) {
      const { res, rej } = waiting.get(m.id);
      waiting.delete(m.id);
      if (m.error) rej(new Error(m.error.message));
      else res(m.result);
    } else if (m.method) {
      for (const h of handlers) h(m);
    }
  });
  return {
    send(method, params = {}, sessionId) {
      const msg = { id: ++id, method, params };
      if (sessionId) msg.sessionId = sessionId;
      ws.send(JSON.stringify(msg));
      return new Promise((res, rej) => waiting.set(msg.id, { res, rej }));
    },
    on(h) { handlers.push(h); },
    close() { ws.close(); },
  };
}

test(`${VISITS} visits: no network request from the extension (server log and CDP)`, async () => {
  const site = await startSite(0);
  const serverLog = [];
  site.server.on('request', (req) => serverLog.push({ url: req.url, referer: req.headers.referer || '', origin: req.headers.origin || '' }));
  const previous = process.env.SINCELAST_CHROMIUM_ARGS;
  process.env.SINCELAST_CHROMIUM_ARGS = [previous, '--remote-debugging-port=0'].filter(Boolean).join(' ');
  const ext = await launch();
  process.env.SINCELAST_CHROMIUM_ARGS = previous ?? '';
  if (previous === undefined) delete process.env.SINCELAST_CHROMIUM_ARGS;
  const browser = await cdp(ext.userDataDir);
  const extensionOrigin = `chrome-extension://${ext.extensionId}`;
  const sessions = new Map(); // sessionId → target url
  const egress = [];
  const ownLoads = { count: 0 };
  browser.on((m) => {
    if (m.method === 'Target.attachedToTarget') {
      const { sessionId, targetInfo } = m.params;
      sessions.set(sessionId, targetInfo.url);
      browser.send('Network.enable', {}, sessionId).catch(() => {});
      browser.send('Runtime.runIfWaitingForDebugger', {}, sessionId).catch(() => {});
    } else if (m.method === 'Network.requestWillBeSent' && sessions.has(m.sessionId)) {
      const url = m.params.request.url;
      if (/^(chrome-extension|data|blob):/.test(url)) ownLoads.count++;
      else egress.push({ from: sessions.get(m.sessionId), url });
    }
  });
  const attach = async (t) => {
    if (t.url.startsWith(extensionOrigin) && ![...sessions.values()].includes(t.url)) {
      await browser.send('Target.attachToTarget', { targetId: t.targetId, flatten: true }).catch(() => {});
    }
  };
  browser.on((m) => { if (m.method === 'Target.targetCreated' || m.method === 'Target.targetInfoChanged') attach(m.params.targetInfo); });
  await browser.send('Target.setDiscoverTargets', { discover: true });
  for (const t of (await browser.send('Target.getTargets')).targetInfos) await attach(t);
  try {
    const page = await ext.context.newPage();
    let done = 0;
    const visited = new Set();
    for (let i = 0; i < VISITS; i++) {
      const story = `eg${Math.floor(i / PAGES.length) % 5}`;
      if (i % PAGES.length === 0 && i) await site.advance(story);
      const url = site.url(story, PAGES[i % PAGES.length]);
      visited.add(new URL(url).pathname);
      await page.goto(url);
      await settled(page, 60000);
      done++;
      if (i % 25 === 10) {
        // The extension's own pages too: the popup and the settings page, opened and closed.
        for (const p of ['popup/popup.html', 'options/options.html']) {
          const x = await ext.context.newPage();
          await x.goto(`${extensionOrigin}/${p}`);
          await x.waitForTimeout(500);
          await x.close();
        }
      }
    }
    // Give late requests (timers, alarms) a moment.
    await page.waitForTimeout(2000);
    const watched = [...new Set(sessions.values())];
    const seen = egress.splice(0);
    // The control: one fetch the test makes the service worker do must be seen by both logs
    // (so a silent watch cannot pass).
    const worker = [...sessions].find(([, u]) => u.startsWith(extensionOrigin) && u.endsWith('.js'));
    assert.ok(worker, `the service worker is watched: ${watched}`);
    await browser.send('Runtime.evaluate', { expression: `fetch(${JSON.stringify(`${site.origin}/__egress-control`)}).catch(() => {})`, awaitPromise: true }, worker[0]);
    await page.waitForTimeout(500);
    assert.ok(egress.some((r) => r.url.endsWith('/__egress-control')), 'the control request is seen through CDP');
    assert.ok(serverLog.some((r) => r.url === '/__egress-control' && !r.referer.startsWith(site.origin)), 'the control request is seen at the server');
    serverLog.splice(serverLog.findIndex((r) => r.url === '/__egress-control'), 1);
    egress.splice(0, egress.length, ...seen);
    // At the server, a request is the pages' own when it loads a visited page or comes from
    // one (its referer); anything else would be the extension's.
    const fromExtensionAtServer = serverLog.filter((r) => !visited.has(r.url.split('?')[0]) && !r.referer.startsWith(site.origin) && r.url !== '/favicon.ico' && !r.url.startsWith('/__advance?story='));
    figure('egress.chromium.visits', done, VISITS);
    figure('egress.chromium.extension_targets_watched', watched.length, '>= 1 (the service worker)');
    figure('egress.chromium.cdp_requests_from_extension', egress.length, 0);
    figure('egress.chromium.server_requests_from_extension', fromExtensionAtServer.length, 0);
    figure('egress.chromium.server_requests_total', serverLog.length, `${VISITS} page loads and their own subresources`);
    assert.equal(done, VISITS);
    assert.ok(ownLoads.count > 0, 'the watch sees the extension pages load their own files');
    assert.deepEqual(egress, []);
    assert.deepEqual(fromExtensionAtServer, [], JSON.stringify(fromExtensionAtServer));
  } finally {
    browser.close();
    await ext.close();
    await site.close();
  }
});
