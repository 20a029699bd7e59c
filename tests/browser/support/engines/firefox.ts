import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import puppeteer, { type Browser, type BrowserContext as PuppeteerContext, type ElementHandle, type Page as PuppeteerPage } from 'puppeteer-core';
import { OUTCOME_MS } from '../../models/watch.ts';
import { reloadAcceptingDialog, type EngineLaunch, type Role, type SeenCookie, type SeenMessage, type SeenRequest, type Tab, type Target, type Viewport } from './tab.ts';
import { LOOK_EVERY_MS, pause } from '../../../support/limits.ts';

// Debian's Firefox ESR, driven over WebDriver BiDi by puppeteer-core (which
// never downloads a browser). Every launch gets a fresh profile.

const FIREFOX_PATH = process.env.FIREFOX_PATH ?? '/usr/bin/firefox-esr';

/**
 * Prefs on top of puppeteer's own (which already stop updates, telemetry,
 * safe browsing and the other calls home): the person's languages, and
 * Firefox's own cookie rules put back. Puppeteer's defaults ask for
 * `cookieBehavior0` (every cookie in every frame); a person's Firefox runs
 * with Total Cookie Protection (`cookieBehavior` 5), under which a frame on
 * the app's page gets its own, empty jar for the provider's site.
 */
function firefoxPrefs({ languages, thirdPartyCookies }: { languages: string; thirdPartyCookies: 'blocked' | 'allowed' }): Record<string, unknown> {
  return {
    'intl.accept_languages': languages,
    'intl.locale.requested': languages.split(',')[0],
    'network.cookie.cookieBehavior': thirdPartyCookies === 'blocked' ? 5 : 0,
    'browser.contentblocking.features.standard': thirdPartyCookies === 'blocked' ? '-tp,tpPrivate,cookieBehavior5,cookieBehaviorPBM5,-cryptoTP,-fp' : '-tp,tpPrivate,cookieBehavior0,-cryptoTP,-fp',
    // Nothing to reach on a closed network: no captive-portal or connectivity probes, no remote settings.
    'network.captive-portal-service.enabled': false,
    'network.connectivity-service.enabled': false,
    'browser.region.network.url': '',
    'browser.region.update.enabled': false,
    'messaging-system.rsexperimentloader.enabled': false,
    'toolkit.telemetry.enabled': false,
  };
}

interface FirefoxLaunch {
  browser: Browser;
  /** Closes the browser and removes its profile. */
  close(): Promise<void>;
}

/** Headless Firefox ESR with a fresh profile. */
async function launchFirefox(options: { languages: string; thirdPartyCookies?: 'blocked' | 'allowed' }): Promise<FirefoxLaunch> {
  const profile = await mkdtemp(join(tmpdir(), 'firefox-profile-'));
  const browser = await puppeteer.launch({
    browser: 'firefox',
    executablePath: FIREFOX_PATH,
    headless: true,
    userDataDir: profile,
    extraPrefsFirefox: firefoxPrefs({ languages: options.languages, thirdPartyCookies: options.thirdPartyCookies ?? 'blocked' }),
    env: { ...process.env, MOZ_HEADLESS: '1' },
  });
  return {
    browser,
    async close() {
      await browser.close().catch(() => undefined);
      await rm(profile, { recursive: true, force: true });
    },
  };
}

export async function launchFirefoxEngine(options: { languages: string; thirdPartyCookies: 'blocked' | 'allowed' }): Promise<EngineLaunch> {
  const firefox = await launchFirefox(options);
  return new FirefoxBrowser(firefox.browser, firefox.close);
}

/** The tab's browsing context in puppeteer's BiDi layer, where the log entries arrive (WebDriver BiDi `log.entryAdded`). */
interface FirefoxLog {
  on(event: 'log', listener: (event: { entry: { level: string; text: string | null } }) => void): void;
}

class FirefoxBrowser implements EngineLaunch {
  readonly engine = 'firefox';
  constructor(
    private readonly browser: Browser,
    private readonly shutdown: () => Promise<void>,
  ) {}

