// The background: a module service worker in Chromium, an event page in Firefox.
//
// Discipline: every listener is registered synchronously at the top level and waits on the one
// lazy init promise; the source of truth is storage (IndexedDB for history, storage.local for
// settings, storage.session for per-tab results), never this worker's memory — it may be
// stopped between any two events. Writes are serialized through one queue.
//
// What a sender may do is decided from `sender` (its tab, its frame, its origin), never from the
// payload: a content script can only report its own top-level page and change its own tab's
// badge; only the extension's own pages can read state, delete or change settings.

import * as db from './db.js';
import * as core from './core.js';
import {
  CONTENT_TYPES, PAGE_TYPES, validateVisit, validateRestored, validateTabId,
  validateSettings, validateRemoveRule, pageKey, hostInSite,
} from '../shared/protocol.js';
import { textKey } from '../shared/wire.js';
// (MessageError: the shared KindError under the name this file has always used.)
import { KindError as MessageError, toWireError } from '../shared/errors.js';
import { api } from '../shared/api.js';
import { checkDatabase } from './consistency.js';
import { Admission } from './admission.js';
import * as storageFull from './storage-full.js';
import { historyKey } from '../shared/keys.js';
import { validateKnown, visitUrl, validateForget, validateLive } from '../shared/protocol.js';
import { isSensitive } from '../shared/settings.js';
import { DEFAULT_SETTINGS, readSettings, readSettingsChecked, writeSettings, isExcluded } from '../shared/settings.js';
import { runExport, ImportSession } from './export.js';
import * as watch from './watch.js';
// (links) New links since the last visit, newly appeared pages.
import * as links from './links.js';
import { relativeTime } from '../shared/i18n.js';
import * as everyday from './everyday.js';

// TEST_HOOKS is defined by the build (esbuild `define`): true in dist/*-test, false in the store
// builds, where every `if (TEST_HOOKS)` branch is left out of the bundle.
const RETENTION_ALARM = 'retention';
// What one page's result may take in storage.session (10 MiB for every tab together): a few
// changes listed with short previews and labels, never the whole diff.
const MAX_CHANGES_IN_STATE = 200;
const PREVIEW_CHARS = 160;
const LABEL_CHARS = 120;
const TAB_PAGE_BYTES = 24 * 1024;
const TAB_PAGES = 5;

// ---------------------------------------------------------------------------------------------
// Init: one promise, made on first use by any listener.

let initPromise = null;
function ready() {
  if (!initPromise) {
    initPromise = (async () => {
      // Per-tab results: for the extension's own pages and this worker only, never content
      // scripts (the default; said here so it stays so).
      try {
        await api.storage.session.setAccessLevel({ accessLevel: 'TRUSTED_CONTEXTS' });
      } catch {
        // Not offered (older browsers): there the default is the same.
      }
      await db.openDb();
      const alarm = await api.alarms.get(RETENTION_ALARM);
      if (!alarm) api.alarms.create(RETENTION_ALARM, { periodInMinutes: 24 * 60, delayInMinutes: 1 });
    })().catch((e) => {
      initPromise = null;
      throw e;
    });
  }
  return initPromise;
}

// Visits run one at a time per site, sites side by side, each admitted first (per-tab, per-site
// and per-URL limits: admission.js); a task that touches every site (deletions, settings,
// retention) runs alone. `queue` resolves once every task queued so far is done.
const admission = new Admission();
let lastWriteError = null; // test builds: the last visit write that failed, as text
let queue = Promise.resolve();
// The visit of each tab still being written (after its answer went to the page): the popup
// waits for it, so that it never shows the state the visit is about to replace.
/** @type {Map<number, Promise<void>>} */
const tabWork = new Map();
function serialized(task) {
  const run = admission.queues.exclusive(task);
  queue = admission.queues.idle();
  return run;
}

// The last version of recently visited pages, to spare reading every block back from
// IndexedDB on a revisit. Only a cache: checked against the stored page record before use.
const versionCache = new Map();
const VERSION_CACHE_SIZE = 8;
function cacheVersion(url, version) {
  versionCache.delete(url);
  versionCache.set(url, version);
  while (versionCache.size > VERSION_CACHE_SIZE) versionCache.delete(versionCache.keys().next().value);
}

/** key → text of a stored version (computed once per cached version). */
function keyedTexts(version) {
  if (!version.keyed) {
    version.keyed = new Map();
    for (const b of version.blocks) version.keyed.set(textKey(b.text), b.text);
  }
  return version.keyed;
}

async function lastVersion(url) {
  const cached = versionCache.get(url);
  if (cached) {
    const page = await db.getPage(url);
    if (page && page.lastVisitId === cached.visit.id) {
      cached.page = page;
      return cached;
    }
    versionCache.delete(url);
  }
  const loaded = await db.loadLastVersion(url);
  if (loaded) cacheVersion(url, loaded);
  return loaded;
}

// Settings (and, in test builds, the test hooks) read from storage.local once per worker and
// dropped whenever they change there.
let settingsCache = null;
let hooksCache = null;
function currentSettings() {
  if (!settingsCache) settingsCache = readSettings(api).catch((e) => { settingsCache = null; throw e; });
  return settingsCache;
}
function currentHooks() {
  if (!TEST_HOOKS) return Promise.resolve({});
  if (!hooksCache) hooksCache = api.storage.local.get('testHooks').then((r) => r.testHooks || {});
  return hooksCache;
}

// ---------------------------------------------------------------------------------------------
// Per-tab results, in storage.session (memory only, survives the worker being stopped).

const tabKey = (tabId) => `tab:${tabId}`;

/**
 * What the background keeps per tab: the page shown now and the results of its last pages.
 * @typedef {{ current: string | null, pages: Record<string, any> }} TabState
 */

/**
 * @param {number} tabId
 * @returns {Promise<TabState>}
 */
async function readTabState(tabId) {
  const key = tabKey(tabId);
  const got = await api.storage.session.get(key);
  return parseTabState(got[key]) || { current: null, pages: {} };
}

/**
 * A tab's state as stored: one JSON string (storage.session counts a string by its length, and
 * nested objects by much more than their JSON; a string keeps the per-tab budget exact).
 * @param {unknown} stored
 * @returns {TabState | null}
 */
