// Settings in storage.local under one key. Only the background writes them; the settings page
// asks the background, which also applies them at once (deleting data of newly excluded sites,
// sweeping visits past the retention).

import { hostInSite } from './protocol.js';

/**
 * @typedef {object} Settings
 * @property {string[]} excludedSites host names; their subdomains are excluded too
 * @property {number} retentionDays visits older than this are deleted
 */

/** @type {Readonly<Settings>} */
export const DEFAULT_SETTINGS = Object.freeze({
  excludedSites: [],
  retentionDays: 90,
});

/** The settings with defaults filled in. `api` is `browser` or `chrome`. */
export async function readSettings(api) {
  const { settings } = await api.storage.local.get('settings');
  return { ...DEFAULT_SETTINGS, ...(settings || {}) };
}

export async function writeSettings(api, settings) {
  await api.storage.local.set({ settings });
}

/** True when `host` belongs to an excluded site. */
export function isExcluded(settings, host) {
  return settings.excludedSites.some((site) => hostInSite(host, site));
}
