// Seeds the fuzz targets' corpora (core/fuzz) at run time, never copied into the repository:
// HTML extraction from the html5lib-tests inputs (../shared/data/html5lib-tests: every `#data`
// of tree-construction, every tokenizer `input`) and the pages of tests/fixtures; the packed
// boundary from the fixtures' text lines packed as the extension packs them; the site-state
// decoder from records of every kind written here.
// Usage: node scripts/fuzz-seed.mjs OUTDIR   (writes OUTDIR/<target>/<n>; prints the counts)
import { mkdirSync, readdirSync, readFileSync, writeFileSync, existsSync, statSync } from 'node:fs';
import { join, dirname } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const out = process.argv[2] ?? join(root, 'target/fuzz-corpus');
const data = join(root, '..', 'shared', 'data', 'html5lib-tests');

const seeds = { extract_html: [], unpack: [], site_state: [], export_reader: [] };

function walk(dir, ext) {
  if (!existsSync(dir)) return [];
  return readdirSync(dir).flatMap((name) => {
    const p = join(dir, name);
    return statSync(p).isDirectory() ? walk(p, ext) : p.endsWith(ext) ? [p] : [];
  });
}

// html5lib tree-construction: `#data` up to the next `#errors` (or `#document-fragment`).
for (const file of walk(join(data, 'tree-construction'), '.dat')) {
  const lines = readFileSync(file, 'utf8').split('\n');
  for (let i = 0; i < lines.length; i++) {
    if (lines[i] !== '#data') continue;
    const body = [];
    for (i++; i < lines.length && !lines[i].startsWith('#errors') && !lines[i].startsWith('#document'); i++) {
      body.push(lines[i]);
    }
    seeds.extract_html.push(body.join('\n'));
  }
}
// html5lib tokenizer: each test's `input` (doubleEscaped ones are kept as they are written).
for (const file of walk(join(data, 'tokenizer'), '.test')) {
  try {
    const json = JSON.parse(readFileSync(file, 'utf8'));
    for (const t of json.tests ?? []) if (typeof t.input === 'string') seeds.extract_html.push(t.input);
  } catch {
    // a file that is not JSON is skipped
  }
}
// The fixtures' pages, and their lines packed (texts then paths, joined by U+0000).
const fixtures = join(root, 'tests', 'fixtures');
for (const file of walk(fixtures, '.html')) {
  const html = readFileSync(file, 'utf8');
  seeds.extract_html.push(html);
  const texts = html.split('\n').map((l) => l.replace(/<[^>]*>/g, '').trim().replaceAll('\0', '\uFFFD')).filter(Boolean).slice(0, 200);
  const paths = texts.map((_, i) => `/html[0]/body[0]/p[${i}]`);
  const strings = [...texts, ...paths];
  const body = Buffer.from(strings.join('\0'), 'utf8');
  const head = Buffer.alloc(2);
  head.writeUInt16LE(strings.length);
  seeds.unpack.push(Buffer.concat([head, body]));
}
const le = (n) => [n & 255, (n >> 8) & 255, (n >> 16) & 255, (n >>> 24) & 255];
const page = (url, seq) => ({
  url, seq, version: 3,
  dom: [...le(7), ...le(9), ...le(40000)],
  text: [...le(1), ...le(2)],
  flips: [{ path: '/html[0]/body[0]/p[1]', ids: [1, 0, 0, 0, 0, 0, 0, 0, 2, 0, 0, 0, 0, 0, 0, 0] }],
});
const rules = [
  { id: 'r1', rule: { type: 'slots', pattern: ['Visitor', null] }, learned_from: 'flip', hits: 3, label: 'Visitor {*}', vocabulary: ['visitor'] },
  { id: 'r2', rule: { type: 'rotating', path: '/html[0]/body[0]/p[1]' }, learned_from: 'flip', hits: 1, label: 'rotating' },
  { id: 'r3', rule: { type: 'module', path: '/html[0]/body[0]/aside[0]' }, learned_from: 'flip', hits: 2, label: 'module', evidence: { pages: 2, visits: 3 } },
  { id: 'r4', rule: null, learned_from: '', hits: 0, label: '', removed: true },
];
seeds.site_state.push(JSON.stringify({ pages: [page('https://fuzz.example/p', 1), page('https://fuzz.example/q', 2)], rules }));
seeds.site_state.push(JSON.stringify({ pages: [], rules: rules.slice(0, 1) }));
seeds.site_state.push(JSON.stringify({ noise: { rules, removed: ['r9'] }, templates: null }));
seeds.site_state.push('{"pages":[{"url":"u","seq":1,"version":3,"dom":[1,2,3],"text":[],"flips":[]}],"rules":[{"id":""}]}');

// The export file's reader: a header and one line of every store (core/engine/src/export), a
// derived line, and files that break one rule each.
const header = JSON.stringify({ format: 'sincelast-export', schema: 1, created: 1, filter: { since: null, until: null, site: null }, generator: 'seed', stores: ['visits', 'pages', 'blocks', 'settings'] });
const lines = [
  '{"key":1,"store":"visits","value":{"id":1,"listId":"00000000000000aa","pathsetId":"00000000000000bb","site":"a.example","summary":null,"time":5,"title":"T","url":"https://a.example/"}}',
  '{"key":"https://a.example/","store":"pages","value":{"lastTime":5,"lastVisitId":1,"site":"a.example","title":"T","url":"https://a.example/","visits":1}}',
  '{"key":"settings","store":"settings","value":{"excludedSites":["b.example"],"retentionDays":90}}',
  '{"derived":"pageStats","key":"https://a.example/","value":{"changedVisits":0,"firstTime":5,"lastTime":5,"meaningful":0,"site":"a.example","visits":1}}',
];
seeds.export_reader.push([header, ...lines].join('\n'));
seeds.export_reader.push([header, lines[0], lines[0], 'not json', '{"store":"nope"}'].join('\n'));
seeds.export_reader.push([header.replace('"schema":1', '"schema":2'), lines[0]].join('\n'));

for (const [target, list] of Object.entries(seeds)) {
  const dir = join(out, target);
  mkdirSync(dir, { recursive: true });
  list.forEach((s, i) => writeFileSync(join(dir, `seed-${i}`), s));
  console.log(`seeded ${target}: ${list.length} inputs`);
}
