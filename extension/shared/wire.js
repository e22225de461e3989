// The wire format between the content script and the background: text keys, front-coded paths
// and the 'visit' message. One copy, bundled into every context that needs it.

/**
 * The key of a block text, so that a revisit need not send again the texts the background
 * already has: two 32-bit multiplicative hashes over the UTF-16 code units, plus the length.
 * Not persisted, never trusted alone: a key the background cannot resolve in the page's last
 * stored version makes it answer `stale`, and the content script sends the full texts.
 * @param {string} text
 * @returns {string}
 */
export function textKey(text) {
  let h1 = 0x811c9dc5;
  let h2 = 0x27d4eb2f ^ text.length;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    h1 = Math.imul(h1 ^ c, 0x01000193);
    h2 = Math.imul(h2 ^ c, 0x5bd1e995);
    h2 ^= h2 >>> 15;
  }
  h1 = Math.imul(h1 ^ (h1 >>> 16), 0x85ebca6b);
  h1 ^= h1 >>> 13;
  h2 = Math.imul(h2 ^ (h2 >>> 13), 0xc2b2ae35);
  h2 ^= h2 >>> 16;
  return `${(h1 >>> 0).toString(36)}.${(h2 >>> 0).toString(36)}:${text.length}`;
}

/** What a text key looks like (see textKey). */
export const TEXT_KEY = /^[0-9a-z]{1,7}\.[0-9a-z]{1,7}:\d{1,6}$/;

/**
 * Front coding of a list of paths: each path as `<n>|<rest>`, where n is the length of the
 * prefix it shares with the path before it (block paths share long prefixes, so this is about
 * a fifth of their length). Used on the wire ('visit') and in storage (db.js). `prev`: the
 * path before the first (a list coded in runs).
 * @param {string[]} paths
 * @param {string} [prev]
 * @returns {string[]}
 */
export function encodePaths(paths, prev = '') {
  return paths.map((p) => {
    let n = 0;
    const max = Math.min(p.length, prev.length);
    while (n < max && p.charCodeAt(n) === prev.charCodeAt(n)) n++;
    prev = p;
    return `${n}|${p.slice(n)}`;
  });
}

/**
 * The paths of `encodePaths` back (trusted input: what this extension stored).
 * @param {string[]} encoded
 * @returns {string[]}
 */
export function decodePaths(encoded) {
  let prev = '';
  return encoded.map((e) => {
    const bar = e.indexOf('|');
    prev = prev.slice(0, Number(e.slice(0, bar))) + e.slice(bar + 1);
    return prev;
  });
}

/**
 * A block's type path: its path without the indices (`/html[0]/body[0]/p[2]` → `/html/body/p`).
 * @param {string} path
 */
export const typePathOf = (path) => path.replace(/\[\d+\]/g, '');

/**
 * The wire form of a 'visit' (what the content script sends; tests build it with this too):
 * columns instead of one object per block, paths front-coded and type paths left out (the
 * background derives them), so a page of a thousand blocks is a message of about half the
 * size. A block carries its text, or only its key when the background has that text already.
 * @param {{ title: string, truncated: boolean, hasPassword: boolean, blocks: import('./messages.js').OutgoingBlock[] }} visit
 * @returns {import('./messages.js').VisitMessage}
 */
export function visitMessage({ title, truncated, hasPassword, blocks }) {
  return visitMessageOf({ title, truncated, hasPassword }, visitColumns(blocks));
}

/**
 * The columns of a 'visit' for `blocks` (visitMessage); `prevPath`: the path of the block before
 * them, so that columns made for consecutive runs of blocks and joined are the columns of all.
 * @param {import('./messages.js').OutgoingBlock[]} blocks
 * @param {string} [prevPath]
 * @returns {VisitColumns}
 */
export function visitColumns(blocks, prevPath = '') {
  return {
    texts: blocks.map((b) => (b.text === undefined ? null : b.text)),
    keys: blocks.map((b) => (b.text === undefined ? b.key ?? null : null)),
    paths: encodePaths(blocks.map((b) => b.path), prevPath),
    links: blocks.map((b) => b.links),
  };
}

/**
 * @typedef {{ texts: (string | null)[], keys: (string | null)[], paths: string[], links: string[][] }} VisitColumns
 */

/**
 * The 'visit' message of these columns (visitMessage).
 * @param {{ title: string, truncated: boolean, hasPassword: boolean }} head
 * @param {VisitColumns} cols
 * @returns {import('./messages.js').VisitMessage}
 */
export function visitMessageOf({ title, truncated, hasPassword }, cols) {
  const keyed = cols.texts.some((t) => t === null);
  return {
    type: 'visit',
    title,
    truncated,
    hasPassword,
    texts: cols.texts,
    ...(keyed ? { keys: cols.keys } : {}),
    paths: cols.paths,
    links: cols.links,
  };
}

const HEX = '0123456789abcdef';

/**
 * Block ids (content addresses: 16 hex digits each) as stored in a version's list: 8 bytes each
 * instead of a string each (a list of 800 ids is 6.4 KB instead of about 15 KB), rewritten with
 * every changed version.
 * @param {string[]} ids
 * @returns {Uint8Array}
 */
export function packIds(ids) {
  const out = new Uint8Array(ids.length * 8);
  for (let i = 0; i < ids.length; i++) {
    const id = ids[i];
    for (let k = 0; k < 8; k++) out[i * 8 + k] = (HEX.indexOf(id[2 * k]) << 4) | HEX.indexOf(id[2 * k + 1]);
  }
  return out;
}

/**
 * The ids of `packIds` back; a list stored before ids were packed (an array of strings) is
 * returned as it is.
 * @param {Uint8Array | string[]} stored
 * @returns {string[]}
 */
export function unpackIds(stored) {
  if (Array.isArray(stored)) return stored;
  const n = Math.floor(stored.length / 8);
  const ids = new Array(n);
  for (let i = 0; i < n; i++) {
    let id = '';
    for (let k = 0; k < 8; k++) {
      const b = stored[i * 8 + k];
      id += HEX[b >> 4] + HEX[b & 15];
    }
    ids[i] = id;
  }
  return ids;
}
