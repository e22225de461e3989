// Export and import in real Firefox (the test build as a temporary add-on, see firefox.mjs): the
// same steps as export-chromium.test.mjs, through the settings page.
// Build first: node scripts/build-extension.mjs

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { useFirefox } from './firefox.mjs';
import { pageExport, pageImport, parts } from './export-helpers.mjs';

const ff = useFirefox();
/** Runs one of export-helpers.mjs's in-page steps in the current (settings) tab. */
const inPage = (fn, arg) => ff.driver.executeScript(`return (${fn})(arguments[0])`, arg);

test('Firefox: export, delete everything, import, export again; bad files change nothing', async () => {
  const news = ff.site.url('ff-export', 'news');
  assert.equal(await ff.load(news), 'first');
  await ff.site.advance('ff-export');
  assert.equal(await ff.load(news), 'changed');
  await ff.site.advance('ff-export');
  assert.equal(await ff.load(news), 'changed');

  const { pageHandle } = await ff.openExtensionPage('options');
  await ff.waitFor("return document.body.dataset.ready === 'true'", 'settings ready');
  const first = await inPage(pageExport);
  const lines = first.jsonl.trimEnd().split('\n').map((l) => JSON.parse(l));
  assert.equal(lines[0].schema, 1);
  assert.equal(lines.filter((l) => l.store === 'visits').length, 3);
  assert.equal(first.csv.trimEnd().split('\n').length, 4);
  const stats = lines.find((l) => l.derived === 'pageStats' && l.key === news);
  assert.equal(stats.value.visits, 3);

  await ff.driver.executeScript("window.confirm = () => true; document.getElementById('delete-all').click();");
  await ff.waitFor("return document.getElementById('stats').dataset.visits === '0'", 'deleted');

  const report = await inPage(pageImport, { text: first.jsonl });
  assert.equal(report.refused, 'false', report.text);
  assert.equal(report.skipped, '0', report.text);
  assert.equal(report.conflicts, '0', report.text);
  assert.equal(Number(report.added), lines.filter((l) => l.store).length);
  const second = await inPage(pageExport);
  assert.deepEqual(parts(second.jsonl).header, parts(first.jsonl).header);
  assert.equal(parts(second.jsonl).body, parts(first.jsonl).body);
  assert.equal(second.csv, first.csv);

  const bad = await inPage(pageImport, { base: first.jsonl, bad: true });
  assert.equal(bad.refused, 'false', bad.text);
  assert.deepEqual([bad.added, bad.identical, bad.skipped, bad.conflicts], ['0', '1', '4', '1'], bad.text);
  const said = bad.items.join('\n');
  assert.match(said, /Line 2 skipped: malformed: not JSON/);
  assert.match(said, /Line 4 skipped: duplicate: the same key as line 3/);
  assert.match(said, /Line 5 skipped: oversized: 8388\d{3} bytes \(at most 8388608\)/);
  assert.match(said, /Line 6 skipped: unknown store "nosuch"/);
  assert.match(said, /Line 7 not imported: pages "http[^"]+": a different record is stored under this key/);
  const refused = await inPage(pageImport, { text: first.jsonl.replace('"schema":1', '"schema":2') });
  assert.equal(refused.refused, 'true');
  assert.match(refused.text, /schema version 2 is not supported/);
  const third = await inPage(pageExport);
  assert.equal(parts(third.jsonl).body, parts(first.jsonl).body);

  await ff.driver.close();
  await ff.driver.switchTo().window(pageHandle);
  // The imported history is the extension's history: the revisit compares with it.
  assert.equal(await ff.load(news), 'unchanged');
});
