import { resolve } from 'node:path';
import type { Browser, BrowserContext } from 'playwright-core';
import { launchChromium } from '../../../devstack/chromium.ts';
import type { ApiLayout } from '../../../devstack/stack.ts';
import { startTestStack } from '../../../devstack/test-stack.ts';
import { precompress } from '../../../devstack/app-server/precompress.ts';
import { measureBarePage, writeBarePage } from './barePage.ts';
import {
  adminOf,
  indicatorWithoutScript,
  measureBoot,
  measureFirstStart,
  measureSecondVisit,
  measureSignIn,
  notFromWorker,
  PageNotRendered,
  type BootRun,
  type FirstStartRun,
  type SignInRun,
} from './browser.ts';
import { BUDGETS, BUSY_LABEL } from '../budgets.ts';
import { buildApp } from './build.ts';
import { currentLoad } from './machine.ts';
import { readBuildSizes, type BuildSizes } from './sizes.ts';
import { median, ms } from './stats.ts';
import { measureSearch, type SearchRun } from './search.ts';

/**
 * Everything the benchmark observes, before any figure is made of it: the
 * build is made and served like production (precompressed, nginx's cache
 * rules), and every run happens in a fresh browser context.
 */

export interface MeasureOptions {
  /** The checkout to build and measure. */
  root: string;
  runs: number;
  log: (message: string) => void;
}

export type StorageState = Awaited<ReturnType<BrowserContext['storageState']>>;

export interface LatencyRuns {
  boots: BootRun[];
  signIns: SignInRun[];
  /** Starts of /app/home with the service worker warm. */
  secondVisits: BootRun[];
  /** A new browser's first starts on the login page (cross-origin layout only). */
  firstStarts: FirstStartRun[];
}

/** Signed-in starts with GetAll at `scale` times today's size, on the scale runs' link. */
export interface ScaleRuns {
  scale: number;
  boots: BootRun[];
}

export interface Measurements {
  runs: number;
  chromium: string;
  /** One-minute load average when measuring started and ended. */
  load: { start: number; end: number };
  sizes: BuildSizes;
  indicator: { visible: boolean; fcp: number | undefined };
  bare: { appconfigStart: number; fcp: number | undefined }[];
  /** The cross-origin layout (the API at an address of its own): every figure of the latency phase. */
  byLatency: Map<number, LatencyRuns>;
  /** The same-origin layout (the API under the app's address, docs/deploy.md): sign-ins and signed-in starts, no second visits. */
  sameOrigin: Map<number, LatencyRuns>;
  scales: ScaleRuns[];
  /** Gebruikers among 5,000 staff on the mobile preset (search.ts). */
  search: SearchRun[];
}

export const LATENCIES = [0, BUDGETS.latencyMs] as const;

/**
 * Sign-ins and signed-in starts at every latency, one stack per latency, the
 * runs taking turns (0 ms, 100 ms, 0 ms, ...) so that both latencies see the
 * same machine: the latency floor compares them. In `apiLayout` (the API at
 * its own address, or under the app's); second visits only when asked.
 */
