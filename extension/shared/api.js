// The extension API of this browser: `browser` in Firefox, `chrome` in Chromium.

export const api = /** @type {typeof chrome} */ (/** @type {any} */ (globalThis).browser ?? globalThis.chrome);
