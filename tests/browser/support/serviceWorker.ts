import type { Page } from 'playwright-core';
import { waitForPrecache as precacheFilled } from '../../../devstack/app-server/service-worker.ts';
import { OUTCOME_MS } from '../models/watch.ts';

/** How many entries each of the origin's caches holds, as the page sees them. */
export function cacheEntries(page: Page): Promise<Record<string, number>> {
  return page.evaluate(async () => {
    const out: Record<string, number> = {};
    for (const name of await caches.keys()) out[name] = (await (await caches.open(name)).keys()).length;
    return out;
  });
}

/** Waits until the service worker controls the page and its precache holds the shell; then what the caches hold. */
export async function waitForPrecache(page: Page): Promise<Record<string, number>> {
  await precacheFilled(page, OUTCOME_MS);
  return cacheEntries(page);
}
