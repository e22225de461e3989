// Shared by stressb's scenarios (tests/stress/*.test.mjs) and browser tests: the run length
// (STRESS=full for the long run), a seeded random source, the figure lines, the database's
// consistency check asked from an extension page (Chromium) and the killing of a browser.

import { execFileSync } from 'node:child_process';

export const FULL = process.env.STRESS === 'full';

/** A small seeded random source (mulberry32): the same run every time for a given seed. */
export function rng(seed = Number(process.env.STRESS_SEED) || 13) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Prints one figure line: `figure: <name>: <value> (target <target>)`. */
export function figure(name, value, target) {
  console.log(`figure: ${name}: ${value} (target ${target})`);
}

export const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

/** The consistency check of the extension's database, asked from an extension page (Chromium). */
export async function checkDb(page) {
  const r = await page.evaluate(() => chrome.runtime.sendMessage({ type: 'test-check' }));
  if (!r || !r.ok) throw new Error(`test-check failed: ${JSON.stringify(r)}`);
  return r.result;
}

/** Pids of the processes whose command line holds `needle` (a unique profile path). */
export function pidsWith(needle) {
  const out = execFileSync('ps', ['-eo', 'pid=,args='], { encoding: 'utf8' });
  return out.split('\n').filter((l) => l.includes(needle)).map((l) => Number(l.trim().split(/\s+/)[0])).filter((p) => p !== process.pid);
}

/** Kills (SIGKILL) the processes started with the unique profile path `profile`. */
export function killBrowser(profile) {
  const pids = pidsWith(profile);
  for (const pid of pids) {
    try {
      process.kill(pid, 'SIGKILL');
    } catch {
      // Gone already.
    }
  }
  return pids.length;
}

/**
 * Chromium with the test build, like tests/browser/chromium.mjs launch(), with more command-line
 * arguments (`--host-resolver-rules=MAP *.test 127.0.0.1` for many sites on the demo server).
 */
export async function launchChromium(extraArgs = []) {
  const { chromium } = await import('playwright-core');
  const fs = await import('node:fs');
  const os = await import('node:os');
  const path = await import('node:path');
  const { extensionDir, CHROMIUM, serviceWorker } = await import('../browser/chromium.mjs');
  const dir = extensionDir();
  const profile = fs.mkdtempSync(path.join(os.tmpdir(), 'sincelast-stressb-'));
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: CHROMIUM,
    headless: false,
    args: [
      `--disable-extensions-except=${dir}`, `--load-extension=${dir}`, '--no-sandbox', '--disable-gpu', '--no-first-run',
      '--disable-background-networking', '--disable-component-update', '--disable-sync', '--headless=new', ...extraArgs,
    ],
    viewport: { width: 1000, height: 700 },
  });
  const worker = await serviceWorker(context);
  return {
    context,
    worker,
    extensionId: new URL(worker.url()).host,
    userDataDir: profile,
    async close() {
      await context.close().catch(() => {});
      fs.rmSync(profile, { recursive: true, force: true });
    },
  };
}

/** A 'visit' message as a content script sends it (wire form), of `n` blocks of `chars` characters. */
export function visitMessageOf(n, chars, seed = 0) {
  const texts = [];
  const paths = [];
  const links = [];
  for (let i = 0; i < n; i++) {
    const word = `w${seed}x${i} `;
    texts.push(word.repeat(Math.ceil(chars / word.length)).slice(0, chars));
    paths.push(`0|/html[0]/body[0]/p[${i}]`);
    links.push([]);
  }
  return { type: 'visit', title: `flood ${seed}`, truncated: false, hasPassword: false, texts, paths, links };
}

/** Per URL: `{ stored: visits stored, counted: the page record's count }`, read in an extension page. */
export function visitCounts(page) {
  return page.evaluate(() => new Promise((resolve, reject) => {
    const r = indexedDB.open('sincelast');
    r.onsuccess = () => {
      const tx = r.result.transaction(['visits', 'pages']);
      const out = {};
      const v = tx.objectStore('visits').getAll();
      const p = tx.objectStore('pages').getAll();
      tx.oncomplete = () => {
        for (const x of v.result) (out[x.url] ||= { stored: 0, counted: 0 }).stored++;
        for (const x of p.result) (out[x.url] ||= { stored: 0, counted: 0 }).counted = x.visits;
        r.result.close();
        resolve(out);
      };
      tx.onerror = () => reject(tx.error);
    };
    r.onerror = () => reject(r.error);
  }));
}
