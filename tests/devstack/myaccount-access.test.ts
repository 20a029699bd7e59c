import { decodeJwt } from 'jose';
import * as oauth from 'oauth4webapi';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MYACCOUNT_SCOPES } from '../../devstack/provider/myaccount/http.ts';
import { atOrg, callMyAccount, myAccountToken, myAccountUrl } from './helpers/myaccount.ts';
import { beginSignIn, client, discover, insecure, redirectUri, signIn } from './helpers/sign-in.ts';
import { startTestStack, type TestStack } from './helpers/test-stack.ts';

// Who may call the my-account API: only a token of the org authorization
// server (the only one that grants the my-account scopes), with the scope the call needs, from the app's origin, in Okta's error shape and codes.

let stack: TestStack;
beforeAll(async () => {
  stack = await startTestStack();
});
afterAll(() => stack.stop());

/** Okta's error shape with one of its E0000… codes. */
function expectOktaError(body: unknown, errorCode: `E0000${string}`) {
  expect(body).toMatchObject({
    errorCode,
    errorSummary: expect.any(String),
    errorLink: errorCode,
    errorId: expect.any(String),
    errorCauses: expect.any(Array),
  });
}

describe('my-account tokens', () => {
  it("lists the my-account scopes in the org server's discovery only", async () => {
    const metadata = await (await fetch(`${stack.urls.issuer}/.well-known/openid-configuration`)).json();
    expect(metadata.issuer).toBe(stack.urls.issuer);
    expect(metadata.token_endpoint).toBe(`${stack.urls.issuer}/oauth2/v1/token`);
    expect(metadata.scopes_supported).toEqual(expect.arrayContaining(MYACCOUNT_SCOPES));
    expect(MYACCOUNT_SCOPES).toEqual([
      'okta.myAccount.profile.read',
      'okta.myAccount.profile.manage',
      'okta.myAccount.email.read',
      'okta.myAccount.email.manage',
      'okta.myAccount.phone.read',
      'okta.myAccount.phone.manage',
      'okta.myAccount.password.read',
      'okta.myAccount.password.manage',
    ]);
    const custom = await (await fetch(`${stack.urls.signInIssuer}/.well-known/openid-configuration`)).json();
    expect(custom.issuer).toBe(`${stack.urls.issuer}/oauth2/default`);
    expect(custom.token_endpoint).toBe(`${stack.urls.issuer}/oauth2/default/v1/token`);
    expect(custom.scopes_supported.filter((scope: string) => scope.startsWith('okta.'))).toEqual([]);
  });

  it('issues an org token, opaque to everyone else, carrying only the asked scopes', async () => {
    const { tokens } = await signIn(stack.urls, 'monteur', '123qwe', { scope: 'openid okta.myAccount.profile.read' }, atOrg(stack.urls));
    expect(tokens.scope).toBe('openid okta.myAccount.profile.read');
    expect(() => decodeJwt(tokens.access_token)).toThrow();
    const { status, body } = await callMyAccount(stack.urls, tokens.access_token, 'GET', '/profile');
    expect(status).toBe(200);
    expect(body.profile.login).toBe('monteur');
  });

  it('answers invalid_scope for a my-account scope at the custom server', async () => {
    const pending = await beginSignIn(stack.urls, { scope: `openid ${MYACCOUNT_SCOPES[0]}` });
    const { url } = await pending.browser.follow(pending.authorizationUrl, (l) => l.startsWith(redirectUri(stack.urls)));
    expect(new URL(url).searchParams.get('error')).toBe('invalid_scope');
  });

  it("ignores `resource` at sign-in: the custom server's token is for the API whatever it names, and a refresh naming another gets nothing", async () => {
    const { as, tokens } = await signIn(stack.urls, 'admin', '123qwe', { resource: myAccountUrl(stack.urls) });
    expect(decodeJwt(tokens.access_token).aud).toBe(stack.urls.api);
    expect((await callMyAccount(stack.urls, tokens.access_token, 'GET', '/profile')).status).toBe(401);
    // A refresh naming the my-account API gets nothing for it either.
    const refresh = await oauth.refreshTokenGrantRequest(as, client, oauth.None(), tokens.refresh_token!, {
      ...insecure,
      additionalParameters: { resource: myAccountUrl(stack.urls) },
    });
    await expect(oauth.processRefreshTokenResponse(as, client, refresh)).rejects.toMatchObject({ error: 'invalid_target' });
  });

  it('keeps one sign-in session for both servers: a visit to the org server after a sign-in at the custom one asks no password', async () => {
    const { browser } = await signIn(stack.urls, 'admin');
    const pending = await beginSignIn(stack.urls, { scope: `openid ${MYACCOUNT_SCOPES.join(' ')}` }, atOrg(stack.urls));
    const { url } = await browser.follow(pending.authorizationUrl, (l) => l.startsWith(redirectUri(stack.urls)));
    expect(new URL(url).searchParams.get('code')).toBeTruthy();
    expect(new URL(url).searchParams.get('iss')).toBe(stack.urls.issuer);
  });

  it('does not take a refresh token of one server at the other', async () => {
    const { tokens } = await signIn(stack.urls, 'admin');
    const org = await discover(stack.urls, stack.urls.issuer);
    const response = await oauth.refreshTokenGrantRequest(org, client, oauth.None(), tokens.refresh_token!, insecure);
    await expect(oauth.processRefreshTokenResponse(org, client, response)).rejects.toMatchObject({ error: 'invalid_grant' });
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
    const put = await callMyAccount(stack.urls, token, 'PUT', '/profile', {
      profile: { firstName: 'P', lastName: 'M', email: 'monteur@isolatie.local', login: 'monteur', mobilePhone: null },
    });
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
