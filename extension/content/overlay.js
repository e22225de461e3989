// The overlay: the one element of ours in the page (UI_TAG), put there on every page the script
// runs in, at the same moment and with the same attributes whatever the visit's answer (first
// visit, unchanged, changed), so that nothing a page script can read in its DOM tells what this
// browser saw last time. Everything we draw — block bars and tints, word boxes, margin markers,
// removed text, the bar, the live announcement — is inside its closed shadow root, positioned
// fixed over the page from the page's own geometry (getBoundingClientRect, Range.getClientRects)
// and never taking space: the host is 0×0 at the top left of the viewport, with pointer-events
// off (only the bar takes clicks).
//
// The host goes first in <html> so that the bar is early in the tab order.

import { UI_TAG } from './dom.js';
import { state } from './state.js';

const HOST_STYLE = 'display: block !important; position: fixed !important; top: 0 !important; '
  + 'left: 0 !important; width: 0 !important; height: 0 !important; overflow: visible !important; '
  + 'z-index: 2147483647 !important; pointer-events: none !important;';

export const OVERLAY_CSS = `
:host { all: initial; pointer-events: none; }
[data-t]::before { content: attr(data-t); }
.sr { position: fixed; width: 1px; height: 1px; overflow: hidden; clip-path: inset(50%); white-space: nowrap; }
.layer { position: fixed; top: 0; left: 0; width: 0; height: 0; overflow: visible; pointer-events: none; }
.layer > div { position: absolute; box-sizing: border-box; pointer-events: none; }
.blk { border-left: 6px solid var(--mark); }
.blk.new { background: var(--fill); opacity: var(--fill-alpha); border-left-width: 0; }
.bar-edge { width: 6px; background: var(--mark); }
.blk.new, .word { forced-color-adjust: none; }
.word { background: var(--fill); opacity: var(--fill-alpha); border-radius: 2px; }
.uline { height: 2px; background: var(--mark); }
.marker { width: 18px; height: 18px; border-radius: 9px; background: var(--mark); color: var(--ink);
  font: bold 13px/18px system-ui, sans-serif; text-align: center; box-shadow: 0 0 0 2px #fff; }
.auto { outline: 2px dashed #7a7f87; outline-offset: 2px; }
.auto-label { max-width: 260px; padding: 1px 6px; border-radius: 4px; background: #eceef1; color: #30343a;
  border: 1px dashed #5f646b; font: 11px/16px system-ui, sans-serif; white-space: nowrap; overflow: hidden;
  text-overflow: ellipsis; transform: translateX(-100%); }
.removed { transform: translateY(-100%); padding: 4px 8px 4px 28px; border-left: 4px dashed var(--mark);
  background: #f1f1f1; color: #3d3d3d; font: 14px/1.4 system-ui, sans-serif; max-height: 40vh; overflow: hidden;
  box-shadow: 0 1px 4px rgba(0,0,0,.25); }
.removed::before { content: "−"; position: absolute; left: 8px; font-weight: bold; }
.removed small { display: block; font-size: 11px; text-transform: uppercase; letter-spacing: .04em; }
.removed s { display: block; text-decoration-thickness: 1px; }
.dark .removed { background: #2a2a2a; color: #dcdcdc; }
.focus { outline: 3px solid var(--mark-changed); outline-offset: 4px; border-radius: 2px; }
.focus.faded { outline-color: transparent; }
.focus:focus { outline-style: solid; }
@media (forced-colors: active) {
  .blk, .bar-edge, .uline, .marker, .removed, .focus { forced-color-adjust: none; }
  .blk { border-left-color: Highlight; }
  .blk.new { background: transparent; opacity: 1; outline: 2px solid Highlight; border-left: 0; }
  .bar-edge, .uline { background: Highlight; }
  .word { background: transparent; opacity: 1; outline: 2px solid Mark; forced-color-adjust: none; }
  .marker { background: Highlight; color: HighlightText; box-shadow: 0 0 0 2px Canvas; }
  .auto { outline: 2px dashed GrayText; }
  .removed { background: Canvas; color: CanvasText; border-left-color: GrayText; box-shadow: none; border-top: 1px solid CanvasText; }
  .focus, .focus.faded { outline: 3px solid Highlight; }
}
`;

/**
 * @typedef {object} Overlay
 * @property {HTMLElement} host our element in the page
 * @property {ShadowRoot} root its closed shadow root
 * @property {HTMLElement} live the polite live region
 */

/** The overlay's host, made once per document (see above); null outside an HTML document. */
export function ensureOverlay() {
  const o = state.overlay;
  if (o && o.host.isConnected) return o;
  if (o) o.host.remove();
  const host = document.createElement(UI_TAG);
  host.setAttribute('style', HOST_STYLE);
  // Test builds can open the root for a test that must look inside it (axe, forced colours):
  // the test page asks before the script starts. Store builds always close it.
  const open = TEST_HOOKS && document.documentElement.hasAttribute('data-sincelast-test-open-shadow');
  const root = host.attachShadow({ mode: open ? 'open' : 'closed' });
  const style = document.createElement('style');
  style.textContent = OVERLAY_CSS;
  // The live region is there from the start (one added with its text is not announced).
  const live = document.createElement('div');
  live.className = 'sr';
  live.setAttribute('role', 'status');
  live.setAttribute('aria-live', 'polite');
  root.append(style, live);
  document.documentElement.prepend(host);
  state.overlay = { host, root, live };
  return state.overlay;
}

/** Takes the overlay out of the page (the extension is gone or a newer copy took over). */
export function removeOverlay() {
  if (state.overlay) state.overlay.host.remove();
  state.overlay = null;
}
