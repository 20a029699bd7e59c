// What the provider's parts share about its authorization servers: the
// layout and refresh token policy oidc.ts chooses, Okta's endpoint paths, and
// the words of a request that session-end.ts and org-server.ts read.

/** `offline_access`: only when the sign-in asks for it (Okta); `always`: every code grant; `never`: none (an app integration without the Refresh Token grant). */
export type RefreshTokenPolicy = 'offline_access' | 'always' | 'never';

/** Which authorization server signs people in: a custom one (API Access Management), or the org's own. */
export type OktaLayout = 'custom' | 'org-only';

/** Okta's endpoint paths below an authorization server (`/v1/...`), as oidc-provider route names. */
function oktaRoutes(prefix: string) {
  return {
    authorization: `${prefix}/v1/authorize`,
    token: `${prefix}/v1/token`,
    jwks: `${prefix}/v1/keys`,
    userinfo: `${prefix}/v1/userinfo`,
    end_session: `${prefix}/v1/logout`,
    revocation: `${prefix}/v1/revoke`,
    introspection: `${prefix}/v1/introspect`,
  };
}
export type OktaRoutes = ReturnType<typeof oktaRoutes>;
/** The org server's routes (mounted at the org's root) and the custom server's (below its issuer path). */
export const ORG_ROUTES = oktaRoutes('/oauth2');
export const CUSTOM_ROUTES = oktaRoutes('');

/** A space-separated parameter (`scope`, `prompt`) as its words. */
export function words(value: unknown): string[] {
  return typeof value === 'string' ? value.split(' ').filter(Boolean) : [];
}
