import type { Page } from 'playwright-core';

/**
 * Waits until the page has fetched the code that joins it once the browser
 * is idle after start-up (the connection banner, the update prompt): only
 * then does the page notice going offline.
 */
export async function waitForAfterStart(page: Page, timeoutMs = 10_000): Promise<void> {
  await page.waitForFunction(
    () => performance.getEntriesByType('resource').some((entry) => /\/assets\/AfterStart(\.lazy)?-[^/]+\.js$/.test(entry.name)),
    undefined,
    { timeout: timeoutMs, polling: 100 },
  );
}
