// The words a person reads, in the browser's language: the messages of _locales/<lang>/messages.json
// through the browser's i18n API (every context has it, content scripts included), plural forms
// chosen by Intl.PluralRules, dates and relative times formatted by Intl in the same language.
//
// Keys are written out in full where they are used (t('bar_next')), so that the key check
// (tests/browser/i18n-keys.test.mjs) finds each one in both locales. A plural is asked by its
// base (plural(n, 'changes')): the locales hold `changes_one`, `changes_other` (and any other
// category a language needs), each with $1 for the number.

/** @type {typeof chrome.i18n | undefined} */
const i18n = /** @type {any} */ (globalThis).browser?.i18n ?? /** @type {any} */ (globalThis).chrome?.i18n;

/** The language of the browser's interface ("en", "de", "en-US"), the one the messages are in. */
export function uiLanguage() {
  let lang;
  try {
    lang = (i18n && i18n.getUILanguage && i18n.getUILanguage()) || '';
  } catch {
    lang = '';
  }
  lang = lang || (globalThis.navigator && navigator.language) || 'en';
  // The messages fall back to English for languages without a locale: so do the numbers' forms.
  return messagesLanguage(lang);
}

/** The language the messages are really in: the UI language when we ship it, English otherwise. */
function messagesLanguage(lang) {
  const l = lang.replace('_', '-');
  const base = l.split('-')[0].toLowerCase();
  if (base === 'de') return l;
  return base === 'en' ? l : 'en';
}

/**
 * The message `key` with $1… replaced by `substitutions`. A missing key (never in a shipped
 * build: the key check fails first) shows as the key itself, not as an empty string.
 * @param {string} key
 * @param {string | number | (string | number)[]} [substitutions]
 */
export function t(key, substitutions) {
  const subs = substitutions === undefined ? undefined
    : (Array.isArray(substitutions) ? substitutions : [substitutions]).map(String);
  let m;
  try {
    m = i18n ? i18n.getMessage(key, subs) : '';
  } catch {
    m = '';
  }
  return m || key;
}

/** @type {Map<string, Intl.PluralRules>} */
const pluralRules = new Map();

/**
 * The plural form of `base` for `n` in the UI language: plural(1, 'changes') is "1 change",
 * plural(3, 'changes') "3 changes" ("1 Änderung", "3 Änderungen"). $1 is the number, formatted
 * for the language; more substitutions follow as $2….
 * @param {number} n
 * @param {string} base
 * @param {(string | number)[]} [more]
 */
export function plural(n, base, more = []) {
  const lang = uiLanguage();
  let rules = pluralRules.get(lang);
  if (!rules) {
    rules = new Intl.PluralRules(lang);
    pluralRules.set(lang, rules);
  }
  const category = rules.select(n);
  const subs = [formatNumber(n), ...more];
  const m = t(`${base}_${category}`, subs);
  return m === `${base}_${category}` ? t(`${base}_other`, subs) : m;
}

/** @type {Map<string, Intl.NumberFormat>} */
const numberFormats = new Map();

/**
 * `n` written for the UI language. A whole number under 1,000 is written as its digits: so
 * every language we ship (English, German) writes it, and the page's first Intl.NumberFormat
 * is a long task there (96 ms on a page of 10^6 nodes, tests/stress/hostile-pages), so the
 * bar's counts must not make one.
 * @param {number} n
 */
export function formatNumber(n) {
  if (Number.isInteger(n) && Math.abs(n) < 1000) return String(n);
  const lang = uiLanguage();
  let format = numberFormats.get(lang);
  if (!format) {
    format = new Intl.NumberFormat(lang);
    numberFormats.set(lang, format);
  }
  return format.format(n);
}

const UNITS = /** @type {const} */ ([
  ['year', 365 * 86400], ['month', 30 * 86400], ['week', 7 * 86400], ['day', 86400], ['hour', 3600], ['minute', 60],
]);

/**
 * How long ago `then` (ms since the epoch) was, in the UI language: "5 minutes ago",
 * "vor 5 Minuten", "yesterday", "gestern"; under a minute "now" / "jetzt".
 * @param {number | null | undefined} then
 * @param {number} [now]
 */
export function relativeTime(then, now = Date.now()) {
  if (!then) return '';
  const s = (then - now) / 1000;
  const fmt = new Intl.RelativeTimeFormat(uiLanguage(), { numeric: 'auto' });
  for (const [unit, size] of UNITS) {
    if (Math.abs(s) >= size) return fmt.format(Math.round(s / size), unit);
  }
  return fmt.format(0, 'second');
}

/**
 * A date and time in the UI language ("23 Nov 2026, 16:40" / "23.11.2026, 16:40").
 * @param {number | Date} when
 * @param {Intl.DateTimeFormatOptions} [options]
 */
export function formatDate(when, options = { dateStyle: 'medium', timeStyle: 'short' }) {
  return new Intl.DateTimeFormat(uiLanguage(), options).format(when);
}

/**
 * Fills the static text of an extension page from its `data-i18n` attributes: `data-i18n="key"`
 * sets the text, `data-i18n-title`, `data-i18n-aria-label`, `data-i18n-placeholder` set those
 * attributes; the page's `lang` becomes the UI language.
 * @param {ParentNode} [root]
 */
export function localizePage(root = document) {
  if (root === document) document.documentElement.lang = uiLanguage();
  for (const el of root.querySelectorAll('[data-i18n]')) el.textContent = t(el.getAttribute('data-i18n'));
  for (const attr of ['title', 'aria-label', 'placeholder']) {
    for (const el of root.querySelectorAll(`[data-i18n-${attr}]`)) el.setAttribute(attr, t(el.getAttribute(`data-i18n-${attr}`)));
  }
}
