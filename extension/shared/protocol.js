// Messages between the parts of the extension: the typed allow-list, its size caps and its
// validators. Used by the background (which trusts nothing it receives) and by the extension
// pages. The content script is a classic script and cannot import this module; it keeps the
// same caps in its own constants (content/content-main.js, LIMITS).
//
// Directions:
//   content → background   'known' (the text keys of the last stored version of this page, asked
//                          while the page settles), 'visit', 'restored'
//   page (popup, options) → background   'popup-state', 'scroll-to', 'settings-get',
//                                        'settings-set', 'delete-all', 'stats', 'site-models',
//                                        'remove-rule'
//   background → content   'scroll-to', 'next-change'
// A message of another type, or of a type not allowed for its sender, is refused.

export const LIMITS = Object.freeze({
  maxBlocks: 20000,
  maxBlockText: 100_000,
  maxTotalText: 8_000_000,
  maxPath: 2048,
  maxLinksPerBlock: 200,
  maxLink: 2048,
  maxTitle: 1024,
  maxUrl: 8192,
  maxSites: 1000,
  maxSite: 253,
});

export const CONTENT_TYPES = new Set(['known', 'visit', 'restored']);
export const PAGE_TYPES = new Set(['popup-state', 'scroll-to', 'settings-get', 'settings-set', 'delete-all', 'stats', 'site-models', 'remove-rule']);

/** A refused message: the background answers `{ error: { kind, message } }`. */
export class MessageError extends Error {
  constructor(kind, message) {
    super(message);
    this.kind = kind;
  }
}

function fail(message) {
  throw new MessageError('invalid-message', message);
}

function isString(v, max) {
  return typeof v === 'string' && v.length <= max;
}

function isPlainObject(v) {
  return v !== null && typeof v === 'object' && !Array.isArray(v);
}

/**
 * The key of a block text, so that a revisit need not send again the texts the background
 * already has: two 32-bit multiplicative hashes over the UTF-16 code units, plus the length.
 * Not persisted, never trusted alone: a key the background cannot resolve in the page's last
 * stored version makes it ask for the full texts. The content script has a twin of this
 * function (content-main.js); tests/browser/package.test.mjs checks that they agree.
 */
export function textKey(text) {
  let h1 = 0x811c9dc5;
  let h2 = 0x27d4eb2f ^ text.length;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    h1 = Math.imul(h1 ^ c, 0x01000193);
    h2 = Math.imul(h2 ^ c, 0x5bd1e995);
    h2 ^= h2 >>> 15;
  }
  h1 = Math.imul(h1 ^ (h1 >>> 16), 0x85ebca6b);
  h1 ^= h1 >>> 13;
  h2 = Math.imul(h2 ^ (h2 >>> 13), 0xc2b2ae35);
  h2 ^= h2 >>> 16;
  return `${(h1 >>> 0).toString(36)}.${(h2 >>> 0).toString(36)}:${text.length}`;
}

const TEXT_KEY = /^[0-9a-z]{1,7}\.[0-9a-z]{1,7}:\d{1,6}$/;

/**
 * Checks a 'visit' message and returns a clean copy holding only the known fields. Throws a
 * MessageError when anything is missing, mistyped or over a cap. A block carries its `text`,
 * or instead the `key` of a text the page's last stored version has (see textKey).
 */
