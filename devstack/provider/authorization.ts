// What the provider's parts share about an authorization request: oidc.ts
// chooses the refresh token policy, session-end.ts and org-server.ts adjust
// the request before oidc-provider reads it.

/** `offline_access`: only when the sign-in asks for it (Okta); `always`: every code grant; `never`: none (an app integration without the Refresh Token grant). */
export type RefreshTokenPolicy = 'offline_access' | 'always' | 'never';

/** oidc-provider's authorization endpoint, where both session-end.ts and org-server.ts adjust a request before it is read. */
export const AUTHORIZATION_PATH = '/auth';

/** A space-separated parameter (`scope`, `prompt`) as its words. */
export function words(value: unknown): string[] {
  return typeof value === 'string' ? value.split(' ').filter(Boolean) : [];
}
