import { ENCRYPTED_TOKEN_COOKIE, TOKEN_COOKIE, writeCookie } from './cookies.ts';
import { isJsonObject } from '../lib/json.ts';

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

/** When a backend token expires, read from its JWT `exp` claim; `undefined` when it is not a JWT. */
export function tokenExpiry(token: string): number | undefined {
  const payload = token.split('.')[1];
  if (!payload) return undefined;
  try {
    const json: unknown = JSON.parse(atob(payload.replace(/-/g, '+').replace(/_/g, '/')));
    return isJsonObject(json) && typeof json.exp === 'number' ? json.exp * 1000 : undefined;
  } catch {
    return undefined;
  }
}