function parseTabState(stored) {
  try {
    const v = typeof stored === 'string' ? JSON.parse(stored) : stored;
    return v && typeof v === 'object' && v.pages && typeof v.pages === 'object' ? v : null;
  } catch {
    return null;
  }
}

/** Writes a tab's state (see parseTabState). */
function storeTabState(tabId, all) {
  return api.storage.session.set({ [tabKey(tabId)]: JSON.stringify(all) });
}

async function writeTabPage(tabId, url, state) {
  const all = await readTabState(tabId);
  delete all.pages[url];
  all.pages[url] = state;
  const urls = Object.keys(all.pages);
  for (const old of urls.slice(0, Math.max(0, urls.length - TAB_PAGES))) delete all.pages[old];
  all.current = url;
  await storeTabState(tabId, all);
}

const utf8 = new TextEncoder();

/** A string cut to `max` characters (an ellipsis marks the cut). */
function cut(value, max) {
  const text = typeof value === 'string' ? value : '';
  return text.length > max ? `${text.slice(0, max - 1)}…` : text;
}

/** A change's reason as kept per tab: its fields, each short. */
function shortReason(r) {
  if (!r || typeof r !== 'object') return null;
  const out = { ...r };
  if (Array.isArray(r.kinds)) out.kinds = r.kinds.slice(0, 8).map((k) => cut(k, 32));
  if (typeof r.rule_id === 'string') out.rule_id = cut(r.rule_id, 64);
  if (typeof r.label === 'string') out.label = cut(r.label, LABEL_CHARS);
  return out;
}

/**
 * The changes listed in a page's per-tab result: at most MAX_CHANGES_IN_STATE, previews and
 * labels cut, and fewer until the whole result fits TAB_PAGE_BYTES.
 */
function listedChanges(changes, blocks, state) {
  const listed = changes.slice(0, MAX_CHANGES_IN_STATE).map((c, k) => ({
    k,
    status: c.status,
    kind: c.kind,
    reason: shortReason(c.reason),
    preview: cut(c.status === 'removed' ? c.text : blocks[c.new_index].text, PREVIEW_CHARS),
    old: c.old_index ?? null, // (everyday.js: teaching, metrics)
    new: c.new_index ?? null,
  }));
  const bytes = (v) => utf8.encode(JSON.stringify(v)).length;
  let size = bytes({ ...state, changes: [] }) + listed.reduce((n, c) => n + bytes(c) + 1, 0);
  while (listed.length && size > TAB_PAGE_BYTES) size -= bytes(listed.pop()) + 1;
  return listed;
}

/**
 * Keeps a page's result for the popup. When storage.session is full (other tabs), the result is
 * kept without its list of changes (`stored: 'full'`, the popup says so), this tab's older pages
 * dropped; failing that, the error is thrown (the visit itself is stored already).
 */
/**
 * Runs `task` after the earlier per-tab writes of the same tab (visits of different sites run
 * side by side, and a tab's state is read, changed and written back).
 */
const tabChains = new Map();
function onTab(tabId, task) {
  const run = (tabChains.get(tabId) || Promise.resolve()).then(task, task);
  const tail = run.then(() => {}, () => {});
  tabChains.set(tabId, tail);
  tail.then(() => {
    if (tabChains.get(tabId) === tail) tabChains.delete(tabId);
  });
  return run;
}

function keepTabPage(tabId, url, state) {
  return onTab(tabId, () => keepTabPageNow(tabId, url, state));
}

async function keepTabPageNow(tabId, url, state) {
  try {
    await writeTabPage(tabId, url, state);
    return;
  } catch (e) {
    console.warn(`Since Last Visit: the result of ${url} (${utf8.encode(JSON.stringify(state)).length} bytes) does not fit storage.session:`, e);
  }
  const small = { ...state, changes: [], stored: 'full' };
  await storeTabState(tabId, { current: url, pages: { [url]: small } });
}

async function setBadge(tabId, count) {
  // watch: a tab without a count of its own shows the watched pages with unseen changes.
  const text = count > 0 ? (count > 999 ? '999+' : String(count)) : watch.watchBadgeText();
  try {
    await api.action.setBadgeText({ tabId, text });
    if (text) await api.action.setBadgeBackgroundColor({ tabId, color: count > 0 ? '#8a4b00' : '#1d4f91' });
  } catch {
    // The tab may have closed meanwhile.
  }
}

// ---------------------------------------------------------------------------------------------
// Content script messages.

/** @param {chrome.runtime.MessageSender} sender */
function contentSender(sender) {
  const tab = sender.tab;
  if (!tab || typeof tab.id !== 'number' || tab.id < 0) throw new MessageError('forbidden', 'not from a tab');
  if (sender.frameId !== 0) throw new MessageError('forbidden', 'not from a top-level page');
  if (sender.id !== api.runtime.id) throw new MessageError('forbidden', 'not from this extension');
  // The page's history key (keys.js): its URL, kept apart per Firefox container.
  const url = historyKey(sender.url || '', /** @type {any} */ (tab).cookieStoreId);
  if (!url) throw new MessageError('forbidden', 'not an http(s) page');
  return { tabId: tab.id, incognito: !!tab.incognito, url, site: new URL(url).hostname };
}

/** The text keys of the page's last stored version: its content script then sends only new texts. */
async function onKnown(msg, sender) {
  const { incognito, url, site } = contentSender(sender);
  validateKnown(msg);
  const settings = await currentSettings();
  if (incognito || isExcluded(settings, site) || isSensitive(settings, site)) return { keys: [] };
  const previous = await lastVersion(url);
  return { keys: previous ? [...keyedTexts(previous).keys()] : [] };
}

