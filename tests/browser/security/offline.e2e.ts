import type { Route } from 'playwright-core';
import { describe, expect } from 'vitest';
import { NL, eventually, type AppPage, type WatchedContext } from './models/watched.model.ts';
import { securityCase } from './support/cases.ts';
import { securitySuite } from './support/harness.ts';
import { waitForAfterStart } from '../support/afterStart.ts';
import { openUserMenu } from '../support/userMenu.ts';

const suite = securitySuite(import.meta.filename);

const BANNER = {
  offline: 'Je bent offline.',
  unreachable: 'De server is niet bereikbaar.',
  kept: 'Deze pagina blijft zoals ze is.',
  countdown: /^Opnieuw proberen over \d+ seconden?\.$/,
  tryNow: 'Nu opnieuw proberen',
  restored: 'De verbinding is hersteld.',
} as const;

const PAGE_FAILED = 'Deze pagina kon niet worden geladen';

/** Signed in on /app/home with the connection watch loaded (it comes once the browser is idle after start-up). */
async function signedInHome(watched: WatchedContext): Promise<AppPage> {
  const page = await watched.newPage();
  await page.signInToHome();
  await waitForAfterStart(page.page);
  await page.markDocument();
  return page;
}

function banner(page: AppPage) {
  return page.page.getByRole('region', { name: 'Verbinding' });
}

/** The banner says why, that the page stays, when it tries again, and offers to try now. */
async function expectLostBanner(page: AppPage, cause: string) {
  const region = banner(page);
  await region.getByText(cause).waitFor({ timeout: 10_000 });
  await region.getByText(BANNER.kept).waitFor();
  // Between attempts (not while one is under way): the countdown, and "try now" can be pressed.
  await eventually(
    async () =>
      BANNER.countdown.test((await region.locator('.connection-banner__next').textContent()) ?? '') &&
      (await region.getByRole('button', { name: BANNER.tryNow }).isEnabled()),
    'the countdown to the next attempt, and "try now" enabled',
  );
}

/** Nothing of the page was lost: same document, same address, same heading, still signed in. */
async function expectPageKept(page: AppPage, path = '/app/home', heading: string = NL.welcome) {
  expect(await page.documentStillMarked(), 'the page was not reloaded').toBe(true);
  expect(new URL(page.page.url()).pathname).toBe(path);
  await page.page.getByRole('heading', { level: 1, name: heading }).waitFor({ timeout: 1000 });
  await page.watched.expectBackendToken();
}

function probes(watched: WatchedContext): number {
  const api = watched.stack.urls.api;
  return watched.requests.filter((request) => request.method() === 'HEAD' && request.url().startsWith(api)).length;
}

describe('offline after the app was loaded', () => {
  securityCase.concurrent('the browser goes offline: a banner says so and counts down, the page stays, and it clears once online', () =>
    suite.run(async (watched) => {
      const page = await signedInHome(watched);
      await watched.context.setOffline(true);
      await expectLostBanner(page, BANNER.offline);
      watched.expectLogged(/\[connection\] lost \(the browser is offline\)/);
      await expectPageKept(page);

      // Trying now while still offline fails, and the banner stays with the next wait.
      const before = probes(watched);
      await banner(page).getByRole('button', { name: BANNER.tryNow }).click();
      await eventually(() => probes(watched) > before, 'an attempt to reach the API');
      await expectLostBanner(page, BANNER.offline);

      await watched.context.setOffline(false);
      await page.page.getByRole('status').filter({ hasText: BANNER.restored }).waitFor({ timeout: 10_000 });
      watched.expectLogged(/\[connection\] the API answers again/);
      await eventually(async () => (await page.page.getByText(BANNER.restored).count()) === 0, 'the notice goes away');
      await expectPageKept(page);
      await page.expectNoLeaks();
    }),
  );

  securityCase.concurrent('the API stops answering: the failed request brings the banner, attempts back off, and it clears when the API answers', () =>
    suite.run(async (watched) => {
      const page = await signedInHome(watched);
      const api = `${watched.stack.urls.api}/**`;
      const refuse = (route: Route) => route.abort('connectionrefused');
      await page.page.route(api, refuse);

      await openUserMenu(page.page);
      await page.page.getByLabel('Taal').selectOption('en-US');
      await page.see(NL.languageFailed);
      await expectLostBanner(page, BANNER.unreachable);
      watched.expectLogged(/\[connection\] lost \(a request got no answer\)/);
      await expectPageKept(page);

      // It tries again by itself (after 2 s, then after 4 s), and stays while the API gives no answer.
      await eventually(() => probes(watched) >= 2, 'two attempts without the person asking', 15_000);
      await expectLostBanner(page, BANNER.unreachable);
      await page.page.unroute(api, refuse);
      await banner(page).getByRole('button', { name: BANNER.tryNow }).click();
      await page.page.getByRole('status').filter({ hasText: BANNER.restored }).waitFor({ timeout: 10_000 });

      // Back: the language change the person tried works now, on the same page.
      await page.page.getByLabel('Taal').selectOption('en-US');
      await page.page.getByRole('heading', { name: 'Welcome, Beheerder' }).waitFor({ timeout: 10_000 });
      expect(await page.documentStillMarked(), 'no reload').toBe(true);
      await page.expectNoLeaks();
    }),
  );

  securityCase.concurrent('offline, a section whose code is not loaded yet: a Dutch error inside the shell, and "Opnieuw proberen" loads it once online', () =>
    suite.run(async (watched) => {
      const page = await signedInHome(watched);
      await watched.context.setOffline(true);
      await page.page.getByRole('navigation', { name: 'Onderdelen' }).getByRole('link', { name: 'Verkoop' }).click();
      await page.page.getByRole('heading', { name: PAGE_FAILED }).waitFor({ timeout: 10_000 });
      await page.see('Controleer de verbinding en probeer het opnieuw.');
      await page.expectNotBusy();
      await expectLostBanner(page, BANNER.offline);
      // The shell stays: navigation and sign-out are still there.
      await openUserMenu(page.page);
      expect(await page.page.getByRole('button', { name: 'Uitloggen' }).count()).toBe(1);
      watched.expectLogged(/\[route\]/);

      await watched.context.setOffline(false);
      await page.page.getByRole('button', { name: 'Opnieuw proberen', exact: true }).click();
      await page.page.getByRole('heading', { level: 1, name: 'Verkoop' }).waitFor({ timeout: 10_000 });
      await expectPageKept(page, '/verkoop', 'Verkoop');
      await page.expectNoLeaks();
    }),
  );
});
