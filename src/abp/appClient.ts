import type { AppConfig } from '../config/appConfig.ts';
import { createAbpClient, type AbpClient } from './client.ts';
import { getCultureName } from './culture.ts';
import { getTenantId } from './tenant.ts';
import { getToken } from './token.ts';

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
