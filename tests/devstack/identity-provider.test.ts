import { decodeJwt, decodeProtectedHeader } from 'jose';
import * as oauth from 'oauth4webapi';
import { describe, expect, it } from 'vitest';
import { readForm } from './helpers/browser.ts';
import { beginSignIn, client, insecure, redirectUri, signIn, submitLogin } from './helpers/sign-in.ts';
import { stackForTests, startTestStack } from './helpers/test-stack.ts';

const stack = stackForTests();

describe('sign-in with authorization code and PKCE', () => {
  it('signs admin in and issues an ID token with profile and e-mail', async () => {
    const { tokens, idTokenClaims } = await signIn(stack().urls, 'admin');
    expect(stack().urls.signInIssuer).toBe(`${stack().urls.issuer}/oauth2/default`);
    expect(idTokenClaims.iss).toBe(stack().urls.signInIssuer);
    expect(idTokenClaims.aud).toBe('isolatie-staff');
    expect(idTokenClaims).toMatchObject({
      sub: 'idp-0001-admin',
      email: 'admin@isolatie.local',
      email_verified: true,
      name: 'Beheerder Admin',
      given_name: 'Beheerder',
      family_name: 'Admin',
      preferred_username: 'admin',
    });
    expect(tokens.token_type.toLowerCase()).toBe('bearer');
    expect(tokens.refresh_token).toBeTruthy();
  });

  it("issues the access token as Okta's custom server does: a JWT for the API with uid, cid, scp and the login as sub", async () => {
    const { tokens } = await signIn(stack().urls, 'monteur');
    const header = decodeProtectedHeader(tokens.access_token);
    expect(header).toMatchObject({ alg: 'RS256' });
    expect(header).not.toHaveProperty('typ');
    const claims = decodeJwt(tokens.access_token);
    expect(claims.ver).toBe(1);
    expect(claims.aud).toBe(stack().urls.api);
    expect(claims.iss).toBe(stack().urls.signInIssuer);
    expect(claims.scp).toEqual(['openid', 'profile', 'email', 'offline_access']);
    expect(claims).not.toHaveProperty('scope');
    expect(claims.sub).toBe('monteur');
    expect(claims.uid).toBe('idp-0002-monteur');
    expect(claims.cid).toBe('isolatie-staff');
    expect(claims).not.toHaveProperty('client_id');
    expect(claims.jti).toEqual(expect.any(String));
    // A custom claim, as an administrator adds it on the server's Claims tab (docs/deploy.md).
    expect(claims.email).toBe('monteur@isolatie.local');
    expect(claims.exp! - claims.iat!).toBe(300);
  });

  it('shows the Dutch login page and keeps the user name after a wrong password', async () => {
    const pending = await beginSignIn(stack().urls);
    const { loginPageHtml, response, url } = await submitLogin(stack().urls, pending, 'admin', 'fout');
    expect(loginPageHtml).toContain('<html lang="nl">');
    expect(loginPageHtml).toContain('<title>Inloggen · Medewerkersportaal</title>');
    expect(loginPageHtml).toContain('<link rel="icon" href="/favicon.svg" type="image/svg+xml">');
    expect(loginPageHtml).toMatch(/<label for="username">Gebruikersnaam<\/label>/);
    expect(loginPageHtml).toMatch(/<label for="password">Wachtwoord<\/label>/);
    expect(loginPageHtml).toMatch(/<button type="submit">Inloggen<\/button>/);
    expect(loginPageHtml).toContain('Annuleren');
    expect(loginPageHtml).toContain('<a href="/signin/forgot-password?ui_locales=nl">Wachtwoord vergeten?</a>');
    expect(loginPageHtml).toContain('<a href="/signin/register?ui_locales=nl">Account aanvragen</a>');

    expect(url).toContain('/interaction/');
    expect(response.status).toBe(200);
    const html = await response.text();
    expect(html).toContain('Onbekende gebruikersnaam of onjuist wachtwoord.');
    expect(html).toMatch(/id="username"[^>]*value="admin"/);
  });

  it('treats an unknown user like a wrong password', async () => {
    const pending = await beginSignIn(stack().urls);
    const { response } = await submitLogin(stack().urls, pending, 'niemand', '123qwe');
    expect(await response.text()).toContain('Onbekende gebruikersnaam of onjuist wachtwoord.');
  });

  it('returns access_denied to the app when the user cancels', async () => {
    const pending = await beginSignIn(stack().urls);
    const page = await pending.browser.follow(pending.authorizationUrl);
    const abort = /href="([^"]*\/abort)"/.exec(await page.response.text())?.[1];
    expect(abort).toBeTruthy();
    const { url } = await pending.browser.follow(new URL(abort!, page.url), (l) => l.startsWith(redirectUri(stack().urls)));
    const params = new URL(url).searchParams;
    expect(params.get('error')).toBe('access_denied');
    expect(params.get('state')).toBe(pending.state);
  });

  it('refuses an authorization request without PKCE', async () => {
    const pending = await beginSignIn(stack().urls);
    pending.authorizationUrl.searchParams.delete('code_challenge');
    pending.authorizationUrl.searchParams.delete('code_challenge_method');
    const { url } = await pending.browser.follow(pending.authorizationUrl, (l) => l.startsWith(redirectUri(stack().urls)));
    const params = new URL(url).searchParams;
    expect(params.get('error')).toBe('invalid_request');
    expect(params.get('error_description')).toMatch(/PKCE/);
  });

  it('refuses a redirect URI that is not registered exactly', async () => {
    const pending = await beginSignIn(stack().urls, { redirect_uri: `${stack().urls.app}/account/logincallback/` });
    const response = await pending.browser.fetch(pending.authorizationUrl);
    expect(response.status).toBe(400);
    const html = await response.text();
    expect(html).toContain('<html lang="nl">');
    expect(html).toContain('Er ging iets mis');
    expect(html).toContain('invalid_redirect_uri');
  });
});

