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
    flips: { path: string, ids: Uint8Array }[],
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
    kept?: { type: 'new_words', words: string[] },
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
    [count: string]: number | boolean,
  }
  /** Everything the background needs of one visit (pack.js `visitPacked` assembles it from what `visit` returns). */
  export interface Outcome {
    status: 'first' | 'changed' | 'unchanged',
    summary: Summary | null,
    changes: Change[],
    /** Content addresses to store: each block's id, the list's, the pathset's. */
    ids: string[],
    list_id: string,
    pathset_id: string,
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
}
