import type { ProviderContext, ProviderMiddleware } from 'oidc-provider';
import { MYACCOUNT_SCOPES } from './myaccount/http.ts';
import { AUTHORIZATION_PATH, words } from './authorization.ts';

// Okta's org authorization server mints one token for everything a sign-in
// asked for, the okta.myAccount scopes included, and ignores `resource`
// (OKTA.md). This provider serves two audiences (the app's API and the
// my-account API), so a sign-in that asks for my-account scopes without
// naming a resource is given both resources here: its code still yields a
// token for the API (defaultResource), and its refresh token can later be
// exchanged for a my-account token (`scope` and `resource` at the token
// endpoint), as an app does at Okta with a narrower `scope`.
//
// Okta's `/logout` also requires `id_token_hint` (OKTA.md, "The
// authorization server"): without it Okta shows an error page of its own
// and never returns to the app. So does this provider, so an app that
// signs out without an ID token is caught here as it would be there.

const END_SESSION_PATH = '/session/end';

function addBothResources(ctx: ProviderContext, resources: readonly string[]): void {
  const query = { ...ctx.query };
  if (query.resource !== undefined) return;
  if (!words(query.scope).some((scope) => MYACCOUNT_SCOPES.includes(scope))) return;
  query.resource = [...resources];
  ctx.query = query;
}

/** An app's sign-out request without `id_token_hint` (the GET an app sends; the POST of the provider's own confirmation page follows one). */
function lacksIdTokenHint(ctx: ProviderContext): boolean {
  return ctx.method === 'GET' && ctx.path === END_SESSION_PATH && typeof ctx.query.id_token_hint !== 'string';
}

export function orgServerMiddleware(resources: readonly string[], refuse: (ctx: ProviderContext) => void): ProviderMiddleware {
  return async (ctx, next) => {
    if (ctx.method === 'GET' && ctx.path === AUTHORIZATION_PATH) addBothResources(ctx, resources);
    if (lacksIdTokenHint(ctx)) return refuse(ctx);
    await next();
  };
}
