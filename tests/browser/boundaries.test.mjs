// The lint zones of eslint.config.js bite: an import across a boundary is an error, one within
// the rules is not (so a config that silently stopped matching would fail here, not pass).

import { test } from 'node:test';
import assert from 'node:assert/strict';
import path from 'node:path';
import { ESLint } from 'eslint';
import { ROOT } from './chromium.mjs';

const eslint = new ESLint({ cwd: ROOT });

/** The no-restricted-imports findings for `code` as if it were the file `file` of the repository. */
async function refused(file, code) {
  const [r] = await eslint.lintText(code, { filePath: path.join(ROOT, file) });
  return r.messages.filter((m) => m.ruleId === 'no-restricted-imports').length;
}

const cases = [
  // [file, import, refused?]
  ['extension/content/x.js', '../background/db.js', true],
  ['extension/content/x.js', '../popup/popup.js', true],
  ['extension/content/x.js', '../options/options.js', true],
  ['extension/content/x.js', 'sincelast-wasm', true],
  ['extension/content/x.js', '../shared/wire.js', false],
  ['extension/content/x.js', './paint.js', false],
  ['extension/popup/x.js', '../content/paint.js', true],
  ['extension/options/x.js', '../content/state.js', true],
  ['extension/popup/x.js', '../shared/labels.js', false],
  ['extension/background/x.js', '../popup/popup.js', true],
  ['extension/background/x.js', '../options/options.js', true],
  ['extension/background/x.js', '../content/extract.js', true],
  ['extension/background/x.js', '../shared/protocol.js', false],
  ['extension/background/x.js', 'sincelast-wasm', false],
  ['extension/shared/x.js', '../background/db.js', true],
  ['extension/shared/x.js', './limits.js', false],
];

test('lint zones: imports across the extension\'s boundaries are refused, others are not', async () => {
  for (const [file, spec, expected] of cases) {
    const n = await refused(file, `import * as m from '${spec}';\nexport { m };\n`);
    assert.equal(n > 0, expected, `${file} importing ${spec}`);
  }
});
