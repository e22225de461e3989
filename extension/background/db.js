// History in IndexedDB of the extension origin. Only the background writes here.
//
// Stores (database "sincelast", version 2):
//   blocks   { id, text, links }          content-addressed: id = blockId(text); a block that
//                                         stays the same across visits (or pages) is stored once
//   lists    { id, ids }                  the block ids of one page version, content-addressed;
//                                         ids packed 8 bytes each (packIds; lists written before
//                                         hold an array of hex strings, read as they are)
//                                         (an unchanged revisit adds no list)
//   pathsets { id, paths, typePaths }     the block paths of one version, content-addressed;
//                                         paths front-coded (see encodePaths), typePaths null
//                                         when every one is its path without the [i] indices
//   visits   { id, url, site, time, title, listId, pathsetId, summary, truncated }
//   pages    { url, site, title, lastVisitId, lastTime, visits }
//   sitePages { site, url, seq, version, dom, text, flips }   (version 3) the site state one page
//                                         contributes: its template features (hashes as bytes)
//                                         and the flip history of its short blocks; key [site, url]
//   rules    { site, id, rule, learned_from, hits, label, removed }   (version 3) one learned
//                                         noise rule; a rule the person removed stays as a record
//                                         with removed = true (never learned again); key [site, id]
//   sites    { site, model, time, removed } (version 2, legacy) the whole site model as one JSON
//                                         string: read once per site and converted to sitePages
//                                         and rules records by the core (migrateLegacySite), then
//                                         deleted, in one transaction
// A visit is written in ONE transaction (blocks, list, pathset, visit, page, and the site-state
// records it changed): it is all there or not at all, whatever happens to the worker meanwhile.
// A revisit writes only its own page's site record and the rules it taught, not the site's
// whole model. Deletions (retention, excluded sites) remove visits and pages and then sweep
// blocks, lists and pathsets no visit refers to, in the same transaction; excluding a site also
// deletes its site state.
//
// Upgrades keep what is stored: each step only adds what its version brought.

import { encodePaths, decodePaths, typePathOf, packIds, unpackIds } from '../shared/wire.js';

const DB_NAME = 'sincelast';
const DB_VERSION = 3;
export const STORES = ['blocks', 'lists', 'pathsets', 'visits', 'pages', 'sites', 'sitePages', 'rules'];

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
export async function loadLastVersion(url) {
  const db = await openDb();
  const tx = db.transaction(STORES, 'readonly');
  const done = txDone(tx);
  const page = await reqP(tx.objectStore('pages').get(url));
  if (!page) {
    await done;
    return null;
  }
  const visit = await reqP(tx.objectStore('visits').get(page.lastVisitId));
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
  const [list, pathset] = await Promise.all([
    reqP(tx.objectStore('lists').get(visit.listId)),
    reqP(tx.objectStore('pathsets').get(visit.pathsetId)),
  ]);
  if (!list || !pathset) throw new Error(`visit ${visit.id} names a missing list or pathset`);
  const ids = unpackIds(list.ids);
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

/**
 * Writes one visit in one transaction. `blocks` are the page's blocks, `ids` their block ids,
 * `previous` the last version (from loadLastVersion) or null. `hold` (test builds only) keeps
 * the transaction open that many milliseconds before the visit record is written.
 * `siteUpdates` (`{ pages, pagesDeleted, rules }`, see applySiteUpdates) are the site-state
 * records this visit changed: written in the same transaction.
 * Resolves to { visitId, bytes, siteBytes } once the transaction has committed.
 */
export async function writeVisit({ url, site, time, title, truncated, blocks, ids, listId, pathsetId, summary, previous, siteUpdates = null, hold = 0 }) {
  const db = await openDb();
  const tx = db.transaction(STORES, 'readwrite');
  const done = txDone(tx);
  let bytes = 0;
  const known = new Set();
  if (previous) for (const id of previous.ids) known.add(id);
  const blockStore = tx.objectStore('blocks');
  for (let i = 0; i < blocks.length; i++) {
    const id = ids[i];
    if (known.has(id)) continue;
    known.add(id);
    const links = blocks[i].links;
    blockStore.put(links.length ? { id, text: blocks[i].text, links } : { id, text: blocks[i].text });
    bytes += id.length + blocks[i].text.length + links.reduce((n, l) => n + l.length, 0) + 16;
  }
  if (!previous || previous.visit.listId !== listId) {
    const packed = packIds(ids);
    tx.objectStore('lists').put({ id: listId, ids: packed });
    bytes += listId.length + packed.byteLength;
  }
  if (!previous || previous.visit.pathsetId !== pathsetId) {
    const paths = encodePaths(blocks.map((b) => b.path));
    const derivable = blocks.every((b) => b.type_path === typePathOf(b.path));
    const typePaths = derivable ? null : blocks.map((b) => b.type_path);
    tx.objectStore('pathsets').put({ id: pathsetId, paths, typePaths });
    bytes += pathsetId.length + paths.reduce((n, p) => n + p.length + 3, 0) + (typePaths ? typePaths.reduce((n, p) => n + p.length + 3, 0) : 4);
  }
  if (hold > 0) await keepAlive(tx, hold);
  const visit = { url, site, time, title, listId, pathsetId, summary, truncated };
  const visitId = await reqP(tx.objectStore('visits').add(visit));
  bytes += JSON.stringify(visit).length;
  const page = {
    url, site, title, lastVisitId: visitId, lastTime: time,
    visits: (previous ? previous.page.visits : 0) + 1,
  };
  tx.objectStore('pages').put(page);
  bytes += JSON.stringify(page).length;
  const siteBytes = applySiteUpdates(tx, site, siteUpdates);
  bytes += siteBytes;
  await done;
  return { visitId, bytes, siteBytes };
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
  for (const key of await reqP(lists.getAllKeys())) {
    if (!listIds.has(key)) lists.delete(key);
  }
  const kept = await Promise.all([...listIds].map((id) => reqP(lists.get(id))));
  for (const l of kept) if (l) for (const id of unpackIds(l.ids)) liveBlocks.add(id);
  const pathsets = tx.objectStore('pathsets');
  for (const key of await reqP(pathsets.getAllKeys())) {
    if (!pathsetIds.has(key)) pathsets.delete(key);
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
