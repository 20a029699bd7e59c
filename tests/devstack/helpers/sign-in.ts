import * as oauth from 'oauth4webapi';
import { CLIENT_ID } from '../../../devstack/appconfig.ts';
import { OTHER_CLIENT_CALLBACK, OTHER_CLIENT_ID } from '../../../devstack/provider/oidc.ts';
import type { StackUrls } from '../../../devstack/stack.ts';
import { Browser, readForm } from './browser.ts';

// The authorization code flow with PKCE as the app runs it, driven from Node.

export const insecure = { [oauth.allowInsecureRequests]: true } as const;
export const client: oauth.Client = { client_id: CLIENT_ID };
export const SCOPE = 'openid profile email offline_access';

export function redirectUri(urls: StackUrls, clientId = CLIENT_ID): string {
  return clientId === OTHER_CLIENT_ID ? `${urls.app}${OTHER_CLIENT_CALLBACK}` : `${urls.app}/account/logincallback`;
}

/** An authorization server's metadata: the sign-in issuer's unless another (the org's, `urls.issuer`) is named. */
export async function discover(urls: StackUrls, at = urls.signInIssuer): Promise<oauth.AuthorizationServer> {
  const issuer = new URL(at);
  const response = await oauth.discoveryRequest(issuer, { algorithm: 'oidc', ...insecure });
  return oauth.processDiscoveryResponse(issuer, response);
}

export interface PendingSignIn {
  browser: Browser;
  as: oauth.AuthorizationServer;
  authorizationUrl: URL;
  client: oauth.Client;
  codeVerifier: string;
  state: string;
  nonce: string;
}

/** Extra authorization parameters; a list becomes a repeated parameter. */
export type AuthParams = Record<string, string | string[]>;

/** Which authorization server: the sign-in issuer's unless `issuer` names another (the org's); as the app unless `clientId` names another app of the org. */
export interface SignInAt {
  issuer?: string;
  clientId?: string;
  /** Binds the tokens to this key: the code exchange carries a proof (and the provider's nonce, asked for once). */
  dpop?: oauth.DPoPHandle;
}

export async function beginSignIn(urls: StackUrls, extra: AuthParams = {}, at: SignInAt = {}): Promise<PendingSignIn> {
  const as = await discover(urls, at.issuer);
  const codeVerifier = oauth.generateRandomCodeVerifier();
  const state = oauth.generateRandomState();
  const nonce = oauth.generateRandomNonce();
  const authorizationUrl = new URL(as.authorization_endpoint!);
  const clientId = at.clientId ?? CLIENT_ID;
  const params: AuthParams = {
    client_id: clientId,
    response_type: 'code',
    scope: SCOPE,
    redirect_uri: redirectUri(urls, clientId),
    code_challenge: await oauth.calculatePKCECodeChallenge(codeVerifier),
    code_challenge_method: 'S256',
    state,
    nonce,
    ...extra,
  };
  for (const [key, value] of Object.entries(params)) {
    authorizationUrl.searchParams.delete(key);
    for (const one of Array.isArray(value) ? value : [value]) authorizationUrl.searchParams.append(key, one);
  }
  return { browser: new Browser(), as, authorizationUrl, client: { client_id: clientId }, codeVerifier, state, nonce };
}

/** Opens the authorization URL and answers the login page; returns where the provider sent the browser. */
export async function submitLogin(urls: StackUrls, pending: PendingSignIn, userName: string, password: string) {
  const atCallback = (location: string) => location.startsWith(redirectUri(urls, pending.client.client_id));
  const loginPage = await pending.browser.follow(pending.authorizationUrl, atCallback);
  const html = await loginPage.response.text();
  const form = readForm(html);
  const posted = await pending.browser.follow(new URL(form.action, loginPage.url), atCallback, {
    method: 'POST',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ username: userName, password }),
  });
  return { loginPageHtml: html, loginPageUrl: loginPage.url, ...posted };
}

export interface SignedIn {
  as: oauth.AuthorizationServer;
  browser: Browser;
  tokens: oauth.TokenEndpointResponse;
  idTokenClaims: oauth.IDToken;
}

export async function signIn(
  urls: StackUrls,
  userName: string,
  password = '123qwe',
  extra: AuthParams = {},
  at: SignInAt = {},
): Promise<SignedIn> {
  const DPoP = at.dpop;
  const pending = await beginSignIn(urls, extra, at);
  const { url } = await submitLogin(urls, pending, userName, password);
  const redirect = redirectUri(urls, pending.client.client_id);
  if (!url.startsWith(redirect)) throw new Error(`sign-in did not reach the redirect URI, ended at ${url}`);
  const params = oauth.validateAuthResponse(pending.as, pending.client, new URL(url), pending.state);
  const exchange = async () => {
    const response = await oauth.authorizationCodeGrantRequest(
      pending.as,
      pending.client,
      oauth.None(),
      params,
      redirect,
      pending.codeVerifier,
      { ...insecure, DPoP },
    );
    return oauth.processAuthorizationCodeResponse(pending.as, pending.client, response, {
      expectedNonce: pending.nonce,
      requireIdToken: true,
    });
  };
  const tokens = await exchange().catch((error: unknown) => (DPoP && oauth.isDPoPNonceError(error) ? exchange() : Promise.reject(error)));
  const idTokenClaims = oauth.getValidatedIdTokenClaims(tokens);
  if (!idTokenClaims) throw new Error('no ID token');
  return { as: pending.as, browser: pending.browser, tokens, idTokenClaims };
}

/** Signs in at the provider, then exchanges the access token at the API like the app does, in the Default tenant unless told otherwise (none is the host, where nobody signs in this way). */
export async function backendSignIn(urls: StackUrls, userName: string, tenantId = 1) {
  const { tokens, idTokenClaims } = await signIn(urls, userName);
  const response = await externalAuthenticate(urls, idTokenClaims.sub, tokens.access_token, tenantId);
  const body = (await response.json()) as { result: { accessToken: string | null } };
  if (!body.result?.accessToken) throw new Error(`no backend token for ${userName}: ${JSON.stringify(body)}`);
  return body.result.accessToken;
}

/** ExternalAuthenticate as the app calls it, with a provider access token of the caller's choosing. */
export function externalAuthenticate(urls: StackUrls, providerKey: string, providerAccessCode: string, tenantId = 1): Promise<Response> {
  return fetch(`${urls.api}/api/TokenAuth/ExternalAuthenticate`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', 'Abp-TenantId': String(tenantId) },
    body: JSON.stringify({ authProvider: 'OpenIdConnect', providerKey, providerAccessCode }),
  });
}
