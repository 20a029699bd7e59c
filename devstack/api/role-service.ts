import type { Context } from 'hono';
import type { Field } from './input.ts';
import { pagedList, text, withQueryId, type ApiKit, type Handlers } from './kit.ts';
import type { ApiEnv } from './middleware.ts';
import { containsKeyword, queryValue } from './query.ts';
import type { ApiRole, GrantChange } from './roles.ts';
import type { ApiBehaviour } from './behaviour.ts';
import { APP_SOURCE } from './localization.ts';
import { permissionsOfSide } from '../seed.ts';

// module-zero-core-template's RoleAppService ([AbpAuthorize(Pages.Roles)]),
// as the recorded host answers it (tests/contract/recorded/role.json), with
// ABP's role manager's rules: names unique (ignoring case) and display names
// unique per tenant, a static role never deleted.
//
// Role/Update answers as the template does, mapping its role entity: the
// entity's `Permissions` collection holds the settings the request loaded
// (all of the role's, when ABP's role permission cache did not hold them
// and SetGrantedPermissionsAsync read them from the database) and those it
// touched (a removed grant's row stays in it, marked deleted, until the
// unit of work saves). So after a read that filled the cache (GetRoleForEdit,
// a check of one of the role's users), the answer lists only the grants
// added or removed: never what the role holds (behaviour.ts
// `roleUpdateAnswer`; docs/abp.md).

const ROLE: readonly Field[] = [
  { name: 'Name', kind: 'string', required: true, maxLength: 32 },
  { name: 'DisplayName', kind: 'string', required: true, maxLength: 64 },
  { name: 'NormalizedName', kind: 'string' },
  { name: 'Description', kind: 'string', maxLength: 5000 },
  { name: 'GrantedPermissions', kind: 'strings' },
];

