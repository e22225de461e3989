// The database consistency check (extension/background/consistency.js) on hand-made dumps: a
// consistent database passes; each kind of torn or orphan record is named.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { consistencyProblems } from '../../extension/background/consistency.js';
import { packIds } from '../../extension/shared/wire.js';

const A = '00000000000000aa';
const B = '00000000000000bb';
function good() {
  return {
    blocks: [{ id: A, text: 'alpha' }, { id: B, text: 'beta' }],
    lists: [{ id: 'L1', ids: packIds([A, B]) }],
    pathsets: [{ id: 'P1', paths: ['0|/html[0]/body[0]/p[0]', '22|1]'], typePaths: null }],
    visits: [{ id: 1, url: 'https://e.example/', site: 'e.example', time: 5, listId: 'L1', pathsetId: 'P1' }],
    pages: [{ url: 'https://e.example/', site: 'e.example', lastVisitId: 1, lastTime: 5, visits: 1 }],
    sitePages: [{ site: 'e.example', url: 'https://e.example/' }],
    rules: [],
  };
}

test('a consistent database has no problem', () => {
  assert.deepEqual(consistencyProblems(good()), []);
});

test('torn and orphan records are each named', () => {
  const cases = [
    [(d) => d.blocks.pop(), /block 00000000000000bb missing/],
    [(d) => d.lists.pop(), /list L1 missing/],
    [(d) => d.pathsets.pop(), /pathset P1 missing/],
    [(d) => { d.pathsets[0].paths.pop(); }, /1 paths for 2 blocks/],
    [(d) => { d.pages[0].lastVisitId = 9; }, /last visit 9 missing/],
    [(d) => d.pages.pop(), /its page .* is missing/],
    [(d) => d.visits.push({ ...d.visits[0], id: 2, time: 6 }), /is not its newest/],
    [(d) => { d.pages[0].lastTime = 4; }, /last time 4/],
    [(d) => d.blocks.push({ id: 'cc', text: 'orphan' }), /orphan block cc/],
    [(d) => d.lists.push({ id: 'L2', ids: [A] }), /orphan list L2/],
    [(d) => d.pathsets.push({ id: 'P2', paths: [] }), /orphan pathset P2/],
    [(d) => d.sitePages.push({ site: 'e.example', url: 'https://e.example/gone' }), /site record .* no such page/],
  ];
  for (const [tear, expected] of cases) {
    const d = good();
    tear(d);
    const problems = consistencyProblems(d);
    assert.ok(problems.some((p) => expected.test(p)), `${expected}: ${problems.join('; ')}`);
  }
});
