import type { AbpClient } from './client.ts';
import * as ENDPOINTS from '../endpoints/endpointTable.ts';

/** `TenantAvailabilityState` of ABP. */
export const TenantAvailability = { Available: 1, InActive: 2, NotFound: 3 } as const;

export interface IsTenantAvailableOutput {
  state: (typeof TenantAvailability)[keyof typeof TenantAvailability];
  tenantId: number | null;
}

export function isTenantAvailable(client: AbpClient, tenancyName: string): Promise<IsTenantAvailableOutput> {
  return client.post<IsTenantAvailableOutput>(ENDPOINTS.IsTenantAvailable.path, { tenancyName });
}
