import { describe, expect, it } from 'vitest';
import { AppModel } from '../models/app.model.ts';
import { NL } from '../models/texts.ts';
import { browserEnv } from '../support/env.ts';
import { oktaEndpoint } from '../../../devstack/provider/oidc.ts';
import { CALLBACK_OUTCOME_MS, LOOK_EVERY_MS, SLOW_OUTCOME_MS } from '../../support/limits.ts';

const env = browserEnv({ backendTokenTtl: 70 });

describe('sign-in against the local stack', () => {
  it('signs admin in to /app/home in Dutch, with the backend cookie and a clean address', async () => {
    const app = await AppModel.open(env.watched, '/');
    await app.waitForAddress(/\/account\/login/);
    await app.person.signIn('admin');
    await app.waitForAddress('/app/home');
    await app.expectHeading(NL.shell.welcome);
    await expect.poll(() => app.page.locator('time').textContent()).toMatch(/^\d{2}-\d{2}-\d{4}$/);
    expect(await app.cookie('Abp.AuthToken')).toBeTruthy();
    expect(await app.cookie('enc_auth_token')).toBeTruthy();
    expect(app.page.url()).not.toMatch(/code=|state=/);
    expect(await app.localStorageText()).toBe('{}');
    expect(await app.lang()).toBe('nl');
    expect(app.errors).toEqual([]);
  });

  it('returns to a deep link after sign-in', async () => {
    const app = await AppModel.open(env.watched, '/verkoop');
    await app.waitForAddress(/\/account\/login\?returnUrl=%2Fverkoop/);
    await app.person.signIn('admin');
    await app.waitForAddress('/verkoop');
    await app.expectHeading(NL.section.verkoop);
  });

  it('tells nieuw that the account is not active yet, with no token stored', async () => {
    const app = await AppModel.open(env.watched, '/account/login');
    await app.person.signIn('nieuw');
    await app.page.getByText(NL.callback.notActive).first().waitFor();
    expect(await app.cookie('Abp.AuthToken')).toBeUndefined();
  });

  it('lets a refused account sign in again as another one at the provider', async () => {
    const app = await AppModel.open(env.watched, '/account/login');
    await app.person.signIn('nieuw');
    await app.page.getByText(NL.callback.notActive).first().waitFor();
    await app.goto('/account/login');
    await app.person.signIn('admin');
    await app.waitForAddress('/app/home');
    await app.expectHeading(NL.shell.welcome);
  });

  it('refuses a tampered state: retry message after 5 s, no token, no code left in the address', async () => {
    const app = await AppModel.open(env.watched, '/account/login');
    await app.person.startSignIn();
    const forged = new URLSearchParams({ code: 'stolen-code', state: 'X'.repeat(64), iss: env.stack.urls.signInIssuer });
    await app.goto(`/account/logincallback?${forged}`);
    await app.page.getByText(NL.callback.waiting).waitFor();
    await app.waitForHeading(NL.callback.slow, { timeout: CALLBACK_OUTCOME_MS });
    expect(await app.cookie('Abp.AuthToken')).toBeUndefined();
    expect(app.page.url()).toBe(app.url('/account/logincallback'));
  });

  it('signs out everywhere: cookies cleared, "Je bent uitgelogd", and a reload stays signed out', async () => {
    const app = await AppModel.open(env.watched, '/account/login');
    await app.person.signIn('admin');
    await app.waitForAddress('/app/home');
    await app.person.signOut();
    await app.waitForAddress(/\/account\/login\?reason=signed-out/);
    await app.page.getByText(NL.login.signedOut).waitFor();
    expect(await app.cookie('Abp.AuthToken')).toBeUndefined();
    expect(await app.cookie('enc_auth_token')).toBeUndefined();
    expect(await app.sessionStorageText()).not.toMatch(/refreshToken":"[^"]/);
    await app.page.reload();
    await app.person.waitForLoginPage();
    await app.goto('/app/home');
    await app.waitForAddress(/\/account\/login/);
  });

  it("signs out from a tab that holds no ID token on the app's login page, never at the provider, and the next sign-in asks for the password", async () => {
    const app = await AppModel.open(env.watched, '/account/login');
    await app.person.signIn('admin');
    await app.waitForAddress('/app/home');
    // The tab loses its provider tokens (as one opened on its own, with no other tab to ask).
    await app.page.evaluate(() => sessionStorage.removeItem('oidc.tokens'));
    await app.page.reload();
    await app.waitForHeading(NL.shell.welcome);
    await app.person.signOut();
    await app.waitForAddress(/\/account\/login\?reason=signed-out/);
    await app.page.getByText(NL.login.signedOut).waitFor();
    expect(
      env.watched.requests.filter((request) => request.url().startsWith(oktaEndpoint(env.stack.urls.signInIssuer, 'logout'))),
      'no logout at the provider without its ID token',
    ).toEqual([]);
    expect(await app.cookie('Abp.AuthToken')).toBeUndefined();
    // The provider's session may still run: the next sign-in shows its form, so nobody is signed in as admin unasked.
    await app.signInButton.click();
    await app.person.waitForProviderForm();
  });

  it('renews the backend token before it expires, without a reload', async () => {
    const app = await AppModel.open(env.watched, '/account/login');
    await app.person.signIn('admin');
    await app.waitForAddress('/app/home');
    const first = await app.cookie('Abp.AuthToken');
    await app.markDocument();
    await expect.poll(() => app.cookie('Abp.AuthToken'), { timeout: SLOW_OUTCOME_MS, interval: LOOK_EVERY_MS }).not.toBe(first);
    expect(await app.documentStillMarked()).toBe(true);
    expect(app.page.url()).toBe(app.url('/app/home'));
  });
});
