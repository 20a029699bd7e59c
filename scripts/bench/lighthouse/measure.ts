/**
 * Lighthouse 12 on the production build, served like production by the local
 * stack (over TLS and HTTP/2, as deploy/nginx.conf's `listen 443 ssl http2`:
 * Lighthouse's simulation counts HTTP/1.1's six connections per host, which
 * production does not have): the sign-in page signed out and /app/home signed in, each with
 * Lighthouse's mobile preset (simulated slow 4G, CPU 4x slower, a phone
 * screen) and its desktop preset; after every mobile run, the floor page
 * (measure/floorPage.ts) at the same address of its own server, so the app's
 * figures can be held to the floor's of the same minutes. `npm run lighthouse` runs it on its own,
 * `npm run bench` at its end.
 */
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { launch, type LaunchedChrome } from 'chrome-launcher';
import lighthouse, { desktopConfig, type Flags, type Result, type Trace } from 'lighthouse';
import { MainThreadTasks } from 'lighthouse/core/computed/main-thread-tasks.js';
import { computeMedianRun } from 'lighthouse/core/lib/median-run.js';
import { chromium, type BrowserContext } from 'playwright-core';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../../../devstack/chromium.ts';
import type { ApiLayout, DemoUser, StackUrls } from '../../../devstack/stack.ts';
import { startTestStack } from '../../../devstack/test-stack.ts';
import { selfSignedLocalhost, type TlsIdentity } from '../../../devstack/tls.ts';
import { adminOf, signInThroughForm } from '../measure/browser.ts';
import { currentLoad } from '../measure/machine.ts';
import { FLOOR_RENDERED_MARK } from '../measure/floorPage.ts';
import { HOME_RENDERED_MARK } from '../measure/marks.ts';
import { spread, type Spread } from '../measure/stats.ts';
import { blockingFromCpuTime, cpuShareOf, taskTimes } from './mainThread.ts';

export const LIGHTHOUSE_CATEGORIES = ['performance', 'accessibility', 'best-practices'] as const;
export type LighthouseCategory = (typeof LIGHTHOUSE_CATEGORIES)[number];

export const LIGHTHOUSE_METRICS = [
  'total-blocking-time',
  'largest-contentful-paint',
  'first-contentful-paint',
  'cumulative-layout-shift',
  'speed-index',
] as const;
/** Lighthouse's audit ids of the metrics kept; all in ms but cumulative-layout-shift, which has no unit. */
export type LighthouseMetric = (typeof LIGHTHOUSE_METRICS)[number];

/** Lighthouse's default (mobile) settings, or those of lighthouse/core/config/desktop-config.js. */
export type LighthousePreset = 'mobile' | 'desktop';
export const LIGHTHOUSE_PRESETS: readonly LighthousePreset[] = ['mobile', 'desktop'];

/**
 * Both layouts of docs/deploy.md, "Where the API lives": on slow 4G the
 * preflights of the cross-origin layout are round trips Lighthouse's
 * simulation counts, so each is audited.
 */
export const LIGHTHOUSE_LAYOUTS: readonly ApiLayout[] = ['cross-origin', 'same-origin'];

export interface LighthousePage {
  id: 'login' | 'home';
  path: string;
  /** Signed in through the provider's form first, in the browser Lighthouse then drives. */
  signedIn: boolean;
}

export const LIGHTHOUSE_PAGES: readonly LighthousePage[] = [
  { id: 'login', path: '/account/login', signedIn: false },
  { id: 'home', path: '/app/home', signedIn: true },
];

export interface LighthouseOptions {
  /** The production build, precompressed (`buildApp` and `precompress`). */
  dist: string;
  /** The floor page's build (`buildFloorPage`), audited with the mobile preset beside every mobile run of the app. */
  floorDist: string;
  /** Lighthouse runs per page and preset. Default 3. */
  runs?: number;
  /** When given, every run's full report (JSON) is written here. */
  reportsDir?: string;
  log: (message: string) => void;
}

