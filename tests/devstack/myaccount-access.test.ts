import { decodeJwt } from 'jose';
import * as oauth from 'oauth4webapi';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MYACCOUNT_SCOPES } from '../../devstack/provider/myaccount/http.ts';
import { bothResources, callMyAccount, myAccountToken, myAccountUrl } from './helpers/myaccount.ts';
import { client, insecure, signIn } from './helpers/sign-in.ts';
import { startTestStack, type TestStack } from './helpers/test-stack.ts';

// Who may call the my-account API: only a token issued for it, with the
// scope the call needs, from the app's origin, in Okta's error shape and codes.

let stack: TestStack;
beforeAll(async () => {
  stack = await startTestStack();
});
afterAll(() => stack.stop());

/** Okta's error shape with one of its E0000… codes. */
function expectOktaError(body: unknown, errorCode: `E0000${string}`) {
  expect(body).toMatchObject({ errorCode, errorSummary: expect.any(String), errorLink: errorCode, errorId: expect.any(String), errorCauses: expect.any(Array) });
}

describe('my-account tokens', () => {
  it('lists the my-account scopes in discovery', async () => {
    const metadata = await (await fetch(`${stack.urls.issuer}/.well-known/openid-configuration`)).json();
    expect(metadata.scopes_supported).toEqual(expect.arrayContaining(MYACCOUNT_SCOPES));
    expect(MYACCOUNT_SCOPES).toEqual([
      'okta.myAccount.profile.read', 'okta.myAccount.profile.manage',
      'okta.myAccount.email.read', 'okta.myAccount.email.manage',
      'okta.myAccount.phone.read', 'okta.myAccount.phone.manage',
      'okta.myAccount.password.read', 'okta.myAccount.password.manage',
    ]);
  });

  it('issues a token for <issuer>/idp/myaccount carrying only the asked scopes', async () => {
    const token = await myAccountToken(stack.urls, 'monteur', ['okta.myAccount.profile.read']);
    const claims = decodeJwt(token);
    expect(claims.aud).toBe(myAccountUrl(stack.urls));
    expect(claims.scope).toBe('okta.myAccount.profile.read');
    const { status, body } = await callMyAccount(stack.urls, token, 'GET', '/profile');
    expect(status).toBe(200);
    expect(body.profile.login).toBe('monteur');
  });

  it('gives the API token at sign-in and a my-account token on refresh with resource, from one sign-in', async () => {
    const { as, tokens } = await signIn(stack.urls, 'admin', '123qwe', bothResources(stack.urls));
    expect(decodeJwt(tokens.access_token).aud).toBe(stack.urls.api);
    expect(decodeJwt(tokens.access_token).scope).not.toContain('okta.');

    const resource = myAccountUrl(stack.urls);
    const forMyAccount = await oauth.processRefreshTokenResponse(as, client,
      await oauth.refreshTokenGrantRequest(as, client, oauth.None(), tokens.refresh_token!, { ...insecure, additionalParameters: { resource } }));
    expect(decodeJwt(forMyAccount.access_token).aud).toBe(resource);
    expect(String(decodeJwt(forMyAccount.access_token).scope).split(' ').sort()).toEqual([...MYACCOUNT_SCOPES].sort());
    expect((await callMyAccount(stack.urls, forMyAccount.access_token, 'GET', '/emails')).status).toBe(200);

    // The rotated refresh token still gives an API token without `resource`.
    const forApi = await oauth.processRefreshTokenResponse(as, client,
      await oauth.refreshTokenGrantRequest(as, client, oauth.None(), forMyAccount.refresh_token!, insecure));
    expect(decodeJwt(forApi.access_token).aud).toBe(stack.urls.api);
  });

  it('refuses a token for the API with 401 in Okta shape', async () => {
    const { tokens } = await signIn(stack.urls, 'admin');
    const { status, headers, body } = await callMyAccount(stack.urls, tokens.access_token, 'GET', '/profile');
    expect(status).toBe(401);
    expectOktaError(body, 'E0000011');
    expect(headers.get('www-authenticate')).toMatch(/^Bearer .*error="invalid_token"/);
  });

  it('refuses no token, garbage and the ID token with 401', async () => {
    const { tokens } = await signIn(stack.urls, 'admin');
    for (const token of [undefined, 'onzin', tokens.id_token!]) {
      const { status, body } = await callMyAccount(stack.urls, token, 'GET', '/profile');
      expect(status).toBe(401);
      expectOktaError(body, 'E0000011');
    }
  });

  it('refuses a call the token has no scope for with 403, naming the scope', async () => {
    const token = await myAccountToken(stack.urls, 'monteur', ['okta.myAccount.profile.read']);
    const put = await callMyAccount(stack.urls, token, 'PUT', '/profile', { profile: { firstName: 'P', lastName: 'M', email: 'monteur@isolatie.local', login: 'monteur', mobilePhone: null } });
    expect(put.status).toBe(403);
    expectOktaError(put.body, 'E0000006');
    expect(put.headers.get('www-authenticate')).toContain('scope="okta.myAccount.profile.manage"');
    for (const path of ['/emails', '/phones', '/password']) {
      const { status, body } = await callMyAccount(stack.urls, token, 'GET', path);
      expect(status).toBe(403);
      expectOktaError(body, 'E0000006');
    }
  });

  it('lets a manage scope read too', async () => {
    const token = await myAccountToken(stack.urls, 'monteur', ['okta.myAccount.email.manage']);
    expect((await callMyAccount(stack.urls, token, 'GET', '/emails')).status).toBe(200);
  });

  it('asks for Okta API version 1.0.0 in Accept, like Okta', async () => {
    const token = await myAccountToken(stack.urls, 'monteur', ['okta.myAccount.profile.read']);
    const plain = await callMyAccount(stack.urls, token, 'GET', '/profile', undefined, { Accept: 'application/json' });
    expect(plain.status).toBe(406);
    expectOktaError(plain.body, 'E0000149');
    const versioned = await callMyAccount(stack.urls, token, 'GET', '/profile');
    expect(versioned.headers.get('content-type')).toBe('application/json; okta-version=1.0.0');
    expect(versioned.headers.get('cache-control')).toBe('no-store');
  });

  it('answers an unknown path with 404 in Okta shape', async () => {
    const token = await myAccountToken(stack.urls, 'monteur', ['okta.myAccount.profile.read']);
    const { status, body } = await callMyAccount(stack.urls, token, 'GET', '/nergens');
    expect(status).toBe(404);
    expectOktaError(body, 'E0000007');
  });
});

