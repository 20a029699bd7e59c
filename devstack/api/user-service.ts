import type { Context } from 'hono';
import type { Field } from './input.ts';
import { pagedList, withQueryId, type ApiKit, type Handlers } from './kit.ts';
import type { ApiEnv } from './middleware.ts';
import { containsKeyword } from './query.ts';
import type { ApiUser, UserFields } from './users.ts';

// module-zero-core-template's UserAppService ([AbpAuthorize(Pages.Users)];
// Activate and DeActivate also need Pages.Users.Activation), as the recorded
// host answers it (tests/contract/recorded/user.json; ChangePassword,
// ResetPassword and the admin's protections: handover.json). ChangeLanguage
// is in server.ts, with the other language handling.

/** The template's admin user name: ABP refuses to rename or delete that user. */
const ADMIN_USER_NAME = 'admin';
/** StaticRoleNames.Tenants.Admin: the role ResetPassword demands of its caller. */
const ADMIN_ROLE_NAME = 'Admin';
/** The template's password setting (Abp.Zero.UserManagement.PasswordComplexity.RequiredLength). */
const PASSWORD_LENGTH = 6;
/** ASP.NET Identity's AllowedUserNameCharacters. */
const USER_NAME = /^[A-Za-z0-9\-._@+]+$/;

const PERSON: readonly Field[] = [
  { name: 'UserName', kind: 'string', required: true, maxLength: 256 },
  { name: 'Name', kind: 'string', required: true, maxLength: 64 },
  { name: 'Surname', kind: 'string', required: true, maxLength: 64 },
  { name: 'EmailAddress', kind: 'string', required: true, email: true, maxLength: 256 },
  { name: 'IsActive', kind: 'boolean' },
];
/** CreateUserDto. */
const CREATE: readonly Field[] = [
  ...PERSON,
  { name: 'RoleNames', kind: 'strings' },
  { name: 'Password', kind: 'string', required: true, maxLength: 32 },
];
/** UserDto, which Update takes whole; FullName, LastLoginTime and CreationTime are not written back. */
const UPDATE: readonly Field[] = [
  ...PERSON,
  { name: 'FullName', kind: 'string' },
  { name: 'LastLoginTime', kind: 'date' },
  { name: 'CreationTime', kind: 'date' },
  { name: 'RoleNames', kind: 'strings' },
  { name: 'Id', kind: 'number' },
];
/** ChangePasswordDto. */
const CHANGE_PASSWORD: readonly Field[] = [
  { name: 'CurrentPassword', kind: 'string', required: true },
  { name: 'NewPassword', kind: 'string', required: true },
];
/** ResetPasswordDto. */
const RESET_PASSWORD: readonly Field[] = [
  { name: 'AdminPassword', kind: 'string', required: true },
  { name: 'UserId', kind: 'number' },
  { name: 'NewPassword', kind: 'string', required: true },
];

