import type { AppConfig } from './appConfig.ts';
import { createAbpClient, type AbpClient } from '../abp/client.ts';
import { cookieHeaderSource } from './appConfigRequest.ts';
import { fetchTakingEarly, type EarlyRequest } from './early.ts';

const startClients = new WeakMap<AppConfig, AbpClient>();

/** A client for the configured backend: ABP's headers from the current cookies on every call. */
function createClientFor(config: AppConfig, fetch?: (request: Request, init?: RequestInit) => Promise<Response>): AbpClient {
  return createAbpClient({ baseUrl: config.remoteServiceBaseUrl, headers: () => cookieHeaderSource(config.tenantHeaderName), fetch });
}

/**
 * The ABP client of start-up and sign-in: headers from the current cookies
 * on every call; a 401 is the caller's to handle (start-up clears the token).
 * Given `early` (start-up's first pass: index.html's request of the same kind,
 * config/early.ts), a client of its own whose first request takes that answer
 * when it was asked exactly so.
 */
export function abpClientFor(config: AppConfig, early?: EarlyRequest | Promise<EarlyRequest | undefined>): AbpClient {
  if (early !== undefined) return createClientFor(config, fetchTakingEarly(early));
  let client = startClients.get(config);
  if (!client) startClients.set(config, (client = createClientFor(config)));
  return client;
}
