// Test builds only (TEST_HOOKS): every extension page keeps the Content Security Policy
// violations it sees in `window.__csp` (the stress test of hostile content reads it: a payload
// put into one of our pages as markup would be blocked by the extension pages' CSP and land
// here). Imported by el.js, which every extension page loads before it draws anything. A list
// already there (Chromium's tests install one before any script) is left alone.

if (TEST_HOOKS && typeof document !== 'undefined' && /-extension:$/.test(location.protocol)) {
  const w = /** @type {any} */ (window);
  if (!Array.isArray(w.__csp)) {
    w.__csp = [];
    document.addEventListener('securitypolicyviolation', (e) => w.__csp.push(`${e.violatedDirective} ${e.blockedURI}`));
  }
}
