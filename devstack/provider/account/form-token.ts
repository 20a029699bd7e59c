import { randomBytes, timingSafeEqual } from 'node:crypto';
import type { Context } from 'hono';
import { getCookie, setCookie } from 'hono/cookie';

// A per-form token for the account pages, which have no provider
// interaction to lean on: the page carries the value of a strict,
// script-unreadable cookie, and a POST counts only when both agree. Another
// site can make a browser send the cookie but cannot read it to fill in the
// field.

const COOKIE = 'idp_form';

/** The form token for this browser, set as a cookie when it has none yet. */
export function formToken(c: Context): string {
  const existing = getCookie(c, COOKIE);
  if (existing && /^[A-Za-z0-9_-]{43}$/.test(existing)) return existing;
  const token = randomBytes(32).toString('base64url');
  setCookie(c, COOKIE, token, { path: '/signin', httpOnly: true, sameSite: 'Strict' });
  return token;
}

export function formTokenMatches(c: Context, posted: unknown): boolean {
  const cookie = getCookie(c, COOKIE);
  if (!cookie || typeof posted !== 'string' || posted.length !== cookie.length) return false;
  return timingSafeEqual(Buffer.from(posted), Buffer.from(cookie));
}
