import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser as PlaywrightBrowser, BrowserContext, Page as PlaywrightPage } from 'playwright-core';
import type { Browser as PuppeteerBrowser, BrowserContext as PuppeteerContext, ElementHandle, Page as PuppeteerPage } from 'puppeteer-core';
import { OUTCOME_MS } from '../models/watch.ts';
import { chromium } from 'playwright-core';
import { CHROMIUM_ARGS, THIRD_PARTY_COOKIES_BLOCKED } from '../../../devstack/chromium.ts';
import { PAGE_LOG_KEY } from '../../../devstack/app-server/page-log.ts';
import { CHROMIUM_PATH, launchChromium } from './chromium.ts';
import { launchFirefox } from './firefox.ts';
import { ELEMENT_KEY, WebDriverError, WebKitSession, type WebDriverElement } from './webkit.ts';

// A journey written once runs in each engine: Chromium through playwright-core
// (as every other browser test), Firefox ESR through puppeteer-core over
// WebDriver BiDi. A tab offers only what both do the same way: the address,
// controls found as a person finds them (by role and name, label, text),
// clicks and typing, cookies, sessionStorage, screenshots, the viewport, and
// the requests the tab made. Names match whole, as the accessibility tree
// computes them; text matches a part of an element's text.

export type Engine = 'chromium' | 'firefox' | 'webkit';
/** The engines whose requests the tests can see with their headers (WebKit's classic WebDriver shows none). */
export const ENGINES: readonly Engine[] = ['chromium', 'firefox'];
/** The engines whose driver can take a tab offline (navigator.onLine false); WebKit's classic WebDriver cannot. */
export const OFFLINE_ENGINES: readonly Engine[] = ['chromium', 'firefox'];

/** The roles the journeys look for. */
export type Role = 'button' | 'link' | 'heading' | 'textbox' | 'checkbox' | 'combobox' | 'dialog' | 'status' | 'alert' | 'navigation' | 'menu' | 'row';

export interface Viewport {
  width: number;
  height: number;
}

export interface SeenRequest {
  url: string;
  method: string;
  /** Request headers as sent, names in lower case, cookies included. */
  headers: Record<string, string>;
  /** Made for the tab's top document or one of its frames, not a script's fetch. */
  navigation: boolean;
}

export interface SeenMessage {
  /** `error`, `warn`, `log`, … as the console names it. */
  type: string;
  text: string;
}

export interface SeenCookie {
  name: string;
  value: string;
  domain: string;
}

/** A control or text on the page, found again at each action (as a person looks again). */
export interface Target {
  /** Waits until it is visible. */
  waitFor(timeout?: number): Promise<void>;
  click(timeout?: number): Promise<void>;
  /** Replaces what the field holds. */
  fill(value: string, timeout?: number): Promise<void>;
  /** Chooses the option with this text in the list (a `select`), as a person picks it. */
  choose(option: string, timeout?: number): Promise<void>;
  /** Presses Enter in the field, as a person sends the form it belongs to. */
  pressEnter(timeout?: number): Promise<void>;
  /** Its visible text, once it shows. */
  text(timeout?: number): Promise<string>;
  /** Whether it shows now. */
  visible(): Promise<boolean>;
}

