import type { AppConfig } from './appConfig.ts';
import { createAbpClient, type AbpClient } from '../abp/client.ts';
import { cookieHeaderSource } from './appConfigRequest.ts';
import { earlyFetch } from './early.ts';

const startClients = new WeakMap<AppConfig, AbpClient>();

/** A client for the configured backend: ABP's headers from the current cookies on every call. */
function createClientFor(config: AppConfig): AbpClient {
  return createAbpClient({
    baseUrl: config.remoteServiceBaseUrl,
    headers: () => cookieHeaderSource(config.tenantHeaderName),
    // Start-up's GetAll may have been sent by index.html already (config/early.ts).
    fetch: earlyFetch,
  });
}

/**
 * The ABP client of start-up and sign-in: headers from the current cookies
 * on every call; a 401 is the caller's to handle (start-up clears the token).
 */
export function abpClientFor(config: AppConfig): AbpClient {
  let client = startClients.get(config);
  if (!client) startClients.set(config, (client = createClientFor(config)));
  return client;
}
