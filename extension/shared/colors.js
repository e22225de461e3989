// Highlight colours: the presets, the person's own choice (settings page), and the WCAG 2.x
// contrast formula that keeps them readable on light and dark pages.
//
// A person picks one colour per status (new, changed, moved, removed), from a preset or their own.
// What is drawn is derived from it per page brightness, so that whatever was picked stays readable:
// - `mark` (the bar beside a block, the margin marker, a word's underline, outlines) reaches 3:1
//   against the page's background (WCAG 1.4.11, non-text contrast): darkened on light pages,
//   lightened on dark ones;
// - `fill` (over inserted words and new blocks: the overlay is drawn above the page, and a blend
//   mode cannot reach the page from inside it) is the colour at `fillAlpha`, at most FILL_ALPHA
//   and less when needed, so that typical text under it keeps 4.5:1 against the page under it
//   (WCAG 1.4.3), dark text on a light page as light text on a dark one;
// - `ink`, the marker's symbol colour on `mark`, at 4.5:1.
// The stored choice (storage.local, COLORS_KEY) is checked on read: anything else is the default.

export const COLORS_KEY = 'highlightColors';

// When highlights are drawn: 'auto' as soon as the page is read; 'asked' only when the person
// asks (the popup's list, the next / previous change commands) — then nothing at all is drawn
// over the page before, and even what a drawing over a page gives away to its scripts (Chromium's
// IntersectionObserver v2 occlusion, a hit test where the bar is) tells them nothing.
export const PAINT_WHEN_KEY = 'paintWhen';
export const PAINT_WHEN = /** @type {const} */ (['auto', 'asked']);

/**
 * The stored choice of when to paint, checked ('auto' unless exactly 'asked').
 * @param {unknown} stored
 * @returns {'auto' | 'asked'}
 */
export function checkPaintWhen(stored) {
  return stored === 'asked' ? 'asked' : 'auto';
}
export const STATUS_KEYS = /** @type {const} */ (['new', 'changed', 'moved', 'removed']);

/** @typedef {'new' | 'changed' | 'moved' | 'removed'} Status */
/** @typedef {Record<Status, string>} Palette */
/** @typedef {{ preset: string, custom: Palette }} ColorChoice */

/** @type {Record<string, { label: string, colors: Palette }>} */
export const PRESETS = {
  warm: { label: 'Warm (yellow and blue)', colors: { new: '#ffcc00', changed: '#d99a00', moved: '#6f8ba6', removed: '#9a9a9a' } },
  cool: { label: 'Cool (teal and violet)', colors: { new: '#1fb5a8', changed: '#2a8fd6', moved: '#8d6cc9', removed: '#9a9a9a' } },
  safe: { label: 'Colour-blind safe (Okabe–Ito)', colors: { new: '#e69f00', changed: '#0072b2', moved: '#cc79a7', removed: '#999999' } },
};
export const DEFAULT_PRESET = 'warm';

/** The page backgrounds the derivation and the tests check against. */
export const LIGHT_PAGE = '#ffffff';
export const DARK_PAGE = '#121212';
export const LIGHT_TEXT = '#e8e8e8'; // typical text on dark pages
export const DARK_TEXT = '#1a1a1a'; // typical text on light pages
export const FILL_ALPHA = 0.32;

/**
 * `#rrggbb` (or `#rgb`) as [r, g, b] in 0..255; null when it is not a colour.
 * @param {unknown} hex
 * @returns {[number, number, number] | null}
 */
export function parseHex(hex) {
  if (typeof hex !== 'string') return null;
  let m = /^#([0-9a-f]{6})$/i.exec(hex);
  if (m) {
    const v = parseInt(m[1], 16);
    return [(v >> 16) & 255, (v >> 8) & 255, v & 255];
  }
  m = /^#([0-9a-f]{3})$/i.exec(hex);
  if (m) return /** @type {[number, number, number]} */ ([...m[1]].map((c) => parseInt(c + c, 16)));
  return null;
}

/** @param {number[]} rgb */
export function toHex(rgb) {
  return `#${rgb.map((c) => Math.max(0, Math.min(255, Math.round(c))).toString(16).padStart(2, '0')).join('')}`;
}

/**
 * Relative luminance (WCAG 2.x): sRGB channels linearized, weighted 0.2126 / 0.7152 / 0.0722.
 * @param {number[]} rgb
 */