/** An accessibility or best-practices audit below a full score, over all runs of one page and preset. */
export interface FailingAudit {
  category: 'accessibility' | 'best-practices';
  id: string;
  title: string;
  /** The lowest score over the runs; null when the audit could not run. */
  score: number | null;
  /** How many of the runs it failed in. */
  failedRuns: number;
  /** What Lighthouse pointed at (elements, console messages, ...), a few lines of the first failing run. */
  details: string[];
}

/** One script's main-thread time in Lighthouse's `bootup-time`, in ms; under the mobile preset multiplied by its CPU slowdown, as Lighthouse reports it. */
export interface ScriptBootup {
  url: string;
  total: number;
  scripting: number;
  parse: number;
}

/** One group of Lighthouse's `mainthread-work-breakdown` (Script Evaluation, Style & Layout, ...), in ms, scaled like ScriptBootup. */
export interface MainThreadGroup {
  group: string;
  label: string;
  duration: number;
}

/** The floor page audited with the mobile preset, each run right after one of the app's (the same page address, the same layout's server). */
export interface FloorAudit {
  performance: Spread;
  metrics: Record<LighthouseMetric, Spread>;
  cpuShare: Spread;
  /** As the app's `cpuBlocking` (absent from reports written before it was measured). */
  cpuBlocking?: Spread;
}

/** One page with one preset, over all runs. */
export interface LighthouseAudit {
  /** Where the API lived: at an address of its own (each call after a preflight) or under the app's. */
  layout: ApiLayout;
  page: LighthousePage['id'];
  path: string;
  signedIn: boolean;
  preset: LighthousePreset;
  /** Category scores, 0–100, over the runs. */
  scores: Record<LighthouseCategory, Spread>;
  /** Metric values (numericValue), over the runs. */
  metrics: Record<LighthouseMetric, Spread>;
  failing: FailingAudit[];
  /** The run (0-based) the main-thread figures come from: closest to the median FCP and TTI, as Lighthouse picks it. */
  representativeRun: number;
  /** Main-thread time per script, the largest first; total is Lighthouse's: evaluation and parsing of the scripts it lists. */
  bootup: { total: number; scripts: ScriptBootup[] };
  /** Main-thread time per kind of work, the largest first, and the total. */
  mainThread: { total: number; groups: MainThreadGroup[] };
  /** Lighthouse's measure of this machine's speed (higher is faster), median over the runs. */
  benchmarkIndex: number;
  /**
   * CPU time over wall time of the page's main-thread tasks, over the runs.
   * Lighthouse times tasks by the wall clock and its simulation multiplies
   * them, so when other work holds the CPUs (other programs, or on a
   * machine with few cores the browser's own processes and the stack) the
   * page waits inside its tasks and every main-thread figure, TBT above all,
   * grows with it; near 1 the figures are the page's own.
   */
  cpuShare: Spread;
  /**
   * Total blocking time counted from the tasks' CPU time times the preset's
   * slowdown, over the runs (lighthouse/mainThread.ts): what the page's own
   * work blocks on a slower core, without the waiting a busy machine adds.
   * Absent from reports written before it was measured.
   */
  cpuBlocking?: Spread;
  /** Lighthouse's run warnings, each once. */
  warnings: string[];
  /** The preset's round-trip time (its simulated network's RTT), in ms. */
  rttMs: number;
  /** The floor page's runs beside these (mobile only; absent from reports written before it was measured). */
  floor?: FloorAudit;
}

export interface LighthouseMeasurements {
  /** The day it was measured (absent from reports written before Lighthouse ran on its own). */
  date?: string;
  lighthouseVersion: string;
  /** Chromium's version, as Lighthouse saw it. */
  chromium: string;
  runs: number;
  audits: LighthouseAudit[];
  /** One-minute load average when measuring started and ended. */
  load: { start: number; end: number };
  /** Wall time of the whole measurement, stack and browsers included. */
  seconds: number;
}

/** One Lighthouse run: its report, how much of its main thread's task time had a CPU, and its blocking time from CPU time. */
interface Run {
  lhr: Result;
  cpuShare: number;
  cpuBlocking: number;
}

const TOP_SCRIPTS = 8;
const DETAIL_LINES = 5;

