// Export and import in a real Chromium: a page visited through three versions (and another
// page), exported from the settings page, everything deleted, imported, exported again: the
// same bytes (the header's creation time aside); a file with bad lines changes nothing stored;
// a file of another schema version is refused whole.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { useChromium, visit, revisit } from './chromium.mjs';
import { pageExport, pageImport, parts } from './export-helpers.mjs';

let site;
let ext;
useChromium((s, e) => { site = s; ext = e; });


test('export, delete everything, import, export again: the same records byte for byte', async () => {
  const news = site.url('export', 'news');
  const { page } = await visit(ext, news);
  await site.advance('export');
  assert.equal(await revisit(page), 'changed');
  await site.advance('export');
  assert.equal(await revisit(page), 'changed');
  await visit(ext, site.url('export', 'long'));

  const options = await ext.context.newPage();
  await options.goto(`chrome-extension://${ext.extensionId}/options/options.html`);
  await options.waitForSelector('body[data-ready="true"]');
  const first = await options.evaluate(pageExport);
  const lines = first.jsonl.trimEnd().split('\n').map((l) => JSON.parse(l));
  assert.equal(lines[0].format, 'sincelast-export');
  assert.equal(lines[0].schema, 1);
  const by = (store) => lines.filter((l) => l.store === store);
  assert.equal(by('visits').length, 4);
  assert.equal(by('pages').length, 2);
  assert.equal(by('settings').length, 1);
  assert.ok(by('blocks').length > 10);
  assert.ok(by('sitePages').length >= 1);
  const stats = lines.find((l) => l.derived === 'pageStats' && l.key === news);
  assert.equal(stats.value.visits, 3);
  assert.equal(stats.value.changedVisits, 2);
  // The visits table: a header row and one row per visit.
  const rows = first.csv.trimEnd().split('\n');
  assert.equal(rows.length, 5);
  assert.match(rows[0], /^visit_id,url,site,time_ms,time_utc,title,status,meaningful,/);
  assert.equal(rows.slice(1).filter((r) => r.includes(',changed,')).length, 2, first.csv);

  options.once('dialog', (d) => d.accept());
  await options.click('#delete-all');
  await options.waitForFunction(() => document.getElementById('stats').dataset.visits === '0');
  const empty = await options.evaluate(pageExport);
  assert.equal(empty.jsonl.split('\n').filter((l) => l.startsWith('{"store":"visits"')).length, 0);

  const report = await options.evaluate(pageImport, { text: first.jsonl });
  assert.equal(report.refused, 'false', report.text);
  assert.equal(report.skipped, '0', report.text);
  assert.equal(report.conflicts, '0', report.text);
  // Every record was added (the settings too: this profile never saved any, so none were stored).
  assert.equal(Number(report.added), lines.filter((l) => l.store).length);
  await options.waitForFunction(() => document.getElementById('stats').dataset.visits === '4');

  const second = await options.evaluate(pageExport);
  assert.deepEqual(parts(second.jsonl).header, parts(first.jsonl).header);
  assert.equal(parts(second.jsonl).body, parts(first.jsonl).body);
  assert.equal(second.csv, first.csv);

  // Importing the same file again adds nothing: every record is already stored identically.
  const again = await options.evaluate(pageImport, { text: first.jsonl });
  assert.equal(again.added, '0');
  assert.equal(again.conflicts, '0');
  assert.equal(Number(again.identical), lines.filter((l) => l.store).length);

  // The imported history is the extension's history: the revisit compares with it.
  assert.equal(await revisit(page), 'unchanged');
  await options.close();
});

test('bad lines are skipped with their reasons, a conflict is reported, nothing stored changes; another browser\'s visit is added under a new number', async () => {
  const options = await ext.context.newPage();
  await options.goto(`chrome-extension://${ext.extensionId}/options/options.html`);
  await options.waitForSelector('body[data-ready="true"]');
  const before = await options.evaluate(pageExport);
  const bad = await options.evaluate(pageImport, { base: before.jsonl, bad: true });
  assert.equal(bad.refused, 'false', bad.text);
  assert.equal(bad.added, '0', bad.text);
  assert.equal(bad.identical, '1', bad.text);
  assert.equal(bad.skipped, '4', bad.text);
  assert.equal(bad.conflicts, '1', bad.text);
  assert.match(bad.items.join('\n'), /Line 2 skipped: malformed: not JSON/);
  assert.match(bad.items.join('\n'), /Line 4 skipped: duplicate: the same key as line 3/);
  assert.match(bad.items.join('\n'), /Line 5 skipped: oversized: 8388\d{3} bytes \(at most 8388608\)/);
  assert.match(bad.items.join('\n'), /Line 6 skipped: unknown store "nosuch"/);
  assert.match(bad.items.join('\n'), /Line 7 not imported: pages "http[^"]+": a different record is stored under this key/);

  const wrong = before.jsonl.replace('"schema":1', '"schema":2');
  const refused = await options.evaluate(pageImport, { text: wrong });
  assert.equal(refused.refused, 'true');
  assert.match(refused.text, /schema version 2 is not supported \(this version reads schema 1\)/);

  const after = await options.evaluate(pageExport);
  assert.equal(parts(after.jsonl).body, parts(before.jsonl).body);

  // Another browser's visit under a number taken here: added under a new number, once.
  const [head, ...rest] = before.jsonl.split('\n');
  const theirs = JSON.parse(rest.find((l) => l.startsWith('{"store":"visits"')));
  theirs.value.time += 1000;
  const merge = `${head}\n${JSON.stringify(theirs)}\n`;
  const merged = await options.evaluate(pageImport, { text: merge });
  assert.equal(merged.added, '1', merged.text);
  assert.match(merged.items.join('\n'), /1 visits were added under new numbers/);
  const twice = await options.evaluate(pageImport, { text: merge });
  assert.deepEqual([twice.added, twice.identical], ['0', '1'], twice.text);
  const visits = (await options.evaluate(pageExport)).jsonl.split('\n').filter((l) => l.startsWith('{"store":"visits"'));
  assert.equal(visits.length, before.jsonl.split('\n').filter((l) => l.startsWith('{"store":"visits"')).length + 1);
  await options.close();
});
