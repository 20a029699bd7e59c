import type { Browser, Page } from 'playwright-core';
import { throttling } from 'lighthouse/core/config/constants.js';
import { MOST_EXTRA_STAFF } from '../../../devstack/seed.ts';
import { startTestStack } from '../../../devstack/test-stack.ts';
import { adminOf, measureSignIn, newBenchContext } from './browser.ts';
import { median, ms } from './stats.ts';

/**
 * Gebruikers among MOST_EXTRA_STAFF (5,000) staff in one environment, on a
 * phone as Lighthouse's mobile preset has it: the CPU 4 times slower
 * (`Emulation.setCPUThrottlingRate`) and its slow 4G as DevTools throttles it
 * (`Network.emulateNetworkConditions` with Lighthouse's own `mobileSlow4G`
 * values for that method: 562.5 ms per request, 1.4 Mbit/s down). Each run a
 * fresh context, signed in, opens /beheer/gebruikers with a surname in the
 * address, then searches a few more times.
 */

/** The surname the address carries, found throughout the list (every 25th person). */
export const FIRST_SEARCH = 'jansen';
/** The later searches: a surname, a whole name, part of a user name, a name with an accent, and no one. */
export const LATER_SEARCHES = ['bakker', 'anouk de vries', 'thijs.sm', 'zoë', 'niemand hier'];

export interface SearchRun {
  /** From the list's first `User/GetAll` request's start, in ms. */
  firstResult: number;
  /** …to the whole list read and the search's whole result on screen. */
  wholeResult: number;
  /** The list's first page (ABP's paging, READ_PAGE people, alone in flight): its request's start to its last byte. */
  onePage: number;
  /** Requests to the API and the longest main-thread task (0: none over 50 ms), per later search. */
  later: { requests: number; longestTask: number }[];
}

/** Installed before the page's scripts: when the first row of results and the whole result appeared. */
const OBSERVE_LIST = `(() => {
  const seen = (window.__benchList = {});
  new MutationObserver(() => {
    if (seen.firstRow === undefined && document.querySelector('table.admin-table tbody tr')) seen.firstRow = performance.now();
    const status = document.querySelector('.list-status');
    if (seen.whole === undefined && status && status.getAttribute('aria-busy') === 'false' && document.querySelector('table.admin-table tbody tr')) seen.whole = performance.now();
  }).observe(document, { subtree: true, childList: true, attributes: true, characterData: true });
})();`;

const USERS_READ = /\/User\/GetAll\?/;

async function throttle(page: Page): Promise<void> {
  const cdp = await page.context().newCDPSession(page);
  const slow4G = throttling.mobileSlow4G;
  await cdp.send('Network.enable');
  await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
  await cdp.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: slow4G.requestLatencyMs,
    downloadThroughput: (slow4G.downloadThroughputKbps * 1024) / 8,
    uploadThroughput: (slow4G.uploadThroughputKbps * 1024) / 8,
  });
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: slow4G.cpuSlowdownMultiplier });
}

async function searchRun(
  browser: Browser,
  urls: { app: string; api: string },
  storageState: Awaited<ReturnType<typeof measureSignIn>>['storageState'],
): Promise<SearchRun> {
  const context = await newBenchContext(browser, storageState);
  try {
    await context.addInitScript({ content: OBSERVE_LIST });
    const page = await context.newPage();
    await throttle(page);
    let requests = 0;
    page.on('request', (request) => {
      if (request.url().startsWith(urls.api) && request.method() !== 'OPTIONS') requests += 1;
    });
    await page.goto(new URL(`/beheer/gebruikers?zoek=${FIRST_SEARCH}`, urls.app).href, { waitUntil: 'commit' });
    await page.waitForFunction(
      () => (window as unknown as { __benchList: { whole?: number } }).__benchList.whole !== undefined,
      undefined,
      { timeout: 120_000, polling: 200 },
    );
    const { firstRow, whole, reads } = await page.evaluate((pattern) => {
      const list = (window as unknown as { __benchList: { firstRow: number; whole: number } }).__benchList;
      const entries = (performance.getEntriesByType('resource') as PerformanceResourceTiming[]).filter((entry) =>
        new RegExp(pattern).test(entry.name),
      );
      return { ...list, reads: entries.map((entry) => ({ start: entry.startTime, end: entry.responseEnd })) };
    }, USERS_READ.source);
    const first = reads[0];
    if (!first) throw new Error('Gebruikers showed a result without reading the list.');
    const later: SearchRun['later'] = [];
    // CSS, not Playwright's role and label queries: those compute accessible names in the page, on its main thread, long tasks of their own at 4x.
    const field = page.locator('form[role="search"] input[type="search"]');
    const submit = page.locator('form[role="search"] button[type="submit"]');
    const status = page.locator('.list-status');
    for (const text of LATER_SEARCHES) {
      const before = requests;
      const since = await page.evaluate(() => performance.now());
      await field.fill(text);
      await submit.click();
      // The search is in the address once it is made; two frames later the result is painted and its tasks are over.
      await page.waitForFunction((wanted) => new URLSearchParams(location.search).get('zoek') === wanted, text, {
        timeout: 30_000,
        polling: 100,
      });
      if ((await status.getAttribute('aria-busy')) !== 'false') throw new Error(`Gebruikers was reading again at the search for ${text}.`);
      await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
      const longestTask = await page.evaluate(
        (from) =>
          Math.max(
            0,
            ...((window as unknown as { __benchLongTasks: { startTime: number; duration: number }[] }).__benchLongTasks ?? [])
              .filter((task) => task.startTime >= from)
              .map((task) => task.duration),
          ),
        since,
      );
      later.push({ requests: requests - before, longestTask });
    }
    return { firstResult: firstRow - first.start, wholeResult: whole - first.start, onePage: first.end - first.start, later };
  } finally {
    await context.close();
  }
}

/** `runs` runs against one stack with MOST_EXTRA_STAFF more staff, after one warm-up run that is not counted. */
export async function measureSearch(browser: Browser, dist: string, runs: number, log: (message: string) => void): Promise<SearchRun[]> {
  const stack = await startTestStack({ dist, extraUsers: MOST_EXTRA_STAFF });
  try {
    const { storageState } = await measureSignIn(browser, stack.urls, adminOf(stack));
    await searchRun(browser, stack.urls, storageState);
    const results: SearchRun[] = [];
    for (let i = 0; i < runs; i += 1) results.push(await searchRun(browser, stack.urls, storageState));
    log(
      `  Gebruikers with ${MOST_EXTRA_STAFF} staff: first result ${ms(median(results.map((run) => run.firstResult)))}, one page ${ms(median(results.map((run) => run.onePage)))} (medians); longest task per later search, run by run: ${results.map((run) => run.later.map((search) => ms(search.longestTask)).join(' ')).join(' | ')}`,
    );
    return results;
  } finally {
    await stack.stop();
  }
}