// Lighthouse's own launcher: its default flags are those Lighthouse is tested
// with (RenderDocument off, no background throttling). Playwright's launch
// would stay attached to every page and set each one up for itself while
// Lighthouse traces it; here Playwright connects only to sign in and to clear
// caches, and is gone before Lighthouse starts.
function launchForLighthouse(tls: TlsIdentity): Promise<LaunchedChrome> {
  // The stack's certificate is trusted by its key (a secure context, as in production), not by switching certificate checks off.
  const chromeFlags = [...CHROMIUM_ARGS, '--headless', '--lang=nl-NL', `--ignore-certificate-errors-spki-list=${tls.spki}`];
  return launch({ chromePath: CHROMIUM_PATH, chromeFlags, logLevel: 'silent' });
}

async function withCdp<T>(port: number, action: (context: BrowserContext) => Promise<T>): Promise<T> {
  const browser = await chromium.connectOverCDP(`http://127.0.0.1:${port}`);
  try {
    // The default context: the one Lighthouse opens its tab in.
    const context = browser.contexts()[0];
    if (!context) throw new Error('Chromium has no default browser context.');
    return await action(context);
  } finally {
    // Over CDP this only disconnects; Chromium keeps running with its cookies.
    await browser.close();
  }
}

/** Signs in through the provider's Dutch form, as measureSignIn does, and leaves the session in the browser's default context. */
async function signIn(port: number, urls: StackUrls, user: DemoUser): Promise<void> {
  await withCdp(port, async (context) => {
    const page = await context.newPage();
    try {
      await signInThroughForm(page, urls, user);
      await page.waitForFunction((mark) => performance.getEntriesByName(mark).length > 0, HOME_RENDERED_MARK, { timeout: 30_000 });
    } finally {
      await page.close();
    }
  });
}

/**
 * What Lighthouse's storage reset does (its default clearStorageTypes and the
 * HTTP cache), for runs where it is off: the app's service worker would
 * otherwise answer from its precache, and the HTTP cache from the last run.
 */
async function clearForColdLoad(port: number, appUrl: string): Promise<void> {
  await withCdp(port, async (context) => {
    const page = await context.newPage();
    try {
      const cdp = await context.newCDPSession(page);
      await cdp.send('Storage.clearDataForOrigin', {
        origin: new URL(appUrl).origin,
        storageTypes: 'file_systems,shader_cache,service_workers,cache_storage',
      });
      await cdp.send('Network.clearBrowserCache');
      // The memory cache is evicted by switching the cache off once.
      await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
      await cdp.send('Network.setCacheDisabled', { cacheDisabled: false });
    } finally {
      await page.close();
    }
  });
}

type Item = Record<string, unknown>;

function items(lhr: Result, auditId: string): Item[] {
  const details = lhr.audits[auditId]?.details;
  return details && 'items' in details && Array.isArray(details.items) ? (details.items as Item[]) : [];
}

function text(value: unknown): string | undefined {
  if (typeof value === 'string') return value;
  if (typeof value === 'number') return String(value);
  if (value && typeof value === 'object' && 'type' in value && value.type === 'node') {
    const node = value as { selector?: string; nodeLabel?: string; explanation?: string };
    return [node.selector, node.nodeLabel && `"${node.nodeLabel}"`, node.explanation?.replace(/\s+/g, ' ')].filter(Boolean).join(' ');
  }
  if (value && typeof value === 'object' && 'url' in value) return text(value.url);
  return undefined;
}

/** One line per item: the node or the message first, then whatever else the row says. */
function describe(item: Item): string {
  const first = ['node', 'description', 'value', 'issueType', 'source', 'url', 'scriptUrl'];
  const keys = [...first.filter((key) => key in item), ...Object.keys(item).filter((key) => !first.includes(key) && key !== 'subItems')];
  const line = keys
    .map((key) => text(item[key]))
    .filter((part) => part !== undefined && part !== '')
    .join(' | ');
  return line.length > 300 ? `${line.slice(0, 299)}…` : line;
}

function isFailing(audit: Result['audits'][string]): boolean {
  if (audit.scoreDisplayMode === 'error') return true;
  if (!['binary', 'numeric', 'metricSavings'].includes(audit.scoreDisplayMode)) return false;
  return audit.score !== null && audit.score < 1;
}

