// A page version's block-id list stored as edits against the list of the version before it, so
// that a changed version costs about what changed rather than 8 bytes for every block again.
//
// A stored list record is one of:
//   { id, ids }                   full: ids packed 8 bytes each (wire.js packIds), or, when
//                                 written before ids were packed, an array of hex strings
//   { id, base, depth, edits }    edits against the list `base` (itself full or edits, `depth`
//                                 links away from a full list, 1 ≤ depth ≤ MAX_DEPTH)
// The id stays the content address of the FULL id list (whoever writes computes it from the
// ids), so an unchanged version still shares its list and a stored id is never rewritten.
//
// `edits` is a sequence of operations, each starting with an unsigned LEB128 varint h:
//   h even: copy h/2 ids of the base starting at the varint that follows (its index);
//   h odd:  insert (h-1)/2 new ids, which follow packed 8 bytes each.
// Reading a list follows at most MAX_DEPTH links (a full list is written at least every
// MAX_DEPTH + 1 versions, and whenever the edits would not be much smaller than the full list).

import { packIds, unpackIds } from './wire.js';

/** Longest chain of edits before a full list is written again (bounds the reads of one list). */
export const MAX_DEPTH = 15;

const HEX = '0123456789abcdef';

/** Bytes sink with varints. */
class Bytes {
  constructor() {
    this.buf = new Uint8Array(64);
    this.len = 0;
  }

  grow(n) {
    if (this.len + n <= this.buf.length) return;
    let size = this.buf.length * 2;
    while (size < this.len + n) size *= 2;
    const next = new Uint8Array(size);
    next.set(this.buf.subarray(0, this.len));
    this.buf = next;
  }

  varint(v) {
    this.grow(5);
    while (v >= 0x80) {
      this.buf[this.len++] = (v & 0x7f) | 0x80;
      v = Math.floor(v / 128);
    }
    this.buf[this.len++] = v;
  }

  id(hex) {
    this.grow(8);
    for (let k = 0; k < 8; k++) this.buf[this.len++] = (HEX.indexOf(hex[2 * k]) << 4) | HEX.indexOf(hex[2 * k + 1]);
  }

  bytes() {
    return this.buf.slice(0, this.len);
  }
}

/**
 * The edits that turn `base` into `ids` (both arrays of 16-hex-digit block ids): copy runs of
 * the base (found greedily, continuing the previous run first, else the longest run among the
 * first positions of the id in the base) and the ids that are new.
 * @param {string[]} base
 * @param {string[]} ids
 * @returns {Uint8Array}
 */
export function encodeEdits(base, ids) {
  return encodeRuns(base, ids, (out, id) => out.id(id));
}

/**
 * The copy runs and additions that turn `base` into `next` (arrays of strings), as edits;
 * `write(out, item)` writes an added item into the bytes (or collects it elsewhere).
 * @param {string[]} base
 * @param {string[]} ids
 * @param {(out: Bytes, item: string) => void} write
 */
function encodeRuns(base, ids, write) {
  /** @type {Map<string, number[]>} */
  const at = new Map();
  base.forEach((id, i) => {
    const list = at.get(id);
    if (!list) at.set(id, [i]);
    else if (list.length < 8) list.push(i);
  });
  const out = new Bytes();
  let pending = []; // new ids not yet written
  const flush = () => {
    if (!pending.length) return;
    out.varint(pending.length * 2 + 1);
    for (const id of pending) write(out, id);
    pending = [];
  };
  const runFrom = (p, j) => {
    let n = 0;
    while (p + n < base.length && j + n < ids.length && base[p + n] === ids[j + n]) n++;
    return n;
  };
  let next = -1; // where the last copy ended in the base
  let j = 0;
  while (j < ids.length) {
    let bestP = -1;
    let bestN = 0;
    if (next >= 0 && next < base.length && base[next] === ids[j]) {
      bestP = next;
      bestN = runFrom(next, j);
    } else {
      for (const p of at.get(ids[j]) || []) {
        const n = runFrom(p, j);
        if (n > bestN) {
          bestN = n;
          bestP = p;
        }
      }
    }
    if (bestN === 0) {
      pending.push(ids[j]);
      j += 1;
      continue;
    }
    flush();
    out.varint(bestN * 2);
    out.varint(bestP);
    next = bestP + bestN;
    j += bestN;
  }
  flush();
  return out.bytes();
}

/**
 * The ids of `edits` applied to `base`; throws on edits that do not fit the base (a damaged
 * record), never reads past the bytes.
 * @param {string[]} base
 * @param {Uint8Array} edits
 * @returns {string[]}
 */
export function applyEdits(base, edits) {
  return applyRuns(base, edits, (i, n) => {
    if (i + n * 8 > edits.length) throw new Error('list edits: new ids cut short');
    return { items: unpackIds(edits.subarray(i, i + n * 8)), used: n * 8 };
  });
}

