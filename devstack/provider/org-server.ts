import type { ProviderContext, ProviderMiddleware } from 'oidc-provider';
import type { OktaRoutes } from './authorization.ts';

// Okta's authorization servers have no `resource` parameter (RFC 8707): a
// request that names one is answered as if it did not.
//
// Okta's `/logout` requires `id_token_hint` (OKTA.md, "The authorization
// server"): without it Okta shows an error page of its own and never returns
// to the app. So do both of this provider's authorization servers, so an app
// that signs out without an ID token is caught here as it would be there.
//
// At the org server, an authorization request for Okta API scopes
// (`okta.*`, the my-account ones among them) the app integration was not
// granted on its "Okta API Scopes" tab is answered `consent_required`, as
// Okta does (its catalogue of OAuth errors: no_org_scopes_granted), not
// `invalid_scope`: only a Super Admin grants them, and no consent page of
// the person's can.

/** Okta's sentence for an org-server request of Okta API scopes the app was not granted (oauth2-error-codes.json, no_org_scopes_granted). */
export const NO_ORG_SCOPES_GRANTED = 'You are not allowed any of the requested scopes.';

/** What the org server knows to answer `consent_required`: an app integration's registered return addresses and the Okta API scopes granted to it. */
export interface OrgGrants {
  clientId: string;
  redirectUris: readonly string[];
  /** The Okta API scopes (`okta.*`) granted to the app; any other asked for is refused. */
  oktaScopes: readonly string[];
}

/** An app's sign-out request without `id_token_hint` (the GET an app sends; the POST of the provider's own confirmation page follows one). */
function lacksIdTokenHint(ctx: ProviderContext, routes: OktaRoutes): boolean {
  return ctx.method === 'GET' && ctx.path === routes.end_session && typeof ctx.query.id_token_hint !== 'string';
}

/** The authorization request without `resource`. (At the token endpoint every resource is the server's one audience: oidc.ts.) */
function dropResource(ctx: ProviderContext): void {
  if (ctx.query.resource === undefined) return;
  const query = { ...ctx.query };
  delete query.resource;
  ctx.query = query;
}

/**
 * An authorization request of one of the org's apps, to its own return
 * address, that asks for Okta API scopes it was not granted: sent back with
 * `consent_required` (and the state, and the issuer as RFC 9207 has it).
 * True when answered.
 */
function refuseUngranted(ctx: ProviderContext, apps: readonly OrgGrants[], issuer: string): boolean {
  const { client_id: clientId, redirect_uri: redirectUri, scope, state } = ctx.query;
  const grants = apps.find((app) => app.clientId === clientId);
  if (!grants || typeof redirectUri !== 'string' || !grants.redirectUris.includes(redirectUri) || typeof scope !== 'string') return false;
  const ungranted = scope.split(' ').filter((name) => name.startsWith('okta.') && !grants.oktaScopes.includes(name));
  if (ungranted.length === 0) return false;
  const target = new URL(redirectUri);
  target.searchParams.set('error', 'consent_required');
  target.searchParams.set('error_description', NO_ORG_SCOPES_GRANTED);
  if (typeof state === 'string') target.searchParams.set('state', state);
  target.searchParams.set('iss', issuer);
  ctx.redirect(target.href);
  return true;
}

export function orgServerMiddleware(
  routes: OktaRoutes,
  refuse: (ctx: ProviderContext) => void,
  org?: { grants: readonly OrgGrants[]; issuer: string },
): ProviderMiddleware {
  return async (ctx, next) => {
    if (ctx.method === 'GET' && ctx.path === routes.authorization) {
      dropResource(ctx);
      if (org && refuseUngranted(ctx, org.grants, org.issuer)) return;
    }
    if (lacksIdTokenHint(ctx, routes)) return refuse(ctx);
    await next();
  };
}