export function validateVisit(msg) {
  if (!isPlainObject(msg)) fail('not an object');
  if (!isString(msg.title, LIMITS.maxTitle)) fail('title');
  if (typeof msg.truncated !== 'boolean') fail('truncated');
  // Fail closed: a message that does not say "no password field" is treated as having one.
  const hasPassword = msg.hasPassword !== false;
  if (!Array.isArray(msg.blocks) || msg.blocks.length > LIMITS.maxBlocks) fail('blocks');
  let total = 0;
  const blocks = new Array(msg.blocks.length);
  for (let i = 0; i < msg.blocks.length; i++) {
    const b = msg.blocks[i];
    if (!isPlainObject(b)) fail(`block ${i}`);
    let text = null;
    let key = null;
    if (b.text === undefined && typeof b.key === 'string') {
      if (!TEXT_KEY.test(b.key)) fail(`block ${i} key`);
      key = b.key;
    } else {
      if (!isString(b.text, LIMITS.maxBlockText) || b.text.length === 0) fail(`block ${i} text`);
      text = b.text;
    }
    if (!isString(b.path, LIMITS.maxPath) || !isString(b.type_path, LIMITS.maxPath)) fail(`block ${i} path`);
    if (!Array.isArray(b.links) || b.links.length > LIMITS.maxLinksPerBlock) fail(`block ${i} links`);
    for (const l of b.links) {
      if (!isString(l, LIMITS.maxLink) || !/^https?:\/\//i.test(l)) fail(`block ${i} link`);
    }
    total += text ? text.length : 16;
    if (total > LIMITS.maxTotalText) fail('page text over the size cap');
    blocks[i] = key ? { key, path: b.path, type_path: b.type_path, links: b.links.slice() }
      : { text, path: b.path, type_path: b.type_path, links: b.links.slice() };
  }
  return { title: msg.title, truncated: msg.truncated, hasPassword, blocks };
}

/** Checks a 'restored' message (a page shown again from the back/forward cache). */
export function validateRestored(msg) {
  if (!isPlainObject(msg)) fail('not an object');
  return {};
}

/** Checks a 'remove-rule' message: { site: a host name, id: a rule id }. */
export function validateRemoveRule(msg) {
  if (!isPlainObject(msg)) fail('not an object');
  if (!isString(msg.site, LIMITS.maxSite) || !msg.site) fail('site');
  if (!isString(msg.id, 256) || !msg.id) fail('id');
  return { site: msg.site, id: msg.id };
}

/** A tab id as sent by an extension page. */
export function validateTabId(v) {
  if (!Number.isInteger(v) || v < 0) fail('tabId');
  return v;
}

/** A site as the person types it: a host name, without scheme, port or path. */
export function normalizeSite(input) {
  if (typeof input !== 'string') return null;
  let s = input.trim().toLowerCase();
  if (!s) return null;
  try {
    s = new URL(/^[a-z][a-z0-9+.-]*:\/\//.test(s) ? s : `http://${s}`).hostname;
  } catch {
    return null;
  }
  s = s.replace(/^\.+|\.+$/g, '');
  if (!s || s.length > LIMITS.maxSite || !/^[a-z0-9.\-\[\]:]+$/.test(s)) return null;
  return s;
}

/** Checks a 'settings-set' message's settings: { excludedSites: string[], retentionDays: n }. */
export function validateSettings(s) {
  if (!isPlainObject(s)) fail('settings');
  const out = {};
  if ('excludedSites' in s) {
    if (!Array.isArray(s.excludedSites) || s.excludedSites.length > LIMITS.maxSites) fail('excludedSites');
    const sites = [];
    for (const raw of s.excludedSites) {
      const site = normalizeSite(raw);
      if (!site) fail(`not a site: ${String(raw).slice(0, 80)}`);
      if (!sites.includes(site)) sites.push(site);
    }
    out.excludedSites = sites;
  }
  if ('retentionDays' in s) {
    const d = s.retentionDays;
    if (!Number.isInteger(d) || d < 1 || d > 3650) fail('retentionDays must be 1…3650');
    out.retentionDays = d;
  }
  return out;
}

/** The part of a URL that names a page: http(s) only, without the fragment. Null otherwise. */
export function pageKey(url) {
  let u;
  try {
    u = new URL(url);
  } catch {
    return null;
  }
  if (u.protocol !== 'http:' && u.protocol !== 'https:') return null;
  u.hash = '';
  const key = u.href;
  return key.length <= LIMITS.maxUrl ? key : null;
}

/** True when `host` is `site` or one of its subdomains. */
export function hostInSite(host, site) {
  return host === site || host.endsWith(`.${site}`);
}
