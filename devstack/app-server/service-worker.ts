import type { Page } from 'playwright-core';

/**
 * Waits until the app's service worker is active, controls the page, and
 * its precache holds the shell: from then on a reload or a new tab starts
 * from the worker's cache. For the browser tests and the benchmark.
 */
export async function waitForPrecache(page: Page, timeout = 30_000): Promise<void> {
  await page.waitForFunction(() => navigator.serviceWorker.controller?.state === 'activated', undefined, { timeout, polling: 100 });
  // Cache Storage answers asynchronously: polled in the page itself until the shell is in.
  await page.evaluate(async (limit) => {
    const until = Date.now() + limit;
    while (Date.now() < until) {
      for (const name of await caches.keys()) {
        if (!name.includes('precache')) continue;
        const paths = (await (await caches.open(name)).keys()).map((request) => new URL(request.url).pathname);
        if (paths.includes('/index.html')) return;
      }
      await new Promise((done) => setTimeout(done, 100));
    }
    throw new Error('the precache holds no /index.html');
  }, timeout);
}
