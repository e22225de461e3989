// What the content script leaves in the page, by name, and the one way it changes a page's
// inline style (given back as it was).

export const ATTR = 'data-sincelast';
export const WORD_ATTR = 'data-sincelast-word';
export const FOCUS_ATTR = 'data-sincelast-focus';
export const AUTO_ATTR = 'data-sincelast-auto'; // an automated (noise / template) change, shown on demand
export const SAVED_STYLE_ATTR = 'data-sincelast-style'; // the page's own inline style, while we add to it
export const UI_TAG = 'sincelast-ui';
export const REMOVED_TAG = 'sincelast-removed';
export const TAKEOVER_EVENT = 'sincelast:takeover';

/**
 * Adds `css` to an element's inline style; returns how to give the page's style back.
 * @param {Element} el
 * @param {string} css
 */
export function addStyle(el, css) {
  const before = el.getAttribute('style');
  if (before !== null && !el.hasAttribute(SAVED_STYLE_ATTR)) el.setAttribute(SAVED_STYLE_ATTR, before);
  el.setAttribute('style', before ? `${before}; ${css}` : css);
  return () => {
    if (before === null) el.removeAttribute('style');
    else el.setAttribute('style', before);
  };
}
