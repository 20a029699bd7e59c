import type { AbpClient } from '../abp/client.ts';
import * as ENDPOINTS from '../endpoints/adminEndpoints.ts';
import { query, type ListResult, type PagedResult } from './paging.ts';

/** module-zero's `UserDto`. `roleNames` come back as ABP's normalised names (`MONTEUR`). */
export interface User {
  id: number;
  userName: string;
  name: string;
  surname: string;
  emailAddress: string;
  isActive: boolean;
  fullName: string;
  lastLoginTime: string | null;
  creationTime: string;
  roleNames: string[];
}

/** A role as `User/GetRoles` offers it to a person's form. */
export interface AssignableRole {
  id: number;
  name: string;
  displayName: string;
  normalizedName: string;
}

/** Role names as people read them: ABP answers with normalised names (`MONTEUR`). */
export function roleLabels(names: readonly string[], roles: readonly AssignableRole[] | undefined): string {
  return names.map((name) => roles?.find((role) => role.normalizedName === name || role.name === name)?.displayName ?? name).join(', ');
}

export interface UserFilter {
  keyword?: string;
  /** `false`: only the people waiting for activation (or switched off). */
  isActive?: boolean;
  skipCount: number;
  maxResultCount: number;
}

export function getUsers(client: AbpClient, filter: UserFilter): Promise<PagedResult<User>> {
  const { keyword, isActive, skipCount, maxResultCount } = filter;
  return client.get(
    query(ENDPOINTS.UserGetAll.path, { Keyword: keyword, IsActive: isActive, SkipCount: skipCount, MaxResultCount: maxResultCount }),
  );
}

/**
 * How many writes of ABP's users this tab has sent (answered or not: a lost
 * answer may still have been written). A list read before the last one is
 * stale (userDirectory.ts).
 */
export function usersWritten(): number {
  return writes;
}

let writes = 0;

/** A write of this tab that ABP answered, as it changes a list of people. */
export type UserWrite =
  { kind: 'updated'; user: User } | { kind: 'active'; id: number; isActive: boolean } | { kind: 'deleted'; id: number };

const writeListeners = new Set<(write: UserWrite) => void>();

/** Tells `listener` of each answered write of this tab, so a list shows it at once (before it is read again). */
export function onUserWritten(listener: (write: UserWrite) => void): () => void {
  writeListeners.add(listener);
  return () => writeListeners.delete(listener);
}

function written<T>(sent: Promise<T>, answered?: (answer: T) => UserWrite): Promise<T> {
  return sent
    .then((answer) => {
      if (answered) for (const listener of writeListeners) listener(answered(answer));
      return answer;
    })
    .finally(() => {
      writes += 1;
    });
}

export function getUser(client: AbpClient, id: number): Promise<User> {
  return client.get(query(ENDPOINTS.UserGet.path, { Id: id }));
}

export function getAssignableRoles(client: AbpClient): Promise<ListResult<AssignableRole>> {
  return client.get(ENDPOINTS.UserGetRoles.path);
}

/**
 * What `User/Update` takes: the whole `UserDto`, with `roleNames: null` to
 * leave the roles as ABP holds them (the template sets them only when the
 * list is sent). ABP keeps what it does not change (password, logins).
 */
export type UserUpdate = Omit<User, 'roleNames'> & { roleNames: string[] | null };

/**
 * `User/Update`. It has no concurrency stamp: it writes every field of the
 * DTO, `isActive` too, whatever happened since the caller read them, and
 * replaces all roles when `roleNames` is sent (docs/abp.md, "What Beheer
 * guards"). So a caller sends the roles only when the person changed them.
 */
export function updateUser(client: AbpClient, user: UserUpdate): Promise<User> {
  return written(client.put<User>(ENDPOINTS.UserUpdate.path, user), (answer) => ({ kind: 'updated', user: answer }));
}

/** What another administrator changed in a person, seen when the record was read back after a write of this tab. */
export interface ChangedSince {
  field: 'name' | 'surname' | 'userName' | 'emailAddress' | 'isActive' | 'roleNames';
  /** As this tab's write left it. */
  written: string | boolean | readonly string[];
  /** As ABP holds it now. */
  now: string | boolean | readonly string[];
}

/** Every field of a person a write sets and a read-back compares. */
export const PERSON_FIELDS = ['name', 'surname', 'userName', 'emailAddress', 'isActive', 'roleNames'] as const;

const same = (a: string | boolean | readonly string[], b: string | boolean | readonly string[]) =>
  Array.isArray(a) && Array.isArray(b)
    ? a.length === b.length && a.every((item) => b.some((other) => other.toUpperCase() === item.toUpperCase()))
    : a === b;

/**
 * The fields of `written` (a record as this tab's write left it) that ABP now
 * holds otherwise: someone else wrote in between. `fields` limits the look to
 * those this tab wrote (an activation writes only `isActive`).
 */
export function changedSince(written: User, now: User, fields: readonly ChangedSince['field'][] = PERSON_FIELDS): ChangedSince[] {
  return fields.filter((field) => !same(written[field], now[field])).map((field) => ({ field, written: written[field], now: now[field] }));
}

/**
 * ABP's copy of a person's own name made equal to the one the app shows
 * (the provider's profile; docs/architecture.md, "The person's name"), when
 * the person asks for it in Gebruikers. ABP has no call for one's own name:
 * `User/Update` needs `Pages.Users`, so only whoever holds it can. The
 * record is read just before, so the update sends what ABP holds now with
 * the name changed (and the roles left alone); nothing is sent when the
 * names already agree. Read back after the write: a change of the account's
 * status or roles in between is answered, to be shown.
 */
export async function copyOwnName(client: AbpClient, userId: number, person: { name: string; surname: string }): Promise<OwnNameCopy> {
  const held = await getUser(client, userId);
  if (held.name === person.name && held.surname === person.surname) return { copied: false, changedSince: [] };
  // The roles are not sent: ABP leaves them as they are, whatever someone changed since the read.
  await updateUser(client, { ...held, name: person.name, surname: person.surname, roleNames: null });
  // User/Update writes `isActive` as it was read: read back what this write did not mean to change.
  const now = await getUser(client, userId);
  // Against the read: the roles were not written, so any change of them since counts; `isActive` was written as read.
  return { copied: true, changedSince: changedSince(held, now, ['isActive', 'roleNames']) };
}

/** What the copy of one's own name did: whether ABP's copy changed, and what someone else changed around it (read back after the write). */
export interface OwnNameCopy {
  copied: boolean;
  changedSince: ChangedSince[];
}

export function deleteUser(client: AbpClient, id: number): Promise<void> {
  return written(client.delete(query(ENDPOINTS.UserDelete.path, { Id: id })), () => ({ kind: 'deleted', id }));
}

/** `User/Activate` and `User/DeActivate` need `Pages.Users.Activation` besides `Pages.Users`. */
export function setUserActive(client: AbpClient, id: number, active: boolean): Promise<void> {
  return written(client.post(active ? ENDPOINTS.UserActivate.path : ENDPOINTS.UserDeActivate.path, { id }), () => ({
    kind: 'active',
    id,
    isActive: active,
  }));
}
