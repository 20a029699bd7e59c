import { expect, it } from 'vitest';
import { isRefreshGrant } from '../../../../devstack/provider/token-requests.ts';
import { AppModel } from '../../models/app.model.ts';
import { NL } from '../../models/texts.ts';
import type { BrowserEnv } from '../../support/env.ts';
import { LONG_OUTCOME_MS, LONG_TEST_MS, LOOK_EVERY_MS, TEST_MS } from '../../../support/limits.ts';

// The daily journeys (sign-in, renewal, Mijn account), for the stacks that
// differ from the usual one only in how the company set Okta up: an org
// without a custom authorization server, a company without DPoP. The stack
// gives backend tokens of BACKEND_TOKEN_TTL_S, so a renewal comes while the
// journey runs.

/** The backend token's lifetime in these stacks: renewed (with the refresh token) a minute before its end, 10 s after the sign-in. */
export const BACKEND_TOKEN_TTL_S = 70;

const isExternalAuthenticate = (url: string) => url.includes('/api/TokenAuth/ExternalAuthenticate');

/** Registers the three journeys against `env`; `dpop` is whether the app binds the provider's tokens in this stack. */
export function dailyJourneys(env: BrowserEnv, { dpop }: { dpop: boolean }): void {
  it(
    'signs in at the provider, back to Home, the backend’s token got without a DPoP proof where DPoP is off',
    async () => {
      const app = await AppModel.newPage(env.watched);
      await app.person.signInToHome();
      const logins = env.watched.requests.filter((request) => request.method() === 'POST' && isExternalAuthenticate(request.url()));
      expect(logins).toHaveLength(1);
      expect(Boolean(logins[0]!.headers().dpop), 'a DPoP proof with ExternalAuthenticate').toBe(dpop);
      expect((await logins[0]!.response())?.status()).toBe(200);
      await app.page.reload();
      await app.waitForHeading(NL.shell.welcome, { level: 1 });
    },
    TEST_MS,
  );

  it(
    'renews the backend’s token with the refresh token while the person works, never interrupted',
    async () => {
      const app = await AppModel.newPage(env.watched);
      await app.person.signInToHome();
      await app.markDocument();
      const logins = () =>
        env.watched.requests.filter((request) => request.method() === 'POST' && isExternalAuthenticate(request.url())).length;
      await expect.poll(logins, { timeout: LONG_OUTCOME_MS, interval: LOOK_EVERY_MS }).toBeGreaterThanOrEqual(2);
      expect(env.watched.requests.some(isRefreshGrant), 'renewed with the refresh token').toBe(true);
      expect(await app.page.getByRole('button', { name: NL.session.signInAgain }).count()).toBe(0);
      await app.expectPageKept();
    },
    LONG_TEST_MS,
  );

  it(
    'saves a name in Mijn account with its own token, kept after a reload',
    async () => {
      const app = await AppModel.newPage(env.watched);
      await app.person.signInToHome('monteur', '123qwe', NL.shell.welcomeOf('Piet'));
      await app.person.openMyAccount();
      const name = app.page.locator('.account-form').filter({ has: app.page.getByRole('heading', { name: 'Naam' }) });
      await name.getByLabel('Achternaam').fill('Laag');
      await name.getByRole('button', { name: 'Naam opslaan' }).click();
      await name.getByText('Je naam is opgeslagen.').waitFor();
      const calls = env.watched.requests.filter((request) => request.url().includes('/idp/myaccount/'));
      expect(calls.length).toBeGreaterThan(0);
      for (const call of calls)
        expect(call.headers().authorization?.split(' ')[0], 'the my-account token’s scheme').toBe(dpop ? 'DPoP' : 'Bearer');
      await app.page.reload();
      await app.waitForHeading(NL.shell.myAccount, { level: 1 });
      await app.person.connectMyAccount();
      await expect.poll(() => name.getByLabel('Achternaam').inputValue()).toBe('Laag');
    },
    LONG_TEST_MS,
  );
}