/**
 * `base` with edits applied; `added(i, n)` gives the n added items of an insertion whose
 * header ends at byte i, and how many bytes of the edits they used.
 * @param {string[]} base
 * @param {Uint8Array} edits
 * @param {(i: number, n: number) => { items: string[], used: number }} added
 */
function applyRuns(base, edits, added) {
  const out = [];
  let i = 0;
  const varint = () => {
    let v = 0;
    let mul = 1;
    for (;;) {
      if (i >= edits.length) throw new Error('list edits: cut short');
      const b = edits[i++];
      v += (b & 0x7f) * mul;
      if (b < 0x80) return v;
      mul *= 128;
      if (mul > 2 ** 35) throw new Error('list edits: varint too long');
    }
  };
  while (i < edits.length) {
    const h = varint();
    const n = Math.floor(h / 2);
    if (h % 2 === 0) {
      const start = varint();
      if (n === 0 || start + n > base.length) throw new Error(`list edits: copy of ${n} from ${start} outside a base of ${base.length}`);
      for (let k = 0; k < n; k++) out.push(base[start + k]);
    } else {
      const { items, used } = added(i, n);
      for (const x of items) out.push(x);
      i += used;
    }
  }
  return out;
}

/** Whether a stored list record holds edits (else it holds its ids). */
export const isEdits = (rec) => !!rec && rec.edits !== undefined && rec.base !== undefined;

/**
 * The record to store for the list `id` of `ids`, given the previous version's list: edits
 * against it when it is known (`baseIds`, its record's `baseDepth`), the chain is not too long
 * and the edits are less than half the full list; else the full list.
 * @param {string} id
 * @param {string[]} ids
 * @param {{ id: string, ids: string[], depth: number } | null} base
 */
export function listRecord(id, ids, base) {
  if (base && base.id !== id && base.depth < MAX_DEPTH) {
    const edits = encodeEdits(base.ids, ids);
    if (edits.byteLength * 2 < ids.length * 8) return { id, base: base.id, depth: base.depth + 1, edits };
  }
  return { id, ids: packIds(ids) };
}

/** A stored record's depth (0 for a full list). */
export const depthOf = (rec) => (isEdits(rec) ? rec.depth : 0);

// --- reading a chain of edits (lists and pathsets alike) --------------------------------------
//
// A stored record is either full or edits against its `base`; reading one walks down to a full
// record (or one already in `cache`), at most MAX_DEPTH edits, and applies the edits back up,
// caching every version on the way. The walk is a generator that yields the ids it needs and
// receives their records, so the same steps serve a store read asynchronously (IndexedDB) and
// records held in memory (the consistency check).

/**
 * @typedef {object} Kind
 * @property {string} name 'list' or 'pathset', for messages
 * @property {(rec: any) => any} full the value of a full record
 * @property {(value: any, rec: any) => any} apply a record's edits applied to its base's value
 */

/** @type {Kind} */
const LIST = { name: 'list', full: (rec) => unpackIds(rec.ids), apply: (ids, rec) => applyEdits(ids, rec.edits) };

/** @type {Kind} */
const PATHSET = {
  name: 'pathset',
  full: (rec) => rec,
  apply: (full, rec) => ({ id: rec.id, paths: applyPathEdits(full.paths, rec.edits, rec.added), typePaths: null }),
};

/**
 * The walk from `id` (see above): yields ids, receives their records (undefined when missing);
 * returns `{ value }`, or `{ missing }` with the id of the record that is not there. Throws on a
 * chain longer than MAX_DEPTH (a loop included) and on damaged edits.
 * @param {string} id @param {Map<string, any>} cache @param {Kind} kind
 * @returns {Generator<string, { value?: any, missing?: string }, any>}
 */
function* walk(id, cache, kind) {
  const chain = [];
  let cur = id;
  let value;
  for (;;) {
    if (cache.has(cur)) {
      value = cache.get(cur);
      break;
    }
    const rec = yield cur;
    if (!rec) return { missing: cur };
    if (!isEdits(rec)) {
      value = kind.full(rec);
      cache.set(cur, value);
      break;
    }
    chain.push(rec);
    if (chain.length > MAX_DEPTH) throw new Error(`${kind.name} ${id}: more than ${MAX_DEPTH} edits to a full ${kind.name}`);
    cur = rec.base;
  }
  for (let k = chain.length - 1; k >= 0; k--) {
    try {
      value = kind.apply(value, chain[k]);
    } catch (e) {
      throw new Error(`${kind.name} ${chain[k].id}: ${e.message}`, { cause: e });
    }
    cache.set(chain[k].id, value);
  }
  return { value };
}

/** The walk driven by `get` (sync or async): the value, or undefined when a record is missing. */
async function readChain(get, id, cache, kind) {
  const it = walk(id, cache, kind);
  let step = it.next();
  while (!step.done) step = it.next(await get(step.value));
  return step.value.value;
}

/**
 * Every record of a dump (records by id) resolved: Map id → value; a record whose chain is
 * broken or damaged is left out, with the reason in `problems`.
 */
