import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser as PlaywrightBrowser, BrowserContext, Locator, Page as PlaywrightPage } from 'playwright-core';
import { chromium } from 'playwright-core';
import { CHROMIUM_ARGS, THIRD_PARTY_COOKIES_BLOCKED } from '../../../../devstack/chromium.ts';
import { OUTCOME_MS } from '../../models/watch.ts';
import { CHROMIUM_PATH, launchChromium } from '../chromium.ts';
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

// Chromium, through playwright-core (as every other browser test).

export async function launchChromiumEngine({ languages, thirdPartyCookies }: BrowserPrefs): Promise<EngineLaunch> {
  if (thirdPartyCookies === 'allowed') return ChromiumProfileBrowser.launch(languages.split(',')[0]!);
  // Blocked as the other engines block them: Chrome's own layer, not the shell.
  return new ChromiumBrowser(await launchChromium({ args: [THIRD_PARTY_COOKIES_BLOCKED] }), languages.split(',')[0]!);
}

class ChromiumBrowser implements EngineLaunch {
  readonly engine = 'chromium';
  constructor(
    private readonly browser: PlaywrightBrowser,
    private readonly locale: string,
  ) {}

  async newTab({ viewport }: { viewport: Viewport }): Promise<Tab> {
    const context = await this.browser.newContext({
      serviceWorkers: 'block',
      locale: this.locale,
      timezoneId: 'Europe/Amsterdam',
      viewport,
    });
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
class ChromiumProfileBrowser implements EngineLaunch {
  readonly engine = 'chromium';
  private constructor(
    private readonly context: BrowserContext,
    private readonly dir: string,
  ) {}

  static async launch(locale: string): Promise<ChromiumProfileBrowser> {
    const dir = mkdtempSync(join(tmpdir(), 'chromium-profile-'));
    mkdirSync(join(dir, 'Default'));
    // cookie_controls_mode 0: third-party cookies allowed (1 blocks them off the record, 2 everywhere).
    writeFileSync(
      join(dir, 'Default', 'Preferences'),
      JSON.stringify({ profile: { cookie_controls_mode: 0, block_third_party_cookies: false } }),
    );
    const context = await chromium.launchPersistentContext(dir, {
      executablePath: CHROMIUM_PATH,
      args: CHROMIUM_ARGS.filter((arg) => arg !== THIRD_PARTY_COOKIES_BLOCKED),
      serviceWorkers: 'block',
      locale,
      timezoneId: 'Europe/Amsterdam',
    });
    return new ChromiumProfileBrowser(context, dir);
  }

  async newTab({ viewport }: { viewport: Viewport }): Promise<Tab> {
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
      const seen: SeenRequest = {
        url: request.url(),
        method: request.method(),
        headers: request.headers(),
        navigation: request.isNavigationRequest(),
      };
      this.requests.push(seen);
      // The headers as sent (cookies included) arrive a moment later.
      seen.sent = request.allHeaders().then(
        (headers) => void (seen.headers = headers),
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

  reloadAccepting(): Promise<string | undefined> {
    return reloadAcceptingDialog(this.page, () => this.page.reload());
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

/** A control a Chromium test found with playwright-core's own locator, for an action written once for every engine. */
export function chromiumTarget(locator: Locator): Target {
  return {
    waitFor: (timeout = OUTCOME_MS) => locator.waitFor({ state: 'visible', timeout }),
    click: (timeout = OUTCOME_MS) => locator.click({ timeout }),
    doubleClick: (timeout = OUTCOME_MS) => locator.dblclick({ timeout }),
    fill: (value, timeout = OUTCOME_MS) => locator.fill(value, { timeout }),
    choose: async (option, timeout = OUTCOME_MS) => void (await locator.selectOption({ label: option }, { timeout })),
    pressEnter: (timeout = OUTCOME_MS) => locator.press('Enter', { timeout }),
    text: async (timeout = OUTCOME_MS) => {
      await locator.waitFor({ state: 'visible', timeout });
      // Within the same limit: an element replaced after it showed is looked for again, and without one playwright's own 30 s apply.
      return locator.innerText({ timeout });
    },
    visible: () => locator.isVisible(),
  };
}
