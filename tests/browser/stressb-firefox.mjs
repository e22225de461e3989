// Firefox helpers of stressb's tests: the test build installed in firefox-esr through
// geckodriver started with --allow-system-access, so that a test can act as the browser itself
// (WebDriver's chrome context): stop the extension's event page as the browser does
// (terminateBackground, what about:debugging's "Terminate background script" calls), open a
// private window. Messages to the background go through the test build's content script
// ('sincelast-test:send'), as from the page's tab.

import fs from 'node:fs';
import path from 'node:path';
import { Builder } from 'selenium-webdriver';
import firefox from 'selenium-webdriver/firefox.js';
import { ROOT } from './chromium.mjs';
import { FIREFOX, ADDON_ID } from './firefox.mjs';

process.env.SE_OFFLINE = 'true';
const UUID = '5e1f0c4a-8b7d-4c2e-9a63-1d0b2f7e8c45';
const DIR = process.env.SINCELAST_FIREFOX_DIR || path.join(ROOT, 'dist', 'firefox-test');
export const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

function geckodriver() {
  if (process.env.GECKODRIVER) return process.env.GECKODRIVER;
  for (const dir of [...(process.env.PATH || '').split(':'), path.join(process.env.HOME || '/root', '.cargo/bin')]) {
    const p = path.join(dir, 'geckodriver');
    if (fs.existsSync(p)) return p;
  }
  throw new Error('geckodriver not found');
}

/** Starts Firefox with the test build; `prefs` are set before it starts. */
export async function launchFirefox(prefs = {}) {
  if (!fs.existsSync(path.join(DIR, 'manifest.json'))) throw new Error(`${DIR} missing: node scripts/build-extension.mjs`);
  const options = new firefox.Options().setBinary(FIREFOX).addArguments('-headless')
    .setPreference('extensions.webextensions.uuids', JSON.stringify({ [ADDON_ID]: UUID }))
    .setPreference('browser.shell.checkDefaultBrowser', false)
    .setPreference('datareporting.policy.dataSubmissionEnabled', false)
    .setPreference('app.update.enabled', false);
  for (const [k, v] of Object.entries(prefs)) options.setPreference(k, v);
  const driver = await new Builder().forBrowser('firefox').setFirefoxOptions(options)
    .setFirefoxService(new firefox.ServiceBuilder(geckodriver()).addArguments('--allow-system-access')).build();
  await driver.installAddon(DIR, true);
  return new StressFirefox(driver);
}

export class StressFirefox {
  constructor(driver) {
    /** @type {import('selenium-webdriver').WebDriver} */
    this.driver = driver;
    this.sent = 0;
  }

  quit() {
    return this.driver.quit();
  }

  attr(name) {
    return this.driver.executeScript(`return document.documentElement.getAttribute('data-sincelast-test-${name}')`);
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

  /** Waits until the script `js` returns something true (tried every 100 ms, for 30 s: a loaded
   * 2-core CI machine can take more than the 10 s of 100 tries to open an extension page). */
  async waitFor(js, what) {
    const deadline = Date.now() + 30000;
    let last = null;
    for (let i = 0; i < 100 || Date.now() < deadline; i++) {
      try {
        if (await this.driver.executeScript(js)) return;
        last = null;
      } catch (e) {
        // A page still loading (no body yet) or navigating away: tried again, like a false.
        if (!(e && /JavascriptError|StaleElementReference|NoSuchWindow|UnexpectedAlertOpen/.test(e.name || ''))) throw e;
        last = e;
      }
      await sleep(100);
    }
    throw new Error(`timed out: ${what}${last ? ` (last: ${last.message})` : ''}`);
  }

  /** Opens the popup ('popup') or settings page ('options') in a new tab and switches to it. */
  async openExtensionPage(page) {
    const pageHandle = await this.driver.getWindowHandle();
    const before = new Set(await this.driver.getAllWindowHandles());
    await this.driver.executeScript(`document.dispatchEvent(new CustomEvent('sincelast-test:open', { detail: '${page}' }))`);
    let handle = null;
    for (let i = 0; i < 50 && !handle; i++) {
      handle = (await this.driver.getAllWindowHandles()).find((h) => !before.has(h)) || null;
      if (!handle) await sleep(100);
    }
    if (!handle) throw new Error(`the ${page} page did not open`);
    await this.driver.switchTo().window(handle);
    return { pageHandle, handle };
  }

  /** Closes the extension page opened by openExtensionPage and goes back to its page. */
  async closeExtensionPage({ pageHandle }) {
    await this.driver.close();
    await this.driver.switchTo().window(pageHandle);
  }
}
