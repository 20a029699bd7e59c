import { setTenantId } from '../abp/tenant.ts';
import { isTenantAvailable, TenantAvailability } from '../abp/tenantAvailability.ts';
import { abpClientFor } from '../config/abpClient.ts';
import type { AppConfig } from '../config/appConfig.ts';
import type { EarlyRequest } from '../config/early.ts';
import { logWarning } from '../lib/log.ts';

/**
 * A browser that has chosen no environment works in the one the config
 * names. ABP treats a request without a tenant as the host's, and refuses to
 * register or sign in staff there, so a new PC, a private window or cleared
 * cookies would otherwise meet a refused sign-in. Its id is looked up once
 * (`Account/IsTenantAvailable`, as ABP's own clients do for a tenancy name;
 * index.html's script asks first, while the bundle loads) and kept in the
 * tenant cookie, which every later start reads. `early`: index.html's lookup
 * (config/early.ts), taken when it asked as this would.
 *
 * Resolves whether the browser works in the environment now: an environment
 * the backend does not know or has switched off is logged and chooses none,
 * so the login page asks for it. A request that fails rejects: the boot
 * machine waits for the server when there was no answer (going on would put
 * the person on the host), and goes on without an environment otherwise.
 */
export async function chooseConfiguredTenant(config: AppConfig, early?: Promise<EarlyRequest | undefined>): Promise<boolean> {
  if (!config.tenancyName) return false;
  const { state, tenantId } = await isTenantAvailable(abpClientFor(config, early), config.tenancyName);
  if (state === TenantAvailability.Available && tenantId !== null) {
    setTenantId(tenantId);
    return true;
  }
  logWarning(
    'tenant',
    `appconfig's tenancyName "${config.tenancyName}" is ${state === TenantAvailability.InActive ? 'not active' : 'unknown'} at the backend`,
  );
  return false;
}
