// Helpers for the Firefox tests: the test build of the extension (dist/firefox-test) installed
// as a temporary add-on in real Firefox (firefox-esr, headless) through geckodriver +
// selenium-webdriver, plus the demo site. WebDriver cannot navigate to moz-extension:// pages,
// and has no view of the toolbar: the test build's content script reads this tab's badge for
// the test, and asks the background to open the popup or settings page in a tab.
// Build first: node scripts/build-extension.mjs
//
// Use: `const ff = useFirefox();` at the top of a test file registers before/after hooks that
// start Firefox with the extension and the demo site; `ff.driver` and `ff.site` are there once
// the tests run.

import { before, after } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { Builder } from 'selenium-webdriver';
import firefox from 'selenium-webdriver/firefox.js';
import { startSite } from '../site/server.mjs';
import { ROOT } from './chromium.mjs';

process.env.SE_OFFLINE = 'true'; // never let selenium-manager look for downloads

export const FIREFOX = process.env.FIREFOX || '/usr/bin/firefox-esr';
/** The add-on id, read from the one manifest source (its gecko id). */
export const ADDON_ID = JSON.parse(fs.readFileSync(path.join(ROOT, 'manifest.json'), 'utf8')).browser_specific_settings.gecko.id;
/** The extension's fixed internal UUID, so that its pages have one address in every test. */
export const UUID = '5e1f0c4a-8b7d-4c2e-9a63-1d0b2f7e8c45';
/** The test build (SINCELAST_FIREFOX_DIR: another build, to compare two). */
export const DIR = process.env.SINCELAST_FIREFOX_DIR || path.join(ROOT, 'dist', 'firefox-test');

export const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

function geckodriver() {
  if (process.env.GECKODRIVER) return process.env.GECKODRIVER;
  for (const dir of [...(process.env.PATH || '').split(':'), path.join(process.env.HOME || '/root', '.cargo/bin')]) {
    const p = path.join(dir, 'geckodriver');
    if (fs.existsSync(p)) return p;
  }
  throw new Error('geckodriver not found: cargo install geckodriver --locked');
}

/**
 * Firefox (headless) through geckodriver, the extension not yet installed. `prefs` are set
 * before it starts; `args` are more command-line arguments (`-profile DIR`); `systemAccess`
 * lets a test act as the browser itself (WebDriver's chrome context: stopping the event page,
 * a private window).
 * @param {{ prefs?: Record<string, any>, args?: string[], systemAccess?: boolean }} [options]
 */
export async function startFirefox({ prefs = {}, args = [], systemAccess = false } = {}) {
  if (!fs.existsSync(path.join(DIR, 'manifest.json'))) throw new Error(`${DIR} missing: node scripts/build-extension.mjs`);
  const options = new firefox.Options()
    .setBinary(FIREFOX)
    .addArguments('-headless', ...args)
    .setPreference('extensions.webextensions.uuids', JSON.stringify({ [ADDON_ID]: UUID }))
    .setPreference('browser.shell.checkDefaultBrowser', false)
    .setPreference('datareporting.policy.dataSubmissionEnabled', false)
    .setPreference('app.update.enabled', false);
  for (const [k, v] of Object.entries(prefs)) options.setPreference(k, v);
  const service = new firefox.ServiceBuilder(geckodriver());
  if (systemAccess) service.addArguments('--allow-system-access');
  return new Builder().forBrowser('firefox').setFirefoxOptions(options).setFirefoxService(service).build();
}

/** Firefox with the test build and the demo site, for the tests of one file (see above). */
export function useFirefox({ prefs = {} } = {}) {
  const ff = new FirefoxSession();
  before(async () => {
    ff.site = await startSite(0);
    // SINCELAST_FIREFOX_PREFS: more preferences for one test file, as JSON (paint: forced
    // colours); prefs: more for one test file (i18n: intl.locale.requested = 'de').
    ff.driver = await startFirefox({ prefs: { ...JSON.parse(process.env.SINCELAST_FIREFOX_PREFS || '{}'), ...prefs } });
    await ff.driver.installAddon(DIR, true);
  });
  after(async () => {
    await ff.driver?.quit();
    await ff.site?.close();
  });
  return ff;
}

/** One Firefox driven by WebDriver, with the test build's hooks (the one harness of every Firefox test). */
export class FirefoxSession {
  /** @param {import('selenium-webdriver').WebDriver | null} [driver] */
  constructor(driver = null) {
    /** @type {import('selenium-webdriver').WebDriver} */
    this.driver = driver;
    this.site = null;
  }

  quit() {
    return this.driver.quit();
  }

  /** The content script's test marker `data-sincelast-test-<name>` on the current page. */
  attr(name) {
    return this.driver.executeScript(`return document.documentElement.getAttribute('data-sincelast-test-${name}')`);
  }

