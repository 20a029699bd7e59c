import type { AbpClient } from '../abp/client.ts';
import * as ENDPOINTS from '../abp/adminEndpoints.ts';
import { query, type PagedResult } from './paging.ts';

/** module-zero's `TenantDto`: an environment of the company. Only the host manages them (`Pages.Tenants`). */
export interface Tenant {
  id: number;
  tenancyName: string;
  name: string;
  isActive: boolean;
}

/** `Tenant/Create`: ABP makes the environment's admin with this e-mail address (and a password of its own when none is given). */
export interface TenantInput {
  tenancyName: string;
  name: string;
  adminEmailAddress: string;
  connectionString?: string | null;
  isActive: boolean;
}

export function getTenants(client: AbpClient, filter: { keyword?: string; isActive?: boolean } = {}): Promise<PagedResult<Tenant>> {
  return client.get(query(ENDPOINTS.TenantGetAll.path, { Keyword: filter.keyword, IsActive: filter.isActive, MaxResultCount: 1000 }));
}

export function createTenant(client: AbpClient, tenant: TenantInput): Promise<Tenant> {
  return client.post(ENDPOINTS.TenantCreate.path, tenant);
}

/** `Tenant/Update` takes the whole `TenantDto`. */
export function updateTenant(client: AbpClient, tenant: Tenant): Promise<Tenant> {
  return client.put(ENDPOINTS.TenantUpdate.path, tenant);
}
