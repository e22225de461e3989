// The settings page's "Export and import": asks the background (over a port) for the export
// file and offers it for download (a blob URL and <a download>: no downloads permission), and
// feeds a chosen file to the background whole lines at a time, with progress and a report of
// what was added, what was already there and what was skipped and why.

import { api } from '../shared/api.js';
import { t } from '../shared/i18n.js';

/** @param {string} id */
const $ = (id) => /** @type {HTMLInputElement} */ (document.getElementById(id));

const BATCH_BYTES = 512 * 1024; // lines sent per message, about

let urls = [];

/** Milliseconds since the epoch of a date input's day (local midnight), or null. */
function dayStart(value, plusDays = 0) {
  if (!value) return null;
  const [y, m, d] = value.split('-').map(Number);
  return new Date(y, m - 1, d + plusDays).getTime();
}

function today() {
  const d = new Date();
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
}

/**
 * Runs an export through the background: resolves to `{ jsonl, csv, summary }` (Blobs).
 * @param {{ since?: number | null, until?: number | null, site?: string | null }} filter
 * @param {(done: number, total: number) => void} progress
 */
export function exportFile(filter, progress) {
  return new Promise((resolve, reject) => {
    const port = api.runtime.connect({ name: 'sincelast-export' });
    const jsonl = [];
    const csv = [];
    let finished = false;
    port.onMessage.addListener((m) => {
      if (m.type === 'chunk') {
        jsonl.push(m.jsonl);
        if (m.csv) csv.push(m.csv);
        progress(m.done, m.total);
      } else if (m.type === 'done') {
        finished = true;
        port.disconnect();
        resolve({
          jsonl: new Blob(jsonl, { type: 'application/x-ndjson' }),
          csv: new Blob(csv, { type: 'text/csv' }),
          summary: m.summary,
        });
      } else if (m.type === 'error') {
        finished = true;
        port.disconnect();
        reject(new Error(m.message));
      }
    });
    port.onDisconnect.addListener(() => {
      if (!finished) reject(new Error('the background stopped during the export'));
    });
    port.postMessage({ type: 'start', filter });
  });
}

$('export-form').addEventListener('submit', async (e) => {
  e.preventDefault();
  const site = $('export-site').value.trim().toLowerCase();
  const filter = {
    since: dayStart($('export-since').value),
    until: dayStart($('export-until').value, 1),
    site: site || null,
  };
  const bar = /** @type {HTMLProgressElement} */ (/** @type {unknown} */ ($('export-progress')));
  bar.hidden = false;
  bar.value = 0;
  $('export-result').textContent = t('export_running');
  $('export-links').hidden = true;
  try {
    const out = await exportFile(filter, (done, total) => {
      bar.max = total;
      bar.value = done;
    });
    for (const u of urls) URL.revokeObjectURL(u);
    urls = [URL.createObjectURL(out.jsonl), URL.createObjectURL(out.csv)];
    const stamp = today();
    const a = /** @type {HTMLAnchorElement} */ (/** @type {unknown} */ ($('export-jsonl')));
    const b = /** @type {HTMLAnchorElement} */ (/** @type {unknown} */ ($('export-csv')));
    a.href = urls[0];
    a.download = `sincelast-export-${stamp}.jsonl`;
    b.href = urls[1];
    b.download = `sincelast-visits-${stamp}.csv`;
    $('export-links').hidden = false;
    const w = out.summary.written;
    const problems = out.summary.invalid ? ` ${t('export_invalid', out.summary.invalid)}` : '';
    $('export-result').textContent = `${t('export_done', [w.visits || 0, w.pages || 0, Math.round(out.jsonl.size / 1024)])}${problems}`;
    $('export-result').dataset.done = 'true';
    if (!document.body.dataset.noDownload) {
      a.click();
      b.click();
    }
  } catch (err) {
    $('export-result').textContent = t('export_failed', err.message);
  } finally {
    bar.hidden = true;
  }
});

