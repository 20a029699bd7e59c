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

export function deleteUser(client: AbpClient, id: number): Promise<void> {
  return client.delete(query(ENDPOINTS.UserDelete.path, { Id: id }));
}

/** `User/Activate` and `User/DeActivate` need `Pages.Users.Activation` besides `Pages.Users`. */
export function setUserActive(client: AbpClient, id: number, active: boolean): Promise<void> {
  return client.post(active ? ENDPOINTS.UserActivate.path : ENDPOINTS.UserDeActivate.path, { id });
}
