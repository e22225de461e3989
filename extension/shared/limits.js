// The caps every context applies to a page and its messages (content script, background, pages).
// One plain frozen object of camelCase keys and nothing else in this file: the build may write it
// from the core's `limits()` export.
export const LIMITS = Object.freeze({
  maxBlocks: 20000,
  maxBlockText: 100_000,
  maxTotalText: 8_000_000,
  maxPath: 2048,
  maxLinksPerBlock: 200,
  maxLink: 2048,
  maxTitle: 1024,
  maxUrl: 8192,
  maxSites: 1000,
  maxSite: 253,
});
