import type { AbpClient } from '../abp/client.ts';
import * as ENDPOINTS from '../endpoints/adminEndpoints.ts';
import { query, type PagedResult } from './paging.ts';

/** module-zero's `TenantDto`: an environment of the company. Only the host manages them (`Pages.Tenants`). */
export interface Environment {
  id: number;
  tenancyName: string;
  name: string;
  isActive: boolean;
}

/** `Tenant/Create`: ABP makes the environment's admin with this e-mail address (and a password of its own when none is given). */
export interface EnvironmentInput {
  tenancyName: string;
  name: string;
  adminEmailAddress: string;
  connectionString?: string | null;
  isActive: boolean;
}

export function getEnvironments(
  client: AbpClient,
  filter: { keyword?: string; isActive?: boolean } = {},
): Promise<PagedResult<Environment>> {
  return client.get(query(ENDPOINTS.TenantGetAll.path, { Keyword: filter.keyword, IsActive: filter.isActive, MaxResultCount: 1000 }));
}

export function createEnvironment(client: AbpClient, environment: EnvironmentInput): Promise<Environment> {
  return client.post(ENDPOINTS.TenantCreate.path, environment);
}

/** `Tenant/Update` takes the whole `TenantDto`. */
export function updateEnvironment(client: AbpClient, environment: Environment): Promise<Environment> {
  return client.put(ENDPOINTS.TenantUpdate.path, environment);
}
