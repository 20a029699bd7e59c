import { abpClientFor } from '../../abp/appClient.ts';
import { setTenantId } from '../../abp/tenant.ts';
import { isTenantAvailable, TenantAvailability } from '../../abp/tenancy.ts';
import type { AppConfig } from '../../config/appConfig.ts';
import { restartBoot } from '../../boot/restart.ts';

export type TenantSwitchOutcome = 'switched' | 'inactive' | 'not-found';

/**
 * ABP's tenant change: an empty name means the host (cookie deleted); an
 * available tenant is stored in the tenant cookie; then start-up runs again.
 */
export async function switchTenant(config: AppConfig, tenancyName: string): Promise<TenantSwitchOutcome> {
  const name = tenancyName.trim();
  if (name === '') {
    setTenantId(undefined);
    await restartBoot();
    return 'switched';
  }
  const { state, tenantId } = await isTenantAvailable(abpClientFor(config), name);
  if (state === TenantAvailability.InActive) return 'inactive';
  if (state !== TenantAvailability.Available || tenantId === null) return 'not-found';
  setTenantId(tenantId);
  await restartBoot();
  return 'switched';
}
