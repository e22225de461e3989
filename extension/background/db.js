// History in IndexedDB of the extension origin. Only the background writes here.
//
// Stores (database "sincelast", version 2):
//   blocks   { id, text, links }          content-addressed: id = blockId(text); a block that
//                                         stays the same across visits (or pages) is stored once
//   lists    { id, ids }                  the block ids of one page version, content-addressed;
//                                         ids packed 8 bytes each (packIds; lists written before
//                                         hold an array of hex strings, read as they are)
//                                         (an unchanged revisit adds no list); a changed
//                                         version's list is { id, base, depth, edits }: edits
//                                         against the previous version's list (shared/
//                                         listdelta.js), a full list at least every 16; the
//                                         id is the hash of the full list either way
//   pathsets { id, paths, typePaths }     the block paths of one version, content-addressed;
//                                         paths front-coded (see encodePaths), typePaths null
//                                         when every one is its path without the [i] indices;
//                                         a changed version's pathset may be { id, base, depth,
//                                         edits, added }: edits over the previous version's
//                                         front-coded paths (shared/listdelta.js), like lists
//   visits   { id, url, site, time, title, listId, pathsetId, summary, truncated, kind?, kept? }
//                                         kept: why changes a learned rule looked at were shown
//                                         ([{ i, rule, label, kept }], keptOf)
//   pages    { url, site, title, lastVisitId, lastTime, visits }
//   sitePages { site, url, seq, version, dom, text, flips, arrived, kept }   (version 3) the site state one page
//                                         contributes: its template features (hashes as bytes)
//                                         and the flip history of its short blocks; key [site, url]
//   rules    { site, id, rule, learned_from, hits, label, removed }   (version 3) one learned
//                                         noise rule; a rule the person removed stays as a record
//                                         with removed = true (never learned again); key [site, id]
//   sites    { site, model, time, removed } (version 2, legacy) the whole site model as one JSON
//                                         string: read once per site and converted to sitePages
//                                         and rules records by the core (migrateLegacySite), then
//                                         deleted, in one transaction
//   watches  { url, site, title, paused, cookies, checks, plan, nextTime, … }   (version 4, watch)
//                                         one watched page (extension/background/watch.js); a
//                                         background check writes its version (a visit with
//                                         kind "checked"; visits without kind were seen) and
//                                         this record in the same transaction. A page whose last
//                                         version is a check keeps `seenVisitId`, the last
//                                         version the person saw: a real visit compares with it.
//   linkPages { url, site, time, visits, links, certain }  (version 4) the visited link graph: the
//                                         normalised links of each visited page's latest version
//                                         and those seen appearing on its revisits (background/links.js)
//   linkSeen { url, time, via }           (version 4) when each page was first seen (visited or
//                                         linked from a visited page `via`)
// A visit is written in ONE transaction (blocks, list, pathset, visit, page, and the site-state
// records it changed): it is all there or not at all, whatever happens to the worker meanwhile.
// A revisit writes only its own page's site record and the rules it taught, not the site's
// whole model. Deletions (retention, excluded sites) remove visits and pages and then sweep
// blocks, lists and pathsets no visit refers to, in the same transaction; excluding a site also
// deletes its site state.
//
// Upgrades keep what is stored: each step only adds what its version brought.

import { encodePaths, decodePaths, typePathOf, packIds } from '../shared/wire.js';
import { listRecord, readListIds, listsNeeded, depthOf, isEdits, pathsetRecord, readPathset, pathsetsNeeded } from '../shared/listdelta.js';

const DB_NAME = 'sincelast';
const DB_VERSION = 4;
export const STORES = ['blocks', 'lists', 'pathsets', 'visits', 'pages', 'sites', 'sitePages', 'rules', 'watches'];

let dbPromise = null;

