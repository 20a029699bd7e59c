import { abpClientFor } from '../config/abpClient.ts';
import { clearToken, getToken } from '../abp/authToken.ts';
import { getTenantId, setTenantId } from '../abp/tenant.ts';
import { isTenantAvailable, TenantAvailability } from '../abp/tenantAvailability.ts';
import { configOf, type BootActor } from '../boot/bootActor.ts';
import { restartBoot } from '../boot/restart.ts';

export type EnvironmentSwitchOutcome = 'switched' | 'inactive' | 'not-found';

/**
 * ABP's tenant change: an empty name means the host (cookie deleted); an
 * available tenant is stored in the tenant cookie; then start-up runs again.
 * A failed re-run rejects with `RestartError` and leaves the tenant as it was.
 */
export async function switchEnvironment(boot: BootActor, tenancyName: string): Promise<EnvironmentSwitchOutcome> {
  const name = tenancyName.trim();
  if (name === '') return restartWithTenant(boot, undefined);
  const { state, tenantId } = await isTenantAvailable(abpClientFor(configOf(boot)), name);
  if (state === TenantAvailability.InActive) return 'inactive';
  if (state !== TenantAvailability.Available || tenantId === null) return 'not-found';
  return restartWithTenant(boot, tenantId);
}

/**
 * The cookie names the tenant for start-up's requests; a failed re-run puts
 * the previous one back, as the page still shows it. A backend token still
 * held belongs to the tenant being left, and ABP takes the tenant from a
 * token's claim before the header: it would keep the person where they were,
 * behind their back. It goes.
 */
async function restartWithTenant(boot: BootActor, tenantId: number | undefined): Promise<'switched'> {
  const previous = getTenantId();
  if (getToken() !== undefined) clearToken();
  setTenantId(tenantId);
  try {
    await restartBoot(boot);
  } catch (error) {
    setTenantId(previous);
    throw error;
  }
  return 'switched';
}
