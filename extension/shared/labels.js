// How changes are named to a person, the same in the page's bar and in the popup (in the UI
// language: shared/i18n.js).

import { plural, relativeTime as relativeTimeIntl, t } from './i18n.js';
import { kindList } from './core-words.js';

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
 * A reason as a person reads it, from its fields: a built-in one by its kinds in the UI language
 * ("counter", "counter, clock"; "Zähler, Uhrzeit"), a learned rotating slot as "learned: rotating item", another learned rule
 * by its label ("learned: Visitor number {*}"), a template change as "template".
 * @param {Labelled} change
 */
export function reasonLabel(change) {
  const r = change.reason;
  if (!r) return change.kind ? changeKindName(change.kind) : t('reason_automated');
  if (r.source === 'builtin') return kindList(r.kinds) || 'builtin';
  if (r.source === 'learned') {
    // Taught by the person (background/everyday.js).
    if (r.rule === 'taught') return t('reason_taught_noise');
    if (r.rule === 'shown' || (r.kept && r.kept.type === 'shown')) return t('reason_taught_shown');
    // Seen changing by itself while the page was open (content/live.js).
    if (r.live && !r.kept) return t('reason_live');
    const like = r.rule === 'rotating' ? t('reason_rotating_item') : r.rule === 'module' ? t('reason_rotating_module') : r.label || t('reason_rule');
    if (r.kept && r.kept.type === 'held') return plural(r.kept.visits, 'reason_kept_held', [like]);
    if (r.kept && r.kept.type === 'stock') return t('reason_kept_stock', [like, r.kept.phrase || '']);
    if (r.kept) return t('reason_kept', [like, (r.kept.words || []).join(', ')]);
    return t('reason_learned', like);
  }
  return t('reason_template');
}

/**
 * A change's kind in the UI language: "noise", "template", "content" ("Rauschen", "Vorlage",
 * "Inhalt"); an unknown kind by its name.
 * @param {string} kind
 */
export function changeKindName(kind) {
  if (kind === 'noise') return t('change_kind_noise');
  if (kind === 'template') return t('reason_template');
  if (kind === 'content') return t('change_kind_content');
  return kind;
}

/**
 * The whole reason, for a tooltip, in the UI language: "builtin: counter", "learned: rotating:
 * /html[0]/…", "template" ("eingebaut: Zähler", "gelernt: …", "Vorlage").
 * @param {Labelled} change
 */
export function reasonDetail(change) {
  const r = change.reason;
  if (!r) return change.kind ? changeKindName(change.kind) : t('reason_automated');
  if (r.source === 'builtin') return t('reason_builtin_detail', kindList(r.kinds));
  if (r.source === 'learned') return t('reason_learned', r.label || r.rule_id || t('reason_rule'));
  return t('reason_template');
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
 * A visit's meaningful changes: the highlighted ones and the removed content (`meaningful_removed`,
 * absent when 0), what the bar counts; whether a page changed (the watch, the dashboard). A page
 * that only lost text changed too. The badge counts only what is painted. 0 without a summary.
 * @param {{ meaningful?: number, meaningful_removed?: number } | null | undefined} summary
 */
export function meaningfulCount(summary) {
  return summary ? (summary.meaningful || 0) + (summary.meaningful_removed || 0) : 0;
}

/**
 * "7 new", "2 changed" in the UI language ("7 neu", "2 geändert").
 * @param {number} n
 * @param {string} status
 */
export function statusCount(n, status) {
  return t(`count_${status}`, n);
}

/**
 * How long ago `then` (ms since the epoch) was, in words, in the UI language (Intl):
 * "5 minutes ago", "vor 5 Minuten".
 * @param {number | null | undefined} then
 * @param {number} [now]
 */
export function relativeTime(then, now = Date.now()) {
  return relativeTimeIntl(then, now);
}
