// Names the build defines (esbuild `define`): true in the test builds (dist/*-test), false in
// the store builds, whose bundles then hold none of the code under `if (TEST_HOOKS)`.
declare const TEST_HOOKS: boolean;
