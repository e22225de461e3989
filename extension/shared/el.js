// One element built with DOM methods (never HTML from text): its attributes (`class` as the
// class name, `on<event>` as a listener) and its children (nodes or text; null left out). Used
// by every extension page.

import './test-csp.js'; // test builds: the pages' CSP violations for the stress tests

/**
 * @param {string} tag
 * @param {Record<string, any>} [props]
 * @param {...(Node | string | null | undefined)} children
 * @returns {HTMLElement}
 */
export function el(tag, props = {}, ...children) {
  const e = document.createElement(tag);
  for (const [k, v] of Object.entries(props)) {
    if (k === 'class') e.className = v;
    else if (k.startsWith('on') && typeof v === 'function') e.addEventListener(k.slice(2), v);
    else e.setAttribute(k, v);
  }
  for (const c of children) if (c != null) e.append(c);
  return e;
}