export interface Tab {
  readonly engine: Engine;
  goto(url: string): Promise<void>;
  reload(): Promise<void>;
  url(): string;
  role(role: Role, name: string): Target;
  label(label: string): Target;
  text(text: string): Target;
  waitForUrl(test: (url: URL) => boolean, timeout?: number): Promise<void>;
  /** Runs in the page with `arg` (plain data); the function must not use anything outside itself. */
  evaluate<T, A = undefined>(fn: (arg: A) => T | Promise<T>, arg?: A): Promise<T>;
  sessionStorage(): Promise<Record<string, string>>;
  /** The cookies the browser keeps for this address (in this tab's own jar). */
  cookies(url: string): Promise<SeenCookie[]>;
  /** Sets a cookie for an origin as its server would (`SameSite=None; Secure`, as a provider's session cookie). */
  setCookie(url: string, name: string, value: string): Promise<void>;
  setViewport(viewport: Viewport): Promise<void>;
  /** Runs script text in the page, as the engine's driver does, the page's CSP not asked (a library's source, such as axe-core's). */
  addScript(source: string): Promise<void>;
  /** Takes the tab off the network and back, as the browser's own offline mode (in the engines of OFFLINE_ENGINES). */
  setOffline(offline: boolean): Promise<void>;
  screenshot(path: string, options?: { fullPage?: boolean }): Promise<void>;
  /** Every request of the tab from its start on. */
  readonly requests: readonly SeenRequest[];
  /** The console messages of the tab's pages from its start on; undefined where the engine's driver shows none (WebKit's classic WebDriver). */
  readonly console: readonly SeenMessage[] | undefined;
  /** `open` makes the page open a popup (a click); `work` is done in it, then this waits until the popup has closed itself. */
  withPopup(open: () => Promise<void>, work: (popup: Tab) => Promise<void>, timeout?: number): Promise<void>;
  /**
   * Another tab of the same browser context, blank, as a person opens one
   * and types the address: it shares cookies, localStorage, BroadcastChannel
   * and Web Locks with this one, and has a sessionStorage of its own (empty:
   * the page did not open it). In Firefox and WebKit it is a window of its
   * own, so both pages stay visible and their timers run unthrottled, as two
   * windows side by side. Closing it closes only that tab.
   */
  openTab(): Promise<Tab>;
  /** Closes the tab; the first tab of a context closes it with its cookies, storage and every other tab. */
  close(): Promise<void>;
}

export interface EngineBrowser {
  readonly engine: Engine;
  /** A tab in a fresh browser context of its own: no cookies, no storage. */
  newTab(options?: { viewport?: Viewport }): Promise<Tab>;
  close(): Promise<void>;
}

export interface LaunchOptions {
  /** The person's languages, the browser's Accept-Language: `nl-NL,nl` (default) or `en-US,en`. */
  languages?: string;
  /** `blocked` (default) as the browsers staff use; `allowed` only to show that a test of it can fail. */
  thirdPartyCookies?: 'blocked' | 'allowed';
}

const DESKTOP: Viewport = { width: 1280, height: 720 };

export async function launchEngine(engine: Engine, options: LaunchOptions = {}): Promise<EngineBrowser> {
  const languages = options.languages ?? 'nl-NL,nl';
  const thirdPartyCookies = options.thirdPartyCookies ?? 'blocked';
  if (engine === 'chromium') {
    if (thirdPartyCookies === 'allowed') return ChromiumProfileBrowser.launch(languages.split(',')[0]!);
    return new ChromiumBrowser(await launchChromium(), languages.split(',')[0]!);
  }
  if (engine === 'webkit') {
    // WebKit blocks third-party cookies itself (ITP), as Safari does; it has no setting to allow them.
    if (thirdPartyCookies === 'allowed') throw new Error('WebKit has no setting that allows third-party cookies');
    return new WebKitBrowser(languages);
  }
  const firefox = await launchFirefox({ languages, thirdPartyCookies });
  return new FirefoxBrowser(firefox.browser, firefox.close);
}

// Chromium, through playwright-core.

class ChromiumBrowser implements EngineBrowser {
  readonly engine = 'chromium';
  constructor(
    private readonly browser: PlaywrightBrowser,
    private readonly locale: string,
  ) {}

  async newTab({ viewport = DESKTOP }: { viewport?: Viewport } = {}): Promise<Tab> {
    const context = await this.browser.newContext({ serviceWorkers: 'block', locale: this.locale, timezoneId: 'Europe/Amsterdam', viewport });
    return new ChromiumTab(context, await context.newPage(), true);
  }

  close(): Promise<void> {
    return this.browser.close();
  }
}