async function measureLatencies(
  browser: Browser,
  dist: string,
  options: MeasureOptions,
  { apiLayout, secondVisits }: { apiLayout: ApiLayout; secondVisits: boolean },
): Promise<Map<number, LatencyRuns>> {
  const { runs } = options;
  const log = (message: string) => options.log(`${message} (${apiLayout})`);
  const sides = await Promise.all(
    LATENCIES.map(async (latencyMs) => ({ latencyMs, stack: await startTestStack({ dist, latencyMs, apiLayout }) })),
  );
  try {
    const results = sides.map((side) => ({
      ...side,
      admin: adminOf(side.stack),
      boots: [] as BootRun[],
      signIns: [] as SignInRun[],
      secondVisits: [] as BootRun[],
      firstStarts: [] as FirstStartRun[],
      storageState: undefined as StorageState | undefined,
    }));
    log('  warm-up sign-ins');
    for (const side of results) side.storageState = (await measureSignIn(browser, side.stack.urls, side.admin)).storageState;
    for (let i = 0; i < runs; i += 1) {
      for (const side of results) {
        const { run, storageState } = await measureSignIn(browser, side.stack.urls, side.admin);
        side.signIns.push(run);
        side.storageState = storageState;
      }
    }
    for (const side of results)
      log(
        `  ${side.latencyMs} ms: ${runs} sign-ins, median ${ms(median(side.signIns.map((run) => run.callbackToHome)))} from the callback`,
      );
    for (const side of results) await measureBoot(browser, side.stack.urls.app, side.storageState!);
    for (let i = 0; i < runs; i += 1) {
      for (const side of results) side.boots.push(await measureBoot(browser, side.stack.urls.app, side.storageState!));
    }
    for (const side of results)
      log(`  ${side.latencyMs} ms: ${runs} signed-in starts, median ${ms(median(side.boots.map((run) => run.homeRendered)))} to /app/home`);
    if (!secondVisits)
      return new Map(
        results.map((side) => [side.latencyMs, { boots: side.boots, signIns: side.signIns, secondVisits: [], firstStarts: [] }]),
      );
    // The cross-origin layout's own runs: a new browser's first start, then second visits.
    for (const side of results) await measureFirstStart(browser, side.stack.urls.app);
    for (let i = 0; i < runs; i += 1) {
      for (const side of results) side.firstStarts.push(await measureFirstStart(browser, side.stack.urls.app));
    }
    for (const side of results)
      log(
        `  ${side.latencyMs} ms: ${runs} first starts of a new browser, median ${ms(median(side.firstStarts.map((run) => run.loginRendered)))} to the login page`,
      );
    for (const side of results) await measureSecondVisit(browser, side.stack.urls.app, side.storageState!);
    // Only starts the worker served count; one the network answered is tried again, a few times at most.
    for (const side of results) {
      let tries = 0;
      while (side.secondVisits.length < runs) {
        if (tries === runs + 3)
          throw new Error(
            `The service worker served ${side.secondVisits.length} of ${tries} second visits at ${side.latencyMs} ms: no figure without it.`,
          );
        tries += 1;
        const run = await measureSecondVisit(browser, side.stack.urls.app, side.storageState!);
        const missed = notFromWorker(run);
        if (missed.length === 0) side.secondVisits.push(run);
        else log(`  ${side.latencyMs} ms: a second visit not counted, the network answered ${missed.join(', ')}`);
      }
      log(
        `  ${side.latencyMs} ms: ${runs} second visits served by the worker (${tries} tried), median ${ms(median(side.secondVisits.map((run) => run.homeRendered)))} to /app/home`,
      );
    }
    return new Map(
      results.map((side) => [
        side.latencyMs,
        { boots: side.boots, signIns: side.signIns, secondVisits: side.secondVisits, firstStarts: side.firstStarts },
      ]),
    );
  } finally {
    await Promise.all(sides.map((side) => side.stack.stop()));
  }
}

/** The sizes of GetAll the scale runs compare: today's, and a backend with 10 and 100 times its texts and permissions. */
export const SCALES = [1, 10, 100] as const;

/** Tries after the first when a start on an emulated link stalls (throttledBoot). */
const STALLED_RETRIES = 2;

/** The app's own scripts a page still waited for when it failed to render: none when it failed for another reason. */
export function stalledScripts(error: unknown, appUrl: string): string[] {
  if (!(error instanceof PageNotRendered)) return [];
  const origin = new URL(appUrl).origin;
  return error.pending.filter((url) => {
    const address = new URL(url);
    return address.origin === origin && address.pathname.startsWith('/assets/') && address.pathname.endsWith('.js');
  });
}

/**
 * One signed-in start on a link of `throughput`. DevTools' emulation of a
 * link now and then holds a page's requests for good, more often on a busy
 * machine: the start's own script never arrives, so none of the app's code
 * runs and the run times the emulation, not the app. Such a run (the page
 * still waiting for one of the app's scripts when its time is up) is logged
 * and tried again in a new context, a few times at most; any other failure
 * ends the bench.
 */
async function throttledBoot(
  browser: Browser,
  appUrl: string,
  storageState: StorageState,
  throughput: number,
  log: (message: string) => void,
): Promise<BootRun> {
  for (let attempt = 0; ; attempt += 1) {
    try {
      return await measureBoot(browser, appUrl, storageState, throughput);
    } catch (error) {
      const stalled = stalledScripts(error, appUrl);
      if (stalled.length === 0 || attempt === STALLED_RETRIES) throw error;
      log(`  a start on the emulated link stalled before the app's script arrived (${stalled.join(', ')}), trying again`);
    }
  }
}

/**
 * Signed-in starts with GetAll at each of SCALES, taking turns, at no added
 * latency but on a link of BUDGETS.scaleThroughput: on loopback a megabyte
 * arrives in a millisecond, and the budget compares what reading it costs
 * with what fetching it costs.
 */
