import type { AbpClient } from '../abp/client.ts';
import * as ENDPOINTS from '../abp/adminEndpoints.ts';
import { query, type ListResult, type PagedResult } from './paging.ts';

/** module-zero's `RoleDto`. */
export interface Role {
  id: number;
  name: string;
  displayName: string;
  normalizedName: string;
  description: string | null;
  grantedPermissions: string[];
}

/** A permission as ABP lists it: a flat list; parents and children are known by their dotted names (or `parentName`, where a backend sends it). */
export interface Permission {
  name: string;
  displayName: string;
  description: string | null;
  /** The parent's name: ABP's `FlatPermissionDto` has it, module-zero-core-template's `PermissionDto` does not. */
  parentName?: string | null;
}

/** `Role/GetRoleForEdit`: the role, every permission, and those it has. Static roles cannot be renamed or deleted. */
export interface RoleForEdit {
  role: { id: number; name: string; displayName: string; description: string | null; isStatic: boolean };
  permissions: Permission[];
  grantedPermissionNames: string[];
}

/** What `Role/Create` and `Role/Update` take. */
export interface RoleInput {
  id?: number;
  name: string;
  displayName: string;
  normalizedName: string;
  description: string | null;
  grantedPermissions: string[];
}

export function getRoles(client: AbpClient, keyword?: string): Promise<PagedResult<Role>> {
  // ABP's default page is 10 roles; a company has a handful, so ask for all of them.
  return client.get(query(ENDPOINTS.RoleGetAll.path, { Keyword: keyword, MaxResultCount: 1000 }));
}

export function getRoleForEdit(client: AbpClient, id: number): Promise<RoleForEdit> {
  return client.get(query(ENDPOINTS.RoleGetRoleForEdit.path, { Id: id }));
}

export function getAllPermissions(client: AbpClient): Promise<ListResult<Permission>> {
  return client.get(ENDPOINTS.RoleGetAllPermissions.path);
}

export function createRole(client: AbpClient, role: RoleInput): Promise<Role> {
  return client.post(ENDPOINTS.RoleCreate.path, role);
}

export function updateRole(client: AbpClient, role: RoleInput & { id: number }): Promise<Role> {
  return client.put(ENDPOINTS.RoleUpdate.path, role);
}

export function deleteRole(client: AbpClient, id: number): Promise<void> {
  return client.delete(query(ENDPOINTS.RoleDelete.path, { Id: id }));
}
