import type { Page, Request } from 'playwright-core';
import { describe, expect } from 'vitest';
import { AppModel } from '../models/app.model.ts';
import { Gate } from '../models/gate.ts';
import { NL } from '../models/texts.ts';
import { eventually, type WatchedContext } from '../models/watch.ts';
import { securityCase } from './support/cases.ts';
import { securitySuite } from './support/harness.ts';
import { isRefreshGrant } from '../../../devstack/provider/token-requests.ts';
import { oktaEndpoint } from '../../../devstack/provider/oidc.ts';
import { limit, OUTCOME_MS, pause, PRESENT_MS, seconds, SETTLE_MS, SLOW_OUTCOME_MS } from '../../support/limits.ts';

/**
 * How long after each sign-in or renewal the next renewal comes: 4 s on the
 * reference machine, longer on a slower one, so that a round stays longer
 * than the time given a second tab to (wrongly) refresh as well (SETTLE_MS):
 * with a fixed 4 s, a machine at factor 3 saw a second round within that
 * time and counted it as the other tab's.
 */
const RENEWAL_S = Math.ceil(limit(4_000) / 1_000);
/** Backend tokens that live 60 s and RENEWAL_S: the app renews 60 s before expiry. */
const suite = securitySuite(import.meta.filename, { backendTokenTtl: 60 + RENEWAL_S });

const RENEWAL_MS = seconds(RENEWAL_S);
/** The chunk that starts a signed-in page's token lifecycle and joins it to the other tabs (src/session/signedIn.lazy.ts). */
const SIGNED_IN_CHUNK = /\/assets\/signedIn\.lazy-[^/]+\.js$/;

function refreshGrants(watched: WatchedContext): Request[] {
  return watched.requests.filter(isRefreshGrant);
}

/** A JWT-shaped backend token the API never issued, or one that expired an hour ago. */
function fakeBackendToken(expired: boolean): string {
  const encode = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');
  const now = Math.floor(Date.now() / seconds(1));
  const claims = {
    sub: '1',
    unique_name: 'admin',
    iat: now - 7200,
    nbf: now - 7200,
    exp: expired ? now - 3600 : now + 3600,
    iss: 'Isolatie',
    aud: 'Isolatie',
  };
  return `${encode({ alg: 'HS256', typ: 'JWT' })}.${encode(claims)}.${Buffer.from('not-the-signature').toString('base64url')}`;
}

/** Asked for a protected page with a backend token the API refuses: the token goes, the login page comes, sign-in works. */
async function expectRefusedTokenCleared(watched: WatchedContext, app: AppModel) {
  await app.goto('/app/home');
  await app.waitForPath('/account/login');
  await app.person.waitForLoginPage();
  await app.expectNotBusy();
  // ABP answers a token it cannot read with 200 as anonymous (abp-recorded/userconfiguration.json `forged-bearer`): the app clears it all the same.
  watched.expectLogged(/\[start-up\] GetAll answered the held token as anonymous/);
  await watched.expectNoBackendToken();
  await app.expectNoLeaks();
  await app.person.signIn();
  await app.waitForPath('/app/home');
  await app.waitForHeading(NL.shell.welcome);
}

describe.concurrent('a backend token the API refuses at start-up', () => {
  for (const [name, value] of [
    ['not a token at all', 'niet-een-token'],
    ['a forged token', fakeBackendToken(false)],
    ['an expired token', fakeBackendToken(true)],
  ] as const) {
    securityCase.concurrent(`Abp.AuthToken: ${name}`, () =>
      suite.run(async (watched) => {
        const url = suite.stack.urls.app;
        await watched.context.addCookies([
          { name: 'Abp.AuthToken', value, url, sameSite: 'Lax' },
          { name: 'enc_auth_token', value: 'versleuteld', url, sameSite: 'Lax' },
        ]);
        await expectRefusedTokenCleared(watched, await AppModel.newPage(watched));
      }),
    );
  }

  securityCase.concurrent(
    'Abp.AuthToken: a real token with another tenant in the cookie: the token’s tenant decides, as ABP does, and nothing is cleared',
    () =>
      suite.run(async (watched) => {
        const app = await AppModel.newPage(watched);
        await app.person.signInToHome();
        const token = await watched.cookie('Abp.AuthToken');
        await watched.context.addCookies([{ name: 'Abp-TenantId', value: '2', url: suite.stack.urls.app, sameSite: 'Lax' }]);
        await app.goto('/app/home');
        await app.waitForHeading(NL.shell.welcome);
        expect(await watched.cookie('Abp.AuthToken')).toBe(token);
      }),
  );
});

