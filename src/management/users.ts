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

/** People per request when the whole list is read: ABP sets no upper limit (abp-recorded `user` `getall-maxresult-too-big`), the app keeps each answer modest. */
const WHOLE_LIST_PAGE = 500;

/**
 * The list as staff search it: by first name, surname, user name or e-mail
 * address, any part of them, ignoring case and accents, every word of the
 * search somewhere in them ("jansen", "Bram Jansen", "bram.j"). ABP's
 * `Keyword` cannot: it searches user name, first name and e-mail address
 * only, and case-sensitively on some databases (abp-recorded `onboarding`
 * `user-getall-keyword-surname-Medewerker`; docs/abp.md 10a). So with a
 * search the app reads the whole list (with the status filter, in pages of
 * 500) and picks and pages it here; without one ABP pages as usual.
 */
export async function findUsers(client: AbpClient, filter: UserFilter): Promise<PagedResult<User>> {
  const words = fold(filter.keyword ?? '').split(/\s+/).filter(Boolean);
  if (words.length === 0) return getUsers(client, { ...filter, keyword: undefined });
  const everyone = await wholeList(client, filter.isActive);
  const found = everyone.filter((user) => {
    const text = fold([user.name, user.surname, user.userName, user.emailAddress].join(' '));
    return words.every((word) => text.includes(word));
  });
  return { totalCount: found.length, items: found.slice(filter.skipCount, filter.skipCount + filter.maxResultCount) };
}

async function wholeList(client: AbpClient, isActive: boolean | undefined): Promise<User[]> {
  const everyone: User[] = [];
  for (;;) {
    const page = await getUsers(client, { isActive, skipCount: everyone.length, maxResultCount: WHOLE_LIST_PAGE });
    everyone.push(...page.items);
    if (page.items.length === 0 || everyone.length >= page.totalCount) return everyone;
  }
}

/** Lower case without accents: "Çelik" and "celik" are one search. */
function fold(text: string): string {
  return text.normalize('NFD').replace(/\p{M}/gu, '').toLocaleLowerCase('nl');
}

export function getUser(client: AbpClient, id: number): Promise<User> {
  return client.get(query(ENDPOINTS.UserGet.path, { Id: id }));
}

export function getAssignableRoles(client: AbpClient): Promise<ListResult<AssignableRole>> {
  return client.get(ENDPOINTS.UserGetRoles.path);
}

/** `User/Update` takes the whole `UserDto`; ABP keeps what it does not change (password, logins). */
export function updateUser(client: AbpClient, user: User): Promise<User> {
  return client.put(ENDPOINTS.UserUpdate.path, user);
}

/**
 * ABP's copy of a person's own name made equal to the one the app shows
 * (the provider's profile; docs/architecture.md, "The person's name"). ABP
 * has no call for one's own name: `User/Update` needs `Pages.Users`, so
 * only whoever holds it can. Nothing is sent when the names already agree.
 * Answers whether ABP's copy changed.
 */
export async function copyOwnName(client: AbpClient, userId: number, person: { name: string; surname: string }): Promise<boolean> {
  const held = await getUser(client, userId);
  if (held.name === person.name && held.surname === person.surname) return false;
  await updateUser(client, { ...held, name: person.name, surname: person.surname });
  return true;
}

export function deleteUser(client: AbpClient, id: number): Promise<void> {
  return client.delete(query(ENDPOINTS.UserDelete.path, { Id: id }));
}

/** `User/Activate` and `User/DeActivate` need `Pages.Users.Activation` besides `Pages.Users`. */
export function setUserActive(client: AbpClient, id: number, active: boolean): Promise<void> {
  return client.post(active ? ENDPOINTS.UserActivate.path : ENDPOINTS.UserDeActivate.path, { id });
}
