import type { Request } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { AppModel } from '../models/app.model.ts';
import { NL } from '../models/texts.ts';
import { isRefreshGrant, isTokenRequest } from '../../../devstack/provider/token-requests.ts';
import { clockedEnv } from '../support/lifetimeClock.ts';
import { LONG_TEST_MS, OUTCOME_MS, PRESENT_MS, seconds, SLOW_OUTCOME_MS } from '../../support/limits.ts';

/**
 * A provider that gives no refresh token (an Okta app integration without
 * the Refresh Token grant): the app renews on the provider's session with a
 * hidden prompt=none authorization. The backend token lives 24 s here, so
 * it is due 12 s after sign-in (half its life: a quarter would leave the
 * frame and the person less than they need). The lifetimes pass on the
 * page's clock (`LifetimeClock`), the frames, popups and requests in their
 * real time.
 */
const BACKEND_TOKEN_TTL_S = 24;

const isSilentAuthorization = (request: Request) => {
  const url = new URL(request.url());
  return url.pathname.endsWith('/v1/authorize') && url.searchParams.get('prompt') === 'none';
};
const isExternalAuthenticate = (request: Request) => request.url().includes('/api/TokenAuth/ExternalAuthenticate');

describe('renewal without a refresh token, the provider next door (one site with the app)', () => {
  const env = clockedEnv({ refreshTokens: 'never', backendTokenTtl: BACKEND_TOKEN_TTL_S, providerSite: 'same' });

  it(
    'renews twice in the background with prompt=none, and the person keeps working',
    async () => {
      const app = await AppModel.newPage(env.watched);
      await app.person.signInToHome();
      const granted = env.watched.requests.filter(isTokenRequest);
      expect(granted.length).toBe(1);
      expect(JSON.parse((await (await granted[0]!.response())!.text()) as string)).not.toHaveProperty('refresh_token');

      const silent: Request[] = [];
      const logins: Request[] = [];
      app.page.on('request', (request) => {
        if (isSilentAuthorization(request)) silent.push(request);
        if (isExternalAuthenticate(request)) logins.push(request);
      });
      // Two renewals are due within two lifetimes.
      await env.clock.runFor(seconds(2 * BACKEND_TOKEN_TTL_S), async () => logins.length >= 2);
      expect(logins.length, 'renewals in two lifetimes').toBeGreaterThanOrEqual(2);
      expect(silent.length).toBeGreaterThanOrEqual(2);
      for (const request of logins) expect((await request.response())?.status()).toBe(200);
      expect(env.watched.requests.some(isRefreshGrant)).toBe(false);
      // The callback page in the hidden frame hands its address over and starts nothing: not even index.html's early requests.
      const fromFrames = env.watched.requests.filter(
        (request) => request.frame() !== app.page.mainFrame() && /appconfig|AbpUserConfiguration/i.test(request.url()),
      );
      expect(fromFrames.map((request) => request.url())).toEqual([]);

      // Nothing was said, the page is the same, and it still works.
      expect(await app.page.getByRole('alert').count(), 'nothing to tell the person').toBe(0);
      expect(await app.page.getByRole('button', { name: NL.session.signInAgain }).count()).toBe(0);
      expect(new URL(app.page.url()).pathname).toBe('/app/home');
      expect(await app.page.locator('iframe').count(), 'the hidden frame is gone').toBe(0);
      await app.page.getByRole('link', { name: NL.section.verkoop }).first().click();
      await app.expectHeading(NL.section.verkoop);
      expect(app.consoleMatching(/Content Security Policy|Refused to/i)).toEqual([]);
    },
    LONG_TEST_MS,
  );

  it(
    'asks the person to sign in again once the provider session has ended, and not before',
    async () => {
      const app = await AppModel.newPage(env.watched);
      await app.person.signInToHome();
      // The provider's session ends (its cookies are gone), the app's backend session still runs.
      const cookies = await env.context.cookies(env.stack.urls.issuer);
      await env.context.clearCookies({ domain: new URL(env.stack.urls.issuer).hostname, name: /^_session/ });
      expect(cookies.length).toBeGreaterThan(0);
      const signInAgain = app.page.getByRole('button', { name: NL.session.signInAgain });
      expect(await signInAgain.count()).toBe(0);
      // The next renewal, due half a lifetime after the sign-in, finds no session.
      await env.clock.runFor(seconds(BACKEND_TOKEN_TTL_S), async () => (await signInAgain.count()) > 0);
      await signInAgain.waitFor({ timeout: PRESENT_MS });
      await app.see(NL.session.expired, PRESENT_MS);
      expect(new URL(app.page.url()).pathname, 'the page is kept').toBe('/app/home');
    },
    LONG_TEST_MS,
  );
});

