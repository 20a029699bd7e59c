import { cpSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import type { Browser, Response, Route } from 'playwright-core';
import { buildProduction } from '../support/build.ts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestStack } from '../../../devstack/test-stack.ts';
import { AppModel } from '../models/app.model.ts';
import { NL } from '../models/texts.ts';
import { WatchedContext } from '../models/watch.ts';
import { launchChromium, newContext } from '../support/chromium.ts';
import { browserEnv } from '../support/env.ts';
import { startTestStack } from '../support/stack.ts';
import { waitForPrecache } from '../support/serviceWorker.ts';
import { LONG_OUTCOME_MS, LONG_TEST_MS } from '../../support/limits.ts';

/**
 * The service worker as people meet it, with workers allowed: the app from
 * the worker's cache offline, pages opened before and pages not opened yet,
 * a start while the API refuses connections, and a new build deployed while
 * a tab is open.
 */

/** The responses of the app's own files (the shell, scripts, stylesheets), by path, from the moment it is called. */
function appFiles(app: AppModel): Map<string, Response> {
  const seen = new Map<string, Response>();
  const origin = app.stack.urls.app;
  app.page.on('response', (response) => {
    const url = new URL(response.url());
    const type = response.request().resourceType();
    if (url.origin === origin && (type === 'document' || type === 'script' || type === 'stylesheet')) seen.set(url.pathname, response);
  });
  return seen;
}

/** The paths of those the network answered instead of the worker. */
function fromNetwork(files: Map<string, Response>): string[] {
  return [...files].filter(([, response]) => !response.fromServiceWorker()).map(([path]) => path);
}

/** Whether the worker's precache holds the file (by its path). */
function precached(app: AppModel, path: string): Promise<boolean> {
  return app.page.evaluate(async (wanted) => {
    for (const name of await caches.keys()) {
      if (!name.includes('precache')) continue;
      if ((await (await caches.open(name)).keys()).some((request) => new URL(request.url).pathname === wanted)) return true;
    }
    return false;
  }, path);
}

function banner(app: AppModel) {
  return app.page.getByRole('region', { name: NL.connection.region });
}

describe('with the service worker', () => {
  const env = browserEnv();

  /** A fresh context with service workers allowed, for the test's steps; closed after them. */
  async function withWorker(steps: (watched: WatchedContext) => Promise<void>): Promise<void> {
    const watched = await WatchedContext.of(await newContext(env.browser, { serviceWorkers: 'allow' }), env.stack);
    try {
      await steps(watched);
    } finally {
      await watched.close();
    }
  }

  it('offline after one visit: a reload shows the app from the worker, and it goes on by itself once online', () =>
    withWorker(async (watched) => {
      const app = await AppModel.open(watched, '/account/login');
      await app.person.waitForLoginPage();
      const cached = await waitForPrecache(app.page);
      expect(Object.keys(cached).length, 'caches').toBeGreaterThan(0);

      await watched.context.setOffline(true);
      const files = appFiles(app);
      await app.page.reload();
      // The app's own screen, not the browser's "no internet" page: it says it waits.
      await app.expectWaitingForServer();
      expect(files.size, 'the shell and the start’s files were asked for').toBeGreaterThan(2);
      expect(fromNetwork(files), 'answered by the network').toEqual([]);
      expect(files.get('/account/login')?.status()).toBe(200);

      await watched.context.setOffline(false);
      // No click: back online, start-up tries at once.
      await app.person.waitForLoginPage();
      expect(app.consoleMatching(/Content Security Policy|Refused to|TrustedScriptURL/i)).toEqual([]);

      // Signing in offline says that it needs the connection, on the same page.
      await watched.context.setOffline(true);
      await app.signInButton.click();
      await app.see(NL.callback.providerUnreachable);
      await app.person.waitForLoginPage();
    }));

  it('signed in, offline: a reload of /app/home shows the app; a section opens from the precache, Beheer from what the worker kept when it was opened before, and a Beheer screen never opened says it needs the connection and opens once online', () =>
    withWorker(async (watched) => {
      const app = await AppModel.newPage(watched);
      await app.person.signInToHome();
      await waitForPrecache(app.page);
      // Beheer is not precached (scripts/build/precache.ts): the worker keeps its code when it is first opened.
      await app.openSection(NL.section.beheer);
      await app.waitForHeading(NL.section.beheer, { level: 1 });
      // The section's heading can stand while its screen's code is still on its way (its stylesheet first): wait for the code.
      await app.page.waitForFunction(() =>
        performance.getEntriesByType('resource').some((entry) => /^\/assets\/beheer\.lazy-[\w-]+\.js$/.test(new URL(entry.name).pathname)),
      );
      const beheerCode = await app.page.evaluate(() =>
        performance
          .getEntriesByType('resource')
          .map((entry) => new URL(entry.name).pathname)
          .filter((path) => /^\/assets\/beheer\.lazy-[\w-]+\.js$/.test(path)),
      );
      expect(beheerCode, 'Beheer’s code, fetched').toHaveLength(1);
      expect(await precached(app, beheerCode[0]!), 'Beheer’s code in the precache').toBe(false);

      // A new page, so nothing comes from memory: offline, the shell comes from the worker.
      await watched.context.setOffline(true);
      const files = appFiles(app);
      await app.goto('/app/home');
      await app.expectWaitingForServer();
      expect(fromNetwork(files), 'answered by the network').toEqual([]);
      await watched.context.setOffline(false);
      await app.waitForHeading(NL.shell.welcome);
      await app.waitForAfterStart();
      await app.markDocument();

      await watched.context.setOffline(true);
      await banner(app).getByText(NL.connection.offline).waitFor();
      // Never opened, and there offline: a business section is in the precache.
      await app.openSection(NL.section.uitvoering);
      await app.waitForHeading(NL.section.uitvoering, { level: 1 });
      await app.openSection(NL.section.beheer);
      await app.waitForHeading(NL.section.beheer, { level: 1 });
      // This document asked for it (now, or ahead of time on Home) and the worker answered.
      expect(files.get(beheerCode[0]!)?.fromServiceWorker(), 'Beheer’s code, from the worker').toBe(true);

      await app.page.getByRole('link', { name: new RegExp(`^${NL.beheer.roles}`) }).click();
      await app.waitForHeading(NL.errorPage.pageFailed, { level: 1 });
      await app.see(NL.errorPage.needsConnection);
      // The banner's words fit the page under it, and it holds the one way to try now.
      await banner(app).getByText(NL.connection.pageWaiting).waitFor();
      expect(await banner(app).getByText(NL.connection.kept).count()).toBe(0);
      expect(await app.page.getByRole('button', { name: /opnieuw proberen/i }).count(), 'retry controls').toBe(1);

      await watched.context.setOffline(false);
      // No click: the page loads once the browser is online.
      await app.waitForHeading(NL.beheer.roles, { level: 1 });
      await app.expectPageKept('/beheer/rollen', NL.beheer.roles);
    }));

  it('the API refuses connections at start: the busy screen says it waits, and the login page comes without a click once it answers', () =>
    withWorker(async (watched) => {
      const app = await AppModel.newPage(watched);
      const api = `${env.stack.urls.api}/**`;
      const refuse = (route: Route) => route.abort('connectionrefused');
      await watched.context.route(api, refuse);
      await app.goto('/app/home');
      await app.expectWaitingForServer();
      watched.expectLogged(/\[start-up\].*network \(0\)/s);
      await watched.context.unroute(api, refuse);
      await app.person.waitForLoginPage();
      await app.expectNotBusy();
    }));
});

describe('a new build deployed while a tab is open', () => {
  let site: string;
  let next: string;
  let stack: TestStack;
  let browser: Browser;

  beforeAll(async () => {
    site = mkdtempSync(join(tmpdir(), 'sw-site-'));
    next = mkdtempSync(join(tmpdir(), 'sw-next-'));
    cpSync(resolve('dist'), site, { recursive: true });
    // Another build of the same code: it is built at another moment, which "Over de applicatie" shows, so its files differ.
    await buildProduction(next);
    [browser, stack] = await Promise.all([launchChromium(), startTestStack({ dist: site })]);
  }, LONG_TEST_MS);

  afterAll(async () => {
    await Promise.all([browser?.close(), stack?.stop()]);
    for (const dir of [site, next]) if (dir) rmSync(dir, { recursive: true, force: true });
  });

  it('shows the update prompt, and after "Nu bijwerken" the tab runs the new build with no file of the old one', async () => {
    const oldFiles = new Set(readdirSync(join(site, 'assets')));
    const newFiles = new Set(readdirSync(join(next, 'assets')));
    const onlyOld = new Set([...oldFiles].filter((name) => !newFiles.has(name)));
    expect(onlyOld.size, 'the builds differ').toBeGreaterThan(0);

    const watched = await WatchedContext.of(await newContext(browser, { serviceWorkers: 'allow' }), stack);
    try {
      const app = await AppModel.newPage(watched);
      await app.person.signInToHome();
      await waitForPrecache(app.page);
      await app.waitForAfterStart();

      // The deploy: the new files next to the old ones (docs/deploy.md keeps the old hashed files a while).
      cpSync(next, site, { recursive: true });
      // Another tab opens the app: the browser finds the new worker, which installs and waits.
      const other = await watched.context.newPage();
      await other.goto(`${stack.urls.app}/app/home`);

      const prompt = app.page.getByRole('status').filter({ hasText: NL.update.available });
      await prompt.waitFor({ timeout: LONG_OUTCOME_MS });
      // Until accepted, the tab keeps its own build: opening a page fetches nothing of the new one.
      const before = appFiles(app);
      await app.openSection(NL.section.verkoop);
      await app.waitForHeading(NL.section.verkoop, { level: 1 });
      const fetchedEarly = [...before.keys()]
        .map((path) => path.replace('/assets/', ''))
        .filter((name) => newFiles.has(name) && !oldFiles.has(name));
      expect(fetchedEarly, 'files of the new build before the update').toEqual([]);

      const after = appFiles(app);
      await Promise.all([
        app.page.waitForEvent('load', { timeout: LONG_OUTCOME_MS }),
        prompt.getByRole('button', { name: NL.update.now }).click(),
      ]);
      await app.waitForHeading(NL.section.verkoop, { level: 1 });
      await app.openSection(NL.section.uitvoering);
      await app.waitForHeading(NL.section.uitvoering, { level: 1 });
      const assets = [...after.keys()].filter((path) => path.startsWith('/assets/')).map((path) => path.replace('/assets/', ''));
      expect(
        assets.filter((name) => onlyOld.has(name)),
        'files of the old build after the update',
      ).toEqual([]);
      expect(assets.filter((name) => newFiles.has(name) && !oldFiles.has(name)).length, 'files of the new build').toBeGreaterThan(0);
    } finally {
      await watched.close();
    }
  });
});
