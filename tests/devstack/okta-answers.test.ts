import * as oauth from 'oauth4webapi';
import { describe, expect, it } from 'vitest';
import { CLIENT_ID } from '../../devstack/appconfig.ts';
import { OTHER_CLIENT_ID } from '../../devstack/provider/oidc.ts';
import { DPOP_BINDING_DESCRIPTION, USERINFO_SCOPE_DESCRIPTION } from '../../devstack/provider/okta-answers.ts';
import { atOrg, orgSignIn } from './helpers/myaccount.ts';
import { beginSignIn, client, insecure, redirectUri, signIn, type SignedIn } from './helpers/sign-in.ts';
import { stackForTests } from './helpers/test-stack.ts';

// Answers of the provider's authorization servers as Okta gives them where
// oidc-provider would answer otherwise (../shared/OKTA.md, "What Okta mints
// and answers"): a refresh with another DPoP key, /userinfo for a token with
// only `openid`, /introspect for a public client.

const stack = stackForTests();

/** A sign-in whose tokens are bound to a DPoP key (the code exchange sends a proof), as the app signs in. */
async function boundSignIn(): Promise<SignedIn & { DPoP: oauth.DPoPHandle }> {
  const DPoP = oauth.DPoP(client, await oauth.generateKeyPair('ES256'));
  return { ...(await signIn(stack().urls, 'admin', undefined, {}, { dpop: DPoP })), DPoP };
}

async function refreshWith(signedIn: SignedIn, refreshToken: string, DPoP?: oauth.DPoPHandle) {
  const ask = async () =>
    oauth.processRefreshTokenResponse(
      signedIn.as,
      client,
      await oauth.refreshTokenGrantRequest(signedIn.as, client, oauth.None(), refreshToken, { ...insecure, DPoP }),
    );
  return ask().catch((error: unknown) => (oauth.isDPoPNonceError(error) ? ask() : Promise.reject(error)));
}

/** The token endpoint's raw answer to a refresh, with a proof of `DPoP`'s key if given (a nonce asked for is sent). */
async function rawRefresh(signedIn: SignedIn, refreshToken: string, DPoP?: oauth.DPoPHandle): Promise<Response> {
  const ask = () => oauth.refreshTokenGrantRequest(signedIn.as, client, oauth.None(), refreshToken, { ...insecure, DPoP });
  const first = await ask();
  if (first.status === 400 && first.headers.has('dpop-nonce') && DPoP) {
    await oauth.processRefreshTokenResponse(signedIn.as, client, first).catch(() => undefined);
    return ask();
  }
  return first;
}

describe('a refresh with a DPoP proof of another key than the refresh token is bound to', () => {
  it('answers 400 invalid_dpop_proof, as Okta, and the right key still refreshes afterwards', async () => {
    const signedIn = await boundSignIn();
    const other = oauth.DPoP(client, await oauth.generateKeyPair('ES256'));
    const answer = await rawRefresh(signedIn, signedIn.tokens.refresh_token!, other);
    expect(answer.status).toBe(400);
    expect(await answer.json()).toEqual({ error: 'invalid_dpop_proof', error_description: DPOP_BINDING_DESCRIPTION });
    // Without any proof: the same answer.
    const bare = await rawRefresh(signedIn, signedIn.tokens.refresh_token!);
    expect(bare.status).toBe(400);
    expect(await bare.json()).toMatchObject({ error: 'invalid_dpop_proof' });
    // The refusal spent nothing: the key the token is bound to still renews it.
    expect((await refreshWith(signedIn, signedIn.tokens.refresh_token!, signedIn.DPoP)).access_token).toBeTruthy();
  });

  it('leaves an unknown refresh token invalid_grant', async () => {
    const signedIn = await boundSignIn();
    const answer = await rawRefresh(signedIn, 'onbekend', signedIn.DPoP);
    expect(answer.status).toBe(400);
    expect(await answer.json()).toMatchObject({ error: 'invalid_grant' });
  });
});