/** Opens (and on first use creates) the database; one connection per worker. */
export function openDb() {
  if (!dbPromise) {
    dbPromise = new Promise((resolve, reject) => {
      const req = indexedDB.open(DB_NAME, DB_VERSION);
      req.onupgradeneeded = (event) => {
        const db = req.result;
        const from = event.oldVersion || 0;
        if (from < 1) createV1(db);
        if (from < 2) db.createObjectStore('sites', { keyPath: 'site' });
        if (from < 3) {
          db.createObjectStore('sitePages', { keyPath: ['site', 'url'] }).createIndex('site', 'site');
          db.createObjectStore('rules', { keyPath: ['site', 'id'] }).createIndex('site', 'site');
        }
        if (from < 4) {
          // watch: the watch list (extension/background/watch.js).
          db.createObjectStore('watches', { keyPath: 'url' });
          // (links) The visited link graph, see background/links.js: linkPages { url, site,
          // time, visits, links, certain } the links of each visited page's latest version and the
          // links seen appearing on its revisits; linkSeen { url, time, via } when each page
          // was first seen (visited or linked).
          const linkPages = db.createObjectStore('linkPages', { keyPath: 'url' });
          linkPages.createIndex('site', 'site');
          linkPages.createIndex('time', 'time');
          db.createObjectStore('linkSeen', { keyPath: 'url' }).createIndex('time', 'time');
        }
      };
      function createV1(db) {
        db.createObjectStore('blocks', { keyPath: 'id' });
        db.createObjectStore('lists', { keyPath: 'id' });
        db.createObjectStore('pathsets', { keyPath: 'id' });
        const visits = db.createObjectStore('visits', { keyPath: 'id', autoIncrement: true });
        visits.createIndex('url', 'url');
        visits.createIndex('site', 'site');
        visits.createIndex('time', 'time');
        const pages = db.createObjectStore('pages', { keyPath: 'url' });
        pages.createIndex('site', 'site');
      }
      req.onsuccess = () => {
        const db = req.result;
        db.onversionchange = () => {
          db.close();
          dbPromise = null;
        };
        // Closed by the browser (Firefox closes a connection after a write fails for lack of
        // space, or when storage is cleared): the next use opens a new one.
        db.onclose = () => {
          dbPromise = null;
        };
        resolve(db);
      };
      req.onerror = () => reject(req.error);
      req.onblocked = () => reject(new Error('database blocked by another connection'));
    }).catch((e) => {
      dbPromise = null;
      throw e;
    });
  }
  return dbPromise;
}

/**
 * Drops this worker's connection: the next use opens a new one. Firefox leaves a connection
 * refusing every write (InvalidStateError) once a write failed for lack of space, without a
 * close event; the background calls this after such a failure (storage-full.js).
 */
export function resetConnection() {
  const old = dbPromise;
  dbPromise = null;
  if (old) old.then((db) => db.close(), () => {});
}

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

/**
 * The last stored version of a page: { visit, page, blocks: [{text, path, type_path, links}] }
 * or null on a first visit.
 */
export async function loadLastVersion(url, { latest = false } = {}) {
  const db = await openDb();
  const tx = db.transaction(STORES, 'readonly');
  const done = txDone(tx);
  const page = await reqP(tx.objectStore('pages').get(url));
  if (!page) {
    await done;
    return null;
  }
  // After background checks, a visit compares with the last version the person saw (watch);
  // the checks compare with the latest one. A seen version gone (retention) falls back.
  let visit = null;
  if (!latest && page.seenVisitId != null) visit = await reqP(tx.objectStore('visits').get(page.seenVisitId));
  if (!visit) visit = await reqP(tx.objectStore('visits').get(page.lastVisitId));
  if (!visit) throw new Error(`page ${url} names a missing visit`);
  const { blocks, ids } = await loadVersionBlocks(tx, visit);
  await done;
  return { page, visit, blocks, ids };
}

// Paths are stored front-coded (encodePaths / decodePaths, shared with the 'visit' message;
// both live in shared/wire.js with typePathOf).
export { encodePaths, decodePaths };

/** The blocks of one stored visit, inside an open transaction. */
async function loadVersionBlocks(tx, visit) {
  const listStore = tx.objectStore('lists');
  const pathsetStore = tx.objectStore('pathsets');
  const [ids, pathset] = await Promise.all([
    readListIds((id) => reqP(listStore.get(id)), visit.listId),
    readPathset((id) => reqP(pathsetStore.get(id)), visit.pathsetId),
  ]);
  if (!ids || !pathset) throw new Error(`visit ${visit.id} names a missing list or pathset`);
  const store = tx.objectStore('blocks');
  const unique = [...new Set(ids)];
  const records = await Promise.all(unique.map((id) => reqP(store.get(id))));
  const byId = new Map();
  records.forEach((r, i) => {
    if (!r) throw new Error(`visit ${visit.id} names a missing block ${unique[i]}`);
    byId.set(r.id, r);
  });
  const paths = decodePaths(pathset.paths);
  const blocks = ids.map((id, i) => {
    const r = byId.get(id);
    const path = paths[i] || '';
    return { text: r.text, path, type_path: pathset.typePaths ? pathset.typePaths[i] || '' : typePathOf(path), links: r.links || [] };
  });
  return { blocks, ids };
}

