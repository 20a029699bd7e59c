import { getCultureName } from '../abp/culture.ts';
import { abpHeaders } from '../abp/headers.ts';
import { getTenantId } from '../abp/tenant.ts';
import { DEFAULT_TENANT_HEADER } from './appConfig.ts';
import { earlyAnswer, takeEarlyConfig } from './early.ts';
import { appConfigUrl, fetchAppConfig } from './loadAppConfig.ts';

/** The config request's headers: the tenant header (default name) only when a tenant is chosen. */
export function appConfigHeaders(): Record<string, string> {
  return abpHeaders({ tenantHeaderName: DEFAULT_TENANT_HEADER, tenantId: getTenantId(), cultureName: getCultureName(), token: undefined });
}

/** The raw config: the first time the answer to index.html's request when it asked as start-up would, else (a retry) a new request. */
export function requestAppConfig(): Promise<unknown> {
  const url = appConfigUrl();
  const headers = appConfigHeaders();
  return fetchAppConfig(url, headers, earlyAnswer(takeEarlyConfig(), url, headers));
}
