// The messages between the parts of the extension, as types (checked by `tsc --checkJs`; this
// module holds no code). Directions:
//   content → background                 'known', 'visit', 'restored'
//   page (popup, options) → background   'popup-state', 'scroll-to', 'settings-get',
//                                        'settings-set', 'delete-all', 'stats', 'site-models',
//                                        'remove-rule'
//   background → content                 'scroll-to', 'next-change', 'previous-change'
// (test builds add 'test-badge' and 'test-open' from the content script.)
// Every reply is a Reply: `{ ok: true, result }` or `{ ok: false, error: { kind, message } }`.

/** @typedef {'new' | 'changed' | 'moved' | 'removed'} ChangeStatus */
/** @typedef {'content' | 'template' | 'noise'} ChangeKind */

/** A block as the content script sends it: its text, or the key of a text the background has. */
/** @typedef {{ text: string, key?: undefined, path: string, links: string[] } | { text?: undefined, key: string, path: string, links: string[] }} OutgoingBlock */

/** @typedef {{ type: 'known', url?: string }} KnownMessage */
/** @typedef {{ keys: string[] }} KnownResult */

/**
 * 'visit': the page's blocks as columns (see wire.js visitMessage).
 * @typedef {object} VisitMessage
 * @property {'visit'} type
 * @property {string} title
 * @property {boolean} truncated
 * @property {boolean} [hasPassword] missing means true (fail closed)
 * @property {(string | null)[]} texts
 * @property {(string | null)[]} [keys]
 * @property {string[]} paths front-coded
 * @property {string[][]} links
 * @property {string} [url] the URL the page's reading began with (the background refuses the
 *   visit when the tab shows another by then)
 */

/** @typedef {{ kind: 'insert' | 'delete' | 'equal', text: string }} Span */

/**
 * Why a change is automated, as the core types it (never parsed back from a string).
 * @typedef {object} Reason
 * @property {'builtin' | 'learned' | 'template'} source
 * @property {string[]} kinds the built-in kinds that changed (counter, clock…)
 * @property {string | null} rule_id the learned rule's id
 * @property {string | null} label the learned rule's label
 * @property {'slots' | 'rotating' | 'module' | 'taught' | 'shown' | null} [rule] what the learned rule matches
 * @property {{ type: 'new_words', words: string[] } | { type: 'shown', words?: undefined } | { type: 'held', visits: number, words?: undefined } | { type: 'stock', phrase: string, words?: undefined }} [kept] a change the learned rule looked
 *   like but that was kept as content (its kind is content), and why
 * @property {{ pages: number, visits: number }} [evidence] a rotating module's evidence
 * @property {boolean} [live] moved to the automated list during the visit: the block changed by
 *   itself while the page was open (content/live.js), and what that taught hides this change
 */

/**
 * A changed block as the content script paints it.
 * @typedef {object} Change
 * @property {ChangeStatus} status
 * @property {number | null} new_index
 * @property {Span[] | null} spans
 * @property {ChangeKind} kind
 * @property {Reason | null} reason
 * @property {number | null} [at] removed: the index of the new block it stood before (null: the end)
 * @property {string} [text] removed: its text
 */

/**
 * The answer to 'visit'.
 * @typedef {object} VisitResult
 * @property {'first' | 'changed' | 'unchanged' | 'skipped'} status
 * @property {string} [reason] why it was skipped
 * @property {object | null} [summary]
 * @property {number} [meaningful]
 * @property {number} [automated]
 * @property {Change[]} [changes]
 * @property {number | null} [lastVisitTime]
 * @property {string | null} [lastVisitAgo] how long ago that was, in the UI language (the bar's tooltip)
 * @property {number} [checksSince] background checks stored since the compared version (watch)
 * @property {number} [analyzeMs]
 * @property {Record<string, any>} [steps] timings (test builds)
 * @property {NewLink[]} [newLinks] (links) the certainly new links (at most 50)
 * @property {number} [newLinkCount] (links) how many there are in all
 */

/** @typedef {{ type: 'restored' }} RestoredMessage */
/** @typedef {{ type: 'popup-state', tabId: number }} PopupStateMessage */
/** @typedef {{ type: 'scroll-to', tabId: number, change: number }} ScrollToMessage */
/** @typedef {{ type: 'settings-get' }} SettingsGetMessage */
/** @typedef {{ type: 'settings-set', settings: Partial<import('./settings.js').Settings> }} SettingsSetMessage */
/** @typedef {{ type: 'delete-all' }} DeleteAllMessage */
/** @typedef {{ type: 'stats' }} StatsMessage */
/** @typedef {{ type: 'site-models' }} SiteModelsMessage */
/** @typedef {{ type: 'remove-rule', site: string, id: string }} RemoveRuleMessage */
/** @typedef {{ type: 'test-badge' }} TestBadgeMessage */
/**
 * (links) 'new-pages': pages first seen since `since` (default: the last 7 days) ranked by the
 * novelty score (Toyoda & Kitsuregawa; `delta` default 0.1). The answer is a NewPagesResult.
 * @typedef {{ type: 'new-pages', since?: number, delta?: number }} NewPagesMessage
 */
