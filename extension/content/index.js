// The content script (built by scripts/build-extension.mjs into one classic script,
// dist/<browser>/content/content.js): waits for the page to settle, extracts its blocks, asks the
// background what changed since the last visit, and paints the answer in place. Plain JS, no
// wasm. The stages, one module each:
//
//   lifecycle.js   start, hand-over to a newer copy, clean-up when the extension goes, bfcache
//   settle.js      waiting for the page to settle, and reading it early
//   blocks.js      extraction (extract.js, the written spec), caps, text keys
//   visit.js       one visit: known keys, settle, read, send, paint
//   overlay.js     our one element in the page (the same on every visit), closed shadow root
//   paint.js       highlights drawn in the overlay, word Ranges (words.js), removed and automated changes
//   bar.js         the bar
//   commands.js    messages from the background (scroll to a change, next change)
//   test-hooks.js  test builds only
//   state.js       the mutable state, one object
//
// Rules kept here:
// - page-derived text is only ever set with textContent or moved by splitting text nodes;
// - the page's own DOM never changes by what changed since the last visit: everything we draw
//   lives in the overlay's closed shadow root;
// - hiding, an extension update/reload under the page, or a takeover by a newer copy of this
//   script removes every trace (highlights, markers, styles, observers, timers);
// - back/forward cache: nothing keeps running while the page is hidden.

import { boot } from './lifecycle.js';

boot();
