// Accessibility of the painting in real Firefox, in forced-colours mode (Firefox's "never use
// the page's colours", browser.display.document_color_use = 2, which makes
// `@media (forced-colors: active)` match): the drawing switches to outlines in system colours,
// the count is announced politely, moving to a change focuses a note reading it, and axe-core
// finds no serious or critical violation on the painted page. The spy page's ?openshadow asks
// the test build to open the overlay's root so that the test can look inside.
// Build first: node scripts/build-extension.mjs

import { test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import { createRequire } from 'node:module';

process.env.SINCELAST_FIREFOX_PREFS = JSON.stringify({ 'browser.display.document_color_use': 2 });
const { useFirefox } = await import('./firefox.mjs');
const { PAINTED } = await import('./chromium.mjs');

const require = createRequire(import.meta.url);
const ff = useFirefox();
const painted = () => ff.driver.executeScript(`return (${PAINTED})()`);
const inOverlay = (body) => ff.driver.executeScript(`const root = document.querySelector('sincelast-ui').shadowRoot; ${body}`);

test('Firefox, forced colours: outlines in system colours, announced, focus moves to a note, axe finds nothing serious', async () => {
  const url = `${ff.site.url('ffa11y', 'spy')}?openshadow`;
  assert.equal(await ff.load(url), 'first');
  await ff.site.advance('ffa11y');
  assert.equal(await ff.load(url), 'changed');
  assert.equal(await ff.driver.executeScript("return matchMedia('(forced-colors: active)').matches"), true);
  await ff.driver.manage().window().setRect({ width: 1100, height: 2400 });
  const shown = await painted();
  assert.ok(shown.style);
  const look = await inOverlay(`
    const s = (sel) => { const el = root.querySelector(sel); if (!el) return null; const cs = getComputedStyle(el);
      return { bg: cs.backgroundColor, outline: cs.outlineStyle }; };
    return { newBlock: s('.blk.new'), word: s('.word'), edge: s('.bar-edge') };`);
  assert.equal(look.word.outline, 'solid', JSON.stringify(look));
  assert.equal(look.word.bg, 'rgba(0, 0, 0, 0)');
  assert.equal(look.newBlock.outline, 'solid');
  assert.notEqual(look.edge.bg, 'rgba(0, 0, 0, 0)');

  await ff.waitFor("return /changes since your last visit/.test(document.querySelector('sincelast-ui').shadowRoot.querySelector('[aria-live=polite]').dataset.t)", 'announcement');
  const live = await inOverlay("const l = root.querySelector('[aria-live]'); return [l.getAttribute('role'), l.dataset.t];");
  assert.deepEqual(live, ['status', `${shown.count} changes since your last visit`]);

  // The bar is on screen at the bottom right.
  const bar = await inOverlay(`const r = root.querySelector('.bar').getBoundingClientRect(); const h = document.documentElement;
    return [r.width, h.clientWidth - r.right, h.clientHeight - r.bottom];`);
  assert.ok(bar[0] > 100 && bar[1] >= 0 && bar[1] <= 40 && bar[2] >= 0 && bar[2] <= 40, JSON.stringify(bar));

  await ff.press('next');
  const note = await inOverlay('const a = root.activeElement; return a && [a.getAttribute("role"), a.textContent];');
  assert.equal(note[0], 'note');
  assert.match(note[1], /since your last visit: /);
  assert.equal(await ff.driver.executeScript('return document.activeElement.localName'), 'sincelast-ui');

  const source = fs.readFileSync(require.resolve('axe-core/axe.min.js'), 'utf8');
  await ff.driver.executeScript(source);
  const result = await ff.driver.executeScript(`return (async () => {
    const r = await window.axe.run(document);
    const o = await window.axe.run({ include: [['sincelast-ui']] });
    const pick = (x) => x.violations.map((v) => v.id + ':' + v.impact);
    return { page: pick(r), overlay: pick(o), buttons: (o.passes.find((p) => p.id === 'button-name') || { nodes: [] }).nodes.length };
  })()`);
  console.log(`axe-core (Firefox, forced colours): ${JSON.stringify(result)}`);
  assert.ok(result.buttons >= 4, 'axe saw the bar');
  for (const v of [...result.page, ...result.overlay]) assert.doesNotMatch(v, /:(serious|critical)$/);
});
