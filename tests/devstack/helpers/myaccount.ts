import { MYACCOUNT_SCOPES } from '../../../devstack/provider/myaccount/http.ts';
import type { StackUrls } from '../../../devstack/stack.ts';
import * as oauth from 'oauth4webapi';
import { client, insecure, signIn, SCOPE } from './sign-in.ts';

// Calls to the provider's my-account API as the app would make them.

export const ACCEPT = 'application/json; okta-version=1.0.0';

export function myAccountUrl(urls: StackUrls): string {
  return `${urls.issuer}/idp/myaccount`;
}

/** The org authorization server: the only one that grants the my-account scopes. */
export const atOrg = (urls: StackUrls) => ({ issuer: urls.issuer });

/** Signs in at the org authorization server asking for my-account scopes, so the access token is one the my-account API takes. */
export async function myAccountToken(urls: StackUrls, userName: string, scopes: readonly string[] = MYACCOUNT_SCOPES, password = '123qwe') {
  const signedIn = await signIn(urls, userName, password, { scope: `openid ${scopes.join(' ')}` }, atOrg(urls));
  return signedIn.tokens.access_token;
}

export interface MyAccountAnswer {
  status: number;
  headers: Headers;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- test reads of Okta's loosely shaped JSON
  body: any;
}

export async function callMyAccount(
  urls: StackUrls,
  token: string | undefined,
  method: string,
  path: string,
  body?: unknown,
  headers: Record<string, string> = {},
): Promise<MyAccountAnswer> {
  const response = await fetch(`${myAccountUrl(urls)}${path}`, {
    method,
    headers: {
      Accept: ACCEPT,
      ...(token ? { Authorization: `Bearer ${token}` } : {}),
      ...(body === undefined ? {} : { 'Content-Type': 'application/json' }),
      ...headers,
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  return { status: response.status, headers: response.headers, body: text ? JSON.parse(text) : undefined };
}

/** A sign-in at the org server with the my-account scopes and a refresh token. */
export function orgSignIn(urls: StackUrls, userName: string, scopes: readonly string[] = MYACCOUNT_SCOPES, password = '123qwe') {
  return signIn(urls, userName, password, { scope: `${SCOPE} ${scopes.join(' ')}` }, atOrg(urls));
}

/**
 * A my-account token bound to `DPoP`'s key: a sign-in at the org server, then
 * its refresh token exchanged for the my-account scopes with a DPoP proof.
 */
export async function boundMyAccountAccess(urls: StackUrls, userName: string, password = '123qwe') {
  const { as, tokens } = await orgSignIn(urls, userName, MYACCOUNT_SCOPES, password);
  const DPoP = oauth.DPoP(client, await oauth.generateKeyPair('ES256'));
  let refreshToken = tokens.refresh_token!;
  const ask = async () => {
    const response = await oauth.refreshTokenGrantRequest(as, client, oauth.None(), refreshToken, {
      ...insecure,
      DPoP,
      additionalParameters: { scope: `offline_access ${MYACCOUNT_SCOPES.join(' ')}` },
    });
    return oauth.processRefreshTokenResponse(as, client, response);
  };
  // The org server's tokens are opaque: what each was granted is in the token answer only.
  const scopes = new Map<string, string>();
  const refresh = async () => {
    const answer = await ask().catch((error: unknown) => (oauth.isDPoPNonceError(error) ? ask() : Promise.reject(error)));
    refreshToken = answer.refresh_token ?? refreshToken;
    scopes.set(answer.access_token, answer.scope ?? '');
    return answer.access_token;
  };
  let accessToken = await refresh();
  return {
    DPoP,
    /** The scopes a token this gave out carries, as its token answer said. */
    scopeOf: (token: string) => scopes.get(token) ?? '',
    /** What the app's client takes as its AccessSource. */
    source: async (fresh: boolean) => {
      if (fresh) accessToken = await refresh();
      return { accessToken, DPoP };
    },
  };
}
