// Hand-written types of the wasm glue (core/wasm/pkg/sincelast_wasm.js, written by wasm-pack
// --target web from core/wasm/src/lib.rs), imported as 'sincelast-wasm' (the build aliases it
// to the pkg). Checked against its callers (core.js, pack.js) by `tsc` (tsconfig.json).
// A function marked `throws` throws a `CoreError` when the core refuses its input.

declare module 'sincelast-wasm' {
  /** What the core throws when it refuses an input (its kinds are in shared/errors.js). */
  export interface CoreError extends Error {
    kind: 'too_large' | 'empty' | 'not_text' | 'invalid_argument' | 'bad_input' | 'bad_output';
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
  export function dice(oldText: string, newText: string): number;
  export function diceBytes(oldText: Uint8Array, newText: Uint8Array): number;

  /** The content address of a text (specified, versioned hash). */
  export function blockId(text: string): string;
  /** Content addresses of many texts in one call. */
  export function blockIds(texts: string[]): string[];

  /** Aligns two packed block lists: the lean report as JSON; throws (bad_input: a bad packing). */
  export function diffPacked(oldBytes: Uint8Array, oldCount: number, newBytes: Uint8Array, newCount: number): string;
  /**
   * Compares two packed visits with the site's model and teaches it: the lean report as JSON,
   * the model as JSON, and whether the stored model could not be read (started afresh). Throws.
   */
  export function analyzePacked(
    url: string, oldTime: number | undefined, oldBytes: Uint8Array, oldCount: number,
    newTime: number | undefined, newBytes: Uint8Array, newCount: number, model: string | undefined,
  ): { report: string, model: string, model_reset: boolean };
  /** Records a first visit in the site's model: the model as JSON. Throws. */
  export function observePacked(url: string, time: number | undefined, bytes: Uint8Array, count: number, model: string | undefined): string;

  /** A learned noise rule, as siteSummary lists it. */
  export interface NoiseRuleSummary {
    id: string,
    label: string,
    learned_from: string,
    hits: number,
    rule: unknown,
  }
  /** The learned noise rules and the template model's size of a stored model. */
  export function siteSummary(model: string | null | undefined): { rules: NoiseRuleSummary[], template_pages: number };
  /** The model without the learned noise rule `id`. */
  export function removeNoiseRule(model: string | null | undefined, id: string): string;
  /** The model without what it learned from page `url`. */
  export function forgetPage(model: string | null | undefined, url: string): string;
}
