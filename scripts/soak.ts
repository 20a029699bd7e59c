/**
 * npm run soak [-- --renewals N] [--offline-seconds S] [--no-build]
 *
 * A working day pressed into minutes: one person signed in with two tabs
 * against the local stack, the backend token living 61 s, so the session is
 * renewed every second or so (provider refresh with rotation, then a new
 * backend login), at least N times (default 500). On the way: a stretch
 * with one tab's CPU slowed four times and both on a slow network, and a
 * gap without any connection. Passes when no session was lost (no login
 * page, no "Opnieuw inloggen", no refused renewal outside the gap) and
 * neither tab's heap grew by 10 % or more between the first fifth of the
 * renewals and the end. Prints what it saw; exits 1 on a miss.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import type { BrowserContext, CDPSession, Page, Request } from 'playwright-core';
import { launchChromium } from '../devstack/chromium.ts';
import { startTestStack } from '../devstack/test-stack.ts';
import { buildApp } from './bench/measure/build.ts';
import { isRefreshGrant } from '../devstack/provider/token-requests.ts';

function option(name: string): string | undefined {
  const index = process.argv.indexOf(name);
  return index === -1 ? undefined : process.argv[index + 1];
}

/** Counts, in the page, the timers and event listeners alive: what a renewal leaves behind shows as growth. */
const COUNT_LIVE = `(() => {
  const timers = new Set();
  const listeners = new WeakMap();
  let listenerCount = 0;
  const { setTimeout: setTimeout0, clearTimeout: clearTimeout0, setInterval: setInterval0, clearInterval: clearInterval0 } = window;
  window.setTimeout = function (handler, ...rest) {
    const id = setTimeout0.call(window, function (...args) {
      timers.delete(id);
      return typeof handler === 'function' ? handler.apply(this, args) : undefined;
    }, ...rest);
    timers.add(id);
    return id;
  };
  window.clearTimeout = (id) => { timers.delete(id); return clearTimeout0.call(window, id); };
  window.setInterval = function (...args) { const id = setInterval0.apply(window, args); timers.add(id); return id; };
  window.clearInterval = (id) => { timers.delete(id); return clearInterval0.call(window, id); };
  const idOf = (type, options) => type + '|' + (typeof options === 'boolean' ? options : Boolean(options && options.capture));
  const { addEventListener: add0, removeEventListener: remove0 } = EventTarget.prototype;
  EventTarget.prototype.addEventListener = function (type, listener, options) {
    if (listener) {
      let mine = listeners.get(this);
      if (!mine) listeners.set(this, (mine = new Map()));
      const id = idOf(type, options);
      const same = mine.get(id) || new Set();
      if (!same.has(listener)) { same.add(listener); listenerCount += 1; }
      mine.set(id, same);
    }
    return add0.call(this, type, listener, options);
  };
  EventTarget.prototype.removeEventListener = function (type, listener, options) {
    const same = listeners.get(this)?.get(idOf(type, options));
    if (same && same.delete(listener)) listenerCount -= 1;
    return remove0.call(this, type, listener, options);
  };
  window.__soakLive = () => ({ timers: timers.size, listeners: listenerCount });
})();`;

export interface SoakOptions {
  renewals: number;
  offlineMs: number;
  /** How long the second tab is frozen, as a browser freezes a tab in the background. */
  frozenMs: number;
  /** Heap growth allowed from the baseline to the end (0.1: under 10 %); unchecked when absent (a run too short to tell). */
  maxHeapGrowth?: number;
  /** The production build to serve; built into a temporary folder when absent. */
  dist?: string;
  log: (message: string) => void;
}

export interface SoakReport {
  renewals: number;
  seconds: number;
  lostSessions: string[];
  refusedRenewals: number;
  refusedLogins: number;
  heap: { tab: string; start: number; end: number }[];
  live: { tab: string; start: { timers: number; listeners: number }; end: { timers: number; listeners: number } }[];
  problems: string[];
}

