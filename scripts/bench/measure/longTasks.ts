/**
 * The start's main-thread tasks on a slower phone, measured directly: a cold
 * load in Chromium with the CPU slowed down by Lighthouse's mobile factor
 * (DevTools' `Emulation.setCPUThrottlingRate`, so every task really takes
 * four times as long), traced with Lighthouse's own trace categories, and
 * read with Lighthouse's trace processing: the page's main-thread tasks and
 * its largest contentful paint. What counts is what runs before that paint:
 * the longest task, and the time over 50 ms summed over the tasks (the way
 * total blocking time counts it).
 */
import type { Browser, BrowserContext, CDPSession } from 'playwright-core';
import type { Trace } from 'lighthouse';
import { MainThreadTasks } from 'lighthouse/core/computed/main-thread-tasks.js';
import { ProcessedNavigation } from 'lighthouse/core/computed/processed-navigation.js';
import { launchChromium } from '../../../devstack/chromium.ts';
import { startTestStack } from '../../../devstack/test-stack.ts';
import { adminOf, measureSignIn, newPage } from './browser.ts';
import { FLOOR_RENDERED_MARK } from './floorPage.ts';
import { currentLoad } from './machine.ts';
import { HOME_RENDERED_MARK, LOGIN_RENDERED_MARK } from './marks.ts';
import { ms, spread } from './stats.ts';

/** Lighthouse's mobile preset slows the CPU down by this factor (its `cpuSlowdownMultiplier`). */
export const MOBILE_CPU_SLOWDOWN = 4;

/** A task is long from 50 ms on (the Long Tasks API, total blocking time). */
export const LONG_TASK_MS = 50;

/** The trace categories Lighthouse records (its trace gatherer's defaults) but screenshots. */
const CATEGORIES = [
  '-*',
  'disabled-by-default-lighthouse',
  'loading',
  'v8',
  'v8.execute',
  'blink.user_timing',
  'devtools.timeline',
  'disabled-by-default-devtools.timeline',
  'disabled-by-default-devtools.timeline.frame',
  'disabled-by-default-devtools.timeline.stack',
];

/** One main-thread task before the largest contentful paint; times in ms from navigation start, as run at the slowed-down CPU. */
export interface TracedTask {
  start: number;
  duration: number;
  /** Where its time went, by Lighthouse's kinds of work (scriptEvaluation, styleLayout, parseHTML, ...), the largest first, in ms. */
  work: { kind: string; ms: number }[];
  /** What it ran, the longest first: the trace event, the function and its script where it has them ("FunctionCall start /assets/app-….js:12"). */
  calls: { what: string; ms: number }[];
  /** The scripts it ran, by path. */
  scripts: string[];
}

type TaskNode = Awaited<ReturnType<typeof MainThreadTasks.request>>[number];

function pathOf(url: string): string {
  try {
    return new URL(url).pathname;
  } catch {
    return url;
  }
}

/** The self time of a task and everything under it, by Lighthouse's kind of work. */
function workOf(task: TaskNode): TracedTask['work'] {
  const byKind = new Map<string, number>();
  const visit = (node: TaskNode) => {
    byKind.set(node.group.id, (byKind.get(node.group.id) ?? 0) + node.selfTime);
    node.children.forEach(visit);
  };
  visit(task);
  return [...byKind].map(([kind, time]) => ({ kind, ms: time })).sort((a, b) => b.ms - a.ms);
}

/** A task's direct children, named by their trace event and, for script, the function and where it is. */
function callsOf(task: TaskNode): TracedTask['calls'] {
  return task.children
    .map((child) => {
      const data = (child.event.args as { data?: { functionName?: string; url?: string; lineNumber?: number } } | undefined)?.data;
      const where = data?.url ? ` ${pathOf(data.url)}${data.lineNumber !== undefined ? `:${data.lineNumber}` : ''}` : '';
      return { what: `${child.event.name}${data?.functionName ? ` ${data.functionName}` : ''}${where}`, ms: child.duration };
    })
    .sort((a, b) => b.ms - a.ms)
    .slice(0, 4);
}

export interface LongTaskRun {
  /** Largest contentful paint, ms from navigation start. */
  lcp: number;
  /** The longest main-thread task that started before it. */
  longest: number;
  /** Over those tasks, the sum of what each took beyond 50 ms. */
  blocking: number;
  /** Every task of those of 50 ms or longer, the longest first. */
  longTasks: TracedTask[];
}

export interface LongTaskOptions {
  /** The path to open (the sign-in page, /app/home). */
  path: string;
  /** The page's own mark that says it is on screen; the trace ends a frame after it. */
  mark?: string;
  /** Cookies and storage of a sign-in, for a signed-in start. */
  storageState?: Awaited<ReturnType<BrowserContext['storageState']>>;
  cpuSlowdown?: number;
}

/**
 * Waits, in the page, for `mark` (when given) and the first contentful paint,
 * then for two more frames, so the paint after it is in the trace. Asked
 * over the DevTools protocol with one small expression: Playwright's own
 * waiting would first evaluate its injected script in the page, which at 4x
 * is a long task the page does not have.
 */
