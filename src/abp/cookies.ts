/** Cookie names of ABP's client. */
export const TOKEN_COOKIE = 'Abp.AuthToken';
export const ENCRYPTED_TOKEN_COOKIE = 'enc_auth_token';
export const CULTURE_COOKIE = 'Abp.Localization.CultureName';
/** Tenant cookie since ABP v10 (PR #7055); `LEGACY_TENANT_COOKIE` before. */
export const TENANT_COOKIE = 'Abp-TenantId';
export const LEGACY_TENANT_COOKIE = 'Abp.TenantId';

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