/** The blocks of a visit by id (for the popup's metrics), or null. */
export async function loadVisitBlocks(visitId) {
  const db = await openDb();
  const tx = db.transaction(STORES, 'readonly');
  const done = txDone(tx);
  const visit = await reqP(tx.objectStore('visits').get(visitId));
  const version = visit ? await loadVersionBlocks(tx, visit) : null;
  await done;
  return version && version.blocks;
}

/**
 * The stored site state of a host name: `{ pages, rules, legacy }` — its sitePages and rules
 * records (without the `site` field), and `legacy`, the version-2 site record `{ model, removed }`
 * when one is still waiting to be converted (see replaceLegacySite), else null.
 */
export async function loadSiteState(site) {
  const db = await openDb();
  const tx = db.transaction(['sitePages', 'rules', 'sites'], 'readonly');
  const done = txDone(tx);
  const [pages, rules, legacy] = await Promise.all([
    reqP(tx.objectStore('sitePages').index('site').getAll(site)),
    reqP(tx.objectStore('rules').index('site').getAll(site)),
    reqP(tx.objectStore('sites').get(site)),
  ]);
  await done;
  return { pages, rules, legacy: legacy ? { model: legacy.model, removed: legacy.removed || [] } : null };
}

/** The rules records of every site, grouped: Map site → [rule records] (the settings page). */
export async function allRules() {
  const db = await openDb();
  const all = await reqP(db.transaction('rules', 'readonly').objectStore('rules').getAll());
  const out = new Map();
  for (const r of all) {
    if (!out.has(r.site)) out.set(r.site, []);
    out.get(r.site).push(r);
  }
  return out;
}

/** How many pages each site's template model holds: Map site → count. */
export async function sitePageCounts() {
  const db = await openDb();
  const keys = await reqP(db.transaction('sitePages', 'readonly').objectStore('sitePages').getAllKeys());
  const out = new Map();
  for (const [site] of keys) out.set(site, (out.get(site) || 0) + 1);
  return out;
}

/** Sites that still have a version-2 site record waiting to be converted. */
export async function legacySites() {
  const db = await openDb();
  return reqP(db.transaction('sites', 'readonly').objectStore('sites').getAllKeys());
}

/**
 * Site-state changes inside an open transaction, as the core returns them: `{ pages_put:
 * [page records], pages_deleted: [urls], rules_put: [rule records], rules_deleted: [ids] }` of
 * one site. Returns the bytes written (about).
 * @param {IDBTransaction} tx
 * @param {string} site
 * @param {import('sincelast-wasm').SiteUpdates | null | undefined} updates
 */
function applySiteUpdates(tx, site, updates) {
  if (!updates) return 0;
  let bytes = 0;
  const pages = tx.objectStore('sitePages');
  for (const p of updates.pages_put || []) {
    pages.put({ ...p, site });
    bytes += recordBytes(p);
  }
  for (const url of updates.pages_deleted || []) pages.delete([site, url]);
  const rules = tx.objectStore('rules');
  for (const r of updates.rules_put || []) {
    rules.put({ ...r, site });
    bytes += recordBytes(r);
  }
  for (const id of updates.rules_deleted || []) rules.delete([site, id]);
  return bytes;
}

/** About how many bytes a record takes: its JSON, with byte arrays at their length. */
function recordBytes(rec) {
  let n = 0;
  for (const v of Object.values(rec)) {
    if (ArrayBuffer.isView(v)) n += v.byteLength;
    else if (Array.isArray(v)) for (const x of v) n += x && typeof x === 'object' ? recordBytes(x) : JSON.stringify(x ?? null).length;
    else n += JSON.stringify(v ?? null).length;
  }
  return n;
}

/**
 * Writes site-state changes outside a visit (a removed rule, a forgotten page) in one
 * transaction. Callers run in the background's write queue.
 * @param {string} site
 * @param {import('sincelast-wasm').SiteUpdates} updates
 */
export async function updateSiteState(site, updates) {
  const db = await openDb();
  const tx = db.transaction(['sitePages', 'rules'], 'readwrite');
  const done = txDone(tx);
  applySiteUpdates(tx, site, updates);
  await done;
}

/**
 * Replaces a site's version-2 record by its records (`{ pages, rules }` from the core's
 * conversion) in one transaction: the conversion is all there, or the old record stays.
 * @param {string} site
 * @param {{ pages: import('sincelast-wasm').PageRecord[], rules: import('sincelast-wasm').RuleRecord[] }} converted
 */
