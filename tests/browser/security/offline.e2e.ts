import type { Route } from 'playwright-core';
import { describe, expect } from 'vitest';
import { AppModel } from '../models/app.model.ts';
import { EN, NL } from '../models/texts.ts';
import { eventually, type WatchedContext } from '../models/watch.ts';
import { securityCase } from './support/cases.ts';
import { securitySuite } from './support/harness.ts';
import { OUTCOME_MS, SLOW_OUTCOME_MS } from '../../support/limits.ts';

const suite = securitySuite(import.meta.filename);

/** Signed in on /app/home (admin unless told) with the connection watch loaded (it comes once the browser is idle after start-up). */
async function signedInHome(watched: WatchedContext, person?: { userName: string; greeting: RegExp }): Promise<AppModel> {
  const app = await AppModel.newPage(watched);
  await app.person.signInToHome(person?.userName, undefined, person?.greeting);
  await app.waitForAfterStart();
  await app.markDocument();
  return app;
}

function banner(app: AppModel) {
  return app.page.getByRole('region', { name: NL.connection.region });
}

/** The banner says why, that the page stays, when it tries again, and offers to try now. */
async function expectLostBanner(app: AppModel, cause: string) {
  const region = banner(app);
  await region.getByText(cause).waitFor({ timeout: OUTCOME_MS });
  await region.getByText(NL.connection.kept).waitFor();
  // Between attempts (not while one is under way): the countdown, and "try now" can be pressed.
  await eventually(
    async () =>
      NL.connection.countdown.test((await region.locator('.connection-banner__next').textContent()) ?? '') &&
      (await region.getByRole('button', { name: NL.connection.tryNow }).isEnabled()),
    'the countdown to the next attempt, and "try now" enabled',
  );
}

function probes(watched: WatchedContext): number {
  const api = watched.stack.urls.api;
  return watched.requests.filter((request) => request.method() === 'HEAD' && request.url().startsWith(api)).length;
}