async function onVisit(msg, sender) {
  const t0 = performance.now();
  const { tabId, incognito, url, site } = contentSender(sender);
  const skip = async (reason) => {
    await keepTabPage(tabId, url, { status: 'skipped', reason, time: Date.now() }).catch(() => {});
    await setBadge(tabId, 0);
    return { status: 'skipped', reason };
  };
  if (incognito) return skip('private');
  // everyday.js: paused by the person.
  if (await everyday.isPaused()) return skip('paused');
  const settings = await currentSettings();
  if (isExcluded(settings, site)) return skip('excluded');
  if (isSensitive(settings, site)) return skip('sensitive');
  // The page read is the page the tab shows: a page that moved its URL (history.replaceState or
  // pushState to another same-origin URL) after its reading began is not stored as that URL.
  const said = visitUrl(msg);
  if (said !== null && said !== pageKey(sender.url || '')) return skip('url-changed');
  // A tab with visits pending already is refused before its message is even read (admission.js).
  if (admission.tabBusy(tabId)) return { status: 'skipped', reason: admission.refuse('busy') };
  const visit = validateVisit(msg);
  if (visit.hasPassword) return skip('password');
  const { blocks } = visit;
  if (blocks.length === 0) return skip('empty');

  const hooks = await currentHooks();
  // Admission (admission.js): a tab or a site over its limits is refused before any analysis.
  if (TEST_HOOKS && hooks.admission) Object.assign(admission.limits, hooks.admission);
  const chars = blocks.reduce((n, b) => n + (b.text ? b.text.length : 16), 0);
  const refused = admission.admit({ tabId, url, site, chars });
  if (refused === 'rate-limited') return skip('rate-limited');
  if (refused) return { status: 'skipped', reason: refused };
  let reply;
  let replied;
  const replyReady = new Promise((r) => { replied = r; });
  const work = admission.run({ tabId, site, chars }, async () => {
    const steps = { queued: performance.now() - t0 };
    let mark = performance.now();
    const step = (name) => {
      const now = performance.now();
      steps[name] = now - mark;
      mark = now;
    };
    // The settings may have changed while this visit waited its turn.
    const now = await currentSettings();
    if (isExcluded(now, site) || isSensitive(now, site)) {
      reply = { status: 'skipped', reason: 'excluded' };
      replied(reply);
      await setBadge(tabId, 0);
      return;
    }
    await core.coreReady();
    step('core');
    const previous = await lastVersion(url);
    // Blocks sent by key get their text back from the last stored version.
    if (blocks.some((b) => b.key)) {
      const texts = previous ? keyedTexts(previous) : new Map();
      for (const b of blocks) {
        if (!b.key) continue;
        const text = texts.get(b.key);
        if (text === undefined) throw new MessageError('stale', 'a block key is not in the last stored version');
        b.text = text;
        delete b.key;
      }
    }
    step('load');
    // Test builds only: visits can be dated in the past, to test retention.
    const time = Date.now() + (TEST_HOOKS ? Number(hooks.timeShiftMs) || 0 : 0);
    // One call: the changes classified with the site's learned state (content, template or
    // noise), the content addresses to store, the site-state records this visit taught.
    // everyday.js: under regions of the page, the previous version is compared without the
    // parts they leave out.
    const view = await everyday.regionView(url, previous ? { time: previous.visit.time, blocks: previous.blocks } : null);
    const analysis = await core.analyzeVisit(url, site, view ? view.version : previous ? { time: previous.visit.time, blocks: previous.blocks, packed: previous.packed } : null, { time, blocks });
    everyday.remapOld(analysis.changes, view);
    step('diff');
    if (TEST_HOOKS) steps.diffParts = analysis.ms;
    const { status, changes } = analysis;
    // (links) The certainly new links: never at the cost of the visit.
    const visitLinks = await links.linksOfVisit(url, previous, blocks).catch((e) => {
      console.warn(`Since Last Visit: links of ${url} not compared:`, e);
      return null;
    });
    const summary = status === 'first' ? null : analysis.summary;
    // The badge and the tab's count: what the page paints (removed text is counted in the bar).
    const meaningful = summary ? summary.meaningful || 0 : 0;
    const automated = changes.filter((c) => c.kind !== 'content').length;
    // watch: background checks stored since the version this visit is compared with.
    const checksSince = previous && previous.page.seenVisitId != null ? await db.checksSince(url, previous.visit.time) : 0;
    reply = {
      checksSince,
      status,
      summary,
      meaningful,
      automated,
      changes,
      lastVisitTime: previous ? previous.visit.time : null,
      lastVisitAgo: previous ? relativeTime(previous.visit.time) : null,
      analyzeMs: performance.now() - t0,
      steps,
    };
    reply.newLinks = visitLinks ? visitLinks.listed : []; // (links)
    reply.newLinkCount = visitLinks ? visitLinks.fresh.length : 0;
    replied(reply);
    const state = {
      status,
      time,
      lastVisitTime: reply.lastVisitTime,
      prevVisitId: previous ? previous.visit.id : null,
      visitId: null,
      summary,
      count: meaningful,
      total: changes.length,
      automated,
      changes: [],
    };
    state.changes = listedChanges(changes, blocks, state);
    if (visitLinks) { // (links) for the popup: no raw forms, within a budget
      state.newLinks = links.popupLinks(visitLinks.listed);
      state.newLinkCount = visitLinks.fresh.length;
    }
    state.autoAt = everyday.automatedAt(changes);
    await setBadge(tabId, meaningful);
    // A page that did not load (almost all of it missing, nothing new: summary.not_loaded) is not
    // stored, nor are its links: the next visit compares with the version before it (storing
    // this one would make the page's return look all new).
    if (summary && summary.not_loaded) {
      state.notLoaded = true;
      await keepTabPage(tabId, url, state);
      return;
    }
    // The visit first: what the popup shows per tab (storage.session, shared by every tab) must
    // never cost the visit.
    const { ids, list_id: listId, pathset_id: pathsetId } = analysis;
    // The version stored: the page as read, with what had not loaded yet kept from the last one
    // (analysis.stored; the ids are its).
    const storedBlocks = analysis.stored ? analysis.stored.blocks : blocks;
    let written;
    const write = () => db.writeVisit({
      url, site, time, title: visit.title, truncated: visit.truncated, blocks: storedBlocks, ids, listId, pathsetId,
      summary, previous, siteUpdates: analysis.updates, hold: TEST_HOOKS ? Number(hooks.holdWriteMs) || 0 : 0,
      kept: db.keptOf(changes, analysis.stored ? analysis.stored.index : null),
    });
    try {
      try {
        written = await write();
      } catch (e) {
        // A connection the browser left unusable (after an earlier write failed for lack of
        // space): once more on a new one.
        if (!(e && e.name === 'InvalidStateError')) throw e;
        db.resetConnection();
        written = await write();
      }
    } catch (e) {
      if (storageFull.isQuotaError(e) || (e && e.name === 'InvalidStateError')) db.resetConnection();
      // The instance learned what could not be stored: read the site from storage again.
      core.dropSite(site);
      if (TEST_HOOKS) lastWriteError = `${e && e.name}: ${e && e.message}`;
      // Out of space: the popup says so and offers to prune the oldest history (storage-full.js).
      if (storageFull.isQuotaError(e)) {
        state.failed = 'storage-full';
        await storageFull.markFull();
      }
      await keepTabPage(tabId, url, state).catch(() => {});
      throw e;
    }
    await storageFull.markWritten();
    const page = { url, site, title: visit.title, lastVisitId: written.visitId, lastTime: time, visits: (previous ? previous.page.visits : 0) + 1 };
    cacheVersion(url, { visit: { id: written.visitId, time, listId, pathsetId }, page, blocks: storedBlocks, ids, packed: analysis.packed });
    if (visitLinks) { // (links) the link graph, after the visit
      await links.recordLinks({ url, site, time, current: visitLinks.current, fresh: visitLinks.fresh })
        .catch((e) => console.warn(`Since Last Visit: links of ${url} not recorded:`, e));
    }
    state.visitId = written.visitId;
    state.bytes = written.bytes;
    state.siteBytes = written.siteBytes;
    await keepTabPage(tabId, url, state);
    // After the tab's count is kept: the watch badge it refreshes leaves tabs with a count alone
    // (before, a watched page's own count was overwritten with the watch list's).
    await watch.seen(url).catch((e) => console.warn('Since Last Visit: watch list not updated:', e));
  });
  queue = admission.queues.idle();
  const done = work.then(() => {}, () => {});
  tabWork.set(tabId, done);
  done.then(() => { if (tabWork.get(tabId) === done) tabWork.delete(tabId); });
  work.catch((e) => console.warn(`Since Last Visit: visit of ${url} not stored:`, e));
  return Promise.race([replyReady, work.then(() => reply)]);
}