async function settle(cdp: CDPSession, mark: string | undefined): Promise<void> {
  const expression = `new Promise((resolve, reject) => {
    const until = performance.now() + 60000;
    const check = () => {
      if (${JSON.stringify(mark ?? '')} && performance.getEntriesByName(${JSON.stringify(mark ?? '')}).length === 0 || performance.getEntriesByName('first-contentful-paint').length === 0) {
        if (performance.now() > until) reject(new Error('not rendered within a minute')); else setTimeout(check, 100);
        return;
      }
      requestAnimationFrame(() => requestAnimationFrame(() => setTimeout(resolve, 100)));
    };
    check();
  })`;
  const { exceptionDetails } = await cdp.send('Runtime.evaluate', { expression, awaitPromise: true });
  if (exceptionDetails)
    throw new Error(
      `The page was not rendered (no ${mark ?? 'first paint'}): ${exceptionDetails.exception?.description ?? exceptionDetails.text}`,
    );
}

/**
 * The task in which the renderer commits the navigation (sets the new
 * document up, before a byte of it is parsed): the browser's own work, the
 * same for any page and nothing a page can shorten, left out as total
 * blocking time leaves out what comes before the first paint.
 */
function isCommit(task: TaskNode): boolean {
  return task.children.some((child) => child.event.name === 'DocumentLoader::CommitNavigation');
}

/** Reads the tasks and the largest contentful paint from a trace; throws when Lighthouse cannot find the navigation in it. */
export async function readTrace(trace: Trace): Promise<LongTaskRun> {
  const context = { computedCache: new Map() };
  const navigation = await ProcessedNavigation.request(trace, context);
  const lcp = navigation.timings.largestContentfulPaint;
  if (lcp === undefined) throw new Error('The trace has no largest contentful paint.');
  const tasks = (await MainThreadTasks.request(trace, context)).filter(
    (task) => !task.parent && task.startTime < lcp && task.startTime >= 0 && !isCommit(task),
  );
  const longTasks = tasks
    .filter((task) => task.duration >= LONG_TASK_MS)
    .sort((a, b) => b.duration - a.duration)
    .map((task) => ({
      start: task.startTime,
      duration: task.duration,
      work: workOf(task),
      calls: callsOf(task),
      scripts: [...new Set(task.attributableURLs.map(pathOf))],
    }));
  return {
    lcp,
    longest: Math.max(0, ...tasks.map((task) => task.duration)),
    blocking: tasks.reduce((sum, task) => sum + Math.max(0, task.duration - LONG_TASK_MS), 0),
    longTasks,
  };
}

/**
 * Now and then the renderer Chromium starts for the page begins tracing only
 * after the navigation started, and Lighthouse's trace processing finds no
 * navigation start (NO_NAVSTART), or a paint's event reaches the trace after
 * it ended (NO_FCP, NO_LCP), more often on a busy machine: such a run is
 * tried again, as the Lighthouse runs are.
 */
const ATTEMPTS = 3;
const RETRIED = ['NO_NAVSTART', 'NO_FCP', 'NO_LCP'];

/** One cold load of `path` in a fresh context, traced at the slowed-down CPU. */
export async function traceStart(browser: Browser, appUrl: string, options: LongTaskOptions): Promise<LongTaskRun> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await traceOnce(browser, appUrl, options);
    } catch (error) {
      if (attempt === ATTEMPTS || !RETRIED.includes((error as { code?: string }).code ?? '')) throw error;
    }
  }
}

async function traceOnce(browser: Browser, appUrl: string, options: LongTaskOptions): Promise<LongTaskRun> {
  // No script of the bench's own in the page (newBenchContext's observers): at 4x its evaluation is a task of its own.
  const context = await browser.newContext({
    serviceWorkers: 'block',
    locale: 'nl-NL',
    timezoneId: 'Europe/Amsterdam',
    ...(options.storageState ? { storageState: options.storageState } : {}),
  });
  try {
    const page = await newPage(context, true);
    const cdp = await context.newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: options.cpuSlowdown ?? MOBILE_CPU_SLOWDOWN });
    await browser.startTracing(page, { categories: CATEGORIES, screenshots: false });
    let buffer: Buffer | undefined;
    try {
      await page.goto(new URL(options.path, appUrl).href, { waitUntil: 'commit' });
      await settle(cdp, options.mark);
    } finally {
      buffer = await browser.stopTracing();
    }
    return await readTrace(JSON.parse(buffer.toString('utf8')) as Trace);
  } finally {
    await context.close();
  }
}

/** The start's pages whose long tasks are measured: signed out to the sign-in page, signed in to Home. */
export const TRACED_PAGES = [
  { id: 'login', path: '/account/login', mark: LOGIN_RENDERED_MARK, signedIn: false },
  { id: 'home', path: '/app/home', mark: HOME_RENDERED_MARK, signedIn: true },
] as const;

export type TracedPageId = (typeof TRACED_PAGES)[number]['id'];

