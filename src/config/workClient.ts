import { getToken } from '../abp/authToken.ts';
import type { AbpClient } from '../abp/client.ts';
import { repairingClient } from '../abp/repairingClient.ts';
import { repairSession } from '../abp/sessionRepair.ts';
import type { AppConfig } from './appConfig.ts';
import { abpClientFor } from './abpClient.ts';

const clients = new WeakMap<AppConfig, AbpClient>();

/**
 * The ABP client of the screens: like start-up's, and a 401 in the middle
 * of the work repairs the session (silently, or by signing in again in a
 * popup) and repeats the request once. Kept apart so that the first screen
 * does not carry it.
 */
export function workClientFor(config: AppConfig): AbpClient {
  let client = clients.get(config);
  if (!client) clients.set(config, (client = repairingClient(abpClientFor(config), () => Boolean(getToken()), repairSession)));
  return client;
}
