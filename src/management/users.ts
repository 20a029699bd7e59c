import type { AbpClient } from '../abp/client.ts';
import * as ENDPOINTS from '../abp/adminEndpoints.ts';
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
  return client.get(query(ENDPOINTS.UserGetAll.path, { Keyword: keyword, IsActive: isActive, SkipCount: skipCount, MaxResultCount: maxResultCount }));
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

function written<T>(sent: Promise<T>): Promise<T> {
  return sent.finally(() => {
    writes += 1;
  });
}

export function getUser(client: AbpClient, id: number): Promise<User> {
  return client.get(query(ENDPOINTS.UserGet.path, { Id: id }));
}

export function getAssignableRoles(client: AbpClient): Promise<ListResult<AssignableRole>> {
  return client.get(ENDPOINTS.UserGetRoles.path);
}

/** `User/Update` takes the whole `UserDto`; ABP keeps what it does not change (password, logins). */
export function updateUser(client: AbpClient, user: User): Promise<User> {
  return written(client.put(ENDPOINTS.UserUpdate.path, user));
}

/**
 * ABP's copy of a person's own name made equal to the one the app shows
 * (the provider's profile; docs/architecture.md, "The person's name"), when
 * the person asks for it in Gebruikers. ABP has no call for one's own name:
 * `User/Update` needs `Pages.Users`, so only whoever holds it can. The
 * record is read just before, so the update sends what ABP holds now with
 * the name changed; nothing is sent when the names already agree. Answers
 * whether ABP's copy changed.
 */
export async function copyOwnName(client: AbpClient, userId: number, person: { name: string; surname: string }): Promise<boolean> {
  const held = await getUser(client, userId);
  if (held.name === person.name && held.surname === person.surname) return false;
  await updateUser(client, { ...held, name: person.name, surname: person.surname });
  return true;
}

export function deleteUser(client: AbpClient, id: number): Promise<void> {
  return written(client.delete(query(ENDPOINTS.UserDelete.path, { Id: id })));
}

/** `User/Activate` and `User/DeActivate` need `Pages.Users.Activation` besides `Pages.Users`. */
export function setUserActive(client: AbpClient, id: number, active: boolean): Promise<void> {
  return written(client.post(active ? ENDPOINTS.UserActivate.path : ENDPOINTS.UserDeActivate.path, { id }));
}
