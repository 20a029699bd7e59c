import { findTenantById, type SeedTenant } from './seed.ts';

// Reading the ABP request headers: tenant, culture and bearer token.

export const TENANT_HEADERS = ['Abp-TenantId', 'Abp.TenantId'] as const;
export const CULTURE_HEADER = '.AspNetCore.Culture';

export type TenantHeader =
  | { kind: 'none' }
  | { kind: 'tenant'; tenant: SeedTenant }
  | { kind: 'unknown'; value: string };

type HeaderReader = (name: string) => string | undefined;

/** Reads `Abp-TenantId` (ABP 10+) or `Abp.TenantId` (older); "null" or empty means host. */
export function readTenantHeader(header: HeaderReader): TenantHeader {
  const raw = (header(TENANT_HEADERS[0]) ?? header(TENANT_HEADERS[1]))?.trim();
  if (!raw || raw.toLowerCase() === 'null') return { kind: 'none' };
  const id = /^\d+$/.test(raw) ? Number(raw) : NaN;
  const tenant = Number.isSafeInteger(id) ? findTenantById(id) : undefined;
  return tenant ? { kind: 'tenant', tenant } : { kind: 'unknown', value: raw };
}

export type LanguageName = 'nl' | 'en-US';
export const LANGUAGE_NAMES: readonly LanguageName[] = ['nl', 'en-US'];

/** Maps a culture name to a supported language, or undefined when unsupported. */
export function toLanguage(name: string): LanguageName | undefined {
  const lower = name.trim().toLowerCase();
  if (lower === 'nl' || lower === 'nl-nl') return 'nl';
  if (lower === 'en' || lower === 'en-us') return 'en-US';
  return undefined;
}

/**
 * Reads `.AspNetCore.Culture` in ASP.NET Core's cookie form `c=nl|uic=nl`
 * (the UI culture wins, as it decides the texts) or as a bare name.
 * Returns undefined when the header is absent or names no supported language.
 */
export function readCultureHeader(header: HeaderReader): LanguageName | undefined {
  const raw = header(CULTURE_HEADER)?.trim();
  if (!raw) return undefined;
  if (!raw.includes('=')) return toLanguage(raw);
  const parts = new Map(
    raw.split('|').map((part) => {
      const [key = '', value = ''] = part.split('=', 2);
      return [key.trim().toLowerCase(), value.trim()] as const;
    }),
  );
  return toLanguage(parts.get('uic') ?? parts.get('c') ?? '');
}

export type BearerHeader = { kind: 'none' } | { kind: 'token'; token: string } | { kind: 'malformed' };

export function readBearer(header: HeaderReader): BearerHeader {
  const raw = header('Authorization')?.trim();
  if (!raw) return { kind: 'none' };
  const match = /^Bearer\s+(\S+)$/i.exec(raw);
  return match?.[1] ? { kind: 'token', token: match[1] } : { kind: 'malformed' };
}
