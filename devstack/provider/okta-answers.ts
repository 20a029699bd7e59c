import { calculateJwkThumbprint, decodeProtectedHeader, type JWK } from 'jose';
import type { ProviderContext, ProviderMiddleware } from 'oidc-provider';
import { words } from './authorization.ts';
import type { UserStore } from './user-store.ts';

// Answers of Okta's authorization servers where oidc-provider answers otherwise
// (../shared/OKTA.md, "What Okta mints and answers"):
//
// - a refresh with a DPoP proof of another key than the refresh token is bound
//   to (or none) is 400 `invalid_dpop_proof`, not `invalid_grant`: the client
//   learns that its key is gone, not that the session is;
// - /userinfo needs `openid` and at least one of profile, email, address,
//   phone: else 403 `insufficient_scope`, with WWW-Authenticate;
// - /introspect names the person as Okta does: `sub` and `username` the login,
//   `uid` the user id, beside the token's `client_id`.

/** Okta's words for a refresh token bound to another key. */
export const DPOP_BINDING_DESCRIPTION = 'Invalid DPoP Public Key binding in refresh token';
/** Okta's words for a /userinfo call with only `openid`. */
export const USERINFO_SCOPE_DESCRIPTION =
  'The access token must provide access to at least one of these scopes - profile, email, address or phone';
const USERINFO_SCOPES = ['profile', 'email', 'address', 'phone'];

/** The thumbprint of the key a DPoP proof header names, or undefined without a readable one. */
async function proofThumbprint(proof: string): Promise<string | undefined> {
  try {
    const { jwk } = decodeProtectedHeader(proof);
    return jwk ? await calculateJwkThumbprint(jwk as JWK, 'sha256') : undefined;
  } catch {
    return undefined;
  }
}

type Body = Record<string, unknown> | undefined;

async function refreshWithAnotherKey(
  ctx: ProviderContext,
  findRefreshToken: (value: string) => Promise<{ jkt?: string } | undefined>,
): Promise<void> {
  const body = ctx.body as Body;
  const params = ctx.oidc?.params;
  if (
    ctx.status !== 400 ||
    body?.error !== 'invalid_grant' ||
    params?.grant_type !== 'refresh_token' ||
    typeof params.refresh_token !== 'string'
  )
    return;
  const bound = (await findRefreshToken(params.refresh_token))?.jkt;
  if (!bound) return;
  const proof = ctx.get('DPoP');
  if (proof && (await proofThumbprint(proof)) === bound) return;
  ctx.body = { error: 'invalid_dpop_proof', error_description: DPOP_BINDING_DESCRIPTION };
}

function userinfoWithoutProfileScope(ctx: ProviderContext): void {
  const scope = ctx.oidc?.entities.AccessToken?.scope;
  if (ctx.status !== 200 || words(scope).some((one) => USERINFO_SCOPES.includes(one))) return;
  ctx.status = 403;
  ctx.set('WWW-Authenticate', `Bearer error="insufficient_scope", error_description="${USERINFO_SCOPE_DESCRIPTION}"`);
  ctx.body = { error: 'insufficient_scope', error_description: USERINFO_SCOPE_DESCRIPTION };
}

function introspectionAsOkta(ctx: ProviderContext, users: UserStore): void {
  const body = ctx.body as Body;
  if (ctx.status !== 200 || body?.active !== true || typeof body.sub !== 'string') return;
  const user = users.findBySub(body.sub);
  if (!user) return;
  Object.assign(body, { sub: user.userName, username: user.userName, uid: user.sub });
}

export function oktaAnswersMiddleware(options: {
  users: UserStore;
  findRefreshToken: (value: string) => Promise<{ jkt?: string } | undefined>;
}): ProviderMiddleware {
  return async (ctx, next) => {
    await next();
    const route = ctx.oidc?.route;
    if (route === 'token') await refreshWithAnotherKey(ctx, options.findRefreshToken);
    else if (route === 'userinfo') userinfoWithoutProfileScope(ctx);
    else if (route === 'introspection') introspectionAsOkta(ctx, options.users);
  };
}
