import { LEGACY_TENANT_COOKIE, TENANT_COOKIE } from './cookies.ts';
import { deleteCookie, readCookie, writeCookie } from '../lib/cookies.ts';

/** A tenant id as the tenant cookie keeps it: a whole number above 0; anything else is the host. */
export function tenantIdOf(raw: string | undefined): number | undefined {
  if (raw === undefined || raw.trim() === '') return undefined;
  const id = Number(raw);
  return Number.isInteger(id) && id > 0 ? id : undefined;
}

/** The tenant id from the tenant cookie (current name first, then the legacy one). */
export function getTenantId(): number | undefined {
  return tenantIdOf(readCookie(TENANT_COOKIE) ?? readCookie(LEGACY_TENANT_COOKIE));
}

/** Has this browser chosen a tenant or the host? Without a choice, a one-company deployment chooses for it (appconfig's `tenancyName`). */
export function hasChosenTenant(): boolean {
  return readCookie(TENANT_COOKIE) !== undefined || readCookie(LEGACY_TENANT_COOKIE) !== undefined;
}

/**
 * Sets the tenant; `undefined` means the host, kept as an empty tenant cookie
 * (which ABP reads as no tenant, and which is sent as no header) so the
 * choice outlives a reload instead of the configured tenant taking over.
 */
export function setTenantId(id: number | undefined): void {
  deleteCookie(LEGACY_TENANT_COOKIE);
  writeCookie(TENANT_COOKIE, id === undefined ? '' : String(id), { expires: new Date(Date.now() + 5 * 365 * 86_400_000) });
}