function failingAudits(lhrs: Result[]): FailingAudit[] {
  const byId = new Map<string, FailingAudit>();
  for (const lhr of lhrs) {
    for (const category of ['accessibility', 'best-practices'] as const) {
      for (const ref of lhr.categories[category]?.auditRefs ?? []) {
        const audit = lhr.audits[ref.id];
        if (!audit || !isFailing(audit)) continue;
        const seen = byId.get(ref.id);
        if (seen) {
          seen.failedRuns += 1;
          if (seen.score !== null && (audit.score === null || audit.score < seen.score)) seen.score = audit.score;
          continue;
        }
        const details = audit.errorMessage ? [audit.errorMessage] : items(lhr, ref.id).slice(0, DETAIL_LINES).map(describe);
        byId.set(ref.id, { category, id: ref.id, title: audit.title, score: audit.score, failedRuns: 1, details });
      }
    }
  }
  return [...byId.values()];
}

function numberOf(item: Item, key: string): number {
  const value = item[key];
  return typeof value === 'number' ? value : 0;
}

function summarize(layout: ApiLayout, page: LighthousePage, preset: LighthousePreset, runs: Run[]): LighthouseAudit {
  const lhrs = runs.map((run) => run.lhr);
  const score = (lhr: Result, category: LighthouseCategory) => {
    const value = lhr.categories[category]?.score;
    if (value === null || value === undefined) throw new Error(`Lighthouse gave ${page.path} (${preset}) no ${category} score.`);
    return Math.round(value * 100);
  };
  const metric = (lhr: Result, id: LighthouseMetric) => {
    const value = lhr.audits[id]?.numericValue;
    if (value === undefined) throw new Error(`Lighthouse measured no ${id} on ${page.path} (${preset}).`);
    return value;
  };
  const representative = computeMedianRun(lhrs);
  return {
    layout,
    page: page.id,
    path: page.path,
    signedIn: page.signedIn,
    preset,
    scores: Object.fromEntries(
      LIGHTHOUSE_CATEGORIES.map((id) => [id, spread(lhrs.map((lhr) => score(lhr, id)))]),
    ) as LighthouseAudit['scores'],
    metrics: Object.fromEntries(
      LIGHTHOUSE_METRICS.map((id) => [id, spread(lhrs.map((lhr) => metric(lhr, id)))]),
    ) as LighthouseAudit['metrics'],
    failing: failingAudits(lhrs),
    representativeRun: lhrs.indexOf(representative),
    bootup: {
      total: representative.audits['bootup-time']?.numericValue ?? 0,
      scripts: items(representative, 'bootup-time')
        .slice(0, TOP_SCRIPTS)
        .map((item) => ({
          url: String(item.url),
          total: numberOf(item, 'total'),
          scripting: numberOf(item, 'scripting'),
          parse: numberOf(item, 'scriptParseCompile'),
        })),
    },
    mainThread: {
      total: representative.audits['mainthread-work-breakdown']?.numericValue ?? 0,
      groups: items(representative, 'mainthread-work-breakdown')
        .map((item) => ({ group: String(item.group), label: String(item.groupLabel), duration: numberOf(item, 'duration') }))
        .sort((a, b) => b.duration - a.duration),
    },
    benchmarkIndex: spread(lhrs.map((lhr) => lhr.environment.benchmarkIndex)).median,
    cpuShare: spread(runs.map((run) => run.cpuShare)),
    cpuBlocking: spread(runs.map((run) => run.cpuBlocking)),
    warnings: [...new Set(lhrs.flatMap((lhr) => lhr.runWarnings.map(String)))],
    rttMs: representative.configSettings.throttling.rttMs ?? 0,
  };
}

function performanceOf(lhr: Result): number {
  const value = lhr.categories.performance?.score;
  if (value === null || value === undefined) throw new Error(`Lighthouse gave ${lhr.finalDisplayedUrl} no performance score.`);
  return Math.round(value * 100);
}