/**
 * A password field appeared on the page after its visit was stored: the visit is forgotten if it
 * is still the page's last (db.forgetVisit), and the tab's result says the page was not saved.
 */
async function onForget(msg, sender) {
  const { tabId, url, site } = contentSender(sender);
  validateForget(msg);
  return admission.run({ tabId: -1, site, chars: 0 }, async () => {
    const state = (await readTabState(tabId)).pages[url];
    const forgotten = state && typeof state.visitId === 'number' ? await db.forgetVisit(url, state.visitId) : false;
    versionCache.delete(url);
    core.dropSite(site);
    await keepTabPage(tabId, url, { status: 'skipped', reason: 'password', time: Date.now() });
    await setBadge(tabId, 0);
    return { forgotten };
  });
}

/**
 * Blocks whose text changed by itself while the page stayed open (content/live.js): the site
 * learns their slots as from two versions fetched moments apart. Only for a page whose visit
 * was stored in this tab (not skipped: excluded, paused, private, a password).
 */
async function onLive(msg, sender) {
  const { tabId, incognito, url, site } = contentSender(sender);
  const { changes } = validateLive(msg);
  const state = (await readTabState(tabId)).pages[url];
  if (incognito || !state || state.status === 'skipped' || typeof state.visitId !== 'number') return { learned: 0, moved: [] };
  const settings = await currentSettings();
  if (isExcluded(settings, site) || isSensitive(settings, site) || (await everyday.isPaused())) return { learned: 0, moved: [] };
  const shown = await shownAtLive(state, changes);
  const chars = changes.reduce((n, c) => n + c.old.length + c.new.length, 0)
    + (shown ? shown.changes.reduce((n, c) => n + c.old.length + c.new.length, 0) : 0);
  const learned = await admission.run({ tabId: -1, site, chars }, async () => {
    const out = await core.learnLive(site, changes, shown);
    if (!out.rules_put.length && !out.rules_deleted.length) return null;
    try {
      await db.updateSiteState(site, out);
    } catch (e) {
      core.dropSite(site);
      throw e;
    }
    return out;
  });
  if (!learned) return { learned: 0, moved: [] };
  const hidden = shown ? shown.ks.flatMap((ks, i) => (learned.hidden[i] ? ks.map((k) => [k, learned.hidden[i]]) : [])) : [];
  const moved = hidden.length ? await moveLiveChanges(tabId, url, state.visitId, hidden) : [];
  return { learned: learned.rules_put.length, moved };
}

/**
 * The visit's content changes at a block seen living (`changes`' paths), as the core judges
 * them again: `{ changes: [{ path, old, new }], then, now }`, and `ks`, for each the numbers of
 * the per-tab result's changes it stands for — a changed block's text; or a new block and the
 * block removed from its slot (a quote replaced by another is no edit of it), judged as the
 * change from one to the other, as a visit judges a slot it knows rotates. Null when there are
 * none. A change a learned rule looked like already (kept, with its reason) stays as the visit
 * judged it.
 * @param {any} state the page's per-tab result
 * @param {{ path: string }[]} changes
 */
async function shownAtLive(state, changes) {
  const content = (Array.isArray(state.changes) ? state.changes : []).filter((c) => c.kind === 'content' && !c.reason);
  if (!content.length || typeof state.prevVisitId !== 'number') return null;
  const [oldBlocks, newBlocks] = await Promise.all([db.loadVisitBlocks(state.prevVisitId), db.loadVisitBlocks(state.visitId)]);
  if (!oldBlocks || !newBlocks) return null;
  const living = new Set(changes.map((c) => c.path));
  const at = (blocks, i) => (Number.isInteger(i) && blocks[i] ? blocks[i] : null);
  const removedAt = new Map();
  for (const c of content) {
    const b = c.status === 'removed' ? at(oldBlocks, c.old) : null;
    if (b && living.has(b.path) && !removedAt.has(b.path)) removedAt.set(b.path, c);
  }
  const out = { changes: [], then: typeof state.lastVisitTime === 'number' ? state.lastVisitTime : null, now: typeof state.time === 'number' ? state.time : null, ks: [] };
  for (const c of content) {
    const b = at(newBlocks, c.new);
    if (!b || !living.has(b.path)) continue;
    const was = c.status === 'changed' ? at(oldBlocks, c.old) : null;
    const gone = c.status === 'new' ? removedAt.get(b.path) : null;
    if (was) {
      out.changes.push({ path: b.path, old: was.text, new: b.text });
      out.ks.push([c.k]);
    } else if (gone) {
      removedAt.delete(b.path);
      out.changes.push({ path: b.path, old: oldBlocks[gone.old].text, new: b.text });
      out.ks.push([c.k, gone.k]);
    }
  }
  return out.changes.length ? out : null;
}

