import { decodeJwt } from 'jose';
import * as oauth from 'oauth4webapi';
import { describe, expect, it } from 'vitest';
import { MYACCOUNT_SCOPES } from '../../devstack/provider/myaccount/http.ts';
import type { StackUrls } from '../../devstack/stack.ts';
import { readForm } from './helpers/browser.ts';
import { atOrg, callMyAccount } from './helpers/myaccount.ts';
import { beginSignIn, client, insecure, redirectUri, signIn, type AuthParams, type SignedIn, type SignInAt } from './helpers/sign-in.ts';
import { stackForTests } from './helpers/test-stack.ts';

// How a session ends: a refresh token chain with a fixed end that rotation
// does not move, and (with `refreshTokens: false`) no refresh token unless
// offline_access is asked for, with silent renewal by prompt=none instead.

const refresh = async (signedIn: SignedIn, refreshToken: string) =>
  oauth.processRefreshTokenResponse(
    signedIn.as,
    client,
    await oauth.refreshTokenGrantRequest(signedIn.as, client, oauth.None(), refreshToken, insecure),
  );

/** A prompt=none authorization in the browser of an earlier sign-in, as a hidden renewal would run it. */
async function silentRenewal(urls: StackUrls, signedIn: SignedIn, extra: AuthParams = {}, at: SignInAt = {}) {
  const pending = await beginSignIn(urls, { prompt: 'none', scope: 'openid profile email', ...extra }, at);
  const { url } = await signedIn.browser.follow(pending.authorizationUrl, (l) => l.startsWith(redirectUri(urls)));
  const params = new URL(url).searchParams;
  if (!url.startsWith(redirectUri(urls)) || params.has('error')) return { error: params.get('error') ?? `ended at ${url}` };
  const validated = oauth.validateAuthResponse(pending.as, client, new URL(url), pending.state);
  const response = await oauth.authorizationCodeGrantRequest(
    pending.as,
    client,
    oauth.None(),
    validated,
    redirectUri(urls),
    pending.codeVerifier,
    insecure,
  );
  return {
    tokens: await oauth.processAuthorizationCodeResponse(pending.as, client, response, {
      expectedNonce: pending.nonce,
      requireIdToken: true,
    }),
  };
}

describe('refresh tokens with a fixed end', () => {
  const stack = stackForTests({ refreshTokenAbsoluteTtl: 3 });

  it('ends the chain at its fixed end, which rotation does not move, and says nothing of it in the answers (as Okta)', async () => {
    const signedIn = await signIn(stack().urls, 'admin');
    const end = Math.floor(Date.now() / 1000) + 3;
    expect(signedIn.tokens).not.toHaveProperty('refresh_expires_in');

    await new Promise((resolve) => setTimeout(resolve, 1_100));
    const rotated = await refresh(signedIn, signedIn.tokens.refresh_token!);
    expect(rotated.refresh_token).not.toBe(signedIn.tokens.refresh_token);
    expect(rotated).not.toHaveProperty('refresh_expires_in');

    await new Promise((resolve) => setTimeout(resolve, (end + 1) * 1000 - Date.now()));
    await expect(refresh(signedIn, rotated.refresh_token!)).rejects.toMatchObject({ error: 'invalid_grant' });
  });
});

describe("refreshTokens: 'never', an app integration without the Refresh Token grant", () => {
  const stack = stackForTests({ refreshTokens: 'never' });

  it('gives no refresh token even for offline_access, and prompt=none still renews', async () => {
    const signedIn = await signIn(stack().urls, 'admin', '123qwe', { scope: 'openid profile email offline_access' });
    expect(signedIn.tokens.access_token).toBeTruthy();
    expect(signedIn.tokens.refresh_token).toBeUndefined();
    expect((await silentRenewal(stack().urls, signedIn)).tokens?.access_token).toBeTruthy();
  });
});

describe('default stack', () => {
  const stack = stackForTests();

  it('rotates the refresh token, and renews silently while the session lasts', async () => {
    const signedIn = await signIn(stack().urls, 'monteur');
    const rotated = await refresh(signedIn, signedIn.tokens.refresh_token!);
    expect(rotated.access_token).toBeTruthy();
    const silent = await silentRenewal(stack().urls, signedIn);
    expect(silent.tokens?.access_token).toBeTruthy();
  });
});

describe('refresh tokens only for offline_access (the default), as at Okta', () => {
  const stack = stackForTests({ refreshTokens: 'offline_access' });

  it('gives no refresh token without offline_access', async () => {
    const { tokens } = await signIn(stack().urls, 'admin', '123qwe', { scope: 'openid profile email' });
    expect(tokens.refresh_token).toBeUndefined();
    expect(tokens).not.toHaveProperty('refresh_expires_in');
  });

  it('gives one when offline_access is asked for, without a consent page', async () => {
    const signedIn = await signIn(stack().urls, 'admin', '123qwe', { scope: 'openid profile email offline_access' });
    expect(signedIn.tokens.refresh_token).toBeTruthy();
    expect((await refresh(signedIn, signedIn.tokens.refresh_token!)).access_token).toBeTruthy();
  });

  it('renews with prompt=none while the provider session lasts', async () => {
    const signedIn = await signIn(stack().urls, 'monteur', '123qwe', { scope: 'openid profile email' });
    expect(signedIn.tokens.refresh_token).toBeUndefined();

    const renewed = await silentRenewal(stack().urls, signedIn);
    expect(renewed.error).toBeUndefined();
    expect(decodeJwt(renewed.tokens!.access_token)).toMatchObject({ aud: stack().urls.api, uid: 'idp-0002-monteur' });
    expect(renewed.tokens!.refresh_token).toBeUndefined();
  });

  it('gives a my-account token at the org server to prompt=none after a sign-in at the custom server', async () => {
    const signedIn = await signIn(stack().urls, 'monteur', '123qwe', { scope: 'openid profile email' });
    const silent = await silentRenewal(stack().urls, signedIn, { scope: `openid ${MYACCOUNT_SCOPES.join(' ')}` }, atOrg(stack().urls));
    expect(silent.error).toBeUndefined();
    expect(silent.tokens!.scope).toBe(`openid ${MYACCOUNT_SCOPES.join(' ')}`);
    expect((await callMyAccount(stack().urls, silent.tokens!.access_token, 'GET', '/profile')).body.profile.login).toBe('monteur');
  });

  it('answers login_required to prompt=none once the session has ended', async () => {
    const signedIn = await signIn(stack().urls, 'monteur', '123qwe', { scope: 'openid profile email' });
    const endSession = new URL(signedIn.as.end_session_endpoint!);
    endSession.searchParams.set('id_token_hint', signedIn.tokens.id_token!);
    const form = readForm(await (await signedIn.browser.fetch(endSession)).text());
    await signedIn.browser.follow(new URL(form.action, endSession), () => false, {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams(form.fields),
    });
    expect(await silentRenewal(stack().urls, signedIn)).toEqual({ error: 'login_required' });
  });
});