describe('/userinfo of the org server', () => {
  const userinfo = (token: string) => fetch(`${stack().urls.issuer}/oauth2/v1/userinfo`, { headers: { Authorization: `Bearer ${token}` } });

  it('answers 403 insufficient_scope, with WWW-Authenticate, for a token with only openid', async () => {
    const { tokens } = await signIn(stack().urls, 'admin', undefined, { scope: 'openid' }, { issuer: stack().urls.issuer });
    const response = await userinfo(tokens.access_token);
    expect(response.status).toBe(403);
    expect(response.headers.get('www-authenticate')).toBe(
      `Bearer error="insufficient_scope", error_description="${USERINFO_SCOPE_DESCRIPTION}"`,
    );
    expect(await response.json()).toEqual({ error: 'insufficient_scope', error_description: USERINFO_SCOPE_DESCRIPTION });
  });

  it('answers with the person for openid and profile', async () => {
    const { tokens } = await signIn(stack().urls, 'admin', undefined, { scope: 'openid profile' }, { issuer: stack().urls.issuer });
    const response = await userinfo(tokens.access_token);
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({ sub: 'idp-0001-admin', given_name: 'Beheerder' });
  });
});

describe('/introspect of the org server for a public client', () => {
  const introspect = (token: string, clientId = CLIENT_ID) =>
    fetch(`${stack().urls.issuer}/oauth2/v1/introspect`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ token, token_type_hint: 'access_token', client_id: clientId }),
    }).then(async (response) => ({ status: response.status, body: (await response.json()) as Record<string, unknown> }));

  it("is in the discovery document, and names the token's client, scopes and person as Okta does", async () => {
    const metadata = (await (await fetch(`${stack().urls.issuer}/.well-known/openid-configuration`)).json()) as Record<string, unknown>;
    expect(metadata.introspection_endpoint).toBe(`${stack().urls.issuer}/oauth2/v1/introspect`);
    const { tokens } = await orgSignIn(stack().urls, 'admin', ['okta.myAccount.email.read']);
    const { status, body } = await introspect(tokens.access_token);
    expect(status).toBe(200);
    expect(body).toMatchObject({
      active: true,
      client_id: CLIENT_ID,
      sub: 'admin',
      username: 'admin',
      uid: 'idp-0001-admin',
      token_type: 'Bearer',
    });
    expect(String(body.scope).split(' ')).toContain('okta.myAccount.email.read');
  });

  it("names another app's client for its token, whoever asks, and says inactive for what it does not know", async () => {
    const other = await signIn(stack().urls, 'admin', undefined, {}, { issuer: stack().urls.issuer, clientId: OTHER_CLIENT_ID });
    expect((await introspect(other.tokens.access_token)).body).toMatchObject({
      active: true,
      client_id: OTHER_CLIENT_ID,
      uid: 'idp-0001-admin',
    });
    expect((await introspect('onbekend')).body).toEqual({ active: false });
  });
});

describe('a colleague who signed in at the provider through another app of the org, in the same browser', () => {
  /** The app's request at the org server in the browser `signedIn` left: where the provider sends it back, as a URL. */
  async function appAsks(signedIn: SignedIn, extra: Record<string, string>): Promise<URL> {
    const pending = await beginSignIn(stack().urls, { scope: 'openid okta.myAccount.profile.read', ...extra }, atOrg(stack().urls));
    const { url } = await signedIn.browser.follow(pending.authorizationUrl, (location) => location.startsWith(redirectUri(stack().urls)));
    return new URL(url);
  }

  it('gives the app a code for the colleague without asking anyone’s consent, as Okta’s app integrations do, even for prompt=none naming another person', async () => {
    const colleague = await signIn(stack().urls, 'monteur', undefined, {}, { clientId: OTHER_CLIENT_ID });
    const answer = (await appAsks(colleague, { prompt: 'none', login_hint: 'admin' })).searchParams;
    expect(answer.get('error'), String(answer.get('error_description'))).toBeNull();
    expect(answer.get('code')).toBeTruthy();
  });

  it('answers the other app consent_required for an Okta API scope the org never granted it', async () => {
    const pending = await beginSignIn(
      stack().urls,
      { scope: 'openid okta.myAccount.profile.read' },
      { ...atOrg(stack().urls), clientId: OTHER_CLIENT_ID },
    );
    const { url } = await pending.browser.follow(pending.authorizationUrl, (location) =>
      location.startsWith(redirectUri(stack().urls, OTHER_CLIENT_ID)),
    );
    expect(new URL(url).searchParams.get('error')).toBe('consent_required');
  });
});
