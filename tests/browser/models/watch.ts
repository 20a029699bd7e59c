import type { BrowserContext, ConsoleMessage, Page, Request } from 'playwright-core';
import { expect } from 'vitest';
import type { Stack } from '../../../devstack/stack.ts';
import { LOOK_EVERY_MS, OUTCOME_MS, pause } from '../../support/limits.ts';

// The browser tests' limits, calibrated to the machine (tests/support/limits.ts); kept here too, where the models and paths import them.
export { CALLBACK_OUTCOME_MS, LONG_OUTCOME_MS, OUTCOME_MS, PRESENT_MS, SLOW_OUTCOME_MS, SOON_MS } from '../../support/limits.ts';

/** What a check that `eventually` waited for gave: never null, undefined, false, 0 or ''. */
export type Found<T> = Exclude<T, null | undefined | false | 0 | ''>;

/**
 * Waits until `check` gives a truthy value (concurrent cases cannot use
 * `expect.poll`); fails with `what` after `timeout` ms.
 */
export async function eventually<T>(check: () => T | Promise<T>, what: string, timeout = OUTCOME_MS): Promise<Found<T>> {
  const end = Date.now() + timeout;
  for (;;) {
    const value = await check();
    if (value) return value as Found<T>;
    if (Date.now() > end) throw new Error(`not within ${timeout} ms: ${what}`);
    await pause(LOOK_EVERY_MS);
  }
}

/** Request headers with lower-case names, as the browser really sent them. */
export function headersOf(request: Request): Promise<Record<string, string>> {
  return request.allHeaders();
}

export interface LoggedMessage {
  type: string;
  text: string;
}

interface CspViolation {
  directive: string;
  blockedURI: string;
  page: string;
}

interface PageRecord {
  console: LoggedMessage[];
  errors: string[];
}

const watchedContexts = new WeakMap<BrowserContext, Promise<WatchedContext>>();

/**
 * A browser context with everything a check needs recorded from the first
 * request on: console messages, uncaught errors and main-frame navigations
 * of every page (popups too), CSP violations, requests. One per context.
 */
export class WatchedContext {
  readonly console: LoggedMessage[] = [];
  readonly navigations: string[] = [];
  readonly cspViolations: CspViolation[] = [];
  readonly pageErrors: string[] = [];
  readonly requests: Request[] = [];
  private readonly pages = new WeakMap<Page, PageRecord>();

  private constructor(
    readonly context: BrowserContext,
    readonly stack: Stack,
  ) {}

  /** The context's watch, started on first use (before its first page, to see everything). */
  static of(context: BrowserContext, stack: Stack): Promise<WatchedContext> {
    let watched = watchedContexts.get(context);
    if (!watched) {
      watched = new WatchedContext(context, stack).start();
      watchedContexts.set(context, watched);
    }
    return watched;
  }

  private async start(): Promise<this> {
    await this.context.exposeBinding('__securityViolation', ({ page }, violation: Omit<CspViolation, 'page'>) => {
      this.cspViolations.push({ ...violation, page: page?.url() ?? '' });
    });
    await this.context.addInitScript(() => {
      document.addEventListener('securitypolicyviolation', (event) => {
        const report = (window as unknown as { __securityViolation?: (v: unknown) => void }).__securityViolation;
        report?.({ directive: event.violatedDirective, blockedURI: event.blockedURI });
      });
    });
    for (const page of this.context.pages()) this.watch(page);
    this.context.on('page', (page) => this.watch(page));
    this.context.on('request', (request) => this.requests.push(request));
    return this;
  }

  private watch(page: Page): void {
    if (this.pages.has(page)) return;
    const record: PageRecord = { console: [], errors: [] };
    this.pages.set(page, record);
    page.on('console', (message: ConsoleMessage) => {
      const logged = { type: message.type(), text: message.text() };
      this.console.push(logged);
      record.console.push(logged);
      if (/Content Security Policy/i.test(logged.text))
        this.cspViolations.push({ directive: 'console', blockedURI: logged.text, page: page.url() });
    });
    page.on('pageerror', (error) => {
      this.pageErrors.push(error.message);
      record.errors.push(error.message);
    });
    page.on('framenavigated', (frame) => {
      if (frame === page.mainFrame()) this.navigations.push(frame.url());
    });
  }

  /** What one page logged and threw. */
  recordOf(page: Page): PageRecord {
    this.watch(page);
    return this.pages.get(page)!;
  }

  /** Errors and warnings logged by any page (console.error, console.warn). */
  get logged(): LoggedMessage[] {
    return this.console.filter((message) => message.type === 'error' || message.type === 'warning');
  }

  async close(): Promise<void> {
    await this.context.close();
  }

  async cookies() {
    return this.context.cookies(this.stack.urls.app);
  }

  async cookie(name: string): Promise<string | undefined> {
    return (await this.cookies()).find((cookie) => cookie.name === name)?.value;
  }

  /** Something was logged (console.error or console.warn) that matches. */
  expectLogged(pattern: RegExp): void {
    const texts = this.logged.map((message) => message.text);
    expect(
      texts.some((text) => pattern.test(text)),
      `a logged error or warning matching ${pattern}, got:\n${texts.join('\n')}`,
    ).toBe(true);
  }

  /** Every main-frame navigation of every page stayed on the app or the provider. */
  expectOnlyOwnOrigins(): void {
    const allowed = new Set([this.stack.urls.app, this.stack.urls.issuer]);
    const foreign = this.navigations.filter((url) => url !== 'about:blank' && !allowed.has(new URL(url).origin));
    expect(foreign, 'navigations to another origin').toEqual([]);
  }

  /** No backend token cookie. */
  async expectNoBackendToken(): Promise<void> {
    expect(await this.cookie('Abp.AuthToken'), 'Abp.AuthToken').toBeUndefined();
    expect(await this.cookie('enc_auth_token'), 'enc_auth_token').toBeUndefined();
  }

  async expectBackendToken(): Promise<void> {
    expect(await this.cookie('Abp.AuthToken'), 'Abp.AuthToken').toBeTruthy();
    expect(await this.cookie('enc_auth_token'), 'enc_auth_token').toBeTruthy();
  }

  expectNoCspViolation(): void {
    expect(this.cspViolations, 'CSP violations').toEqual([]);
  }
}
