// What the background answers for the stories of issue 11's noise rules (tests/site "herald",
// "weather", "related"), checked the same way in Chromium (signal-module.test.mjs) and Firefox
// (signal-module-firefox.test.mjs): `st` is the `popup-state` result for the revisited tab.

import assert from 'node:assert/strict';

/** The terms page's teaser: listed as noise, each change naming the learned module and its
 * evidence (the front page's rotation); nothing else changed, nothing meaningful. */
export function assertModuleTeasers(st) {
  const changes = st.changes || [];
  const teasers = changes.filter((c) => /^Recommended: /.test(c.preview || ''));
  // The teaser's old story removed and the new one new (or one changed block).
  assert.ok(teasers.length >= 1, `the teaser's change is listed as automated: ${JSON.stringify(changes)}`);
  for (const t of teasers) {
    assert.equal(t.kind, 'noise', JSON.stringify(t));
    assert.equal(t.reason && t.reason.rule, 'module', JSON.stringify(t.reason));
    assert.ok(t.reason.evidence.pages >= 2, JSON.stringify(t.reason));
  }
  assert.equal(teasers.length, changes.length, JSON.stringify(changes));
  assert.equal(st.summary.meaningful, 0, JSON.stringify(st.summary));
}

/** The Courier's privacy page revisited: its box of three teasers (tests/site "courier") changed
 * on every load, each listed as noise naming a learned module with the front page's evidence;
 * with `edited`, its retention clause's edit is the one content change, else nothing is. */
export function assertTeaserBox(st, edited) {
  const changes = st.changes || [];
  const teasers = changes.filter((c) => /minuten geleden/.test(c.preview || ''));
  assert.ok(teasers.length >= 3, `the box's three teasers are listed as automated: ${JSON.stringify(changes)}`);
  for (const t of teasers) {
    assert.equal(t.kind, 'noise', JSON.stringify(t));
    assert.equal(t.reason && t.reason.rule, 'module', JSON.stringify(t.reason));
    assert.ok(t.reason.evidence.pages >= 2, JSON.stringify(t.reason));
  }
  const rest = changes.filter((c) => !teasers.includes(c));
  if (edited) {
    assert.equal(rest.length, 1, JSON.stringify(changes));
    assert.equal(rest[0].kind, 'content', JSON.stringify(rest[0]));
    assert.match(rest[0].preview, /twee jaar/);
    assert.equal(st.summary.meaningful, 1, JSON.stringify(st.summary));
  } else {
    assert.deepEqual(rest, [], JSON.stringify(changes));
    assert.equal(st.summary.meaningful, 0, JSON.stringify(st.summary));
  }
}

/** The weather widget's change: one change, or a removed and a new block when the texts are too
 * unlike to align ("9 °C, Sunny" → "-2 °C, Light snow"), each named weather; nothing meaningful. */
export function assertWeather(st) {
  const c = (st.changes || []).filter((x) => /Harbour/.test(x.preview || ''));
  assert.ok(c.length >= 1 && c.length <= 2, JSON.stringify(st.changes));
  for (const x of c) {
    assert.equal(x.kind, 'noise', JSON.stringify(x));
    assert.deepEqual(x.reason && x.reason.kinds, ['weather'], JSON.stringify(x.reason));
  }
  assert.equal(st.summary.meaningful, 0, JSON.stringify(st.summary));
}

/** The "Mehr zum Thema" module that came or went: its heading and teasers, each named related;
 * nothing meaningful, nothing meaningful removed. */
export function assertRelated(st) {
  const c = st.changes || [];
  assert.ok(c.length >= 3, JSON.stringify(c));
  for (const x of c) {
    assert.equal(x.kind, 'noise', JSON.stringify(x));
    assert.deepEqual(x.reason && x.reason.kinds, ['related'], JSON.stringify(x.reason));
  }
  assert.equal(st.summary.meaningful, 0, JSON.stringify(st.summary));
  assert.equal(st.summary.meaningful_removed || 0, 0, JSON.stringify(st.summary));
}

/** The harbour office's portal revisited (tests/site "portal", `version` 1 or 2): its greeting
 * of the hour and its harbour master's presence changed, each named a relative time; on version
 * 1 the "Loading notices…" placeholder went, named not loaded yet, and the notice that replaced
 * it is the one content change; on version 2 the permits line's edit is. */
export function assertPortal(st, version) {
  const changes = st.changes || [];
  const named = (re, kinds) => {
    const c = changes.filter((x) => re.test(x.preview || ''));
    assert.ok(c.length >= 1, `${re} is listed: ${JSON.stringify(changes)}`);
    for (const x of c) {
      assert.equal(x.kind, 'noise', JSON.stringify(x));
      assert.deepEqual(x.reason && x.reason.kinds, kinds, JSON.stringify(x.reason));
    }
    return c;
  };
  const automated = [
    ...named(/Welcome to the harbour office/, ['relative_time']),
    ...named(/now|Last seen/, ['relative_time']),
    ...(version === 1 ? named(/Loading notices/, ['not_loaded_yet']) : []),
  ];
  const rest = changes.filter((c) => !automated.includes(c));
  assert.equal(rest.length, 1, JSON.stringify(changes));
  assert.equal(rest[0].kind, 'content', JSON.stringify(rest[0]));
  assert.match(rest[0].preview, version === 1 ? /Spring tide/ : /from January/);
  assert.equal(st.summary.meaningful, 1, JSON.stringify(st.summary));
}
