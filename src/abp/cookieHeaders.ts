import { getToken } from './authToken.ts';
import { getCultureName } from './culture.ts';
import type { AbpHeaderSource } from './headers.ts';
import { getTenantId } from './tenant.ts';

/**
 * What ABP's headers are made of in this browser, read from its cookies now:
 * the tenant (or `tenantId`), the language and the backend token. The token
 * goes from its cookie to the bearer without leaving abp/: the config only
 * names the tenant header.
 */
export function cookieHeaderSource(tenantHeaderName: string, tenantId = getTenantId()): AbpHeaderSource {
  return { tenantHeaderName, tenantId, cultureName: getCultureName(), token: getToken() };
}