/** Waits until the page shows no session banner. */
async function expectNoBanner(app: AppModel) {
  await app.page.locator('.banner').waitFor({ state: 'detached', timeout: OUTCOME_MS });
}

describe.concurrent('renewal: the refresh token is refused (invalid_grant)', () => {
  securityCase.concurrent(
    'the provider refuses the refresh token: "Opnieuw inloggen", the refresh token gone, and a popup sign-in keeps the page',
    () =>
      suite.run(async (watched) => {
        const app = await AppModel.newPage(watched);
        await app.person.signInToHome();
        await app.markDocument();
        const acceptAgain = await app.refuseRefreshToken();
        await app.see(NL.session.expired, RENEWAL_MS + OUTCOME_MS);
        await app.page.getByRole('button', { name: NL.session.signInAgain }).waitFor({ timeout: PRESENT_MS });
        watched.expectLogged(/\[token\].*invalid-refresh-token/s);
        await app.expectNoRefreshToken();
        await app.expectNoLeaks();
        await acceptAgain();
        await app.signInAgainInPopup();
        await expectNoBanner(app);
        await app.waitForHeading(NL.shell.welcome, { timeout: PRESENT_MS });
        expect(await app.person.refreshToken(), 'a new refresh token').toBeTruthy();
        expect(await app.documentStillMarked(), 'the page was kept').toBe(true);
        await watched.expectBackendToken();
        await app.expectNoLeaks();
      }),
  );
});

describe.concurrent('renewal: the provider cannot be reached', () => {
  for (const [name, fail] of [
    ['connection refused', (page: Page, token: string) => page.route(token, (route) => route.abort('connectionrefused'))],
    [
      '503 temporarily_unavailable',
      (page: Page, token: string) =>
        page.route(token, (route) =>
          route.fulfill({
            status: 503,
            json: { error: 'temporarily_unavailable' },
            headers: { 'Access-Control-Allow-Origin': suite.stack.urls.app },
          }),
        ),
    ],
  ] as const) {
    securityCase.concurrent(`the token endpoint during renewal: ${name}: the banner says so, and it tries again`, () =>
      suite.run(async (watched) => {
        await watched.context.clock.install();
        const app = await AppModel.newPage(watched);
        await app.person.signInToHome();
        await app.markDocument();
        const token = oktaEndpoint(suite.stack.urls.signInIssuer, 'token');
        await fail(app.page, token);
        await app.see(NL.session.renewFailed, RENEWAL_MS + OUTCOME_MS);
        watched.expectLogged(/\[token\].*provider-(unreachable|error)/s);
        expect(await app.person.refreshToken(), 'the refresh token is kept for the next try').toBeTruthy();
        const before = await watched.cookie('Abp.AuthToken');
        await app.page.unroute(token);
        // The retry comes 30 s later; the page's clock is moved on instead of waiting.
        await watched.context.clock.fastForward(seconds(31));
        await expectNoBanner(app);
        await eventually(async () => (await watched.cookie('Abp.AuthToken')) !== before, 'a renewed backend token');
        expect(await app.documentStillMarked(), 'the page was kept').toBe(true);
        await app.expectNoLeaks();
      }),
    );
  }
});