/**
 * Moves the changes `hidden` (`[k, reason]`: what the text seen living taught hides them) of
 * the visit `visitId` to the automated list of the page's per-tab result, as teaching does, and
 * the badge with them, and recounts the stored visit (db.recountVisit: the history counts what
 * the page showed in the end): what the page is told to move (`[{ change, kind, reason }]`, the
 * reason marked `live`). Nothing when the tab shows another visit by now.
 * @param {number} tabId @param {string} url @param {number} visitId @param {[number, any][]} hidden
 */
function moveLiveChanges(tabId, url, visitId, hidden) {
  return onTab(tabId, async () => {
    const all = await readTabState(tabId);
    const page = all.pages[url];
    if (!page || page.visitId !== visitId) return [];
    const moved = [];
    for (const [k, reason] of hidden) {
      const c = page.changes.find((x) => x.k === k);
      if (!c || c.kind !== 'content') continue;
      c.kind = 'noise';
      c.reason = { ...shortReason(reason), live: true };
      // (Removed text is not counted: the badge counts what is painted.)
      if (c.status !== 'removed') page.count = Math.max(0, (page.count || 0) - 1);
      page.automated = (page.automated || 0) + 1;
      if (Array.isArray(page.autoAt)) page.autoAt.push([c.old ?? null, c.new ?? null]);
      moved.push({ change: k, kind: c.kind, reason: c.reason });
    }
    if (!moved.length) return moved;
    delete page.metrics;
    await storeTabState(tabId, all);
    if (all.current === url) await setBadge(tabId, page.count);
    const gone = moved.filter((m) => page.changes.find((x) => x.k === m.change)?.status === 'removed').length;
    await db.recountVisit(visitId, { shown: gone - moved.length, removed: -gone })
      .catch((e) => console.warn('Since Last Visit: the visit\'s count not updated:', e));
    return moved;
  });
}

async function onRestored(msg, sender) {
  const { tabId, url } = contentSender(sender);
  validateRestored(msg);
  const all = await readTabState(tabId);
  const state = all.pages[url];
  if (state) {
    all.current = url;
    await storeTabState(tabId, all);
  }
  await setBadge(tabId, state ? state.count || 0 : 0);
  return { ok: true };
}

// ---------------------------------------------------------------------------------------------
// Extension page messages (popup, settings page).

/** @param {chrome.runtime.MessageSender} sender */
function isExtensionPage(sender) {
  return sender.id === api.runtime.id && typeof sender.url === 'string'
    && sender.url.startsWith(api.runtime.getURL(''));
}

/** @param {import('../shared/messages.js').PopupStateMessage} msg */
async function popupState(msg) {
  const out = await popupStateOf(msg);
  const full = await storageFull.fullSince();
  return full ? { ...out, storageFull: full } : out;
}

/** Deletes the oldest history to make room (the popup's button when storage is full). */
function pruneOldest() {
  return serialized(async () => {
    const r = await db.deleteOldest(storageFull.PRUNE_SHARE);
    forgetPages(r);
    versionCache.clear();
    await forgetTabResults((url) => r.pageUrls.includes(url));
    await storageFull.markWritten();
    return { visits: r.visits, pages: r.pages };
  });
}

/** @param {import('../shared/messages.js').PopupStateMessage} msg */
async function popupStateOf(msg) {
  const tabId = validateTabId(msg.tabId);
  let tab;
  try {
    tab = await api.tabs.get(tabId);
  } catch {
    return { handled: false, reason: 'no-tab' };
  }
  if (tab.incognito) return { handled: false, reason: 'private' };
  const url = historyKey(tab.url || '', /** @type {any} */ (tab).cookieStoreId);
  if (!url) return { handled: false, reason: 'unsupported' };
  const site = new URL(url).hostname;
  const settings = await readSettings(api);
  if (isExcluded(settings, site)) return { handled: false, reason: 'excluded', site };
  if (isSensitive(settings, site)) return { handled: false, reason: 'sensitive', site };
  await tabWork.get(tabId); // the visit being written in this tab, if any
  const all = await readTabState(tabId);
  const state = all.pages[url];
  if (!state) return { handled: true, url, status: 'pending' };
  if (state.status === 'skipped') return { handled: false, reason: state.reason, url };
  const out = { handled: true, url, ...state };
  if (state.status === 'changed' && state.prevVisitId != null) {
    await queue; // the visit being written, if any
    const fresh = (await readTabState(tabId)).pages[url] || state;
    if (fresh.metrics && fresh.metrics.content) {
      out.metrics = fresh.metrics;
    } else if (fresh.visitId != null && fresh.autoAt !== null) {
      // On the content changes only (template and noise left out, as the summary counts them).
      const m = await everyday.contentMetrics(fresh);
      if (m) {
        out.metrics = m;
        fresh.metrics = out.metrics;
        await onTab(tabId, () => writeTabPage(tabId, url, fresh)).catch(() => {}); // only a cache of the metrics
      }
    }
  }
  return out;
}

/** @param {import('../shared/messages.js').ScrollToMessage} msg */
async function scrollTo(msg) {
  const tabId = validateTabId(msg.tabId);
  if (!Number.isInteger(msg.change) || msg.change < 0) throw new MessageError('invalid_message', 'change');
  return api.tabs.sendMessage(tabId, { type: 'scroll-to', change: msg.change }, { frameId: 0 });
}

