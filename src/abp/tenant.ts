import { LEGACY_TENANT_COOKIE, TENANT_COOKIE, deleteCookie, readCookie, writeCookie } from './cookies.ts';

/** The tenant id from the tenant cookie (current name first, then the legacy one). */
export function getTenantId(): number | undefined {
  const raw = readCookie(TENANT_COOKIE) ?? readCookie(LEGACY_TENANT_COOKIE);
  if (raw === undefined || raw.trim() === '') return undefined;
  const id = Number(raw);
  return Number.isInteger(id) && id > 0 ? id : undefined;
}

/** Sets the tenant; `undefined` means the host: both cookies are deleted. */
export function setTenantId(id: number | undefined): void {
  deleteCookie(LEGACY_TENANT_COOKIE);
  if (id === undefined) {
    deleteCookie(TENANT_COOKIE);
    return;
  }
  writeCookie(TENANT_COOKIE, String(id), { expires: new Date(Date.now() + 5 * 365 * 86_400_000) });
}