/**
 * Chromium with third-party cookies allowed, as in Chrome's setting "Allow
 * third-party cookies": a profile of its own (a browser context made for a
 * test is off the record, and Chromium keeps third-party cookies from frames
 * there whatever the flags) with that setting in its Preferences, without the
 * phase-out flag. Its tabs share that one profile, so a browser is meant for
 * one test.
 */
class ChromiumProfileBrowser implements EngineBrowser {
  readonly engine = 'chromium';
  private constructor(
    private readonly context: BrowserContext,
    private readonly dir: string,
  ) {}

  static async launch(locale: string): Promise<ChromiumProfileBrowser> {
    const dir = mkdtempSync(join(tmpdir(), 'chromium-profile-'));
    mkdirSync(join(dir, 'Default'));
    // cookie_controls_mode 0: third-party cookies allowed (1 blocks them off the record, 2 everywhere).
    writeFileSync(join(dir, 'Default', 'Preferences'), JSON.stringify({ profile: { cookie_controls_mode: 0, block_third_party_cookies: false } }));
    const context = await chromium.launchPersistentContext(dir, {
      executablePath: CHROMIUM_PATH,
      args: CHROMIUM_ARGS.filter((arg) => arg !== THIRD_PARTY_COOKIES_BLOCKED),
      serviceWorkers: 'block',
      locale,
      timezoneId: 'Europe/Amsterdam',
      viewport: DESKTOP,
    });
    return new ChromiumProfileBrowser(context, dir);
  }

  async newTab({ viewport = DESKTOP }: { viewport?: Viewport } = {}): Promise<Tab> {
    const page = await this.context.newPage();
    await page.setViewportSize(viewport);
    return new ChromiumTab(this.context, page, false);
  }

  async close(): Promise<void> {
    await this.context.close();
    rmSync(this.dir, { recursive: true, force: true });
  }
}

/** A tab on a page a Chromium test opened itself (with its held requests and page clock), for checks written once for every engine. */
export function chromiumTab(page: PlaywrightPage): Tab {
  return new ChromiumTab(page.context(), page, false);
}

class ChromiumTab implements Tab {
  readonly engine = 'chromium';
  readonly requests: SeenRequest[] = [];
  readonly console: SeenMessage[] = [];

  constructor(
    private readonly context: BrowserContext,
    private readonly page: PlaywrightPage,
    private readonly ownsContext: boolean,
  ) {
    page.on('request', (request) => {
      const seen: SeenRequest = { url: request.url(), method: request.method(), headers: request.headers(), navigation: request.isNavigationRequest() };
      this.requests.push(seen);
      // The headers as sent (cookies included) arrive a moment later.
      void request.allHeaders().then(
        (headers) => (seen.headers = headers),
        () => undefined,
      );
    });
    page.on('console', (message) => this.console.push({ type: message.type(), text: message.text() }));
  }

  async goto(url: string): Promise<void> {
    await this.page.goto(url);
  }

  async reload(): Promise<void> {
    await this.page.reload();
  }

  url(): string {
    return this.page.url();
  }

  role(role: Role, name: string): Target {
    return chromiumTarget(this.page.getByRole(role, { name, exact: true }).first());
  }

  label(label: string): Target {
    return chromiumTarget(this.page.getByLabel(label, { exact: true }).first());
  }

  text(text: string): Target {
    return chromiumTarget(this.page.getByText(text).first());
  }

  async waitForUrl(test: (url: URL) => boolean, timeout = OUTCOME_MS): Promise<void> {
    await this.page.waitForURL(test, { timeout, waitUntil: 'commit' });
  }

  evaluate<T, A = undefined>(fn: (arg: A) => T | Promise<T>, arg?: A): Promise<T> {
    return this.page.evaluate(fn as (arg: unknown) => T | Promise<T>, arg);
  }

  sessionStorage(): Promise<Record<string, string>> {
    return this.page.evaluate(() => ({ ...sessionStorage }));
  }

