import { hashPassword, passwordCheck, type Credential } from '../password.ts';
import { storedTime, type ApiRoleDirectory } from './roles.ts';
import { allPermissions, API_PASSWORD, apiUsers, externalLogins, extraStaff, type SeedLogin, type SeedUser } from '../seed.ts';

// The backend's users, external logins, passwords and per-user language
// setting (ABP's AbpUsers, AbpUserRoles, AbpUserLogins and AbpSettings), one
// copy per stack so a change in one test stack never shows in another. A
// deleted user is soft-deleted: unknown from then on, as in ABP.
//
// Lockout as ABP's defaults have it (handover.json; its README names the
// settings): a user the user manager creates (a new tenant's admin,
// User/Create, a registration through the provider) has lockout enabled, and
// the fifth wrong password in a row locks their password sign-in for
// `lockoutSeconds`; the seeded users were written straight into the database
// with lockout off, as the template's seed writes its admins, so nothing
// locks them.

/** A user of the ABP backend, scoped to one tenant (or the host), with its roles by id (ABP's AbpUserRoles). */
export interface ApiUser extends Omit<SeedUser, 'roleNames'> {
  roleIds: number[];
  /** As ABP reads it back from the database: no offset. */
  creationTime: string;
}

export interface NewExternalUser {
  tenantId: number;
  providerKey: string;
  name: string;
  surname: string;
  emailAddress: string;
  isActive: boolean;
}

export type UserFields = Pick<ApiUser, 'userName' | 'name' | 'surname' | 'emailAddress' | 'isActive'>;

export interface ApiUserDirectory {
  /** A user that is not deleted, in any tenant. */
  findById(id: number): ApiUser | undefined;
  /** The user of a tenant (null: the host) with this external login. */
  findByLogin(tenantId: number | null, providerKey: string): ApiUser | undefined;
  /** By user name, ignoring case (ABP compares normalized names). */
  findByUserName(tenantId: number | null, userName: string): ApiUser | undefined;
  /** By e-mail address, ignoring case. */
  findByEmail(tenantId: number | null, emailAddress: string): ApiUser | undefined;
  /** The users of a tenant (null: the host), by id. */
  inTenant(tenantId: number | null): ApiUser[];
  /** The permissions the user's roles grant, in the order of `allPermissions` (every permission checked: each role read through ABP's cache). */
  grantedPermissions(user: ApiUser): string[];
  /** ABP's check of one permission: the user's roles read in turn until one grants it. */
  isGranted(user: ApiUser, permission: string): boolean;
  /** The names of the user's roles, by role id. */
  roleNamesOf(user: ApiUser): string[];
  /** The role names as ABP lists them on a user (normalized: upper case), by role id. */
  normalizedRoleNames(user: ApiUser): string[];
  /**
   * Adds a user and its external login the way the template's
   * RegisterExternalUserAsync does: the e-mail address as user name, no
   * roles (none is a default role here), no password anyone knows.
   */
  registerExternal(input: NewExternalUser): ApiUser;
  /** Adds a user with a password (User/Create, a new tenant's admin). */
  create(input: UserFields & { tenantId: number | null; password: string }): ApiUser;
  update(user: ApiUser, change: UserFields): void;
  setRoles(user: ApiUser, roleIds: readonly number[]): void;
  /** Takes a role away from everyone who has it (its deletion). */
  removeRole(roleId: number): void;
  /** Soft-deletes the user and removes their external logins, as ABP's user manager does. */
  delete(user: ApiUser): void;
  /** Whether the password is the user's; always costs one scrypt run. */
  checkPassword(user: ApiUser | undefined, password: string): boolean;
  /** Gives the user a new password (ChangePassword, ResetPassword). */
  setPassword(user: ApiUser, password: string): void;
  /** Whether a password sign-in of the user is locked out now. */
  isLockedOut(user: ApiUser): boolean;
  /** Counts a wrong password (ASP.NET Identity's AccessFailedAsync); true when that locked the user out. */
  accessFailed(user: ApiUser): boolean;
  /** A right password: the count starts again. */
  resetAccessFailed(user: ApiUser): void;
  /** The user's own `Abp.Localization.DefaultLanguageName`, when one is saved. */
  languageOf(user: ApiUser): string | undefined;
  /** Saves the user's language; the default language's name removes the setting, as ABP's setting manager does. */
  setLanguage(user: ApiUser, name: string, defaultName: string): void;
}

export interface ApiUserDirectoryOptions {
  /** Staff added to Default for tests of search and paging (seed.ts `extraStaff`). */
  extraUsers?: number;
  /** ABP's `DefaultAccountLockoutSeconds`. Default 300. */
  lockoutSeconds?: number;
}

/** ABP's `MaxFailedAccessAttemptsBeforeLockout`. */
const MAX_FAILED_ACCESS_ATTEMPTS = 5;
const DEFAULT_LOCKOUT_SECONDS = 300;

interface Lockout {
  failures: number;
  /** ms since the epoch; 0: not locked. */
  until: number;
}

/** The seeded users' one credential, made once per process (scrypt is slow on purpose, and a test run starts hundreds of stacks); never changed. */
let seededCredential: Credential | undefined;

