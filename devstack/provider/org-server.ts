import type { ProviderContext, ProviderMiddleware } from 'oidc-provider';
import type { OktaRoutes } from './authorization.ts';

// Okta's authorization servers have no `resource` parameter (RFC 8707): a
// request that names one is answered as if it did not.
//
// Okta's `/logout` requires `id_token_hint` (OKTA.md, "The authorization
// server"): without it Okta shows an error page of its own and never returns
// to the app. So do both of this provider's authorization servers, so an app
// that signs out without an ID token is caught here as it would be there.

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

export function orgServerMiddleware(routes: OktaRoutes, refuse: (ctx: ProviderContext) => void): ProviderMiddleware {
  return async (ctx, next) => {
    if (ctx.method === 'GET' && ctx.path === routes.authorization) dropResource(ctx);
    if (lacksIdTokenHint(ctx, routes)) return refuse(ctx);
    await next();
  };
}
