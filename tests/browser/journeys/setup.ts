import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, beforeEach } from 'vitest';
import type { Stack } from '../../../devstack/stack.ts';
import { launchChromium, newContext } from '../support/chromium.ts';
import { startTestStack } from '../support/stack.ts';

export interface JourneyEnv {
  browser: Browser;
  stack: Stack;
  context: BrowserContext;
}

/** One browser and one stack per file, a fresh context per test, faults cleared after each. */
export function journeyEnv(): JourneyEnv {
  const env = {} as JourneyEnv;
  beforeAll(async () => {
    [env.browser, env.stack] = await Promise.all([launchChromium(), startTestStack()]);
  });
  afterAll(async () => {
    await Promise.all([env.browser?.close(), env.stack?.stop()]);
  });
  beforeEach(async () => {
    env.context = await newContext(env.browser);
  });
  afterEach(async () => {
    await env.context.close();
    env.stack.faults.clear();
  });
  return env;
}

/** The lazy chunks a page fetches, by route name: `layout`, `login`, `home`, `verkoop`. */
export function lazyChunks(page: Page): string[] {
  const names: string[] = [];
  page.on('request', (request) => {
    const match = /\/assets\/([\w-]+)\.lazy-[\w-]+\.js$/.exec(new URL(request.url()).pathname);
    if (match) names.push(match[1]!);
  });
  return names;
}