  async cookies(url: string): Promise<SeenCookie[]> {
    return (await this.context.cookies(url)).map(({ name, value, domain }) => ({ name, value, domain }));
  }

  async setCookie(url: string, name: string, value: string): Promise<void> {
    // By domain and path: given the http address, Chromium refuses a Secure cookie that its own network stack accepts from 127.0.0.1.
    await this.context.addCookies([{ name, value, domain: new URL(url).hostname, path: '/', sameSite: 'None', secure: true }]);
  }

  async setViewport(viewport: Viewport): Promise<void> {
    await this.page.setViewportSize(viewport);
  }

  async addScript(source: string): Promise<void> {
    await this.page.evaluate(source);
  }

  async setOffline(offline: boolean): Promise<void> {
    await this.context.setOffline(offline);
  }

  async screenshot(path: string, { fullPage = false }: { fullPage?: boolean } = {}): Promise<void> {
    await this.page.screenshot({ path, fullPage });
  }

  async withPopup(open: () => Promise<void>, work: (popup: Tab) => Promise<void>, timeout = OUTCOME_MS): Promise<void> {
    const [page] = await Promise.all([this.page.waitForEvent('popup', { timeout }), open()]);
    await work(new ChromiumTab(this.context, page, false));
    if (!page.isClosed()) await page.waitForEvent('close', { timeout });
  }

  async openTab(): Promise<Tab> {
    return new ChromiumTab(this.context, await this.context.newPage(), false);
  }

  close(): Promise<void> {
    return this.ownsContext ? this.context.close() : this.page.close();
  }
}

function chromiumTarget(locator: ReturnType<PlaywrightPage['getByRole']>): Target {
  return {
    waitFor: (timeout = OUTCOME_MS) => locator.waitFor({ state: 'visible', timeout }),
    click: (timeout = OUTCOME_MS) => locator.click({ timeout }),
    fill: (value, timeout = OUTCOME_MS) => locator.fill(value, { timeout }),
    choose: async (option, timeout = OUTCOME_MS) => void (await locator.selectOption({ label: option }, { timeout })),
    pressEnter: (timeout = OUTCOME_MS) => locator.press('Enter', { timeout }),
    text: async (timeout = OUTCOME_MS) => {
      await locator.waitFor({ state: 'visible', timeout });
      return locator.innerText();
    },
    visible: () => locator.isVisible(),
  };
}

// Firefox ESR, through puppeteer-core over WebDriver BiDi.

/** The tab's browsing context in puppeteer's BiDi layer, where the log entries arrive (WebDriver BiDi `log.entryAdded`). */
interface FirefoxLog {
  on(event: 'log', listener: (event: { entry: { level: string; text: string | null } }) => void): void;
}

class FirefoxBrowser implements EngineBrowser {
  readonly engine = 'firefox';
  constructor(
    private readonly browser: PuppeteerBrowser,
    private readonly shutdown: () => Promise<void>,
  ) {}

