// A version's block-id list stored as edits against the previous version's list
// (extension/shared/listdelta.js): round trips, edge cases, the cost of a small change, chains
// read through bases (bounded), damaged records refused, and the consistency check reading them.
// Runs in node (no browser needed).

import { test } from 'node:test';
import assert from 'node:assert/strict';
import {
  encodeEdits, applyEdits, listRecord, readListIds, resolveLists, listsNeeded, MAX_DEPTH, isEdits,
} from '../../extension/shared/listdelta.js';
import { packIds } from '../../extension/shared/wire.js';
import { consistencyProblems } from '../../extension/background/consistency.js';

const hex = (n) => n.toString(16).padStart(16, '0');
const ids = (...ns) => ns.map(hex);
const range = (a, b) => Array.from({ length: b - a }, (_, i) => hex(a + i));

/** A small deterministic random generator (xorshift). */
function rng(seed) {
  let s = seed >>> 0 || 1;
  return () => {
    s ^= s << 13;
    s >>>= 0;
    s ^= s >>> 17;
    s ^= s << 5;
    s >>>= 0;
    return s / 2 ** 32;
  };
}

test('edits round trip: hand-checked cases and edge cases', () => {
  const cases = [
    [[], []],
    [[], ids(1, 2, 3)],
    [ids(1, 2, 3), []],
    [ids(1, 2, 3), ids(1, 2, 3)],
    [ids(1, 2, 3), ids(3, 2, 1)],
    [ids(1, 2, 3), ids(1, 9, 3)],
    [ids(1, 1, 1, 1), ids(1, 1, 1, 1, 1, 1)], // repeated ids (the same text twice on a page)
    [ids(1, 2, 1, 2), ids(2, 1, 2, 1)],
    [range(0, 500), [...range(0, 200), ...range(300, 500), ...range(200, 300)]], // a moved run
    [range(0, 300), range(1000, 1300)], // everything new
  ];
  for (const [base, next] of cases) assert.deepEqual(applyEdits(base, encodeEdits(base, next)), next, `${base.length} → ${next.length}`);
  // Hand-checked bytes: [1,2,3] → [1,9,3] is copy 1 from 0, insert 9, copy 1 from 2.
  assert.deepEqual([...encodeEdits(ids(1, 2, 3), ids(1, 9, 3))], [2, 0, 3, 0, 0, 0, 0, 0, 0, 0, 9, 2, 2]);
  // Unchanged: one copy of 3 from 0.
  assert.deepEqual([...encodeEdits(ids(1, 2, 3), ids(1, 2, 3))], [6, 0]);
  // Varints past one byte: a copy of 200 from index 300.
  const big = range(0, 600);
  const e = encodeEdits(big, big.slice(300, 500));
  assert.deepEqual([...e], [0x90, 0x03, 0xac, 0x02]);
  assert.deepEqual(applyEdits(big, e), big.slice(300, 500));
});

test('edits round trip on random edits of random lists', () => {
  const rand = rng(7);
  let next = 1e6;
  for (let round = 0; round < 300; round++) {
    const n = Math.floor(rand() * 400);
    const pool = Math.max(1, Math.floor(rand() * n * 1.2)); // small pools repeat ids
    const base = Array.from({ length: n }, () => hex(Math.floor(rand() * pool)));
    const out = [...base];
    const changes = Math.floor(rand() * 20);
    for (let k = 0; k < changes; k++) {
      const at = Math.floor(rand() * (out.length + 1));
      const r = rand();
      if (r < 0.3) out.splice(at, 0, hex(next++));
      else if (r < 0.6) out.splice(at, 1);
      else if (r < 0.8 && out.length) out[at % out.length] = hex(next++);
      else if (out.length > 4) out.splice(at, 0, ...out.splice(0, 3)); // a moved run
    }
    assert.deepEqual(applyEdits(base, encodeEdits(base, out)), out, `round ${round}`);
  }
});

