import type { Browser, BrowserContext } from 'playwright-core';
import { afterEach, beforeEach } from 'vitest';
import type { Stack, StackOptions } from '../../../devstack/stack.ts';
import { WatchedContext } from '../models/watch.ts';
import { launchChromium, newContext } from './chromium.ts';
import { browserAndStackForSuite } from './stack.ts';

export interface BrowserEnv {
  browser: Browser;
  stack: Stack;
  context: BrowserContext;
  /** The test's context, watched from its first page on. */
  watched: WatchedContext;
}

/**
 * One browser and one local stack for the file (or the describe block it is
 * called in), a fresh context per test, faults and held requests cleared
 * after each (faults first, so a request still held passes untouched);
 * `browserArgs` adds Chromium flags: the third-party cookie phase-out among
 * them, the browser itself instead of the headless shell (support/chromium.ts).
 */
export function browserEnv(stackOptions: StackOptions = {}, browserArgs: readonly string[] = []): BrowserEnv {
  const env = {} as BrowserEnv;
  browserAndStackForSuite(env, () => launchChromium({ args: browserArgs }), stackOptions);
  beforeEach(async () => {
    Object.assign(env, await contextOn(env.browser, env.stack));
  });
  afterEach(async () => {
    await env.context.close();
    clearStack(env.stack);
  });
  return env;
}

/** A fresh context in this browser, watched from its first page on, for a test on this stack. */
export async function contextOn(browser: Browser, stack: Stack): Promise<BrowserEnv> {
  const context = await newContext(browser);
  return { browser, stack, context, watched: await WatchedContext.of(context, stack) };
}

/** The stack as a test found it: its faults cleared first, so a request still held when the test ended passes untouched. */
export function clearStack(stack: Stack): void {
  stack.faults.clear();
  stack.holds.clear();
}
