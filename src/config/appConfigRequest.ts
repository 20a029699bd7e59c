import { getCultureName } from '../abp/culture.ts';
import { abpHeaders } from '../abp/headers.ts';
import { getTenantId } from '../abp/tenant.ts';
import { DEFAULT_TENANT_HEADER } from './appConfig.ts';
import { appConfigUrl, fetchAppConfig } from './loadAppConfig.ts';

/** The config request's headers: the tenant header (default name) only when a tenant is chosen. */
export function appConfigHeaders(): Record<string, string> {
  return abpHeaders({ tenantHeaderName: DEFAULT_TENANT_HEADER, tenantId: getTenantId(), cultureName: getCultureName(), token: undefined });
}

/**
 * Start-up's first request leaves as soon as this module is evaluated, the
 * first of the app's modules, instead of after React and the router.
 */
let early: Promise<unknown> | undefined = typeof window === 'undefined' ? undefined : fetchAppConfig(appConfigUrl(), appConfigHeaders());
early?.catch(() => undefined);

/** The raw config: the early answer the first time, a new request after that (a retry). */
export function requestAppConfig(): Promise<unknown> {
  const answer = early ?? fetchAppConfig(appConfigUrl(), appConfigHeaders());
  early = undefined;
  return answer;
}
