// watch: pages checked in the background on a schedule learned from the page.
//
// The person adds a page (popup switch, context menu, or an import of another tool's list); the
// background fetches it when due (one `alarms` alarm at the earliest due time), extracts its
// blocks with the core's native extractor, analyses the new version against the latest stored
// one with the site's model exactly as a visit does, and stores it as a version of kind
// "checked" together with the watch record, in ONE transaction (db.writeVisit). The next real
// visit compares with the last version the person saw (db.loadLastVersion), and says how many
// checks happened in between.
//
// Safety (each has a browser test):
// - only URLs on the watch list are fetched, each only with the site's host permission, asked
//   for at the moment of adding (optional permissions);
// - never private or local addresses (loopback, private ranges, link-local, `localhost`, their
//   IPv6 equivalents), checked before every request, redirects included (followed by hand, at
//   most 5; when the browser hides where a redirect goes, it is not followed). Host names are
//   judged by their spelling: the extension cannot resolve them (a public name pointing at a
//   private address is not caught). Test builds may allow given hosts (hooks.watchAllowHosts);
// - at most 5 MB read (the rest is not fetched; the list says "capped at 5 MB") and 30 s;
// - no cookies or credentials unless the person turns them on for the page;
// - at most one request a minute per site, at most MAX_PARALLEL checks at once.
// Nothing from a check is sent anywhere.

import * as db from './db.js';
import * as core from './core.js';
import { api } from '../shared/api.js';
import { pageKey } from '../shared/protocol.js';
import { KindError } from '../shared/errors.js';
import { plural, t as i18n } from '../shared/i18n.js';
import { meaningfulCount } from '../shared/labels.js';

export const WATCH_ALARM = 'watch';
const MAX_BYTES = 5 * 1024 * 1024;
const TIMEOUT_MS = 30000;
const MAX_REDIRECTS = 5;
const MAX_PARALLEL = 3;
const SITE_GAP_MS = 60000;
const MAX_CHECKS_KEPT = 20;
const MAX_WATCHES = 500;
const MENU_ID = 'sincelast-watch';
const SETTINGS_KEY = 'watchSettings';

/** @type {{ minMinutes: number, maxDays: number, notify: boolean }} */
export const DEFAULT_WATCH_SETTINGS = Object.freeze({ minMinutes: 30, maxDays: 7, notify: false });

/**
 * What background.js lends this module: its write queue (visits and checks of a site's model
 * one at a time), the test hooks, whether a site is excluded, and a tab's own badge count.
 * @type {{ serialized: (task: () => Promise<any>) => Promise<any>, hooks: () => Promise<any>,
 *   excluded: (site: string) => Promise<boolean>, tabCount: (tabId: number) => Promise<number> }}
 */
let deps = null;

/** Called once by background.js at load. */
export function initWatch(d) {
  deps = d;
}

// ---------------------------------------------------------------------------------------------
// Addresses.

function ipv4Private(a, b) {
  return a === 0 || a === 10 || a === 127 || (a === 169 && b === 254) || (a === 172 && b >= 16 && b <= 31)
    || (a === 192 && b === 168) || (a === 100 && b >= 64 && b <= 127) || a >= 224;
}

/**
 * Why a host may not be fetched ('private address' …), or null. `hostname` as the URL parser
 * gives it (IPv4 in dotted decimal, IPv6 in brackets, lower case).
 */