function summarizeFloor(runs: Run[]): FloorAudit {
  const lhrs = runs.map((run) => run.lhr);
  return {
    performance: spread(lhrs.map(performanceOf)),
    metrics: Object.fromEntries(
      LIGHTHOUSE_METRICS.map((id) => [id, spread(lhrs.map((lhr) => lhr.audits[id]?.numericValue ?? Number.NaN))]),
    ) as FloorAudit['metrics'],
    cpuShare: spread(runs.map((run) => run.cpuShare)),
    cpuBlocking: spread(runs.map((run) => run.cpuBlocking)),
  };
}

/** The scripts and stylesheets index.html links: what every cold start fetches first. */
function indexFiles(dist: string): string[] {
  const html = readFileSync(join(dist, 'index.html'), 'utf8');
  return [...html.matchAll(/<(?:script|link)\b[^>]*\b(?:src|href)="(\/[^"]+\.(?:js|css))"/g)].map((match) => match[1]!);
}

/**
 * Throws unless Lighthouse audited `page` itself: no error, no redirect (to
 * the sign-in page, above all), the home page's mark set, and the document
 * and the files index.html links fetched over the network, not from a cache.
 */
function checkAudited(lhr: Result, page: LighthousePage, appUrl: string, linked: readonly string[]): void {
  const where = `${page.path}${page.signedIn ? ' signed in' : ''}`;
  if (lhr.runtimeError) throw new Error(`Lighthouse could not audit ${where}: ${lhr.runtimeError.code} ${lhr.runtimeError.message}`);
  const expected = new URL(page.path, appUrl).href;
  for (const [name, url] of [
    ['final', lhr.finalDisplayedUrl],
    ['main document', lhr.mainDocumentUrl ?? lhr.finalDisplayedUrl],
  ] as const) {
    const seen = new URL(url);
    if (`${seen.origin}${seen.pathname}` === expected) continue;
    const why =
      page.signedIn && seen.pathname === '/account/login'
        ? ': the app sent it to the sign-in page, so the session of the sign-in was not there'
        : '';
    throw new Error(`Lighthouse audited ${url} (${name} URL) instead of ${expected}${why}.`);
  }
  if (page.signedIn && !items(lhr, 'user-timings').some((item) => item.name === HOME_RENDERED_MARK)) {
    throw new Error(`Lighthouse's run of ${where} ended without the ${HOME_RENDERED_MARK} mark: /app/home was not rendered signed in.`);
  }
  const fetched = new Set(
    items(lhr, 'network-requests')
      .filter((item) => item.sessionTargetType === 'page' && numberOf(item, 'transferSize') > 0)
      .map((item) => String(item.url)),
  );
  // A file served from the memory cache leaves no request at all, so missing counts as cached.
  const cached = [page.path, ...linked].map((path) => new URL(path, appUrl).href).filter((url) => !fetched.has(url));
  if (cached.length > 0) {
    const seen = items(lhr, 'network-requests')
      .filter((item) => cached.includes(String(item.url)))
      .map(
        (item) =>
          `${String(item.url)} (${String(item.sessionTargetType)}, ${numberOf(item, 'transferSize')} B, ${String(item.resourceType)}, status ${String(item.statusCode)})`,
      );
    throw new Error(
      `Not a cold load of ${where}: ${cached.join(', ')} did not come over the network. Seen: ${seen.join('; ') || 'no request'}.`,
    );
  }
}

/** The page's top-level main-thread tasks of one run, with what they tell (lighthouse/mainThread.ts). */
async function readMainThread(trace: Trace, lhr: Result): Promise<Pick<Run, 'cpuShare' | 'cpuBlocking'>> {
  const tasks = (await MainThreadTasks.request(trace, { computedCache: new Map() })).filter((task) => !task.parent);
  const times = tasks.map((task) => taskTimes(task));
  const observed = items(lhr, 'metrics')[0];
  const fcpTs = observed?.observedFirstContentfulPaintTs;
  if (typeof fcpTs !== 'number') throw new Error(`Lighthouse's run of ${lhr.finalDisplayedUrl} has no observed first contentful paint.`);
  return {
    cpuShare: cpuShareOf(times),
    cpuBlocking: blockingFromCpuTime(times, fcpTs, lhr.configSettings.throttling.cpuSlowdownMultiplier ?? 1),
  };
}

