// Settings: the highlight colours. A preset or the person's own colour per status; each shown
// as drawn on a light and on a dark page with its contrast ratios (shared/colors.js derives what
// is drawn so that it stays readable). Stored in storage.local under COLORS_KEY, read (and
// checked) by the content script, which follows changes at once.

import { api } from '../shared/api.js';
import { t } from '../shared/i18n.js';
import { COLORS_KEY, PAINT_WHEN_KEY, checkPaintWhen, PRESETS, STATUS_KEYS, DARK_PAGE, DARK_TEXT, LIGHT_PAGE, LIGHT_TEXT, checkColors, composite, contrast, derive, paletteOf, parseHex } from '../shared/colors.js';

/** The presets' names in the UI language (shared/colors.js has them in English). */
const PRESET_NAMES = { warm: () => t('preset_warm'), cool: () => t('preset_cool'), safe: () => t('preset_safe') };
const NAMES = { new: () => t('colors_new'), changed: () => t('colors_changed'), moved: () => t('colors_moved'), removed: () => t('colors_removed') };

/** @param {string} id */
const $ = (id) => /** @type {HTMLElement} */ (document.getElementById(id));

/** @type {import('../shared/colors.js').ColorChoice} */
let choice = checkColors(undefined);

/**
 * One status as drawn on a page: a sample with its bar and tinted words, and its ratios.
 * @param {string} status
 * @param {string} color
 * @param {boolean} dark
 */
function sample(status, color, dark) {
  const d = derive(color, dark);
  const page = dark ? DARK_PAGE : LIGHT_PAGE;
  const text = dark ? LIGHT_TEXT : DARK_TEXT;
  const rgb = /** @type {number[]} */ (parseHex(d.fill));
  const textOnFill = contrast(composite(rgb, d.fillAlpha, /** @type {number[]} */ (parseHex(text))), composite(rgb, d.fillAlpha, /** @type {number[]} */ (parseHex(page))));
  const box = document.createElement('div');
  box.className = 'color-sample';
  box.style.background = page;
  box.style.color = text;
  box.style.borderLeft = `6px solid ${d.mark}`;
  const words = document.createElement('span');
  words.textContent = t('colors_words', NAMES[status]());
  words.style.background = `color-mix(in srgb, ${d.fill} ${Math.round(d.fillAlpha * 100)}%, transparent)`;
  words.style.textDecoration = `underline 2px ${d.mark}`;
  const ratios = document.createElement('small');
  ratios.textContent = ` ${t('colors_ratios', [contrast(d.mark, page).toFixed(1), textOnFill.toFixed(1)])}`;
  box.append(words, ratios);
  box.dataset.bar = contrast(d.mark, page).toFixed(2);
  box.dataset.text = textOnFill.toFixed(2);
  return box;
}

function render() {
  const palette = paletteOf(choice);
  for (const input of /** @type {NodeListOf<HTMLInputElement>} */ (document.querySelectorAll('input[name="color-preset"]'))) {
    input.checked = input.value === choice.preset;
  }
  const custom = choice.preset === 'custom';
  const rows = $('color-rows');
  rows.textContent = '';
  for (const k of STATUS_KEYS) {
    const row = document.createElement('div');
    row.className = 'color-row';
    const label = document.createElement('label');
    label.htmlFor = `color-${k}`;
    label.textContent = NAMES[k]();
    const input = document.createElement('input');
    input.type = 'color';
    input.id = `color-${k}`;
    input.value = palette[k];
    input.disabled = !custom;
    input.addEventListener('change', () => save({ preset: 'custom', custom: { ...choice.custom, [k]: input.value } }));
    row.append(label, input, sample(k, palette[k], false), sample(k, palette[k], true));
    rows.append(row);
  }
}

/** @param {import('../shared/colors.js').ColorChoice} next */
async function save(next) {
  choice = checkColors(next);
  await api.storage.local.set({ [COLORS_KEY]: choice });
  render();
  $('status').textContent = t('colors_saved');
}

/** When highlights are drawn: as soon as the page is read, or only when the person asks. */
async function initPaintWhen() {
  const box = $('paint-when');
  const got = await api.storage.local.get(PAINT_WHEN_KEY);
  const now = checkPaintWhen(got[PAINT_WHEN_KEY]);
  for (const [value, text] of [
    ['auto', t('colors_when_auto')],
    ['asked', t('colors_when_asked')],
  ]) {
    const label = document.createElement('label');
    const input = document.createElement('input');
    input.type = 'radio';
    input.name = 'paint-when';
    input.value = value;
    input.checked = value === now;
    input.addEventListener('change', async () => {
      if (!input.checked) return;
      await api.storage.local.set({ [PAINT_WHEN_KEY]: value });
      $('status').textContent = value === 'asked' ? t('colors_shown_asked') : t('colors_shown_auto');
    });
    label.append(input, ` ${text}`);
    box.append(label);
  }
}

/** Builds the section's controls and shows the stored choice. */
export async function initColors() {
  await initPaintWhen();
  const presets = $('color-presets');
  /** @type {[string, string][]} */
  const options = [...Object.entries(PRESETS).map(([id, p]) => /** @type {[string, string]} */ ([id, PRESET_NAMES[id] ? PRESET_NAMES[id]() : p.label])), ['custom', t('colors_custom')]];
  for (const [id, text] of options) {
    const label = document.createElement('label');
    const input = document.createElement('input');
    input.type = 'radio';
    input.name = 'color-preset';
    input.value = id;
    input.addEventListener('change', () => {
      if (input.checked) save({ preset: id, custom: id === 'custom' ? choice.custom : { ...PRESETS[id].colors } });
    });
    label.append(input, ` ${text}`);
    presets.append(label);
  }
  const got = await api.storage.local.get(COLORS_KEY);
  choice = checkColors(got[COLORS_KEY]);
  render();
}
