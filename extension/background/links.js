// New links since the last visit and newly appeared pages (Toyoda & Kitsuregawa): the
// background's side. The computations are the core's (core/engine/src/links: normalisation,
// certainly new links, the novelty score); this file keeps the visited link graph in IndexedDB
// (stores linkPages and linkSeen, version 4, see db.js) and answers the 'new-pages' message.
//
// Definitions (what a person sees):
// - A link of a page is *certainly new* when the page was seen at its previous visit and at this
//   one, and the link's normalised target is among the page's links now and among none of them
//   at the previous visit. The previous links are the ones this file stored for the page
//   (linkPages); for pages visited before it existed, the links of the stored blocks.
// - A page is *first seen* the first time it is visited or linked from a visited page
//   (linkSeen). The pages first seen within the period asked about and visited at most once are
//   the paper's unidentified pages U; every other page of the graph is old (a page visited
//   twice existed at its previous visit: the paper's L2).
// - Newly appeared pages: the pages of U with a positive novelty, highest first. A certainly
//   new link counts 1, a link from an old page 0 (its age is unknown), a link from a page of U
//   that page's novelty; δ = 0.1, 20 iterations (the paper's).
//
// Nothing here may cost a visit: the visit is written first, the graph after it (a failure is
// reported on the console and the graph misses that visit).

import * as wasm from 'sincelast-wasm';
import { coreReady } from './core.js';
import { openDb } from './db.js';
import { KindError } from '../shared/errors.js';

export const LINK_STORES = ['linkPages', 'linkSeen'];
/** Links of one page's version kept in the graph. */
const MAX_PAGE_LINKS = 2000;
/** Certainly new links kept per page (newest first), and for how long. */
const MAX_CERTAIN = 500;
const CERTAIN_KEEP_MS = 30 * 86400000;
/** New links listed per visit (per-tab state and the reply to the content script). */
export const MAX_LISTED_LINKS = 50;
const LABEL_CHARS = 100;
/** Bytes (about) the new links may take in a tab's state for the popup (storage.session). */
const POPUP_LINK_BYTES = 8 * 1024;

/**
 * The new links as a tab's state keeps them for the popup: `{ url, text }`, as many as fit
 * POPUP_LINK_BYTES (the popup says how many more there are).
 * @param {{ url: string, text: string }[]} listed
 */
export function popupLinks(listed) {
  const out = [];
  let bytes = 0;
  for (const l of listed) {
    bytes += l.url.length + l.text.length * 3 + 24;
    if (bytes > POPUP_LINK_BYTES) break;
    out.push({ url: l.url, text: l.text });
  }
  return out;
}

/** The period 'new-pages' looks at by default, and the most pages it answers. */
export const DEFAULT_NEW_PAGES_MS = 7 * 86400000;
const MAX_NEW_PAGES = 200;

function reqP(req) {
  return new Promise((resolve, reject) => {
    req.onsuccess = () => resolve(req.result);
    req.onerror = () => reject(req.error);
  });
}

/** @returns {Promise<void>} */
function txDone(tx) {
  return new Promise((resolve, reject) => {
    tx.oncomplete = () => resolve();
    tx.onabort = () => reject(tx.error || new Error('transaction aborted'));
    tx.onerror = () => {};
  });
}

/** A block text cut for a label. */
function label(text) {
  const t = String(text || '').replace(/\s+/g, ' ').trim();
  return t.length > LABEL_CHARS ? `${t.slice(0, LABEL_CHARS - 1)}…` : t;
}

/**
 * The links of a visit: `{ current, listed, fresh }` — `current` the page's normalised link
 * targets now (document order, unique), `fresh` the certainly new ones (none on a first
 * visit), `listed` the first MAX_LISTED_LINKS of them as `{ url, raw, text }` (`raw`: the link
 * as the page wrote it, resolved, for the content script to find; `text`: the text of the
 * first block that links there).
 * @param {string} url
 * @param {{ blocks: { links?: string[] }[] } | null} previous the page's last stored version
 * @param {{ text: string, links?: string[] }[]} blocks this visit's blocks
 */
export async function linksOfVisit(url, previous, blocks) {
  await coreReady();
  /** @type {Map<string, { raw: string[], text: string }>} normalised → where it stands */
  const where = new Map();
  const raws = [];
  for (const b of blocks) {
    for (const raw of b.links || []) {
      const n = wasm.normalizeLink(raw);
      if (!n) continue;
      raws.push(raw);
      const w = where.get(n);
      if (!w) where.set(n, { raw: [raw], text: label(b.text) });
      else if (!w.raw.includes(raw) && w.raw.length < 8) w.raw.push(raw);
    }
  }
  const current = [...where.keys()];
  let fresh = [];
  if (previous) {
    const stored = await linkPage(url);
    const before = stored ? stored.links : previous.blocks.flatMap((b) => b.links || []);
    fresh = wasm.newLinks(url, before, raws);
  }
  const listed = fresh.slice(0, MAX_LISTED_LINKS).map((n) => ({ url: n, raw: where.get(n).raw, text: where.get(n).text }));
  return { current, fresh, listed };
}

/** The stored linkPages record of a page, or undefined. */
async function linkPage(url) {
  const db = await openDb();
  return reqP(db.transaction('linkPages', 'readonly').objectStore('linkPages').get(url));
}

