import { permissionsOfSide, roles as seedRoles } from '../seed.ts';

// The backend's roles and their granted permissions (ABP's AbpRoles and
// AbpPermissions rows), one copy per stack. Users point at roles by id, so a
// changed role changes what its users may do at their next request.
//
// Also which roles' permissions ABP's role permission cache holds
// (AbpRoleManager's "AbpZeroRolePermissions"): `Role/Update` answers
// differently for those (role-service.ts). The cache fills when ABP's
// permission checker reads a role (a permission check of one of its users,
// GetRoleForEdit, SetGrantedPermissionsAsync itself) and loses a role when
// one of its permission settings changes (AbpRolePermissionCacheItemInvalidator);
// a stand-in that starts has it empty, as ABP after a restart.

export interface ApiRole {
  id: number;
  /** null: a role of the host. */
  tenantId: number | null;
  name: string;
  displayName: string;
  /** The name in upper case, as ABP looks roles up by it. */
  normalizedName: string;
  description: string | null;
  isStatic: boolean;
  isDefault: boolean;
  /** As ABP reads it back from the database: no offset. */
  creationTime: string;
  /** Granted permission names in the order their grants were stored. */
  permissions: string[];
}

export interface ApiRoleDirectory {
  /** The roles of a tenant (null: the host), by id. */
  inTenant(tenantId: number | null): ApiRole[];
  findById(tenantId: number | null, id: number): ApiRole | undefined;
  /** By name, ignoring case (ABP compares normalized names). */
  findByName(tenantId: number | null, name: string): ApiRole | undefined;
  /** By display name, exactly. */
  findByDisplayName(tenantId: number | null, displayName: string): ApiRole | undefined;
  create(input: { tenantId: number | null; name: string; displayName: string; description: string | null; isStatic?: boolean }): ApiRole;
  update(role: ApiRole, change: { name: string; displayName: string; description: string | null }): void;
  /**
   * ABP's SetGrantedPermissionsAsync: grants that are no longer wanted go,
   * new ones are added in the permissions' definition order. Names the
   * role's side does not know are left out. It reads the role's permissions
   * through the cache first; a change empties the role's cache entry.
   */
  setGranted(role: ApiRole, names: readonly string[]): GrantChange;
  /** The role's granted permissions as ABP's permission checker reads them: through the cache, which holds them from then on. */
  readPermissions(role: ApiRole): readonly string[];
  /** Whether ABP's role permission cache holds the role's permissions now. */
  isCached(role: ApiRole): boolean;
  /** Empties the role permission cache (ABP restarted, or its caches were cleared). */
  clearPermissionCache(): void;
  delete(role: ApiRole): void;
}

/** What one SetGrantedPermissionsAsync did to a role's grants. */
export interface GrantChange {
  /** The grants the role had before, in the order they were stored. */
  before: readonly string[];
  /** Grants taken away, in the permissions' definition order (ABP prohibits them first). */
  removed: readonly string[];
  /** Grants added, in the permissions' definition order. */
  added: readonly string[];
}

/** A time as ABP's database gives it back: ISO 8601 without an offset. */
export function storedTime(date = new Date()): string {
  return date.toISOString().replace('Z', '');
}

export function createApiRoleDirectory(): ApiRoleDirectory {
  const started = storedTime();
  const rows: ApiRole[] = seedRoles.map((r) => ({
    id: r.id,
    tenantId: r.tenantId,
    name: r.name,
    displayName: r.displayName,
    normalizedName: r.name.toUpperCase(),
    description: null,
    isStatic: r.isStatic ?? false,
    isDefault: false,
    creationTime: started,
    permissions: [...r.permissions],
  }));
  const inTenant = (tenantId: number | null) => rows.filter((r) => r.tenantId === tenantId);
  /** The roles (by id) whose permissions ABP's role permission cache holds. */
  const cached = new Set<number>();
  const readPermissions = (role: ApiRole) => {
    cached.add(role.id);
    return role.permissions;
  };

  return {
    inTenant,
    findById: (tenantId, id) => inTenant(tenantId).find((r) => r.id === id),
    findByName: (tenantId, name) => inTenant(tenantId).find((r) => r.normalizedName === name.trim().toUpperCase()),
    findByDisplayName: (tenantId, displayName) => inTenant(tenantId).find((r) => r.displayName === displayName),
    create(input) {
      const role: ApiRole = {
        id: Math.max(0, ...rows.map((r) => r.id)) + 1,
        tenantId: input.tenantId,
        name: input.name,
        displayName: input.displayName,
        normalizedName: input.name.toUpperCase(),
        description: input.description,
        isStatic: input.isStatic ?? false,
        isDefault: false,
        creationTime: storedTime(),
        permissions: [],
      };
      rows.push(role);
      return role;
    },
    update(role, change) {
      Object.assign(role, change, { normalizedName: change.name.toUpperCase() });
    },
    setGranted(role, names) {
      const known = permissionsOfSide(role.tenantId).map((p) => p.name);
      const before = [...readPermissions(role)];
      const wanted = known.filter((name) => names.includes(name));
      const removed = known.filter((name) => before.includes(name) && !wanted.includes(name));
      const added = wanted.filter((name) => !before.includes(name));
      role.permissions = [...before.filter((name) => wanted.includes(name)), ...added];
      if (removed.length > 0 || added.length > 0) cached.delete(role.id);
      return { before, removed, added };
    },
    readPermissions,
    isCached: (role) => cached.has(role.id),
    clearPermissionCache() {
      cached.clear();
    },
    delete(role) {
      cached.delete(role.id);
      rows.splice(rows.indexOf(role), 1);
    },
  };
}
