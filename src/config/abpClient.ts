import type { AppConfig } from './appConfig.ts';
import { createAbpClient, type AbpClient } from '../abp/client.ts';
import { cookieHeaderSource } from '../abp/cookieHeaders.ts';
import { fetchTakingEarly, type EarlyRequest } from './early.ts';

/**
 * The ABP client of start-up and sign-in: headers from the current cookies
 * on every call; a 401 is the caller's to handle (start-up clears the token).
 * Given `early` (start-up's first pass: index.html's request of the same kind,
 * config/early.ts), its first request takes that answer when it was asked
 * exactly so. A client holds nothing between calls, so each caller makes its
 * own and no module keeps one.
 */
export function abpClientFor(config: AppConfig, early?: EarlyRequest | Promise<EarlyRequest | undefined>): AbpClient {
  return createAbpClient({
    baseUrl: config.remoteServiceBaseUrl,
    headers: () => cookieHeaderSource(config.tenantHeaderName),
    fetch: early === undefined ? undefined : fetchTakingEarly(early),
  });
}
