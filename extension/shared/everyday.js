// Everyday controls, shared: the validators of their messages and the regions of a page (parts
// to ignore, or the one part to watch) as block paths the extraction writes
// (`/html[0]/body[0]/main[0]/ul[1]`, see content/extract.js).

import { KindError } from './errors.js';

export const MAX_REGIONS = 500;
const MAX_PATH = 2048;
const MAX_LABEL = 120;
const PATH_RE = /^(\/[a-z][a-z0-9-]*\[\d{1,6}\])+$/;

/** @param {string} message @returns {never} */
function fail(message) {
  throw new KindError('invalid_message', message);
}

/** A 'teach' message: `{ change: k, noise: boolean }`. */
export function validateTeach(msg) {
  if (!msg || typeof msg !== 'object') fail('not an object');
  if (!Number.isInteger(msg.change) || msg.change < 0 || msg.change > 100000) fail('change');
  if (typeof msg.noise !== 'boolean') fail('noise');
  return { change: msg.change, noise: msg.noise };
}

/** True for a block path as the extraction writes it. */
export function isBlockPath(path) {
  return typeof path === 'string' && path.length <= MAX_PATH && PATH_RE.test(path);
}

/** A 'region-add' message: `{ path, scope: 'page' | 'site', mode: 'ignore' | 'include', label }`. */
export function validateRegion(msg) {
  if (!msg || typeof msg !== 'object') fail('not an object');
  if (!isBlockPath(msg.path)) fail('path');
  if (msg.scope !== 'page' && msg.scope !== 'site') fail('scope');
  if (msg.mode !== 'ignore' && msg.mode !== 'include') fail('mode');
  const label = typeof msg.label === 'string' ? msg.label.slice(0, MAX_LABEL) : '';
  return { path: msg.path, scope: msg.scope, mode: msg.mode, label };
}

/** A 'pause' message: minutes (1…10080), null (until turned on) or 0 (resume). */
export function validatePause(msg) {
  const m = msg && msg.minutes;
  if (m === null || m === 0) return m;
  if (!Number.isInteger(m) || m < 1 || m > 10080) fail('minutes');
  return m;
}

/**
 * Regions as stored (storage.local, which content scripts can write too): every entry checked,
 * a bad one left out.
 * @param {unknown} stored
 * @returns {{ id: string, site: string, url: string | null, path: string, mode: 'ignore' | 'include', label: string, time: number }[]}
 */
export function checkRegions(stored) {
  if (!Array.isArray(stored)) return [];
  const out = [];
  for (const r of stored.slice(0, MAX_REGIONS)) {
    if (!r || typeof r !== 'object') continue;
    if (typeof r.id !== 'string' || r.id.length > 64) continue;
    if (typeof r.site !== 'string' || !r.site || r.site.length > 253) continue;
    if (r.url !== null && (typeof r.url !== 'string' || r.url.length > 8192)) continue;
    if (!isBlockPath(r.path) || (r.mode !== 'ignore' && r.mode !== 'include')) continue;
    out.push({ id: r.id, site: r.site, url: r.url, path: r.path, mode: r.mode, label: typeof r.label === 'string' ? r.label.slice(0, MAX_LABEL) : '', time: Number(r.time) || 0 });
  }
  return out;
}

/** The regions that apply to the page at `url`: its own and its site's. */
export function regionsFor(regions, url) {
  const site = new URL(url).hostname;
  return regions.filter((r) => r.site === site && (r.url === null || r.url === url)).map((r) => ({ path: r.path, mode: r.mode }));
}

/** True when block path `path` is the region's element, inside it, or contains it. */
function touches(path, region) {
  return path === region || path.startsWith(`${region}/`) || region.startsWith(`${path}/`);
}

/**
 * Which blocks to read, by their paths: none inside an ignored region, and when the page has
 * regions to watch alone, only the blocks inside them.
 * @param {string[]} paths
 * @param {{ path: string, mode: string }[]} regions
 * @returns {boolean[]}
 */
export function keepBlocks(paths, regions) {
  const ignore = regions.filter((r) => r.mode === 'ignore').map((r) => r.path);
  const include = regions.filter((r) => r.mode === 'include').map((r) => r.path);
  return paths.map((p) => !ignore.some((r) => touches(p, r)) && (!include.length || include.some((r) => touches(p, r))));
}
