import { AbpError } from '../abp/errors.ts';
import { hasChosenTenant, setTenantId } from '../abp/tenant.ts';
import { isTenantAvailable, TenantAvailability } from '../abp/tenantAvailability.ts';
import { abpClientFor } from '../config/abpClient.ts';
import type { AppConfig } from '../config/appConfig.ts';
import type { EarlyRequest } from '../config/early.ts';
import { logError, logWarning } from '../lib/log.ts';

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
 * No answer at all stops start-up, which offers to try again: going on
 * would put the person on the host. Any other refusal is logged and start-up
 * goes on without a tenant; the login page then asks for the environment.
 */
export async function chooseConfiguredTenant(config: AppConfig, early?: Promise<EarlyRequest | undefined>): Promise<void> {
  if (!config.tenancyName || hasChosenTenant()) return;
  try {
    const { state, tenantId } = await isTenantAvailable(abpClientFor(config, early), config.tenancyName);
    if (state === TenantAvailability.Available && tenantId !== null) setTenantId(tenantId);
    else
      logWarning(
        'tenant',
        `appconfig's tenancyName "${config.tenancyName}" is ${state === TenantAvailability.InActive ? 'not active' : 'unknown'} at the backend`,
      );
  } catch (error) {
    if (error instanceof AbpError && (error.kind === 'network' || error.kind === 'timeout')) throw error;
    logError('tenant', error);
  }
}
