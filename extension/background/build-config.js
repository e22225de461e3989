// Replaced by scripts/build-extension.mjs: test builds (dist/*-test) get TEST_HOOKS = true,
// which exposes hooks the browser tests use. Store builds keep false.
export const TEST_HOOKS = false;
