import { ENCRYPTED_TOKEN_COOKIE, TOKEN_COOKIE, deleteCookie, readCookie, writeCookie } from './cookies.ts';

/** The backend token held for `Authorization: Bearer`, if any. */
export function getToken(): string | undefined {
  return readCookie(TOKEN_COOKIE) || undefined;
}

/**
 * Stores the backend token as ABP's client does: `Abp.AuthToken` expires with
 * the token when remembered, else lives for the browser session.
 */
export function storeToken(token: string, encryptedToken: string, expireInSeconds: number, remember = false): void {
  const expires = remember ? new Date(Date.now() + expireInSeconds * 1000) : undefined;
  writeCookie(TOKEN_COOKIE, token, { expires });
  writeCookie(ENCRYPTED_TOKEN_COOKIE, encryptedToken, { expires });
}

export function clearToken(): void {
  deleteCookie(TOKEN_COOKIE);
  deleteCookie(ENCRYPTED_TOKEN_COOKIE);
}

/** When a backend token expires, read from its JWT `exp` claim; `undefined` when it is not a JWT. */
export function tokenExpiry(token: string): number | undefined {
  const payload = token.split('.')[1];
  if (!payload) return undefined;
  try {
    const json = JSON.parse(atob(payload.replace(/-/g, '+').replace(/_/g, '/'))) as { exp?: unknown };
    return typeof json.exp === 'number' ? json.exp * 1000 : undefined;
  } catch {
    return undefined;
  }
}
