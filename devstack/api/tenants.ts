import { tenants as seedTenants, type SeedTenant } from '../seed.ts';

// The backend's tenants (ABP's AbpTenants), one copy per stack: Tenant/Create,
// Update and Delete change them until the stack stops. A deleted tenant is
// soft-deleted, so it is as unknown as one that never existed.

export type ApiTenant = SeedTenant;

export interface ApiTenantDirectory {
  /** A tenant that is not deleted, active or not. */
  findById(id: number): ApiTenant | undefined;
  /** By tenancy name, ignoring case as SQL Server's default collation does. */
  findByName(tenancyName: string): ApiTenant | undefined;
  /** Every tenant that is not deleted, by id. */
  list(): ApiTenant[];
  create(input: Omit<ApiTenant, 'id'>): ApiTenant;
  update(tenant: ApiTenant, change: Omit<ApiTenant, 'id'>): void;
  delete(tenant: ApiTenant): void;
}

export function createApiTenantDirectory(): ApiTenantDirectory {
  const rows = seedTenants.map((t) => ({ ...t, isDeleted: false }));
  const living = () => rows.filter((t) => !t.isDeleted);

  return {
    findById: (id) => living().find((t) => t.id === id),
    findByName(tenancyName) {
      const wanted = tenancyName.trim().toLowerCase();
      return living().find((t) => t.tenancyName.toLowerCase() === wanted);
    },
    list: () => living(),
    create(input) {
      const row = { ...input, id: Math.max(0, ...rows.map((t) => t.id)) + 1, isDeleted: false };
      rows.push(row);
      return row;
    },
    update(tenant, change) {
      Object.assign(tenant, change);
    },
    delete(tenant) {
      const row = rows.find((t) => t.id === tenant.id);
      if (row) row.isDeleted = true;
    },
  };
}