test('a small change costs about what changed, not the whole list', () => {
  const base = range(0, 800); // a full list: 6,400 bytes
  const changed = [...base];
  changed[100] = hex(5000);
  changed.splice(400, 0, hex(5001), hex(5002));
  changed.splice(700, 3);
  const e = encodeEdits(base, changed);
  assert.ok(e.byteLength <= 3 * 8 + 7 * 3, `${e.byteLength} bytes`);
  const rec = listRecord('L2', changed, { id: 'L1', ids: base, depth: 0 });
  assert.ok(isEdits(rec));
  assert.equal(rec.base, 'L1');
  assert.equal(rec.depth, 1);
  // Too different: the full list is stored instead.
  const full = listRecord('L3', range(9000, 9800), { id: 'L1', ids: base, depth: 0 });
  assert.ok(!isEdits(full));
  assert.deepEqual(full.ids, packIds(range(9000, 9800)));
  // No base, or the chain at its longest: a full list.
  assert.ok(!isEdits(listRecord('L4', changed, null)));
  assert.ok(!isEdits(listRecord('L5', changed, { id: 'L1', ids: base, depth: MAX_DEPTH })));
});

test('damaged edits are refused with a reason, never read past their bytes', () => {
  const base = ids(1, 2, 3);
  assert.throws(() => applyEdits(base, Uint8Array.from([8, 0])), /outside a base of 3/); // copy 4
  assert.throws(() => applyEdits(base, Uint8Array.from([2, 3])), /outside/); // copy 1 from 3
  assert.throws(() => applyEdits(base, Uint8Array.from([0, 0])), /copy of 0/);
  assert.throws(() => applyEdits(base, Uint8Array.from([2])), /cut short/);
  assert.throws(() => applyEdits(base, Uint8Array.from([3, 0, 0])), /new ids cut short/);
  assert.throws(() => applyEdits(base, Uint8Array.from([0x80, 0x80, 0x80, 0x80, 0x80, 0x80])), /varint too long|cut short/);
});

test('a chain of versions is read through its bases, each list once, and stays bounded', async () => {
  const store = new Map();
  const versions = [];
  let cur = range(0, 300);
  let prev = null;
  for (let v = 0; v < 40; v++) {
    if (v) {
      cur = [...cur];
      cur[(v * 37) % cur.length] = hex(10000 + v);
    }
    const id = `L${v}`;
    const rec = listRecord(id, cur, prev);
    store.set(id, rec);
    versions.push(cur);
    prev = { id, ids: cur, depth: isEdits(rec) ? rec.depth : 0 };
  }
  const kinds = [...store.values()].map((r) => (isEdits(r) ? r.depth : 0));
  // A full list every MAX_DEPTH + 1 versions, edits between.
  assert.deepEqual(kinds.slice(0, 18), [0, ...Array.from({ length: MAX_DEPTH }, (_, i) => i + 1), 0, 1]);
  let reads = 0;
  const get = async (id) => {
    reads += 1;
    return store.get(id);
  };
  const cache = new Map();
  for (let v = 0; v < 40; v++) assert.deepEqual(await readListIds(get, `L${v}`, cache), versions[v]);
  assert.equal(reads, 40, 'each list read once with a cache');
  reads = 0;
  await readListIds(get, 'L15', new Map());
  assert.equal(reads, 16, 'without: a list at depth 15 reads 16 records');
  assert.equal(await readListIds(get, 'missing'), undefined);
  // What the sweep keeps for L20: itself and its bases down to the full list L16.
  assert.deepEqual([...await listsNeeded(get, ['L20'])].sort(), ['L16', 'L17', 'L18', 'L19', 'L20']);
  // In memory (the consistency check): the same ids; a broken chain named.
  const problems = [];
  const all = resolveLists([...store.values()].filter((r) => r.id !== 'L16'), problems);
  assert.deepEqual(all.get('L33'), versions[33]);
  assert.ok(!all.has('L20'));
  assert.ok(problems.some((p) => /list L20: its base L16 is missing/.test(p)), problems.join('; '));
  // A loop (only a damaged store could hold one) is refused, not followed forever.
  const loop = new Map([['A', { id: 'A', base: 'B', depth: 1, edits: new Uint8Array() }], ['B', { id: 'B', base: 'A', depth: 1, edits: new Uint8Array() }]]);
  await assert.rejects(readListIds((id) => loop.get(id), 'A'), /more than 15 edits/);
});

