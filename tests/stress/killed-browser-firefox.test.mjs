// Browser killed, Firefox (issue 13; the Chromium twin is the second test of
// killed-worker-chromium.test.mjs): the whole Firefox process tree killed (SIGKILL: the parent
// and every child, the extension's and the content processes) while a visit's transaction is
// held open (test builds' holdWriteMs), then the same profile opened again through geckodriver
// (`-profile <dir>` in the browser's arguments: geckodriver then uses the profile in place
// instead of a copy) with the extension installed in the profile for good (unsigned, allowed by
// xpinstall.signatures.required = false on ESR: a temporary add-on would be gone after the
// kill). After each reopening the database passes the consistency check of
// extension/background/consistency.js (through the test build's 'test-check') and the next
// visit works and is stored.
// Quick: 2 kills; STRESS=full: 10.
// Build first: node scripts/build-extension.mjs

import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { startSite } from '../site/server.mjs';
import { DIR, startFirefox } from '../browser/firefox.mjs';
import { StressFirefox } from '../browser/stressb-firefox.mjs';
import { FULL, rng, figure, sleep } from './stressb-common.mjs';

const KILLS = FULL ? 10 : 2;
const random = rng(17);

/** Firefox on the profile `profile` in place; the extension installed into it when `install`. */
async function openProfile(profile, install) {
  const driver = await startFirefox({
    args: ['-profile', profile],
    prefs: {
      'xpinstall.signatures.required': false,
      // After a kill: no safe-mode question, no restored tabs (each a visit of its own).
      'toolkit.startup.max_resumed_crashes': -1,
      'browser.sessionstore.resume_from_crash': false,
    },
  });
  if (install) await driver.installAddon(DIR, false);
  return new StressFirefox(driver);
}

/** Pids of the Firefox started on `profile` and of all its descendants. */
function firefoxTree(profile) {
  const rows = execFileSync('ps', ['-eo', 'pid=,ppid=,args='], { encoding: 'utf8' }).split('\n').filter(Boolean)
    .map((l) => { const m = /^\s*(\d+)\s+(\d+)\s+(.*)$/.exec(l); return m ? { pid: Number(m[1]), ppid: Number(m[2]), args: m[3] } : null; })
    .filter(Boolean);
  const roots = rows.filter((r) => r.args.includes(profile) && !/geckodriver/.test(r.args) && r.pid !== process.pid).map((r) => r.pid);
  const tree = new Set(roots);
  for (let grew = true; grew;) {
    grew = false;
    for (const r of rows) if (tree.has(r.ppid) && !tree.has(r.pid)) { tree.add(r.pid); grew = true; }
  }
  return [...tree];
}

/** Writes `items` to storage.local as a content script can (test hook) and waits for it. */
async function store(ff, items) {
  await ff.driver.executeScript("document.documentElement.removeAttribute('data-sincelast-test-stored'); document.dispatchEvent(new CustomEvent('sincelast-test:store', { detail: arguments[0] }))", JSON.stringify(items));
  await ff.waitFor("return /^ok:/.test(document.documentElement.getAttribute('data-sincelast-test-stored') || '')", 'storage written');
}

let site;
before(async () => {
  site = await startSite(0);
});
after(async () => {
  await site?.close();
});

test(`Firefox killed ${KILLS} times in the middle of a write: the profile opens consistent, the next visit works`, async () => {
  const profile = fs.mkdtempSync(path.join(os.tmpdir(), 'sincelast-ffkill-'));
  let ok = 0;
  let torn = 0;
  let killed = 0;
  let stored = 0;
  let lost = 0;
  let beforeKill = 0;
  const problems = [];
  const url = site.url('ffkill', 'many');
  const probeUrl = site.url('ffkill-probe', 'static');
  let ff = null;
  try {
    for (let i = 0; i <= KILLS; i++) {
      ff = await openProfile(profile, i === 0);
      // The reopened profile: a page of the site (the content script is the way in), then the
      // consistency check of everything stored before the kill.
      assert.ok(await ff.load(probeUrl, 30000), `the extension works after ${i} kills`);
      await store(ff, { testHooks: {} });
      const start = await ff.check();
      if (start.problems.length) {
        torn++;
        problems.push(...start.problems.slice(0, 5));
      }
      if (i > 0) {
        stored += start.counts.visits;
        // Every visit stored before the killed one is still there.
        if (start.counts.visits < beforeKill) {
          lost += beforeKill - start.counts.visits;
          problems.push(`after kill ${i}: ${start.counts.visits} visits stored, ${beforeKill} before`);
        }
      }
      if (i === KILLS) break;
      const st = await ff.load(url, 30000);
      if (['first', 'changed', 'unchanged'].includes(st)) ok++;
      else problems.push(`after kill ${i}: visit gave ${st}`);
      await sleep(200); // the visit's write lands (the count below is checked, not assumed)
      beforeKill = (await ff.check()).counts.visits;
      // The next visit's transaction held open 1–2 s; Firefox killed inside it.
      await store(ff, { testHooks: { holdWriteMs: 1000 + Math.floor(random() * 1000) } });
      await site.advance('ffkill');
      const verdict = await ff.load(url, 30000);
      assert.equal(verdict, 'changed');
      await sleep(Math.floor(random() * 800));
      const pids = firefoxTree(profile);
      assert.ok(pids.length > 1, `the Firefox process tree was found (${pids.length})`);
      for (const pid of pids) {
        try {
          process.kill(pid, 'SIGKILL');
        } catch {
          // Gone already.
        }
      }
      killed++;
      await ff.quit().catch(() => {}); // the session is gone; this stops geckodriver
      ff = null;
      for (let t = 0; t < 100 && firefoxTree(profile).length; t++) await sleep(100);
      assert.deepEqual(firefoxTree(profile), [], 'every Firefox process is gone');
    }
    figure('browser killed mid-write (Firefox): kills of the whole process tree', killed, FULL ? 10 : 2);
    figure('browser killed mid-write (Firefox): reopened profiles with torn or orphan records', torn, 0);
    figure('browser killed mid-write (Firefox): next visit stored after reopening', `${ok}/${KILLS}`, `${KILLS}/${KILLS}`);
    figure('browser killed mid-write (Firefox): visits stored before a kill and missing after reopening', lost, 0);
    assert.deepEqual(problems, []);
    assert.equal(torn, 0);
    assert.equal(ok, KILLS);
    assert.equal(killed, KILLS);
    assert.equal(lost, 0);
    assert.ok(stored > 0, 'what was stored before a kill is there after reopening');
  } finally {
    await ff?.quit().catch(() => {});
    fs.rmSync(profile, { recursive: true, force: true });
  }
});
