import { cookieHeaderSource } from '../abp/cookieHeaders.ts';
import { abpHeaders } from '../abp/headers.ts';
import { DEFAULT_TENANT_HEADER } from './appConfig.ts';
import { earlyAnswer, type EarlyRequest } from './early.ts';
import { appConfigUrl, fetchAppConfig } from './loadAppConfig.ts';

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
