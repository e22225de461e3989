// Firefox helpers of the stress tests: the one Firefox harness (firefox.mjs) started with
// geckodriver's --allow-system-access, so that a test can act as the browser itself (WebDriver's
// chrome context): stop the extension's event page as the browser does (terminateBackground,
// what about:debugging's "Terminate background script" calls), open a private window. Messages
// to the background go through the test build's content script ('sincelast-test:send'), as from
// the page's tab.

import firefox from 'selenium-webdriver/firefox.js';
import { ADDON_ID, DIR, FirefoxSession, sleep, startFirefox } from './firefox.mjs';

export { sleep };

/** Starts Firefox with the test build; `prefs` are set before it starts. */
export async function launchFirefox(prefs = {}) {
  const driver = await startFirefox({ prefs, systemAccess: true });
  await driver.installAddon(DIR, true);
  return new StressFirefox(driver);
}

export class StressFirefox extends FirefoxSession {
  /** @param {import('selenium-webdriver').WebDriver} driver */
  constructor(driver) {
    super(driver);
    this.sent = 0;
  }

  /** Loads `url` in the current tab; resolves to the content script's verdict (null: none in `ms`). */
  async load(url, ms = 20000) {
    await this.driver.get(url);
    return this.verdict(ms);
  }

  async verdict(ms = 20000) {
    for (let t = 0; t < ms; t += 100) {
      const s = await this.attr('state');
      if (s) return s;
      await sleep(100);
    }
    return null;
  }

  /** Sends `msg` to the background as this tab's content script; resolves to the wire reply. */
  async send(msg, ms = 30000) {
    const id = `m${++this.sent}`;
    await this.driver.executeScript('document.dispatchEvent(new CustomEvent(\'sincelast-test:send\', { detail: arguments[0] }))', JSON.stringify({ id, msg }));
    for (let t = 0; t < ms; t += 100) {
      const r = await this.attr(`sent-${id}`);
      if (r) return JSON.parse(r);
      await sleep(100);
    }
    throw new Error(`no answer to ${msg.type}`);
  }

  /** The database's consistency check (test builds), asked from the current tab. */
  async check() {
    const r = await this.send({ type: 'test-check' });
    if (!r.ok) throw new Error(`test-check: ${JSON.stringify(r.error)}`);
    return r.result;
  }

  /** Runs `script` (an async function body; `done` is its callback) in the browser's chrome context. */
  async chrome(script, ...args) {
    await this.driver.setContext(firefox.Context.CHROME);
    try {
      return await this.driver.executeAsyncScript(`const done = arguments[arguments.length - 1]; const args = Array.from(arguments).slice(0, -1);
        (async () => { ${script} })().then(done, (e) => done({ error: String(e) }));`, ...args);
    } finally {
      await this.driver.setContext(firefox.Context.CONTENT);
    }
  }

  /** Stops the extension's event page now (as Firefox does when it is idle). */
  terminateBackground() {
    return this.chrome(`const ext = WebExtensionPolicy.getByID('${ADDON_ID}').extension;
      const before = ext.backgroundState;
      await ext.terminateBackground({ disableResetIdleForTest: true });
      return before;`);
  }
}