export function roleService(kit: ApiKit, behaviour: () => ApiBehaviour): Handlers {
  const { roles, users } = kit;

  /** RoleDto: the granted permissions in the order they were stored, or those given (Update's entity). */
  const dto = (role: ApiRole, granted: readonly string[] = role.permissions) => ({
    name: role.name,
    displayName: role.displayName,
    normalizedName: role.normalizedName,
    description: role.description,
    grantedPermissions: [...granted],
    id: role.id,
  });
  /** The granted settings in Update's role entity: the loaded ones (all, when the cache had to be filled) and the touched ones. */
  const entityGrants = (change: GrantChange, wasCached: boolean): string[] =>
    wasCached ? [...change.removed, ...change.added] : [...change.before, ...change.added];
  const find = (c: Context<ApiEnv>, id: number) => roles.findById(kit.tenantId(c), id);

  /** The side's permissions with their texts, by display name in the request's language, as ABP's service sorts them. */
  const permissionsShown = (c: Context<ApiEnv>) => {
    const collator = new Intl.Collator(kit.language(c));
    return permissionsOfSide(kit.tenantId(c))
      .map((p) => ({ name: p.name, displayName: text(kit, c, APP_SOURCE, p.displayName), description: null }))
      .sort((a, b) => collator.compare(a.displayName, b.displayName));
  };

  /** ABP's CheckDuplicateRoleNameAsync: the name by its normalized form, then the display name as written. */
  const duplicate = (c: Context<ApiEnv>, name: string, displayName: string, role?: ApiRole): Response | undefined => {
    const other = (found: ApiRole | undefined) => found !== undefined && found.id !== role?.id;
    if (other(roles.findByName(kit.tenantId(c), name))) return kit.userFriendly(c, 'AbpZero', 'RoleNameIsAlreadyTaken', [name]);
    if (other(roles.findByDisplayName(kit.tenantId(c), displayName)))
      return kit.userFriendly(c, 'AbpZero', 'RoleDisplayNameIsAlreadyTaken', [displayName]);
    return undefined;
  };

  return {
    RoleGetAll: (c) =>
      pagedList(kit, c, {
        rows: (query) =>
          roles.inTenant(kit.tenantId(c)).filter((r) => containsKeyword(query.keyword, r.name, r.displayName, r.description)),
        sorting: 'Name,DisplayName',
        fields: {
          Id: (r) => r.id,
          Name: (r) => r.name,
          DisplayName: (r) => r.displayName,
          Description: (r) => r.description,
          IsStatic: (r) => r.isStatic,
          CreationTime: (r) => r.creationTime,
        },
        dto: (row: ApiRole) => dto(row),
      }),

    // GetRolesAsync: every role, or those a permission is granted to (RoleListDto).
    RoleGetRoles: (c) => {
      const permission = queryValue(c.req.url, 'Permission')?.trim();
      const items = roles
        .inTenant(kit.tenantId(c))
        .filter((r) => !permission || r.permissions.includes(permission))
        .map((r) => ({
          name: r.name,
          displayName: r.displayName,
          isStatic: r.isStatic,
          isDefault: r.isDefault,
          creationTime: r.creationTime,
          id: r.id,
        }));
      return kit.ok(c, { items });
    },

    RoleGetAllPermissions: (c) => kit.ok(c, { items: permissionsShown(c).map((p) => ({ ...p, id: 0 })) }),

    // An unknown id is an AbpException of the role manager: a generic 500.
    RoleGetRoleForEdit: (c) =>
      withQueryId(kit, c, (id) => {
        const role = find(c, id);
        if (!role) return kit.internalError(c);
        return kit.ok(c, {
          role: { name: role.name, displayName: role.displayName, description: role.description, isStatic: role.isStatic, id: role.id },
          permissions: permissionsShown(c),
          // From the permission checker: in the permissions' definition order.
          grantedPermissionNames: permissionsOfSide(role.tenantId)
            .map((p) => p.name)
            .filter((name) => roles.readPermissions(role).includes(name)),
        });
      }),

    // The template's GetEntityByIdAsync answers null for an unknown id, which maps to a null result.
    RoleGet: (c) =>
      withQueryId(kit, c, (id) => {
        const role = find(c, id);
        return kit.ok(c, role ? dto(role) : null);
      }),

    RoleCreate: async (c) => {
      const body = await kit.body(c, ROLE);
      if (body instanceof Response) return body;
      const name = body.name as string;
      const displayName = body.displayName as string;
      const refused = duplicate(c, name, displayName);
      if (refused) return refused;
      // An explicit null list fails on `.Contains` (a generic 500); a missing one is the DTO's empty default.
      if (body.grantedPermissions === null) return kit.internalError(c);
      const role = roles.create({
        tenantId: kit.tenantId(c),
        name,
        displayName,
        description: (body.description as string | null | undefined) ?? null,
      });
      roles.setGranted(role, (body.grantedPermissions as string[] | undefined) ?? []);
      return kit.ok(c, dto(role));
    },

    // ABP renames a static role when asked; only the template's clients keep its name field read-only.
    RoleUpdate: async (c) => {
      const body = await kit.body(c, [...ROLE, { name: 'Id', kind: 'number' }]);
      if (body instanceof Response) return body;
      const role = find(c, (body.id as number | null | undefined) ?? 0);
      if (!role) return kit.internalError(c);
      const name = body.name as string;
      const displayName = body.displayName as string;
      const refused = duplicate(c, name, displayName, role);
      if (refused) return refused;
      // RoleDto has no default list: without one, `.Contains` fails and the update is rolled back.
      if (!Array.isArray(body.grantedPermissions)) return kit.internalError(c);
      roles.update(role, { name, displayName, description: (body.description as string | null | undefined) ?? null });
      const wasCached = roles.isCached(role);
      const change = roles.setGranted(role, body.grantedPermissions as string[]);
      return kit.ok(c, behaviour().roleUpdateAnswer === 'stored' ? dto(role) : dto(role, entityGrants(change, wasCached)));
    },

    RoleDelete: (c) =>
      withQueryId(kit, c, (id) => {
        const role = find(c, id);
        if (!role) return kit.internalError(c);
        if (role.isStatic) return kit.userFriendly(c, 'AbpZero', 'CanNotDeleteStaticRole', [role.name]);
        users.removeRole(role.id);
        roles.delete(role);
        return kit.ok(c, null);
      }),
  };
}
