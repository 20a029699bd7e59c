import { AUTH_PROVIDER } from './appconfig.ts';
import { apiUsers, identityUsers, type ApiUser } from './seed.ts';

// The backend's users and their external logins (ABP's AbpUsers and
// AbpUserLogins), one copy per stack so a registration in one test stack
// never shows in another. Seeded users are linked to their provider
// account by e-mail address; an unknown provider user is registered the
// way RegisterExternalUserAsync does it, here inactive until activated.

export interface ExternalLogin {
  tenantId: number;
  loginProvider: string;
  providerKey: string;
  userId: number;
}

export interface NewExternalUser {
  tenantId: number;
  providerKey: string;
  userName: string;
  name: string;
  surname: string;
  emailAddress: string;
}

export interface ApiUserDirectory {
  findById(id: number): ApiUser | undefined;
  findByLogin(tenantId: number, providerKey: string): ApiUser | undefined;
  findByEmail(tenantId: number, email: string): ApiUser | undefined;
  findByUserName(tenantId: number, userName: string): ApiUser | undefined;
  isUserNameTaken(tenantId: number, userName: string): boolean;
  /** Adds an inactive user with no permissions and its external login. */
  registerExternal(input: NewExternalUser): ApiUser;
}

export function createApiUserDirectory(): ApiUserDirectory {
  const users: ApiUser[] = [...apiUsers];
  const logins: ExternalLogin[] = [];
  for (const user of apiUsers) {
    const identity = identityUsers.find((i) => i.email.toLowerCase() === user.emailAddress.toLowerCase());
    if (identity) logins.push({ tenantId: user.tenantId, loginProvider: AUTH_PROVIDER, providerKey: identity.sub, userId: user.id });
  }
  const same = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase();
  const findById = (id: number) => users.find((u) => u.id === id);

  return {
    findById,
    findByLogin(tenantId, providerKey) {
      const login = logins.find((l) => l.tenantId === tenantId && l.loginProvider === AUTH_PROVIDER && l.providerKey === providerKey);
      return login ? findById(login.userId) : undefined;
    },
    findByEmail: (tenantId, email) => users.find((u) => u.tenantId === tenantId && same(u.emailAddress, email)),
    findByUserName: (tenantId, userName) => users.find((u) => u.tenantId === tenantId && same(u.userName, userName)),
    isUserNameTaken: (tenantId, userName) => users.some((u) => u.tenantId === tenantId && same(u.userName, userName)),
    registerExternal(input) {
      const user: ApiUser = {
        id: Math.max(...users.map((u) => u.id)) + 1,
        tenantId: input.tenantId,
        userName: input.userName,
        name: input.name,
        surname: input.surname,
        emailAddress: input.emailAddress,
        isActive: false,
        permissions: [],
      };
      users.push(user);
      logins.push({ tenantId: input.tenantId, loginProvider: AUTH_PROVIDER, providerKey: input.providerKey, userId: user.id });
      return user;
    },
  };
}
