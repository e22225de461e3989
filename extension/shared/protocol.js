// The background's side of the messages: the typed allow-list per sender and the validators
// (the background trusts nothing it receives). The message types are in messages.js, the wire
// form in wire.js, the caps in limits.js. A message of another type, or of a type not allowed
// for its sender, is refused.

import { LIMITS } from './limits.js';
import { KindError } from './errors.js';
import { TEXT_KEY, typePathOf } from './wire.js';

export const CONTENT_TYPES = new Set(['known', 'visit', 'restored']);
export const PAGE_TYPES = new Set(['popup-state', 'scroll-to', 'settings-get', 'settings-set', 'delete-all', 'stats', 'site-models', 'remove-rule']);
// stressb: storage full, the popup's button that prunes the oldest history; a content script
// that found a password field after its visit was stored asks to forget that visit.
PAGE_TYPES.add('prune-oldest');
CONTENT_TYPES.add('forget');
// hist: the history page's lifespan heat map; the bar's History button.
PAGE_TYPES.add('show-lifespans');
CONTENT_TYPES.add('open-history');
PAGE_TYPES.add('new-pages'); // (links) newly appeared pages, by novelty (background/links.js)
// Text that changed by itself while the page stayed open (content/live.js).
CONTENT_TYPES.add('live');

/**
 * Refuses a message: the background answers `{ ok: false, error: { kind: 'invalid_message', message } }`.
 * @param {string} message
 * @returns {never}
 */
function fail(message) {
  throw new KindError('invalid_message', message);
}

function isString(v, max) {
  return typeof v === 'string' && v.length <= max;
}

function isPlainObject(v) {
  return v !== null && typeof v === 'object' && !Array.isArray(v);
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

/** Checks a 'forget' message: its type and nothing else. */
export function validateForget(msg) {
  if (!isPlainObject(msg)) fail('not an object');
  if (msg.type !== 'forget') fail('type');
  // `url`: the address the page is read at (a single-page app's route; checked with the sender
  // by everyday.js routedSender before this).
  const extra = Object.keys(msg).filter((k) => k !== 'type' && k !== 'url');
  if (extra.length) fail(`unexpected ${extra[0].slice(0, 40)}`);
  if (msg.url !== undefined && (typeof msg.url !== 'string' || msg.url.length > 8192)) fail('url');
  return {};
}

/** The most blocks a 'live' message names (the core's LIVE_MAX_CHANGES). */
export const LIVE_MAX_CHANGES = 20;

/**
 * Checks a 'live' message — `{ type, url?, changes: [{ path, old, new }] }`, blocks whose text
 * changed by itself while the page stayed open — and returns `{ changes }`.
 */
export function validateLive(msg) {
  if (!isPlainObject(msg)) fail('not an object');
  if (msg.type !== 'live') fail('type');
  const extra = Object.keys(msg).filter((k) => k !== 'type' && k !== 'url' && k !== 'changes');
  if (extra.length) fail(`unexpected ${extra[0].slice(0, 40)}`);
  if (msg.url !== undefined && (typeof msg.url !== 'string' || msg.url.length > 8192)) fail('url');
  if (!Array.isArray(msg.changes) || msg.changes.length === 0 || msg.changes.length > LIVE_MAX_CHANGES) fail('changes');
  const changes = msg.changes.map((c) => {
    if (!isPlainObject(c) || Object.keys(c).some((k) => k !== 'path' && k !== 'old' && k !== 'new')) fail('change');
    if (!isString(c.path, LIMITS.maxPath) || c.path === '') fail('path');
    if (!isString(c.old, LIMITS.maxBlockText) || !isString(c.new, LIMITS.maxBlockText)) fail('text');
    return { path: c.path, old: c.old, new: c.new };
  });
  return { changes };
}

/** Checks a 'known' message: its type and nothing else. */
export function validateKnown(msg) {
  if (!isPlainObject(msg)) fail('not an object');
  if (msg.type !== 'known') fail('type');
  // `url`: the address the page is read at (a single-page app's route; checked with the sender
  // by everyday.js routedSender before this).
  const extra = Object.keys(msg).filter((k) => k !== 'type' && k !== 'url');
  if (extra.length) fail(`unexpected ${extra[0].slice(0, 40)}`);
  if (msg.url !== undefined && (typeof msg.url !== 'string' || msg.url.length > 8192)) fail('url');
  return {};
}

/**
 * The URL a 'visit' says it read (`msg.url`: the document's own URL when its reading began),
 * as a page key; null when the message does not say. A string that is not an http(s) URL is
 * refused.
 */
export function visitUrl(msg) {
  if (!isPlainObject(msg) || msg.url === undefined) return null;
  if (!isString(msg.url, LIMITS.maxUrl)) fail('url');
  const key = pageKey(msg.url);
  if (!key) fail('url');
  return key;
}

/** Checks a 'restored' message (a page shown again from the back/forward cache). */
export function validateRestored(msg) {
  if (!isPlainObject(msg)) fail('not an object');
  if (msg.type !== 'restored') fail('type');
  const extra = Object.keys(msg).filter((k) => k !== 'type');
  if (extra.length) fail(`unexpected ${extra[0].slice(0, 40)}`);
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
  if (!s || s.length > LIMITS.maxSite || !/^[a-z0-9.[\]:-]+$/.test(s)) return null;
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
  if ('sensitiveSites' in s) {
    if (!Array.isArray(s.sensitiveSites) || s.sensitiveSites.length > LIMITS.maxSites) fail('sensitiveSites');
    const sites = [];
    for (const raw of s.sensitiveSites) {
      const site = normalizeSite(raw);
      if (!site) fail(`not a site: ${String(raw).slice(0, 80)}`);
      if (!sites.includes(site)) sites.push(site);
    }
    out.sensitiveSites = sites;
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
  // `bank.example.` is `bank.example`: one page key, one site, whatever the spelling.
  if (u.hostname.endsWith('.')) {
    const host = trimHost(u.hostname);
    if (!host) return null;
    u.hostname = host;
  }
  // A hash route of a single-page app (`#/inbox`, `#!/inbox`) is a page of its own; any other
  // fragment is a place in the same page.
  if (!/^#!?\//.test(u.hash)) u.hash = '';
  const key = u.href;
  return key.length <= LIMITS.maxUrl ? key : null;
}

/** A host name as compared: lower case, without the trailing dots of a fully qualified name. */
function trimHost(host) {
  return String(host).toLowerCase().replace(/\.+$/, '');
}

/** True when `host` is `site` or one of its subdomains (`bank.example.` is `bank.example`). */
export function hostInSite(host, site) {
  const h = trimHost(host);
  const s = trimHost(site);
  if (!h || !s) return false;
  return h === s || h.endsWith(`.${s}`);
}
