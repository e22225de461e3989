// The wasm core in an extension page (history, dashboard): instantiated once, on first use.

import init, * as wasm from 'sincelast-wasm';
import { api } from '../shared/api.js';

let ready = null;

/** Resolves to the wasm glue once instantiated. */
export function core() {
  if (!ready) {
    ready = init({ module_or_path: api.runtime.getURL('wasm/sincelast_wasm_bg.wasm') }).then(() => wasm).catch((e) => {
      ready = null;
      throw e;
    });
  }
  return ready;
}