/**
 * Records a visit in the link graph, in one transaction: the page's links now, the certainly
 * new ones added to those it keeps, and every page seen for the first time.
 * @param {{ url: string, site: string, time: number, current: string[], fresh: string[] }} visit
 */
export async function recordLinks({ url, site, time, current, fresh }) {
  const db = await openDb();
  const tx = db.transaction(LINK_STORES, 'readwrite');
  const done = txDone(tx);
  const pages = tx.objectStore('linkPages');
  const seen = tx.objectStore('linkSeen');
  const before = await reqP(pages.get(url));
  const keepFrom = time - CERTAIN_KEEP_MS;
  const freshSet = new Set(fresh);
  const certain = [
    ...fresh.map((u) => ({ url: u, time })),
    ...((before && before.certain) || []).filter((c) => c.time >= keepFrom && !freshSet.has(c.url)),
  ].slice(0, MAX_CERTAIN);
  const visits = ((before && before.visits) || 0) + 1;
  pages.put({ url, site, time, visits, links: current.slice(0, MAX_PAGE_LINKS), certain });
  const self = wasm.normalizeLink(url) || url;
  const targets = [self, ...current.slice(0, MAX_PAGE_LINKS)];
  const known = await Promise.all(targets.map((u) => reqP(seen.getKey(u))));
  targets.forEach((u, i) => {
    if (known[i] === undefined) seen.put({ url: u, time, via: u === self ? null : self });
  });
  await done;
}

/**
 * The answer to 'new-pages': `{ since, delta, total, pages: [{ url, score, inLinks,
 * certainLinks, via, firstSeen, title }] }`, the pages first seen since `since` (ms since the
 * epoch) with a positive novelty, highest first.
 * @param {{ since?: number, delta?: number }} options
 */
export async function newPages({ since, delta } = {}) {
  await coreReady();
  const from = Number.isFinite(since) ? Number(since) : Date.now() - DEFAULT_NEW_PAGES_MS;
  const db = await openDb();
  const tx = db.transaction([...LINK_STORES, 'pages'], 'readonly');
  const done = txDone(tx);
  const [linkPages, recent] = await Promise.all([
    reqP(tx.objectStore('linkPages').getAll()),
    reqP(tx.objectStore('linkSeen').index('time').getAll(IDBKeyRange.lowerBound(from))),
  ]);
  const firstSeen = new Map(recent.map((r) => [r.url, r.time]));
  const history = {
    pages: linkPages.map((p) => ({ url: p.url, links: p.links || [], certain: (p.certain || []).map((c) => c.url), revisited: (p.visits || 0) >= 2 })),
    unidentified: [...firstSeen.keys()],
  };
  const ranked = wasm.rankNewPages(history, delta, undefined);
  const top = ranked.slice(0, MAX_NEW_PAGES);
  const titles = await Promise.all(top.map((p) => reqP(tx.objectStore('pages').get(p.url))));
  await done;
  return {
    since: from,
    delta: delta ?? 0.1,
    total: ranked.length,
    pages: top.map((p, i) => ({
      url: p.url,
      score: p.score,
      inLinks: p.in_links,
      certainLinks: p.certain_links,
      via: p.via,
      firstSeen: firstSeen.get(p.url) ?? null,
      title: titles[i] ? titles[i].title || null : null,
    })),
  };
}

/**
 * Removes link-graph records: `all`, or those of the sites `matchSite(site)` says (their visited
 * pages, when their pages were first seen and what was first seen on them), or everything older
 * than `before` (retention).
 * @param {{ all?: boolean, matchSite?: (site: string) => boolean, before?: number }} what
 */
export async function forgetLinks({ all = false, matchSite = null, before = null }) {
  const db = await openDb();
  const tx = db.transaction(LINK_STORES, 'readwrite');
  const done = txDone(tx);
  const pages = tx.objectStore('linkPages');
  const seen = tx.objectStore('linkSeen');
  if (all) {
    pages.clear();
    seen.clear();
  } else {
    if (matchSite) {
      const host = (u) => {
        try {
          return u ? new URL(u).hostname : '';
        } catch {
          return '';
        }
      };
      for (const p of await reqP(pages.getAll())) if (matchSite(p.site)) pages.delete(p.url);
      // When the site's pages were first seen, and what was first seen on them.
      for (const r of await reqP(seen.getAll())) {
        if (matchSite(host(r.url)) || (r.via && matchSite(host(r.via)))) seen.delete(r.url);
      }
    }
    if (Number.isFinite(before)) {
      const range = IDBKeyRange.upperBound(before, true);
      for (const key of await reqP(pages.index('time').getAllKeys(range))) pages.delete(key);
      for (const key of await reqP(seen.index('time').getAllKeys(range))) seen.delete(key);
    }
  }
  await done;
}

/**
 * Checks a 'new-pages' message: `{ since?: number, delta?: number }`.
 * @param {any} msg
 */
export function validateNewPages(msg) {
  const out = {};
  if (msg.since !== undefined) {
    if (typeof msg.since !== 'number' || !Number.isFinite(msg.since) || msg.since < 0) throw new KindError('invalid_message', 'since');
    out.since = msg.since;
  }
  if (msg.delta !== undefined) {
    if (typeof msg.delta !== 'number' || !(msg.delta >= 0 && msg.delta <= 1)) throw new KindError('invalid_message', 'delta');
    out.delta = msg.delta;
  }
  return out;
}