describe('offline after the app was loaded', () => {
  securityCase.concurrent('the browser goes offline: a banner says so and counts down, the page stays, and it clears once online', () =>
    suite.run(async (watched) => {
      const app = await signedInHome(watched);
      await watched.context.setOffline(true);
      await expectLostBanner(app, NL.connection.offline);
      watched.expectLogged(/\[connection\] lost \(the browser is offline\)/);
      await app.expectPageKept();

      // Trying now while still offline fails, and the banner stays with the next wait.
      const before = probes(watched);
      await banner(app).getByRole('button', { name: NL.connection.tryNow }).click();
      await eventually(() => probes(watched) > before, 'an attempt to reach the API');
      await expectLostBanner(app, NL.connection.offline);

      await watched.context.setOffline(false);
      await app.page.getByRole('status').filter({ hasText: NL.connection.restored }).waitFor({ timeout: OUTCOME_MS });
      watched.expectLogged(/\[connection\] the API answers again/);
      await eventually(async () => (await app.page.getByText(NL.connection.restored).count()) === 0, 'the notice goes away');
      await app.expectPageKept();
      await app.expectNoLeaks();
    }),
  );

  securityCase.concurrent(
    'the API stops answering: the failed request brings the banner, attempts back off, and it clears when the API answers',
    () =>
      suite.run(async (watched) => {
        // ABP keeps a language chosen for the person, and the cases beside this one sign admin in: this one is Piet's.
        const app = await signedInHome(watched, { userName: 'monteur', greeting: NL.shell.welcomeOf('Piet') });
        const api = `${watched.stack.urls.api}/**`;
        const refuse = (route: Route) => route.abort('connectionrefused');
        await app.page.route(api, refuse);

        await app.chooseLanguage('en');
        await app.see(NL.shell.languageFailed);
        await expectLostBanner(app, NL.connection.unreachable);
        watched.expectLogged(/\[connection\] lost \(a request got no answer\)/);
        await app.expectPageKept('/app/home', NL.shell.welcomeOf('Piet'));

        // It tries again by itself (after 2 s, then after 4 s), and stays while the API gives no answer.
        await eventually(() => probes(watched) >= 2, 'two attempts without the person asking', SLOW_OUTCOME_MS);
        await expectLostBanner(app, NL.connection.unreachable);
        await app.page.unroute(api, refuse);
        await banner(app).getByRole('button', { name: NL.connection.tryNow }).click();
        await app.page.getByRole('status').filter({ hasText: NL.connection.restored }).waitFor({ timeout: OUTCOME_MS });

        // Back: the language change the person tried works now, on the same page.
        await app.chooseLanguage('en');
        await app.waitForHeading(EN.shell.welcomeOf('Piet'));
        expect(await app.documentStillMarked(), 'no reload').toBe(true);
        await app.expectNoLeaks();
        // ABP keeps the choice for the person: Dutch again, as Piet had it.
        await app.chooseLanguage('nl');
        await app.waitForHeading(NL.shell.welcomeOf('Piet'));
      }),
  );

  /** Signed in on Home, then offline: Verkoop, whose code was never fetched, says it needs the connection. */
  async function offlineAtSectionNeverOpened(watched: WatchedContext): Promise<AppModel> {
    const app = await signedInHome(watched);
    await watched.context.setOffline(true);
    await app.openSection(NL.section.verkoop);
    await app.waitForHeading(NL.errorPage.pageFailed);
    await app.see(NL.errorPage.needsConnection);
    return app;
  }

  securityCase.concurrent(
    'offline, a section whose code is not loaded yet: inside the shell it says it needs the connection, and it opens by itself once online',
    () =>
      suite.run(async (watched) => {
        const app = await offlineAtSectionNeverOpened(watched);
        await app.expectNotBusy();
        await banner(app).getByText(NL.connection.pageWaiting).waitFor({ timeout: OUTCOME_MS });
        // One way to try now: the banner's.
        expect(await app.page.getByRole('button', { name: /opnieuw proberen/i }).count()).toBe(1);
        // The shell stays: navigation and sign-out are still there.
        await app.person.openUserMenu();
        expect(await app.page.getByRole('button', { name: NL.shell.signOut }).count()).toBe(1);
        watched.expectLogged(/\[route\]/);

        await watched.context.setOffline(false);
        await app.waitForHeading(NL.section.verkoop, { level: 1 });
        await app.expectPageKept('/verkoop', NL.section.verkoop);
        await app.expectNoLeaks();
      }),
  );

  securityCase.concurrent(
    'offline, a section whose code is not loaded yet: when its first try once online fails too (the connection still settling), it opens by itself all the same',
    () =>
      suite.run(async (watched) => {
        const app = await offlineAtSectionNeverOpened(watched);

        // The section's code fails once more after the browser is back online, as it can while every path to the server comes back.
        const code = /\/assets\/verkoop\.lazy-[^/]+\.js$/;
        let refused = 0;
        await app.page.route(code, async (route) => {
          if (refused++ === 0) await route.abort('internetdisconnected');
          else await route.continue();
        });
        await watched.context.setOffline(false);
        await app.waitForHeading(NL.section.verkoop, { level: 1, timeout: SLOW_OUTCOME_MS });
        expect(refused, 'tries of the section’s code once online').toBeGreaterThanOrEqual(2);
        await app.expectPageKept('/verkoop', NL.section.verkoop);
        await app.expectNoLeaks();
      }),
  );

  securityCase.concurrent(
    "the connection drops while Home's tiles are on their way: Home stays, and the tiles come by themselves once online",
    () =>
      suite.run(async (watched) => {
        const app = await AppModel.newPage(watched);
        const tiles = /\/assets\/HomeTiles\.lazy-[^/]+\.js$/;
        await app.page.route(tiles, (route) => route.abort('internetdisconnected'));
        await app.person.signInToHome();
        await eventually(() => watched.logged.some((message) => /\[load\]/.test(message.text)), 'the failed load logged');
        const heading = app.page.getByRole('heading', { name: NL.home.tiles });
        expect(await heading.count(), 'no tiles without their code').toBe(0);
        await app.markDocument();
        await app.page.unroute(tiles);
        await watched.context.setOffline(true);
        await watched.context.setOffline(false);
        await heading.waitFor({ timeout: OUTCOME_MS });
        expect(await app.documentStillMarked(), 'no reload').toBe(true);
        await app.expectNoLeaks();
      }),
  );

  securityCase.concurrent(
    'the server stops answering, a section whose code is not loaded yet: the banner says the page opens once the server is back, and its "try now" opens it',
    () =>
      suite.run(async (watched) => {
        const app = await signedInHome(watched);
        const refuse = (route: Route) => route.abort('connectionrefused');
        const unreachable = [`${watched.stack.urls.api}/**`, `${watched.stack.urls.app}/assets/**`];
        await app.page.route(unreachable[0]!, refuse);
        await app.chooseLanguage('en');
        await app.see(NL.shell.languageFailed);
        await expectLostBanner(app, NL.connection.unreachable);
        await app.page.route(unreachable[1]!, refuse);
        await app.openSection(NL.section.verkoop);
        await app.waitForHeading(NL.errorPage.pageFailed);
        await app.see(NL.errorPage.needsServer);
        await banner(app).getByText(NL.connection.pageWaiting).waitFor({ timeout: OUTCOME_MS });
        expect(await app.page.getByRole('button', { name: /opnieuw proberen/i }).count(), "one way to try now: the banner's").toBe(1);

        for (const url of unreachable) await app.page.unroute(url, refuse);
        // The banner's button, not the page's: once the server answers, the page that waited for it opens too.
        await banner(app).getByRole('button', { name: NL.connection.tryNow }).click();
        await app.waitForHeading(NL.section.verkoop, { level: 1 });
        await app.expectPageKept('/verkoop', NL.section.verkoop);
        await app.expectNoLeaks();
      }),
  );
});