export async function replaceLegacySite(site, converted) {
  const db = await openDb();
  const tx = db.transaction(['sites', 'sitePages', 'rules'], 'readwrite');
  const done = txDone(tx);
  applySiteUpdates(tx, site, { pages_put: converted.pages, pages_deleted: [], rules_put: converted.rules, rules_deleted: [] });
  tx.objectStore('sites').delete(site);
  await done;
}

/** At most this many kept reasons are stored with a visit (the export's limit too). */
export const MAX_KEPT = 256;

/**
 * Why the visit showed changes a learned rule looked at ("looked like …, kept because …"), for
 * the history to say it later: `[{ i, rule, label, kept }]` by the block's index in the new
 * version, cut to the export's sizes. The history recomputes its diff under the site's later
 * state, which may no longer call the change kept; what the person was shown is this.
 * `index` (the stored version's, when it keeps blocks that had not loaded yet: pack.js
 * `storedVersion`) maps a new block's index to its index in the stored version.
 * @param {{ kind?: string | null, new_index?: number | null, reason?: any }[]} changes
 * @param {number[] | null} [index]
 */
export function keptOf(changes, index = null) {
  const out = [];
  for (const c of changes || []) {
    const r = c.reason;
    if (c.kind !== 'content' || c.new_index == null || !r || !r.kept || typeof r.kept.type !== 'string') continue;
    const kept = { type: r.kept.type.slice(0, 16) };
    if (Array.isArray(r.kept.words)) kept.words = r.kept.words.slice(0, 32).map((w) => String(w).slice(0, 64));
    if (Number.isInteger(r.kept.visits) && r.kept.visits >= 0) kept.visits = r.kept.visits;
    if (typeof r.kept.phrase === 'string') kept.phrase = r.kept.phrase.slice(0, 128);
    out.push({ i: index ? index[c.new_index] : c.new_index, rule: typeof r.rule === 'string' ? r.rule.slice(0, 64) : null, label: typeof r.label === 'string' ? r.label.slice(0, 256) : null, kept });
    if (out.length >= MAX_KEPT) break;
  }
  return out;
}

/**
 * Writes one visit in one transaction. `blocks` are the page's blocks, `ids` their block ids,
 * `previous` the last version (from loadLastVersion) or null. `hold` (test builds only) keeps
 * the transaction open that many milliseconds before the visit record is written.
 * `siteUpdates` (`{ pages, pagesDeleted, rules }`, see applySiteUpdates) are the site-state
 * records this visit changed: written in the same transaction.
 * Resolves to { visitId, bytes, siteBytes } once the transaction has committed.
 */