describe('refresh, revocation and sign-out', () => {
  const refresh = async (as: oauth.AuthorizationServer, refreshToken: string, scope?: string) =>
    oauth.processRefreshTokenResponse(
      as,
      client,
      await oauth.refreshTokenGrantRequest(as, client, oauth.None(), refreshToken, {
        ...insecure,
        additionalParameters: scope ? { scope } : {},
      }),
    );

  it('rotates the refresh token and still takes the old one within the grace period, as Okta does', async () => {
    const { as, tokens } = await signIn(stack().urls, 'admin');
    const first = tokens.refresh_token!;
    const refreshed = await refresh(as, first);
    expect(refreshed.refresh_token).toBeTruthy();
    expect(refreshed.refresh_token).not.toBe(first);
    expect(decodeJwt(refreshed.access_token).aud).toBe(stack().urls.api);
    // Another tab refreshing with the same token at the same moment still gets an answer.
    await expect(refresh(as, first)).resolves.toHaveProperty('refresh_token');
  });

  it('refuses a rotated refresh token after the grace period and ends its chain', async () => {
    const strict = await startTestStack({ refreshTokenGracePeriod: 0 });
    try {
      const { as, tokens } = await signIn(strict.urls, 'admin');
      const rotated = (await refresh(as, tokens.refresh_token!)).refresh_token!;
      await expect(refresh(as, tokens.refresh_token!)).rejects.toMatchObject({ error: 'invalid_grant' });
      // The reuse revoked the chain: the token that replaced it is gone too.
      await expect(refresh(as, rotated)).rejects.toMatchObject({ error: 'invalid_grant' });
    } finally {
      await strict.stop();
    }
  });

  it('narrows the scopes on refresh, with a refresh token only while offline_access stays', async () => {
    const { as, tokens } = await signIn(stack().urls, 'admin');
    const narrowed = await refresh(as, tokens.refresh_token!, 'openid email offline_access');
    expect(decodeJwt(narrowed.access_token).scp).toEqual(['openid', 'email', 'offline_access']);
    expect(narrowed.refresh_token).toBeTruthy();
    const withoutOffline = await refresh(as, narrowed.refresh_token!, 'openid email');
    expect(decodeJwt(withoutOffline.access_token).scp).toEqual(['openid', 'email']);
    expect(withoutOffline.refresh_token).toBeUndefined();
  });

  it('answers invalid_scope for a scope the sign-in was not granted, at refresh too', async () => {
    const { as, tokens } = await signIn(stack().urls, 'admin', '123qwe', { scope: 'openid email offline_access' });
    await expect(refresh(as, tokens.refresh_token!, 'openid profile')).rejects.toMatchObject({ error: 'invalid_scope' });
  });

  it('revokes a refresh token', async () => {
    const { as, tokens } = await signIn(stack().urls, 'admin');
    const revoke = await oauth.revocationRequest(as, client, oauth.None(), tokens.refresh_token!, {
      ...insecure,
      additionalParameters: { token_type_hint: 'refresh_token' },
    });
    await oauth.processRevocationResponse(revoke);
    const refresh = await oauth.refreshTokenGrantRequest(as, client, oauth.None(), tokens.refresh_token!, insecure);
    await expect(oauth.processRefreshTokenResponse(as, client, refresh)).rejects.toMatchObject({ error: 'invalid_grant' });
  });

  it('signs out with id_token_hint and lands back on the app', async () => {
    const { as, browser, tokens } = await signIn(stack().urls, 'admin');
    const endSession = new URL(as.end_session_endpoint!);
    endSession.search = new URLSearchParams({
      id_token_hint: tokens.id_token!,
      post_logout_redirect_uri: `${stack().urls.app}/account/login`,
      state: 'terug',
      client_id: 'isolatie-staff',
    }).toString();
    const page = await browser.fetch(endSession);
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain('<html lang="nl">');
    expect(html).toContain('<h1>Uitloggen</h1>');
    expect(html).toMatch(/<button type="submit" form="op.logoutForm">Uitloggen<\/button>/);

    const form = readForm(html);
    expect(form.fields.logout).toBe('yes');
    const confirmed = await browser.fetch(new URL(form.action, endSession), {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams(form.fields),
    });
    expect(confirmed.status).toBe(303);
    expect(confirmed.headers.get('location')).toBe(`${stack().urls.app}/account/login?state=terug`);

    // The session is gone: a new sign-in asks for the password again.
    const again = await browser.follow((await beginSignIn(stack().urls)).authorizationUrl, (l) => l.startsWith(redirectUri(stack().urls)));
    expect(again.url).toContain('/interaction/');
    // An offline_access refresh token outlives the provider's session, as at
    // Okta: that is why the app revokes its own at sign-out.
    const refresh = await oauth.refreshTokenGrantRequest(as, client, oauth.None(), tokens.refresh_token!, insecure);
    await expect(oauth.processRefreshTokenResponse(as, client, refresh)).resolves.toHaveProperty('refresh_token');
  });

  it('shows a Dutch page after a sign-out without a return address', async () => {
    const { as, browser, tokens } = await signIn(stack().urls, 'monteur');
    const endSession = new URL(as.end_session_endpoint!);
    endSession.searchParams.set('id_token_hint', tokens.id_token!);
    const form = readForm(await (await browser.fetch(endSession)).text());
    const { response } = await browser.follow(new URL(form.action, endSession), () => false, {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams(form.fields),
    });
    expect(await response.text()).toContain('Je bent uitgelogd.');
  });

  it('refuses a sign-out without id_token_hint with its own page, as Okta does, and the session stays', async () => {
    const { as, browser } = await signIn(stack().urls, 'monteur');
    const endSession = new URL(as.end_session_endpoint!);
    endSession.search = new URLSearchParams({
      post_logout_redirect_uri: `${stack().urls.app}/account/login`,
      client_id: 'isolatie-staff',
    }).toString();
    const page = await browser.fetch(endSession);
    expect(page.status).toBe(400);
    expect(page.headers.get('location')).toBeNull();
    expect(await page.text()).toContain('id_token_hint');
    // Still signed in at the provider: the next sign-in needs no password.
    const again = await browser.follow((await beginSignIn(stack().urls)).authorizationUrl, (l) => l.startsWith(redirectUri(stack().urls)));
    expect(again.url).toContain('code=');
  });
});

