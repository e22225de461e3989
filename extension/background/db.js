// History in IndexedDB of the extension origin. Only the background writes here.
//
// Stores (database "sincelast", version 2):
//   blocks   { id, text, links }          content-addressed: id = blockId(text); a block that
//                                         stays the same across visits (or pages) is stored once
//   lists    { id, ids }                  the block ids of one page version, content-addressed
//                                         (an unchanged revisit adds no list)
//   pathsets { id, paths, typePaths }     the block paths of one version, content-addressed;
//                                         paths front-coded (see encodePaths), typePaths null
//                                         when every one is its path without the [i] indices
//   visits   { id, url, site, time, title, listId, pathsetId, summary, truncated }
//   pages    { url, site, title, lastVisitId, lastTime, visits }
//   sites    { site, model, time, removed } (version 2) one per host name: the core's site model
//                                         (learned noise rules, template model) as its JSON, and
//                                         the ids of the rules the person removed (kept off)
// A visit is written in ONE transaction (blocks, list, pathset, visit, page, and the site model
// it taught): it is all there or not at all, whatever happens to the worker meanwhile. Deletions (retention, excluded
// sites) remove visits and pages and then sweep blocks, lists and pathsets no visit refers to,
// in the same transaction; excluding a site also deletes its site models.
//
// Upgrades keep what is stored: each step only adds what its version brought.

import { encodePaths, decodePaths, typePathOf } from '../shared/wire.js';

const DB_NAME = 'sincelast';
const DB_VERSION = 2;
export const STORES = ['blocks', 'lists', 'pathsets', 'visits', 'pages', 'sites'];

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
  const store = tx.objectStore('blocks');
  const unique = [...new Set(list.ids)];
  const records = await Promise.all(unique.map((id) => reqP(store.get(id))));
  const byId = new Map();
  records.forEach((r, i) => {
    if (!r) throw new Error(`visit ${visit.id} names a missing block ${unique[i]}`);
    byId.set(r.id, r);
  });
  const paths = decodePaths(pathset.paths);
  const blocks = list.ids.map((id, i) => {
    const r = byId.get(id);
    const path = paths[i] || '';
    return { text: r.text, path, type_path: pathset.typePaths ? pathset.typePaths[i] || '' : typePathOf(path), links: r.links || [] };
  });
  return { blocks, ids: list.ids };
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

/** The stored site record of a host name: { site, model (JSON string), time, removed: [rule ids] } or null. */
export async function loadSiteRecord(site) {
  const db = await openDb();
  const rec = await reqP(db.transaction('sites', 'readonly').objectStore('sites').get(site));
  return rec ? { ...rec, removed: rec.removed || [] } : null;
}

/** The stored site model (JSON string) of a host name, or null. */
export async function loadSiteModel(site) {
  const rec = await loadSiteRecord(site);
  return rec ? rec.model : null;
}

/** Every stored site model: [{ site, model, time }]. */
export async function allSiteModels() {
  const db = await openDb();
  return reqP(db.transaction('sites', 'readonly').objectStore('sites').getAll());
}

/**
 * Replaces a site's model with `update(model) → model` (the settings page's removals,
 * retention); `removedRule`, when given, joins the rule ids kept off. Resolves to the new
 * model, or null when the site has none. Callers run in the background's write queue.
 */
export async function updateSiteModel(site, update, removedRule = null) {
  const db = await openDb();
  const current = await loadSiteRecord(site);
  if (current === null) return null;
  const next = await update(current.model);
  const removed = removedRule && !current.removed.includes(removedRule) ? [...current.removed, removedRule] : current.removed;
  const tx = db.transaction('sites', 'readwrite');
  const done = txDone(tx);
  tx.objectStore('sites').put({ site, model: next, time: Date.now(), removed });
  await done;
  return next;
}

/**
 * Writes one visit in one transaction. `blocks` are the page's blocks, `ids` their block ids,
 * `previous` the last version (from loadLastVersion) or null. `hold` (test builds only) keeps
 * the transaction open that many milliseconds before the visit record is written. `model`, when
 * a string, is the site model this visit taught: written in the same transaction (with
 * `removedRules`, the rule ids the person removed).
 * Resolves to { visitId, bytes } once the transaction has committed.
 */
export async function writeVisit({ url, site, time, title, truncated, blocks, ids, listId, pathsetId, summary, previous, model = null, removedRules = [], hold = 0 }) {
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
    tx.objectStore('lists').put({ id: listId, ids });
    bytes += listId.length + ids.length * 19;
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
  if (typeof model === 'string') {
    tx.objectStore('sites').put({ site, model, time, removed: removedRules });
    bytes += model.length;
  }
  await done;
  return { visitId, bytes };
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
 * Deletes the visits chosen by `pick(store) → Promise<visitIds>` and sweeps what they left;
 * `selectSites(store)`, when given, names site models to delete too.
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
  const pageUrls = await selectPages(pages, gone);
  for (const url of pageUrls) pages.delete(url);
  const siteKeys = selectSites ? await selectSites(tx.objectStore('sites')) : [];
  for (const key of siteKeys) tx.objectStore('sites').delete(key);
  await sweep(tx);
  await done;
  return { visits: visitIds.length, pages: pageUrls.length, pageUrls };
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
  for (const l of kept) if (l) for (const id of l.ids) liveBlocks.add(id);
  const pathsets = tx.objectStore('pathsets');
  for (const key of await reqP(pathsets.getAllKeys())) {
    if (!pathsetIds.has(key)) pathsets.delete(key);
  }
  const blocks = tx.objectStore('blocks');
  for (const key of await reqP(blocks.getAllKeys())) {
    if (!liveBlocks.has(key)) blocks.delete(key);
  }
}

/** Deletes every visit, page and site model of the given sites (host names, subdomains included). */
export function deleteSites(sites, hostInSite) {
  const match = (site) => sites.some((s) => hostInSite(site, s));
  return deleteWhere(
    async (visits) => (await reqP(visits.getAll())).filter((v) => match(v.site)).map((v) => v.id),
    async (pages) => (await reqP(pages.getAll())).filter((p) => match(p.site)).map((p) => p.url),
    async (sites) => (await reqP(sites.getAllKeys())).filter((s) => match(s)),
  );
}

/** Deletes visits older than `cutoff` (ms since epoch); a page whose last visit goes goes too. */
export function deleteOlderThan(cutoff) {
  return deleteWhere(
    async (visits) => reqP(visits.index('time').getAllKeys(IDBKeyRange.upperBound(cutoff, true))),
    async (pages, gone) => (await reqP(pages.getAll())).filter((p) => gone.has(p.lastVisitId)).map((p) => p.url),
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
