// Everyday controls, the background's side: what the person teaches ("this is noise", "always
// show changes here"), regions of a page to ignore or to watch alone, pausing, forgetting a page,
// and the metrics of a visit on its content changes only. background.js hands over its helpers
// (`init`) and routes the messages of EVERYDAY_CONTENT_TYPES / EVERYDAY_PAGE_TYPES here.

import * as db from './db.js';
import * as core from './core.js';
import { api } from '../shared/api.js';
import { KindError } from '../shared/errors.js';
import { pageKey } from '../shared/protocol.js';
import { validateTeach, validateRegion, validatePause, checkRegions, regionsFor, keepBlocks, MAX_REGIONS } from '../shared/everyday.js';

/**
 * What background.js lends this module.
 * @typedef {object} Context
 * @property {(task: () => Promise<any>) => Promise<any>} serialized the write queue
 * @property {(tabId: number) => Promise<{ current: string | null, pages: Record<string, any> }>} readTabState
 * @property {(tabId: number, all: any) => Promise<void>} storeTabState
 * @property {(tabId: number, count: number) => Promise<void>} setBadge
 * @property {(gone: (url: string) => boolean) => Promise<void>} forgetTabResults
 * @property {(url: string) => void} forgetCachedVersion
 */

/** @type {Context | null} */
let ctx = null;

/** @param {Context} context */
export function init(context) {
  ctx = context;
}

function need() {
  if (!ctx) throw new Error('everyday: not initialised');
  return ctx;
}

// ---------------------------------------------------------------------------------------------
// Pause: storage.local `pausedUntil` (ms since the epoch; -1: until turned on again).

const PAUSE_KEY = 'pausedUntil';

/** When recording resumes: null when it is not paused, -1 when paused until turned on. */
export async function pausedUntil() {
  const got = await api.storage.local.get(PAUSE_KEY);
  const v = got[PAUSE_KEY];
  if (v === -1) return -1;
  if (typeof v === 'number' && Number.isFinite(v) && v > Date.now()) return v;
  return null;
}

/** True while recording is paused. */
export async function isPaused() {
  return (await pausedUntil()) !== null;
}

/** @param {any} msg */
async function setPause(msg) {
  const minutes = validatePause(msg);
  if (minutes === 0) await api.storage.local.remove(PAUSE_KEY);
  else await api.storage.local.set({ [PAUSE_KEY]: minutes === null ? -1 : Date.now() + minutes * 60000 });
  return { pausedUntil: await pausedUntil() };
}

// ---------------------------------------------------------------------------------------------
// Teaching: "this is noise" / "always show changes here" on one change of a tab's page.

/** The block path of change `c` of a page's per-tab result (its version's stored paths). */
async function pathOf(page, c) {
  const removed = c.status === 'removed';
  const visitId = removed ? page.prevVisitId : page.visitId;
  const index = removed ? c.old : c.new;
  if (visitId == null || !Number.isInteger(index)) throw new KindError('not_found', 'the change is not stored yet');
  const blocks = await db.loadVisitBlocks(visitId);
  const b = blocks && blocks[index];
  if (!b || !b.path) throw new KindError('not_found', 'no such block');
  return b.path;
}

/**
 * Teaches the slot of change `k` of the page `url` shown in tab `tabId`, moves the change to
 * the automated list (or back) at once in the per-tab result, the badge and the stored visit's
 * count (db.recountVisit), and tells the page.
 * @param {number} tabId @param {string} url @param {number} k @param {boolean} noise
 */
async function teach(tabId, url, k, noise) {
  const { serialized, readTabState, storeTabState, setBadge } = need();
  const site = new URL(url).hostname;
  return serialized(async () => {
    const all = await readTabState(tabId);
    const page = all.pages[url];
    const c = page && Array.isArray(page.changes) ? page.changes.find((x) => x.k === k) : null;
    if (!c) throw new KindError('not_found', 'no such change on this page');
    const path = await pathOf(page, c);
    const records = await core.teachRule(site, path, noise);
    try {
      await db.updateSiteState(site, { pages_put: [], pages_deleted: [], rules_put: records, rules_deleted: [] });
    } catch (e) {
      core.dropSite(site);
      throw e;
    }
    const rule = records[0];
    const wasContent = c.kind === 'content';
    c.kind = noise ? 'noise' : 'content';
    c.reason = noise
      ? { source: 'learned', kinds: [], rule_id: rule.id, label: rule.label, rule: 'taught' }
      : { source: 'learned', kinds: [], rule_id: rule.id, label: rule.label, rule: 'shown', kept: { type: 'shown' } };
    const delta = (noise ? 0 : 1) - (wasContent ? 1 : 0);
    // Removed text is not counted (the badge counts what is painted).
    if (c.status !== 'removed') page.count = Math.max(0, (page.count || 0) + delta);
    page.automated = Math.max(0, (page.automated || 0) - delta);
    if (Array.isArray(page.autoAt)) {
      page.autoAt = page.autoAt.filter((x) => !(x[0] === (c.old ?? null) && x[1] === (c.new ?? null)));
      if (noise) page.autoAt.push([c.old ?? null, c.new ?? null]);
    }
    delete page.metrics;
    await storeTabState(tabId, all);
    if (all.current === url) await setBadge(tabId, page.count);
    if (delta && typeof page.visitId === 'number') {
      await db.recountVisit(page.visitId, c.status === 'removed' ? { removed: delta } : { shown: delta })
        .catch((e) => console.warn('Since Last Visit: the visit\'s count not updated:', e));
    }
    const out = { change: k, kind: c.kind, reason: c.reason, count: page.count, ruleId: rule.id, path };
    api.tabs.sendMessage(tabId, { type: 'taught', change: k, kind: c.kind, reason: c.reason }, { frameId: 0 }).catch(() => {});
    return out;
  });
}