describe('renewal: the browser is offline', () => {
  securityCase(
    'the signed-in code cannot be fetched just after signing in: it is asked for again, and the session renews once it has arrived',
    () =>
      suite.run(async (watched) => {
        const app = await AppModel.newPage(watched);
        let asked = 0;
        await app.page.route(/\/assets\/signedIn\.lazy-[^/]+\.js$/, (route) =>
          asked++ === 0 ? route.abort('internetdisconnected') : route.continue(),
        );
        await app.person.signInToHome();
        const before = await watched.cookie('Abp.AuthToken');
        await eventually(
          async () => (await watched.cookie('Abp.AuthToken')) !== before,
          'a renewed backend token',
          RENEWAL_MS + SLOW_OUTCOME_MS,
        );
        expect(asked, 'the code was asked for again after the failure').toBeGreaterThanOrEqual(2);
        expect(await app.page.locator('.banner').count(), 'no session banner').toBe(0);
      }),
  );

  securityCase('offline when the renewal is due: both banners say so, and back online the session is renewed at once', () =>
    suite.run(async (watched) => {
      const app = await AppModel.newPage(watched);
      await app.person.signInToHome();
      await app.waitForAfterStart();
      // Offline before the signed-in code has arrived is another case: the renewal then starts once it has (src/boot/whenSignedIn.ts).
      await app.waitForSignedInCode();
      await app.markDocument();
      const before = await watched.cookie('Abp.AuthToken');
      await watched.context.setOffline(true);
      await app.see(NL.connection.offline);
      await app.see(NL.session.renewFailed, RENEWAL_MS + OUTCOME_MS);
      expect(await app.person.refreshToken(), 'the refresh token is kept for the next try').toBeTruthy();
      await watched.context.setOffline(false);
      // Well before the 30 s retry: the connection coming back is what starts it.
      await app.see(NL.connection.restored);
      await expectNoBanner(app);
      await eventually(async () => (await watched.cookie('Abp.AuthToken')) !== before, 'a renewed backend token');
      expect(await app.documentStillMarked(), 'the page was kept').toBe(true);
      await app.expectNoLeaks();
    }),
  );
});

/** Both tabs keep going: no banner, the same rotated refresh token, one refresh per round. */
async function expectSharedRenewal(watched: WatchedContext, tabs: AppModel[], rounds: number) {
  const start = refreshGrants(watched).length;
  const firstCookie = await watched.cookie('Abp.AuthToken');
  for (let round = 1; round <= rounds; round += 1) {
    await eventually(() => refreshGrants(watched).length >= start + round, `refresh round ${round}`, RENEWAL_MS + OUTCOME_MS);
    // Give the other tab time to (wrongly) refresh as well.
    await pause(SETTLE_MS);
  }
  expect(refreshGrants(watched).length - start, 'one refresh per round, not one per tab').toBe(rounds);
  for (const tab of tabs) {
    expect(await tab.page.locator('.banner').count(), 'no session banner').toBe(0);
    await tab.waitForHeading(NL.shell.welcome, { timeout: PRESENT_MS });
    await tab.expectNoLeaks();
  }
  const [first, ...others] = await Promise.all(tabs.map((tab) => tab.person.refreshToken()));
  expect(first).toBeTruthy();
  for (const other of others) expect(other, 'every tab holds the rotated refresh token').toBe(first);
  expect(await watched.cookie('Abp.AuthToken')).not.toBe(firstCookie);
  watched.expectNoCspViolation();
  expect(
    watched.logged.filter((message) => /\[token\]/.test(message.text)),
    'no renewal failed',
  ).toEqual([]);
}

/** Signed in, then a second tab opened from the app (it gets a copy of the session storage), showing home. */
async function signedInWithOpenedTab(watched: WatchedContext): Promise<[AppModel, AppModel]> {
  const first = await AppModel.newPage(watched);
  await first.person.signInToHome();
  return [first, await openTab(first, watched)];
}

/** A second tab opened from the app's tab (it gets a copy of the session storage), showing home. */
async function openTab(from: AppModel, watched: WatchedContext): Promise<AppModel> {
  const [opened] = await Promise.all([
    watched.context.waitForEvent('page'),
    from.page.evaluate(() => void window.open('/app/home', '_blank')),
  ]);
  const tab = new AppModel(opened, watched);
  await tab.waitForHeading(NL.shell.welcome);
  return tab;
}

