import { getToken } from '../abp/authToken.ts';
import type { AbpClient } from '../abp/client.ts';
import { repairingClient } from '../abp/repairingClient.ts';
import { repairSession } from '../abp/sessionRepair.ts';
import type { AppConfig } from './appConfig.ts';
import { abpClientFor } from './abpClient.ts';

/**
 * The ABP client of the screens: like start-up's, and a 401 in the middle
 * of the work repairs the session (silently, or by signing in again in a
 * popup) and repeats the request once. The router's context makes one for
 * the config start-up loaded (src/routes/router.tsx).
 */
export function workClientFor(config: AppConfig): AbpClient {
  return repairingClient(abpClientFor(config), () => Boolean(getToken()), repairSession);
}