export interface LongTaskPage {
  id: TracedPageId;
  path: string;
  signedIn: boolean;
  app: LongTaskRun[];
  /** The floor page's runs, each taken right after one of the app's. */
  floor: LongTaskRun[];
}

export interface LongTaskMeasurements {
  cpuSlowdown: number;
  runs: number;
  pages: LongTaskPage[];
  /** One-minute load average when measuring started and ended. */
  load: { start: number; end: number };
}

export interface MeasureLongTaskOptions {
  /** The app's production build, precompressed. */
  dist: string;
  /** The floor page's build (buildFloorPage). */
  floorDist: string;
  runs: number;
  log: (message: string) => void;
}

/**
 * `runs` cold starts of each page, each followed by one of the floor page,
 * after one of each that is not counted; a browser of its own, with the
 * session of one real sign-in for the signed-in starts.
 */
export async function measureLongTasks(options: MeasureLongTaskOptions): Promise<LongTaskMeasurements> {
  const { runs, log } = options;
  const loadAtStart = currentLoad();
  const browser = await launchChromium();
  const [app, floor] = await Promise.all([startTestStack({ dist: options.dist }), startTestStack({ dist: options.floorDist })]);
  try {
    const { storageState } = await measureSignIn(browser, app.urls, adminOf(app));
    const pages: LongTaskPage[] = TRACED_PAGES.map((page) => ({
      id: page.id,
      path: page.path,
      signedIn: page.signedIn,
      app: [],
      floor: [],
    }));
    for (let run = 0; run <= runs; run += 1) {
      for (const [index, page] of TRACED_PAGES.entries()) {
        const appRun = await traceStart(browser, app.urls.app, {
          path: page.path,
          mark: page.mark,
          storageState: page.signedIn ? storageState : undefined,
        });
        const floorRun = await traceStart(browser, floor.urls.app, { path: page.path, mark: FLOOR_RENDERED_MARK });
        // The first round warms the machine up (the stack's first answers, Chromium's caches of its own) and is not counted.
        if (run === 0) continue;
        pages[index]!.app.push(appRun);
        pages[index]!.floor.push(floorRun);
        log(
          `  ${page.path} run ${run}/${runs}: longest task ${ms(appRun.longest)} (floor ${ms(floorRun.longest)}), over 50 ms ${ms(appRun.blocking)} (floor ${ms(floorRun.blocking)}), LCP ${ms(appRun.lcp)} (floor ${ms(floorRun.lcp)})`,
        );
      }
    }
    return { cpuSlowdown: MOBILE_CPU_SLOWDOWN, runs, pages, load: { start: loadAtStart, end: currentLoad() } };
  } finally {
    await Promise.all([app.stop(), floor.stop()]);
    await browser.close();
  }
}

function medianRun(runs: LongTaskRun[]): LongTaskRun | undefined {
  const sorted = [...runs].sort((a, b) => a.longest - b.longest);
  return sorted[Math.floor((sorted.length - 1) / 2)];
}

function describeTask(task: TracedTask): string {
  const work = task.work
    .filter((part) => part.ms >= 1)
    .slice(0, 3)
    .map((part) => `${part.kind} ${ms(part.ms)}`)
    .join(', ');
  const calls = task.calls
    .filter((call) => call.ms >= 1)
    .map((call) => `${call.what} ${ms(call.ms)}`)
    .join('; ');
  return `      at ${ms(task.start)}: ${ms(task.duration)} (${work}) ${calls}`;
}

/** A plain-text summary: medians per page beside the floor page's, and the long tasks of the run with the median longest task. */
export function longTaskSummary(measured: LongTaskMeasurements): string {
  const lines = [
    `The start at ${measured.cpuSlowdown}x CPU slowdown, ${measured.runs} runs per page, each beside one of the floor page; load average ${measured.load.start} at the start, ${measured.load.end} at the end.`,
  ];
  for (const page of measured.pages) {
    const median = (runs: LongTaskRun[], pick: (run: LongTaskRun) => number) => ms(spread(runs.map(pick)).median);
    lines.push(
      '',
      `${page.path} (signed ${page.signedIn ? 'in' : 'out'}): longest task before LCP ${median(page.app, (run) => run.longest)} (floor page ${median(page.floor, (run) => run.longest)}), ` +
        `over 50 ms ${median(page.app, (run) => run.blocking)} (floor page ${median(page.floor, (run) => run.blocking)}), LCP ${median(page.app, (run) => run.lcp)} (floor page ${median(page.floor, (run) => run.lcp)})`,
    );
    for (const [who, runs] of [
      ['app', page.app],
      ['floor page', page.floor],
    ] as const) {
      const run = medianRun(runs);
      if (!run) continue;
      lines.push(
        `  ${who}, the run with the median longest task (${ms(run.longest)}): tasks of 50 ms or more before LCP (${ms(run.lcp)}):`,
      );
      lines.push(...run.longTasks.map(describeTask));
    }
  }
  return `${lines.join('\n')}\n`;
}
