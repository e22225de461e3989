// The convention of tests/stress/ (one node:test file per scenario, `<name>.test.mjs`):
// - a quick version by default (run by scripts/test), the long one when STRESS=full (run by
//   scripts/stress): pick sizes with `tier(quick, full)`;
// - every figure is printed as one line `figure: <name>: <value> (target <target>)` through
//   `figure()`, which scripts/stress collects; the test also asserts the target.
// Browser scenarios use the harnesses of tests/browser (chromium.mjs, firefox.mjs).

/** True under STRESS=full (scripts/stress). */
export const full = process.env.STRESS === 'full';

/** The quick size, or the full one under STRESS=full. */
export function tier(quick, fullSize) {
  return full ? fullSize : quick;
}

/** Prints one figure in the form scripts/stress collects. */
export function figure(name, value, target) {
  console.log(`figure: ${name}: ${value} (target ${target})`);
}
