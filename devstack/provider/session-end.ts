import type { ProviderContext, ProviderMiddleware } from 'oidc-provider';
import { words, type RefreshTokenPolicy } from './authorization.ts';

// How a session ends, as the app can see it.
//
// - No token answer says when the refresh token chain ends for good: Okta's
//   has no `refresh_expires_in` (how long a session lasts is the org's policy,
//   which the app learns from its configuration: docs/deploy.md).
// - By default (`refreshTokens: 'offline_access'`) the provider behaves like Okta: a refresh
//   token only when the sign-in asked for offline_access. oidc-provider
//   follows OpenID Connect Core and drops offline_access unless the request
//   also says prompt=consent; Okta does not ask that, so the request gets
//   prompt=consent added here, which our interaction grants without a page.
//   A prompt=none request (silent renewal) is left as it is: it gets no
//   refresh token and needs no page.

function askConsentForOfflineAccess(ctx: ProviderContext): void {
  const query = { ...ctx.query };
  const prompt = words(query.prompt);
  if (!words(query.scope).includes('offline_access') || prompt.includes('none') || prompt.includes('consent')) return;
  query.prompt = [...prompt, 'consent'].join(' ');
  ctx.query = query;
}

/**
 * A refresh that narrows the scopes and leaves out offline_access gets no
 * refresh token back, as at Okta, while rotation has spent the one it used.
 * (oidc-provider would hand out a rotated one with the grant's scopes.)
 */
function dropRefreshTokenWithoutOfflineAccess(ctx: ProviderContext): void {
  const body = ctx.body as Record<string, unknown> | undefined;
  const params = ctx.oidc?.params;
  if (ctx.status !== 200 || typeof body?.refresh_token !== 'string' || params?.grant_type !== 'refresh_token') return;
  if (typeof params.scope === 'string' && !words(params.scope).includes('offline_access')) delete body.refresh_token;
}

export function sessionEndMiddleware(options: { refreshTokens: RefreshTokenPolicy; authorizationPath: string }): ProviderMiddleware {
  return async (ctx, next) => {
    if (options.refreshTokens !== 'always' && ctx.method === 'GET' && ctx.path === options.authorizationPath)
      askConsentForOfflineAccess(ctx);
    await next();
    if (ctx.oidc?.route === 'token') dropRefreshTokenWithoutOfflineAccess(ctx);
  };
}
