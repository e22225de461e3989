// Storage full: when the browser refuses a visit's write for lack of space (QuotaExceededError),
// the visit's transaction is aborted whole (nothing already stored is touched), the tab's result
// says so, and a flag in storage.session makes every popup say "storage full: oldest history can
// be pruned" with a button that prunes it (`prune-oldest`). The flag goes at the next visit
// written, whether space was pruned or freed otherwise.

import { api } from '../shared/api.js';

const FLAG = 'storageFull';
/** The share of the stored visits the button deletes, oldest first. */
export const PRUNE_SHARE = 0.25;

/** True when `e` (or what it wraps) is the browser refusing a write for lack of space. */
export function isQuotaError(e) {
  for (let x = e, depth = 0; x && depth < 4; x = x.cause, depth++) {
    const name = typeof x === 'object' ? x.name : '';
    const message = typeof x === 'object' ? String(x.message || '') : '';
    if (name === 'QuotaExceededError' || /quota|storage is full|disk.*full/i.test(message)) return true;
  }
  return false;
}

let known = null; // this worker's idea of the flag (null: not read yet)

/** Notes that a write was refused for lack of space (`at`: when). */
export async function markFull(at = Date.now()) {
  known = true;
  await api.storage.session.set({ [FLAG]: at }).catch(() => {});
}

/** Notes that a write went through: the flag goes, if it was there. */
export async function markWritten() {
  if (known === false) return;
  known = false;
  await api.storage.session.remove(FLAG).catch(() => {});
}

/** When storage was last found full (ms since the epoch), or null. */
export async function fullSince() {
  const got = await api.storage.session.get(FLAG).catch(() => ({}));
  const at = got[FLAG];
  known = typeof at === 'number';
  return known ? at : null;
}

// Test builds only: filling the extension origin's storage with another database (its quota is
// the origin's), and freeing it.
const FILLER = 'sincelast-test-filler';

function openFiller() {
  return new Promise((resolve, reject) => {
    const r = indexedDB.open(FILLER, 1);
    r.onupgradeneeded = () => r.result.createObjectStore('f', { autoIncrement: true });
    r.onsuccess = () => resolve(r.result);
    r.onerror = () => reject(r.error);
  });
}

/**
 * Writes incompressible chunks of `chunk` bytes until `bytes` are written or the browser refuses
 * (then halves the chunk down to 4 KiB). Resolves to `{ written, full, errors }`.
 */
export async function fill(bytes, chunk = 1024 * 1024) {
  const db = await openFiller();
  let written = 0;
  let full = false;
  let size = chunk;
  const errors = new Set();
  try {
    while (written < bytes && size >= 4096) {
      const data = new Uint8Array(Math.min(size, bytes - written));
      for (let i = 0; i < data.length; i += 65536) crypto.getRandomValues(data.subarray(i, Math.min(data.length, i + 65536)));
      const error = await new Promise((resolve) => {
        try {
          const tx = db.transaction('f', 'readwrite');
          tx.objectStore('f').add(data);
          tx.oncomplete = () => resolve(null);
          tx.onabort = () => resolve(tx.error ? tx.error.name : 'AbortError');
          tx.onerror = () => {};
        } catch (e) {
          resolve(e && e.name);
        }
      });
      if (!error) written += data.length;
      else {
        full = true;
        errors.add(error);
        size = Math.floor(size / 2);
      }
    }
  } finally {
    db.close();
  }
  return { written, full, errors: [...errors] };
}

/** Deletes the filler database. */
export function unfill() {
  return new Promise((resolve, reject) => {
    const r = indexedDB.deleteDatabase(FILLER);
    r.onsuccess = () => resolve({ ok: true });
    r.onerror = () => reject(r.error);
    r.onblocked = () => resolve({ ok: true, blocked: true });
  });
}
