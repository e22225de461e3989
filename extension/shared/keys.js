// The one key function of history (stressb): which key a page's history is kept under. A page
// in Firefox's default container (and every page in Chromium, which has no containers) keeps
// the key it always had: its page key (protocol.js pageKey, the URL without its fragment).
// A page in another container (Firefox's cookieStoreId 'firefox-container-N') is kept apart:
// its key is the page key with a fragment naming the container, `<url>#container=<id>` —
// still a URL of the same host (so site names, exclusions and sensitive sites apply as before),
// and never the key of a page of another container (page keys have no fragment).
// Every store keyed by a page's URL takes its key from here.

import { pageKey } from './protocol.js';

/** cookieStoreIds of the default container (Firefox) or of no container at all. */
const DEFAULT_STORES = new Set(['firefox-default', '0']);
const STORE_ID = /^[\w-]{1,64}$/;

/**
 * The history key of `url` shown in a tab of cookie store `cookieStoreId` (undefined in
 * Chromium), or null when the page is not kept (not http(s), too long, an odd store id).
 * @param {string} url
 * @param {string | undefined | null} cookieStoreId
 * @returns {string | null}
 */
export function historyKey(url, cookieStoreId) {
  const key = pageKey(url);
  if (!key) return null;
  if (cookieStoreId == null || DEFAULT_STORES.has(cookieStoreId)) return key;
  if (typeof cookieStoreId !== 'string' || !STORE_ID.test(cookieStoreId)) return null;
  return `${key}#container=${cookieStoreId}`;
}

/** The container a history key names ('' for the default one). */
export function containerOf(key) {
  const m = /#container=([\w-]{1,64})$/.exec(String(key));
  return m ? m[1] : '';
}