/** @param {import('../shared/messages.js').SettingsSetMessage} msg */
async function settingsSet(msg) {
  const patch = validateSettings(msg.settings);
  // One task of the write queue: the deletions first, the setting last. Visits are written in the
  // same queue and check the settings there, so none of a newly excluded site is stored after its
  // data is deleted; and a deletion that fails leaves the setting as it was (the page says so).
  return serialized(async () => {
    const before = await readSettings(api);
    const next = { ...before, ...patch };
    const added = (next.excludedSites || []).filter((s) => !before.excludedSites.includes(s));
    // Sites newly marked sensitive lose what was kept of them, as excluded ones do.
    for (const s of next.sensitiveSites || []) if (!(before.sensitiveSites || []).includes(s) && !added.includes(s)) added.push(s);
    let deleted = { visits: 0, pages: 0 };
    if (added.length) {
      if (TEST_HOOKS && (await currentHooks()).failDeleteSites) throw new Error('test hook: deleting the site failed');
      deleted = await db.deleteSites(added, hostInSite);
      await links.forgetLinks({ matchSite: (s) => added.some((a) => hostInSite(s, a)) }); // (links)
      core.dropSites((s) => added.some((a) => hostInSite(s, a)));
      for (const url of versionCache.keys()) {
        if (added.some((s) => hostInSite(new URL(url).hostname, s))) versionCache.delete(url);
      }
      await forgetTabResults((url) => added.some((s) => hostInSite(new URL(url).hostname, s)));
    }
    if (patch.retentionDays !== undefined) {
      const r = await db.deleteOlderThan(Date.now() - next.retentionDays * 86400000);
      await links.forgetLinks({ before: Date.now() - next.retentionDays * 86400000 }); // (links)
      forgetPages(r);
      deleted = { visits: deleted.visits + r.visits, pages: deleted.pages + r.pages };
      versionCache.clear();
    }
    await writeSettings(api, next);
    settingsCache = null;
    return { settings: next, deleted };
  });
}

/**
 * Removes the per-tab results (previews of changes) of the pages `gone(url)` says, from every
 * tab in storage.session; a tab showing one of them loses its badge.
 */
async function forgetTabResults(gone) {
  const session = await api.storage.session.get(null);
  for (const [key, stored] of Object.entries(session)) {
    const value = key.startsWith('tab:') ? parseTabState(stored) : null;
    if (!value) continue;
    const urls = Object.keys(value.pages).filter((url) => gone(url));
    if (!urls.length) continue;
    for (const url of urls) delete value.pages[url];
    const shown = !!value.current && gone(value.current);
    if (shown) value.current = null;
    await api.storage.session.set({ [key]: JSON.stringify(value) });
    if (shown) await setBadge(Number(key.slice(4)), 0);
  }
}

/**
 * Pages whose history is gone (retention) have left their site's template model and flip
 * history in the same transaction (db.deleteWhere deletes their sitePages records); learned
 * noise rules stay (they belong to the site). The instance reads those sites again.
 */
function forgetPages(deleted) {
  for (const site of deleted.pageSites || []) core.dropSite(site);
}

async function deleteAll() {
  return serialized(async () => {
    await db.deleteEverything();
    await links.forgetLinks({ all: true }); // (links)
    core.dropSites(() => true);
    versionCache.clear();
    const session = await api.storage.session.get(null);
    const tabIds = Object.keys(session).filter((k) => k.startsWith('tab:')).map((k) => Number(k.slice(4)));
    await api.storage.session.clear();
    await Promise.all(tabIds.map((id) => setBadge(id, 0)));
    return { ok: true };
  });
}

/** Per site: its learned noise rules and how many pages its template model holds. */
async function siteModels() {
  await queue;
  await serialized(() => core.migrateAll());
  const [rules, pageCounts] = await Promise.all([db.allRules(), db.sitePageCounts()]);
  const out = [];
  for (const site of new Set([...rules.keys(), ...pageCounts.keys()])) {
    out.push({
      site,
      templatePages: pageCounts.get(site) || 0,
      rules: (rules.get(site) || []).filter((r) => !r.removed)
        .map((r) => ({ id: r.id, label: r.label, learnedFrom: r.learned_from, hits: r.hits })),
    });
  }
  out.sort((a, b) => a.site.localeCompare(b.site));
  return { sites: out };
}

/** Removes one learned noise rule of a site, for good; effective from the next visit on. */
/** @param {import('../shared/messages.js').RemoveRuleMessage} msg */
async function removeRule(msg) {
  const { site, id } = validateRemoveRule(msg);
  return serialized(async () => {
    const { rules } = await core.siteRules(site);
    if (!rules.some((r) => r.id === id && !r.removed)) throw new MessageError('not_found', 'no such rule');
    // Kept off from now on (a record with removed = true): a later visit that teaches the same
    // rule again does not bring it back.
    const record = await core.removeRule(site, id);
    if (!record) throw new MessageError('not_found', 'no such rule');
    try {
      await db.updateSiteState(site, { pages_put: [], pages_deleted: [], rules_put: [record], rules_deleted: [] });
    } catch (e) {
      core.dropSite(site);
      throw e;
    }
    return { removed: id };
  });
}

async function stats() {
  await queue;
  const counts = await db.counts();
  let estimate = null;
  try {
    estimate = await navigator.storage.estimate();
  } catch {
    // Not offered here.
  }
  return { counts, usage: estimate ? estimate.usage : null, coreStartMs: core.coreStartMs() };
}

// ---------------------------------------------------------------------------------------------
// hist: a page's history (extension/history/) — the bar's "History" button and the lifespan
// heat map the history page asks to lay over the open page.

/** Opens the history page of the sender's page in a new tab. */
async function openHistory(sender) {
  const { url } = contentSender(sender);
  await api.tabs.create({ url: api.runtime.getURL(`history/history.html?url=${encodeURIComponent(url)}`), active: true });
  return { ok: true };
}

/**
 * Sends the heat map (`heat: [{ index, level, label }]`, at most 20,000 blocks: the block cap) to the open
 * tab showing `url` (the last one found); `{ shown: 0 }` when no tab shows it.
 */