  /** Loads `url` in the current tab and waits for the extension to be done with it. */
  async load(url) {
    await this.driver.get(url);
    for (let i = 0; i < 150; i++) {
      const s = await this.attr('state');
      if (s) return s;
      await sleep(100);
    }
    throw new Error(`the extension did not finish with ${url}`);
  }

  /** Writes `items` to the extension's storage (`storage.local`) through the test build's
   * content-script hook, from the current page (one of the test site's). */
  async store(items) {
    await this.driver.executeScript(`document.dispatchEvent(new CustomEvent('sincelast-test:store', { detail: ${JSON.stringify(JSON.stringify(items))} }))`);
    await this.waitFor("return /^ok:/.test(document.documentElement.getAttribute('data-sincelast-test-stored') || '')", 'storage written');
    await this.driver.executeScript("document.documentElement.removeAttribute('data-sincelast-test-stored')");
  }

  /** This tab's badge text, read by the test build's content script. */
  async badge() {
    await this.driver.executeScript("document.documentElement.removeAttribute('data-sincelast-test-badge'); document.dispatchEvent(new CustomEvent('sincelast-test:badge'))");
    for (let i = 0; i < 50; i++) {
      const b = await this.attr('badge');
      if (b) return b.split('|')[0];
      await sleep(100);
    }
    throw new Error('no badge answer');
  }

  /** Presses a button of the bar (its shadow root is closed) through the test build's hook. */
  async press(action) {
    await this.driver.executeScript(`document.dispatchEvent(new CustomEvent('sincelast-test:press', { detail: '${action}' }))`);
    assert.match(await this.attr('pressed'), new RegExp(`^${action}:ok:`));
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

  /** Waits for the test marker `name` to match `re` (150 tries, 100 ms apart); returns it. */
  async waitAttr(name, re) {
    let v = null;
    for (let i = 0; i < 150; i++) {
      v = await this.attr(name);
      if (v && re.test(v)) return v;
      await sleep(100);
    }
    throw new Error(`marker ${name} is ${v}, not ${re}`);
  }

  /** Reloads the current page and waits for the extension to be done with it again. */
  async reload() {
    await this.driver.executeScript("document.documentElement.removeAttribute('data-sincelast-test-state')");
    await this.driver.navigate().refresh();
    return this.waitAttr('state', /./);
  }

  /**
   * Opens the popup or the settings page (see openExtensionPage), runs `fn` there, then closes
   * it and comes back to the page; resolves to what `fn` resolved to.
   */
  async inExtensionPage(page, fn) {
    const { pageHandle } = await this.openExtensionPage(page);
    try {
      return await fn();
    } finally {
      await this.driver.close();
      await this.driver.switchTo().window(pageHandle);
    }
  }

  /**
   * Opens the popup ('popup') or the settings page ('options') in a new tab through the test
   * build's background and switches to it; resolves to the handle of the page it came from.
   */
  async openExtensionPage(page) {
    const pageHandle = await this.driver.getWindowHandle();
    const before = new Set(await this.driver.getAllWindowHandles());
    await this.driver.executeScript(`document.dispatchEvent(new CustomEvent('sincelast-test:open', { detail: '${page}' }))`);
    let handle = null;
    for (let i = 0; i < 50 && !handle; i++) {
      handle = (await this.driver.getAllWindowHandles()).find((h) => !before.has(h)) || null;
      if (!handle) await sleep(100);
    }
    assert.ok(handle, `the ${page} page opened`);
    await this.driver.switchTo().window(handle);
    // The new tab may still show about:blank or be loading its document (a fast machine gets
    // here first): wait until the extension page is loaded.
    await this.waitFor("return location.protocol === 'moz-extension:' && document.readyState === 'complete' && !!document.body", `the ${page} page loaded`);
    return { pageHandle, handle };
  }

  /** What the background answers the popup for the current tab (its changes, count and
   * summary: `popup-state`), asked from the popup page. */
  popupState() {
    return this.inExtensionPage('popup', async () => {
      const raw = await this.driver.executeAsyncScript(`
        const done = arguments[arguments.length - 1];
        const tabId = Number(new URLSearchParams(location.search).get('tabId'));
        browser.runtime.sendMessage({ type: 'popup-state', tabId })
          .then((r) => done(JSON.stringify(r)), (e) => done(JSON.stringify({ ok: false, error: String(e) })));`);
      const reply = JSON.parse(raw);
      assert.equal(reply.ok, true, raw);
      return reply.result;
    });
  }

  /** Closes the extension page opened by openExtensionPage and goes back to its page. */
  async closeExtensionPage({ pageHandle }) {
    await this.driver.close();
    await this.driver.switchTo().window(pageHandle);
  }
}