// ---------------------------------------------------------------------------------------------
// Regions: storage.local `regions`, written here only, checked on every read.

const REGIONS_KEY = 'regions';

export async function readRegions() {
  const got = await api.storage.local.get(REGIONS_KEY);
  return checkRegions(got[REGIONS_KEY]);
}

/** @param {string} url @param {any} msg */
async function addRegion(url, msg) {
  const r = validateRegion(msg);
  const site = new URL(url).hostname;
  return need().serialized(async () => {
    const regions = await readRegions();
    if (regions.length >= MAX_REGIONS) throw new KindError('too_large', `at most ${MAX_REGIONS} regions`);
    const region = { id: `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 8)}`, site, url: r.scope === 'page' ? url : null, path: r.path, mode: r.mode, label: r.label, time: Date.now() };
    regions.push(region);
    await api.storage.local.set({ [REGIONS_KEY]: regions });
    return { region };
  });
}

/** @param {any} msg */
async function removeRegion(msg) {
  if (!msg || typeof msg.id !== 'string' || msg.id.length > 64) throw new KindError('invalid_message', 'id');
  return need().serialized(async () => {
    const regions = await readRegions();
    const left = regions.filter((r) => r.id !== msg.id);
    if (left.length === regions.length) throw new KindError('not_found', 'no such region');
    await api.storage.local.set({ [REGIONS_KEY]: left });
    return { removed: msg.id };
  });
}

/**
 * The previous version as the core should compare it with a page read under regions: without
 * the blocks the regions leave out (else a newly ignored part would show as removed), and the
 * way back from the core's old indices to the stored version's. Null when no region applies.
 * @param {string} url
 * @param {{ time: number, blocks: { text: string, path: string }[] } | null} previous
 */
export async function regionView(url, previous) {
  if (!previous) return null;
  const regions = regionsFor(await readRegions(), url);
  if (!regions.length) return null;
  const keep = keepBlocks(previous.blocks.map((b) => b.path), regions);
  const index = [];
  const blocks = [];
  keep.forEach((k, i) => {
    if (k) {
      index.push(i);
      blocks.push(previous.blocks[i]);
    }
  });
  return { version: { time: previous.time, blocks }, index };
}

/**
 * Gives the changes of a comparison made on a region view their old indices in the stored
 * version back.
 * @param {{ old_index?: number | null }[]} changes
 * @param {{ index: number[] } | null} view
 */
export function remapOld(changes, view) {
  if (!view) return;
  for (const c of changes) if (c.old_index != null) c.old_index = view.index[c.old_index] ?? c.old_index;
}

// ---------------------------------------------------------------------------------------------
// Forget one page (popup).

/** @param {string} url */
async function forgetPage(url) {
  const { serialized, forgetTabResults, forgetCachedVersion } = need();
  return serialized(async () => {
    const r = await db.deletePage(url);
    forgetCachedVersion(url);
    for (const site of r.pageSites || []) core.dropSite(site);
    await forgetTabResults((u) => u === url);
    return { visits: r.visits, pages: r.pages };
  });
}

// ---------------------------------------------------------------------------------------------
// Metrics of a visit's content changes (the popup's "details").

/**
 * The metrics of a page's per-tab result on its content only, computed by the core.
 * @param {any} page the per-tab result (visitId, prevVisitId, autoAt)
 */
export async function contentMetrics(page) {
  const [oldBlocks, newBlocks] = await Promise.all([db.loadVisitBlocks(page.prevVisitId), db.loadVisitBlocks(page.visitId)]);
  if (!oldBlocks || !newBlocks) return null;
  const changes = (Array.isArray(page.autoAt) ? page.autoAt : []).map(([o, n]) => ({ kind: 'noise', old_index: o, new_index: n }));
  const m = await core.contentMetrics(oldBlocks.map((b) => b.text), newBlocks.map((b) => b.text), changes);
  return { dice: m.dice, ied: m.ied, content: true };
}

/**
 * Where the automated changes of a visit stood (`[old_index, new_index]` each), kept per tab so
 * the metrics can leave them out; null when there are too many to keep.
 * @param {{ kind: string, old_index?: number | null, new_index?: number | null }[]} changes
 */