test('consistency check: lists as edits are read through, a base only edits need is not an orphan', () => {
  const [A, B, C] = ['a'.repeat(16), 'b'.repeat(16), 'c'.repeat(16)];
  const base = { id: 'L1', ids: packIds([A, B]) };
  const edits = listRecord('L2', [A, B, C, A, B], { id: 'L1', ids: [A, B], depth: 0 });
  assert.ok(isEdits(edits));
  const dump = {
    blocks: [A, B, C].map((id) => ({ id, text: `text ${id}` })),
    lists: [base, edits],
    pathsets: [{ id: 'P', paths: ['0|/a', '2|b', '2|c', '2|d', '2|e'], typePaths: null }],
    visits: [{ id: 2, url: 'u', site: 's', time: 2, listId: 'L2', pathsetId: 'P' }],
    pages: [{ url: 'u', site: 's', lastVisitId: 2, lastTime: 2, visits: 2 }],
  };
  assert.deepEqual(consistencyProblems(dump), []);
  assert.deepEqual(consistencyProblems({ ...dump, lists: [edits] }).slice(0, 2), ['list L2: its base L1 is missing', 'visit 2: list L2 missing']);
  // The base is needed: without the visit that names L2, both are orphans.
  assert.deepEqual(consistencyProblems({ ...dump, lists: [base, edits, { id: 'L9', ids: packIds([A]) }] }), ['orphan list L9']);
  assert.deepEqual(consistencyProblems({ ...dump, blocks: dump.blocks.slice(0, 2) }), [`visit 2: block ${C} missing`]);
});

test('pathsets: edits over the front-coded paths survive a block added (indices shifted after it)', async () => {
  const { encodePaths, decodePaths } = await import('../../extension/shared/wire.js');
  const { pathsetRecord, applyPathEdits, readPathset, resolvePathsets } = await import('../../extension/shared/listdelta.js');
  const section = (s, n) => Array.from({ length: n }, (_, i) => `/html[0]/body[0]/main[0]/section[${s}]/div[${i}]/p[0]`);
  const before = [0, 1, 2, 3, 4, 5, 6, 7].flatMap((s) => section(s, 30));
  // A new section 2: sections 2.. become 3..; every path after it has another index.
  const after = [0, 1].flatMap((s) => section(s, 30)).concat(['/html[0]/body[0]/main[0]/section[2]/h2[0]'], [3, 4, 5, 6, 7, 8].flatMap((s) => section(s, 30)));
  const [eb, ea] = [encodePaths(before), encodePaths(after)];
  const rec = pathsetRecord('P2', ea, null, { id: 'P1', paths: eb, depth: 0 });
  assert.ok(isEdits(rec), 'stored as edits');
  assert.equal(rec.base, 'P1');
  const size = (xs) => xs.reduce((n, p) => n + p.length + 3, 0);
  assert.ok(rec.edits.byteLength + size(rec.added) < size(ea) / 10, `${rec.edits.byteLength} + ${size(rec.added)} bytes for a pathset of ${size(ea)}`);
  assert.deepEqual(decodePaths(applyPathEdits(eb, rec.edits, rec.added)), after);
  // Read through the store, and in memory.
  const store = new Map([['P1', { id: 'P1', paths: eb, typePaths: null }], ['P2', rec]]);
  assert.deepEqual(decodePaths((await readPathset((id) => store.get(id), 'P2')).paths), after);
  assert.deepEqual(resolvePathsets([...store.values()]).get('P2'), { id: 'P2', paths: ea, typePaths: null });
  const problems = [];
  assert.equal(resolvePathsets([rec], problems).size, 0);
  assert.deepEqual(problems, ['pathset P2: its base P1 is missing']);
  // Type paths that are not derivable: the full pathset.
  assert.ok(!isEdits(pathsetRecord('P3', ea, after.map(() => '/x'), { id: 'P1', paths: eb, depth: 0 })));
  // Damaged: an insertion with no entries left.
  assert.throws(() => applyPathEdits(eb, Uint8Array.from([3]), []), /added entries cut short/);
  assert.throws(() => applyPathEdits(eb, Uint8Array.from([2, 0]), ['x']), /left over/);
});
