// How changes are named to a person, the same in the page's bar and in the popup.

/** @typedef {{ status: import('./messages.js').ChangeStatus, kind?: import('./messages.js').ChangeKind | null, reason?: string | null }} Labelled */

/**
 * True for a change the site's model calls automated (noise or template): listed apart and
 * painted only on demand, never counted as change.
 * @param {Labelled} change
 */
export function isAuto(change) {
  return !!change.kind && change.kind !== 'content';
}

/**
 * A reason as a person reads it: "builtin: counter" → "counter", "learned: rotating: <path>" →
 * "learned: rotating item"; learned slot rules keep their pattern ("learned: Visitor number {*}").
 * @param {Labelled} change
 */
export function reasonLabel(change) {
  const r = String(change.reason || change.kind || 'automated');
  if (r.startsWith('builtin: ')) return r.slice(9);
  if (r.startsWith('learned: rotating: ')) return 'learned: rotating item';
  return r;
}

/** The statuses a change can have, in the order they are counted. */
export const STATUSES = /** @type {const} */ (['new', 'changed', 'moved', 'removed']);

/**
 * The content changes counted by status, in STATUSES order, leaving out the statuses with none:
 * `[[7, 'new'], [2, 'changed']]`.
 * @param {Labelled[]} changes
 * @returns {[number, string][]}
 */
export function countByStatus(changes) {
  const n = { new: 0, changed: 0, moved: 0, removed: 0 };
  for (const c of changes) if (!isAuto(c)) n[c.status]++;
  return STATUSES.filter((k) => n[k]).map((k) => [n[k], k]);
}

/**
 * How long ago `then` (ms since the epoch) was, in words: "moments ago", "5 min ago"…
 * @param {number | null | undefined} then
 * @param {number} [now]
 */
export function relativeTime(then, now = Date.now()) {
  if (!then) return '';
  const s = Math.max(0, (now - then) / 1000);
  if (s < 60) return 'moments ago';
  if (s < 3600) return `${Math.round(s / 60)} min ago`;
  if (s < 86400) return `${Math.round(s / 3600)} h ago`;
  return `${Math.round(s / 86400)} days ago`;
}