export function privateHost(hostname) {
  const h = hostname.toLowerCase().replace(/\.$/, '');
  if (h === 'localhost' || h.endsWith('.localhost') || h.endsWith('.local') || h.endsWith('.internal') || h.endsWith('.home.arpa')) return 'local name';
  const v4 = /^(\d+)\.(\d+)\.(\d+)\.(\d+)$/.exec(h);
  if (v4) return ipv4Private(Number(v4[1]), Number(v4[2])) ? 'private address' : null;
  if (h.startsWith('[')) {
    const ip = h.slice(1, -1);
    if (ip === '::' || ip === '::1') return 'private address';
    // IPv4-mapped (::ffff:7f00:1), NAT64 (64:ff9b::7f00:1): the IPv4 inside decides.
    const mapped = /^(?:::ffff:|64:ff9b::)([0-9a-f]{1,4}):([0-9a-f]{1,4})$/.exec(ip) || /^(?:::ffff:|64:ff9b::)(\d+\.\d+\.\d+\.\d+)$/.exec(ip);
    if (mapped) {
      if (mapped[2] !== undefined) {
        const hi = parseInt(mapped[1], 16);
        return ipv4Private(hi >> 8, hi & 255) ? 'private address' : null;
      }
      const [a, b] = mapped[1].split('.').map(Number);
      return ipv4Private(a, b) ? 'private address' : null;
    }
    const first = parseInt(ip.split(':')[0] || '0', 16);
    if ((first & 0xfe00) === 0xfc00 || (first & 0xffc0) === 0xfe80 || (first & 0xff00) === 0xff00) return 'private address';
    if (ip.startsWith('::')) return 'private address'; // the old IPv4-compatible and unspecified forms
    return null;
  }
  return null;
}

/** Why `url` may not be fetched, or null: not http(s), or a private/local host not allowed. */
function refusal(url, hooks) {
  let u;
  try {
    u = new URL(url);
  } catch {
    return 'not a valid address';
  }
  if (u.protocol !== 'http:' && u.protocol !== 'https:') return 'only http and https pages';
  const why = privateHost(u.hostname);
  if (!why) return null;
  if (TEST_HOOKS && Array.isArray(hooks.watchAllowHosts) && hooks.watchAllowHosts.includes(u.host)) return null;
  return why;
}

/** The host-permission pattern of a page's origin. */
export function originPattern(url) {
  const u = new URL(url);
  return `${u.protocol}//${u.hostname}/*`;
}

// ---------------------------------------------------------------------------------------------
// Fetching.

/**
 * Fetches a watched page under the safety rules. Resolves to `{ ok: true, html, capped, bytes,
 * finalUrl }` or `{ ok: false, status, text }` (status 'refused' | 'error').
 */
/**
 * @param {string} url
 * @param {{ cookies?: boolean, hooks?: any }} [options]
 */
export async function fetchPage(url, { cookies = false, hooks = {} } = {}) {
  let current = url;
  const ctrl = new AbortController();
  const timeout = TEST_HOOKS && Number(hooks.watchTimeoutMs) > 0 ? Number(hooks.watchTimeoutMs) : TIMEOUT_MS;
  const timer = setTimeout(() => ctrl.abort(), timeout);
  try {
    for (let hop = 0; hop <= MAX_REDIRECTS; hop++) {
      const why = refusal(current, hooks);
      if (why) return { ok: false, status: 'refused', text: hop ? `refused: ${why} (after a redirect)` : `refused: ${why}` };
      let res;
      try {
        res = await fetch(current, {
          redirect: 'manual',
          credentials: cookies ? 'include' : 'omit',
          cache: 'no-store',
          referrerPolicy: 'no-referrer',
          signal: ctrl.signal,
        });
      } catch (e) {
        if (ctrl.signal.aborted) return { ok: false, status: 'error', text: `timed out after ${Math.round(timeout / 1000)} s` };
        return { ok: false, status: 'error', text: `could not fetch: ${e && e.message ? e.message : e}` };
      }
      if (res.type === 'opaqueredirect' || (res.status >= 300 && res.status < 400)) {
        const location = res.headers.get('location');
        if (!location) return { ok: false, status: 'refused', text: 'refused: the page redirects and the browser hides where to (not followed)' };
        current = new URL(location, current).href;
        continue;
      }
      if (!res.ok) return { ok: false, status: 'error', text: `the site answered ${res.status}` };
      const type = (res.headers.get('content-type') || '').toLowerCase();
      if (type && !/^(text\/html|application\/xhtml\+xml)/.test(type)) return { ok: false, status: 'error', text: `not an HTML page (${type.split(';')[0].slice(0, 60)})` };
      const { bytes, capped } = await readCapped(res, ctrl);
      const charset = /charset=([^;]+)/.exec(type);
      let decoder;
      try {
        decoder = new TextDecoder(charset ? charset[1].trim() : 'utf-8');
      } catch {
        decoder = new TextDecoder('utf-8');
      }
      return { ok: true, html: decoder.decode(bytes), capped, bytes: bytes.byteLength, finalUrl: current };
    }
    return { ok: false, status: 'refused', text: `refused: more than ${MAX_REDIRECTS} redirects` };
  } catch (e) {
    if (ctrl.signal.aborted) return { ok: false, status: 'error', text: `timed out after ${Math.round(timeout / 1000)} s` };
    return { ok: false, status: 'error', text: `could not read the page: ${e && e.message ? e.message : e}` };
  } finally {
    clearTimeout(timer);
  }
}

