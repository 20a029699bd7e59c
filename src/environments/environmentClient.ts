import { createAbpClient } from '../abp/client.ts';
import { getCultureName } from '../abp/culture.ts';
import type { AppConfig } from '../config/appConfig.ts';
import type { EnvironmentClient } from '../management/handover.ts';

/**
 * A client of one environment, apart from the host's own session: the
 * environment's tenant header, and the bearer given (the built-in admin's,
 * for the handover) or none. Nothing of it is kept beyond the screen.
 */
export function environmentClient(config: AppConfig, tenantId: number): EnvironmentClient {
  return (token) =>
    createAbpClient({
      baseUrl: config.remoteServiceBaseUrl,
      headers: () => ({ tenantHeaderName: config.tenantHeaderName, tenantId, cultureName: getCultureName(), token }),
    });
}
