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
 * Front coding of a list of paths: each path as `<n>|<rest>`, where n is the length of the
 * prefix it shares with the path before it (block paths share long prefixes, so this is about
 * a fifth of their length). Used on the wire ('visit') and in storage (db.js). The content
 * script has a twin (content-main.js); tests/browser/package.test.mjs checks that they agree.
 */
export function encodePaths(paths) {
  let prev = '';
  return paths.map((p) => {
    let n = 0;
    const max = Math.min(p.length, prev.length);
    while (n < max && p.charCodeAt(n) === prev.charCodeAt(n)) n++;
    prev = p;
    return `${n}|${p.slice(n)}`;
  });
}

/** The paths of `encodePaths` back (trusted input: what this extension stored). */
export function decodePaths(encoded) {
  let prev = '';
  return encoded.map((e) => {
    const bar = e.indexOf('|');
    prev = prev.slice(0, Number(e.slice(0, bar))) + e.slice(bar + 1);
    return prev;
  });
}

/** A block's type path: its path without the indices (`/html[0]/body[0]/p[2]` → `/html/body/p`). */
export const typePathOf = (path) => path.replace(/\[\d+\]/g, '');

/**
 * The wire form of a 'visit' (what the content script sends; tests build it with this):
 * columns instead of one object per block, paths front-coded and type paths left out (the
 * background derives them), so a page of a thousand blocks is a message of about half the
 * size. `blocks` are `{ text, path, links }` or `{ key, path, links }`.
 */
export function visitMessage({ title, truncated, hasPassword, blocks }) {
  const keyed = blocks.some((b) => b.text === undefined);
  return {
    type: 'visit',
    title,
    truncated,
    hasPassword,
    texts: blocks.map((b) => (b.text === undefined ? null : b.text)),
    ...(keyed ? { keys: blocks.map((b) => (b.text === undefined ? b.key : null)) } : {}),
    paths: encodePaths(blocks.map((b) => b.path)),
    links: blocks.map((b) => b.links),
  };
}

/**
 * Checks a 'visit' message (the wire form of `visitMessage`) and returns a clean copy:
 * `{ title, truncated, hasPassword, blocks: [{ text | key, path, type_path, links }] }`.
 * Throws a MessageError when anything is missing, mistyped or over a cap. A block carries its
 * text, or instead the key of a text the page's last stored version has (see textKey).
 */
export function validateVisit(msg) {
  if (!isPlainObject(msg)) fail('not an object');
  if (!isString(msg.title, LIMITS.maxTitle)) fail('title');
  if (typeof msg.truncated !== 'boolean') fail('truncated');
  // Fail closed: a message that does not say "no password field" is treated as having one.
  const hasPassword = msg.hasPassword !== false;
  const { texts, keys, paths, links } = msg;
  if (!Array.isArray(texts) || texts.length > LIMITS.maxBlocks) fail('blocks');
  const n = texts.length;
  if (!Array.isArray(paths) || paths.length !== n) fail('paths');
  if (!Array.isArray(links) || links.length !== n) fail('links');
  if (keys !== undefined && (!Array.isArray(keys) || keys.length !== n)) fail('keys');
  let total = 0;
  let prev = '';
  const blocks = new Array(n);
  for (let i = 0; i < n; i++) {
    let text = null;
    let key = null;
    if (texts[i] === null && keys && typeof keys[i] === 'string') {
      if (!TEXT_KEY.test(keys[i])) fail(`block ${i} key`);
      key = keys[i];
    } else {
      if (!isString(texts[i], LIMITS.maxBlockText) || texts[i].length === 0) fail(`block ${i} text`);
      text = texts[i];
    }
    // Front-coded path: "<shared prefix length>|<rest>".
    const e = paths[i];
    if (!isString(e, LIMITS.maxPath + 8)) fail(`block ${i} path`);
    const m = /^(\d{1,5})\|/.exec(e);
    if (!m || Number(m[1]) > prev.length) fail(`block ${i} path`);
    const path = prev.slice(0, Number(m[1])) + e.slice(m[0].length);
    if (path.length > LIMITS.maxPath) fail(`block ${i} path`);
    prev = path;
    const l = links[i];
    if (!Array.isArray(l) || l.length > LIMITS.maxLinksPerBlock) fail(`block ${i} links`);
    for (const x of l) {
      if (!isString(x, LIMITS.maxLink) || !/^https?:\/\//i.test(x)) fail(`block ${i} link`);
    }
    total += text ? text.length : 16;
    if (total > LIMITS.maxTotalText) fail('page text over the size cap');
    const type_path = typePathOf(path);
    blocks[i] = key ? { key, path, type_path, links: l.slice() } : { text, path, type_path, links: l.slice() };
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
