import type { AbpClient } from '../abp/client.ts';
import { AbpError } from '../abp/errors.ts';
import { loginRefusalOf } from '../abp/loginRefusal.ts';
import { readServerError } from '../abp/serverError.ts';
import * as ENDPOINTS from '../abp/adminEndpoints.ts';
import { getUsers, updateUser, type User } from './users.ts';

// Handing a new environment to its first administrator, with nothing but
// module-zero-core-template's own services (docs/abp.md, "Handing over an
// environment"). `Tenant/Create` gives the environment a built-in `admin`
// with the template's default password and no provider login; only he can
// give anyone a role there. So the app signs in as him (TokenAuth/Authenticate
// with the environment's header), replaces that password at once by a
// random handover code, and later, once the first administrator has signed in
// through the provider (ABP registers her without a role), gives her the role
// Admin as him and replaces the code by a password nobody knows.

/** ABP's `AbpUserBase.AdminUserName`: the environment's built-in administrator. */
export const BUILT_IN_ADMIN = 'admin';
/** ABP's `User.DefaultPassword`, which `Tenant/Create` gives the built-in admin. The app uses it once, itself, and replaces it. */
export const TEMPLATE_ADMIN_PASSWORD = '123qwe';
/** The template's static role with every permission of an environment. */
const ADMIN_ROLE = 'Admin';

/** A client of one environment; with a token, signed in as whom it names. */
export type EnvironmentClient = (token?: string) => AbpClient;

/**
 * The built-in admin's e-mail address: one nobody can have at the identity
 * provider (`.invalid`, RFC 2606), so it never blocks a provider sign-in
 * ("E-mail '…' is al in gebruik.", onboarding.json).
 */
export function builtInAdminAddress(tenancyName: string): string {
  return `admin@${tenancyName.trim().toLowerCase()}.invalid`;
}

const CODE_LETTERS = 'ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnpqrstuvwxyz23456789';

/** A random handover code (`Xk7m-…`, four groups of four): upper and lower case, a digit and a dash, for any password rule ABP may be set to. */
export function newHandoverCode(): string {
  let code: string;
  do {
    const bytes = crypto.getRandomValues(new Uint8Array(16));
    const letters = Array.from(bytes, (byte) => CODE_LETTERS[byte % CODE_LETTERS.length]!).join('');
    code = letters.match(/.{4}/g)!.join('-');
  } while (!(/[A-Z]/.test(code) && /[a-z]/.test(code) && /\d/.test(code)));
  return code;
}

/** Why the built-in admin's sign-in was refused: the code is not (or no longer) his password, five wrong ones locked him out for a while, or the environment is switched off. */
export class HandoverRefusal extends Error {
  constructor(readonly reason: 'wrong-code' | 'locked' | 'environment-inactive') {
    super(`handover: the built-in admin's sign-in was refused (${reason})`);
    this.name = 'HandoverRefusal';
  }
}

/** ABP's `UserLockedOutMessage` in the languages the app speaks (handover.json west-admin-right-password-while-locked, -en). */
const LOCKED_OUT = [/geblokkeerd/i, /locked out/i];

async function signInAsBuiltInAdmin(environment: EnvironmentClient, password: string): Promise<string> {
  try {
    const { accessToken } = await environment().post<{ accessToken: string }>(
      ENDPOINTS.Authenticate.path,
      { userNameOrEmailAddress: BUILT_IN_ADMIN, password, rememberClient: false },
      { anonymous: true },
    );
    return accessToken;
  } catch (error) {
    if (!(error instanceof AbpError) || error.status !== 500) throw error;
    if (loginRefusalOf(error) === 'tenant-inactive') throw new HandoverRefusal('environment-inactive');
    const { details } = readServerError(error.serverError);
    const locked = details !== undefined && LOCKED_OUT.some((pattern) => pattern.test(details));
    // Any other refused sign-in (wrong password, no such user): the code does not open the built-in admin.
    throw new HandoverRefusal(locked ? 'locked' : 'wrong-code');
  }
}

/** `User/ChangePassword`: the caller's own password (the template puts it behind `Pages.Users`, which the built-in admin has). */
function changeOwnPassword(client: AbpClient, currentPassword: string, newPassword: string): Promise<boolean> {
  return client.post(ENDPOINTS.UserChangePassword.path, { currentPassword, newPassword });
}

/** Whether the code opens the environment's built-in admin now (a sign-in as him, which ABP counts against his lockout when it fails). */
export async function codeOpens(environment: EnvironmentClient, code: string): Promise<boolean> {
  try {
    await signInAsBuiltInAdmin(environment, code);
    return true;
  } catch (error) {
    if (error instanceof HandoverRefusal && error.reason === 'wrong-code') return false;
    throw error;
  }
}

/**
 * Right after `Tenant/Create`: the built-in admin's default password
 * replaced by `code`, a handover code the page has already shown and kept
 * (it opens the environment until the handover is done). When an earlier
 * attempt's answer was lost (`mayBeInForce`), the code may be his password
 * already: it is tried first, and the default password is replaced only if
 * the code does not open him. A default password that no longer works
 * either is a `HandoverRefusal` ('wrong-code').
 */
export async function secureBuiltInAdmin(environment: EnvironmentClient, code: string, { mayBeInForce = false }: { mayBeInForce?: boolean } = {}): Promise<void> {
  if (mayBeInForce && (await codeOpens(environment, code))) return;
  const token = await signInAsBuiltInAdmin(environment, TEMPLATE_ADMIN_PASSWORD);
  await changeOwnPassword(environment(token), TEMPLATE_ADMIN_PASSWORD, code);
}

export type HandoverOutcome =
  /** She holds Admin now; the code no longer works. */
  | { kind: 'granted'; person: User }
  /** Nobody with her e-mail address has signed in to the environment yet; the code still opens it. */
  | { kind: 'not-signed-in' }
  /** The built-in admin had her e-mail address, which refused her every sign-in; he has another now, so she can sign in. */
  | { kind: 'address-freed' };

const same = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase();

/**
 * The first administrator (by the e-mail address she signs in with at the
 * provider) given the role Admin by the built-in admin, opened with `code`
 * (an environment made before the handover existed, whose admin still has
 * the default password, is secured first: secureBuiltInAdmin). Once she has
 * it, the built-in admin's password becomes one nobody knows.
 */
export async function handOver(environment: EnvironmentClient, { tenancyName, firstAdminEmail, code }: { tenancyName: string; firstAdminEmail: string; code: string }): Promise<HandoverOutcome> {
  const current = code.trim();
  const admin = environment(await signInAsBuiltInAdmin(environment, current));
  const { items } = await getUsers(admin, { skipCount: 0, maxResultCount: 1000 });
  const builtIn = items.find((user) => user.userName === BUILT_IN_ADMIN);
  if (builtIn && same(builtIn.emailAddress, firstAdminEmail)) {
    await updateUser(admin, { ...builtIn, emailAddress: builtInAdminAddress(tenancyName) });
    return { kind: 'address-freed' };
  }
  const person = items.find((user) => user.userName !== BUILT_IN_ADMIN && same(user.emailAddress, firstAdminEmail));
  if (!person) return { kind: 'not-signed-in' };
  const roleNames = person.roleNames.some((name) => same(name, ADMIN_ROLE)) ? person.roleNames : [...person.roleNames, ADMIN_ROLE];
  const granted = await updateUser(admin, { ...person, isActive: true, roleNames });
  await changeOwnPassword(admin, current, newHandoverCode());
  return { kind: 'granted', person: granted };
}
