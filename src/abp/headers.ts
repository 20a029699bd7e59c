/** What the ABP headers are built from; every field is read at request time. */
export interface AbpHeaderSource {
  /** `Abp-TenantId` by default; `Abp.TenantId` for ABP before v10. */
  tenantHeaderName: string;
  tenantId: number | undefined;
  cultureName: string;
  token: string | undefined;
}

/**
 * Where a request names its language. ABP saves the culture of a signed-in
 * person's header (or `.AspNetCore.Culture` cookie) as his language when he
 * has none saved, and a saved one beats every header from then on
 * (abp-recorded/userconfiguration.json `monteur-1-culture-en-US-saves`,
 * `monteur-1-no-culture-after`). ASP.NET's `?culture=` comes before both and
 * is never saved (`culture-query-en`; ABP's `UseAbpRequestLocalization` puts
 * the query provider first). So a call with a bearer names its language in
 * the query. Only `person` (asking ABP for the language it keeps for
 * someone) leaves the query out, so that a saved language answers; it names
 * this device's language in Accept-Language, which ABP answers in when
 * nothing is saved and never saves (`admin-1-accept-language-en`,
 * `admin-1-after-accept-language`): nothing is saved that nobody chose.
 */
export function cultureInQuery(source: AbpHeaderSource, person = false): boolean {
  return Boolean(source.token) && !person;
}

/** `path` with the query's culture (`?culture=en`) when the request names its language there. */
export function withCulture(path: string, source: AbpHeaderSource, person = false): string {
  if (!cultureInQuery(source, person)) return path;
  return `${path}${path.includes('?') ? '&' : '?'}culture=${encodeURIComponent(source.cultureName)}`;
}

/** The headers of a call of the app's ABP client (client.ts): ABP's, and the one that marks it as a script's. */
export function requestHeaders(source: AbpHeaderSource, person = false): Record<string, string> {
  return { ...abpHeaders(source, person), 'X-Requested-With': 'XMLHttpRequest' };
}

/**
 * The headers ABP expects on every call. The tenant header is sent only when a
 * tenant is chosen (never the string "null", unlike the Angular template), the
 * bearer only when a token is held. The culture header only without a bearer
 * (nobody is signed in, so nothing is saved); with one, the language is in the
 * query (`cultureInQuery`), or for `person` in Accept-Language.
 */
export function abpHeaders(source: AbpHeaderSource, person = false): Record<string, string> {
  const headers: Record<string, string> = {};
  if (!source.token) headers['.AspNetCore.Culture'] = `c=${source.cultureName}|uic=${source.cultureName}`;
  else if (person) headers['Accept-Language'] = source.cultureName;
  if (source.tenantId !== undefined) headers[source.tenantHeaderName] = String(source.tenantId);
  if (source.token) headers.Authorization = `Bearer ${source.token}`;
  return headers;
}
