/** What the ABP headers are built from; every field is read at request time. */
export interface AbpHeaderSource {
  /** `Abp-TenantId` by default; `Abp.TenantId` for ABP before v10. */
  tenantHeaderName: string;
  tenantId: number | undefined;
  cultureName: string;
  token: string | undefined;
}

/**
 * The headers ABP expects on every call. The tenant header is sent only when a
 * tenant is chosen (never the string "null", unlike the Angular template), the
 * bearer only when a token is held.
 */
export function abpHeaders(source: AbpHeaderSource): Record<string, string> {
  const headers: Record<string, string> = {
    '.AspNetCore.Culture': `c=${source.cultureName}|uic=${source.cultureName}`,
  };
  if (source.tenantId !== undefined) headers[source.tenantHeaderName] = String(source.tenantId);
  if (source.token) headers.Authorization = `Bearer ${source.token}`;
  return headers;
}
