// The words for what the core computes, in the UI language: the built-in noise kinds, why a
// watched page is checked as often as it is (core watch/schedule.rs Plan), and the class of a
// page's change curve (core history/curve.rs CurveReport). The core gives the numbers and an
// English sentence for the CLI; here the same sentence is composed from the locale's messages
// (in English word for word the core's, see tests/browser/i18n-chromium.test.mjs). Something
// from an older core without the numbers is shown in the core's own words.

import { formatNumber, plural, t } from './i18n.js';

/** @type {Record<string, () => string>} */
const KINDS = {
  clock: () => t('kind_clock'),
  date: () => t('kind_date'),
  relative_time: () => t('kind_relative_time'),
  duration: () => t('kind_duration'),
  ip: () => t('kind_ip'),
  id: () => t('kind_id'),
  counter: () => t('kind_counter'),
  whitespace: () => t('kind_whitespace'),
  format: () => t('kind_format'),
  reordered: () => t('kind_reordered'),
  renumbered: () => t('kind_renumbered'),
  ad: () => t('kind_ad'),
  not_loaded_yet: () => t('kind_not_loaded_yet'),
  weather: () => t('kind_weather'),
  related: () => t('kind_related'),
};

/**
 * A built-in noise kind as a person reads it ("counter", "Zähler"); a kind this build does not
 * know by its name.
 * @param {string} kind
 */
export function kindName(kind) {
  return Object.prototype.hasOwnProperty.call(KINDS, kind) ? KINDS[kind]() : String(kind);
}

/**
 * Built-in kinds as a list ("counter, clock").
 * @param {string[]} kinds
 */
export function kindList(kinds) {
  return (kinds || []).map(kindName).join(', ');
}

/** Rounded to a tenth, as the core's duration_words does. */
const tenth = (/** @type {number} */ v) => Math.round(v * 10) / 10;

/**
 * A duration in words, the core's duration_words in the UI language: "45 min", "6 h", "1.5 h",
 * "2.3 days" ("45 Min.", "1,5 Std.", "2,3 Tage").
 * @param {number} secs
 */
export function durationWords(secs) {
  if (secs < 3600) return plural(Math.max(1, Math.round(secs / 60)), 'dur_min');
  if (secs < 48 * 3600) return plural(tenth(secs / 3600), 'dur_hours');
  return plural(tenth(secs / 86400), 'dur_days');
}

/** @type {Record<string, (why: string) => string>} */
const LIMITS = {
  longest: (why) => t('plan_limit_longest', why),
  shortest: (why) => t('plan_limit_shortest', why),
  step_by_step: (why) => t('plan_limit_step', why),
  twice_last: (why) => t('plan_limit_twice', why),
};

/**
 * Why a watched page is checked this often, from its plan's fields: "every 6 h: changed
 * meaningfully 2 times in the last 5 checks (about once every 1.5 days)" / "alle 6 Std.: …".
 * @param {any} plan the core's Plan
 */
export function planReason(plan) {
  if (!plan) return '';
  if (!plan.case) return plan.reason || '';
  let why;
  if (plan.case === 'failing') {
    why = plural(plan.failures, 'plan_failing', [durationWords(plan.learned_secs)]);
  } else if (plan.case === 'no_comparison') {
    why = t('plan_no_comparison');
  } else {
    const checks = plural(plan.checks, 'plan_checks');
    why = plan.case === 'quiet'
      ? t('plan_quiet', [checks, durationWords(plan.observed_secs)])
      : plural(plan.changes, 'plan_changed', [checks, durationWords(plan.change_every_secs)]);
    if (plan.limit && LIMITS[plan.limit]) why = LIMITS[plan.limit](why);
  }
  return t('plan_every', [durationWords(plan.interval_secs), why]);
}

const percent = (/** @type {number} */ share) => formatNumber(Math.round(share * 100));

/**
 * A page's change curve in words, from its report's fields: "knotted: its fast-changing part
 * turns over within about 4 hours; about 50% of the page is stable", "flat: …", "sloped: …";
 * with too little history, how many more visits ("about 4 more visits before a change curve can
 * be drawn").
 * @param {any} curve the core's CurveReport
 */
export function curveWords(curve) {
  if (!curve) return '';
  if (curve.needs_visits > 0) {
    if (typeof curve.needs_spacing !== 'boolean') return curve.words || '';
    return curve.needs_spacing ? plural(curve.needs_visits, 'curve_needs_spaced') : plural(curve.needs_visits, 'curve_needs');
  }
  if (curve.class === 'knotted' && curve.knot_hours != null && curve.knot_dice != null) {
    return plural(Math.round(curve.knot_hours), 'curve_knotted', [percent(curve.knot_dice)]);
  }
  if (curve.class === 'flat' && curve.mean_dice != null) return t('curve_flat', percent(curve.mean_dice));
  if (curve.class === 'sloped' && curve.drift_per_day != null) return plural(Math.round(curve.drift_per_day * 100), 'curve_sloped');
  return curve.words || '';
}
