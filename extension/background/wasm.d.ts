// Hand-written types of the wasm glue (core/wasm/pkg/sincelast_wasm.js, written by wasm-pack
// --target web from core/wasm/src/lib.rs), imported as 'sincelast-wasm' (the build aliases it
// to the pkg). Checked against its callers (core.js, pack.js) by `tsc` (tsconfig.json).
// A function marked `throws` throws a `CoreError` when the core refuses its input.

declare module 'sincelast-wasm' {
  /** What the core throws when it refuses an input (its kinds are in shared/errors.js). */
  export interface CoreError extends Error {
    kind: 'too_large' | 'empty' | 'not_text' | 'invalid_argument' | 'bad_input' | 'site_not_loaded' | 'bad_output';
  }

  /** Instantiates the module (once; again after a panic scheduled a re-init). */
  export default function init(options?: { module_or_path?: string | URL | Request | Response | BufferSource | WebAssembly.Module }): Promise<unknown>;

  /** True after a panic: the instance must be made anew. */
  export function isPoisoned(): boolean;
  /** `{ version, hash }`: the core's version and the persisted hash version. */
  export function coreVersion(): { version: string, hash: number };

  /** Metrics of two texts (Dice, IED change types…); throws. */
  export function metrics(oldText: string, newText: string, options?: unknown): {
    dice: number,
    ied: { add: number, drop: number, copy: number, shrink: number, replace: number, move: number },
    [name: string]: unknown,
  };
  export function diceBytes(oldText: Uint8Array, newText: Uint8Array): number;
  export function fragmentStalenessBytes(oldText: Uint8Array, newText: Uint8Array, k: number): number;

  /** Every cap of the product, from the core's one source (core/engine/src/limits.rs). */
  export function limits(): Record<string, number>;

  /** Extracts a page's blocks from HTML (pages the background fetches itself). Throws. */
  export function extractHtml(html: string, url?: string | null): { title: string, blocks: unknown[], truncated: boolean };

  /** Aligns two packed block lists: the lean report as JSON (the benchmark); throws (bad_input: a bad packing). */
  export function diffPacked(oldBytes: Uint8Array, oldCount: number, newBytes: Uint8Array, newCount: number): string;

  /** One page of a site's state: its template hashes (u32, little-endian) and its flip history. */
  export interface PageRecord {
    url: string,
    seq: number,
    version: number,
    dom: Uint8Array,
    text: Uint8Array,
    /** held: revisits the block's current text stayed; since: when it appeared (s); states: ids of texts that persisted there (states the page returns to); all optional. */
    flips: { path: string, ids: Uint8Array, held?: number, since?: number, states?: Uint8Array }[],
    /** u64 ids (little-endian) of the texts the page's latest revisit brought; absent: none. */
    arrived?: Uint8Array,
  }
  /** One learned noise rule of a site; a rule the person removed stays with removed = true. */
  export interface RuleRecord {
    id: string,
    rule: { type: 'slots', pattern: (string | null)[] } | { type: 'rotating', path: string } | { type: 'module', path: string } | null,
    /** near_simultaneous, flip, or site_rotation (a rotating module). */
    learned_from: string,
    hits: number,
    label: string,
    removed: boolean,
    /** The words the rule's slot showed (a change adding others is kept as content). */
    vocabulary?: string[],
    /** A rotating module's evidence. */
    evidence?: { pages: number, visits: number },
  }
  /** The site-state records a visit changed: to write in the visit's transaction. */
  export interface SiteUpdates {
    pages_put: PageRecord[],
    pages_deleted: string[],
    rules_put: RuleRecord[],
    rules_deleted: string[],
  }
  /** Why a change is automated: typed, never parsed from a string. */
  export interface Reason {
    source: 'builtin' | 'learned' | 'template',
    /** The built-in kinds that changed (counter, clock…). */
    kinds: string[],
    rule_id: string | null,
    label: string | null,
    /** What the learned rule matches. */
    rule: 'slots' | 'rotating' | 'module' | null,
    /** A change the learned rule looked like, kept as content (kind content), and why. */
    kept?: { type: 'new_words', words: string[] } | { type: 'shown' } | { type: 'held', visits: number } | { type: 'stock', phrase: string },
    /** A rotating module's evidence: on how many pages and visits it rotated. */
    evidence?: { pages: number, visits: number },
  }
  /** One change, ready to paint (page order). */
  export interface Change {
    status: 'new' | 'changed' | 'moved' | 'removed',
    kind: 'content' | 'template' | 'noise',
    reason: Reason | null,
    new_index: number | null,
    old_index: number | null,
    spans: { kind: 'equal' | 'insert' | 'delete', text: string }[] | null,
    /** A removed block's old text. */
    text: string | null,
    /** A removed block: the index of the new block it stood before (null: the end). */
    at: number | null,
  }
  /** The summary counts of a revisit. */
  export interface Summary {
    new: number, changed: number, moved: number, removed: number, unchanged: number,
    meaningful: number, noise: number, template: number, approximate: boolean,
    /** Present only when one of the core's page-wide work budgets ran out (a page too large to compare word by word). */
    degraded?: ('pairing' | 'word_diff' | 'classification')[],
    [count: string]: number | boolean | string[] | undefined,
  }
  /** Everything the background needs of one visit (pack.js `visitPacked` assembles it from what `visit` returns). */
  export interface Outcome {
    status: 'first' | 'changed' | 'unchanged',
    summary: Summary | null,
    changes: Change[],
    /** Content addresses to store: each block's id, the list's, the pathset's (the stored version's: the new blocks with `kept_unloaded` in their places). */
    ids: string[],
    list_id: string,
    pathset_id: string,
    /** Blocks of the previous version that had not loaded yet, `[old index, new index]`: kept in the stored version before the new block at that index (pack.js `storedVersion`). */
    kept_unloaded: [number, number][],
    updates: SiteUpdates,
  }