/**
 * @typedef {{ url: string, score: number, inLinks: number, certainLinks: number, via: string | null,
 *   firstSeen: number | null, title: string | null }} NewPage
 * @typedef {{ since: number, delta: number, total: number, pages: NewPage[] }} NewPagesResult
 */
/** (links) A certainly new link of a visit: its target, the link as written, its block's text. */
/** @typedef {{ url: string, raw: string[], text: string }} NewLink */
/** @typedef {{ type: 'test-open', page: 'popup' | 'options' }} TestOpenMessage */

/**
 * Everyday controls (background/everyday.js): from the content script 'teach' (its own tab),
 * 'regions-for-page', 'region-add'; from extension pages 'teach' (with tabId), 'pause',
 * 'pause-get', 'forget-page', 'regions-list', 'region-remove', 'pick-region'.
 * @typedef {{ type: 'teach', change: number, noise: boolean, tabId?: number, url?: string }
 *   | { type: 'regions-for-page', url?: string }
 *   | { type: 'region-add', path: string, scope: 'page' | 'site', mode: 'ignore' | 'include', label: string, url?: string }
 *   | { type: 'pause', minutes: number | null }
 *   | { type: 'pause-get' }
 *   | { type: 'forget-page', tabId: number }
 *   | { type: 'regions-list' }
 *   | { type: 'region-remove', id: string }
 *   | { type: 'pick-region', tabId: number, mode: 'ignore' | 'include' }
 *   | { type: 'demo-visit', old: { text: string, path: string }[], new: { text: string, path: string }[] }
 *   | { type: 'test-command', command: string } | { type: 'test-onboarding' }} EverydayMessage
 */

/** @typedef {KnownMessage | VisitMessage | RestoredMessage | ForgetMessage | LiveMessage} ContentMessage */
/** @typedef {PopupStateMessage | ScrollToMessage | SettingsGetMessage | SettingsSetMessage | DeleteAllMessage | StatsMessage | SiteModelsMessage | RemoveRuleMessage | NewPagesMessage} PageMessage */
/** @typedef {{ type: 'test-check' }} TestCheckMessage test builds: the database's consistency check */
/** @typedef {{ type: 'test-fill', bytes: number } | { type: 'test-unfill' } | { type: 'test-last-error' }} TestFillMessage test builds: fill the origin's storage, the last failed write */
/** @typedef {{ type: 'prune-oldest' }} PruneOldestMessage storage full: delete the oldest history */
/** @typedef {{ type: 'forget' }} ForgetMessage content script: a password field appeared after the visit was stored */
/** @typedef {{ type: 'live', url?: string, changes: { path: string, old: string, new: string }[] }} LiveMessage content script: blocks whose text changed by itself while the page stayed open (content/live.js) */
/** watch: the watch list's messages (extension pages only; validated in background/watch.js). @typedef {{ type: `watch-${string}`, [field: string]: any }} WatchMessage */

// hist: the history page's lifespan heat map (page → background → tab) and the bar's History button.
/** @typedef {{ index: number, level: number, label: string, age_hours?: number }} HeatBlock */
/** @typedef {{ type: 'show-lifespans', url: string, heat: HeatBlock[] }} ShowLifespansMessage */
/** @typedef {{ type: 'open-history' }} OpenHistoryMessage */
/** @typedef {{ type: 'lifespans', heat: HeatBlock[] }} LifespansTabMessage */
/** @typedef {ShowLifespansMessage | OpenHistoryMessage} HistMessage */
/** @typedef {ContentMessage | PageMessage | PruneOldestMessage | ForgetMessage | TestBadgeMessage | TestOpenMessage | TestCheckMessage | TestFillMessage | HistMessage | WatchMessage | EverydayMessage} Request */

/** @typedef {{ type: 'scroll-to', change: number } | { type: 'next-change' } | { type: 'previous-change' } | LifespansTabMessage | { type: 'taught', change: number, kind: string, reason: any } | { type: 'pick-region', mode: string }} TabMessage */

/** @typedef {{ ok: true, result: any } | { ok: false, error: import('./errors.js').WireError }} Reply */

export {};
