import type { Browser } from 'playwright-core';
import { afterAll, afterEach, beforeAll, expect } from 'vitest';
import type { Stack, StackOptions } from '../../../../devstack/stack.ts';
import { WatchedContext } from '../../models/watch.ts';
import { launchChromium, newContext } from '../../support/chromium.ts';
import { startTestStack } from '../../support/stack.ts';
import { reportSecurityCases } from './cases.ts';

export interface RunOptions {
  /** The case provokes CSP violations on purpose; otherwise any violation fails it. */
  cspViolationsExpected?: boolean;
  /** The case needs the service worker (kept out otherwise, so every request reaches the stack). */
  serviceWorkers?: 'allow' | 'block';
}

export interface SecuritySuite {
  readonly stack: Stack;
  /**
   * Runs one case in a fresh context, closed afterwards whatever happened.
   * Every case also ends with no CSP violation and no uncaught page error.
   */
  run(body: (watched: WatchedContext) => Promise<void>, options?: RunOptions): Promise<void>;
}

/**
 * One browser and one stack for the file, a fresh context per case, fault
 * switches cleared after each case, and the file's case count printed at the end.
 * The cases run side by side as the project allows (vite.config.ts: as many
 * as there are CPUs).
 */
export function securitySuite(file: string, options: StackOptions = {}): SecuritySuite {
  let browser: Browser | undefined;
  let stack: Stack | undefined;
  beforeAll(async () => {
    // SECURITY_DIST runs the suite against another build (e.g. one made from a clean checkout).
    const dist = process.env.SECURITY_DIST ?? options.dist;
    [browser, stack] = await Promise.all([launchChromium(), startTestStack({ ...options, ...(dist ? { dist } : {}) })]);
  });
  afterEach(() => {
    stack?.faults.clear();
  });
  afterAll(async () => {
    await Promise.all([browser?.close(), stack?.stop()]);
  });
  reportSecurityCases(file);
  return {
    get stack() {
      if (!stack) throw new Error('the stack is not started');
      return stack;
    },
    async run(body, { cspViolationsExpected = false, serviceWorkers } = {}) {
      if (!browser || !stack) throw new Error('the browser or stack is not started');
      const watched = await WatchedContext.of(await newContext(browser, { serviceWorkers }), stack);
      try {
        await body(watched);
        await expectCleanEnd(watched, cspViolationsExpected);
      } catch (error) {
        throw withWhatPagesShowed(error, watched);
      } finally {
        await watched.close();
      }
    },
  };
}

/**
 * What holds at the end of every case, whatever it tried: no navigation off
 * the app and the provider, nothing in the app's localStorage, no open page
 * with a code or token in its address, no uncaught error, and no CSP
 * violation unless the case provoked one.
 */
async function expectCleanEnd(watched: WatchedContext, cspViolationsExpected: boolean): Promise<void> {
  watched.expectOnlyOwnOrigins();
  const { origins } = await watched.context.storageState();
  const local = origins.filter((entry) => entry.origin === watched.stack.urls.app).flatMap((entry) => entry.localStorage);
  expect(local, 'localStorage of the app').toEqual([]);
  for (const page of watched.context.pages()) {
    const url = new URL(page.url());
    if (url.origin === watched.stack.urls.app) expect(`${url.search}${url.hash}`, 'address bar').not.toMatch(/code=|state=|token/i);
  }
  expect(watched.pageErrors, 'uncaught errors in the page').toEqual([]);
  if (!cspViolationsExpected) watched.expectNoCspViolation();
}

/** Lines of a page's console kept in a failure's message: the last ones, where a case that waited in vain ends. */
const CONSOLE_LINES = 15;

/**
 * A failed case's error with what each of its pages was at and logged last:
 * a case that fails once in a whole run and never alone is understood from
 * its first failure, not from a rerun.
 */
function withWhatPagesShowed(error: unknown, watched: WatchedContext): unknown {
  if (!(error instanceof Error)) return error;
  // Addresses without their query: a provider's address carries an ID token, which a log keeps no more than the app does.
  const withoutQuery = (address: string) => address.split(/[?#]/)[0]!;
  const pages = watched.context.pages().map((page, index) => {
    const lines = watched
      .recordOf(page)
      .console.slice(-CONSOLE_LINES)
      .map((line) => `    [${line.type}] ${line.text.slice(0, 300)}`);
    return [`  page ${index + 1} at ${withoutQuery(page.url())}`, ...lines].join('\n');
  });
  error.message += `\nThe case's pages when it failed:\n${pages.join('\n')}\n  main-frame navigations: ${watched.navigations.slice(-10).map(withoutQuery).join(' → ')}`;
  return error;
}
