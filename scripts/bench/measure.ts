import { resolve } from 'node:path';
import type { Browser, BrowserContext } from 'playwright-core';
import { launchChromium } from '../../devstack/chromium.ts';
import { startTestStack } from '../../devstack/test-stack.ts';
import { precompress } from '../precompress.ts';
import { measureBarePage, writeBarePage } from './barePage.ts';
import { indicatorWithoutScript, measureBoot, measureSignIn, type BootRun, type SignInRun } from './browser.ts';
import { BUDGETS, BUSY_LABEL } from './budgets.ts';
import { buildApp } from './build.ts';
import { currentLoad } from './machine.ts';
import { ms } from './report.ts';
import { readBuildSizes, type BuildSizes } from './sizes.ts';
import { median } from './stats.ts';

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
}

export interface Measurements {
  runs: number;
  chromium: string;
  /** One-minute load average when measuring started and ended. */
  load: { start: number; end: number };
  sizes: BuildSizes;
  indicator: { visible: boolean; fcp: number | undefined };
  bare: { appconfigStart: number; fcp: number | undefined }[];
  byLatency: Map<number, LatencyRuns>;
}

export const LATENCIES = [0, BUDGETS.latencyMs] as const;

/**
 * Sign-ins and signed-in starts at every latency, one stack per latency, the
 * runs taking turns (0 ms, 100 ms, 0 ms, ...) so that both latencies see the
 * same machine: the latency floor compares them.
 */
async function measureLatencies(browser: Browser, dist: string, options: MeasureOptions): Promise<Map<number, LatencyRuns>> {
  const { runs, log } = options;
  const sides = await Promise.all(LATENCIES.map(async (latencyMs) => ({ latencyMs, stack: await startTestStack({ dist, latencyMs }) })));
  try {
    const results = sides.map((side) => {
      const admin = side.stack.users.find((user) => user.userName === 'admin');
      if (!admin) throw new Error('The stack has no admin user.');
      return { ...side, admin, boots: [] as BootRun[], signIns: [] as SignInRun[], storageState: undefined as StorageState | undefined };
    });
    log('  warm-up sign-ins');
    for (const side of results) side.storageState = (await measureSignIn(browser, side.stack.urls, side.admin)).storageState;
    for (let i = 0; i < runs; i += 1) {
      for (const side of results) {
        const { run, storageState } = await measureSignIn(browser, side.stack.urls, side.admin);
        side.signIns.push(run);
        side.storageState = storageState;
      }
    }
    for (const side of results) log(`  ${side.latencyMs} ms: ${runs} sign-ins, median ${ms(median(side.signIns.map((run) => run.callbackToHome)))} from the callback`);
    for (const side of results) await measureBoot(browser, side.stack.urls.app, side.storageState!);
    for (let i = 0; i < runs; i += 1) {
      for (const side of results) side.boots.push(await measureBoot(browser, side.stack.urls.app, side.storageState!));
    }
    for (const side of results) log(`  ${side.latencyMs} ms: ${runs} signed-in starts, median ${ms(median(side.boots.map((run) => run.homeRendered)))} to /app/home`);
    return new Map(results.map((side) => [side.latencyMs, { boots: side.boots, signIns: side.signIns }]));
  } finally {
    await Promise.all(sides.map((side) => side.stack.stop()));
  }
}

export async function measure(options: MeasureOptions): Promise<Measurements> {
  const { root, runs, log } = options;
  const dist = resolve(root, 'bench-dist/app');
  const bareDist = resolve(root, 'bench-dist/bare');
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

    const byLatency = await measureLatencies(browser, dist, options);
    return { runs, chromium, load: { start: loadAtStart, end: currentLoad() }, sizes, indicator, bare, byLatency };
  } finally {
    await browser.close();
  }
}