export function luminance(rgb) {
  const [r, g, b] = rgb.map((c) => {
    const s = c / 255;
    return s <= 0.04045 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
  });
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

/**
 * Contrast ratio (WCAG 2.x): (L1 + 0.05) / (L2 + 0.05), the lighter over the darker, 1..21.
 * @param {number[] | string} a
 * @param {number[] | string} b
 */
export function contrast(a, b) {
  const la = luminance(typeof a === 'string' ? /** @type {number[]} */ (parseHex(a)) : a);
  const lb = luminance(typeof b === 'string' ? /** @type {number[]} */ (parseHex(b)) : b);
  return (Math.max(la, lb) + 0.05) / (Math.min(la, lb) + 0.05);
}

/**
 * `over` at `alpha` composited on `under` (normal blending, sRGB as browsers do).
 * @param {number[]} over
 * @param {number} alpha
 * @param {number[]} under
 */
export function composite(over, alpha, under) {
  return over.map((c, i) => c * alpha + under[i] * (1 - alpha));
}

/**
 * `rgb` mixed towards `to` by t (0: rgb, 1: to).
 * @param {number[]} rgb
 * @param {number[]} to
 * @param {number} t
 */
function mix(rgb, to, t) {
  return rgb.map((c, i) => c + (to[i] - c) * t);
}

/**
 * The colour nearest `rgb` on the way to `toward` (black or white) that reaches `ratio`
 * against `bg` (`toward` itself at worst).
 * @param {number[]} rgb
 * @param {number[]} bg
 * @param {number} ratio
 * @param {number[]} toward
 */
function reach(rgb, bg, ratio, toward) {
  for (let t = 0; t <= 1.0001; t += 0.02) {
    const c = mix(rgb, toward, Math.min(1, t)).map(Math.round);
    if (contrast(c, bg) >= ratio) return c;
  }
  return toward;
}

/**
 * What is drawn for one chosen colour on a light or a dark page.
 * @param {string} color `#rrggbb`
 * @param {boolean} dark
 * @returns {{ mark: string, fill: string, fillAlpha: number, ink: string }}
 */
export function derive(color, dark) {
  const rgb = parseHex(color) || /** @type {number[]} */ (parseHex(PRESETS[DEFAULT_PRESET].colors.new));
  const white = [255, 255, 255];
  const black = [0, 0, 0];
  const page = /** @type {number[]} */ (parseHex(dark ? DARK_PAGE : LIGHT_PAGE));
  let mark = reach(rgb, page, 3, dark ? white : black);
  // The marker's symbol, black or white, at 4.5:1 on it: a mid-tone mark is moved on (away from
  // the page) until one of them gets there.
  /** @param {number[]} m */
  const inkOn = (m) => (contrast(m, black) >= contrast(m, white) ? black : white);
  for (let t = 0.05; contrast(inkOn(mark), mark) < 4.5 && t <= 1.0001; t += 0.05) mark = mix(mark, dark ? white : black, t).map(Math.round);
  const ink = toHex(inkOn(mark));
  const text = /** @type {number[]} */ (parseHex(dark ? LIGHT_TEXT : DARK_TEXT));
  let alpha = FILL_ALPHA;
  while (alpha > 0.06 && contrast(composite(rgb, alpha, text), composite(rgb, alpha, page)) < 4.5) alpha -= 0.02;
  return { mark: toHex(mark), fill: toHex(rgb), fillAlpha: Math.round(alpha * 100) / 100, ink };
}

/**
 * The person's choice as stored, checked: an unknown preset or a bad colour gives the default.
 * @param {unknown} stored
 * @returns {ColorChoice}
 */
export function checkColors(stored) {
  const s = stored && typeof stored === 'object' && !Array.isArray(stored) ? /** @type {Record<string, unknown>} */ (stored) : {};
  const preset = typeof s.preset === 'string' && (s.preset === 'custom' || Object.hasOwn(PRESETS, s.preset)) ? s.preset : DEFAULT_PRESET;
  const base = PRESETS[preset === 'custom' ? DEFAULT_PRESET : preset].colors;
  const raw = s.custom && typeof s.custom === 'object' ? /** @type {Record<string, unknown>} */ (s.custom) : {};
  /** @type {Palette} */
  const custom = { ...base };
  for (const k of STATUS_KEYS) {
    const rgb = parseHex(raw[k]);
    if (rgb) custom[k] = toHex(rgb);
  }
  return { preset, custom };
}

/**
 * The colours to draw with for a choice.
 * @param {ColorChoice} choice
 * @returns {Palette}
 */
export function paletteOf(choice) {
  return choice.preset === 'custom' ? choice.custom : PRESETS[choice.preset].colors;
}
