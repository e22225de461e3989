// The content script's mutable state: one object, owned here, read and written by the stages
// (life cycle, settling, the visit, painting). Nothing else in the content script keeps state
// at module level.

/**
 * The blocks read before the page settled (see settle.js).
 * @typedef {object} EarlyRead
 * @property {import('./blocks.js').ReadPage} page what the extractor returned
 * @property {{ blocks: import('../shared/messages.js').OutgoingBlock[], truncated: boolean }} capped the blocks within the caps
 * @property {import('../shared/messages.js').OutgoingBlock[] | null} keyed the same with known texts as keys
 * @property {number} at when the read began (performance.now())
 * @property {number} ms how long reading and keying took
 * @property {boolean} dirty something the extraction reads changed since
 * @property {MutationObserver | null} observer watching for that
 */

/**
 * One change as painted: its element in the page (null for removed text, and for automated
 * changes until shown), the spans of its inserted words, and for removed text shown the element
 * it is shown at.
 * @typedef {object} Target
 * @property {import('../shared/messages.js').Change} change
 * @property {Element | null} el
 * @property {boolean} [auto] an automated change (noise, template)
 * @property {import('./words.js').Span[] | null} ranges inserted words (changed blocks)
 * @property {Element | null} anchor removed text shown: the element it is drawn at
 * @property {Element[]} [clips] its ancestors that clip or scroll (found on its first drawing)
 */

/**
 * The painted state (see paint.js); all of it drawn in the overlay (overlay.js).
 * @typedef {object} Painting
 * @property {Target[]} targets per change
 * @property {import('./bar.js').Bar} bar the bar
 * @property {HTMLElement} layer the drawing
 * @property {HTMLStyleElement} colors the colours (CSS variables)
 * @property {HTMLElement | null} focusEl the note focused over the change moved to
 * @property {boolean} removedShown
 * @property {boolean} autoShown
 * @property {number} cursor the change last focused
 * @property {ReturnType<typeof setTimeout> | undefined} focusTimer
 * @property {number} raf the drawing's next frame
 * @property {() => void} schedule redraws with the next frame
 * @property {(ResizeObserver | MutationObserver)[]} observers
 * @property {boolean} dark the page's background is dark
 * @property {string} drawn test builds: the last drawn count reported
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
  /** @type {import('./overlay.js').Overlay | null} the overlay's host, put in every page at the same moment */
  overlay: null,
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
