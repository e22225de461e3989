// Highlight colours (extension/shared/colors.js): the WCAG 2.x contrast formula on hand-checked
// values, and every preset — and colours a person could pick that are hard to keep readable —
// drawn readable on light and on dark pages. Plain node, no browser.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import {
  PRESETS, STATUS_KEYS, DARK_PAGE, DARK_TEXT, LIGHT_PAGE, LIGHT_TEXT, checkColors, composite, contrast, derive, luminance, parseHex, paletteOf,
} from '../../extension/shared/colors.js';

const close = (a, b, eps = 0.01) => assert.ok(Math.abs(a - b) <= eps, `${a} ≉ ${b}`);

test('WCAG contrast formula on hand-checked values', () => {
  close(contrast('#000000', '#ffffff'), 21);
  close(contrast('#ffffff', '#ffffff'), 1);
  // #767676 is the lightest grey with 4.5:1 on white; #777777 just misses it.
  close(contrast('#767676', '#ffffff'), 4.54);
  close(contrast('#777777', '#ffffff'), 4.48);
  // Luminance of mid grey: ((128/255 + 0.055) / 1.055) ^ 2.4.
  close(luminance([128, 128, 128]), 0.2159, 0.0001);
  // Pure red on white: (1.05) / (0.2126 + 0.05).
  close(contrast('#ff0000', '#ffffff'), 3.998);
  assert.deepEqual(parseHex('#abc'), [0xaa, 0xbb, 0xcc]);
  assert.equal(parseHex('red'), null);
  assert.deepEqual(composite([255, 255, 255], 0.5, [0, 0, 0]), [127.5, 127.5, 127.5]);
});

/**
 * The ratios of what is drawn for `color` on a light or dark page.
 * @param {string} color
 * @param {boolean} dark
 */
function ratios(color, dark) {
  const d = derive(color, dark);
  const page = parseHex(dark ? DARK_PAGE : LIGHT_PAGE);
  const text = parseHex(dark ? LIGHT_TEXT : DARK_TEXT);
  const fill = parseHex(d.fill);
  return {
    bar: contrast(d.mark, page),
    ink: contrast(d.ink, d.mark),
    text: contrast(composite(fill, d.fillAlpha, text), composite(fill, d.fillAlpha, page)),
    tint: d.fillAlpha,
  };
}

test('every preset stays readable on light and dark pages', () => {
  const table = [];
  for (const [name, preset] of Object.entries(PRESETS)) {
    for (const k of STATUS_KEYS) {
      for (const dark of [false, true]) {
        const r = ratios(preset.colors[k], dark);
        const where = `${name}/${k}/${dark ? 'dark' : 'light'}`;
        assert.ok(r.bar >= 3, `${where}: bar ${r.bar.toFixed(2)}:1 (non-text contrast)`);
        assert.ok(r.ink >= 4.5, `${where}: marker symbol ${r.ink.toFixed(2)}:1`);
        assert.ok(r.text >= 4.5, `${where}: text under the tint ${r.text.toFixed(2)}:1`);
        assert.ok(r.tint >= 0.1, `${where}: the tint is visible (alpha ${r.tint})`);
        table.push(`${where} bar ${r.bar.toFixed(1)} ink ${r.ink.toFixed(1)} text ${r.text.toFixed(1)}`);
      }
    }
  }
  console.log(table.join('\n'));
});

test('colours a person picks are made readable too (white, black, yellow, grey, pure hues)', () => {
  for (const color of ['#ffffff', '#000000', '#ffff00', '#808080', '#ff0000', '#00ff00', '#0000ff', '#121212', '#fdfcf8']) {
    for (const dark of [false, true]) {
      const r = ratios(color, dark);
      assert.ok(r.bar >= 3 && r.ink >= 4.5 && r.text >= 4.5, `${color} ${dark ? 'dark' : 'light'}: ${JSON.stringify(r)}`);
    }
  }
});

test('the stored choice is checked: bad values give the default, good ones are kept', () => {
  assert.deepEqual(checkColors(undefined).preset, 'warm');
  assert.deepEqual(checkColors({ preset: 'nope' }).preset, 'warm');
  assert.deepEqual(checkColors({ preset: '__proto__' }).preset, 'warm');
  assert.deepEqual(checkColors([]).preset, 'warm');
  const c = checkColors({ preset: 'custom', custom: { new: '#123456', changed: 'url(javascript:x)', moved: 42 } });
  assert.equal(c.preset, 'custom');
  assert.equal(paletteOf(c).new, '#123456');
  assert.equal(paletteOf(c).changed, PRESETS.warm.colors.changed);
  assert.equal(paletteOf(c).moved, PRESETS.warm.colors.moved);
  assert.deepEqual(paletteOf(checkColors({ preset: 'safe' })), PRESETS.safe.colors);
});