export function createApiUserDirectory(roles: ApiRoleDirectory, options: ApiUserDirectoryOptions = {}): ApiUserDirectory {
  const started = storedTime();
  const rows: Array<ApiUser & { isDeleted: boolean }> = [];
  const logins: SeedLogin[] = [...externalLogins];
  const languages = new Map<number, string>();
  /** Users with lockout enabled (created by the user manager), by id. */
  const lockouts = new Map<number, Lockout>();
  const lockoutMs = (options.lockoutSeconds ?? DEFAULT_LOCKOUT_SECONDS) * 1000;
  // Passwords as a real store keeps them: salted hashes. The seeded users share one, made once per process.
  const credentials = new Map<number, Credential>();
  const seeded = (seededCredential ??= hashPassword(API_PASSWORD));
  const matches = passwordCheck();

  const nextId = () => Math.max(0, ...rows.map((u) => u.id)) + 1;
  const roleIdsOf = (seed: Omit<SeedUser, 'id'>) =>
    seed.roleNames.map((name) => roles.findByName(seed.tenantId, name)?.id).filter((id): id is number => id !== undefined);
  const add = (seed: Omit<SeedUser, 'id'>, id = nextId()) => {
    const { tenantId, userName, name, surname, emailAddress, isActive } = seed;
    rows.push({
      id,
      tenantId,
      userName,
      name,
      surname,
      emailAddress,
      isActive,
      roleIds: roleIdsOf(seed),
      creationTime: started,
      isDeleted: false,
    });
    credentials.set(id, seeded);
  };
  for (const seed of apiUsers) add(seed, seed.id);
  for (const seed of extraStaff(options.extraUsers ?? 0)) add(seed);

  const living = () => rows.filter((u) => !u.isDeleted);
  const inTenant = (tenantId: number | null) => living().filter((u) => u.tenantId === tenantId);
  const findById = (id: number) => living().find((u) => u.id === id);
  const rolesOf = (user: ApiUser) => roles.inTenant(user.tenantId).filter((r) => user.roleIds.includes(r.id));
  const same = (a: string, b: string) => a.trim().toUpperCase() === b.trim().toUpperCase();

  return {
    findById,
    findByLogin(tenantId, providerKey) {
      const login = logins.find((l) => l.tenantId === tenantId && l.providerKey === providerKey);
      return login ? findById(login.userId) : undefined;
    },
    findByUserName: (tenantId, userName) => inTenant(tenantId).find((u) => same(u.userName, userName)),
    findByEmail: (tenantId, emailAddress) => inTenant(tenantId).find((u) => same(u.emailAddress, emailAddress)),
    inTenant,
    grantedPermissions(user) {
      const granted = new Set(rolesOf(user).flatMap((r) => roles.readPermissions(r)));
      return allPermissions.filter((p) => granted.has(p));
    },
    isGranted: (user, permission) => rolesOf(user).some((r) => roles.readPermissions(r).includes(permission)),
    roleNamesOf: (user) => rolesOf(user).map((r) => r.name),
    normalizedRoleNames: (user) => rolesOf(user).map((r) => r.normalizedName),
    registerExternal(input) {
      const user = {
        id: nextId(),
        tenantId: input.tenantId,
        userName: input.emailAddress,
        name: input.name,
        surname: input.surname,
        emailAddress: input.emailAddress,
        isActive: input.isActive,
        roleIds: [],
        creationTime: storedTime(),
        isDeleted: false,
      };
      rows.push(user);
      logins.push({ tenantId: input.tenantId, providerKey: input.providerKey, userId: user.id });
      lockouts.set(user.id, { failures: 0, until: 0 });
      return user;
    },
    create({ password, ...fields }) {
      const user = { ...fields, id: nextId(), roleIds: [], creationTime: storedTime(), isDeleted: false };
      rows.push(user);
      credentials.set(user.id, password === API_PASSWORD ? seeded : hashPassword(password));
      lockouts.set(user.id, { failures: 0, until: 0 });
      return user;
    },
    update(user, change) {
      Object.assign(user, change);
    },
    setRoles(user, roleIds) {
      user.roleIds = [...roleIds];
    },
    removeRole(roleId) {
      for (const user of rows) user.roleIds = user.roleIds.filter((id) => id !== roleId);
    },
    delete(user) {
      const row = rows.find((u) => u.id === user.id);
      if (row) row.isDeleted = true;
      for (let i = logins.length - 1; i >= 0; i -= 1) if (logins[i]!.userId === user.id) logins.splice(i, 1);
    },
    checkPassword(user, password) {
      return matches(user && credentials.get(user.id), password);
    },
    setPassword(user, password) {
      credentials.set(user.id, hashPassword(password));
    },
    isLockedOut: (user) => (lockouts.get(user.id)?.until ?? 0) > Date.now(),
    accessFailed(user) {
      const lockout = lockouts.get(user.id);
      if (!lockout) return false;
      lockout.failures += 1;
      if (lockout.failures < MAX_FAILED_ACCESS_ATTEMPTS) return false;
      lockout.failures = 0;
      lockout.until = Date.now() + lockoutMs;
      return true;
    },
    resetAccessFailed(user) {
      const lockout = lockouts.get(user.id);
      if (lockout) lockout.failures = 0;
    },
    languageOf: (user) => languages.get(user.id),
    setLanguage(user, name, defaultName) {
      if (name === defaultName) languages.delete(user.id);
      else languages.set(user.id, name);
    },
  };
}
