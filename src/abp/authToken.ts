import { ENCRYPTED_TOKEN_COOKIE, TOKEN_COOKIE } from './cookies.ts';
import { deleteCookie, readCookie } from '../lib/cookies.ts';

/** The backend token held for `Authorization: Bearer`, if any. */
export function getToken(): string | undefined {
  return readCookie(TOKEN_COOKIE) || undefined;
}

export function clearToken(): void {
  deleteCookie(TOKEN_COOKIE);
  deleteCookie(ENCRYPTED_TOKEN_COOKIE);
}