export function automatedAt(changes) {
  const out = [];
  for (const c of changes) {
    if (c.kind === 'content') continue;
    out.push([c.old_index ?? null, c.new_index ?? null]);
  }
  return out.length > 2000 ? null : out;
}

// ---------------------------------------------------------------------------------------------
// Single-page apps: the address a content script read its page at.

/**
 * The sender of a content script's message, its `url` the address the page was read at
 * (`msg.url`) when it is given: a route of a single-page app (history.pushState changes the
 * address, not the document). Taken only when it is the tab's own address now and of the
 * document's origin; another origin is refused; an address that is not the tab's any more leaves
 * the sender as it is (the visit is then refused as 'url-changed': text read at one address is
 * never stored under another). Without `msg.url`: the sender as it is.
 * @param {chrome.runtime.MessageSender} sender
 * @param {any} msg
 * @returns {chrome.runtime.MessageSender}
 */
export function routedSender(sender, msg) {
  if (!msg || typeof msg !== 'object' || msg.url === undefined) return sender;
  if (typeof msg.url !== 'string' || msg.url.length > 8192) throw new KindError('invalid_message', 'url');
  const claimed = pageKey(msg.url);
  const doc = pageKey(sender.url || '');
  if (!claimed || !doc) throw new KindError('forbidden', 'not an http(s) page');
  if (claimed === doc) return sender;
  if (new URL(claimed).origin !== new URL(doc).origin) throw new KindError('forbidden', 'an address of another origin');
  const tab = sender.tab && typeof sender.tab.url === 'string' ? pageKey(sender.tab.url) : null;
  // Not the tab's address now: the page moved while it was read. The sender stays as it is, and
  // a visit saying another address than the sender's is refused as 'url-changed' (onVisit).
  if (tab !== claimed) return sender;
  return { ...sender, url: claimed };
}

// ---------------------------------------------------------------------------------------------
// Dispatch.

export const EVERYDAY_CONTENT_TYPES = new Set(['teach', 'regions-for-page', 'region-add']);
export const EVERYDAY_PAGE_TYPES = new Set(['teach', 'pause', 'pause-get', 'forget-page', 'regions-list', 'region-remove', 'pick-region', 'demo-visit']);

const DEMO_SITE = 'demo.sincelast.invalid';

/** The onboarding page's live demo: two small versions compared by the core, nothing stored. */
async function demoVisit(msg) {
  const check = (list) => {
    if (!Array.isArray(list) || !list.length || list.length > 50) throw new KindError('invalid_message', 'blocks');
    return list.map((b) => {
      if (!b || typeof b.text !== 'string' || !b.text || b.text.length > 500 || typeof b.path !== 'string' || b.path.length > 200) throw new KindError('invalid_message', 'block');
      return { text: b.text, path: b.path, links: [] };
    });
  };
  const oldBlocks = check(msg.old);
  const newBlocks = check(msg.new);
  const now = Date.now();
  return need().serialized(async () => {
    core.dropSite(DEMO_SITE);
    try {
      const r = await core.analyzeVisit(`https://${DEMO_SITE}/news`, DEMO_SITE, { time: now - 86400000, blocks: oldBlocks }, { time: now, blocks: newBlocks });
      return { status: r.status, summary: r.summary, changes: r.changes };
    } finally {
      core.dropSite(DEMO_SITE);
    }
  });
}

/** A content script's message (its tab and URL already checked by the caller). */
export async function onContent(msg, who) {
  switch (msg.type) {
    case 'teach': {
      const { change, noise } = validateTeach(msg);
      return teach(who.tabId, who.url, change, noise);
    }
    case 'regions-for-page': return { regions: regionsFor(await readRegions(), who.url) };
    case 'region-add': return addRegion(who.url, msg);
  }
  throw new KindError('forbidden', 'unreachable');
}

/** The URL shown in a tab (http(s) only). */
async function tabUrl(tabId) {
  if (!Number.isInteger(tabId) || tabId < 0) throw new KindError('invalid_message', 'tabId');
  const tab = await api.tabs.get(tabId);
  const url = pageKey(tab.url || '');
  if (!url) throw new KindError('forbidden', 'not an http(s) page');
  return url;
}

/** An extension page's message. */
export async function onPage(msg) {
  switch (msg.type) {
    case 'teach': {
      const { change, noise } = validateTeach(msg);
      return teach(msg.tabId, await tabUrl(msg.tabId), change, noise);
    }
    case 'pause': return setPause(msg);
    case 'demo-visit': return demoVisit(msg);
    case 'pause-get': return { pausedUntil: await pausedUntil() };
    case 'forget-page': return forgetPage(await tabUrl(msg.tabId));
    case 'regions-list': return { regions: await readRegions() };
    case 'region-remove': return removeRegion(msg);
    case 'pick-region': {
      await tabUrl(msg.tabId);
      const mode = msg.mode === 'include' ? 'include' : 'ignore';
      return api.tabs.sendMessage(msg.tabId, { type: 'pick-region', mode }, { frameId: 0 });
    }
  }
  throw new KindError('forbidden', 'unreachable');
}
