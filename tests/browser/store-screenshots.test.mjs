// store: the demo run (scripts/run → scripts/run-demo.mjs, headless) writes the store
// screenshots: 1280×800 PNGs of the highlighted revisit, the popup over it, and the settings page.
// Each is checked for its size and for what it shows (pixels read back in Chromium: the revisit
// has the highlight colour of new text; none is a blank page). Build first.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { execFileSync } from 'node:child_process';
import { chromium } from 'playwright-core';
import { ROOT, CHROMIUM } from './chromium.mjs';

const DIR = path.join(ROOT, 'dist', 'store');
const SHOTS = ['1-revisit-1280x800.png', '2-popup-1280x800.png', '3-settings-1280x800.png'];

test('the demo run writes the store screenshots, 1280×800, showing the highlighted revisit', async () => {
  fs.rmSync(DIR, { recursive: true, force: true });
  const env = { ...process.env };
  delete env.DISPLAY;
  const out = execFileSync(process.execPath, [path.join(ROOT, 'scripts/run-demo.mjs'), '--headless'], { cwd: ROOT, env, encoding: 'utf8', stdio: ['ignore', 'pipe', 'inherit'] });
  for (const f of SHOTS) assert.ok(out.includes(`store screenshot: dist/store/${f}`), out);
  assert.deepEqual(fs.readdirSync(DIR).sort(), SHOTS);
  const browser = await chromium.launch({ executablePath: CHROMIUM, args: ['--no-sandbox', '--disable-gpu'] });
  try {
    const page = await browser.newPage();
    const stats = {};
    for (const f of SHOTS) {
      const png = fs.readFileSync(path.join(DIR, f));
      assert.equal(png.toString('latin1', 1, 4), 'PNG', f);
      assert.deepEqual([png.readUInt32BE(16), png.readUInt32BE(20)], [1280, 800], `${f}: 1280×800`);
      stats[f] = await page.evaluate(async (src) => {
        const img = new Image();
        img.src = src;
        await img.decode();
        const c = document.createElement('canvas');
        c.width = img.width;
        c.height = img.height;
        const g = c.getContext('2d');
        g.drawImage(img, 0, 0);
        const d = g.getImageData(0, 0, c.width, c.height).data;
        const colours = new Set();
        let yellow = 0;
        for (let i = 0; i < d.length; i += 4) {
          colours.add((d[i] << 16) | (d[i + 1] << 8) | d[i + 2]);
          if (d[i] > 220 && d[i + 1] > 200 && d[i + 2] < 190 && d[i] - d[i + 2] > 60) yellow++;
        }
        return { colours: colours.size, yellow };
      }, `data:image/png;base64,${png.toString('base64')}`);
    }
    for (const f of SHOTS) assert.ok(stats[f].colours > 50, `${f}: not a blank page (${stats[f].colours} colours)`);
    assert.ok(stats[SHOTS[0]].yellow > 2000, `the revisit shows new text highlighted (${stats[SHOTS[0]].yellow} highlight pixels)`);
    console.log(`figure: store screenshots: ${SHOTS.map((f) => `${f} ${stats[f].colours} colours`).join(', ')}`);
  } finally {
    await browser.close();
  }
});
