import type { AbpClient } from '../abp/client.ts';
import * as ENDPOINTS from '../endpoints/adminEndpoints.ts';
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

/**
 * `Role/Update`, answering the role as ABP holds it after the save: the
 * answer's name, display name and description, and the permissions sent.
 * The answer's own `grantedPermissions` are not the role's: the template
 * maps its role entity, whose permission collection holds the settings that
 * request loaded or touched. Once ABP's cache holds the role's permissions
 * (GetRoleForEdit, which every save reads first, puts them there) that is
 * only a permission just added, or one just removed; otherwise every one
 * the role had before (docs/abp.md, "What the app trusts"). ABP stores the
 * permissions sent that it knows, and a form sends only those ABP listed.
 */
export async function updateRole(client: AbpClient, role: RoleInput & { id: number }): Promise<Role> {
  const answer = await client.put<Role>(ENDPOINTS.RoleUpdate.path, role);
  return { ...answer, grantedPermissions: [...role.grantedPermissions] };
}

/** A role as its form edits it. */
export type RoleFields = { name: string; displayName: string; description: string; grantedPermissions: readonly string[] };

/** The fields a role form edits, of a role as `GetRoleForEdit` gives it. */
export function roleFields(edit: RoleForEdit): RoleFields {
  return {
    name: edit.role.name,
    displayName: edit.role.displayName,
    description: edit.role.description ?? '',
    grantedPermissions: edit.grantedPermissionNames,
  };
}

/** What `Role/Create` and `Role/Update` take, of a role form's fields. */
export function roleInput(fields: RoleFields): RoleInput {
  return {
    ...fields,
    description: fields.description || null,
    normalizedName: fields.name.toUpperCase(),
    grantedPermissions: [...fields.grantedPermissions],
  };
}

/**
 * A role form's save (`Role/Update`): answers the fields as ABP holds them
 * now, which the form shows and its next merge check stands on, never the
 * permissions `Role/Update` happened to list (updateRole).
 */
export async function saveRole(client: AbpClient, id: number, fields: RoleFields): Promise<RoleFields> {
  const held = await updateRole(client, { ...roleInput(fields), id });
  return {
    name: held.name,
    displayName: held.displayName,
    description: held.description ?? '',
    grantedPermissions: held.grantedPermissions,
  };
}

export function deleteRole(client: AbpClient, id: number): Promise<void> {
  return client.delete(query(ENDPOINTS.RoleDelete.path, { Id: id }));
}