describe('my-account CORS', () => {
  const preflight = (origin: string) =>
    fetch(`${myAccountUrl(stack.urls)}/profile`, {
      method: 'OPTIONS',
      headers: { Origin: origin, 'Access-Control-Request-Method': 'PUT', 'Access-Control-Request-Headers': 'authorization, content-type' },
    });

  it('allows the app origin', async () => {
    const response = await preflight(stack.urls.app);
    expect(response.status).toBe(204);
    expect(response.headers.get('access-control-allow-origin')).toBe(stack.urls.app);
    expect(response.headers.get('access-control-allow-methods')).toContain('PUT');
    expect(response.headers.get('access-control-allow-headers')).toContain('Authorization');
    const token = await myAccountToken(stack.urls, 'monteur', ['okta.myAccount.profile.read']);
    const real = await callMyAccount(stack.urls, token, 'GET', '/profile', undefined, { Origin: stack.urls.app });
    expect(real.headers.get('access-control-allow-origin')).toBe(stack.urls.app);
  });

  it('refuses any other origin', async () => {
    const response = await preflight('http://evil.localhost');
    expect(response.status).toBe(403);
    expect(response.headers.get('access-control-allow-origin')).toBeNull();
    const real = await callMyAccount(stack.urls, undefined, 'GET', '/profile', undefined, { Origin: 'http://evil.localhost' });
    expect(real.headers.get('access-control-allow-origin')).toBeNull();
  });
});
