// Shadow roots a content script can see, and password fields in a page and its shadow roots.

/** Password fields, and the fields browsers and sites mark as holding one (a "show password"
 * toggle turns a password field into a text field; one-time codes). */
export const PASSWORD = 'input[type="password" i], input[autocomplete~="current-password" i], input[autocomplete~="new-password" i], input[autocomplete~="one-time-code" i]';

/** The elements that may host a shadow root besides custom elements (DOM: attachShadow). */
const SHADOW_HOSTS = new Set(['article', 'aside', 'blockquote', 'body', 'div', 'footer', 'h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'header', 'main', 'nav', 'p', 'section', 'span']);

/**
 * The shadow root of an element, closed ones too where the browser lets a content script see
 * them (Chromium: the function `chrome.dom.openOrClosedShadowRoot(el)`; Firefox: the property
 * `el.openOrClosedShadowRoot` — read as a function before, it found no closed root there).
 * @param {Element} el
 * @returns {ShadowRoot | null}
 */
export function shadowOf(el) {
  const any = /** @type {any} */ (el);
  if (el.shadowRoot) return el.shadowRoot;
  // Only custom elements and these can have a shadow root (attachShadow throws for the others,
  // declarative shadow roots likewise): the browser's call for a closed root is asked for them
  // alone (half the calls on a page of 10^6 nodes).
  const tag = el.localName;
  if (!SHADOW_HOSTS.has(tag) && !tag.includes('-')) return null;
  try {
    if ('openOrClosedShadowRoot' in any) {
      const root = any.openOrClosedShadowRoot;
      return (typeof root === 'function' ? root.call(el) : root) || null;
    }
    const dom = /** @type {any} */ (globalThis).chrome && /** @type {any} */ (globalThis).chrome.dom;
    if (dom && typeof dom.openOrClosedShadowRoot === 'function') return dom.openOrClosedShadowRoot(el) || null;
  } catch {
    // Not offered here.
  }
  return null;
}

/**
 * What the extraction's walk saw for the password scan (blocks.js gives it as the read's
 * onElement): the shadow roots of the elements it entered, and the subtrees it passed over
 * (hidden, dialogs, editing hosts: a sign-in form can be there; their elements are not entered).
 */
export class ShadowSeen {
  constructor() {
    /** @type {ShadowRoot[]} */
    this.roots = [];
    /** @type {Element[]} */
    this.skipped = [];
    /** elements the walk entered */
    this.entered = 0;
    /** @param {Element} el @param {boolean} skipped */
    this.onElement = (el, skipped) => {
      this.entered++;
      if (skipped) {
        if (el.firstElementChild !== null) this.skipped.push(el);
        return;
      }
      const root = shadowOf(el);
      if (root) this.roots.push(root);
    };
  }
}

/** HTML's element names (obsolete ones too): an element of another name in an HTML document is
 * a custom element (or an unknown one, which cannot host a shadow root). */
const HTML_NAMES = 'a abbr acronym address applet area article aside audio b base basefont bdi bdo bgsound big blink blockquote body br button canvas caption center cite code col colgroup data datalist dd del details dfn dialog dir div dl dt em embed fieldset figcaption figure font footer form frame frameset h1 h2 h3 h4 h5 h6 head header hgroup hr html i iframe image img input ins isindex kbd keygen label legend li link listing main map mark marquee menu menuitem meta meter multicol nav nextid nobr noembed noframes noscript object ol optgroup option output p param picture plaintext pre progress q rb rp rt rtc ruby s samp script search section select slot small source spacer span strike strong style sub summary sup table tbody td template textarea tfoot th thead time title tr track tt u ul var video wbr xmp';
/** Custom elements of the document (outside SVG and MathML), found natively. */
export const CUSTOM_ELEMENTS = `:not(${HTML_NAMES.split(' ').join(',')}):not(svg, svg *, math, math *)`;