/** Reads at most MAX_BYTES of a response body; the rest is never fetched. */
async function readCapped(res, ctrl) {
  const reader = res.body.getReader();
  const parts = [];
  let total = 0;
  let capped = false;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    if (total + value.byteLength > MAX_BYTES) {
      parts.push(value.subarray(0, MAX_BYTES - total));
      total = MAX_BYTES;
      capped = true;
      await reader.cancel().catch(() => {});
      ctrl.abort();
      break;
    }
    parts.push(value);
    total += value.byteLength;
  }
  const bytes = new Uint8Array(total);
  let at = 0;
  for (const p of parts) {
    bytes.set(p, at);
    at += p.byteLength;
  }
  return { bytes, capped };
}

// ---------------------------------------------------------------------------------------------
// Settings of the watch list (storage.local, checked on read: content scripts can write there).

export async function readWatchSettings() {
  const got = (await api.storage.local.get(SETTINGS_KEY))[SETTINGS_KEY];
  const s = /** @type {any} */ (got && typeof got === 'object' ? got : {});
  const out = { ...DEFAULT_WATCH_SETTINGS };
  if (Number.isInteger(s.minMinutes) && s.minMinutes >= 1 && s.minMinutes <= 7 * 24 * 60) out.minMinutes = s.minMinutes;
  if (Number.isInteger(s.maxDays) && s.maxDays >= 1 && s.maxDays <= 365) out.maxDays = s.maxDays;
  if (out.maxDays * 24 * 60 < out.minMinutes) out.maxDays = DEFAULT_WATCH_SETTINGS.maxDays;
  if (typeof s.notify === 'boolean') out.notify = s.notify;
  return out;
}

function validateWatchSettings(patch) {
  if (!patch || typeof patch !== 'object') throw new KindError('invalid_message', 'settings');
  const out = {};
  if ('minMinutes' in patch) {
    if (!Number.isInteger(patch.minMinutes) || patch.minMinutes < 1 || patch.minMinutes > 7 * 24 * 60) throw new KindError('invalid_message', 'the shortest interval must be 1 minute … 7 days');
    out.minMinutes = patch.minMinutes;
  }
  if ('maxDays' in patch) {
    if (!Number.isInteger(patch.maxDays) || patch.maxDays < 1 || patch.maxDays > 365) throw new KindError('invalid_message', 'the longest interval must be 1 … 365 days');
    out.maxDays = patch.maxDays;
  }
  if ('notify' in patch) {
    if (typeof patch.notify !== 'boolean') throw new KindError('invalid_message', 'notify');
    out.notify = patch.notify;
  }
  return out;
}

function scheduleOptions(settings, watch) {
  const min = settings.minMinutes * 60;
  const max = Math.max(min, settings.maxDays * 86400);
  const initial = Math.min(max, Math.max(min, watch.importedInterval || 3600));
  return { min_secs: Math.max(60, min), max_secs: max, initial_secs: initial };
}

// ---------------------------------------------------------------------------------------------
// The watch list.

function validUrl(raw) {
  if (typeof raw !== 'string' || raw.length > 8192) throw new KindError('invalid_message', 'url');
  const url = pageKey(raw);
  if (!url) throw new KindError('invalid_message', 'only http and https pages can be watched');
  return url;
}

function newWatch(url, { title = null, now = Date.now(), importedInterval = null, source = null, notCarried = [], paused = false, label = null } = {}) {
  return {
    url, site: new URL(url).hostname, title, added: now, paused, cookies: false,
    checks: [], plan: null, nextTime: now, lastCheck: null, lastChange: null,
    status: 'new', statusText: 'not checked yet', unseen: 0, checksSinceSeen: 0,
    importedInterval, source, notCarried, label,
  };
}

