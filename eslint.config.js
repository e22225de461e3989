// ESLint flat config (ESLint 10): the recommended rules, and the boundaries between the parts of
// the extension as import restrictions per folder:
//   content  ↛ background, popup, options (and no wasm: content scripts stay plain JS)
//   popup, options (pages) ↛ content
//   background ↛ popup, options, content
//   shared   ↛ anything outside shared (it is imported by every context)
// Run: npx eslint (scripts/test does).

import js from '@eslint/js';
import globals from 'globals';

/** A no-restricted-imports rule refusing imports of the given folders of extension/. */
function zone(from, folders, extra = []) {
  return {
    'no-restricted-imports': ['error', {
      patterns: [
        ...folders.map((f) => ({
          regex: `(^|/)${f}/`,
          message: `${from} may not import from extension/${f}/ (the parts talk by messages; shared code goes in extension/shared/)`,
        })),
        ...extra,
      ],
    }],
  };
}

export default [
  { ignores: ['dist/**', 'target/**', 'node_modules/**', 'core/**'] },
  js.configs.recommended,
  {
    files: ['**/*.js', '**/*.mjs'],
    languageOptions: {
      ecmaVersion: 2024,
      sourceType: 'module',
      globals: { ...globals.node },
    },
    rules: {
      'no-unused-vars': ['error', { args: 'none', caughtErrors: 'none' }],
    },
  },
  {
    // Tests and scripts hand functions to the browser (page.evaluate): those see a page's globals.
    files: ['tests/**/*.mjs', 'scripts/**/*.mjs'],
    languageOptions: {
      globals: { ...globals.browser, ...globals.webextensions, sincelastExtract: 'readonly' },
    },
  },
  {
    files: ['extension/**/*.js'],
    languageOptions: {
      globals: { ...globals.browser, ...globals.webextensions, TEST_HOOKS: 'readonly' },
    },
  },
  {
    files: ['extension/content/**/*.js'],
    rules: zone('the content script', ['background', 'popup', 'options'], [
      { regex: '^sincelast-wasm$', message: 'the content script carries no wasm' },
    ]),
  },
  { files: ['extension/popup/**/*.js'], rules: zone('the popup', ['content']) },
  { files: ['extension/options/**/*.js'], rules: zone('the settings page', ['content']) },
  { files: ['extension/onboarding/**/*.js'], rules: zone('the onboarding page', ['content']) },
  { files: ['extension/background/**/*.js'], rules: zone('the background', ['popup', 'options', 'content']) },
  {
    files: ['extension/shared/**/*.js'],
    rules: {
      'no-restricted-imports': ['error', {
        patterns: [{ regex: '^\\.\\./', message: 'extension/shared/ imports only from extension/shared/ (every context imports it)' }],
      }],
    },
  },
];
