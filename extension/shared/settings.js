// Settings in storage.local under one key. Only the background writes them; the settings page
// asks the background, which also applies them at once (deleting data of newly excluded sites,
// sweeping visits past the retention).
//
// storage.local can be written by content scripts too (there is no access level for it), so
// what is read back is never trusted: every field is checked on read, a bad one is replaced by
// its default, and a bad retention is reported (`bad`) so that it is never used to delete.

import { normalizeSite, hostInSite } from './protocol.js';
import { LIMITS } from './limits.js';

/**
 * @typedef {object} Settings
 * @property {string[]} excludedSites host names; their subdomains are excluded too
 * @property {number} retentionDays visits older than this are deleted
 * @property {string[]} [sensitiveSites] host names never recorded (SENSITIVE_DEFAULTS unless edited)
 */

/**
 * Sensitive sites never recorded by default (stressb): logged-in pages of banks and payment
 * services, web mail and health portals show personal data without a password field on the
 * page. A short list of well-known domains (subdomains included), editable in the settings;
 * documented in extension/README.md.
 */
export const SENSITIVE_DEFAULTS = Object.freeze([
  // Banking and payments
  'paypal.com', 'chase.com', 'bankofamerica.com', 'wellsfargo.com', 'citi.com', 'capitalone.com',
  'hsbc.com', 'barclays.co.uk', 'revolut.com', 'wise.com', 'ing.com', 'bnpparibas.net',
  // Mail
  'mail.google.com', 'outlook.live.com', 'outlook.office.com', 'mail.yahoo.com', 'mail.proton.me', 'fastmail.com',
  // Health
  'mychart.com', 'myhealth.va.gov', 'patient.info', 'nhsapp.service.nhs.uk', 'doctolib.fr',
]);

/** @type {Readonly<Settings>} */
export const DEFAULT_SETTINGS = Object.freeze({
  excludedSites: [],
  retentionDays: 90,
  sensitiveSites: [...SENSITIVE_DEFAULTS],
});


/**
 * The sensitive sites of stored settings: the default list when none is stored; a stored list
 * checked like the excluded sites (bad entries dropped and reported).
 * @param {Record<string, unknown>} raw
 * @param {string[]} bad
 * @returns {string[]}
 */
function checkSensitive(raw, bad) {
  if (!('sensitiveSites' in raw)) return [...SENSITIVE_DEFAULTS];
  const list = raw.sensitiveSites;
  if (!Array.isArray(list)) {
    bad.push('sensitiveSites');
    return [...SENSITIVE_DEFAULTS];
  }
  /** @type {string[]} */
  const out = [];
  for (const x of list.slice(0, LIMITS.maxSites)) {
    const site = normalizeSite(x);
    if (site && !out.includes(site)) out.push(site);
    else if (!site) bad.push('sensitiveSites');
  }
  if (list.length > LIMITS.maxSites) bad.push('sensitiveSites');
  return out;
}

/** True when `host` belongs to a sensitive site (never recorded). */
export function isSensitive(settings, host) {
  return (settings.sensitiveSites || []).some((site) => hostInSite(host, site));
}

export const MIN_RETENTION_DAYS = 1;
export const MAX_RETENTION_DAYS = 3650;

/**
 * Checks settings as stored: returns clean settings (every bad field replaced by its default,
 * excluded sites that are not host names dropped) and the names of the fields that were bad.
 * @param {unknown} stored
 * @returns {{ settings: Settings, bad: string[] }}
 */
export function checkSettings(stored) {
  /** @type {string[]} */
  const bad = [];
  const s = stored !== null && typeof stored === 'object' && !Array.isArray(stored) ? /** @type {Record<string, unknown>} */ (stored) : null;
  if (stored !== undefined && !s) bad.push('settings');
  const raw = s ? s : {};
  /** @type {string[]} */
  let excludedSites = [];
  if ('excludedSites' in raw) {
    const list = raw.excludedSites;
    if (Array.isArray(list)) {
      for (const x of list.slice(0, LIMITS.maxSites)) {
        const site = normalizeSite(x);
        if (site && !excludedSites.includes(site)) excludedSites.push(site);
        else if (!site) bad.push('excludedSites');
      }
      if (list.length > LIMITS.maxSites) bad.push('excludedSites');
    } else {
      bad.push('excludedSites');
      excludedSites = [];
    }
  }
  let retentionDays = DEFAULT_SETTINGS.retentionDays;
  if ('retentionDays' in raw) {
    const d = raw.retentionDays;
    if (Number.isInteger(d) && /** @type {number} */ (d) >= MIN_RETENTION_DAYS && /** @type {number} */ (d) <= MAX_RETENTION_DAYS) retentionDays = /** @type {number} */ (d);
    else bad.push('retentionDays');
  }
  const sensitiveSites = checkSensitive(raw, bad);
  return { settings: { excludedSites, retentionDays, sensitiveSites }, bad: [...new Set(bad)] };
}

/**
 * The settings, checked, with defaults filled in. `api` is `browser` or `chrome`.
 * @returns {Promise<Settings>}
 */
export async function readSettings(api) {
  return (await readSettingsChecked(api)).settings;
}

/**
 * The settings, checked, and which stored fields were bad (see checkSettings).
 * @returns {Promise<{ settings: Settings, bad: string[] }>}
 */
export async function readSettingsChecked(api) {
  const { settings } = await api.storage.local.get('settings');
  return checkSettings(settings);
}

export async function writeSettings(api, settings) {
  await api.storage.local.set({ settings });
}

/** True when `host` belongs to an excluded site. */
export function isExcluded(settings, host) {
  return settings.excludedSites.some((site) => hostInSite(host, site));
}