export async function runSoak(options: SoakOptions): Promise<SoakReport> {
  const { renewals: RENEWALS, offlineMs: OFFLINE_MS, frozenMs: FROZEN_MS, log } = options;
  /** The baseline after a fifth of the renewals; the slow stretch from 30 to 50 %, the frozen tab at 55 %, the offline gap at 60 %. */
  const WARM_UP = Math.round(RENEWALS * 0.2);
  const SLOW_FROM = Math.round(RENEWALS * 0.3);
  const SLOW_UNTIL = Math.round(RENEWALS * 0.5);
  const FREEZE_AT = Math.round(RENEWALS * 0.55);
  const OFFLINE_AT = Math.round(RENEWALS * 0.6);
  /** Timers or listeners more at the end than at the baseline that still count as the screen's own. */
  const LIVE_SLACK = 3;

  const isBackendLogin = (request: Request) => request.url().includes('/api/TokenAuth/ExternalAuthenticate');

  interface Tab {
    name: string;
    page: Page;
    cdp: CDPSession;
  }

  /**
   * The page's own objects on the heap after a full garbage collection: the
   * self size of every object, closure, array and string in a heap snapshot.
   * Left out: compiled code (V8 optimizes more functions as the run goes on)
   * and the browser's native bookkeeping, which grows with every request only
   * while a debugger is attached (DevTools' record of each request, which
   * Playwright's attachment keeps) or is capped (the resource timing buffer,
   * 250 entries). A heap snapshot of the soak showed those as the whole
   * growth; what is left is what the app itself keeps.
   */
  async function heapAfterGc(tab: Tab): Promise<number> {
    await tab.cdp.send('HeapProfiler.collectGarbage');
    await tab.cdp.send('HeapProfiler.collectGarbage');
    const chunks: string[] = [];
    const onChunk = (event: { chunk: string }) => chunks.push(event.chunk);
    tab.cdp.on('HeapProfiler.addHeapSnapshotChunk', onChunk);
    await tab.cdp.send('HeapProfiler.takeHeapSnapshot', { reportProgress: false });
    tab.cdp.off('HeapProfiler.addHeapSnapshotChunk', onChunk);
    const snapshot = JSON.parse(chunks.join('')) as {
      snapshot: { meta: { node_fields: string[]; node_types: [string[]] } };
      nodes: number[];
    };
    const fields = snapshot.snapshot.meta.node_fields;
    const types = snapshot.snapshot.meta.node_types[0];
    const typeAt = fields.indexOf('type');
    const sizeAt = fields.indexOf('self_size');
    const own = new Set([
      'object',
      'closure',
      'array',
      'string',
      'concatenated string',
      'sliced string',
      'regexp',
      'number',
      'bigint',
      'hidden',
      'object shape',
    ]);
    let bytes = 0;
    for (let index = 0; index < snapshot.nodes.length; index += fields.length) {
      if (own.has(types[snapshot.nodes[index + typeAt]!]!)) bytes += snapshot.nodes[index + sizeAt]!;
    }
    return bytes;
  }

  async function openTab(context: BrowserContext, name: string): Promise<Tab> {
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send('HeapProfiler.enable');
    return { name, page, cdp };
  }

  const root = resolve(import.meta.dirname, '..');
  const buildDir = options.dist ?? mkdtempSync(join(tmpdir(), 'soak-dist-'));
  if (!options.dist) {
    log('Building the app for production…');
    await buildApp(buildDir, root);
  }
  const stack = await startTestStack({ dist: buildDir, backendTokenTtl: 61 });
  const browser = await launchChromium();
  const started = Date.now();
  const problems: string[] = [];
  let offline = false;
  let renewals = 0;
  let refusedRenewals = 0;
  let refusedLogins = 0;
  let nonceChallenges = 0;
  const lost: string[] = [];
  const heap: SoakReport['heap'] = [];
  const live: SoakReport['live'] = [];

  try {
    const context = await browser.newContext({ locale: 'nl-NL', timezoneId: 'Europe/Amsterdam', serviceWorkers: 'block' });
    await context.addInitScript({ content: COUNT_LIVE });
    context.on('requestfinished', (request) => {
      // A request that finished as the context closed has no answer left to read, and nothing to count.
      const answered = request.response().catch(() => null);
      void answered.then(async (response) => {
        if (!response) return;
        if (isRefreshGrant(request)) {
          if (response.ok()) renewals += 1;
          // The provider's DPoP nonce challenge (RFC 9449 §8) is answered with a second request: part of the protocol, not a refusal.
          else if (response.status() === 400 && (await response.text().catch(() => '')).includes('use_dpop_nonce')) nonceChallenges += 1;
          else if (!offline) {
            refusedRenewals += 1;
            log(`refused renewal: ${response.status()} ${await response.text().catch(() => '')}`);
          }
        } else if (isBackendLogin(request) && !response.ok() && !offline) {
          refusedLogins += 1;
          log(`refused backend login: ${response.status()}`);
        }
      });
    });
    context.on('requestfailed', (request) => {
      if ((isRefreshGrant(request) || isBackendLogin(request)) && !offline) {
        refusedRenewals += 1;
        log(`renewal without an answer: ${request.url()} ${request.failure()?.errorText ?? ''}`);
      }
    });

    const first = await openTab(context, 'first tab');
    await first.page.goto(`${stack.urls.app}/account/login`);
    await first.page.getByRole('button', { name: 'Inloggen', exact: true }).click();
    await first.page.getByLabel('Gebruikersnaam').fill('admin');
    await first.page.getByLabel('Wachtwoord').fill('123qwe');
    await first.page.getByRole('button', { name: 'Inloggen', exact: true }).click();
    await first.page.waitForURL(`${stack.urls.app}/app/home`, { timeout: 30_000 });
    const second = await openTab(context, 'second tab');
    await second.page.goto(`${stack.urls.app}/app/home`);
    await second.page.getByRole('heading', { level: 1 }).waitFor({ timeout: 30_000 });
    const tabs = [first, second];
    for (const tab of tabs) {
      tab.page.on('framenavigated', (frame) => {
        if (frame === tab.page.mainFrame() && new URL(frame.url()).pathname.startsWith('/account/login'))
          lost.push(`${tab.name} went to the login page after ${renewals} renewals`);
      });
    }

    const waitForRenewals = async (count: number) => {
      const deadline = Date.now() + Math.max(120_000, (count - renewals) * 10_000);
      while (renewals < count) {
        if (Date.now() > deadline) throw new Error(`only ${renewals} renewals, waiting for ${count}`);
        for (const tab of tabs) {
          if (await tab.page.getByRole('button', { name: 'Opnieuw inloggen' }).isVisible()) {
            lost.push(`${tab.name} asks to sign in again after ${renewals} renewals`);
            throw new Error(lost.at(-1));
          }
        }
        await new Promise((resolve) => setTimeout(resolve, 500));
      }
    };

    const slow = async (on: boolean) => {
      await second.cdp.send('Emulation.setCPUThrottlingRate', { rate: on ? 4 : 1 });
      for (const tab of tabs) {
        await tab.cdp.send('Network.enable');
        await tab.cdp.send(
          'Network.emulateNetworkConditions',
          on
            ? { offline: false, latency: 150, downloadThroughput: 200_000, uploadThroughput: 90_000 }
            : { offline: false, latency: 0, downloadThroughput: -1, uploadThroughput: -1 },
        );
      }
    };
    const freeze = async (ms: number) => {
      await second.cdp.send('Page.enable');
      await second.cdp.send('Page.setWebLifecycleState', { state: 'frozen' });
      await new Promise((resolve) => setTimeout(resolve, ms));
      await second.cdp.send('Page.setWebLifecycleState', { state: 'active' });
    };
    const offlineGap = async (ms: number) => {
      offline = true;
      await context.setOffline(true);
      await new Promise((resolve) => setTimeout(resolve, ms));
      await context.setOffline(false);
      await waitForRenewals(renewals + 1);
      offline = false;
    };

    log(`Signed in; renewing ${RENEWALS} times.`);
    // Each disturbance once, briefly, before the baseline: the screens they bring (the connection and
    // session banners) load their code once, which is no growth with the renewals.
    await slow(true);
    await waitForRenewals(renewals + 2);
    await slow(false);
    await freeze(3_000);
    await offlineGap(3_000);
    log(`${renewals} renewals: every disturbance tried once.`);
    await waitForRenewals(WARM_UP);
    const liveOf = (tab: Tab) =>
      tab.page.evaluate(() => (window as unknown as { __soakLive: () => { timers: number; listeners: number } }).__soakLive());
    const baseline = await Promise.all(tabs.map(heapAfterGc));
    const liveAtStart = await Promise.all(tabs.map(liveOf));
    log(`${renewals} renewals: heap ${baseline.map((bytes) => `${(bytes / 1e6).toFixed(2)} MB`).join(', ')} (the baseline)`);

    await waitForRenewals(SLOW_FROM);
    log(`${renewals} renewals: the second tab's CPU 4x slower, both on a slow network.`);
    await slow(true);
    await waitForRenewals(SLOW_UNTIL);
    await slow(false);
    log(`${renewals} renewals: full speed again.`);

    await waitForRenewals(FREEZE_AT);
    log(`${renewals} renewals: the second tab frozen for ${FROZEN_MS / 1000} s, as a tab in the background.`);
    await freeze(FROZEN_MS);

    await waitForRenewals(OFFLINE_AT);
    log(`${renewals} renewals: offline for ${OFFLINE_MS / 1000} s.`);
    await offlineGap(OFFLINE_MS);
    log(`${renewals} renewals: online again, renewing.`);

    // The heap on the way, so a trend shows (growth that keeps on is a leak; growth that stops is warm-up).
    for (const share of [0.8, 0.9]) {
      await waitForRenewals(Math.round(RENEWALS * share));
      log(
        `${renewals} renewals: heap ${(await Promise.all(tabs.map(heapAfterGc))).map((bytes) => `${(bytes / 1e6).toFixed(2)} MB`).join(', ')}`,
      );
    }
    await waitForRenewals(RENEWALS);
    const end = await Promise.all(tabs.map(heapAfterGc));
    const liveAtEnd = await Promise.all(tabs.map(liveOf));
    for (const [index, tab] of tabs.entries()) {
      const growth = end[index]! / baseline[index]! - 1;
      heap.push({ tab: tab.name, start: baseline[index]!, end: end[index]! });
      live.push({ tab: tab.name, start: liveAtStart[index]!, end: liveAtEnd[index]! });
      log(
        `${tab.name}: heap ${(baseline[index]! / 1e6).toFixed(2)} MB → ${(end[index]! / 1e6).toFixed(2)} MB (${(growth * 100).toFixed(1)} %)`,
      );
      log(
        `${tab.name}: timers ${liveAtStart[index]!.timers} → ${liveAtEnd[index]!.timers}, listeners ${liveAtStart[index]!.listeners} → ${liveAtEnd[index]!.listeners}`,
      );
      if (options.maxHeapGrowth !== undefined && growth >= options.maxHeapGrowth)
        problems.push(`${tab.name}'s heap grew ${(growth * 100).toFixed(1)} % (budget < ${options.maxHeapGrowth * 100} %)`);
      // A few come and go with the screen (a pending timer, a banner's listener); growth with the renewals is a leak.
      if (liveAtEnd[index]!.timers > liveAtStart[index]!.timers + LIVE_SLACK)
        problems.push(`${tab.name} left ${liveAtEnd[index]!.timers - liveAtStart[index]!.timers} timers behind`);
      if (liveAtEnd[index]!.listeners > liveAtStart[index]!.listeners + LIVE_SLACK)
        problems.push(`${tab.name} left ${liveAtEnd[index]!.listeners - liveAtStart[index]!.listeners} listeners behind`);
    }
    for (const tab of tabs) {
      if (!new URL(tab.page.url()).pathname.startsWith('/app/home')) lost.push(`${tab.name} ended on ${tab.page.url()}`);
    }
  } catch (error) {
    problems.push(error instanceof Error ? error.message : String(error));
  } finally {
    await browser.close();
    await stack.stop();
    if (!options.dist) rmSync(buildDir, { recursive: true, force: true });
  }

  if (refusedRenewals > 0) problems.push(`${refusedRenewals} renewals refused or without an answer while online`);
  if (refusedLogins > 0) problems.push(`${refusedLogins} backend logins refused while online`);
  problems.push(...lost);
  const seconds = Math.round((Date.now() - started) / 1000);
  log(
    `${renewals} renewals in ${seconds} s; lost sessions: ${lost.length}; refused renewals: ${refusedRenewals}; refused backend logins: ${refusedLogins}; DPoP nonce challenges answered: ${nonceChallenges}.`,
  );
  return { renewals, seconds, lostSessions: lost, refusedRenewals, refusedLogins, heap, live, problems };
}

if (process.argv[1] && resolve(process.argv[1]) === resolve(import.meta.filename)) {
  const report = await runSoak({
    renewals: Number(option('--renewals') ?? 500),
    offlineMs: Number(option('--offline-seconds') ?? 20) * 1000,
    frozenMs: Number(option('--frozen-seconds') ?? 30) * 1000,
    maxHeapGrowth: 0.1,
    dist: process.argv.includes('--no-build') ? resolve(import.meta.dirname, '..', 'dist') : undefined,
    log: (message) => process.stderr.write(`${message}\n`),
  });
  if (report.problems.length > 0) {
    for (const problem of report.problems) process.stderr.write(`MISS: ${problem}\n`);
    process.exitCode = 1;
  } else {
    process.stderr.write('Soak passed.\n');
  }
}
