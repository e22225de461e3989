// Export and import of everything the extension keeps, as the core's export file (JSON Lines,
// see core/engine/src/export and the README's "Export file"). The settings page talks to this
// over a port (runtime.connect): 'sincelast-export' streams the file out in chunks with
// progress, 'sincelast-import' takes a file in, whole lines at a time, and answers each batch
// with progress and a running report.
//
// Records cross into the core as JSON with byte strings tagged {"$bytes": "<hex>"} (packed
// block ids, template hashes) and come back the same way; the core checks every record
// against its store's spec and writes it canonically, so export → wipe → import → export gives
// the same records byte for byte.
//
// Import never overwrites: each batch is one transaction that reads what is stored under the
// batch's keys first; a record stored identically is counted and left, one stored differently
// is reported as a conflict and left, only absent records are added. Visits are the exception
// to "same key": each browser numbers its own, so an imported visit is matched by content and,
// when its number is taken, added under a new one (db.importBatch).

import * as wasm from 'sincelast-wasm';
import * as db from './db.js';
import { LINK_STORES } from './links.js';

/** Every store this version keeps: the database's, and the link graph (written apart, links.js). */
const KEPT_STORES = [...db.STORES, ...LINK_STORES];

const HEX = '0123456789abcdef';
const CHUNK_RECORDS = 200;
const REPORT_LIST = 200; // skipped lines and conflicts listed in a report (all are counted)

function hex(bytes) {
  let s = '';
  for (let i = 0; i < bytes.length; i++) s += HEX[bytes[i] >> 4] + HEX[bytes[i] & 15];
  return s;
}

function unhex(s) {
  const out = new Uint8Array(s.length >> 1);
  for (let i = 0; i < out.length; i++) out[i] = parseInt(s.substr(i * 2, 2), 16);
  return out;
}

/** A stored record as the JSON the core reads (typed arrays tagged). */
export function toWire(records) {
  return JSON.stringify(records, (_k, v) => (ArrayBuffer.isView(v) ? { $bytes: hex(/** @type {Uint8Array} */ (v)) } : v));
}

/** A record the core read back, with its tagged byte strings as Uint8Arrays. */
export function fromWire(json) {
  return JSON.parse(json, (_k, v) => {
    if (v && typeof v === 'object' && !Array.isArray(v)) {
      const keys = Object.keys(v);
      if (keys.length === 1 && keys[0] === '$bytes' && typeof v.$bytes === 'string') return unhex(v.$bytes);
    }
    return v;
  });
}

/**
 * Writes the export file through `post(message)`: `{ type: 'chunk', jsonl, csv, done, total }`
 * messages, then `{ type: 'done', summary }`. `readSettings()` gives the settings to include.
 * @param {import('sincelast-wasm').ExportFilter} filter
 * @param {(m: object) => void} post
 * @param {() => Promise<object>} readSettings
 */
export async function runExport(filter, post, readSettings) {
  const writer = new wasm.ExportWriter(JSON.stringify(filter || {}));
  try {
    const counts = await db.counts();
    const total = Object.values(counts).reduce((a, b) => a + b, 0) + 1;
    let done = 0;
    post({ type: 'chunk', jsonl: writer.header(Date.now()), csv: wasm.exportCsvHeader(), done, total });
    // hist2: lists and pathsets are exported in full (db.readStoreChunk); one kept only as the
    // base of another's edits (shared/listdelta.js), named by no exported visit, is left out.
    const named = { lists: new Set(), pathsets: new Set() };
    for (const store of wasm.exportStores()) {
      if (store === 'settings') {
        const out = writer.add(store, toWire([await readSettings()]));
        done += 1;
        post({ type: 'chunk', jsonl: out.lines, csv: out.csv, done, total, store });
        continue;
      }
      if (!KEPT_STORES.includes(store)) continue; // a store this database does not have (yet)
      let after;
      for (;;) {
        const records = await db.readStoreChunk(store, after, CHUNK_RECORDS);
        if (!records.length) break;
        after = records.at(-1).key;
        if (store === 'visits') {
          for (const r of records) {
            named.lists.add(r.value.listId);
            named.pathsets.add(r.value.pathsetId);
          }
        }
        const kept = store === 'lists' || store === 'pathsets' ? records.filter((r) => named[store].has(r.key)) : records;
        const out = writer.add(store, toWire(kept.map((r) => r.value)));
        done += records.length;
        post({ type: 'chunk', jsonl: out.lines, csv: out.csv, done, total, store });
        if (records.length < CHUNK_RECORDS) break;
      }
    }
    const end = writer.finish();
    post({ type: 'chunk', jsonl: end.lines, csv: '', done: total, total });
    post({ type: 'done', summary: end.summary });
  } finally {
    writer.free();
  }
}

/** A running import: one per port. */
export class ImportSession {
  /**
   * @param {{ storedSettings: () => Promise<object | null>, writeSettings: (s: object) => Promise<void> }} settings
   */
  constructor(settings) {
    this.reader = new wasm.ImportReader();
    this.settings = settings;
    /** @type {Map<number, number>} the file's visit ids → the stored ones */
    this.visitIds = new Map();
    this.report = {
      header: null, refused: null, added: {}, renumbered: 0, identical: 0, conflicts: 0, skipped: 0, derived: 0,
      conflictList: [], skippedList: [],
    };
  }

  free() {
    if (this.reader) this.reader.free();
    this.reader = null;
  }

  /** Whole lines of the file (joined by \n, in order): read, checked and stored in one transaction. */
  async feed(text) {
    const r = this.report;
    if (r.refused) return r;
    const out = this.reader.feed(text);
    if (out.header) r.header = out.header;
    if (out.refused) {
      r.refused = out.refused;
      return r;
    }
    r.derived += out.derived;
    for (const s of out.skipped) {
      r.skipped += 1;
      if (r.skippedList.length < REPORT_LIST) r.skippedList.push(s);
    }
    const settings = out.records.filter((x) => x.store === 'settings');
    const records = out.records.filter((x) => x.store !== 'settings' && KEPT_STORES.includes(x.store));
    for (const x of out.records) {
      if (x.store !== 'settings' && !KEPT_STORES.includes(x.store)) this.skip(x.line, `${x.store}: not kept by this version of the extension`);
    }
    if (records.length) {
      const result = await db.importBatch(records.map((x) => ({ ...x, native: fromWire(x.value) })),
        (store, stored) => wasm.exportRecordLine(store, toWire(stored)), this.visitIds);
      for (const x of result.added) {
        r.added[x.store] = (r.added[x.store] || 0) + 1;
        if (x.renumbered) r.renumbered += 1;
      }
      r.identical += result.identical;
      for (const c of result.conflicts) this.conflict(c.line, c.store, c.reason);
    }
    for (const x of settings) {
      const stored = await this.settings.storedSettings();
      const line = (s) => wasm.exportRecordLine('settings', toWire(s));
      if (!stored) {
        await this.settings.writeSettings(fromWire(x.value));
        r.added.settings = 1;
      } else if (line(stored) === x.canonical) {
        r.identical += 1;
      } else {
        this.conflict(x.line, 'settings', 'settings differ from the ones set here (kept as they are)');
      }
    }
    return r;
  }

  skip(line, reason) {
    this.report.skipped += 1;
    if (this.report.skippedList.length < REPORT_LIST) this.report.skippedList.push({ line, reason });
  }

  conflict(line, store, reason) {
    this.report.conflicts += 1;
    if (this.report.conflictList.length < REPORT_LIST) this.report.conflictList.push({ line, store, reason });
  }
}
