import type { ProviderContext, ProviderMiddleware } from 'oidc-provider';
import { MYACCOUNT_SCOPES } from './myaccount/http.ts';

// Okta's org authorization server mints one token for everything a sign-in
// asked for, the okta.myAccount scopes included, and ignores `resource`
// (OKTA.md). This provider serves two audiences (the app's API and the
// my-account API), so a sign-in that asks for my-account scopes without
// naming a resource is given both resources here: its code still yields a
// token for the API (defaultResource), and its refresh token can later be
// exchanged for a my-account token (`scope` and `resource` at the token
// endpoint), as an app does at Okta with a narrower `scope`.

const AUTHORIZATION_PATH = '/auth';

function words(value: unknown): string[] {
  return typeof value === 'string' ? value.split(' ').filter(Boolean) : [];
}

function addBothResources(ctx: ProviderContext, resources: readonly string[]): void {
  const query = { ...ctx.query };
  if (query.resource !== undefined) return;
  if (!words(query.scope).some((scope) => MYACCOUNT_SCOPES.includes(scope))) return;
  query.resource = [...resources];
  ctx.query = query;
}

export function orgServerMiddleware(resources: readonly string[]): ProviderMiddleware {
  return async (ctx, next) => {
    if (ctx.method === 'GET' && ctx.path === AUTHORIZATION_PATH) addBothResources(ctx, resources);
    await next();
  };
}