export async function writeVisit({ url, site, time, title, truncated, blocks, ids, listId, pathsetId, summary, previous, siteUpdates = null, hold = 0, kind = null, watch = null, kept = null }) {
  const db = await openDb();
  const tx = db.transaction(STORES, 'readwrite');
  const done = txDone(tx);
  let bytes = 0;
  const known = new Set();
  if (previous) for (const id of previous.ids) known.add(id);
  const blockStore = tx.objectStore('blocks');
  // Blocks are shared by every page and site, keyed by an unkeyed 64-bit hash of their text: a
  // block already stored is never overwritten. The same text stays as it is; another text under
  // the same id (a collision, or one made on purpose) aborts this visit whole.
  /** @type {string | null} */
  let collision = null;
  for (let i = 0; i < blocks.length; i++) {
    const id = ids[i];
    if (known.has(id)) continue;
    known.add(id);
    const { text, links } = blocks[i];
    const req = blockStore.add(links.length ? { id, text, links } : { id, text });
    req.onerror = (event) => {
      if (!req.error || req.error.name !== 'ConstraintError') return;
      event.preventDefault();
      event.stopPropagation();
      const got = blockStore.get(id);
      got.onsuccess = () => {
        if (got.result && got.result.text !== text && collision === null) {
          collision = id;
          tx.abort();
        }
      };
    };
    bytes += id.length + text.length + links.reduce((n, l) => n + l.length, 0) + 16;
  }
  try {
    return await writeVisitRest();
  } catch (e) {
    if (collision !== null) throw new Error(`block ${collision} is stored with another text: the visit is not stored`, { cause: e });
    throw e;
  }
  async function writeVisitRest() {
    if (!previous || previous.visit.listId !== listId) {
      // Content-addressed: a list stored under this id already is this list (never rewritten,
      // which also keeps chains of edits free of loops). Else edits against the previous
      // version's list (listdelta.js), or the full list.
      const lists = tx.objectStore('lists');
      if ((await reqP(lists.getKey(listId))) === undefined) {
        const baseRec = previous ? await reqP(lists.get(previous.visit.listId)) : undefined;
        const base = baseRec ? { id: previous.visit.listId, ids: previous.ids, depth: depthOf(baseRec) } : null;
        const rec = listRecord(listId, ids, base);
        lists.add(rec);
        bytes += listId.length + (isEdits(rec) ? rec.base.length + 2 + rec.edits.byteLength : rec.ids.byteLength);
      }
    }
    if (!previous || previous.visit.pathsetId !== pathsetId) {
      const paths = encodePaths(blocks.map((b) => b.path));
      const derivable = blocks.every((b) => b.type_path === typePathOf(b.path));
      const typePaths = derivable ? null : blocks.map((b) => b.type_path);
      // As for lists: never rewritten; edits against the previous version's pathset when small.
      const pathsets = tx.objectStore('pathsets');
      if ((await reqP(pathsets.getKey(pathsetId))) === undefined) {
        const baseRec = previous ? await reqP(pathsets.get(previous.visit.pathsetId)) : undefined;
        const base = baseRec ? { id: previous.visit.pathsetId, paths: encodePaths(previous.blocks.map((b) => b.path)), depth: depthOf(baseRec) } : null;
        const rec = pathsetRecord(pathsetId, paths, typePaths, base);
        pathsets.add(rec);
        bytes += pathsetId.length + (isEdits(rec)
          ? rec.base.length + 2 + rec.edits.byteLength + rec.added.reduce((n, p) => n + p.length + 3, 0)
          : paths.reduce((n, p) => n + p.length + 3, 0) + (typePaths ? typePaths.reduce((n, p) => n + p.length + 3, 0) : 4));
      }
    }
    if (hold > 0) await keepAlive(tx, hold);
    const visit = { url, site, time, title, listId, pathsetId, summary, truncated };
    if (kind) visit.kind = kind; // watch: "checked" (a background check); absent = seen
    if (kept && kept.length) visit.kept = kept; // changes shown though a rule looked at them
    const visitId = await reqP(tx.objectStore('visits').add(visit));
    bytes += JSON.stringify(visit).length;
    const page = {
      url, site, title, lastVisitId: visitId, lastTime: time,
      visits: (previous ? previous.page.visits : 0) + 1,
    };
    if (kind === 'checked') {
      // watch: the last version the person saw stays the base of their next visit.
      const seen = previous ? (previous.page.seenVisitId ?? previous.page.lastVisitId) : null;
      if (seen != null) page.seenVisitId = seen;
    }
    if (watch) tx.objectStore('watches').put(watch);
    tx.objectStore('pages').put(page);
    bytes += JSON.stringify(page).length;
    const siteBytes = applySiteUpdates(tx, site, siteUpdates);
    bytes += siteBytes;
    await done;
    return { visitId, bytes, siteBytes };
  }
}

/**
 * Keeps a transaction busy (chained reads) for `ms`, so a test can stop the worker mid-write.
 * @returns {Promise<void>}
 */
function keepAlive(tx, ms) {
  const until = Date.now() + ms;
  return new Promise((resolve, reject) => {
    const spin = () => {
      if (Date.now() >= until) return resolve();
      const r = tx.objectStore('pages').count();
      r.onsuccess = spin;
      r.onerror = () => reject(r.error);
    };
    spin();
  });
}

/**
 * Deletes the visits chosen by `selectVisits(store) → Promise<visitIds>` and the pages chosen by
 * `selectPages(store, goneVisitIds)`, and sweeps what they left; `selectSites(siteNames)`, when
 * given, names sites whose whole site state goes too. A deleted page's own site record
 * (sitePages) goes with it.
 */
async function deleteWhere(selectVisits, selectPages, selectSites = null) {
  const db = await openDb();
  const tx = db.transaction(STORES, 'readwrite');
  const done = txDone(tx);
  const visits = tx.objectStore('visits');
  const pages = tx.objectStore('pages');
  const visitIds = await selectVisits(visits);
  for (const id of visitIds) visits.delete(id);
  const gone = new Set(visitIds);
  const pageRecords = await selectPages(pages, gone);
  const sitePages = tx.objectStore('sitePages');
  for (const p of pageRecords) {
    pages.delete(p.url);
    sitePages.delete([p.site, p.url]);
  }
  if (selectSites) {
    const names = new Set([
      ...await reqP(tx.objectStore('sites').getAllKeys()),
      ...(await reqP(sitePages.getAllKeys())).map((k) => k[0]),
      ...(await reqP(tx.objectStore('rules').getAllKeys())).map((k) => k[0]),
    ]);
    for (const name of selectSites([...names])) {
      tx.objectStore('sites').delete(name);
      sitePages.delete(IDBKeyRange.bound([name], [name, []]));
      tx.objectStore('rules').delete(IDBKeyRange.bound([name], [name, []]));
    }
  }
  await sweep(tx);
  await done;
  return { visits: visitIds.length, pages: pageRecords.length, pageUrls: pageRecords.map((p) => p.url), pageSites: [...new Set(pageRecords.map((p) => p.site))] };
}

