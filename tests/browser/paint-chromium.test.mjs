// Painting in real Chromium: page scripts cannot read the diff; accessibility (focus, live
// announcement, previous change, tab order, forced colours, axe-core); highlight colours.
// Build first: node scripts/build-extension.mjs

import { test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { createRequire } from 'node:module';
import { useChromium, revisit, visit, painted, inExtension, ROOT } from './chromium.mjs';
import { assertSameSnapshot, DRAWN_OVER } from './paint-privacy.mjs';

const require = createRequire(import.meta.url);

let site;
let ext;
useChromium((s, e) => {
  site = s;
  ext = e;
});

const spy = (page) => page.evaluate(() => window.__spy());

test('a page script cannot tell new blocks from old: the painted revisit reads the same as a first visit', async () => {
  // Story "seen": visited, then changed (version 1), revisited: painted.
  const url = site.url('spy-seen', 'spy');
  const { page } = await visit(ext, url);
  await site.advance('spy-seen');
  assert.equal(await revisit(page), 'changed');
  const shown = await painted(page);
  // It is painted (what the person sees), and the overlay draws it.
  assert.deepEqual([...new Set(shown.blocks.new)], ['a-storm']);
  assert.deepEqual(shown.blocks.changed, ['editorial-text']);
  assert.ok(shown.marks.includes('Wednesday'), shown.marks.join('|'));
  assert.equal(shown.style, true);
  const seen = await spy(page);

  // Story "fresh": the same content (version 1) visited for the first time: nothing painted.
  await site.advance('spy-fresh');
  const fresh = await visit(ext, site.url('spy-fresh', 'spy'));
  assert.equal(fresh.state, 'first');
  assert.equal((await painted(fresh.page)).ui, 0);
  const first = await spy(fresh.page);

  // The page reads exactly the same: elements, attributes, computed styles, geometry, text
  // nodes, every mutation since the page began, CSS.highlights, style sheets, animations,
  // find-in-page, innerText, select-all (occlusion and hit tests: see DRAWN_OVER, and the test below).
  assertSameSnapshot(seen, first, DRAWN_OVER);
  // And our one element is there in both, the same.
  assert.equal(seen.elements.filter((e) => e[1] === 'sincelast-ui').length, 1);
  assert.ok(Array.isArray(seen.highlights) ? seen.highlights.length === 0 : seen.highlights === 'none');

  // The same after the person shows removed text (drawn in the overlay, not in the page).
  await page.evaluate(() => document.dispatchEvent(new CustomEvent('sincelast-test:press', { detail: 'removed' })));
  const withRemoved = await painted(page);
  assert.ok(withRemoved.removed >= 1);
  const seen2 = await spy(page);
  assert.deepEqual(seen2.elements, first.elements);
  assert.deepEqual(seen2.texts, first.texts);
  await page.close();
  await fresh.page.close();
});

/** A page with the test build's overlay root opened (test builds only) so the test can look in. */
async function openPage() {
  const page = await ext.context.newPage();
  await page.addInitScript(() => {
    document.addEventListener('DOMContentLoaded', () => document.documentElement.setAttribute('data-sincelast-test-open-shadow', ''));
  });
  return page;
}

/** The overlay's (opened) shadow root, evaluated in the page. */
const inOverlay = (page, fn, arg) => page.evaluate(([src, a]) => {
  const root = document.querySelector('sincelast-ui').shadowRoot;
  return new Function('root', 'arg', `return (${src})(root, arg)`)(root, a);
}, [fn.toString(), arg]);

test('accessibility: announced, moving to a change focuses a note that reads it, previous change, bar first in tab order', async () => {
  const url = site.url('a11y', 'news');
  const page = await openPage();
  const { tabId } = await visit(ext, url, page);
  await site.advance('a11y');
  assert.equal(await revisit(page), 'changed');
  const shown = await painted(page);
  const contentCount = shown.count;
  // The polite announcement.
  await page.waitForFunction(() => /changes since your last visit/.test(document.querySelector('sincelast-ui').shadowRoot.querySelector('[aria-live]').dataset.t));
  const live = await inOverlay(page, (root) => {
    const l = root.querySelector('[aria-live]');
    return { text: l.dataset.t, role: l.getAttribute('role'), polite: l.getAttribute('aria-live') };
  });
  assert.deepEqual(live, { text: `${contentCount} changes since your last visit`, role: 'status', polite: 'polite' });
  // What a screen reader gets (the text is CSS generated content, so that find-in-page cannot
  // see it): the accessibility tree holds it inside the status region, and the bar's counts.
  const cdp = await ext.context.newCDPSession(page);
  const { nodes } = await cdp.send('Accessibility.getFullAXTree');
  await cdp.detach();
  const names = nodes.map((n) => n.name && n.name.value).filter(Boolean);
  assert.ok(names.includes(`${contentCount} changes since your last visit`), names.filter((n) => /change/.test(n)).join(' | '));
  assert.ok(names.includes('Show removed'), 'the bar\'s buttons are named');
  const status = nodes.find((n) => n.role && n.role.value === 'status');
  assert.ok(status, 'a status region');
  // The bar is on screen, at the bottom right, and takes clicks.
  const bar = await inOverlay(page, (root) => {
    const r = root.querySelector('.bar').getBoundingClientRect();
    const html = document.documentElement;
    return { left: r.left, top: r.top, right: html.clientWidth - r.right, bottom: html.clientHeight - r.bottom, w: r.width, pe: getComputedStyle(root.querySelector('.bar')).pointerEvents };
  });
  assert.ok(bar.w > 100 && bar.left > 0 && bar.top > 0, JSON.stringify(bar));
  assert.ok(bar.right >= 0 && bar.right <= 40 && bar.bottom >= 0 && bar.bottom <= 40, JSON.stringify(bar));
  assert.equal(bar.pe, 'auto');

  // Tab order: from the top of the page, the first Tab reaches the bar.
  await page.keyboard.press('Tab');
  const first = await inOverlay(page, (root) => root.activeElement && [root.activeElement.localName, root.activeElement.getAttribute('aria-label')]);
  assert.equal(first[0], 'button');
  assert.equal(first[1], 'Previous change');
  await page.keyboard.press('Escape');

  // Next change (the keyboard command's message): the focus moves to a note over the change.
  await inExtension(ext, (id) => chrome.tabs.sendMessage(id, { type: 'next-change' }), tabId);
  await page.waitForFunction(() => document.documentElement.hasAttribute('data-sincelast-test-focused'));
  const focused = await inOverlay(page, (root) => {
    const a = root.activeElement;
    return a && { cls: a.className, role: a.getAttribute('role'), text: a.textContent };
  });
  assert.equal(await page.evaluate(() => document.activeElement.localName), 'sincelast-ui');
  assert.equal(focused.role, 'note');
  assert.match(focused.text, /since your last visit: /);
  // Walk to the changed paragraph: its note reads the inserted words as inserted.
  let text = focused.text;
  for (let i = 0; i < 10 && !/^Changed/.test(text); i++) {
    await inExtension(ext, (id) => chrome.tabs.sendMessage(id, { type: 'next-change' }), tabId);
    text = await inOverlay(page, (root) => root.activeElement && root.activeElement.textContent);
  }
  assert.match(text, /^Changed since your last visit: .*Inserted: .*Wednesday/);

  // Previous change: the command is declared, and its message walks back.
  const manifest = JSON.parse(fs.readFileSync(path.join(ROOT, 'dist/chrome-test/manifest.json'), 'utf8'));
  assert.ok(manifest.commands['previous-change'], 'previous-change command declared');
  const at = () => page.evaluate(() => Number(document.documentElement.getAttribute('data-sincelast-test-focused').split(':')[0]));
  const before = await at();
  await inExtension(ext, (id) => chrome.tabs.sendMessage(id, { type: 'previous-change' }), tabId);
  await page.waitForFunction((b) => Number(document.documentElement.getAttribute('data-sincelast-test-focused').split(':')[0]) !== b, before);
  assert.ok((await at()) < before, 'moved back');

  await page.close();
});

// A change inside closed text (issue 11: a collapsed panel is read, like a closed <details>):
// moving to it opens what hides it, the accordion by the page's own button. Without the
// reveal, the changed answers stay closed and the note points at nothing a person can see.
test('moving to a change in a closed accordion panel or <details> opens it', async () => {
  const url = site.url('faq', 'faq');
  const page = await openPage();
  const { tabId } = await visit(ext, url, page);
  await site.advance('faq');
  assert.equal(await revisit(page), 'changed');
  const shown = await painted(page);
  assert.ok(shown.count >= 2, `both closed answers changed: ${JSON.stringify(shown)}`);
  const closed = () => page.evaluate(() => ({
    button: document.getElementById('q-fee').getAttribute('aria-expanded'),
    panel: document.getElementById('a-fee').getAttribute('aria-hidden'),
    details: document.querySelector('details').open,
  }));
  assert.deepEqual(await closed(), { button: 'false', panel: 'true', details: false });
  const notes = [];
  for (let i = 0; i < 6 && notes.length < shown.count; i++) {
    await inExtension(ext, (id) => chrome.tabs.sendMessage(id, { type: 'next-change' }), tabId);
    await page.waitForFunction(() => document.documentElement.hasAttribute('data-sincelast-test-focused'));
    notes.push(await inOverlay(page, (root) => root.activeElement && root.activeElement.textContent));
  }
  assert.ok(notes.some((t) => /fifteen euros/.test(t)), notes.join(' | '));
  assert.ok(notes.some((t) => /cats need a basket/.test(t)), notes.join(' | '));
  assert.deepEqual(await closed(), { button: 'true', panel: 'false', details: true });
  // The opened answers are on screen.
  const box = await page.evaluate(() => document.querySelector('#a-fee p').getBoundingClientRect().height);
  assert.ok(box > 0, `the panel's answer has a height: ${box}`);
  await page.close();
});

test('forced colours: the drawing switches to outlines and system colours', async () => {
  const url = site.url('forced', 'news');
  const page = await openPage();
  await visit(ext, url, page);
  await site.advance('forced');
  assert.equal(await revisit(page), 'changed');
  // Tall enough for the new article and the edited paragraph to be drawn at once.
  await page.setViewportSize({ width: 1100, height: 2400 });
  await painted(page);
  const look = () => inOverlay(page, (root) => {
    const s = (sel) => {
      const el = root.querySelector(sel);
      if (!el) return null;
      const cs = getComputedStyle(el);
      return { bg: cs.backgroundColor, outline: cs.outlineStyle };
    };
    return { newBlock: s('.blk.new'), word: s('.word'), edge: s('.bar-edge') };
  });
  const normal = await look();
  assert.equal(normal.word.outline, 'none');
  assert.notEqual(normal.word.bg, 'rgba(0, 0, 0, 0)');
  await page.emulateMedia({ forcedColors: 'active' });
  const forced = await look();
  // Backgrounds are dropped in forced colours: outlines in system colours carry the highlight.
  assert.equal(forced.word.outline, 'solid');
  assert.equal(forced.word.bg, 'rgba(0, 0, 0, 0)');
  assert.equal(forced.newBlock.outline, 'solid');
  assert.notEqual(forced.edge.bg, 'rgba(0, 0, 0, 0)');
  await page.emulateMedia({ forcedColors: 'none' });
  await page.close();
});

/** Runs axe-core in `page` (inside `root` selector when given); returns the violations. */
async function axe(page, context = null) {
  const source = fs.readFileSync(require.resolve('axe-core/axe.min.js'), 'utf8');
  await page.evaluate(source);
  return page.evaluate(async (ctx) => {
    const r = await window.axe.run(ctx || document);
    return {
      violations: r.violations.map((v) => ({ id: v.id, impact: v.impact, nodes: v.nodes.length, help: v.help })),
      // What axe checked and found fine (to know it saw the overlay's inside).
      passed: Object.fromEntries(r.passes.map((p) => [p.id, p.nodes.length])),
    };
  }, context).then(({ violations, passed }) => Object.assign(violations, { passed }));
}

test('axe-core: no serious or critical violations on a painted page (overlay included), the popup, the settings page', async () => {
  const figures = {};
  const url = site.url('axe', 'news');
  const page = await openPage();
  const { tabId } = await visit(ext, url, page);
  await site.advance('axe');
  assert.equal(await revisit(page), 'changed');
  await painted(page);
  await page.evaluate(() => document.dispatchEvent(new CustomEvent('sincelast-test:press', { detail: 'removed' })));
  await inExtension(ext, (id) => chrome.tabs.sendMessage(id, { type: 'next-change' }), tabId);
  await painted(page);
  // The overlay (its root opened for the test) with the page: axe walks open shadow roots.
  figures.painted = await axe(page);
  // The overlay alone, so that the page's own markup cannot hide a finding.
  figures.overlay = await axe(page, { include: [['sincelast-ui']] });
  // axe looked inside: the bar's buttons have names, the live region and the focused note have valid roles.
  assert.ok(figures.overlay.passed['button-name'] >= 4, JSON.stringify(figures.overlay.passed));
  assert.ok(figures.overlay.passed['aria-roles'] >= 2, JSON.stringify(figures.overlay.passed));
  const popup = await ext.context.newPage();
  await popup.goto(`chrome-extension://${ext.extensionId}/popup/popup.html?tabId=${tabId}`);
  await popup.waitForFunction(() => document.getElementById('main').dataset.status === 'changed');
  figures.popup = await axe(popup);
  const options = await ext.context.newPage();
  await options.goto(`chrome-extension://${ext.extensionId}/options/options.html`);
  await options.waitForFunction(() => !/…/.test(document.getElementById('stats').textContent));
  figures.options = await axe(options);
  const summary = Object.fromEntries(Object.entries(figures).map(([k, v]) => [k, {
    critical: v.filter((x) => x.impact === 'critical').length,
    serious: v.filter((x) => x.impact === 'serious').length,
    moderate: v.filter((x) => x.impact === 'moderate').length,
    minor: v.filter((x) => x.impact === 'minor').length,
    rules: v.map((x) => `${x.id}:${x.impact}`).join(' '),
    checked: Object.values(v.passed).reduce((a, b) => a + b, 0),
  }]));
  console.log(`axe-core violations (rules) per page: ${JSON.stringify(summary)}`);
  for (const [k, v] of Object.entries(figures)) {
    const bad = v.filter((x) => x.impact === 'serious' || x.impact === 'critical');
    assert.deepEqual(bad, [], `${k}: ${JSON.stringify(bad)}`);
  }
  // The settings page and the popup: not even a moderate finding (content outside landmarks).
  assert.deepEqual(figures.options.map((x) => `${x.id}:${x.impact}`), []);
  assert.deepEqual(figures.popup.map((x) => `${x.id}:${x.impact}`), []);
  await Promise.all([page.close(), popup.close(), options.close()]);
});

test('colours: a preset chosen in settings repaints an open page at once; the settings show each colour readable on light and dark', async () => {
  const { PRESETS, derive, parseHex } = await import('../../extension/shared/colors.js');
  const rgb = (hex) => `rgb(${parseHex(hex).join(', ')})`;
  const url = site.url('colors', 'news');
  const page = await openPage();
  await visit(ext, url, page);
  await site.advance('colors');
  assert.equal(await revisit(page), 'changed');
  await painted(page);
  const edge = () => inOverlay(page, (root) => {
    const el = root.querySelector('.bar-edge.s-new');
    return el && getComputedStyle(el).backgroundColor;
  });
  assert.equal(await edge(), rgb(derive(PRESETS.warm.colors.new, false).mark));

  const options = await ext.context.newPage();
  await options.goto(`chrome-extension://${ext.extensionId}/options/options.html`);
  await options.waitForFunction(() => document.body.dataset.colorsReady === 'true');
  await options.getByLabel('Colour-blind safe (Okabe–Ito)').check();
  await options.waitForFunction(() => /saved/.test(document.getElementById('status').textContent));
  // Every sample on the settings page: bar ≥ 3:1, text under the tint ≥ 4.5:1.
  const samples = await options.evaluate(() => [...document.querySelectorAll('.color-sample')].map((s) => [Number(s.dataset.bar), Number(s.dataset.text)]));
  assert.equal(samples.length, 8);
  for (const [bar, text] of samples) assert.ok(bar >= 3 && text >= 4.5, JSON.stringify(samples));
  const want = rgb(derive(PRESETS.safe.colors.new, false).mark);
  await page.waitForFunction(() => JSON.parse(document.documentElement.getAttribute('data-sincelast-test-colors') || '{}').preset === 'safe');
  await painted(page);
  assert.equal(await edge(), want);

  // Own colours: the pickers are enabled and a picked colour is drawn (made readable).
  await options.getByLabel('My own colours').check();
  await options.locator('#color-new').fill('#ff00ff');
  await options.locator('#color-new').dispatchEvent('change');
  await page.waitForFunction(() => JSON.parse(document.documentElement.getAttribute('data-sincelast-test-colors') || '{}').palette?.new === '#ff00ff');
  await painted(page);
  assert.equal(await edge(), rgb(derive('#ff00ff', false).mark));
  // Back to the default for the other tests.
  await options.getByLabel('Warm (yellow and blue)').check();
  await Promise.all([page.close(), options.close()]);
});

test('the drawing follows the page: scrolling, the page moving a block, a block scrolled out of its own box', async () => {
  const url = site.url('follow', 'news');
  const page = await openPage();
  await visit(ext, url, page);
  await site.advance('follow');
  assert.equal(await revisit(page), 'changed');
  await painted(page);
  // Where the changed paragraph's bar is drawn vs where the paragraph is.
  const offset = () => page.evaluate(() => {
    const el = document.getElementById('editorial-text').getBoundingClientRect();
    const edge = [...document.querySelector('sincelast-ui').shadowRoot.querySelectorAll('.bar-edge.s-changed')][0];
    if (!edge) return null;
    const r = edge.getBoundingClientRect();
    return [Math.round(r.top - el.top) + 0, Math.round(el.left - r.right) + 0];
  });
  const frames = () => page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
  await page.evaluate(() => document.getElementById('editorial-text').scrollIntoView({ block: 'center' }));
  await frames();
  assert.deepEqual(await offset(), [0, 2]);
  await page.mouse.wheel(0, -120);
  await page.waitForFunction(() => scrollY > 0);
  await frames();
  assert.deepEqual(await offset(), [0, 2], 'after scrolling');
  // The page inserts 200 px above it.
  await page.evaluate(() => {
    const d = document.createElement('div');
    d.style.height = '200px';
    document.getElementById('editorial').before(d);
  });
  await frames();
  assert.deepEqual(await offset(), [0, 2], 'after the page moved it');

  // The new article moved by the page into a 100 px scrolling box, below a 300 px spacer:
  // scrolled out of its box, it is not drawn over what is around it; scrolled in, it is, within the box.
  await page.evaluate(() => {
    window.scrollTo(0, 0);
    const box = document.createElement('div');
    box.id = 'scroller';
    box.style.cssText = 'height: 100px; overflow: auto';
    const spacer = document.createElement('div');
    spacer.style.height = '300px';
    const storm = document.getElementById('a-storm');
    storm.before(box);
    box.append(spacer, storm);
  });
  await frames();
  const newBoxes = () => page.evaluate(() => {
    const s = document.getElementById('scroller').getBoundingClientRect();
    return [...document.querySelector('sincelast-ui').shadowRoot.querySelectorAll('.blk.s-new')].map((b) => {
      const r = b.getBoundingClientRect();
      return { inside: r.top >= s.top - 1 && r.bottom <= s.bottom + 1, h: Math.round(r.height) };
    });
  });
  assert.deepEqual(await newBoxes(), []);
  await page.evaluate(() => { document.getElementById('scroller').scrollTop = 260; });
  await frames();
  const shown = await newBoxes();
  assert.ok(shown.length >= 1 && shown.every((b) => b.inside), JSON.stringify(shown));
  await page.close();
});

test('"only when I ask": nothing a page script can read differs, occlusion and hit tests included, until the person asks', async () => {
  const options = await ext.context.newPage();
  await options.goto(`chrome-extension://${ext.extensionId}/options/options.html`);
  await options.waitForFunction(() => document.body.dataset.colorsReady === 'true');
  await options.getByLabel(/Only when I ask/).check();
  await options.waitForFunction(() => /when you ask/.test(document.getElementById('status').textContent));
  try {
    const url = site.url('asked-seen', 'spy');
    const { page, tabId } = await visit(ext, url);
    await site.advance('asked-seen');
    assert.equal(await revisit(page), 'changed');
    assert.equal((await painted(page)).ui, 0, 'not painted before asked');
    await new Promise((r) => setTimeout(r, 300)); // the occlusion observer's delay
    const seen = await spy(page);
    await site.advance('asked-fresh');
    const fresh = await visit(ext, site.url('asked-fresh', 'spy'));
    assert.equal(fresh.state, 'first');
    await new Promise((r) => setTimeout(r, 300));
    const first = await spy(fresh.page);
    assertSameSnapshot(seen, first);
    assert.match(seen.visible, /"a-storm",true/, 'the occlusion observer works here');
    // Asked (the next-change shortcut's message): painted.
    await inExtension(ext, (id) => chrome.tabs.sendMessage(id, { type: 'next-change' }), tabId);
    const shown = await painted(page);
    assert.equal(shown.ui, 1);
    assert.deepEqual([...new Set(shown.blocks.new)], ['a-storm']);
    await Promise.all([page.close(), fresh.page.close()]);
  } finally {
    await options.getByLabel(/As soon as a page is read/).check();
    await options.close();
  }
});
