// How changes are named to a person, the same in the page's bar and in the popup.

/** @typedef {{ status: import('./messages.js').ChangeStatus, kind?: import('./messages.js').ChangeKind | null, reason?: import('./messages.js').Reason | null }} Labelled */

/**
 * True for a change the site's model calls automated (noise or template): listed apart and
 * painted only on demand, never counted as change.
 * @param {Labelled} change
 */
export function isAuto(change) {
  return !!change.kind && change.kind !== 'content';
}

/**
 * A reason as a person reads it, from its fields: a built-in one by its kinds ("counter",
 * "counter, clock"), a learned rotating slot as "learned: rotating item", another learned rule
 * by its label ("learned: Visitor number {*}"), a template change as "template".
 * @param {Labelled} change
 */
export function reasonLabel(change) {
  const r = change.reason;
  if (!r) return change.kind || 'automated';
  if (r.source === 'builtin') return r.kinds.join(', ') || 'builtin';
  if (r.source === 'learned') {
    // Taught by the person (background/everyday.js).
    if (r.rule === 'taught') return 'noise (taught by you)';
    if (r.rule === 'shown' || (r.kept && r.kept.type === 'shown')) return 'always shown (taught by you)';
    const like = r.rule === 'rotating' ? 'rotating item' : r.rule === 'module' ? 'rotating module' : r.label || 'rule';
    if (r.kept) return `looked like ${like}, kept because of new words: ${r.kept.words.join(', ')}`;
    return `learned: ${like}`;
  }
  return 'template';
}

/**
 * The whole reason, for a tooltip: "builtin: counter", "learned: rotating: /html[0]/…",
 * "template".
 * @param {Labelled} change
 */
export function reasonDetail(change) {
  const r = change.reason;
  if (!r) return change.kind || 'automated';
  if (r.source === 'builtin') return `builtin: ${r.kinds.join(', ')}`;
  if (r.source === 'learned') return `learned: ${r.label || r.rule_id || 'rule'}`;
  return 'template';
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
