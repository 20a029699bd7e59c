import type { Locator, Page } from 'playwright-core';
import { expect } from 'vitest';
import type { Stack } from '../../../devstack/stack.ts';
import { axeViolations } from '../support/axe.ts';
import { OUTCOME_MS, type WatchedContext } from './watch.ts';
import { SOON_MS } from '../../support/limits.ts';

/** Paths whose query or fragment must never keep what the provider handed over. */
const SENSITIVE_IN_ADDRESS = /[?&#](code|state|id_token|access_token|refresh_token|session_state|iss|error)=|token/i;

interface HeadingOptions {
  level?: number;
  timeout?: number;
}

/**
 * What any page of the app offers a test: its address, what it says, what it
 * logged and threw, its cookies and storage. AppModel adds the app's own
 * screens and the person's actions on them.
 */
export class PageModel {
  constructor(
    readonly page: Page,
    readonly watched: WatchedContext,
  ) {}

  get stack(): Stack {
    return this.watched.stack;
  }

  /** Uncaught errors of this page. */
  get errors(): string[] {
    return this.watched.recordOf(this.page).errors;
  }

  /** What this page logged with console.error: the app logs failures as `[start-up] …`, `[sign-in] …`. */
  get consoleErrors(): string[] {
    return this.watched
      .recordOf(this.page)
      .console.filter((message) => message.type === 'error')
      .map((message) => message.text);
  }

  /** Every console message of this page, of any kind, that matches. */
  consoleMatching(pattern: RegExp): string[] {
    return this.watched
      .recordOf(this.page)
      .console.map((message) => message.text)
      .filter((text) => pattern.test(text));
  }

  // The address.

  url(path: string): string {
    return new URL(path, this.stack.urls.app).href;
  }

  async goto(path: string, options: { waitUntil?: 'commit' | 'load' } = {}): Promise<void> {
    await this.page.goto(path.startsWith('http') ? path : this.url(path), options);
  }

  /** The path and query of the address. */
  address(): string {
    const url = new URL(this.page.url());
    return url.pathname + url.search;
  }

  /** Waits for exactly this app address (path and query), or one that matches the pattern. */
  async waitForAddress(address: string | RegExp, timeout?: number): Promise<void> {
    await this.page.waitForURL(typeof address === 'string' ? this.url(address) : address, timeout === undefined ? {} : { timeout });
  }

  /** Waits until the page shows this app path (query and fragment ignored unless given). */
  async waitForPath(path: string, timeout = OUTCOME_MS): Promise<void> {
    const expected = new URL(path, this.stack.urls.app);
    await this.page.waitForURL(
      (url) => url.origin === expected.origin && url.pathname === expected.pathname && (!expected.search || url.search === expected.search),
      { timeout },
    );
  }

  /** Nothing the provider handed over is left in the address bar. */
  expectCleanAddress(): void {
    const url = new URL(this.page.url());
    expect(`${url.pathname}${url.search}${url.hash}`, 'address bar').not.toMatch(SENSITIVE_IN_ADDRESS);
  }

  // What the screen says.

  /** The text of the page's first h1. */
  async heading(): Promise<string> {
    return (await this.page.getByRole('heading', { level: 1 }).first().textContent()) ?? '';
  }

  /** The first h1 reads exactly this, within the time a person may wait (after a navigation the address changes before a lazy page has rendered). */
  async expectHeading(text: string, timeout = OUTCOME_MS): Promise<void> {
    await expect.poll(() => this.heading(), { timeout }).toBe(text);
  }

  headingNamed(name: string | RegExp, level?: number): Locator {
    return this.page.getByRole('heading', level === undefined ? { name } : { name, level });
  }

  /** A heading with this name shows (as getByRole matches names). */
  async waitForHeading(name: string | RegExp, { level, timeout = OUTCOME_MS }: HeadingOptions = {}): Promise<void> {
    await this.headingNamed(name, level).waitFor({ timeout });
  }

  /** Text is visible within the time a person may wait. */
  async see(text: string | RegExp, timeout = OUTCOME_MS): Promise<void> {
    await this.page.getByText(text).first().waitFor({ state: 'visible', timeout });
  }

  /** Text is on screen now; otherwise fails naming what the page said and what was logged. */
  async seeOrExplain(text: string | RegExp): Promise<void> {
    try {
      await this.see(text, SOON_MS);
    } catch {
      const shown = await this.page
        .locator('main')
        .innerText()
        .catch(() => '(no main)');
      const logged = this.watched.logged.map((message) => message.text.split('\n')[0]).join('\n');
      throw new Error(`expected ${String(text)} on screen, it shows:\n${shown}\nlogged:\n${logged}`);
    }
  }

  /** The language the document says it is in. */
  lang(): Promise<string> {
    return this.page.evaluate(() => document.documentElement.lang);
  }

  axeViolations(): Promise<string[]> {
    return axeViolations(this.page);
  }

  // Cookies, storage and reloads.

  cookie(name: string): Promise<string | undefined> {
    return this.watched.cookie(name);
  }

  async sessionStorage(): Promise<Record<string, string>> {
    return this.page.evaluate(() => ({ ...sessionStorage }));
  }

  async sessionStorageText(): Promise<string> {
    return JSON.stringify(await this.sessionStorage());
  }

  async localStorageText(): Promise<string> {
    return this.page.evaluate(() => JSON.stringify({ ...localStorage }));
  }

  async expectEmptyLocalStorage(): Promise<void> {
    expect(await this.page.evaluate(() => localStorage.length), 'localStorage entries').toBe(0);
  }

  /** Marks the document so a later check can tell whether the page was reloaded. */
  async markDocument(): Promise<void> {
    await this.page.evaluate(() => {
      (window as unknown as { __mark: number }).__mark = 1;
    });
  }

  async documentStillMarked(): Promise<boolean> {
    return this.page.evaluate(() => (window as unknown as { __mark?: number }).__mark === 1);
  }
}
