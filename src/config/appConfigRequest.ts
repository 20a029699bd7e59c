import { getCultureName } from '../abp/culture.ts';
import { getToken } from '../abp/authToken.ts';
import { abpHeaders, type AbpHeaderSource } from '../abp/headers.ts';
import { getTenantId } from '../abp/tenant.ts';
import { DEFAULT_TENANT_HEADER } from './appConfig.ts';
import { earlyAnswer, type EarlyRequest } from './early.ts';
import { appConfigUrl, fetchAppConfig } from './loadAppConfig.ts';

/** What ABP's headers are made of in this browser, read from its cookies now: the tenant (or `tenantId`), the language and the token. */
export function cookieHeaderSource(tenantHeaderName: string, tenantId = getTenantId()): AbpHeaderSource {
  return { tenantHeaderName, tenantId, cultureName: getCultureName(), token: getToken() };
}

/** The config request's headers: the tenant header (default name) only when a tenant is chosen, never a bearer. */
export function appConfigHeaders(): Record<string, string> {
  return abpHeaders({ ...cookieHeaderSource(DEFAULT_TENANT_HEADER), token: undefined });
}

/** The raw config: the answer to index.html's request (`early`, start-up's first pass) when it asked as start-up would, else a new request. */
export function requestAppConfig(early?: EarlyRequest): Promise<unknown> {
  const url = appConfigUrl();
  const headers = appConfigHeaders();
  return fetchAppConfig(url, headers, earlyAnswer(early, url, headers));
}
