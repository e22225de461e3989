// The database's consistency check: what must hold between the stores whatever happened to the
// worker or the browser (stopped, killed, out of space) in the middle of a write.
//
//   - every visit names a list and a pathset that exist, the pathset has one path per id, and
//     every block id of the list exists (no torn visit);
//   - every page names its last visit, which exists, is of that page, and is its newest;
//   - every visit belongs to a page that exists;
//   - a site record (sitePages) belongs to a page that exists, of the same site;
//   - nothing is left over: no list, pathset or block that no visit refers to (deletions sweep
//     in the transaction that deletes, and a visit writes only what it refers to, so an orphan
//     is a write or a sweep that was torn).
//
// `consistencyProblems(dump)` is pure (used by the test builds' `test-check` hook and usable
// from node); `checkDatabase()` reads the whole database in one read-only transaction.

import { openDb, STORES } from './db.js';
import { unpackIds } from '../shared/wire.js';

/**
 * The problems of a database dump (`{ store: records[] }` for every store), as sentences;
 * an empty list when it is consistent.
 * @param {Record<string, any[]>} dump
 * @returns {string[]}
 */
export function consistencyProblems(dump) {
  const problems = [];
  const say = (p) => {
    if (problems.length < 200) problems.push(p);
  };
  const ids = (l) => (Array.isArray(l.ids) ? l.ids : unpackIds(l.ids));
  const blocks = new Map((dump.blocks || []).map((b) => [b.id, b]));
  const lists = new Map((dump.lists || []).map((l) => [l.id, ids(l)]));
  const pathsets = new Map((dump.pathsets || []).map((p) => [p.id, p]));
  const visits = new Map((dump.visits || []).map((v) => [v.id, v]));
  const pages = new Map((dump.pages || []).map((p) => [p.url, p]));
  const usedLists = new Set();
  const usedPathsets = new Set();
  const newest = new Map(); // url → newest visit id
  for (const b of blocks.values()) {
    if (typeof b.text !== 'string' || !b.text) say(`block ${b.id}: no text`);
  }
  for (const v of visits.values()) {
    usedLists.add(v.listId);
    usedPathsets.add(v.pathsetId);
    if (!newest.has(v.url) || newest.get(v.url) < v.id) newest.set(v.url, v.id);
    if (!pages.has(v.url)) say(`visit ${v.id}: its page ${v.url} is missing`);
    const list = lists.get(v.listId);
    if (!list) say(`visit ${v.id}: list ${v.listId} missing`);
    else for (const id of list) if (!blocks.has(id)) say(`visit ${v.id}: block ${id} missing`);
    const ps = pathsets.get(v.pathsetId);
    if (!ps) say(`visit ${v.id}: pathset ${v.pathsetId} missing`);
    else if (list && ps.paths.length !== list.length) say(`visit ${v.id}: ${ps.paths.length} paths for ${list.length} blocks`);
    if (typeof v.time !== 'number' || typeof v.site !== 'string') say(`visit ${v.id}: no time or site`);
  }
  for (const p of pages.values()) {
    const v = visits.get(p.lastVisitId);
    if (!v) say(`page ${p.url}: last visit ${p.lastVisitId} missing`);
    else {
      if (v.url !== p.url) say(`page ${p.url}: last visit is of ${v.url}`);
      if (newest.get(p.url) !== v.id) say(`page ${p.url}: last visit ${v.id} is not its newest (${newest.get(p.url)})`);
      if (v.time !== p.lastTime) say(`page ${p.url}: last time ${p.lastTime} is not its last visit's ${v.time}`);
    }
    const count = [...visits.values()].filter((x) => x.url === p.url).length;
    if (!(p.visits >= count)) say(`page ${p.url}: counts ${p.visits} visits, ${count} stored`);
  }
  for (const r of dump.sitePages || []) {
    const p = pages.get(r.url);
    if (!p) say(`site record ${r.site} ${r.url}: no such page`);
    else if (p.site !== r.site) say(`site record ${r.site} ${r.url}: the page is of ${p.site}`);
  }
  // Orphans past the sweep.
  const liveBlocks = new Set();
  for (const [id, list] of lists) {
    if (!usedLists.has(id)) say(`orphan list ${id}`);
    else for (const b of list) liveBlocks.add(b);
  }
  for (const id of pathsets.keys()) if (!usedPathsets.has(id)) say(`orphan pathset ${id}`);
  for (const id of blocks.keys()) if (!liveBlocks.has(id)) say(`orphan block ${id}`);
  return problems;
}

/**
 * Reads every store in one read-only transaction and checks it.
 * @returns {Promise<{ problems: string[], counts: Record<string, number> }>}
 */
export async function checkDatabase() {
  const db = await openDb();
  const tx = db.transaction(STORES, 'readonly');
  const dump = {};
  await Promise.all(STORES.map((s) => new Promise((/** @type {(v?: unknown) => void} */ resolve, reject) => {
    const r = tx.objectStore(s).getAll();
    r.onsuccess = () => {
      dump[s] = r.result;
      resolve();
    };
    r.onerror = () => reject(r.error);
  })));
  const counts = Object.fromEntries(STORES.map((s) => [s, dump[s].length]));
  return { problems: consistencyProblems(dump), counts };
}