/** Adds a page (its host permission was asked for by the page that sends this). */
async function add(msg) {
  const url = validUrl(msg.url);
  const hooks = await deps.hooks();
  const why = refusal(url, hooks);
  if (why) throw new KindError('forbidden', `refused: ${why}`);
  const existing = await db.getWatch(url);
  if (existing) return { watch: existing, added: false };
  if ((await db.allWatches()).length >= MAX_WATCHES) throw new KindError('too_large', `at most ${MAX_WATCHES} watched pages`);
  const page = await db.getPage(url);
  const w = newWatch(url, { title: typeof msg.title === 'string' ? msg.title.slice(0, 1024) : (page ? page.title : null) });
  // A page being looked at now was just seen: the first check waits the initial interval.
  const settings = await readWatchSettings();
  const plan = await core.watchPlan([], scheduleOptions(settings, w));
  w.plan = plan;
  w.nextTime = page ? Date.now() + plan.interval_secs * 1000 : Date.now();
  await db.putWatches([w]);
  await scheduleAlarm();
  return { watch: w, added: true };
}

async function update(msg) {
  const url = validUrl(msg.url);
  const w = await db.getWatch(url);
  if (!w) throw new KindError('not_found', 'not watched');
  if ('paused' in msg) {
    if (typeof msg.paused !== 'boolean') throw new KindError('invalid_message', 'paused');
    w.paused = msg.paused;
    if (!w.paused && w.nextTime < Date.now()) w.nextTime = Date.now();
  }
  if ('cookies' in msg) {
    if (typeof msg.cookies !== 'boolean') throw new KindError('invalid_message', 'cookies');
    w.cookies = msg.cookies;
  }
  await db.putWatches([w]);
  await scheduleAlarm();
  await refreshBadges();
  return { watch: w };
}

async function remove(msg) {
  const url = validUrl(msg.url);
  await db.deleteWatch(url);
  await scheduleAlarm();
  await refreshBadges();
  return { removed: url };
}

/** Imports another tool's watch list: the core reads it; pages already watched are kept as they are. */
async function importList(msg) {
  if (typeof msg.text !== 'string') throw new KindError('invalid_message', 'text');
  const list = await core.importWatchList(msg.text);
  const hooks = await deps.hooks();
  const existing = new Set((await db.allWatches()).map((w) => w.url));
  const now = Date.now();
  const added = [];
  const skipped = [...list.skipped];
  for (const e of list.entries) {
    const url = pageKey(e.url);
    if (!url) {
      skipped.push({ entry: e.url, reason: 'not a page address' });
      continue;
    }
    const why = refusal(url, hooks);
    if (why) {
      skipped.push({ entry: url, reason: `refused: ${why}` });
      continue;
    }
    if (existing.has(url)) {
      skipped.push({ entry: url, reason: 'already watched' });
      continue;
    }
    if (existing.size + added.length >= MAX_WATCHES) {
      skipped.push({ entry: url, reason: `at most ${MAX_WATCHES} watched pages` });
      continue;
    }
    // Staggered first checks, a few seconds apart.
    added.push(newWatch(url, {
      title: e.title, now, importedInterval: e.interval_secs, source: list.source_name,
      notCarried: e.not_carried, paused: e.paused, label: e.label,
    }));
    added[added.length - 1].nextTime = now + added.length * 5000;
  }
  await db.putWatches(added);
  await scheduleAlarm();
  return { source: list.source, sourceName: list.source_name, added: added.map((w) => ({ url: w.url, title: w.title, interval: w.importedInterval, paused: w.paused, notCarried: w.notCarried })), skipped };
}

/** The watch list for the settings page, each with its permission state. */
async function list() {
  const watches = await db.allWatches();
  const settings = await readWatchSettings();
  const out = [];
  for (const w of watches) {
    let permitted = true;
    try {
      permitted = await api.permissions.contains({ origins: [originPattern(w.url)] });
    } catch {
      // Not answerable here: the check will say.
    }
    out.push({ ...w, checks: undefined, permitted, recent: w.checks.slice(-10) });
  }
  out.sort((a, b) => a.url.localeCompare(b.url));
  return { watches: out, settings, defaults: DEFAULT_WATCH_SETTINGS };
}