  /** Loads a site's state from its records (replacing what the instance held); returns how many records were bad and dropped. Throws. */
  export function loadSite(site: string, pages: PageRecord[] | null | undefined, rules: RuleRecord[] | null | undefined): number;
  /** True when the instance holds the site's state. */
  export function hasSite(site: string): boolean;
  /** Drops the site's state from the instance. */
  export function dropSite(site: string): void;
  /**
   * One visit of `url` (a page of `site`, whose state must be loaded: else throws
   * site_not_loaded). Times in ms since the epoch; blocks packed (texts then paths). Throws.
   */
  export function visit(
    url: string, site: string, prevTime: number | undefined, prevBytes: Uint8Array | undefined, prevCount: number,
    newTime: number, newBytes: Uint8Array, newCount: number,
  ): {
    /** The Outcome without `ids` and `updates.pages_put`, as JSON. */
    json: string,
    /** The block ids concatenated, 16 hex digits each. */
    ids: string,
    pages_put: PageRecord[],
  };
  /** The site's rules (removed ones marked) and its template model's page count. Throws (site_not_loaded). */
  export function siteRules(site: string): { rules: RuleRecord[], template_pages: number };
  /** Removes a learned rule for good: the record to store (removed = true), or null when there is no such rule. */
  export function removeRule(site: string, id: string): RuleRecord | null;
  /** The person teaches a slot ("this is noise" when noise, else "always show changes here"): the rule records to store. Throws. */
  export function teachRule(site: string, path: string, noise: boolean): RuleRecord[];
  /** Blocks whose text changed by itself while the page stayed open teach as near-simultaneous versions do: the records to write, and for each of the shown visit's changes the reason that now hides it (or null). Throws. */
  export function learnLive(site: string, paths: string[], olds: string[], news: string[], shown?: { changes: { path: string, old: string, new: string }[], then: number | null, now: number | null }): SiteUpdates & { hidden: (Reason | null)[] };
  /** Metrics of a visit's content changes only (template and noise changes left out); throws. */
  export function contentMetrics(oldTexts: string[], newTexts: string[], changes: { kind: string, old_index: number | null, new_index: number | null }[], options?: unknown): {
    dice: number,
    ied: { add: number, drop: number, copy: number, shrink: number, replace: number, move: number },
    [name: string]: unknown,
  };
  /** Forgets a page of the site: the URL of the page record to delete, or null. */
  export function forgetPage(site: string, url: string): string | null;
  /** The records of a site model stored as one JSON string by database version 2. Throws (bad_input). */
  export function migrateLegacySite(json: string): { pages: PageRecord[], rules: RuleRecord[] };