  async newTab({ viewport = DESKTOP }: { viewport?: Viewport } = {}): Promise<Tab> {
    const context = await this.browser.createBrowserContext();
    const page = await context.newPage();
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
      await new Promise((resolve) => setTimeout(resolve, 100));
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
      await new Promise((resolve) => setTimeout(resolve, 100));
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

// WebKitGTK (Safari's engine), through WebKitWebDriver over classic WebDriver.
// Classic WebDriver has no accessibility queries and no view of the network:
// controls are found by a script in the page (the roles the journeys use, a
// name as the accessibility tree computes it for them), and the tab's
// requests are what the page's Resource Timing lists (addresses only: the
// engine says nothing of methods or headers there).

class WebKitBrowser implements EngineBrowser {
  readonly engine = 'webkit';
  private readonly tabs = new Set<WebKitTab>();
  constructor(private readonly languages: string) {}

  async newTab({ viewport = DESKTOP }: { viewport?: Viewport } = {}): Promise<Tab> {
    const session = await WebKitSession.start({ languages: this.languages });
    const tab = new WebKitTab(session, await session.firstWindow(), { owner: () => this.tabs.delete(tab) });
    this.tabs.add(tab);
    await tab.setViewport(viewport);
    return tab;
  }

  async close(): Promise<void> {
    await Promise.all([...this.tabs].map((tab) => tab.close()));
  }
}

/** The CSS of each role the journeys look for, as HTML maps elements to roles. */
const ROLE_SELECTORS: Record<Role, string> = {
  button: 'button, [role=button], input[type=submit], input[type=button], input[type=reset]',
  link: 'a[href], [role=link]',
  heading: 'h1, h2, h3, h4, h5, h6, [role=heading]',
  textbox: 'input:not([type]), input[type=text], input[type=email], input[type=tel], input[type=url], input[type=search], textarea, [role=textbox]',
  checkbox: 'input[type=checkbox], [role=checkbox]',
  combobox: 'select, [role=combobox]',
  dialog: 'dialog, [role=dialog], [role=alertdialog]',
  status: '[role=status], output',
  alert: '[role=alert]',
  navigation: 'nav, [role=navigation]',
  menu: '[role=menu]',
  row: 'tr, [role=row]',
};

/**
 * The first visible element that matches, or null: `role` (CSS of the role,
 * and the whole accessible name), `label` (a form field by its label's whole
 * text) or `text` (the innermost element holding the text). Sent to the page
 * as source text, so it refers to nothing outside itself.
 */
const FIND_IN_PAGE = `
  const [kind, selector, wanted] = arguments;
  const norm = (s) => (s || '').replace(/\\s+/g, ' ').trim();
  const visible = (el) => {
    const box = el.getBoundingClientRect();
    const style = getComputedStyle(el);
    return box.width > 0 && box.height > 0 && style.visibility !== 'hidden' && style.display !== 'none';
  };
  const labelOf = (el) => {
    const by = el.getAttribute('aria-labelledby');
    if (by) return norm(by.split(/\\s+/).map((id) => document.getElementById(id)?.textContent ?? '').join(' '));
    const aria = el.getAttribute('aria-label');
    if (aria) return norm(aria);
    if (el.labels && el.labels.length > 0) return norm([...el.labels].map((label) => label.textContent).join(' '));
    return '';
  };
  const nameOf = (el) =>
    labelOf(el) ||
    (el instanceof HTMLInputElement && ['submit', 'button', 'reset'].includes(el.type) ? norm(el.value) : '') ||
    norm(el.innerText ?? el.textContent) ||
    norm(el.getAttribute('title'));
  if (kind === 'role') return [...document.querySelectorAll(selector)].find((el) => visible(el) && nameOf(el) === wanted) ?? null;
  if (kind === 'label') return [...document.querySelectorAll('input, select, textarea')].find((el) => visible(el) && labelOf(el) === wanted) ?? null;
  const holding = [...document.body.querySelectorAll('*')].filter((el) => !['SCRIPT', 'STYLE'].includes(el.tagName) && norm(el.textContent).includes(wanted));
  return holding.find((el) => visible(el) && ![...el.children].some((child) => holding.includes(child))) ?? null;
`;

/** The page's address, per document the resources it has fetched so far (Resource Timing), and the page's own log of its errors (the test stack's page-log.ts). */
const WATCH_IN_PAGE = `
  const [origin, seen] = arguments;
  const fresh = performance.timeOrigin !== origin;
  const entries = performance.getEntriesByType('resource').slice(fresh ? 0 : seen).map((entry) => entry.name);
  let log = [];
  try {
    log = JSON.parse(sessionStorage.getItem(${JSON.stringify(PAGE_LOG_KEY)}) ?? '[]');
  } catch {}
  return { href: location.href, origin: performance.timeOrigin, fresh, count: performance.getEntriesByType('resource').length, entries, log };
`;

/**
 * A window of a WebKit session: the session's first (which owns it: closing
 * it ends the browser), a second tab of the same browser, or a popup. Each
 * command goes to the tab's own window (`sendTo`).
 */
class WebKitTab implements Tab {
  readonly engine = 'webkit';
  readonly requests: SeenRequest[] = [];
  /** What the page logged itself (its driver shows no console): the test stack's page-log.ts keeps it in the page's sessionStorage. */
  readonly console: SeenMessage[] = [];
  /** The ids of the page's log entries taken into `console`. */
  private readonly logged = new Set<string>();
  private address = 'about:blank';
  private documentOrigin = 0;
  private seenResources = 0;
  /** The looks at the page, one after the other: two started from the same count would list the same requests twice. */
  private looks: Promise<void> = Promise.resolve();
  private looking = 0;
  private readonly watch: ReturnType<typeof setInterval>;
  /** The other tabs of the browser, closed with it. */
  private readonly others = new Set<WebKitTab>();

  constructor(
    private readonly session: WebKitSession,
    private readonly window: string,
    /** `owner`: called when the first tab closes the session; `opener`: the tab that opened this one. */
    private readonly relation: { owner: () => void } | { opener: WebKitTab },
  ) {
    // The address and the requests are read from the page while it lives; a navigation in progress answers nothing for a moment.
    this.watch = setInterval(() => {
      // Under load a look can take longer than the interval: the next waits rather than piling up.
      if (this.looking === 0) void this.look().catch(() => undefined);
    }, 250);
  }

  private send<T>(method: 'GET' | 'POST' | 'DELETE', path: string, body?: unknown): Promise<T> {
    return this.session.sendTo<T>(this.window, method, path, body);
  }

  private look(): Promise<void> {
    this.looking += 1;
    const look = this.looks.then(() => this.readPage()).finally(() => (this.looking -= 1));
    this.looks = look.catch(() => undefined);
    return look;
  }

  private async readPage(): Promise<void> {
    const seen = await this.send<{ href: string; origin: number; fresh: boolean; count: number; entries: string[]; log: Array<SeenMessage & { id: string }> }>('POST', '/execute/sync', {
      script: WATCH_IN_PAGE,
      args: [this.documentOrigin, this.seenResources],
    });
    if (seen.fresh) this.requests.push({ url: seen.href, method: 'GET', headers: {}, navigation: true });
    for (const url of seen.entries) this.requests.push({ url, method: '', headers: {}, navigation: false });
    for (const { id, type, text } of seen.log) {
      if (!this.logged.has(id)) this.console.push({ type, text });
      this.logged.add(id);
    }
    this.address = seen.href;
    this.documentOrigin = seen.origin;
    this.seenResources = seen.count;
  }

  async goto(url: string): Promise<void> {
    await this.send('POST', '/url', { url });
    await this.look();
  }

  async reload(): Promise<void> {
    await this.send('POST', '/refresh', {});
    await this.look();
  }

  url(): string {
    return this.address;
  }

  role(role: Role, name: string): Target {
    return this.target('role', ROLE_SELECTORS[role], name, `${role} "${name}"`);
  }

  label(label: string): Target {
    return this.target('label', '', label, `a field labelled "${label}"`);
  }

  text(text: string): Target {
    return this.target('text', '', text, `the text "${text}"`);
  }

  /** Looks again until the page shows it, as a person does. */
  private async find(kind: string, selector: string, wanted: string, what: string, timeout: number): Promise<WebDriverElement> {
    const end = Date.now() + timeout;
    for (;;) {
      const found = await this.send<WebDriverElement | null>('POST', '/execute/sync', { script: FIND_IN_PAGE, args: [kind, selector, wanted] }).catch(() => null);
      if (found) return found;
      if (Date.now() > end) throw new Error(`the page (${this.address}) does not show ${what} within ${timeout} ms`);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }

  private target(kind: string, selector: string, wanted: string, what: string): Target {
    const element = (timeout: number) => this.find(kind, selector, wanted, what, timeout);
    const path = (found: WebDriverElement, action: string) => `/element/${found[ELEMENT_KEY]}${action}`;
    return {
      waitFor: async (timeout = OUTCOME_MS) => void (await element(timeout)),
      click: async (timeout = OUTCOME_MS) => {
        const end = Date.now() + timeout;
        // Found again at each try: a control covered for a moment (a banner sliding in) or rendered anew is clicked once it can be.
        for (;;) {
          try {
            await this.send('POST', path(await element(Math.max(0, end - Date.now())), '/click'), {});
            break;
          } catch (error) {
            if (!(error instanceof WebDriverError) || Date.now() > end) throw error;
            await new Promise((resolve) => setTimeout(resolve, 100));
          }
        }
        await this.look().catch(() => undefined);
      },
      fill: async (value, timeout = OUTCOME_MS) => {
        const found = await element(timeout);
        await this.send('POST', path(found, '/clear'), {});
        await this.send('POST', path(found, '/value'), { text: value });
      },
      choose: async (option, timeout = OUTCOME_MS) => {
        // A click on the option, as WebDriver chooses one (W3C WebDriver §14.1, Element Click on an option).
        const list = await element(timeout);
        const choice = await this.send<WebDriverElement | null>('POST', '/execute/sync', {
          script: 'return [...arguments[0].options].find((option) => option.text.trim() === arguments[1]) ?? null;',
          args: [list, option],
        });
        if (!choice) throw new Error(`${what} has no option "${option}"`);
        await this.send('POST', path(choice, '/click'), {});
      },
      // WebDriver's key for Enter (W3C WebDriver §17.4.2).
      pressEnter: async (timeout = OUTCOME_MS) => void (await this.send('POST', path(await element(timeout), '/value'), { text: '\uE007' })),
      text: async (timeout = OUTCOME_MS) => this.send<string>('GET', path(await element(timeout), '/text')),
      visible: async () => (await this.send<WebDriverElement | null>('POST', '/execute/sync', { script: FIND_IN_PAGE, args: [kind, selector, wanted] }).catch(() => null)) !== null,
    };
  }

  async waitForUrl(test: (url: URL) => boolean, timeout = OUTCOME_MS): Promise<void> {
    const end = Date.now() + timeout;
    for (;;) {
      await this.look().catch(() => undefined);
      if (this.address !== 'about:blank' && test(new URL(this.address))) return;
      if (Date.now() > end) throw new Error(`the address stayed ${this.address} for ${timeout} ms`);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }

  async evaluate<T, A = undefined>(fn: (arg: A) => T | Promise<T>, arg?: A): Promise<T> {
    const script = `const done = arguments[arguments.length - 1];
      Promise.resolve((${fn.toString()})(arguments[0])).then((value) => done({ value }), (error) => done({ error: String(error) }));`;
    const answer = await this.send<{ value?: T; error?: string }>('POST', '/execute/async', { script, args: [arg ?? null] });
    if (answer.error !== undefined) throw new Error(`in the page: ${answer.error}`);
    return answer.value as T;
  }

  sessionStorage(): Promise<Record<string, string>> {
    return this.send('POST', '/execute/sync', { script: 'return { ...sessionStorage };', args: [] });
  }

  async cookies(url: string): Promise<SeenCookie[]> {
    // Classic WebDriver lists the cookies of the page's own document.
    const host = new URL(url).hostname;
    const all = await this.send<{ name: string; value: string; domain?: string }[]>('GET', '/cookie');
    return all.filter((cookie) => (cookie.domain ?? host).replace(/^\./, '') === host).map(({ name, value }) => ({ name, value, domain: host }));
  }

  async setCookie(url: string, name: string, value: string): Promise<void> {
    await this.send('POST', '/cookie', { cookie: { name, value, domain: new URL(url).hostname, path: '/', secure: true, sameSite: 'None' } });
  }

  async setViewport(viewport: Viewport): Promise<void> {
    // WebDriver sizes the window; the page's own size is what a person gets, so the window is made as much larger as its toolbar takes.
    // The page learns its new size a moment after the window has it: measured once it holds still, corrected until it is right.
    let rect = { ...viewport };
    const end = Date.now() + OUTCOME_MS;
    for (;;) {
      await this.send('POST', '/window/rect', rect);
      const inner = await this.settledSize();
      if (inner.width === viewport.width && inner.height === viewport.height) return;
      if (Date.now() > end) throw new Error(`the page stays ${inner.width}×${inner.height} px in a window of ${rect.width}×${rect.height}, not ${viewport.width}×${viewport.height}`);
      rect = { width: rect.width + viewport.width - inner.width, height: rect.height + viewport.height - inner.height };
    }
  }

  /** The page's size once two looks 100 ms apart agree. */
  private async settledSize(): Promise<Viewport> {
    let last: Viewport | undefined;
    for (;;) {
      const now = await this.send<Viewport>('POST', '/execute/sync', { script: 'return { width: innerWidth, height: innerHeight };', args: [] });
      if (last && last.width === now.width && last.height === now.height) return now;
      last = now;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }

  async addScript(source: string): Promise<void> {
    await this.send('POST', '/execute/sync', { script: source, args: [] });
  }

  setOffline(): Promise<void> {
    return Promise.reject(new Error('WebKit’s classic WebDriver cannot take a tab offline: drop the stack’s connections instead (stack.connections)'));
  }

  async screenshot(path: string, { fullPage = false }: { fullPage?: boolean } = {}): Promise<void> {
    const { writeFile } = await import('node:fs/promises');
    let png: string;
    const size = await this.send<{ width: number; height: number; page: number }>('POST', '/execute/sync', {
      script: 'return { width: innerWidth, height: innerHeight, page: document.scrollingElement.scrollHeight };',
      args: [],
    });
    if (fullPage && size.page > size.height) {
      // WebDriver's screenshots end at the window's edge (an element's too): the window is made as tall as the page for it, then put back.
      await this.setViewport({ width: size.width, height: size.page });
      try {
        png = await this.send<string>('GET', '/screenshot');
      } finally {
        await this.setViewport({ width: size.width, height: size.height });
      }
    } else {
      png = await this.send<string>('GET', '/screenshot');
    }
    await writeFile(path, Buffer.from(png, 'base64'));
  }

  async withPopup(open: () => Promise<void>, work: (popup: Tab) => Promise<void>, timeout = OUTCOME_MS): Promise<void> {
    const before = new Set(await this.session.windows());
    await open();
    const end = Date.now() + timeout;
    const opened = async () => (await this.session.windows()).filter((handle) => !before.has(handle));
    let popup: string | undefined;
    while (!(popup = (await opened())[0])) {
      if (Date.now() > end) throw new Error(`no popup opened within ${timeout} ms`);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    const inPopup = new WebKitTab(this.session, popup, { opener: this });
    try {
      await work(inPopup);
      while ((await this.session.windows()).includes(popup)) {
        if (Date.now() > end) throw new Error(`the popup stayed open for ${timeout} ms`);
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
    } finally {
      clearInterval(inPopup.watch);
    }
  }

  async openTab(): Promise<Tab> {
    const owner = 'owner' in this.relation ? this : this.relation.opener;
    const tab = new WebKitTab(this.session, await this.session.newWindow(this.window), { opener: owner });
    owner.others.add(tab);
    const { width, height } = await this.send<{ width: number; height: number }>('POST', '/execute/sync', { script: 'return { width: innerWidth, height: innerHeight };', args: [] });
    await tab.setViewport({ width, height });
    return tab;
  }

  async close(): Promise<void> {
    clearInterval(this.watch);
    if ('owner' in this.relation) {
      for (const other of this.others) clearInterval(other.watch);
      this.relation.owner();
      await this.session.close();
      return;
    }
    this.relation.opener.others.delete(this);
    await this.send('DELETE', '/window').catch(() => undefined);
  }
}
