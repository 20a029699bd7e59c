import { MYACCOUNT_SCOPES } from '../../../devstack/provider/myaccount/http.ts';
import type { StackUrls } from '../../../devstack/stack.ts';
import { signIn, SCOPE } from './sign-in.ts';

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