/** Removes blocks, lists and pathsets that no remaining visit refers to. */
async function sweep(tx) {
  const remaining = await reqP(tx.objectStore('visits').getAll());
  const listIds = new Set(remaining.map((v) => v.listId));
  const pathsetIds = new Set(remaining.map((v) => v.pathsetId));
  const lists = tx.objectStore('lists');
  const liveBlocks = new Set();
  // A list stays while a visit names it or a kept list's edits refer to it (listdelta.js).
  const get = (id) => reqP(lists.get(id));
  const keep = await listsNeeded(get, listIds);
  for (const key of await reqP(lists.getAllKeys())) {
    if (!keep.has(key)) lists.delete(key);
  }
  const cache = new Map();
  const kept = await Promise.all([...listIds].map((id) => readListIds(get, id, cache)));
  for (const l of kept) if (l) for (const id of l) liveBlocks.add(id);
  const pathsets = tx.objectStore('pathsets');
  const keepPathsets = await pathsetsNeeded((id) => reqP(pathsets.get(id)), pathsetIds);
  for (const key of await reqP(pathsets.getAllKeys())) {
    if (!keepPathsets.has(key)) pathsets.delete(key);
  }
  const blocks = tx.objectStore('blocks');
  for (const key of await reqP(blocks.getAllKeys())) {
    if (!liveBlocks.has(key)) blocks.delete(key);
  }
}

/** Deletes every visit, page and the site state of the given sites (host names, subdomains included). */
export function deleteSites(sites, hostInSite) {
  const match = (site) => sites.some((s) => hostInSite(site, s));
  return deleteWhere(
    async (visits) => (await reqP(visits.getAll())).filter((v) => match(v.site)).map((v) => v.id),
    async (pages) => (await reqP(pages.getAll())).filter((p) => match(p.site)),
    (names) => names.filter(match),
  );
}

/** Deletes visits older than `cutoff` (ms since epoch); a page whose last visit goes goes too. */
export function deleteOlderThan(cutoff) {
  // Never more than a retention of one day would delete (a bad setting must not empty history).
  if (!Number.isFinite(cutoff) || cutoff > Date.now() - 86400000) {
    return Promise.reject(new Error(`refusing to delete visits newer than one day (cutoff ${cutoff})`));
  }
  return deleteWhere(
    async (visits) => reqP(visits.index('time').getAllKeys(IDBKeyRange.upperBound(cutoff, true))),
    async (pages, gone) => (await reqP(pages.getAll())).filter((p) => gone.has(p.lastVisitId)),
  );
}

/**
 * Storage full (storage-full.js): deletes the oldest `share` of the stored visits (at least one),
 * oldest first, and sweeps what they leave; a page whose last visit goes goes too.
 */
export function deleteOldest(share) {
  return deleteWhere(
    async (visits) => {
      const ids = await reqP(visits.index('time').getAllKeys());
      return ids.slice(0, Math.max(1, Math.ceil(ids.length * share)));
    },
    async (pages, gone) => (await reqP(pages.getAll())).filter((p) => gone.has(p.lastVisitId)),
  );
}

/**
 * Recounts the stored visit `visitId` after changes of it moved between the highlighted and the
 * automated lists on screen (taught from the bar or the popup, or learned from text that changed
 * while the page was open): `shown` more highlighted changes and `removed` more removed content
 * (negative for fewer; never below 0), so the history's timeline and the dashboard count what
 * the page showed in the end. Resolves to false when the visit is gone (or never had a summary:
 * a first visit).
 * @param {number} visitId @param {{ shown?: number, removed?: number }} delta
 */
export async function recountVisit(visitId, { shown = 0, removed = 0 }) {
  const db = await openDb();
  const tx = db.transaction(['visits'], 'readwrite');
  const done = txDone(tx);
  const visits = tx.objectStore('visits');
  const visit = await reqP(visits.get(visitId));
  if (!visit || !visit.summary || (!shown && !removed)) {
    await done;
    return false;
  }
  const summary = { ...visit.summary, meaningful: Math.max(0, (visit.summary.meaningful || 0) + shown) };
  const left = Math.max(0, (visit.summary.meaningful_removed || 0) + removed);
  if (left) summary.meaningful_removed = left;
  else delete summary.meaningful_removed;
  visits.put({ ...visit, summary });
  await done;
  return true;
}