  async newTab({ viewport }: { viewport: Viewport }): Promise<Tab> {
    const context = await this.browser.createBrowserContext();
    // A window of its own: as a tab it would go behind the window it opens in, hiding the page there (no animation frames, throttled timers).
    const page = await context.newPage({ type: 'window' });
    await page.setViewport(viewport);
    return new FirefoxTab(context, page, true);
  }

  close(): Promise<void> {
    return this.shutdown();
  }
}

/** A selector of puppeteer's: `::-p-aria(...)` asks the browser's accessibility tree, `::-p-text(...)` the page's text. */
function quoted(value: string): string {
  return JSON.stringify(value);
}

class FirefoxTab implements Tab {
  readonly engine = 'firefox';
  readonly requests: SeenRequest[] = [];
  readonly console: SeenMessage[] = [];

  constructor(
    private readonly context: PuppeteerContext,
    private readonly page: PuppeteerPage,
    private readonly ownsContext: boolean,
  ) {
    // BiDi's own log entries: puppeteer's console event writes an Error argument as `JSHandle@error`, the entry's text has its message.
    (page.mainFrame() as unknown as { browsingContext: FirefoxLog }).browsingContext.on('log', ({ entry }) => {
      this.console.push({ type: entry.level, text: entry.text ?? '' });
    });
    page.on('request', (request) => {
      this.requests.push({ url: request.url(), method: request.method(), headers: request.headers(), navigation: request.isNavigationRequest() });
    });
  }

  async goto(url: string): Promise<void> {
    await this.page.goto(url, { waitUntil: 'load' });
  }

  async reload(): Promise<void> {
    await this.page.reload({ waitUntil: 'load' });
  }

  reloadAccepting(): Promise<string | undefined> {
    // The session leaves prompts to the client (puppeteer's `unhandledPromptBehavior` ignore): BiDi's userPromptOpened, as puppeteer's dialog.
    return reloadAcceptingDialog(this.page, () => this.page.reload({ waitUntil: 'load' }));
  }

  url(): string {
    return this.page.url();
  }

  role(role: Role, name: string): Target {
    return this.target(`::-p-aria([name=${quoted(name)}][role=${quoted(role)}])`);
  }

  label(label: string): Target {
    // A field's accessible name is its label.
    return this.target(`::-p-aria(${quoted(label)})`);
  }

  text(text: string): Target {
    return this.target(`::-p-text(${quoted(text)})`);
  }

  private target(selector: string): Target {
    const page = this.page;
    /** Does `work` with the form field found: Firefox's accessibility tree answers a name with the <label> itself, whose field is meant. */
    const withField = async (timeout: number, work: (field: ElementHandle<Element>) => Promise<void>) => {
      const found = await page.waitForSelector(selector, { visible: true, timeout });
      if (!found) throw new Error(`nothing matches ${selector}`);
      const field = (await found.evaluateHandle((element) => (element instanceof HTMLLabelElement ? (element.control ?? element) : element))) as ElementHandle<Element>;
      await found.dispose();
      try {
        await work(field);
      } finally {
        await field.dispose();
      }
    };
    return {
      async waitFor(timeout = OUTCOME_MS) {
        await page.waitForSelector(selector, { visible: true, timeout });
      },
      async click(timeout = OUTCOME_MS) {
        await page.locator(selector).setTimeout(timeout).click();
      },
      async doubleClick(timeout = OUTCOME_MS) {
        // One BiDi input action of two presses: the page sees click, click, dblclick.
        await page.locator(selector).setTimeout(timeout).click({ count: 2 });
      },
      async fill(value, timeout = OUTCOME_MS) {
        // As a person types: select what is there, delete it, type. (Puppeteer's
        // Locator.fill never finds a field located through the accessibility tree.)
        await withField(timeout, async (field) => {
          await field.click();
          await field.evaluate((element) => (element as HTMLInputElement).select());
          await page.keyboard.press('Backspace');
          await field.type(value);
        });
      },
      async choose(option, timeout = OUTCOME_MS) {
        const found = await page.waitForSelector(selector, { visible: true, timeout });
        if (!found) throw new Error(`nothing matches ${selector}`);
        const handle = (await found.evaluateHandle((element) => (element instanceof HTMLLabelElement ? (element.control ?? element) : element))) as typeof found;
        await found.dispose();
        try {
          // Puppeteer chooses by value: the value of the option with that text.
          const value = await handle.evaluate((element, text) => [...(element as HTMLSelectElement).options].find((candidate) => candidate.text.trim() === text)?.value, option);
          if (value === undefined) throw new Error(`${selector} has no option "${option}"`);
          await handle.select(value);
        } finally {
          await handle.dispose();
        }
      },
      async pressEnter(timeout = OUTCOME_MS) {
        await withField(timeout, (field) => field.press('Enter'));
      },
      async text(timeout = OUTCOME_MS) {
        const handle = await page.waitForSelector(selector, { visible: true, timeout });
        if (!handle) throw new Error(`nothing matches ${selector}`);
        try {
          return await handle.evaluate((element) => (element as HTMLElement).innerText);
        } finally {
          await handle.dispose();
        }
      },
      async visible() {
        const handle = await page.$(selector);
        if (!handle) return false;
        try {
          return await handle.isVisible();
        } finally {
          await handle.dispose();
        }
      },
    };
  }