export function userService(kit: ApiKit): Handlers {
  const { users, roles } = kit;

  /** UserDto: role names as ABP's normalized names, LastLoginTime never filled in by the template. */
  const dto = (user: ApiUser, creationTime = user.creationTime) => ({
    userName: user.userName,
    name: user.name,
    surname: user.surname,
    emailAddress: user.emailAddress,
    isActive: user.isActive,
    fullName: `${user.name} ${user.surname}`,
    lastLoginTime: null,
    creationTime,
    roleNames: users.normalizedRoleNames(user),
    id: user.id,
  });
  const find = (c: Context<ApiEnv>, id: number) => users.inTenant(kit.tenantId(c)).find((u) => u.id === id);
  const fields = (body: Record<string, unknown>): UserFields => ({
    userName: body.userName as string,
    name: body.name as string,
    surname: body.surname as string,
    emailAddress: body.emailAddress as string,
    isActive: body.isActive === true,
  });

  /**
   * What ABP's user manager refuses before it writes, in its order: a user
   * name or e-mail address someone else has (checked by normalized name), the
   * admin's user name changed, then ASP.NET Identity's user validation (a
   * user name with other characters: Identity's text no longer matches ABP's
   * translation table, so ABP answers its "unknown failure").
   */
  const refusal = (c: Context<ApiEnv>, change: UserFields, user?: ApiUser): Response | undefined => {
    const tenantId = kit.tenantId(c);
    const other = (found: ApiUser | undefined) => found !== undefined && found.id !== user?.id;
    if (other(users.findByUserName(tenantId, change.userName)))
      return kit.userFriendly(c, 'AbpZero', 'Identity.DuplicateUserName', [change.userName]);
    if (other(users.findByEmail(tenantId, change.emailAddress)))
      return kit.userFriendly(c, 'AbpZero', 'Identity.DuplicateEmail', [change.emailAddress]);
    if (user?.userName === ADMIN_USER_NAME && change.userName !== ADMIN_USER_NAME)
      return kit.userFriendly(c, 'AbpZero', 'CanNotRenameAdminUser', [ADMIN_USER_NAME]);
    if (!USER_NAME.test(change.userName)) return kit.userFriendly(c, 'AbpZero', 'Identity.DefaultError');
    return undefined;
  };

  /**
   * ABP's SetRolesAsync looks each name up as a role name (ignoring case);
   * an unknown one throws (a generic 500), and the unit of work rolls the
   * whole request back.
   */
  const roleIds = (c: Context<ApiEnv>, names: readonly string[]): number[] | undefined => {
    const found = names.map((name) => roles.findByName(kit.tenantId(c), name)?.id);
    return found.every((id): id is number => id !== undefined) ? [...new Set(found)] : undefined;
  };

  const setActive = (active: boolean) => async (c: Context<ApiEnv>) => {
    const body = await kit.body(c, [{ name: 'Id', kind: 'number' }]);
    if (body instanceof Response) return body;
    const id = (body.id as number | null | undefined) ?? 0;
    const user = find(c, id);
    if (!user) return kit.notFound(c, 'User', id);
    users.update(user, { ...user, isActive: active });
    return kit.ok(c, null);
  };

  return {
    UserGetAll: (c) =>
      pagedList(kit, c, {
        rows: (query) =>
          users
            .inTenant(kit.tenantId(c))
            .filter((u) => containsKeyword(query.keyword, u.userName, u.name, u.emailAddress))
            .filter((u) => query.isActive === undefined || u.isActive === query.isActive),
        sorting: 'UserName,EmailAddress',
        fields: {
          Id: (u) => u.id,
          UserName: (u) => u.userName,
          Name: (u) => u.name,
          Surname: (u) => u.surname,
          EmailAddress: (u) => u.emailAddress,
          IsActive: (u) => u.isActive,
          CreationTime: (u) => u.creationTime,
        },
        dto: (u) => dto(u),
      }),

    UserGet: (c) =>
      withQueryId(kit, c, (id) => {
        const user = find(c, id);
        return user ? kit.ok(c, dto(user)) : kit.notFound(c, 'User', id);
      }),

    // The tenant's roles as RoleDto; their permissions are not loaded here, so grantedPermissions is empty.
    UserGetRoles: (c) =>
      kit.ok(c, {
        items: roles.inTenant(kit.tenantId(c)).map((r) => ({
          name: r.name,
          displayName: r.displayName,
          normalizedName: r.normalizedName,
          description: r.description,
          grantedPermissions: [],
          id: r.id,
        })),
      }),

    UserCreate: async (c) => {
      const body = await kit.body(c, CREATE);
      if (body instanceof Response) return body;
      const password = body.password as string;
      // ASP.NET Identity checks the password before ABP checks the names.
      if (password.length < PASSWORD_LENGTH) return kit.userFriendly(c, 'AbpZero', 'Identity.PasswordTooShort', [String(PASSWORD_LENGTH)]);
      const change = fields(body);
      const refused = refusal(c, change);
      if (refused) return refused;
      const ids = roleIds(c, (body.roleNames as string[] | null | undefined) ?? []);
      if (!ids) return kit.internalError(c);
      const user = users.create({ ...change, tenantId: kit.tenantId(c), password });
      users.setRoles(user, ids);
      // A value made during the request: ABP writes it with its offset.
      return kit.ok(c, dto(user, `${user.creationTime}+00:00`));
    },

    UserUpdate: async (c) => {
      const body = await kit.body(c, UPDATE);
      if (body instanceof Response) return body;
      // GetUserByIdAsync throws an AbpException for an unknown id: a generic 500, not a 404.
      const user = find(c, (body.id as number | null | undefined) ?? 0);
      if (!user) return kit.internalError(c);
      const change = fields(body);
      const refused = refusal(c, change, user);
      if (refused) return refused;
      const names = body.roleNames as string[] | null | undefined;
      const ids = names == null ? undefined : roleIds(c, names);
      if (names != null && !ids) return kit.internalError(c);
      users.update(user, change);
      if (ids) users.setRoles(user, ids);
      return kit.ok(c, dto(user));
    },

    UserDelete: (c) =>
      withQueryId(kit, c, (id) => {
        const user = find(c, id);
        if (!user) return kit.internalError(c);
        if (user.userName === ADMIN_USER_NAME) return kit.userFriendly(c, 'AbpZero', 'CanNotDeleteAdminUser', [ADMIN_USER_NAME]);
        users.delete(user);
        return kit.ok(c, null);
      }),

    UserActivate: setActive(true),
    UserDeActivate: setActive(false),

    /**
     * The caller's own password: the current one checked by the service itself
     * (no failure counted, so it works while the password sign-in is locked
     * out), the new one by the password rules. Tokens issued before stay valid
     * (JWTs are not checked against the security stamp).
     */
    UserChangePassword: async (c) => {
      const body = await kit.body(c, CHANGE_PASSWORD);
      if (body instanceof Response) return body;
      const user = c.get('abp').user!;
      if (!users.checkPassword(user, body.currentPassword as string)) return kit.userFriendly(c, 'AbpZero', 'Identity.PasswordMismatch');
      const password = body.newPassword as string;
      if (password.length < PASSWORD_LENGTH) return kit.userFriendly(c, 'AbpZero', 'Identity.PasswordTooShort', [String(PASSWORD_LENGTH)]);
      users.setPassword(user, password);
      return kit.ok(c, true);
    },

    /**
     * Another user's password, as the template's service does it: the admin
     * password is checked against the HOST user of the caller's user name
     * (its login manager is asked without a tenancy name), so for a tenant's
     * `admin` it is the host administrator's password; then the caller must
     * be active and hold the role Admin; the new password is set without any
     * rule. An unknown user id throws (a generic 500).
     */
    UserResetPassword: async (c) => {
      const body = await kit.body(c, RESET_PASSWORD);
      if (body instanceof Response) return body;
      const caller = c.get('abp').user!;
      const hostNamesake = users.findByUserName(null, caller.userName);
      const adminPasswordHolds =
        users.checkPassword(hostNamesake, body.adminPassword as string) && hostNamesake!.isActive && !users.isLockedOut(hostNamesake!);
      if (!adminPasswordHolds) return kit.userFriendlyText(c, "Your 'Admin Password' did not match the one on record.  Please try again.");
      if (!caller.isActive) return kit.ok(c, false);
      if (!users.roleNamesOf(caller).includes(ADMIN_ROLE_NAME)) return kit.userFriendlyText(c, 'Only administrators may reset passwords.');
      const user = find(c, (body.userId as number | null | undefined) ?? 0);
      if (!user) return kit.internalError(c);
      users.setPassword(user, body.newPassword as string);
      return kit.ok(c, true);
    },
  };
}