async function showLifespansOnPage(msg) {
  const url = typeof msg.url === 'string' ? pageKey(msg.url) : null;
  if (!url) throw new MessageError('invalid_message', 'url');
  if (!Array.isArray(msg.heat) || msg.heat.length > 20000) throw new MessageError('invalid_message', 'heat');
  const heat = msg.heat.map((h) => ({
    index: Number.isInteger(h && h.index) && h.index >= 0 ? h.index : -1,
    level: Number.isInteger(h && h.level) ? Math.max(0, Math.min(3, h.level)) : 0,
    label: String((h && h.label) || '').slice(0, 40),
  })).filter((h) => h.index >= 0);
  const tabs = await api.tabs.query({});
  const tab = tabs.filter((t) => t.url && pageKey(t.url) === url && !t.incognito).pop();
  if (!tab || typeof tab.id !== 'number') return { shown: 0 };
  const r = await api.tabs.sendMessage(tab.id, { type: 'lifespans', heat }, { frameId: 0 }).catch(() => null);
  if (r && r.shown) await api.tabs.update(tab.id, { active: true }).catch(() => {});
  return { shown: r && r.shown ? r.shown : 0 };
}

// ---------------------------------------------------------------------------------------------
// Dispatch.

/**
 * Answers one message: checks who sent it (`sender`, never the payload), then its type against
 * that sender's allow-list; the handler validates the rest.
 * @param {import('../shared/messages.js').Request} msg
 * @param {chrome.runtime.MessageSender} sender
 */
async function handle(msg, sender) {
  await ready();
  if (!msg || typeof msg !== 'object' || typeof msg.type !== 'string') throw new MessageError('invalid_message', 'no type');
  // Test builds only: the database's consistency check (consistency.js), from a page or a tab.
  if (TEST_HOOKS && msg.type === 'test-check') return checkDatabase();
  if (TEST_HOOKS && msg.type === 'test-fill') return storageFull.fill(Number(msg.bytes) || 0);
  if (TEST_HOOKS && msg.type === 'test-unfill') return storageFull.unfill();
  if (TEST_HOOKS && msg.type === 'test-last-error') return { error: lastWriteError };
  if (isExtensionPage(sender)) {
    if (msg.type.startsWith('watch-')) return watch.handlePageMessage(msg);
    if (everyday.EVERYDAY_PAGE_TYPES.has(msg.type)) return everyday.onPage(msg);
    if (!PAGE_TYPES.has(msg.type)) throw new MessageError('forbidden', `unknown type ${msg.type}`);
    switch (msg.type) {
      case 'popup-state': return popupState(msg);
      case 'scroll-to': return scrollTo(msg);
      case 'settings-get': return { settings: await readSettings(api), defaults: DEFAULT_SETTINGS };
      case 'settings-set': return settingsSet(msg);
      case 'delete-all': return deleteAll();
      case 'stats': return stats();
      case 'site-models': return siteModels();
      case 'remove-rule': return removeRule(msg);
      case 'prune-oldest': return pruneOldest();
      case 'show-lifespans': return showLifespansOnPage(msg);
      case 'new-pages': { // (links) newly appeared pages, by novelty
        const options = links.validateNewPages(msg);
        await queue;
        return links.newPages(options);
      }
    }
  }
  if (TEST_HOOKS && msg.type === 'test-badge') {
    const { tabId } = contentSender(sender);
    await tabWork.get(tabId); // the badge of the visit being written, not of the one before
    return { text: await api.action.getBadgeText({ tabId }) };
  }
  if (TEST_HOOKS && msg.type === 'test-open') {
    // Firefox's WebDriver cannot navigate to extension pages: open them for the test.
    const { tabId } = contentSender(sender);
    const page = msg.page === 'options' ? 'options/options.html' : `popup/popup.html?tabId=${tabId}`;
    await api.tabs.create({ url: api.runtime.getURL(page), active: true });
    return { ok: true };
  }
  // everyday.js: a single-page app's route — the address the content script read the page at,
  // checked against the tab's own address (Chromium's sender.url stays the document's first).
  sender = everyday.routedSender(sender, msg);
  if (everyday.EVERYDAY_CONTENT_TYPES.has(msg.type)) return everyday.onContent(msg, contentSender(sender));
  if (TEST_HOOKS && msg.type === 'test-command') {
    // everyday (Firefox parity): the real command handler, for a command no test can type.
    const { tabId } = contentSender(sender);
    onCommand(String(msg.command), await api.tabs.get(tabId));
    return { ok: true };
  }
  if (TEST_HOOKS && msg.type === 'test-onboarding') {
    // everyday: runs the real on-install handler (test builds do not open it on install).
    contentSender(sender);
    return { opened: await onInstalledEveryday({ reason: 'install' }) };
  }
  if (!CONTENT_TYPES.has(msg.type)) throw new MessageError('forbidden', `unknown type ${msg.type}`);
  switch (msg.type) {
    case 'known': return onKnown(msg, sender);
    case 'visit': return onVisit(msg, sender);
    case 'restored': return onRestored(msg, sender);
    case 'forget': return onForget(msg, sender);
    case 'live': return onLive(msg, sender);
    case 'open-history': return openHistory(sender);
  }
  throw new MessageError('forbidden', 'unreachable');
}

api.runtime.onMessage.addListener((msg, sender, /** @type {(reply: import('../shared/messages.js').Reply) => void} */ sendResponse) => {
  const received = performance.timeOrigin + performance.now();
  handle(msg, sender).then(
    (result) => {
      if (TEST_HOOKS && result && result.steps) Object.assign(result.steps, { received, replied: performance.timeOrigin + performance.now() });
      sendResponse({ ok: true, result });
    },
    (e) => sendResponse({ ok: false, error: toWireError(e) }),
  );
  return true;
});

// ---------------------------------------------------------------------------------------------
// Export and import (export.js), over a port from the settings page: 'sincelast-export' gets
// `{ type: 'start', filter }` and streams the file back; 'sincelast-import' gets
// `{ type: 'lines', text }` batches (whole lines) and answers each with `{ type: 'progress',
// report }`, then `{ type: 'end' }` → `{ type: 'done', report }`. Both run in the write queue
// (an export sees no visit half written; an import batch is one transaction). Only the
// extension's own pages may connect.