  // --- A page's life over time (history and dashboard pages; core: sincelast_core::history) ---
  /**
   * The analysis of one page's history: input JSON `{ versions: [{ time (seconds), blocks:
   * [{ text, path, type_path }] }], collection: string[] }`, output JSON `{ timeline, curve,
   * terms, lifespans }` (the same as `sincelast history DIR --format json`). Throws (bad_input).
   */
  export function historyAnalyze(input: string): string;
  /** A site's template picture: input JSON `[{ url, blocks }]`, output JSON `{ pages, lower, bars, template_share }`. Throws (bad_input). */
  export function templatePicture(input: string): string;
  // --- The export file (core/engine/src/export): see core/wasm/src/lib.rs, "The export file". ---
  /** A filter of an export: visits in [since, until) (ms since the epoch) of a site and its subdomains. */
  export interface ExportFilter { since?: number | null, until?: number | null, site?: string | null }
  /** What an export wrote and left out. */
  export interface ExportSummary {
    written: Record<string, number>, filtered: number, invalid: number, derived: number,
    unexported: { store: string, key: string, reason: string }[],
  }
  /** Writes an export file record by record (stores in `exportStores()` order). */
  export class ExportWriter {
    /** Throws (bad_input) on a bad filter. */
    constructor(filterJson: string);
    header(created: number): string;
    /** Native records of one store as JSON (bytes tagged `{"$bytes": hex}`). Throws on an unknown store or one out of order. */
    add(store: string, recordsJson: string): { lines: string, csv: string };
    finish(): { lines: string, summary: ExportSummary };
    free(): void;
  }
  /** The stores of an export file, in file order. */
  export function exportStores(): string[];
  /** The CSV table's header row. */
  export function exportCsvHeader(): string;
  /** The line a stored record has in an export file. Throws (bad_input) when the record fails its store's checks. */
  export function exportRecordLine(store: string, recordJson: string): string;
  /** One record read from a file: `value` is the native record as JSON (bytes tagged). */
  export interface ReadRecord { line: number, store: string, key: unknown, value: string, canonical: string }
  /** Reads an export file, whole lines at a time. */
  export class ImportReader {
    constructor();
    feed(text: string): {
      records: ReadRecord[], skipped: { line: number, reason: string }[], derived: number,
      refused: string | null, header: { format: string, schema: number, created: number, filter: ExportFilter, generator: string, stores: string[] } | null,
    };
    free(): void;
  }
  // Watching pages in the background (core/engine/src/watch).
  /** One background check of a page (times and spans in seconds). */
  export interface WatchCheck { time: number, span: number, ok: boolean, meaningful: boolean, staleness: number }
  /** The next check of a watched page and why. */
  export interface WatchPlan {
    interval_secs: number, next_time: number | null, checks: number, changes: number,
    failures: number, changes_per_day: number | null, reason: string,
  }
  /** The interval learned from a page's checks (oldest first); throws (invalid_argument: bad bounds). */
  export function watchPlan(checks: WatchCheck[], options?: { min_secs?: number, max_secs?: number, [name: string]: number | undefined } | null): WatchPlan;
  /** One page of another tool's watch list. */
  export interface ImportedWatch {
    url: string, title: string | null, interval_secs: number | null, paused: boolean,
    label: string | null, not_carried: string[],
  }
  /** Reads a Distill, Update Scanner or SiteDelta watch list; throws (bad_input, empty, too_large). */
  export function importWatchList(text: string): {
    source: 'distill' | 'update_scanner' | 'sitedelta', source_name: string,
    entries: ImportedWatch[], skipped: { entry: string, reason: string }[],
  };
  // (links) New links since the last visit and newly appeared pages (core/engine/src/links).
  /** The normalised target of a link (fragment and tracking parameters dropped), or null. */
  export function normalizeLink(link: string): string | null;
  /** The certainly new links: normalised targets among `current` and among none of `previous`. Throws (bad_input, too_large). */
  export function newLinks(page: string | undefined, previous: string[], current: string[]): string[];
  /** Newly appeared pages ranked by novelty (δ default 0.1, 20 iterations), positive scores only. Throws. */
  export function rankNewPages(
    history: { pages: { url: string, links: string[], certain: string[], revisited?: boolean }[], unidentified: string[] },
    delta?: number,
    iterations?: number,
  ): { url: string, score: number, in_links: number, certain_links: number, via: string | null }[];
}