describe('provider CORS', () => {
  const preflight = (origin: string) =>
    fetch(`${stack().urls.signInIssuer}/v1/token`, {
      method: 'OPTIONS',
      headers: { Origin: origin, 'Access-Control-Request-Method': 'POST', 'Access-Control-Request-Headers': 'content-type' },
    });

  it('allows the app origin at the token endpoint', async () => {
    const response = await preflight(stack().urls.app);
    expect(response.headers.get('access-control-allow-origin')).toBe(stack().urls.app);
    // A real token call from the app origin carries the header too.
    const token = await fetch(`${stack().urls.signInIssuer}/v1/token`, {
      method: 'POST',
      headers: { Origin: stack().urls.app, 'Content-Type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ grant_type: 'refresh_token', refresh_token: 'onzin', client_id: 'isolatie-staff' }),
    });
    expect(token.status).toBe(400);
    expect(token.headers.get('access-control-allow-origin')).toBe(stack().urls.app);
  });

  it('refuses another origin', async () => {
    const response = await preflight('http://evil.localhost');
    expect(response.headers.get('access-control-allow-origin')).toBeNull();
    const token = await fetch(`${stack().urls.signInIssuer}/v1/token`, {
      method: 'POST',
      headers: { Origin: 'http://evil.localhost', 'Content-Type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ grant_type: 'refresh_token', refresh_token: 'onzin', client_id: 'isolatie-staff' }),
    });
    expect(token.headers.get('access-control-allow-origin')).toBeNull();
  });
});
