// In-page steps of the export tests, shared by the Chromium and the Firefox test: each is a
// self-contained function run inside the settings page (playwright's evaluate, selenium's
// executeScript), driving the page's own Export and Import controls.

/** Exports through the settings page's form; resolves to { jsonl, csv, result }. */
export async function pageExport() {
  const until = async (f) => {
    for (let i = 0; i < 300; i++) {
      if (f()) return;
      await new Promise((r) => setTimeout(r, 50));
    }
    throw new Error('timed out waiting for the export');
  };
  document.body.dataset.noDownload = 'true';
  const result = document.getElementById('export-result');
  delete result.dataset.done;
  result.textContent = '';
  document.querySelector('#export-form button[type="submit"]').click();
  await until(() => result.dataset.done === 'true' || /failed/.test(result.textContent));
  if (result.dataset.done !== 'true') throw new Error(result.textContent);
  const text = async (id) => (await fetch(document.getElementById(id).href)).text();
  return { jsonl: await text('export-jsonl'), csv: await text('export-csv'), result: result.textContent };
}

/**
 * Imports a file made in the page from `spec`: `{ text }` as it is, or `{ base, bad: true }`:
 * the export `base` with a malformed line, a duplicate of one of its records, an oversized
 * record, a record of an unknown store and a page record that differs from the stored one
 * under the same key (a conflict). Resolves to the report's data attributes and text.
 */
export async function pageImport(spec) {
  const until = async (f) => {
    for (let i = 0; i < 600; i++) {
      if (f()) return;
      await new Promise((r) => setTimeout(r, 50));
    }
    throw new Error('timed out waiting for the import');
  };
  let text = spec.text;
  if (spec.bad) {
    const lines = spec.base.split('\n').filter((l) => l);
    const block = lines.find((l) => l.startsWith('{"store":"blocks"'));
    const page = JSON.parse(lines.find((l) => l.startsWith('{"store":"pages"')));
    page.value.title = 'Not the stored title';
    const big = JSON.stringify({ store: 'blocks', key: '00000000000000ff', value: { id: '00000000000000ff', text: 'x'.repeat(8 * 1024 * 1024 + 10) } });
    text = [lines[0], '{"store":"blocks","key":', block, block, big,
      '{"store":"nosuch","key":1,"value":{}}', JSON.stringify(page)].join('\n') + '\n';
  }
  const input = document.getElementById('import-file');
  const dt = new DataTransfer();
  dt.items.add(new File([text], 'import.jsonl', { type: 'application/x-ndjson' }));
  input.files = dt.files;
  const report = document.getElementById('import-report');
  delete report.dataset.refused;
  report.textContent = '';
  document.querySelector('#import-form button[type="submit"]').click();
  await until(() => report.dataset.refused !== undefined);
  return { ...report.dataset, text: report.textContent, items: [...report.querySelectorAll('li')].map((li) => li.textContent) };
}

/** The lines of an export after its header, and its header without its creation time. */
export function parts(jsonl) {
  const [head, ...rest] = jsonl.split('\n');
  const header = JSON.parse(head);
  delete header.created;
  return { header, body: rest.join('\n') };
}
