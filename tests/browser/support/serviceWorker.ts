import type { Page } from 'playwright-core';
import { OUTCOME_MS } from '../models/watch.ts';

/** How many entries each of the origin's caches holds, as the page sees them. */
export function cacheEntries(page: Page): Promise<Record<string, number>> {
  return page.evaluate(async () => {
    const out: Record<string, number> = {};
    for (const name of await caches.keys()) out[name] = (await (await caches.open(name)).keys()).length;
    return out;
  });
}

/**
 * Waits until the service worker controls the page and its precache holds
 * the shell: from then on a reload or a link works without the server.
 */
export async function waitForPrecache(page: Page): Promise<Record<string, number>> {
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null, null, { timeout: OUTCOME_MS });
  await page.waitForFunction(
    async () => {
      for (const name of await caches.keys()) {
        if (!name.includes('precache')) continue;
        const urls = (await (await caches.open(name)).keys()).map((request) => new URL(request.url).pathname);
        if (urls.includes('/index.html')) return true;
      }
      return false;
    },
    null,
    { timeout: OUTCOME_MS, polling: 200 },
  );
  return cacheEntries(page);
}
