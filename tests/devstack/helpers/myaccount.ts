import { MYACCOUNT_SCOPES } from '../../../devstack/provider/myaccount/http.ts';
import type { StackUrls } from '../../../devstack/stack.ts';
import * as oauth from 'oauth4webapi';
import { client, insecure, signIn, SCOPE } from './sign-in.ts';

// Calls to the provider's my-account API as the app would make them.

export const ACCEPT = 'application/json; okta-version=1.0.0';

export function myAccountUrl(urls: StackUrls): string {
  return `${urls.issuer}/idp/myaccount`;
}

/** Signs in asking only for the my-account API, so the access token is for it. */
export async function myAccountToken(urls: StackUrls, userName: string, scopes: readonly string[] = MYACCOUNT_SCOPES, password = '123qwe') {
  const signedIn = await signIn(urls, userName, password, { scope: `openid ${scopes.join(' ')}`, resource: myAccountUrl(urls) });
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

/** The app's usual scope plus both resources, as a sign-in that wants both APIs asks. */
export function bothResources(urls: StackUrls, scopes: readonly string[] = MYACCOUNT_SCOPES) {
  return { scope: `${SCOPE} ${scopes.join(' ')}`, resource: [urls.api, myAccountUrl(urls)] };
}

/**
 * A my-account token as the app gets one: a sign-in with the API and the
 * my-account scopes, then its refresh token exchanged with `scope` and
 * `resource` and a DPoP proof, so the token is bound to `DPoP`'s key.
 */
export async function boundMyAccountAccess(urls: StackUrls, userName: string, password = '123qwe') {
  const { as, tokens } = await signIn(urls, userName, password, bothResources(urls));
  const DPoP = oauth.DPoP(client, await oauth.generateKeyPair('ES256'));
  let refreshToken = tokens.refresh_token!;
  const ask = async () => {
    const response = await oauth.refreshTokenGrantRequest(as, client, oauth.None(), refreshToken, {
      ...insecure, DPoP, additionalParameters: { resource: myAccountUrl(urls), scope: MYACCOUNT_SCOPES.join(' ') },
    });
    return oauth.processRefreshTokenResponse(as, client, response);
  };
  const refresh = async () => {
    const answer = await ask().catch((error: unknown) => (oauth.isDPoPNonceError(error) ? ask() : Promise.reject(error)));
    refreshToken = answer.refresh_token ?? refreshToken;
    return answer.access_token;
  };
  let accessToken = await refresh();
  return {
    DPoP,
    /** What the app's client takes as its AccessSource. */
    source: async (fresh: boolean) => {
      if (fresh) accessToken = await refresh();
      return { accessToken, DPoP };
    },
  };
}