/**
 * Imports a file through the background, whole lines at a time; resolves to the report.
 * @param {Blob} file
 * @param {(done: number, total: number) => void} progress
 */
export async function importFile(file, progress) {
  const port = api.runtime.connect({ name: 'sincelast-import' });
  /** @type {((m: any) => void) | null} */
  let waiting = null;
  let failure = null;
  port.onMessage.addListener((m) => {
    if (m.type === 'error') failure = new Error(m.message);
    if (waiting) waiting(m);
  });
  port.onDisconnect.addListener(() => {
    failure = failure || new Error('the background stopped during the import');
    if (waiting) waiting({ type: 'error' });
  });
  const send = (msg) => new Promise((resolve, reject) => {
    waiting = (m) => {
      waiting = null;
      if (m.type === 'error' || failure) reject(failure || new Error('import failed'));
      else resolve(m);
    };
    port.postMessage(msg);
  });
  try {
    const reader = file.stream().pipeThrough(new TextDecoderStream()).getReader();
    let carry = '';
    let read = 0;
    let report = null;
    for (;;) {
      const { value, done } = await reader.read();
      if (value) {
        carry += value;
        read += value.length;
      }
      const cut = done ? carry.length : carry.lastIndexOf('\n');
      if (cut >= 0 && (done || carry.length >= BATCH_BYTES)) {
        const text = carry.slice(0, cut);
        carry = carry.slice(cut + 1);
        const m = await send({ type: 'lines', text });
        report = m.report;
        progress(Math.min(read, file.size), file.size);
        if (report.refused) break;
      }
      if (done) break;
    }
    const end = await send({ type: 'end' });
    return end.report || report;
  } finally {
    port.disconnect();
  }
}

function li(text) {
  const item = document.createElement('li');
  item.textContent = text;
  return item;
}

/** Draws an import report: what was added, already there, in conflict, skipped, and why. */
function showReport(r) {
  const root = $('import-report');
  root.textContent = '';
  const head = document.createElement('p');
  head.className = 'summary';
  if (r.refused) {
    head.textContent = t('import_refused', r.refused);
    root.dataset.refused = 'true';
    root.append(head);
    return;
  }
  const added = Object.values(r.added).reduce((a, b) => a + b, 0);
  head.textContent = t('import_done', [added, r.identical, r.conflicts, r.skipped]);
  root.dataset.added = String(added);
  root.dataset.identical = String(r.identical);
  root.dataset.conflicts = String(r.conflicts);
  root.dataset.skipped = String(r.skipped);
  root.dataset.refused = 'false';
  root.append(head);
  const ul = document.createElement('ul');
  for (const [store, n] of Object.entries(r.added)) ul.append(li(t('import_store_added', [store, n])));
  if (r.renumbered) ul.append(li(t('import_renumbered', r.renumbered)));
  for (const s of r.skippedList) ul.append(li(t('import_line_skipped', [s.line, s.reason])));
  for (const c of r.conflictList) ul.append(li(t('import_line_conflict', [c.line, c.reason])));
  if (r.skipped > r.skippedList.length) ul.append(li(t('import_more_skipped', r.skipped - r.skippedList.length)));
  if (ul.childElementCount) root.append(ul);
}

$('import-form').addEventListener('submit', async (e) => {
  e.preventDefault();
  const file = $('import-file').files && $('import-file').files[0];
  if (!file) {
    $('import-report').textContent = t('import_choose');
    return;
  }
  const bar = /** @type {HTMLProgressElement} */ (/** @type {unknown} */ ($('import-progress')));
  bar.hidden = false;
  bar.value = 0;
  delete $('import-report').dataset.refused;
  $('import-report').textContent = t('import_running');
  try {
    const report = await importFile(file, (done, total) => {
      bar.max = total || 1;
      bar.value = done;
    });
    showReport(report);
    document.dispatchEvent(new CustomEvent('sincelast:imported'));
  } catch (err) {
    $('import-report').textContent = t('import_failed', err.message);
    $('import-report').dataset.refused = 'error';
  } finally {
    bar.hidden = true;
  }
});
