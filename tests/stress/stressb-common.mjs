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
