import { cp, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import puppeteer, {
  type Browser,
  type BrowserContext as PuppeteerContext,
  type ElementHandle,
  type Page as PuppeteerPage,
} from 'puppeteer-core';
import { inject } from 'vitest';
import { OUTCOME_MS } from '../../models/watch.ts';
import {
  reloadAcceptingDialog,
  type BrowserPrefs,
  type EngineLaunch,
  type Role,
  type SeenCookie,
  type SeenMessage,
  type SeenRequest,
  type Tab,
  type Target,
  type Viewport,
} from './tab.ts';
import { FIND_IN_PAGE, type Wanted } from './findInPage.ts';
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
function firefoxPrefs({ languages, thirdPartyCookies }: BrowserPrefs): Record<string, unknown> {
  return {
    'intl.accept_languages': languages,
    'intl.locale.requested': languages.split(',')[0],
    'network.cookie.cookieBehavior': thirdPartyCookies === 'blocked' ? 5 : 0,
    'browser.contentblocking.features.standard':
      thirdPartyCookies === 'blocked'
        ? '-tp,tpPrivate,cookieBehavior5,cookieBehaviorPBM5,-cryptoTP,-fp'
        : '-tp,tpPrivate,cookieBehavior0,-cryptoTP,-fp',
    // Nothing to reach on a closed network: no captive-portal or connectivity probes, no remote settings.
    'network.captive-portal-service.enabled': false,
    'network.connectivity-service.enabled': false,
    'browser.region.network.url': '',
    'browser.region.update.enabled': false,
    'messaging-system.rsexperimentloader.enabled': false,
    'toolkit.telemetry.enabled': false,
    // No accessibility tree: the driver finds controls with a script in the page (findInPage.ts), and axe reads the DOM. Once built, the tree makes every change of the page dearer for the browser's life.
    'accessibility.force_disabled': 1,
  };
}

export interface FirefoxLaunch {
  browser: Browser;
  /** Closes the browser and removes its profile. */
  close(): Promise<void>;
}

/**
 * The run's Firefox (firefoxProfile.ts), started once with the default
 * prefs: a file whose browser has those connects to it, where a launch would
 * take about 4.6 s and 5.3 CPU seconds. Each of its tabs is a user context
 * of its own (cookies, storage, service workers, cache), as in a browser of
 * its own; only one file at a time uses it (WebDriver BiDi takes one session).
 */
export interface SharedFirefox extends BrowserPrefs {
  /** Its WebDriver BiDi address. */
  endpoint: string;
}

declare module 'vitest' {
  export interface ProvidedContext {
    /** A profile Firefox has started and ended in once, with nothing of any site in it (firefoxProfile.ts). */
    firefoxProfile?: string;
    /** The run's Firefox, where the engines' set-up started one. */
    firefoxShared?: SharedFirefox;
  }
}

/** Whether this file holds the run's Firefox's one session now. */
let sharedHeld = false;

/**
 * Headless Firefox ESR with a fresh profile: a copy of the run's template
 * where the engines' set-up made one (firefoxProfile.ts), an empty folder
 * otherwise.
 */
async function launchFirefox(prefs: BrowserPrefs): Promise<FirefoxLaunch> {
  const shared = inject('firefoxShared');
  const fits = shared?.languages === prefs.languages && shared.thirdPartyCookies === prefs.thirdPartyCookies;
  // A describe block inside another that holds it (a file's browser and a block's own) starts its own.
  if (shared && fits && !sharedHeld) {
    const connected = await connectFirefox(shared.endpoint).catch((error: unknown) => {
      // Its session still taken (a file before that never let go) or the browser gone: this file starts its own.
      console.warn(
        `[firefox] the run's Firefox took no session (${error instanceof Error ? error.message : String(error)}): launching one`,
      );
      return undefined;
    });
    if (connected) return connected;
  }
  const profile = await mkdtemp(join(tmpdir(), 'firefox-profile-'));
  const template = inject('firefoxProfile');
  if (template) await cp(template, profile, { recursive: true });
  return startFirefox(profile, prefs);
}

/**
 * Firefox in this profile folder. A first start in an empty folder makes the
 * profile's databases, certificate stores and start-up cache; in a copy of a
 * profile that has started once it does not (alone: 6.3 s and 7.8 CPU
 * seconds a launch from an empty folder, 4.6 s and 5.3 from a copy).
 */
export async function startFirefox(profile: string, prefs: BrowserPrefs): Promise<FirefoxLaunch> {
  const browser = await puppeteer.launch({
    browser: 'firefox',
    executablePath: FIREFOX_PATH,
    headless: true,
    userDataDir: profile,
    extraPrefsFirefox: firefoxPrefs(prefs),
    env: { ...process.env, MOZ_HEADLESS: '1' },
    // Only the requests' start is subscribed to (below): every network event BiDi sends costs Firefox's parent process.
    networkEnabled: false,
  });
  await subscribeToRequests(browser);
  return {
    browser,
    async close() {
      await browser.close().catch(() => undefined);
      await rm(profile, { recursive: true, force: true });
    },
  };
}

/**
 * A session on the run's Firefox. Closing it closes the user contexts its
 * tabs left open and ends the session (the WebSocket closed), the browser
 * left running for the next file.
 */
async function connectFirefox(endpoint: string): Promise<FirefoxLaunch> {
  const browser = await puppeteer.connect({ browserWSEndpoint: endpoint, protocol: 'webDriverBiDi', networkEnabled: false });
  try {
    await subscribeToRequests(browser);
  } catch (error) {
    await browser.disconnect();
    throw error;
  }
  sharedHeld = true;
  return {
    browser,
    async close() {
      await Promise.all(browser.browserContexts().map((context) => (context.id ? context.close().catch(() => undefined) : undefined)));
      await browser.disconnect().catch(() => undefined);
      sharedHeld = false;
    },
  };
}

/**
 * The one network event the tests read (`tab.requests`: address, method,
 * headers as sent). Puppeteer's own subscription takes every network event,
 * and Firefox's parent then records and sends each request's response and
 * end too: about a fifth of Firefox's CPU on a sign-in, the most of the
 * parent's main thread in a profile.
 */
async function subscribeToRequests(browser: Browser): Promise<void> {
  const [first] = await browser.pages();
  if (!first) throw new Error('Firefox has no page');
  await contextOf(first).userContext.browser.session.subscribe(['network.beforeRequestSent']);
}

export async function launchFirefoxEngine(prefs: BrowserPrefs): Promise<EngineLaunch> {
  const firefox = await launchFirefox(prefs);
  return new FirefoxBrowser(firefox.browser, firefox.close);
}

/**
 * The tab's browsing context in puppeteer's BiDi layer: where the log entries
 * arrive (WebDriver BiDi `log.entryAdded`), and its navigation commands, which
 * wait for the page's load and not, as puppeteer's `goto` does, for network
 * events of the navigation's request.
 */
interface FirefoxContext {
  on(event: 'log', listener: (event: { entry: { level: string; text: string | null } }) => void): void;
  navigate(url: string, wait: 'complete'): Promise<void>;
  reload(options: { wait: 'complete' }): Promise<void>;
  readonly userContext: { readonly browser: { readonly session: { subscribe(events: string[]): Promise<void> } } };
}

function contextOf(page: PuppeteerPage): FirefoxContext {
  return (page.mainFrame() as unknown as { browsingContext: FirefoxContext }).browsingContext;
}

/** A navigation the page itself replaced by another before it loaded (the app's own redirects) is done, as puppeteer's `goto` takes it. */
async function navigated(navigation: Promise<void>): Promise<void> {
  await navigation.catch((error: unknown) => {
    const message = error instanceof Error ? error.message : String(error);
    if (message.includes('navigation canceled') || message.includes('aborted by another navigation')) return;
    throw error;
  });
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

/** How many looks one script in the page makes (LOOK_EVERY_MS apart) before it answers nothing and the driver asks again: a navigation ends it, and the next look is in the new page. */
const LOOKS_PER_SCRIPT = 10;

/**
 * Script text that looks for `wanted` in the page (findInPage.ts) every
 * LOOK_EVERY_MS for `ms`, and answers the element or null: the page looks
 * for itself, the driver is asked once.
 */
function lookInPage(wanted: Wanted, ms: number): string {
  return `(async (wanted, every, ms) => {
    const find = function () { ${FIND_IN_PAGE} };
    const until = Date.now() + ms;
    for (;;) {
      const found = find(wanted);
      if (found || Date.now() >= until) return found;
      await new Promise((resolve) => setTimeout(resolve, every));
    }
  })(${JSON.stringify(wanted)}, ${LOOK_EVERY_MS}, ${ms})`;
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
    contextOf(page).on('log', ({ entry }) => {
      this.console.push({ type: entry.level, text: entry.text ?? '' });
    });
    page.on('request', (request) => {
      this.requests.push({
        url: request.url(),
        method: request.method(),
        headers: request.headers(),
        navigation: request.isNavigationRequest(),
      });
    });
  }

  async goto(url: string): Promise<void> {
    await navigated(contextOf(this.page).navigate(url, 'complete'));
  }

  async reload(): Promise<void> {
    await navigated(contextOf(this.page).reload({ wait: 'complete' }));
  }

  reloadAccepting(): Promise<string | undefined> {
    // The session leaves prompts to the client (puppeteer's `unhandledPromptBehavior` ignore): BiDi's userPromptOpened, as puppeteer's dialog.
    return reloadAcceptingDialog(this.page, () => navigated(contextOf(this.page).reload({ wait: 'complete' })));
  }

  url(): string {
    return this.page.url();
  }

  role(role: Role, name: string): Target {
    return this.target({ kind: 'role', role, name }, `${role} "${name}"`);
  }

  label(label: string): Target {
    return this.target({ kind: 'label', name: label }, `a field labelled "${label}"`);
  }

  text(text: string): Target {
    return this.target({ kind: 'text', name: text }, `the text "${text}"`);
  }

  /** The element the page shows for `wanted` now, or after looking for up to `ms`; null if none came. */
  private async look(wanted: Wanted, ms: number): Promise<ElementHandle<Element> | null> {
    const asked = this.page.evaluateHandle(lookInPage(wanted, ms)).then(async (handle) => {
      const element = handle.asElement() as ElementHandle<Element> | null;
      if (!element) await handle.dispose();
      return element;
    });
    // A script whose page was navigated away from may never answer (the old document kept, its timers stopped): after its time and as long again, the next look goes to the page shown now.
    const late = pause(ms + LOOK_EVERY_MS * LOOKS_PER_SCRIPT).then(() => 'late' as const);
    const answer = await Promise.race([asked, late]);
    if (answer !== 'late') return answer;
    void asked.then(
      (element) => element?.dispose(),
      () => undefined,
    );
    return null;
  }

  /** Looks again until the page shows it, as a person does. */
  private async find(wanted: Wanted, what: string, timeout: number): Promise<ElementHandle<Element>> {
    const end = Date.now() + timeout;
    for (;;) {
      const ms = Math.min(Math.max(0, end - Date.now()), LOOK_EVERY_MS * LOOKS_PER_SCRIPT);
      // A navigation ends the page's script (an error): the next look is in the new page.
      const found = await this.look(wanted, ms).catch(() => pause(LOOK_EVERY_MS).then(() => null));
      if (found) return found;
      if (Date.now() >= end) throw new Error(`the page (${this.page.url()}) does not show ${what} within ${timeout} ms`);
    }
  }

  private target(wanted: Wanted, what: string): Target {
    const page = this.page;
    /** Does `work` with the element found, and lets go of it. */
    const withElement = async <T>(timeout: number, work: (element: ElementHandle<Element>) => Promise<T>): Promise<T> => {
      const element = await this.find(wanted, what, timeout);
      try {
        return await work(element);
      } finally {
        await element.dispose();
      }
    };
    /**
     * Clicks once it can be clicked, as puppeteer's locator did: in view,
     * enabled and still (its box the same over an animation frame: a banner
     * sliding in would move it under the pointer). Found again at each try:
     * a control rendered anew is clicked once it is back.
     */
    const clickWhenReady = async (timeout: number, count: number) => {
      const end = Date.now() + timeout;
      for (;;) {
        try {
          const clicked = await withElement(Math.max(0, end - Date.now()), async (element) => {
            const ready = await element.evaluate(async (control) => {
              const { top, bottom, left, right } = control.getBoundingClientRect();
              if (bottom < 0 || right < 0 || top > innerHeight || left > innerWidth)
                control.scrollIntoView({ block: 'center', inline: 'center', behavior: 'instant' });
              const before = JSON.stringify(control.getBoundingClientRect());
              await new Promise((resolve) => requestAnimationFrame(resolve));
              return !control.matches(':disabled') && JSON.stringify(control.getBoundingClientRect()) === before;
            });
            if (ready) await element.click({ count });
            return ready;
          });
          if (clicked) return;
          if (Date.now() >= end) throw new Error(`${what} stayed disabled or moving for ${timeout} ms`);
        } catch (error) {
          if (Date.now() >= end) throw error;
        }
        await pause(LOOK_EVERY_MS);
      }
    };
    return {
      async waitFor(timeout = OUTCOME_MS) {
        await withElement(timeout, () => Promise.resolve());
      },
      click: (timeout = OUTCOME_MS) => clickWhenReady(timeout, 1),
      // One BiDi input action of two presses: the page sees click, click, dblclick.
      doubleClick: (timeout = OUTCOME_MS) => clickWhenReady(timeout, 2),
      async fill(value, timeout = OUTCOME_MS) {
        // As a person types: select what is there, delete it, type.
        await withElement(timeout, async (field) => {
          await field.click();
          await field.evaluate((element) => (element as HTMLInputElement).select());
          await page.keyboard.press('Backspace');
          await field.type(value);
        });
      },
      async choose(option, timeout = OUTCOME_MS) {
        await withElement(timeout, async (list) => {
          // Puppeteer chooses by value: the value of the option with that text.
          const value = await list.evaluate(
            (element, text) => [...(element as HTMLSelectElement).options].find((candidate) => candidate.text.trim() === text)?.value,
            option,
          );
          if (value === undefined) throw new Error(`${what} has no option "${option}"`);
          await list.select(value);
        });
      },
      async pressEnter(timeout = OUTCOME_MS) {
        await withElement(timeout, (field) => field.press('Enter'));
      },
      text: (timeout = OUTCOME_MS) => withElement(timeout, (element) => element.evaluate((shown) => (shown as HTMLElement).innerText)),
      visible: async () => {
        const element = await this.look(wanted, 0).catch(() => null);
        await element?.dispose();
        return element !== null;
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
