// The database's consistency check: what must hold between the stores whatever happened to the
// worker or the browser (stopped, killed, out of space) in the middle of a write.
//
//   - every visit names a list and a pathset that exist, the pathset has one path per id, and
//     every block id of the list exists (no torn visit);
//   - every page names its last visit, which exists, is of that page, and is its newest;
//   - every visit belongs to a page that exists;
//   - a site record (sitePages) belongs to a page that exists, of the same site;
//   - a list or pathset held as edits resolves through its bases (shared/listdelta.js);
//   - nothing is left over: no list, pathset or block that no visit refers to (a list that is
//     only the base of a needed list's edits is needed too; deletions sweep
//     in the transaction that deletes, and a visit writes only what it refers to, so an orphan
//     is a write or a sweep that was torn).
//
// `consistencyProblems(dump)` is pure (used by the test builds' `test-check` hook and usable
// from node); `checkDatabase()` reads the whole database in one read-only transaction.

import { openDb, STORES } from './db.js';
import { resolveLists, resolvePathsets, isEdits } from '../shared/listdelta.js';

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
  const blocks = new Map((dump.blocks || []).map((b) => [b.id, b]));
  // Lists held as edits are read through their bases (shared/listdelta.js).
  const listProblems = [];
  const lists = resolveLists(dump.lists || [], listProblems);
  const listBase = new Map((dump.lists || []).filter(isEdits).map((l) => [l.id, l.base]));
  const pathsets = resolvePathsets(dump.pathsets || [], listProblems);
  const pathsetBase = new Map((dump.pathsets || []).filter(isEdits).map((p) => [p.id, p.base]));
  const visits = new Map((dump.visits || []).map((v) => [v.id, v]));
  const pages = new Map((dump.pages || []).map((p) => [p.url, p]));
  const usedLists = new Set();
  const usedPathsets = new Set();
  listProblems.forEach(say);
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
  const neededLists = new Set();
  for (const id of usedLists) {
    for (let cur = id, k = 0; cur !== undefined && !neededLists.has(cur) && k < 64; k++) {
      neededLists.add(cur);
      cur = listBase.get(cur);
    }
  }
  for (const l of dump.lists || []) if (!neededLists.has(l.id)) say(`orphan list ${l.id}`);
  for (const id of usedLists) for (const b of lists.get(id) || []) liveBlocks.add(b);
  const neededPathsets = new Set();
  for (const id of usedPathsets) {
    for (let cur = id, k = 0; cur !== undefined && !neededPathsets.has(cur) && k < 64; k++) {
      neededPathsets.add(cur);
      cur = pathsetBase.get(cur);
    }
  }
  for (const p of dump.pathsets || []) if (!neededPathsets.has(p.id)) say(`orphan pathset ${p.id}`);
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