function resolveAll(records, problems, kind) {
  const byId = new Map(records.map((r) => [r.id, r]));
  const cache = new Map();
  const out = new Map();
  for (const r of records) {
    try {
      const it = walk(r.id, cache, kind);
      let step = it.next();
      while (!step.done) step = it.next(byId.get(step.value));
      if (step.value.missing !== undefined) problems.push(`${kind.name} ${r.id}: its base ${step.value.missing} is missing`);
      else out.set(r.id, step.value.value);
    } catch (e) {
      problems.push(e.message);
    }
  }
  return out;
}

/**
 * The ids of the stored list `id`, reading through `get(id) → record | undefined` (sync or
 * async) and the bases its edits refer to; `cache` (id → ids) is used and filled. Undefined when
 * the list (or a base it needs) is missing; throws on a chain longer than MAX_DEPTH or a loop.
 * @param {(id: string) => any} get
 * @param {string} id
 * @param {Map<string, string[]>} [cache]
 * @returns {Promise<string[] | undefined>}
 */
export function readListIds(get, id, cache = new Map()) {
  return readChain(get, id, cache, LIST);
}

/**
 * Every list of a dump (records by id) with its ids resolved: Map id → ids (a list whose chain
 * is broken or damaged is left out, with the reason in `problems`).
 * @param {any[]} records
 * @param {string[]} [problems]
 * @returns {Map<string, string[]>}
 */
export function resolveLists(records, problems = []) {
  return resolveAll(records, problems, LIST);
}

/**
 * The ids of every list needed to read the lists `wanted`: themselves and the bases of their
 * edits, through `get` (sync or async).
 * @param {(id: string) => any} get
 * @param {Iterable<string>} wanted
 * @returns {Promise<Set<string>>}
 */
export async function listsNeeded(get, wanted) {
  const keep = new Set();
  for (const start of wanted) {
    let cur = start;
    for (let k = 0; k <= MAX_DEPTH + 1 && cur !== undefined && !keep.has(cur); k++) {
      keep.add(cur);
      const rec = await get(cur);
      cur = isEdits(rec) ? rec.base : undefined;
    }
  }
  return keep;
}

// --- pathsets -------------------------------------------------------------------------------
//
// A version's paths (front-coded entries, wire.js encodePaths) change with its blocks: a block
// added shifts the indices of the blocks after it, yet their front-coded entries mostly stay
// the same (each holds only what differs from the path before it). A changed version's pathset
// is stored the same way as a list, over its entries:
//   { id, paths, typePaths }                     full (typePaths null when derivable)
//   { id, base, depth, edits, added }            edits against the pathset `base`: copies as
//                                                for lists, insertions taking their entries in
//                                                order from `added`; typePaths derivable
// The id stays the core's content address of the full pathset.

/**
 * The record to store for the pathset `id` whose front-coded entries are `paths`, given the
 * previous version's (`base`: its id, entries and record depth), as for lists (listRecord).
 * @param {string} id
 * @param {string[]} paths
 * @param {string[] | null} typePaths
 * @param {{ id: string, paths: string[], depth: number } | null} base
 */
export function pathsetRecord(id, paths, typePaths, base) {
  if (!typePaths && base && base.id !== id && base.depth < MAX_DEPTH) {
    const added = [];
    const edits = encodeRuns(base.paths, paths, (_out, p) => added.push(p));
    const size = (xs) => xs.reduce((n, p) => n + p.length + 3, 0);
    if ((edits.byteLength + size(added)) * 2 < size(paths)) return { id, base: base.id, depth: base.depth + 1, edits, added };
  }
  return { id, paths, typePaths };
}

/** `edits` (with their `added` entries) applied to the entries `base`. */
export function applyPathEdits(base, edits, added) {
  let k = 0;
  const out = applyRuns(base, edits, (_i, n) => {
    if (k + n > added.length) throw new Error('pathset edits: added entries cut short');
    const items = added.slice(k, k + n);
    k += n;
    return { items, used: 0 };
  });
  if (k !== added.length) throw new Error('pathset edits: added entries left over');
  return out;
}

/**
 * The full record ({ id, paths, typePaths }) of the stored pathset `id`, read through `get`
 * and the bases of its edits (as readListIds); `cache` (id → full record) used and filled.
 * @param {(id: string) => any} get
 * @param {string} id
 * @param {Map<string, { id: string, paths: string[], typePaths: string[] | null }>} [cache]
 */
export function readPathset(get, id, cache = new Map()) {
  return readChain(get, id, cache, PATHSET);
}

/**
 * Every pathset of a dump as its full record (Map id → { id, paths, typePaths }); a broken or
 * damaged one is left out with the reason in `problems`.
 * @param {any[]} records
 * @param {string[]} [problems]
 */
export function resolvePathsets(records, problems = []) {
  return resolveAll(records, problems, PATHSET);
}

/** The pathsets needed to read the pathsets `wanted` (themselves and their bases). */
export const pathsetsNeeded = listsNeeded;
