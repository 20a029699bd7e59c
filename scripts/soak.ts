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
import { buildApp } from './bench/build.ts';

function option(name: string): string | undefined {
  const index = process.argv.indexOf(name);
  return index === -1 ? undefined : process.argv[index + 1];
}

const RENEWALS = Number(option('--renewals') ?? 500);
const OFFLINE_MS = Number(option('--offline-seconds') ?? 20) * 1000;
/** Heap growth allowed between the baseline (after the warm-up) and the end. */
const MAX_HEAP_GROWTH = 0.1;
/** The baseline after a fifth of the renewals; the slow stretch from 30 to 50 %, the offline gap at 60 %. */
const WARM_UP = Math.round(RENEWALS * 0.2);
const SLOW_FROM = Math.round(RENEWALS * 0.3);
const SLOW_UNTIL = Math.round(RENEWALS * 0.5);
const OFFLINE_AT = Math.round(RENEWALS * 0.6);

function log(message: string): void {
  process.stderr.write(`${message}\n`);
}

const isRefreshGrant = (request: Request) =>
  request.method() === 'POST' && request.url().endsWith('/token') && (request.postData() ?? '').includes('grant_type=refresh_token');
const isBackendLogin = (request: Request) => request.url().includes('/api/TokenAuth/ExternalAuthenticate');

interface Tab {
  name: string;
  page: Page;
  cdp: CDPSession;
}

/** Used JS heap after a full garbage collection. */
async function heapAfterGc(tab: Tab): Promise<number> {
  await tab.cdp.send('HeapProfiler.collectGarbage');
  await tab.cdp.send('HeapProfiler.collectGarbage');
  const { usedSize } = await tab.cdp.send('Runtime.getHeapUsage');
  return usedSize;
}

async function openTab(context: BrowserContext, name: string): Promise<Tab> {
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('HeapProfiler.enable');
  return { name, page, cdp };
}

const root = resolve(import.meta.dirname, '..');
const buildDir = process.argv.includes('--no-build') ? resolve(root, 'dist') : mkdtempSync(join(tmpdir(), 'soak-dist-'));
if (!process.argv.includes('--no-build')) {
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
const lost: string[] = [];

try {
  const context = await browser.newContext({ locale: 'nl-NL', timezoneId: 'Europe/Amsterdam', serviceWorkers: 'block' });
  context.on('requestfinished', (request) => {
    void request.response().then((response) => {
      if (isRefreshGrant(request)) {
        if (response?.ok()) renewals += 1;
        else if (!offline) refusedRenewals += 1;
      } else if (isBackendLogin(request) && !response?.ok() && !offline) refusedLogins += 1;
    });
  });
  context.on('requestfailed', (request) => {
    if ((isRefreshGrant(request) || isBackendLogin(request)) && !offline) refusedRenewals += 1;
  });

  const first = await openTab(context, 'first tab');
  await first.page.goto(`${stack.urls.app}/account/login`);
  await first.page.getByRole('button', { name: 'Inloggen' }).click();
  await first.page.getByLabel('Gebruikersnaam').fill('admin');
  await first.page.getByLabel('Wachtwoord').fill('123qwe');
  await first.page.getByRole('button', { name: 'Inloggen' }).click();
  await first.page.waitForURL(`${stack.urls.app}/app/home`, { timeout: 30_000 });
  const second = await openTab(context, 'second tab');
  await second.page.goto(`${stack.urls.app}/app/home`);
  await second.page.getByRole('heading', { level: 1 }).waitFor({ timeout: 30_000 });
  const tabs = [first, second];
  for (const tab of tabs) {
    tab.page.on('framenavigated', (frame) => {
      if (frame === tab.page.mainFrame() && new URL(frame.url()).pathname.startsWith('/account/login')) lost.push(`${tab.name} went to the login page after ${renewals} renewals`);
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

  log(`Signed in; renewing ${RENEWALS} times.`);
  await waitForRenewals(WARM_UP);
  const baseline = await Promise.all(tabs.map(heapAfterGc));
  log(`${renewals} renewals: heap ${baseline.map((bytes) => `${(bytes / 1e6).toFixed(2)} MB`).join(', ')} (the baseline)`);

  await waitForRenewals(SLOW_FROM);
  log(`${renewals} renewals: the second tab's CPU 4x slower, both on a slow network.`);
  await second.cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
  for (const tab of tabs) {
    await tab.cdp.send('Network.enable');
    await tab.cdp.send('Network.emulateNetworkConditions', { offline: false, latency: 150, downloadThroughput: 200_000, uploadThroughput: 90_000 });
  }
  await waitForRenewals(SLOW_UNTIL);
  await second.cdp.send('Emulation.setCPUThrottlingRate', { rate: 1 });
  for (const tab of tabs) await tab.cdp.send('Network.emulateNetworkConditions', { offline: false, latency: 0, downloadThroughput: -1, uploadThroughput: -1 });
  log(`${renewals} renewals: full speed again.`);

  await waitForRenewals(OFFLINE_AT);
  log(`${renewals} renewals: offline for ${OFFLINE_MS / 1000} s.`);
  offline = true;
  await context.setOffline(true);
  await new Promise((resolve) => setTimeout(resolve, OFFLINE_MS));
  await context.setOffline(false);
  const back = renewals;
  await waitForRenewals(back + 1);
  offline = false;
  log(`${renewals} renewals: online again, renewing.`);

  await waitForRenewals(RENEWALS);
  const end = await Promise.all(tabs.map(heapAfterGc));
  for (const [index, tab] of tabs.entries()) {
    const growth = end[index]! / baseline[index]! - 1;
    log(`${tab.name}: heap ${(baseline[index]! / 1e6).toFixed(2)} MB → ${(end[index]! / 1e6).toFixed(2)} MB (${(growth * 100).toFixed(1)} %)`);
    if (growth >= MAX_HEAP_GROWTH) problems.push(`${tab.name}'s heap grew ${(growth * 100).toFixed(1)} % (budget < ${MAX_HEAP_GROWTH * 100} %)`);
  }
  for (const tab of tabs) {
    if (!new URL(tab.page.url()).pathname.startsWith('/app/home')) lost.push(`${tab.name} ended on ${tab.page.url()}`);
  }
} catch (error) {
  problems.push(error instanceof Error ? error.message : String(error));
} finally {
  await browser.close();
  await stack.stop();
  if (!process.argv.includes('--no-build')) rmSync(buildDir, { recursive: true, force: true });
}

if (refusedRenewals > 0) problems.push(`${refusedRenewals} renewals refused or without an answer while online`);
if (refusedLogins > 0) problems.push(`${refusedLogins} backend logins refused while online`);
problems.push(...lost);
log(`${renewals} renewals in ${Math.round((Date.now() - started) / 1000)} s; lost sessions: ${lost.length}; refused renewals: ${refusedRenewals}; refused backend logins: ${refusedLogins}.`);
if (problems.length > 0) {
  for (const problem of problems) log(`MISS: ${problem}`);
  process.exitCode = 1;
} else {
  log('Soak passed.');
}