  async waitForUrl(test: (url: URL) => boolean, timeout = OUTCOME_MS): Promise<void> {
    // The address as BiDi reports it, navigations and history changes alike.
    const end = Date.now() + timeout;
    while (!test(new URL(this.page.url()))) {
      if (Date.now() > end) throw new Error(`the address stayed ${this.page.url()} for ${timeout} ms`);
      await pause(LOOK_EVERY_MS);
    }
  }

  evaluate<T, A = undefined>(fn: (arg: A) => T | Promise<T>, arg?: A): Promise<T> {
    return this.page.evaluate(fn as (arg: unknown) => T | Promise<T>, arg) as Promise<T>;
  }

  sessionStorage(): Promise<Record<string, string>> {
    return this.page.evaluate(() => ({ ...sessionStorage }));
  }

  async cookies(url: string): Promise<SeenCookie[]> {
    const host = new URL(url).hostname;
    return (await this.context.cookies())
      .filter((cookie) => cookie.domain.replace(/^\./, '') === host && !cookie.partitionKey)
      .map(({ name, value, domain }) => ({ name, value, domain }));
  }

  async setCookie(url: string, name: string, value: string): Promise<void> {
    await this.context.setCookie({ name, value, domain: new URL(url).hostname, path: '/', sameSite: 'None', secure: true });
  }

  async setViewport(viewport: Viewport): Promise<void> {
    await this.page.setViewport(viewport);
  }

  async addScript(source: string): Promise<void> {
    await this.page.evaluate(source);
  }

  async setOffline(offline: boolean): Promise<void> {
    // BiDi's emulation.setNetworkConditions: the tab's requests fail and navigator.onLine turns false.
    await this.page.setOfflineMode(offline);
  }

  async screenshot(path: string, { fullPage = false }: { fullPage?: boolean } = {}): Promise<void> {
    await this.page.screenshot({ path: path as `${string}.png`, fullPage });
  }

  async withPopup(open: () => Promise<void>, work: (popup: Tab) => Promise<void>, timeout = OUTCOME_MS): Promise<void> {
    // The page's own `popup` event: over BiDi a target cannot name its opener.
    const opened = new Promise<PuppeteerPage | null>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`no popup opened within ${timeout} ms`)), timeout);
      this.page.once('popup', (popup) => {
        clearTimeout(timer);
        resolve(popup);
      });
    });
    await open();
    const page = await opened;
    if (!page) throw new Error('the popup has no page');
    await work(new FirefoxTab(this.context, page, false));
    const end = Date.now() + timeout;
    while (!page.isClosed()) {
      if (Date.now() > end) throw new Error(`the popup stayed open for ${timeout} ms`);
      await pause(LOOK_EVERY_MS);
    }
  }

  async openTab(): Promise<Tab> {
    // A window, as in WebKit: a tab behind another would be hidden, its timers throttled, its dialogs unseen.
    const page = await this.context.newPage({ type: 'window' });
    const viewport = this.page.viewport();
    if (viewport) await page.setViewport(viewport);
    return new FirefoxTab(this.context, page, false);
  }

  close(): Promise<void> {
    return this.ownsContext ? this.context.close() : this.page.close();
  }
}
