// Read-only access to the history in IndexedDB for the extension's history and dashboard pages
// (same origin as the background; only the background writes). Every read is one readonly
// transaction.

import { openDb, STORES } from '../background/db.js';
import { decodePaths, typePathOf } from '../shared/wire.js';
import { readListIds, readPathset } from '../shared/listdelta.js';
import { meaningfulCount } from '../shared/labels.js';

function reqP(req) {
  return new Promise((resolve, reject) => {
    req.onsuccess = () => resolve(req.result);
    req.onerror = () => reject(req.error);
  });
}

/** The page record and its visits (oldest first) of one URL: `{ page, visits }`. */
export async function pageVisits(url) {
  const db = await openDb();
  const tx = db.transaction(['pages', 'visits'], 'readonly');
  const [page, visits] = await Promise.all([
    reqP(tx.objectStore('pages').get(url)),
    reqP(tx.objectStore('visits').index('url').getAll(url)),
  ]);
  visits.sort((a, b) => a.time - b.time || a.id - b.id);
  return { page: page || null, visits };
}

/**
 * The blocks of the given visits: Map visitId → [{ text, path, type_path }], read in one
 * transaction (lists, pathsets and blocks each read once).
 */
export async function versionBlocks(visits) {
  const db = await openDb();
  const tx = db.transaction(['lists', 'pathsets', 'blocks'], 'readonly');
  const lists = new Map();
  const pathsets = new Map();
  const listCache = new Map();
  const getList = (id) => reqP(tx.objectStore('lists').get(id));
  const pathsetCache = new Map();
  const getPathset = (id) => reqP(tx.objectStore('pathsets').get(id));
  await Promise.all([
    // A list may be edits against an earlier one (shared/listdelta.js): read through, each once.
    ...[...new Set(visits.map((v) => v.listId))].map(async (id) => lists.set(id, (await readListIds(getList, id, listCache)) || [])),
    ...[...new Set(visits.map((v) => v.pathsetId))].map(async (id) => pathsets.set(id, await readPathset(getPathset, id, pathsetCache))),
  ]);
  const ids = new Set();
  for (const l of lists.values()) for (const id of l) ids.add(id);
  const texts = new Map();
  const store = tx.objectStore('blocks');
  await Promise.all([...ids].map(async (id) => {
    const r = await reqP(store.get(id));
    if (r) texts.set(id, r.text);
  }));
  const decoded = new Map();
  const out = new Map();
  for (const v of visits) {
    const list = lists.get(v.listId) || [];
    const ps = pathsets.get(v.pathsetId);
    if (!decoded.has(v.pathsetId)) decoded.set(v.pathsetId, ps ? decodePaths(ps.paths) : []);
    const paths = decoded.get(v.pathsetId);
    out.set(v.id, list.map((id, i) => {
      const path = paths[i] || '';
      return { text: texts.get(id) ?? '', path, type_path: ps && ps.typePaths ? ps.typePaths[i] || '' : typePathOf(path) };
    }).filter((b) => b.text));
  }
  return out;
}

/** Every distinct stored block text: what the person has cached (the terms' collection). */
export async function allBlockTexts() {
  const db = await openDb();
  const all = await reqP(db.transaction('blocks', 'readonly').objectStore('blocks').getAll());
  return all.map((b) => b.text);
}

/** The site's pages' last visits: [{ url, visit }]. */
export async function siteLastVisits(site) {
  const db = await openDb();
  const tx = db.transaction(['pages', 'visits'], 'readonly');
  const pages = await reqP(tx.objectStore('pages').index('site').getAll(site));
  const visits = await Promise.all(pages.map((p) => reqP(tx.objectStore('visits').get(p.lastVisitId))));
  return pages.map((p, i) => ({ url: p.url, visit: visits[i] })).filter((x) => x.visit);
}

/** The site state records (pages, rules) the core's diff classifies with. */
export async function siteState(site) {
  const db = await openDb();
  const tx = db.transaction(['sitePages', 'rules'], 'readonly');
  const [pages, rules] = await Promise.all([
    reqP(tx.objectStore('sitePages').index('site').getAll(site)),
    reqP(tx.objectStore('rules').index('site').getAll(site)),
  ]);
  return { pages, rules };
}

/** Every page record and every visit's (url, time, meaningful): the dashboard's figures. */
export async function dashboardData() {
  const db = await openDb();
  const tx = db.transaction(['pages', 'visits'], 'readonly');
  const pages = await reqP(tx.objectStore('pages').getAll());
  const visits = await reqP(tx.objectStore('visits').getAll());
  const perUrl = new Map();
  for (const v of visits) {
    let s = perUrl.get(v.url);
    if (!s) perUrl.set(v.url, (s = { visits: 0, meaningful: 0, lastChange: null }));
    s.visits++;
    if (meaningfulCount(v.summary) > 0) {
      s.meaningful++;
      if (s.lastChange === null || v.time > s.lastChange) s.lastChange = v.time;
    }
  }
  return { pages, perUrl };
}

export { STORES };
