// One vocabulary of error kinds, snake_case everywhere: the kinds the background gives a refused
// message and the kinds the wasm core gives a refused input (the core already spells them this
// way). An error travels as `{ kind, message }` from where it happens to where it is shown:
// thrown as a KindError, answered as `{ ok: false, error: { kind, message } }`, thrown again as
// a KindError by `ask()`. Code decides on `kind`, never on the message text.

/** Every error kind, with what it means. */
export const ERROR_KINDS = Object.freeze({
  // Messages between the parts of the extension.
  invalid_message: 'a message that is malformed, mistyped or over a cap',
  forbidden: 'a message this sender may not send, or of an unknown type',
  not_found: 'the thing asked about does not exist (a learned rule, a tab)',
  stale: 'a block sent by key whose text the last stored version does not have',
  no_answer: 'the other side did not answer',
  gone: 'the extension was reloaded or updated under this page',
  internal: 'anything else: a bug or a failure of the browser',
  // The wasm core (sincelast_wasm's error kinds).
  too_large: 'the core refused an input over its size caps',
  empty: 'the core was given nothing to work on',
  not_text: 'the core was given bytes that are not text',
  invalid_argument: 'the core was given an argument out of range',
  bad_input: 'the core could not read a packed input',
  site_not_loaded: 'the core was asked about a site whose state it does not hold',
  bad_output: 'the core could not write its answer',
});

/** @typedef {keyof typeof ERROR_KINDS} ErrorKind */
/** @typedef {{ kind: ErrorKind, message: string }} WireError */

/** An error with a kind from ERROR_KINDS. */
export class KindError extends Error {
  /**
   * @param {ErrorKind} kind
   * @param {string} message
   */
  constructor(kind, message) {
    super(message);
    /** @type {ErrorKind} */
    this.kind = kind;
  }
}

/** True when `kind` is in the vocabulary. */
export function isErrorKind(kind) {
  return typeof kind === 'string' && Object.hasOwn(ERROR_KINDS, kind);
}

/**
 * Any thrown value as `{ kind, message }`: a KindError or a core error keeps its kind, anything
 * else is `internal`.
 * @param {unknown} e
 * @returns {WireError}
 */
export function toWireError(e) {
  const o = /** @type {{ kind?: unknown, message?: unknown } | null} */ (e && typeof e === 'object' ? e : null);
  const kind = o && isErrorKind(o.kind) ? /** @type {ErrorKind} */ (o.kind) : 'internal';
  const message = o && typeof o.message === 'string' ? o.message : String(e);
  return { kind, message };
}

/**
 * A `{ kind, message }` received from elsewhere, as a KindError (an unknown kind is `internal`).
 * @param {unknown} error
 * @returns {KindError}
 */
export function fromWireError(error) {
  const { kind, message } = toWireError(error);
  return new KindError(kind, message);
}