describe.concurrent('renewal in two tabs at once', () => {
  securityCase.concurrent(
    'a tab opened from the app (sharing a copy of the refresh token): one rotation, the other tab takes its result',
    () =>
      suite.run(async (watched) => {
        const first = await AppModel.newPage(watched);
        await first.person.signInToHome();
        const grants = refreshGrants(watched).length;
        const atOpening = await first.person.refreshToken();
        const second = await openTab(first, watched);
        const copy = await second.person.refreshToken();
        // A renewal may land while the tab opens (the next comes RENEWAL_S after the last, and a slow machine takes a while): then the
        // copy is the token of the moment it was opened or, passed on already, the one that renewal rotated to.
        if (refreshGrants(watched).length === grants) expect(copy, 'the new tab has a copy').toBe(atOpening);
        else
          expect([atOpening, await first.person.refreshToken()], 'the new tab has a copy, or the rotated token passed on').toContain(copy);
        await expectSharedRenewal(watched, [first, second], 2);
      }),
  );

  securityCase.concurrent('a tab opened on its own (no copy of the refresh token) renews with the tokens of the other tab', () =>
    suite.run(async (watched) => {
      const first = await AppModel.newPage(watched);
      await first.person.signInToHome();
      const second = await AppModel.open(watched, '/app/home');
      await second.waitForHeading(NL.shell.welcome);
      await expectSharedRenewal(watched, [first, second], 2);
    }),
  );

  securityCase.concurrent('signing out in one tab signs the other out too: its refresh token gone, the login page shown', () =>
    suite.run(async (watched) => {
      const [first, second] = await signedInWithOpenedTab(watched);
      await first.person.signOut();
      await first.see(NL.login.signedOut);
      await second.waitForPath('/account/login');
      await second.see(NL.login.signedOut);
      await second.expectNoRefreshToken();
      // A renewal already on its way when the sign-out began is fine; none may follow the revocation.
      const revocation = watched.requests.findIndex((request) => request.method() === 'POST' && /\/v1\/revoke$/.test(request.url()));
      expect(revocation, 'the refresh token was revoked').toBeGreaterThanOrEqual(0);
      expect(watched.requests.slice(revocation).filter(isRefreshGrant), 'the other tab did not try its revoked refresh token').toEqual([]);
      await watched.expectNoBackendToken();
      for (const tab of [first, second]) await tab.expectNoLeaks();
    }),
  );

  securityCase.concurrent(
    'a renewal answered after another tab signed out keeps nothing: the tab on its way out stores no backend or refresh token again',
    () =>
      suite.run(async (watched) => {
        const tabs = await signedInWithOpenedTab(watched);
        // The next renewal, in whichever tab takes it, held at the backend after its refresh.
        const gates = await Promise.all(tabs.map((tab) => tab.hold('ExternalAuthenticate')));
        const held = await Promise.any(gates.map(async (gate, index) => ({ index, route: await gate.next(RENEWAL_MS + OUTCOME_MS) })));
        const renewing = tabs[held.index]!;
        const other = tabs[1 - held.index]!;
        // The renewing tab hears the sign-out and leaves; its way out is held too, so the page lives on as a slow one does.
        const leaving = await Gate.install(renewing.page, 'login page', (url) => url.pathname === '/account/login');
        await other.person.signOut();
        await other.see(NL.login.signedOut);
        const away = await leaving.next();
        await held.route.continue();
        // The renewal ends: it says it kept nothing, or it stored again the backend token the sign-out had cleared.
        await eventually(
          async () =>
            watched.logged.some((message) => /signed out while it was under way/.test(message.text)) ||
            (await watched.cookie('Abp.AuthToken')) !== undefined,
          'the renewal answered after the sign-out to end',
        );
        await watched.expectNoBackendToken();
        await away.continue();
        await renewing.waitForPath('/account/login');
        await renewing.see(NL.login.signedOut);
        await watched.expectNoBackendToken();
        for (const tab of tabs) {
          await tab.expectNoRefreshToken();
          await tab.expectNoLeaks();
        }
      }),
  );

  securityCase.concurrent(
    'a tab whose signed-in part has not started yet when another tab signs out leaves as well: it missed the message, not the sign-out',
    () =>
      suite.run(async (watched) => {
        const first = await AppModel.newPage(watched);
        await first.person.signInToHome();
        // The second tab's signed-in part (which joins the other tabs) loads once its browser is idle: held here until the first
        // tab has signed out, as on a slow phone whose idle moment comes late.
        const second = await AppModel.newPage(watched);
        const chunks = await Gate.install(second.page, 'signed-in chunk', (url) => SIGNED_IN_CHUNK.test(url.pathname));
        await second.goto('/app/home');
        await second.waitForHeading(NL.shell.welcome);
        const chunk = await chunks.next();
        await first.person.signOut();
        await first.see(NL.login.signedOut);
        await chunk.continue();
        await second.waitForPath('/account/login');
        await second.see(NL.login.signedOut);
        await second.expectNoRefreshToken();
        await watched.expectNoBackendToken();
        await second.expectNoLeaks();
      }),
  );
});
