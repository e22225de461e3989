// The content script's mutable state: one object, owned here, read and written by the stages
// (life cycle, settling, the visit, painting). Nothing else in the content script keeps state
// at module level.

/**
 * The blocks read before the page settled (see settle.js).
 * @typedef {object} EarlyRead
 * @property {import('./extract.js').Page} page what the extractor returned
 * @property {{ blocks: import('../shared/messages.js').OutgoingBlock[], truncated: boolean }} capped the blocks within the caps
 * @property {import('../shared/messages.js').OutgoingBlock[] | null} keyed the same with known texts as keys
 * @property {number} at when the read began (performance.now())
 * @property {number} ms how long reading and keying took
 * @property {boolean} dirty something the extraction reads changed since
 * @property {MutationObserver | null} observer watching for that
 */

/**
 * One change as painted: its element (null for removed text until shown, and for automated
 * changes until shown).
 * @typedef {object} Target
 * @property {import('../shared/messages.js').Change} change
 * @property {Element | null} el
 * @property {boolean} [auto] an automated change (noise, template)
 * @property {(() => void) | null} [giveBack] gives an automated block its style back
 */

/**
 * The painted state (see paint.js).
 * @typedef {object} Painting
 * @property {{ node: Text, mark: Element, rest: Text }[]} undo word marks to take out
 * @property {(() => void)[]} restyle functions giving the page's inline styles back
 * @property {Target[]} targets per change
 * @property {import('./bar.js').Bar} bar the bar and the marker layer
 * @property {(() => void) | null} unfocus
 * @property {boolean} removedShown
 * @property {boolean} autoShown
 * @property {number} cursor the change last focused
 * @property {ReturnType<typeof setTimeout> | undefined} focusTimer
 * @property {Element[]} markers
 * @property {() => void} onResize
 * @property {number} raf
 * @property {ResizeObserver | null} resizeObserver
 */

export const state = {
  /** This copy has shut down for good (see lifecycle.js). */
  dead: false,
  /** The visit was sent (or is being sent): the page is not read again. */
  sent: false,
  /** @type {{ stop(): void } | null} while waiting for the page to settle */
  settle: null,
  /** @type {ReturnType<typeof setTimeout> | undefined} the early read, once the page is half quiet */
  earlyTimer: undefined,
  /** @type {EarlyRead | null} */
  early: null,
  /** @type {Promise<Set<string> | null> | null} text keys the background already has for this page */
  knownKeys: null,
  /** @type {Set<string> | null | undefined} the same once it has arrived (undefined before; null when unavailable) */
  knownSet: undefined,
  /** @type {Element[]} the block elements of the page as read, parallel to its blocks */
  elements: [],
  /** @type {import('../shared/messages.js').VisitResult | null} the background's answer, kept to repaint after "hide" */
  lastResult: null,
  /** @type {Painting | null} */
  painting: null,
  /** @type {ReturnType<typeof setInterval> | undefined} checks now and then that the extension is still there */
  orphanTimer: undefined,
  /** What to do once the extension is found gone (set by lifecycle.js: remove every trace). */
  onGone: () => {},
  /** @type {Promise<{ path: string, mode: string }[]> | null} the regions of this page to ignore or watch alone (everyday.js) */
  regions: null,
  /** @type {string | null} the address the current visit is of (routes.js: a single-page app's route changes) */
  routeUrl: null,
  /** @type {string | null} fingerprint of the text last read (routes.js) */
  lastPrint: null,
  /** @type {string | null} after a route change: the fingerprint of the previous address's text */
  routeFrom: null,
  /** When each step happened (performance.now()), for the test builds' timing report. */
  timing: /** @type {Record<string, number>} */ ({ start: performance.now() }),
};