/**
 * Forgets the visit `visitId` of page `url` when it is still the page's last one (a password
 * field appeared on the page after it was stored): the page goes back to its visit before, or
 * goes with its site record when it had none; what the visit alone referred to is swept. One
 * transaction. Resolves to true when it was forgotten.
 */
export async function forgetVisit(url, visitId) {
  const db = await openDb();
  const tx = db.transaction(STORES, 'readwrite');
  const done = txDone(tx);
  const pages = tx.objectStore('pages');
  const page = await reqP(pages.get(url));
  if (!page || page.lastVisitId !== visitId) {
    await done;
    return false;
  }
  const visits = tx.objectStore('visits');
  visits.delete(visitId);
  const left = (await reqP(visits.index('url').getAll(url))).filter((v) => v.id !== visitId);
  const before = left.sort((a, b) => b.id - a.id)[0];
  if (before) {
    pages.put({ ...page, lastVisitId: before.id, lastTime: before.time, visits: Math.max(left.length, page.visits - 1) });
  } else {
    pages.delete(url);
    tx.objectStore('sitePages').delete([page.site, url]);
  }
  await sweep(tx);
  await done;
  return true;
}

/** Deletes one page: its visits, its page record and what it taught its site's template model. */
export function deletePage(url) {
  return deleteWhere(
    async (visits) => reqP(visits.index('url').getAllKeys(url)),
    async (pages) => {
      const p = await reqP(pages.get(url));
      return p ? [p] : [];
    },
  );
}

/** Empties every store. */
export async function deleteEverything() {
  const db = await openDb();
  const tx = db.transaction(STORES, 'readwrite');
  const done = txDone(tx);
  for (const s of STORES) tx.objectStore(s).clear();
  await done;
}

/** Record counts per store, for the settings page and the tests. */
export async function counts() {
  const db = await openDb();
  const tx = db.transaction(STORES, 'readonly');
  const done = txDone(tx);
  const out = {};
  await Promise.all(STORES.map(async (s) => {
    out[s] = await reqP(tx.objectStore(s).count());
  }));
  await done;
  return out;
}

/** The page record of a URL, or undefined. */
export async function getPage(url) {
  const db = await openDb();
  return reqP(db.transaction('pages', 'readonly').objectStore('pages').get(url));
}

// ---------------------------------------------------------------------------------------------
// Export and import (background/export.js).

/**
 * Up to `limit` records of a store in key order, after the key `after` (from the start when
 * undefined): `[{ key, value }]`.
 * @param {string} store
 * @param {IDBValidKey | undefined} after
 * @param {number} limit
 */
export async function readStoreChunk(store, after, limit) {
  const db = await openDb();
  const tx = db.transaction(store, 'readonly');
  const done = txDone(tx);
  const os = tx.objectStore(store);
  const range = after === undefined ? null : IDBKeyRange.lowerBound(after, true);
  const [keys, values] = await Promise.all([reqP(os.getAllKeys(range, limit)), reqP(os.getAll(range, limit))]);
  // The export file lists every list in full (its ids), whatever the storage keeps.
  if (store === 'lists') await fullLists(os, values);
  if (store === 'pathsets') await fullPathsets(os, values);
  await done;
  return values.map((value, i) => ({ key: keys[i], value }));
}

/**
 * Turns stored list records held as edits into full ones ({ id, ids: packed }), in place,
 * reading their bases from the store `os`.
 */
async function fullLists(os, records) {
  const cache = new Map();
  const get = (id) => reqP(os.get(id));
  for (let i = 0; i < records.length; i++) {
    const r = records[i];
    if (!isEdits(r)) continue;
    const ids = await readListIds(get, r.id, cache);
    if (!ids) throw new Error(`list ${r.id}: its base list ${r.base} is missing`);
    records[i] = { id: r.id, ids: packIds(ids) };
  }
}

/** As fullLists, for pathsets held as edits ({ id, paths, typePaths }). */
async function fullPathsets(os, records) {
  const cache = new Map();
  const get = (id) => reqP(os.get(id));
  for (let i = 0; i < records.length; i++) {
    const r = records[i];
    if (!isEdits(r)) continue;
    const full = await readPathset(get, r.id, cache);
    if (!full) throw new Error(`pathset ${r.id}: its base pathset ${r.base} is missing`);
    records[i] = full;
  }
}

