import type { Page } from 'playwright-core';
import { browserEnv, type BrowserEnv } from '../support/env.ts';

/** The journeys' environment: one browser and stack per file, a fresh context per test. */
export const journeyEnv = (): BrowserEnv => browserEnv();

/** The lazy chunks a page fetches, by route name: `layout`, `login`, `home`, `verkoop`. */
export function lazyChunks(page: Page): string[] {
  const names: string[] = [];
  page.on('request', (request) => {
    const match = /\/assets\/([\w-]+)\.lazy-[\w-]+\.js$/.exec(new URL(request.url()).pathname);
    if (match) names.push(match[1]!);
  });
  return names;
}
