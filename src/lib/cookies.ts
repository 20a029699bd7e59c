/** Reading and writing the site's cookies; which cookies ABP's client uses is src/abp/cookies.ts. */
export interface CookieOptions {
  /** Absent: a session cookie. */
  expires?: Date;
}

export function readCookie(name: string): string | undefined {
  const prefix = `${encodeURIComponent(name)}=`;
  for (const part of document.cookie.split(';')) {
    const entry = part.trim();
    if (entry.startsWith(prefix)) return decodeURIComponent(entry.slice(prefix.length));
  }
  return undefined;
}

/** Writes a cookie for the whole site: `path=/`, `SameSite=Lax`, `Secure` on https. */
export function writeCookie(name: string, value: string, options: CookieOptions = {}): void {
  const parts = [`${encodeURIComponent(name)}=${encodeURIComponent(value)}`, 'path=/', 'SameSite=Lax'];
  if (options.expires) parts.push(`expires=${options.expires.toUTCString()}`);
  if (location.protocol === 'https:') parts.push('Secure');
  document.cookie = parts.join('; ');
}

export function deleteCookie(name: string): void {
  writeCookie(name, '', { expires: new Date(0) });
}