/** Whether a tab's page is watched (the popup's switch). */
async function tabState(msg) {
  const tabId = msg.tabId;
  if (!Number.isInteger(tabId) || tabId < 0) throw new KindError('invalid_message', 'tabId');
  const tab = await api.tabs.get(tabId);
  const url = tab && !tab.incognito ? pageKey(tab.url || '') : null;
  if (!url) return { url: null, watched: false };
  const w = await db.getWatch(url);
  return { url, watched: !!w, paused: w ? w.paused : false, reason: w && w.plan ? w.plan.reason : null, plan: w && w.plan ? w.plan : null };
}

async function setSettings(msg) {
  const patch = validateWatchSettings(msg.settings);
  const next = { ...(await readWatchSettings()), ...patch };
  if (next.maxDays * 24 * 60 < next.minMinutes) throw new KindError('invalid_message', 'the longest interval must not be shorter than the shortest');
  await api.storage.local.set({ [SETTINGS_KEY]: next });
  return { settings: next };
}

/** Messages of the extension's pages about the watch list (types starting with "watch-"). */
export async function handlePageMessage(msg) {
  switch (msg.type) {
    case 'watch-list': return list();
    case 'watch-add': return add(msg);
    case 'watch-update': return update(msg);
    case 'watch-remove': return remove(msg);
    case 'watch-import': return importList(msg);
    case 'watch-tab': return tabState(msg);
    case 'watch-settings-set': return setSettings(msg);
    case 'watch-test-fire':
      // Test builds only: what the alarm does, now (all: every page, due or not).
      if (TEST_HOOKS) return runChecks(msg.all ? (await db.allWatches()).map((w) => w.url) : null);
      break;
    case 'watch-test-notifications':
      if (TEST_HOOKS) {
        return {
          notifications: api.notifications ? await api.notifications.getAll() : null,
          created: (await api.storage.session.get('watch:testNotes'))['watch:testNotes'] || {},
        };
      }
      break;
    case 'watch-check-now': {
      const url = validUrl(msg.url);
      if (!(await db.getWatch(url))) throw new KindError('not_found', 'not watched');
      const out = await runChecks([url]);
      return { ...out, watch: await db.getWatch(url) };
    }
  }
  throw new KindError('forbidden', `unknown type ${msg.type}`);
}

// ---------------------------------------------------------------------------------------------
// Checks.

/** ms of the last request to each site (storage.session: survives the worker being stopped). */
async function lastFetches() {
  const got = await api.storage.session.get('watch:lastFetch');
  const v = got['watch:lastFetch'];
  return v && typeof v === 'object' ? v : {};
}

async function noteFetch(site, time) {
  const all = await lastFetches();
  all[site] = time;
  await api.storage.session.set({ 'watch:lastFetch': all });
}

/** Records a check that did not get a page (and the backoff it causes). */
async function failed(w, status, text, settings) {
  const now = clock();
  w.checks = [...w.checks, { time: Math.floor(now / 1000), span: 0, ok: false, meaningful: false, staleness: 0 }].slice(-MAX_CHECKS_KEPT);
  w.plan = await core.watchPlan(w.checks, scheduleOptions(settings, w));
  w.nextTime = now + w.plan.interval_secs * 1000;
  w.lastCheck = now;
  w.status = status;
  w.statusText = text;
  await db.putWatches([w]);
}

/**
 * Checks one page now. Resolves to { url, changed: boolean, status }.
 */