describe('renewal without a refresh token, the provider on a site of its own', () => {
  const env = clockedEnv({ refreshTokens: 'never', backendTokenTtl: BACKEND_TOKEN_TTL_S });

  it(
    'says the session needs confirming (not that it ended), and one click in a popup that closes by itself goes on, the page kept',
    async () => {
      const app = await AppModel.newPage(env.watched);
      await app.person.signInToHome();
      await app.markDocument();
      const logins: Request[] = [];
      app.page.on('request', (request) => {
        if (isExternalAuthenticate(request)) logins.push(request);
      });
      // The frame cannot see the provider's cookie on this page: the person is asked, in words that claim nothing.
      const confirm = app.page.getByRole('button', { name: NL.session.confirm });
      await env.clock.runFor(seconds(BACKEND_TOKEN_TTL_S), async () => (await confirm.count()) > 0);
      await confirm.waitFor({ timeout: PRESENT_MS });
      await app.see(NL.session.unseen, PRESENT_MS);
      expect(await app.page.getByText(NL.session.expired).count()).toBe(0);
      expect(logins.length, 'no renewal went through the frame').toBe(0);

      // A popup is a first-party visit: the provider's session is there, so nothing is typed.
      const [popup] = await Promise.all([env.context.waitForEvent('page', { timeout: OUTCOME_MS }), confirm.click()]);
      await popup.waitForEvent('close', { timeout: SLOW_OUTCOME_MS });
      await app.page.locator('.banner').waitFor({ state: 'detached', timeout: OUTCOME_MS });
      await expect.poll(() => logins.length, { timeout: OUTCOME_MS }).toBe(1);
      expect((await logins[0]!.response())?.status()).toBe(200);
      expect(await app.documentStillMarked(), 'the page was kept').toBe(true);
      expect(new URL(app.page.url()).pathname).toBe('/app/home');
    },
    LONG_TEST_MS,
  );
});

describe('renewal without a refresh token, short lifetimes, the provider on a site of its own', () => {
  const LIFETIME_S = 30;
  const env = clockedEnv({ refreshTokens: 'never', accessTokenTtl: 10, backendTokenTtl: LIFETIME_S }, [
    '--test-third-party-cookie-phaseout',
  ]);

  it(
    'asks to confirm the session at most once per backend-token lifetime, the page kept',
    async () => {
      const app = await AppModel.newPage(env.watched);
      await app.person.signInToHome();
      await app.markDocument();
      const confirm = app.page.getByRole('button', { name: NL.session.confirm });
      // Three backend-token lifetimes on the page's clock, each confirmation clicked as it comes.
      const asked: number[] = [];
      await env.clock.runFor(seconds(3 * LIFETIME_S), async () => {
        if ((await confirm.count()) === 0) return;
        // By the page's clock, which also ran on by itself while a popup was open.
        asked.push(await env.clock.now(app.page));
        const [popup] = await Promise.all([env.context.waitForEvent('page', { timeout: OUTCOME_MS }), confirm.click()]);
        await popup.waitForEvent('close', { timeout: SLOW_OUTCOME_MS });
        await confirm.waitFor({ state: 'detached', timeout: OUTCOME_MS });
      });
      // Each renewal needs the person here (the provider's token lives 10 s, its frame sees no session), and only that one:
      // a token this short is renewed halfway through its life, so the next question comes half a lifetime after a confirmation at the soonest.
      expect(asked.length).toBeGreaterThanOrEqual(2);
      const gaps = asked.slice(1).map((at, index) => at - asked[index]!);
      for (const gap of gaps) expect(gap, 'time between two confirmations').toBeGreaterThanOrEqual(seconds(LIFETIME_S) / 2);
      expect(await app.documentStillMarked(), 'the page was kept').toBe(true);
      expect(new URL(app.page.url()).pathname).toBe('/app/home');
      await app.watched.expectBackendToken();
    },
    LONG_TEST_MS,
  );
});
