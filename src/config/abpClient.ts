import type { AppConfig } from './appConfig.ts';
import { createAbpClient, type AbpClient } from '../abp/client.ts';
import { getCultureName } from '../abp/culture.ts';
import { getTenantId } from '../abp/tenant.ts';
import { getToken } from '../abp/authToken.ts';

const clients = new WeakMap<AppConfig, AbpClient>();

/** The ABP client for a config: headers from the current cookies on every call. */
export function abpClientFor(config: AppConfig): AbpClient {
  let client = clients.get(config);
  if (!client) {
    client = createAbpClient({
      baseUrl: config.remoteServiceBaseUrl,
      headers: () => ({
        tenantHeaderName: config.tenantHeaderName,
        tenantId: getTenantId(),
        cultureName: getCultureName(),
        token: getToken(),
      }),
    });
    clients.set(config, client);
  }
  return client;
}