async function measureScales(dist: string, options: MeasureOptions): Promise<ScaleRuns[]> {
  const { runs, log } = options;
  // A browser of its own: after the phases before it (service workers, many contexts), a throttled page of the
  // same browser was seen to wait for the start's own files for good, so that no app code ran at all.
  const browser = await launchChromium();
  const sides = await Promise.all(
    SCALES.map(async (scale) => ({ scale, stack: await startTestStack({ dist, userConfigurationScale: scale }) })),
  );
  try {
    const results = sides.map((side) => ({
      ...side,
      admin: adminOf(side.stack),
      boots: [] as BootRun[],
      storageState: undefined as StorageState | undefined,
    }));
    for (const side of results) side.storageState = (await measureSignIn(browser, side.stack.urls, side.admin)).storageState;
    for (const side of results) await throttledBoot(browser, side.stack.urls.app, side.storageState!, BUDGETS.scaleThroughput, log);
    for (let i = 0; i < runs; i += 1) {
      for (const side of results)
        side.boots.push(await throttledBoot(browser, side.stack.urls.app, side.storageState!, BUDGETS.scaleThroughput, log));
    }
    for (const side of results)
      log(
        `  GetAll x${side.scale}: ${runs} signed-in starts, median ${ms(median(side.boots.map((run) => run.homeRendered)))} to /app/home`,
      );
    return results.map((side) => ({ scale: side.scale, boots: side.boots }));
  } finally {
    await Promise.all(sides.map((side) => side.stack.stop()));
    await browser.close();
  }
}

/** Where the bench builds the app (the bare page, the floor page) and Lighthouse leaves its reports, inside the measured checkout. */
export function benchPaths(root: string) {
  return {
    dist: resolve(root, 'bench-dist/app'),
    bareDist: resolve(root, 'bench-dist/bare'),
    floorDist: resolve(root, 'bench-dist/floor'),
    lighthouseReports: resolve(root, 'bench-dist/lighthouse'),
  };
}

/** Only the line of Gebruikers among many staff (`npm run bench -- --only search`): built and served as the whole bench does. */
export async function measureSearchOnly(
  options: MeasureOptions,
): Promise<{ chromium: string; load: { start: number; end: number }; search: SearchRun[] }> {
  const { root, runs, log } = options;
  const { dist } = benchPaths(root);
  log(`Building the app for production into ${dist}/ …`);
  await buildApp(dist, root);
  precompress(dist);
  const loadAtStart = currentLoad();
  const browser = await launchChromium();
  try {
    log('Gebruikers among many staff …');
    const search = await measureSearch(browser, dist, runs, log);
    return { chromium: browser.version(), load: { start: loadAtStart, end: currentLoad() }, search };
  } finally {
    await browser.close();
  }
}

export async function measure(options: MeasureOptions): Promise<Measurements> {
  const { root, runs, log } = options;
  const { dist, bareDist } = benchPaths(root);
  log(`Building the app for production into ${dist}/ …`);
  await buildApp(dist, root);
  // Served as nginx serves it: the brotli and gzip copies next to every file.
  precompress(dist);

  log('Reading the sizes from the built files and building the library floor …');
  const sizes = await readBuildSizes(dist, root);

  log('Measuring in Chromium …');
  const loadAtStart = currentLoad();
  const browser = await launchChromium();
  const chromium = browser.version();
  try {
    const stack = await startTestStack({ dist });
    let indicator: Measurements['indicator'];
    try {
      indicator = await indicatorWithoutScript(browser, stack.urls.app, BUSY_LABEL);
    } finally {
      await stack.stop();
    }

    writeBarePage(dist, bareDist);
    precompress(bareDist, { onlyStale: true });
    const bare: Measurements['bare'] = [];
    const bareStack = await startTestStack({ dist: bareDist });
    try {
      await measureBarePage(browser, bareStack.urls.app);
      for (let i = 0; i < runs; i += 1) bare.push(await measureBarePage(browser, bareStack.urls.app));
      log(`  bare page: config request at ${ms(median(bare.map((run) => run.appconfigStart)))} (median)`);
    } finally {
      await bareStack.stop();
    }

    const byLatency = await measureLatencies(browser, dist, options, { apiLayout: 'cross-origin', secondVisits: true });
    const sameOrigin = await measureLatencies(browser, dist, options, { apiLayout: 'same-origin', secondVisits: false });
    const scales = await measureScales(dist, options);
    log('Gebruikers among many staff …');
    const search = await measureSearch(browser, dist, runs, log);
    const load = { start: loadAtStart, end: currentLoad() };
    return { runs, chromium, load, sizes, indicator, bare, byLatency, sameOrigin, scales, search };
  } finally {
    await browser.close();
  }
}
