import { DEFAULT_LANGUAGE, toLanguage, type LanguageName } from './localization.ts';
import type { ApiTenant } from './tenants.ts';

// Reading an ABP request: the tenant, the culture and the bearer token, in
// the order ABP v10's resolvers read them.

/** ABP v10's tenant header and cookie name. The old `Abp.TenantId` is not read. */
export const TENANT_KEY = 'Abp-TenantId';
export const CULTURE_KEY = '.AspNetCore.Culture';

type Reader = (name: string) => string | undefined;

/**
 * The tenant a request names, as ABP's tenant resolvers find it: the
 * `Abp-TenantId` header, then the `Abp-TenantId` cookie. A value that is no
 * number, or names no tenant, counts as not given; null is the host. An
 * inactive tenant is still resolved (its sign-in fails later).
 */
export function readRequestTenant(header: Reader, cookie: Reader, findTenant: (id: number) => ApiTenant | undefined): ApiTenant | null {
  for (const raw of [header(TENANT_KEY), cookie(TENANT_KEY)]) {
    const value = raw?.trim() ?? '';
    const tenant = /^\d+$/.test(value) ? findTenant(Number(value)) : undefined;
    if (tenant) return tenant;
  }
  return null;
}

/** A culture as ASP.NET Core writes it (`c=en-US|uic=en-US`) or a bare name (`en-US`): the culture and the UI culture. */
export function parseCulture(raw: string | undefined): { culture: string; uiCulture: string } | undefined {
  const value = raw?.trim();
  if (!value) return undefined;
  if (!value.includes('=')) return { culture: value, uiCulture: value };
  const parts = new Map(
    value.split('|').map((part) => {
      const [key = '', name = ''] = part.split('=', 2);
      return [key.trim().toLowerCase(), name.trim()] as const;
    }),
  );
  const culture = parts.get('c') || parts.get('uic');
  const uiCulture = parts.get('uic') || parts.get('c');
  return culture && uiCulture ? { culture, uiCulture } : undefined;
}

/** Accept-Language's names, most wanted first. */
function acceptedLanguages(raw: string | undefined): string[] {
  return (raw ?? '')
    .split(',')
    .map((part, index) => {
      const [name = '', ...params] = part.trim().split(';');
      const q = params.map((p) => /^\s*q=([\d.]+)\s*$/.exec(p)?.[1]).find(Boolean);
      return { name: name.trim(), q: q === undefined ? 1 : Number(q), index };
    })
    .filter((entry) => entry.name && entry.name !== '*' && entry.q > 0)
    .sort((a, b) => b.q - a.q || a.index - b.index)
    .map((entry) => entry.name);
}

export interface CultureInput {
  query: Reader;
  header: Reader;
  cookie: Reader;
  /** The signed-in user's language setting, when one is saved; undefined for nobody signed in. */
  user?: { saved: string | undefined };
}

export interface CultureResult {
  language: LanguageName;
  /** A culture to save as the signed-in user's language (ABP's user culture provider does that). */
  save?: string;
}

/**
 * The request's language, by ABP's culture providers in their order: the
 * query (`?culture=`), the signed-in user's saved language, the
 * `.AspNetCore.Culture` header, the `.AspNetCore.Culture` cookie,
 * Accept-Language, the default. A provider whose culture is no language here
 * (`fr`) passes to the next. A signed-in user with no saved language gets
 * the culture of the cookie or header saved when it is not the default
 * language's name, as sent (`en-US`); Accept-Language is never saved.
 */
export function resolveCulture({ query, header, cookie, user }: CultureInput): CultureResult {
  const fromQuery = query('ui-culture') ?? query('culture');
  const fromCookie = parseCulture(safeDecode(cookie(CULTURE_KEY)));
  const fromHeader = parseCulture(header(CULTURE_KEY));
  let save: string | undefined;
  let userCulture = user?.saved;
  if (user && !userCulture) {
    const sent = fromCookie ?? fromHeader;
    if (sent && sent.culture !== DEFAULT_LANGUAGE) {
      save = sent.culture;
      userCulture = sent.uiCulture;
    }
  }
  const candidates = [
    fromQuery,
    userCulture,
    fromHeader?.uiCulture,
    fromCookie?.uiCulture,
    ...acceptedLanguages(header('Accept-Language')).slice(0, 3),
  ];
  for (const candidate of candidates) {
    const language = candidate ? toLanguage(candidate) : undefined;
    if (language) return { language, save };
  }
  return { language: DEFAULT_LANGUAGE, save };
}

function safeDecode(value: string | undefined): string | undefined {
  if (value === undefined) return undefined;
  try {
    return decodeURIComponent(value);
  } catch {
    return value;
  }
}

export type BearerHeader = { kind: 'none' } | { kind: 'token'; token: string } | { kind: 'malformed' };

export function readBearer(header: Reader): BearerHeader {
  const raw = header('Authorization')?.trim();
  if (!raw) return { kind: 'none' };
  const match = /^Bearer\s+(\S+)$/i.exec(raw);
  return match?.[1] ? { kind: 'token', token: match[1] } : { kind: 'malformed' };
}