/**
 * Stores imported records in ONE transaction: each is added when nothing is stored under its
 * key; a stored record whose export line (`lineOf(store, stored)`) is the imported one is
 * counted as identical; any other is a conflict, left as it is. Records are
 * `{ line, store, key, native, canonical }`.
 *
 * Visits are numbered by each browser: an imported visit is the same as a stored one when they
 * agree in everything but the id (found through the url index), and a visit whose id is taken
 * by another is added under a new id. `visitIds` (kept across the batches of one file) maps the
 * file's visit ids to the stored ones; a page's `lastVisitId` is read through it.
 * @param {{ line: number, store: string, key: any, native: any, canonical: string }[]} records
 * @param {(store: string, stored: any) => string} lineOf
 * @param {Map<number, number>} visitIds
 */
export async function importBatch(records, lineOf, visitIds = new Map()) {
  const db = await openDb();
  const stores = [...new Set(records.map((r) => r.store))];
  const tx = db.transaction(stores, 'readwrite');
  const done = txDone(tx);
  const added = [];
  const conflicts = [];
  let identical = 0;
  const same = (store, stored, canonical) => {
    try {
      return lineOf(store, stored) === canonical;
    } catch {
      return false; // a stored record the core cannot read is not the imported one
    }
  };
  for (const r of records) {
    const os = tx.objectStore(r.store);
    if (r.store === 'visits') {
      const fileId = r.native.id;
      const ofUrl = await reqP(os.index('url').getAll(r.native.url));
      const twin = ofUrl.find((v) => same('visits', { ...v, id: fileId }, r.canonical));
      if (twin) {
        visitIds.set(fileId, twin.id);
        identical += 1;
        continue;
      }
      const taken = await reqP(os.getKey(fileId));
      const rec = { ...r.native };
      if (taken !== undefined) delete rec.id; // numbered anew by the store
      const id = await reqP(os.add(rec));
      visitIds.set(fileId, /** @type {number} */ (id));
      added.push({ store: r.store, line: r.line, renumbered: taken !== undefined });
      continue;
    }
    let rec = r.native;
    let canonical = r.canonical;
    if (r.store === 'pages' && visitIds.has(rec.lastVisitId) && visitIds.get(rec.lastVisitId) !== rec.lastVisitId) {
      rec = { ...rec, lastVisitId: visitIds.get(rec.lastVisitId) };
      canonical = lineOf('pages', rec);
    }
    let old = await reqP(os.get(r.key));
    if (r.store === 'lists' && old !== undefined) {
      const one = [old];
      await fullLists(os, one);
      old = one[0];
    }
    if (r.store === 'pathsets' && old !== undefined) {
      const one = [old];
      await fullPathsets(os, one);
      old = one[0];
    }
    if (old === undefined) {
      os.add(rec);
      added.push({ store: r.store, line: r.line });
    } else if (same(r.store, old, canonical)) {
      identical += 1;
    } else {
      conflicts.push({ line: r.line, store: r.store, reason: `${r.store} ${JSON.stringify(r.key)}: a different record is stored under this key (kept as it is)` });
    }
  }
  await done;
  return { added, identical, conflicts };
}

// watch: the watch list (extension/background/watch.js).

/** Every watched page's record. */
export async function allWatches() {
  const db = await openDb();
  return reqP(db.transaction('watches', 'readonly').objectStore('watches').getAll());
}

/** One watched page's record, or undefined. */
export async function getWatch(url) {
  const db = await openDb();
  return reqP(db.transaction('watches', 'readonly').objectStore('watches').get(url));
}

/** Writes watch records (each whole) in one transaction. */
export async function putWatches(records) {
  const db = await openDb();
  const tx = db.transaction('watches', 'readwrite');
  const done = txDone(tx);
  for (const r of records) tx.objectStore('watches').put(r);
  await done;
}

/** Removes a page from the watch list (its history stays). */
export async function deleteWatch(url) {
  const db = await openDb();
  const tx = db.transaction('watches', 'readwrite');
  const done = txDone(tx);
  tx.objectStore('watches').delete(url);
  await done;
}

/** How many background checks of `url` were stored after `time` (ms). */
export async function checksSince(url, time) {
  const db = await openDb();
  const visits = await reqP(db.transaction('visits', 'readonly').objectStore('visits').index('url').getAll(url));
  return visits.filter((v) => v.kind === 'checked' && v.time > time).length;
}