async function checkOne(url, settings) {
  const w = await db.getWatch(url);
  if (!w) return { url, changed: false, status: 'gone' };
  const hooks = await deps.hooks();
  if (await deps.excluded(w.site)) {
    await failed(w, 'excluded', 'not checked: the site is excluded in the settings', settings);
    return { url, changed: false, status: 'excluded' };
  }
  let permitted;
  try {
    permitted = await api.permissions.contains({ origins: [originPattern(url)] });
  } catch {
    permitted = true;
  }
  if (!permitted) {
    await failed(w, 'permission', 'not checked: access to this site is not allowed (Allow it in the list)', settings);
    return { url, changed: false, status: 'permission' };
  }
  await noteFetch(w.site, clock());
  const got = await fetchPage(url, { cookies: w.cookies, hooks });
  if (!got.ok) {
    await failed(w, got.status, got.text, settings);
    return { url, changed: false, status: got.status };
  }
  let page;
  try {
    page = await core.extractHtml(got.html, url);
  } catch (e) {
    await failed(w, 'error', `could not read the page: ${e && e.message ? e.message : e}`, settings);
    return { url, changed: false, status: 'error' };
  }
  if (!page.blocks.length) {
    await failed(w, 'error', 'the page has no text', settings);
    return { url, changed: false, status: 'error' };
  }
  const blocks = /** @type {any[]} */ (page.blocks);
  let changed = false;
  let notLoaded = false;
  await deps.serialized(async () => {
    const fresh = (await db.getWatch(url)) || null;
    if (!fresh) return; // removed meanwhile
    const previous = await db.loadLastVersion(url, { latest: true });
    const time = clock();
    const analysis = await core.analyzeVisit(url, w.site, previous ? { time: previous.visit.time, blocks: previous.blocks } : null, { time, blocks });
    const summary = analysis.status === 'first' ? null : analysis.summary;
    // A page that did not load (almost all of it missing, nothing new) is not stored: a failed
    // check, and the next one compares with the last full version.
    if (summary && summary.not_loaded) {
      await failed(fresh, 'error', 'the page did not load fully (most of its text was missing, nothing was new): the last full version is kept', settings);
      notLoaded = true;
      return;
    }
    const meaningful = meaningfulCount(summary);
    const staleness = previous
      ? await core.fragmentStaleness(previous.blocks.map((b) => b.text).join(' '), blocks.map((b) => b.text).join(' '))
      : 0;
    const secs = Math.floor(time / 1000);
    const check = {
      time: secs, span: previous ? Math.max(1, secs - Math.floor(previous.visit.time / 1000)) : 0,
      ok: true, meaningful: meaningful > 0, staleness,
    };
    fresh.checks = [...fresh.checks, check].slice(-MAX_CHECKS_KEPT);
    fresh.plan = await core.watchPlan(fresh.checks, scheduleOptions(settings, fresh));
    fresh.nextTime = time + fresh.plan.interval_secs * 1000;
    fresh.lastCheck = time;
    fresh.checksSinceSeen += 1;
    if (meaningful > 0) {
      fresh.unseen += 1;
      fresh.lastChange = time;
      changed = true;
    }
    fresh.lastMeaningful = meaningful;
    fresh.status = got.capped ? 'capped' : 'ok';
    fresh.statusText = got.capped
      ? 'capped at 5 MB: the page is larger, only its first 5 MB are compared'
      : (meaningful > 0 ? `${meaningful} meaningful change${meaningful === 1 ? '' : 's'}` : (analysis.status === 'first' ? 'first version stored' : 'no meaningful change'));
    if (!fresh.title && page.title) fresh.title = page.title.slice(0, 1024);
    try {
      await db.writeVisit({
        url, site: w.site, time, title: page.title || fresh.title || '', truncated: !!page.truncated || got.capped,
        // (what had not loaded yet kept from the last version: analysis.stored, see pack.js)
        blocks: analysis.stored ? analysis.stored.blocks : blocks, ids: analysis.ids, listId: analysis.list_id, pathsetId: analysis.pathset_id, summary,
        previous, siteUpdates: analysis.updates, kind: 'checked', watch: fresh, kept: db.keptOf(analysis.changes, analysis.stored ? analysis.stored.index : null),
        hold: TEST_HOOKS ? Number(hooks.watchHoldWriteMs) || 0 : 0,
      });
    } catch (e) {
      core.dropSite(w.site);
      throw e;
    }
  });
  if (notLoaded) return { url, changed: false, status: 'error' };
  return { url, changed, status: got.capped ? 'capped' : 'ok' };
}