api.runtime.onConnect.addListener((port) => {
  if (port.name !== 'sincelast-export' && port.name !== 'sincelast-import') return;
  if (!port.sender || !isExtensionPage(port.sender)) {
    port.disconnect();
    return;
  }
  let open = true;
  port.onDisconnect.addListener(() => { open = false; });
  const post = (m) => { if (open) port.postMessage(m); };
  const fail = (e) => post({ type: 'error', message: String(e && e.message ? e.message : e) });
  if (port.name === 'sincelast-export') {
    port.onMessage.addListener((msg) => {
      if (!msg || msg.type !== 'start') return;
      ready().then(() => core.coreReady()).then(() => serialized(() => runExport(msg.filter || {}, post, () => readSettings(api)))).catch(fail);
    });
    return;
  }
  let session = null;
  let chain = Promise.resolve();
  port.onDisconnect.addListener(() => { chain.then(() => session && session.free()); });
  port.onMessage.addListener((msg) => {
    if (!msg || typeof msg.type !== 'string') return;
    chain = chain.then(async () => {
      await ready();
      await core.coreReady();
      if (!session) {
        session = new ImportSession({
          storedSettings: async () => (await api.storage.local.get('settings')).settings ? readSettings(api) : null,
          writeSettings: async (s) => { await writeSettings(api, s); settingsCache = null; },
        });
      }
      if (msg.type === 'lines' && typeof msg.text === 'string') {
        const report = await serialized(async () => {
          const r = await session.feed(msg.text);
          // Site states the instance holds may be older than what is stored now (a batch may
          // have added their pages or rules): read again on their next visit.
          core.dropSites(() => true);
          return r;
        });
        post({ type: 'progress', report });
      } else if (msg.type === 'end') {
        post({ type: 'done', report: session.report });
      }
    }).catch(fail);
  });
});

api.storage.onChanged.addListener((changes, area) => {
  if (area !== 'local') return;
  if (changes.settings) settingsCache = null;
  if (TEST_HOOKS && changes.testHooks) hooksCache = null;
});

/** The keyboard command (named, so the test builds can run this very handler). */
function onCommand(command, tab) {
  if (command !== 'next-change') return;
  (async () => {
    await ready();
    const target = tab && typeof tab.id === 'number' ? tab : (await api.tabs.query({ active: true, currentWindow: true }))[0];
    if (target) await api.tabs.sendMessage(target.id, { type: 'next-change' }, { frameId: 0 });
  })().catch(() => {});
}
api.commands.onCommand.addListener(onCommand);

// The keyboard command "previous change" (paint): the same as next-change, the other way.
api.commands.onCommand.addListener((command, tab) => {
  if (command !== 'previous-change') return;
  (async () => {
    await ready();
    const target = tab && typeof tab.id === 'number' ? tab : (await api.tabs.query({ active: true, currentWindow: true }))[0];
    if (target) await api.tabs.sendMessage(target.id, { type: 'previous-change' }, { frameId: 0 });
  })().catch(() => {});
});

api.tabs.onRemoved.addListener((tabId) => {
  api.storage.session.remove(tabKey(tabId)).catch(() => {});
});

api.tabs.onUpdated.addListener((tabId, changeInfo) => {
  // A new document in the tab: its badge belongs to the old one until the content script reports.
  if (changeInfo.status === 'loading' && changeInfo.url) setBadge(tabId, 0);
});

/**
 * The daily retention: deletes visits older than the setting. A stored retention that is not a
 * valid number of days (storage.local can be written by content scripts) deletes nothing.
 */
async function applyRetention() {
  await ready();
  const { settings, bad } = await readSettingsChecked(api);
  if (bad.includes('retentionDays') || bad.includes('settings')) {
    console.warn('Since Last Visit: stored retention is invalid; nothing deleted');
    return { skipped: true, visits: 0, pages: 0 };
  }
  let r = { visits: 0, pages: 0 };
  await serialized(async () => {
    r = await db.deleteOlderThan(Date.now() - settings.retentionDays * 86400000);
    await links.forgetLinks({ before: Date.now() - settings.retentionDays * 86400000 }); // (links)
    forgetPages(r);
  });
  versionCache.clear();
  return { skipped: false, visits: r.visits, pages: r.pages };
}

api.alarms.onAlarm.addListener((alarm) => {
  if (alarm.name !== RETENTION_ALARM) return;
  applyRetention().catch(() => {});
});

api.runtime.onInstalled.addListener((details) => {
  ready().catch(() => {});
  watch.createMenu().catch((e) => console.warn('Since Last Visit: no context menu:', e));
  // everyday.js: the first-run page, on install (test builds: through the test hook, so the
  // other tests' windows keep their tabs).
  if (!TEST_HOOKS) onInstalledEveryday(details).catch(() => {});
});

// watch: background checks of watched pages.
watch.initWatch({
  serialized,
  hooks: currentHooks,
  excluded: async (site) => isExcluded(await currentSettings(), site),
  tabCount: async (tabId) => {
    const all = await readTabState(tabId);
    const state = all.current ? all.pages[all.current] : null;
    return state && state.count ? state.count : 0;
  },
});
watch.registerListeners(ready);
api.alarms.onAlarm.addListener((alarm) => {
  if (alarm.name !== watch.WATCH_ALARM) return;
  ready().then(() => watch.runChecks()).catch((e) => console.warn('Since Last Visit: watch checks failed:', e));
});

/** Opens the onboarding page when the extension is installed. */
async function onInstalledEveryday(details) {
  if (!details || details.reason !== 'install') return false;
  await api.tabs.create({ url: api.runtime.getURL('onboarding/onboarding.html'), active: true });
  return true;
}

everyday.init({
  serialized,
  readTabState,
  storeTabState,
  setBadge,
  forgetTabResults,
  forgetCachedVersion: (url) => { versionCache.delete(url); },
});

if (TEST_HOOKS) {
  // Test builds only: lets the browser tests look inside without a UI.
  globalThis.__sincelastTest = {
    ready, counts: db.counts, stats, coreReady: core.coreReady, coreStartMs: core.coreStartMs,
    idle: () => admission.queues.idle(), readTabState, applyRetention, checkDatabase,
    refused: () => ({ ...admission.refused }),
    watchRun: (all) => (all ? db.allWatches().then((ws) => watch.runChecks(ws.map((w) => w.url))) : watch.runChecks()),
    watchAll: db.allWatches,
    // The context menu's entry on the tab, a click on a notification: their real handlers.
    watchMenu: async (tabId) => watch.handlersForTests.menuClicked(await api.tabs.get(tabId)),
    watchNotificationClick: (id) => watch.handlersForTests.notificationClicked(id),
    onInstalled: onInstalledEveryday,
  };
}
