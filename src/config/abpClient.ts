import type { AppConfig } from './appConfig.ts';
import { createAbpClient, type AbpClient } from '../abp/client.ts';
import { getCultureName } from '../abp/culture.ts';
import { repairSession } from '../abp/sessionRepair.ts';
import { getTenantId } from '../abp/tenant.ts';
import { getToken } from '../abp/authToken.ts';

const startClients = new WeakMap<AppConfig, AbpClient>();
const workClients = new WeakMap<AppConfig, AbpClient>();

function create(config: AppConfig, onUnauthorized?: () => Promise<boolean>): AbpClient {
  return createAbpClient({
    baseUrl: config.remoteServiceBaseUrl,
    headers: () => ({
      tenantHeaderName: config.tenantHeaderName,
      tenantId: getTenantId(),
      cultureName: getCultureName(),
      token: getToken(),
    }),
    ...(onUnauthorized ? { onUnauthorized } : {}),
  });
}

/**
 * The ABP client of start-up and sign-in: headers from the current cookies
 * on every call; a 401 is the caller's to handle (start-up clears the token).
 */
export function abpClientFor(config: AppConfig): AbpClient {
  let client = startClients.get(config);
  if (!client) startClients.set(config, (client = create(config)));
  return client;
}

/**
 * The ABP client of the screens: the same, and a 401 in the middle of the
 * work repairs the session (silently, or by signing in again in a popup)
 * and repeats the request once.
 */
export function workClientFor(config: AppConfig): AbpClient {
  let client = workClients.get(config);
  if (!client) workClients.set(config, (client = create(config, repairSession)));
  return client;
}
