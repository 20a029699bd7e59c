import { ENCRYPTED_TOKEN_COOKIE, TOKEN_COOKIE } from './cookies.ts';
import { writeCookie } from '../lib/cookies.ts';

// Apart from authToken.ts (reading and clearing, which every start needs): only signing in and renewing store a token.

/**
 * Stores the backend token as ABP's client does: `Abp.AuthToken` expires with
 * the token when remembered, else lives for the browser session.
 */
export function storeToken(token: string, encryptedToken: string, expireInSeconds: number, remember = false): void {
  const expires = remember ? new Date(Date.now() + expireInSeconds * 1000) : undefined;
  writeCookie(TOKEN_COOKIE, token, { expires });
  writeCookie(ENCRYPTED_TOKEN_COOKIE, encryptedToken, { expires });
}

/** A backend token's JWT claims as numbers; `undefined` when it is not a JWT. */
function claimsOf(token: string): { exp?: unknown; iat?: unknown; nbf?: unknown } | undefined {
  const payload = token.split('.')[1];
  if (!payload) return undefined;
  try {
    return JSON.parse(atob(payload.replace(/-/g, '+').replace(/_/g, '/'))) as { exp?: unknown; iat?: unknown; nbf?: unknown };
  } catch {
    return undefined;
  }
}

/** When a backend token expires, read from its JWT `exp` claim; `undefined` when it is not a JWT. */
export function tokenExpiry(token: string): number | undefined {
  const { exp } = claimsOf(token) ?? {};
  return typeof exp === 'number' ? exp * 1000 : undefined;
}

/** How long a backend token lives in all, from its JWT `exp` and `iat` (or `nbf`, as ABP sets both); `undefined` when it does not say. */
export function tokenLifetime(token: string): number | undefined {
  const { exp, iat, nbf } = claimsOf(token) ?? {};
  const issued = typeof iat === 'number' ? iat : nbf;
  return typeof exp === 'number' && typeof issued === 'number' && exp > issued ? (exp - issued) * 1000 : undefined;
}
