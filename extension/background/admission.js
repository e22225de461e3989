// Which visits the background takes, and in what order: so that one tab or one site — a page
// that reloads itself, a tab flooding visits, fifty tabs of one site — can neither starve the
// others nor make the background's work unbounded.
//
//   queues     visits run one at a time per site (their analysis reads and updates the site's
//              learned state, their write reads the page's last version), sites side by side;
//              a task that touches everything (deleting, settings, retention) runs alone: it
//              waits for the visits already queued, and visits queued after it wait for it.
//   per tab    at most TAB_PENDING visits waiting or running per tab (a content script sends one
//              visit per document; more is a tab flooding): more are refused at once ('busy'),
//              before any analysis.
//   per site   at most SITE_PENDING_CHARS of text waiting per site ('busy' beyond), and a byte
//              budget: SITE_BUDGET_CHARS of text analysed per BUDGET_WINDOW_MS ('busy' beyond).
//   per URL    at most URL_VISITS visits of one URL stored per RATE_WINDOW_MS ('rate-limited'
//              beyond: the page is reloading itself, or is being reloaded, faster than anyone
//              reads it).
// The counters live in the worker's memory: a stopped worker starts them afresh (it is stopped
// only when idle, so nothing floods it then).

export const TAB_PENDING = 2;
export const SITE_PENDING_CHARS = 24 * 1024 * 1024;
export const SITE_BUDGET_CHARS = 64 * 1024 * 1024;
export const BUDGET_WINDOW_MS = 60 * 1000;
export const URL_VISITS = 20;
export const RATE_WINDOW_MS = 60 * 1000;
const MAX_TRACKED = 2000; // URLs and sites whose recent history is kept (oldest forgotten)

const noop = () => {};

/** Per-site queues with exclusive tasks (see above). */
export class Queues {
  constructor() {
    /** @type {Promise<unknown>} the last exclusive task (visits wait for it) */
    this.barrier = Promise.resolve();
    /** @type {Map<string, Promise<unknown>>} each site's last visit task */
    this.tails = new Map();
    /** @type {Set<Promise<unknown>>} site tasks not finished */
    this.running = new Set();
  }

  /**
   * Runs `task` after the site's earlier tasks and after any exclusive task queued before it.
   * @template T
   * @param {string} site
   * @param {() => Promise<T>} task
   * @returns {Promise<T>}
   */
  site(site, task) {
    const before = Promise.all([this.barrier, this.tails.get(site) || null]);
    const run = before.then(task);
    const settled = run.then(noop, noop);
    this.tails.set(site, settled);
    this.running.add(settled);
    settled.then(() => {
      this.running.delete(settled);
      if (this.tails.get(site) === settled) this.tails.delete(site);
    });
    return run;
  }

  /**
   * Runs `task` alone: after every task queued so far; tasks queued later wait for it.
   * @template T
   * @param {() => Promise<T>} task
   * @returns {Promise<T>}
   */
  exclusive(task) {
    const run = this.idle().then(task);
    this.barrier = run.then(noop, noop);
    return run;
  }

  /** Resolves once every task queued so far has finished (never rejects). */
  idle() {
    return Promise.all([this.barrier, ...this.running]).then(noop, noop);
  }
}

/** Recent events per key, in a sliding window; the oldest keys forgotten past MAX_TRACKED. */
class Window {
  constructor(ms) {
    this.ms = ms;
    /** @type {Map<string, { at: number, n: number }[]>} */
    this.events = new Map();
  }

  /** The sum of `n` of `key`'s events in the window ending `now`. */
  sum(key, now) {
    const list = this.events.get(key);
    if (!list) return 0;
    while (list.length && list[0].at <= now - this.ms) list.shift();
    if (!list.length) this.events.delete(key);
    return list.reduce((s, e) => s + e.n, 0);
  }

  add(key, now, n = 1) {
    let list = this.events.get(key);
    if (!list) {
      list = [];
      this.events.set(key, list);
      if (this.events.size > MAX_TRACKED) this.events.delete(this.events.keys().next().value);
    }
    list.push({ at: now, n });
  }
}

/**
 * The admission of visits: `admit({ tabId, url, site, chars })` answers null (taken: run it with
 * `run`) or why not ('busy', 'rate-limited'); `limits` overrides the defaults (test builds).
 */
export class Admission {
  constructor(limits = {}) {
    this.limits = {
      tabPending: TAB_PENDING, sitePendingChars: SITE_PENDING_CHARS, siteBudgetChars: SITE_BUDGET_CHARS,
      budgetWindowMs: BUDGET_WINDOW_MS, urlVisits: URL_VISITS, rateWindowMs: RATE_WINDOW_MS, ...limits,
    };
    this.queues = new Queues();
    /** @type {Map<number, number>} visits waiting or running per tab */
    this.tabPending = new Map();
    /** @type {Map<string, number>} text waiting or running per site */
    this.sitePending = new Map();
    this.urlRate = new Window(this.limits.rateWindowMs);
    this.siteBudget = new Window(this.limits.budgetWindowMs);
    this.refused = { busy: 0, 'rate-limited': 0 };
  }

  /** True when `tabId` has as many visits pending as it may (checked before reading a message). */
  tabBusy(tabId) {
    return (this.tabPending.get(tabId) || 0) >= this.limits.tabPending;
  }

  /**
   * Counts a refusal; returns its reason.
   * @param {'busy' | 'rate-limited'} why
   */
  refuse(why) {
    this.refused[why]++;
    return why;
  }

  /**
   * @param {{ tabId: number, url: string, site: string, chars: number }} v
   * @returns {null | 'busy' | 'rate-limited'}
   */
  admit({ tabId, url, site, chars }, now = Date.now()) {
    const l = this.limits;
    let why = null;
    if ((this.tabPending.get(tabId) || 0) >= l.tabPending) why = 'busy';
    else if ((this.sitePending.get(site) || 0) + chars > l.sitePendingChars) why = 'busy';
    else if (this.siteBudget.sum(site, now) + chars > l.siteBudgetChars) why = 'busy';
    else if (this.urlRate.sum(url, now) >= l.urlVisits) why = 'rate-limited';
    if (why) {
      this.refused[why]++;
      return why;
    }
    this.urlRate.add(url, now);
    this.siteBudget.add(site, now, chars);
    return null;
  }

  /**
   * Runs an admitted visit in its site's queue, counted as pending for its tab and site.
   * @template T
   * @param {{ tabId: number, site: string, chars: number }} v
   * @param {() => Promise<T>} task
   * @returns {Promise<T>}
   */
  run({ tabId, site, chars }, task) {
    this.tabPending.set(tabId, (this.tabPending.get(tabId) || 0) + 1);
    this.sitePending.set(site, (this.sitePending.get(site) || 0) + chars);
    const release = () => {
      const t = (this.tabPending.get(tabId) || 1) - 1;
      if (t > 0) this.tabPending.set(tabId, t);
      else this.tabPending.delete(tabId);
      const s = (this.sitePending.get(site) || chars) - chars;
      if (s > 0) this.sitePending.set(site, s);
      else this.sitePending.delete(site);
    };
    const run = this.queues.site(site, task);
    run.then(release, release);
    return run;
  }
}
