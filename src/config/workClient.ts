import type { AbpClient } from '../abp/client.ts';
import { repairSession } from '../abp/sessionRepair.ts';
import type { AppConfig } from './appConfig.ts';
import { createClientFor } from './abpClient.ts';

const clients = new WeakMap<AppConfig, AbpClient>();

/**
 * The ABP client of the screens: like start-up's, and a 401 in the middle
 * of the work repairs the session (silently, or by signing in again in a
 * popup) and repeats the request once. Kept apart so that the first screen
 * does not carry it.
 */
export function workClientFor(config: AppConfig): AbpClient {
  let client = clients.get(config);
  if (!client) clients.set(config, (client = createClientFor(config, repairSession)));
  return client;
}