async function runLighthouse(
  url: string,
  port: number,
  preset: LighthousePreset,
  page: LighthousePage,
): Promise<{ lhr: Result; trace: Trace }> {
  const flags: Flags = {
    port,
    logLevel: 'error',
    onlyCategories: [...LIGHTHOUSE_CATEGORIES],
    // Signed in, nothing of the sign-in may be cleared: clearForColdLoad does what the reset would (whose clearStorageTypes spare cookies and IndexedDB anyway).
    disableStorageReset: page.signedIn,
  };
  const result = await lighthouse(url, flags, preset === 'desktop' ? desktopConfig : undefined);
  if (!result) throw new Error(`Lighthouse returned nothing for ${url} (${preset}).`);
  return { lhr: result.lhr, trace: result.artifacts.Trace };
}

/**
 * Now and then the renderer process Chromium starts for the page (a new site
 * after about:blank) begins tracing only after the navigation started, its
 * navigationStart is missing and Lighthouse gives up (NO_NAVSTART); more
 * often on a busy machine. Such a run is tried again.
 */
const ATTEMPTS = 3;

/** Every run of one page, by preset; the browser is Lighthouse's alone but for the sign-in and the cache clearing. */
async function runPage(
  page: LighthousePage,
  urls: StackUrls,
  user: DemoUser,
  options: LighthouseOptions & { runs: number; layout: ApiLayout; tls: TlsIdentity; floorApp: string },
): Promise<{ runs: Map<LighthousePreset, Run[]>; floor: Run[]; versions: { lighthouse: string; chromium: string } }> {
  const { runs, reportsDir, layout } = options;
  const log = (message: string) => options.log(`${message} (${layout})`);
  const url = new URL(page.path, urls.app).href;
  const floorUrl = new URL(page.path, options.floorApp).href;
  const linked = indexFiles(options.dist);
  const chrome = await launchForLighthouse(options.tls);
  // The floor page's own browser: no session, nothing of the app's runs in its caches.
  const floorChrome = await launchForLighthouse(options.tls);
  const floor: Run[] = [];
  try {
    // The user agent says 156.0.0.0 only; the browser endpoint has the full version.
    const version = (await (await fetch(`http://127.0.0.1:${chrome.port}/json/version`)).json()) as { Browser?: string };
    if (page.signedIn) {
      log(`  ${page.path}: signing in as ${user.userName}`);
      await signIn(chrome.port, urls, user);
    }
    const byPreset = new Map<LighthousePreset, Run[]>(LIGHTHOUSE_PRESETS.map((preset) => [preset, []]));
    // The presets take turns, so both see the same machine.
    for (let run = 0; run < runs; run += 1) {
      for (const preset of LIGHTHOUSE_PRESETS) {
        const started = Date.now();
        let measured: { lhr: Result; trace: Trace };
        for (let attempt = 1; ; attempt += 1) {
          if (page.signedIn) await clearForColdLoad(chrome.port, urls.app);
          measured = await runLighthouse(url, chrome.port, preset, page);
          const error = measured.lhr.runtimeError;
          if (!error || attempt === ATTEMPTS) break;
          log(`  ${page.path} ${preset} run ${run + 1}/${runs}: ${error.code}, trying again`);
        }
        const { lhr } = measured;
        checkAudited(lhr, page, urls.app, linked);
        const result: Run = { lhr, ...(await readMainThread(measured.trace, lhr)) };
        byPreset.get(preset)!.push(result);
        if (reportsDir) writeFileSync(join(reportsDir, `${layout}-${page.id}-${preset}-${run + 1}.json`), JSON.stringify(lhr));
        const performance = Math.round((lhr.categories.performance?.score ?? 0) * 100);
        const tbt = Math.round(lhr.audits['total-blocking-time']?.numericValue ?? 0);
        const seconds = ((Date.now() - started) / 1000).toFixed(1);
        log(
          `  ${page.path} ${preset} run ${run + 1}/${runs}: performance ${performance}, TBT ${tbt} ms, CPU share ${result.cpuShare.toFixed(2)}, from CPU time ${Math.round(result.cpuBlocking)} ms (${seconds} s)`,
        );
        if (preset !== 'mobile') continue;
        // The floor page right after the app's mobile run, so both see the same machine.
        const floorRun = await runFloor(floorUrl, floorChrome.port);
        floor.push(floorRun);
        if (reportsDir) writeFileSync(join(reportsDir, `${layout}-${page.id}-floor-mobile-${run + 1}.json`), JSON.stringify(floorRun.lhr));
        const floorTbt = Math.round(floorRun.lhr.audits['total-blocking-time']?.numericValue ?? 0);
        log(
          `  ${page.path} floor page mobile run ${run + 1}/${runs}: performance ${performanceOf(floorRun.lhr)}, TBT ${floorTbt} ms, from CPU time ${Math.round(floorRun.cpuBlocking)} ms`,
        );
      }
    }
    const lighthouseVersion = byPreset.get('mobile')?.[0]?.lhr.lighthouseVersion ?? 'unknown';
    return {
      runs: byPreset,
      floor,
      versions: { lighthouse: lighthouseVersion, chromium: version.Browser?.replace(/^\D*\//, '') ?? 'unknown' },
    };
  } finally {
    chrome.kill();
    floorChrome.kill();
  }
}

/** One mobile run of the floor page, tried again as the app's runs are; it must have rendered its heading where it was asked to. */
async function runFloor(url: string, port: number): Promise<Run> {
  const page: LighthousePage = { id: 'login', path: new URL(url).pathname, signedIn: false };
  for (let attempt = 1; ; attempt += 1) {
    const measured = await runLighthouse(url, port, 'mobile', page);
    const error = measured.lhr.runtimeError;
    if (error && attempt < ATTEMPTS) continue;
    if (error) throw new Error(`Lighthouse could not audit the floor page ${url}: ${error.code} ${error.message}`);
    if (!items(measured.lhr, 'user-timings').some((item) => item.name === FLOOR_RENDERED_MARK)) {
      throw new Error(
        `Lighthouse's run of the floor page ${url} ended without the ${FLOOR_RENDERED_MARK} mark: its heading was not rendered.`,
      );
    }
    return { lhr: measured.lhr, ...(await readMainThread(measured.trace, measured.lhr)) };
  }
}

/**
 * Lighthouse on the sign-in page (signed out) and on /app/home (signed in),
 * mobile and desktop, `runs` times each, in each layout. One stack per
 * layout serves the build; each page gets its own browser, so the
 * signed-out page sees no session.
 */
export async function measureLighthouse(options: LighthouseOptions): Promise<LighthouseMeasurements> {
  const runs = options.runs ?? 3;
  if (!Number.isInteger(runs) || runs < 1) throw new Error(`runs must be a whole number of at least 1, got ${runs}`);
  const started = Date.now();
  const loadAtStart = currentLoad();
  if (options.reportsDir) mkdirSync(options.reportsDir, { recursive: true });
  const audits: LighthouseAudit[] = [];
  let versions = { lighthouse: 'unknown', chromium: 'unknown' };
  const tls = selfSignedLocalhost();
  for (const layout of LIGHTHOUSE_LAYOUTS) {
    // The floor page is served as the app is: the same app server, over TLS and HTTP/2, in the same layout.
    const [stack, floorStack] = await Promise.all([
      startTestStack({ dist: options.dist, apiLayout: layout, tls }),
      startTestStack({ dist: options.floorDist, apiLayout: layout, tls }),
    ]);
    try {
      const admin = adminOf(stack);
      for (const page of LIGHTHOUSE_PAGES) {
        const measured = await runPage(page, stack.urls, admin, { ...options, runs, layout, tls, floorApp: floorStack.urls.app });
        versions = measured.versions;
        for (const [preset, results] of measured.runs) {
          audits.push({
            ...summarize(layout, page, preset, results),
            ...(preset === 'mobile' ? { floor: summarizeFloor(measured.floor) } : {}),
          });
        }
      }
    } finally {
      await Promise.all([stack.stop(), floorStack.stop()]);
    }
  }
  return {
    date: new Date().toISOString().slice(0, 10),
    lighthouseVersion: versions.lighthouse,
    chromium: versions.chromium,
    runs,
    audits,
    load: { start: loadAtStart, end: currentLoad() },
    seconds: Math.round((Date.now() - started) / 1000),
  };
}