let running = null;
// Test builds only: the checks' clock shifted (hooks.watchTimeShiftMs), to see the schedule
// over days in a test.
let shift = 0;
const clock = () => Date.now() + shift;

/**
 * Runs the checks of the given pages (or of every due one), at most MAX_PARALLEL at once and
 * one request a minute per site (a page of a site fetched less than a minute ago waits).
 */
export async function runChecks(urls = null) {
  while (running) await running.catch(() => {});
  running = (async () => {
    const settings = await readWatchSettings();
    const hooks = await deps.hooks();
    if (TEST_HOOKS) shift = Number(hooks.watchTimeShiftMs) || 0;
    const gap = TEST_HOOKS && Number.isFinite(Number(hooks.watchSiteGapMs)) ? Number(hooks.watchSiteGapMs) : SITE_GAP_MS;
    const now = clock();
    const all = await db.allWatches();
    const due = all.filter((w) => (urls ? urls.includes(w.url) : !w.paused && w.nextTime <= now));
    const fetched = await lastFetches();
    const queue = [];
    const deferred = [];
    const bySite = new Set();
    for (const w of due) {
      const last = fetched[w.site] || 0;
      if (gap > 0 && (bySite.has(w.site) || now - last < gap)) {
        w.nextTime = Math.max(now, last) + gap;
        deferred.push(w);
      } else {
        bySite.add(w.site);
        queue.push(w.url);
      }
    }
    if (deferred.length) await db.putWatches(deferred);
    const results = [];
    const workers = Array.from({ length: Math.min(MAX_PARALLEL, queue.length) }, async () => {
      while (queue.length) {
        const url = queue.shift();
        try {
          results.push(await checkOne(url, settings));
        } catch (e) {
          console.warn(`Since Last Visit: check of ${url} failed:`, e);
          const w = await db.getWatch(url);
          if (w) await failed(w, 'error', `the check failed: ${e && e.message ? e.message : e}`, settings).catch(() => {});
          results.push({ url, changed: false, status: 'error' });
        }
      }
    });
    await Promise.all(workers);
    const changed = results.filter((r) => r.changed).map((r) => r.url);
    if (changed.length) await notify(changed, settings);
    await refreshBadges();
    await scheduleAlarm();
    return { checked: results.length, deferred: deferred.length, changed, results };
  })();
  try {
    return await running;
  } finally {
    running = null;
  }
}

/** One alarm at the earliest due time of an unpaused watch (none when nothing is watched). */
export async function scheduleAlarm() {
  const watches = (await db.allWatches()).filter((w) => !w.paused);
  if (!watches.length) {
    await api.alarms.clear(WATCH_ALARM);
    return null;
  }
  const when = Math.max(Date.now() + 30000, Math.min(...watches.map((w) => w.nextTime)));
  await api.alarms.create(WATCH_ALARM, { when });
  return when;
}

// ---------------------------------------------------------------------------------------------
// Seen, badge, notifications.

/**
 * A real visit of `url` was stored: what the checks found was seen.
 */
export async function seen(url) {
  const w = await db.getWatch(url);
  if (w && (w.unseen || w.checksSinceSeen)) {
    w.unseen = 0;
    w.checksSinceSeen = 0;
    w.lastSeen = Date.now();
    await db.putWatches([w]);
    await refreshBadges();
  }
}

let badgeText = '';
/** The toolbar's text when a tab has no count of its own: watched pages with unseen changes. */
export function watchBadgeText() {
  return badgeText;
}

/** Recounts the watched pages with unseen changes and shows it on tabs without their own count. */
export async function refreshBadges() {
  const n = (await db.allWatches()).filter((w) => w.unseen > 0).length;
  badgeText = n > 0 ? (n > 999 ? '999+' : String(n)) : '';
  try {
    await api.action.setBadgeText({ text: badgeText });
    if (badgeText) await api.action.setBadgeBackgroundColor({ color: '#1d4f91' });
    for (const tab of await api.tabs.query({})) {
      if (typeof tab.id !== 'number' || tab.id < 0) continue;
      if ((await deps.tabCount(tab.id)) > 0) continue;
      await api.action.setBadgeText({ tabId: tab.id, text: badgeText }).catch(() => {});
      if (badgeText) await api.action.setBadgeBackgroundColor({ tabId: tab.id, color: '#1d4f91' }).catch(() => {});
    }
  } catch {
    // No tabs API answer (shutting down): the next event sets it.
  }
}

