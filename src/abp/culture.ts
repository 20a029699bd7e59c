import { CULTURE_COOKIE } from './cookies.ts';
import { readCookie, writeCookie } from '../lib/cookies.ts';

export const DEFAULT_CULTURE = 'nl';
const FIVE_YEARS_MS = 5 * 365 * 86_400_000;

/** The language from ABP's culture cookie, `nl` when there is none. */
export function getCultureName(): string {
  return readCookie(CULTURE_COOKIE)?.trim() || DEFAULT_CULTURE;
}

export function setCultureName(name: string): void {
  writeCookie(CULTURE_COOKIE, name, { expires: new Date(Date.now() + FIVE_YEARS_MS) });
}
