import type { AbpClient } from '../abp/client.ts';
import { AbpError } from '../abp/errors.ts';
import { loginRefusalOf } from '../abp/loginRefusal.ts';
import { readServerError } from '../abp/serverError.ts';
import * as ENDPOINTS from '../endpoints/adminEndpoints.ts';
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

/**
 * Opens the built-in admin with the first of `codes` that does, tried in
 * that order and each once: the code that did and his token. Every refused
 * try counts against ABP's lockout, so a lockout or an environment switched
 * off ends the tries at once; none opening him is a `HandoverRefusal`
 * ('wrong-code').
 */
export async function openWithCodes(environment: EnvironmentClient, codes: readonly string[]): Promise<{ code: string; token: string }> {
  for (const code of distinctCodes(codes)) {
    try {
      return { code, token: await signInAsBuiltInAdmin(environment, code) };
    } catch (error) {
      if (!(error instanceof HandoverRefusal && error.reason === 'wrong-code')) throw error;
    }
  }
  throw new HandoverRefusal('wrong-code');
}

/** The codes as given, trimmed, the empty ones and the repeated ones left out: a code is never tried twice in one go. */
export function distinctCodes(codes: readonly string[]): string[] {
  return [...new Set(codes.map((code) => code.trim()).filter((code) => code !== ''))];
}

/**
 * Right after `Tenant/Create`: the built-in admin's default password
 * replaced by `next`, a handover code the page has shown and keeps
 * (`onSending` runs right before `ChangePassword` goes out with it: the page
 * keeps it then). When an earlier attempt's answer was lost, the codes that
 * may be his password already (`mayBeInForce`, the kept ones first) are
 * tried first, and the default password is replaced only if none opens him.
 * Answers the code in force now. A default password that no longer works
 * either is a `HandoverRefusal` ('wrong-code').
 */
export async function secureBuiltInAdmin(
  environment: EnvironmentClient,
  next: string,
  { mayBeInForce = [], onSending }: { mayBeInForce?: readonly string[]; onSending?: () => void } = {},
): Promise<string> {
  if (distinctCodes(mayBeInForce).length > 0) {
    try {
      return (await openWithCodes(environment, mayBeInForce)).code;
    } catch (error) {
      if (!(error instanceof HandoverRefusal && error.reason === 'wrong-code')) throw error;
    }
  }
  const token = await signInAsBuiltInAdmin(environment, TEMPLATE_ADMIN_PASSWORD);
  onSending?.();
  await changeOwnPassword(environment(token), TEMPLATE_ADMIN_PASSWORD, next);
  return next;
}

export type HandoverOutcome =
  /** She holds Admin now; the code no longer works. */
  | { kind: 'granted'; person: User }
  /** Nobody with her e-mail address has signed in to the environment yet; the code (`code`, the one that opened him) still opens it. */
  | { kind: 'not-signed-in'; code: string }
  /** The built-in admin had her e-mail address, which refused her every sign-in; he has another now, so she can sign in. The code still opens it. */
  | { kind: 'address-freed'; code: string };

const same = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase();

/** How many users one read of the filtered list asks for; more that match the address are read in further pages. */
const PAGE = 100;

/**
 * The users whose e-mail address is `address` (case aside), found with
 * ABP's `Keyword` filter (a `Contains` on user name, name and e-mail) rather
 * than by reading the whole environment. The recorded host compares case
 * as stored (SQLite): the address is asked as typed and, when that finds
 * nobody, once more in lower case, as providers hand addresses over.
 */
async function usersWithAddress(admin: AbpClient, address: string): Promise<User[]> {
  const asked = [...new Set([address.trim(), address.trim().toLowerCase()])];
  for (const keyword of asked) {
    const found: User[] = [];
    for (let skipCount = 0; ; skipCount += PAGE) {
      const { items, totalCount } = await getUsers(admin, { keyword, skipCount, maxResultCount: PAGE });
      found.push(...items);
      if (items.length < PAGE || found.length >= totalCount) break;
    }
    const matching = found.filter((user) => same(user.emailAddress, address));
    if (matching.length > 0) return matching;
  }
  return [];
}

/**
 * The first administrator (by the e-mail address she signs in with at the
 * provider) given the role Admin by the built-in admin, opened with the
 * first of `codes` that does (openWithCodes). Once she has it, the built-in
 * admin's password becomes one nobody knows.
 */
export async function handOver(
  environment: EnvironmentClient,
  { tenancyName, firstAdminEmail, codes }: { tenancyName: string; firstAdminEmail: string; codes: readonly string[] },
): Promise<HandoverOutcome> {
  const { code, token } = await openWithCodes(environment, codes);
  const admin = environment(token);
  const users = await usersWithAddress(admin, firstAdminEmail);
  const builtIn = users.find((user) => user.userName === BUILT_IN_ADMIN);
  if (builtIn) {
    await updateUser(admin, { ...builtIn, emailAddress: builtInAdminAddress(tenancyName) });
    return { kind: 'address-freed', code };
  }
  const person = users.find((user) => user.userName !== BUILT_IN_ADMIN);
  if (!person) return { kind: 'not-signed-in', code };
  const roleNames = person.roleNames.some((name) => same(name, ADMIN_ROLE)) ? person.roleNames : [...person.roleNames, ADMIN_ROLE];
  const granted = await updateUser(admin, { ...person, isActive: true, roleNames });
  await changeOwnPassword(admin, code, newHandoverCode());
  return { kind: 'granted', person: granted };
}
