import { allPermissions, apiUsers, externalLogins, roles, type ApiUser, type SeedLogin, type SeedRole } from './seed.ts';

// The backend's users, roles, external logins and per-user language setting
// (ABP's AbpUsers, AbpRoles, AbpUserLogins and AbpSettings), one copy per
// stack so a registration in one test stack never shows in another.

export interface NewExternalUser {
  tenantId: number;
  providerKey: string;
  name: string;
  surname: string;
  emailAddress: string;
  isActive: boolean;
}

export interface ApiUserDirectory {
  findById(id: number): ApiUser | undefined;
  /** The user of a tenant (null: the host) with this external login. */
  findByLogin(tenantId: number | null, providerKey: string): ApiUser | undefined;
  findByUserName(tenantId: number | null, userName: string): ApiUser | undefined;
  /** The users of a tenant (null: the host), by id. */
  inTenant(tenantId: number | null): ApiUser[];
  /** The permissions the user's roles grant, in the order of `allPermissions`. */
  grantedPermissions(user: ApiUser): string[];
  /** The role names as ABP lists them on a user (normalized: upper case). */
  normalizedRoleNames(user: ApiUser): string[];
  /**
   * Adds a user and its external login the way the template's
   * RegisterExternalUserAsync does: the e-mail address as user name, no
   * roles (none is a default role here).
   */
  registerExternal(input: NewExternalUser): ApiUser;
  /** The user's own `Abp.Localization.DefaultLanguageName`, when one is saved. */
  languageOf(user: ApiUser): string | undefined;
  /** Saves the user's language; the default language's name removes the setting, as ABP's setting manager does. */
  setLanguage(user: ApiUser, name: string, defaultName: string): void;
}

export function createApiUserDirectory(): ApiUserDirectory {
  const users: ApiUser[] = apiUsers.map((u) => ({ ...u }));
  const logins: SeedLogin[] = [...externalLogins];
  const languages = new Map<number, string>();
  const findById = (id: number) => users.find((u) => u.id === id);
  const rolesOf = (user: ApiUser): SeedRole[] =>
    roles.filter((r) => r.tenantId === user.tenantId && user.roleNames.some((n) => n.toLowerCase() === r.name.toLowerCase()));

  return {
    findById,
    findByLogin(tenantId, providerKey) {
      const login = logins.find((l) => l.tenantId === tenantId && l.providerKey === providerKey);
      return login ? findById(login.userId) : undefined;
    },
    findByUserName: (tenantId, userName) =>
      users.find((u) => u.tenantId === tenantId && u.userName.toLowerCase() === userName.trim().toLowerCase()),
    inTenant: (tenantId) => users.filter((u) => u.tenantId === tenantId),
    grantedPermissions(user) {
      const granted = new Set(rolesOf(user).flatMap((r) => r.permissions));
      return allPermissions.filter((p) => granted.has(p));
    },
    normalizedRoleNames: (user) => rolesOf(user).map((r) => r.name.toUpperCase()),
    registerExternal(input) {
      const user: ApiUser = {
        id: Math.max(...users.map((u) => u.id)) + 1,
        tenantId: input.tenantId,
        userName: input.emailAddress,
        name: input.name,
        surname: input.surname,
        emailAddress: input.emailAddress,
        isActive: input.isActive,
        roleNames: [],
      };
      users.push(user);
      logins.push({ tenantId: input.tenantId, providerKey: input.providerKey, userId: user.id });
      return user;
    },
    languageOf: (user) => languages.get(user.id),
    setLanguage(user, name, defaultName) {
      if (name === defaultName) languages.delete(user.id);
      else languages.set(user.id, name);
    },
  };
}