/** One notification per changed page; one for all when several changed in the same run. */
async function notify(urls, settings) {
  if (!settings.notify || !api.notifications) return;
  let allowed;
  try {
    allowed = await api.permissions.contains({ permissions: ['notifications'] });
  } catch {
    allowed = false;
  }
  if (!allowed) return;
  const watches = new Map((await db.allWatches()).map((w) => [w.url, w]));
  const name = (url) => (watches.get(url) && watches.get(url).title) || new URL(url).hostname;
  const iconUrl = api.runtime.getURL('icons/icon-128.png');
  let id;
  let options;
  if (urls.length === 1) {
    const url = urls[0];
    id = `watch:${url}`;
    options = {
      type: 'basic', iconUrl, title: i18n('notify_changed', name(url)).slice(0, 200),
      message: `${url}\n${i18n('notify_open_it')}`.slice(0, 500),
    };
  } else {
    id = `watch-group:${Date.now()}`;
    const shown = urls.slice(0, 5).map(name).join('\n');
    options = {
      type: 'basic', iconUrl, title: plural(urls.length, 'notify_many'),
      message: (shown + (urls.length > 5 ? `\n${i18n('popup_more', urls.length - 5)}` : '')).slice(0, 500),
    };
  }
  await api.notifications.create(id, /** @type {any} */ (options));
  if (TEST_HOOKS) {
    // Headless browsers may close a notification at once: the tests read what was created.
    const got = (await api.storage.session.get('watch:testNotes'))['watch:testNotes'] || {};
    got[id] = options;
    await api.storage.session.set({ 'watch:testNotes': got });
  }
}

/** Clicking a notification opens the page (its changes are highlighted by the visit) or the list. */
function onNotificationClicked(id) {
  if (id.startsWith('watch:')) {
    const url = pageKey(id.slice('watch:'.length));
    if (url) api.tabs.create({ url }).catch(() => {});
    api.notifications.clear(id).catch(() => {});
  } else if (id.startsWith('watch-group:')) {
    api.tabs.create({ url: api.runtime.getURL('options/options.html#watch') }).catch(() => {});
    api.notifications.clear(id).catch(() => {});
  }
}

// ---------------------------------------------------------------------------------------------
// The context menu.

export async function createMenu() {
  if (!api.contextMenus) return;
  await api.contextMenus.removeAll();
  api.contextMenus.create({
    id: MENU_ID, title: i18n('menu_watch'), contexts: ['page'],
    documentUrlPatterns: ['http://*/*', 'https://*/*'],
  });
}

async function onMenuClicked(info, tab) {
  if (info.menuItemId !== MENU_ID || !tab || tab.incognito) return;
  const url = pageKey(info.pageUrl || tab.url || '');
  if (!url) return;
  try {
    // A menu click is a user gesture: the site's permission can be asked for now.
    await api.permissions.request({ origins: [originPattern(url)] });
  } catch {
    // Not offered here: the list asks ("Allow").
  }
  await add({ url, title: tab.title });
}

/**
 * The real handlers of the menu entry and of a notification click, for the test builds' hooks
 * (no test can click a browser's context menu or a desktop notification).
 */
export const handlersForTests = {
  menuClicked: (/** @type {any} */ tab) => onMenuClicked({ menuItemId: MENU_ID, pageUrl: tab.url }, tab),
  notificationClicked: (/** @type {string} */ id) => onNotificationClicked(id),
};

/** Registers the listeners of this module (synchronously, at the top level of background.js). */
export function registerListeners(ready) {
  if (api.notifications && api.notifications.onClicked) api.notifications.onClicked.addListener(onNotificationClicked);
  if (api.contextMenus) {
    api.contextMenus.onClicked.addListener((info, tab) => {
      ready().then(() => onMenuClicked(info, tab)).catch((e) => console.warn('Since Last Visit: watch from the menu failed:', e));
    });
  }
}
