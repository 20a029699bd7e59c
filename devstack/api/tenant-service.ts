import type { Field } from './input.ts';
import { pagedList, withQueryId, type ApiKit, type Handlers } from './kit.ts';
import { containsKeyword } from './query.ts';
import type { ApiTenant } from './tenants.ts';
import { API_PASSWORD, permissionsOfSide } from '../seed.ts';

// module-zero-core-template's TenantAppService ([AbpAuthorize(Pages.Tenants)],
// a permission of the host only), as the recorded host answers it
// (tests/contract/recorded/tenant.json).

/** ABP's AbpTenantBase.TenancyNameRegex. */
const TENANCY_NAME = '^[a-zA-Z][a-zA-Z0-9_-]{1,}$';
const TENANCY_NAME_FIELD: Field = { name: 'TenancyName', kind: 'string', required: true, maxLength: 64, pattern: TENANCY_NAME };
const NAME_FIELD: Field = { name: 'Name', kind: 'string', required: true, maxLength: 128 };

/** CreateTenantDto, in the order the recorded host reports its errors (create-empty-host: Name, TenancyName, AdminEmailAddress). */
const CREATE: readonly Field[] = [
  NAME_FIELD,
  TENANCY_NAME_FIELD,
  { name: 'AdminEmailAddress', kind: 'string', required: true, maxLength: 256 },
  { name: 'ConnectionString', kind: 'string', maxLength: 1024 },
  { name: 'IsActive', kind: 'boolean' },
];
/** TenantDto, which Update takes whole. */
const UPDATE: readonly Field[] = [TENANCY_NAME_FIELD, NAME_FIELD, { name: 'IsActive', kind: 'boolean' }, { name: 'Id', kind: 'number' }];

export function tenantService(kit: ApiKit): Handlers {
  const { tenants, roles, users } = kit;
  const dto = (tenant: ApiTenant) => ({ tenancyName: tenant.tenancyName, name: tenant.name, isActive: tenant.isActive, id: tenant.id });
  const idFromBody = (body: Record<string, unknown>) => (body.id as number | null | undefined) ?? 0;
  const fields = (body: Record<string, unknown>) => ({
    tenancyName: body.tenancyName as string,
    name: body.name as string,
    isActive: body.isActive === true,
  });

  return {
    TenantGetAll: (c) =>
      pagedList(kit, c, {
        rows: (query) =>
          tenants
            .list()
            .filter((t) => containsKeyword(query.keyword, t.tenancyName, t.name))
            .filter((t) => query.isActive === undefined || t.isActive === query.isActive),
        sorting: 'TenancyName,Name',
        fields: { Id: (t) => t.id, TenancyName: (t) => t.tenancyName, Name: (t) => t.name, IsActive: (t) => t.isActive },
        dto,
      }),

    TenantGet: (c) =>
      withQueryId(kit, c, (id) => {
        const tenant = tenants.findById(id);
        return tenant ? kit.ok(c, dto(tenant)) : kit.notFound(c, 'Tenant', id);
      }),

    /**
     * As the template does: the tenant, its static Admin role with every
     * permission of a tenant, and its admin (user name, name and surname
     * `admin`, the given e-mail address, the template's default password
     * 123qwe) in that role. The tenant manager refuses a tenancy name in use.
     */
    TenantCreate: async (c) => {
      const body = await kit.body(c, CREATE);
      if (body instanceof Response) return body;
      const input = fields(body);
      if (tenants.findByName(input.tenancyName)) return kit.userFriendly(c, 'AbpZero', 'TenancyNameIsAlreadyTaken', [input.tenancyName]);
      const tenant = tenants.create(input);
      const admin = roles.create({ tenantId: tenant.id, name: 'Admin', displayName: 'Admin', description: null, isStatic: true });
      roles.setGranted(
        admin,
        permissionsOfSide(tenant.id).map((p) => p.name),
      );
      const user = users.create({
        tenantId: tenant.id,
        userName: 'admin',
        name: 'admin',
        surname: 'admin',
        emailAddress: body.adminEmailAddress as string,
        isActive: true,
        password: API_PASSWORD,
      });
      users.setRoles(user, [admin.id]);
      return kit.ok(c, dto(tenant));
    },

    // The template updates through the repository: no check that the tenancy name is free (only the DTO's validation).
    TenantUpdate: async (c) => {
      const body = await kit.body(c, UPDATE);
      if (body instanceof Response) return body;
      const tenant = tenants.findById(idFromBody(body));
      if (!tenant) return kit.notFound(c, 'Tenant', idFromBody(body));
      tenants.update(tenant, fields(body));
      return kit.ok(c, dto(tenant));
    },

    // The tenant manager's GetByIdAsync throws an AbpException for an unknown id: a generic 500. A deletion is soft.
    TenantDelete: (c) =>
      withQueryId(kit, c, (id) => {
        const tenant = tenants.findById(id);
        if (!tenant) return kit.internalError(c);
        tenants.delete(tenant);
        return kit.ok(c, null);
      }),
  };
}
