import type { AbpEndpoint } from './endpointTable.ts';

// The part of the endpoint table (see endpointTable.ts) that only screens
// loading later call: module-zero-core-template's UserAppService,
// RoleAppService and TenantAppService (Beheer), and the rest below.

export const UserGetAll = { method: 'GET', path: 'api/services/app/User/GetAll', permission: 'Pages.Users' } as const satisfies AbpEndpoint;
export const UserGet = { method: 'GET', path: 'api/services/app/User/Get', permission: 'Pages.Users' } as const satisfies AbpEndpoint;
export const UserGetRoles = {
  method: 'GET',
  path: 'api/services/app/User/GetRoles',
  permission: 'Pages.Users',
} as const satisfies AbpEndpoint;
export const UserCreate = {
  method: 'POST',
  path: 'api/services/app/User/Create',
  permission: 'Pages.Users',
} as const satisfies AbpEndpoint;
export const UserUpdate = { method: 'PUT', path: 'api/services/app/User/Update', permission: 'Pages.Users' } as const satisfies AbpEndpoint;
export const UserDelete = {
  method: 'DELETE',
  path: 'api/services/app/User/Delete',
  permission: 'Pages.Users',
} as const satisfies AbpEndpoint;
export const UserActivate = {
  method: 'POST',
  path: 'api/services/app/User/Activate',
  permission: ['Pages.Users.Activation', 'Pages.Users'],
} as const satisfies AbpEndpoint;
export const UserDeActivate = {
  method: 'POST',
  path: 'api/services/app/User/DeActivate',
  permission: ['Pages.Users.Activation', 'Pages.Users'],
} as const satisfies AbpEndpoint;
// The caller's own password (`{ currentPassword, newPassword }`), and another user's (`{ adminPassword, userId, newPassword }`):
// how a new environment's built-in admin stops having the template's default password (handover.json, docs/abp.md).
export const UserChangePassword = {
  method: 'POST',
  path: 'api/services/app/User/ChangePassword',
  permission: 'Pages.Users',
} as const satisfies AbpEndpoint;
export const UserResetPassword = {
  method: 'POST',
  path: 'api/services/app/User/ResetPassword',
  permission: 'Pages.Users',
} as const satisfies AbpEndpoint;
export const RoleGetAll = { method: 'GET', path: 'api/services/app/Role/GetAll', permission: 'Pages.Roles' } as const satisfies AbpEndpoint;
export const RoleGet = { method: 'GET', path: 'api/services/app/Role/Get', permission: 'Pages.Roles' } as const satisfies AbpEndpoint;
export const RoleGetRoles = {
  method: 'GET',
  path: 'api/services/app/Role/GetRoles',
  permission: 'Pages.Roles',
} as const satisfies AbpEndpoint;
export const RoleGetAllPermissions = {
  method: 'GET',
  path: 'api/services/app/Role/GetAllPermissions',
  permission: 'Pages.Roles',
} as const satisfies AbpEndpoint;
export const RoleGetRoleForEdit = {
  method: 'GET',
  path: 'api/services/app/Role/GetRoleForEdit',
  permission: 'Pages.Roles',
} as const satisfies AbpEndpoint;
export const RoleCreate = {
  method: 'POST',
  path: 'api/services/app/Role/Create',
  permission: 'Pages.Roles',
} as const satisfies AbpEndpoint;
export const RoleUpdate = { method: 'PUT', path: 'api/services/app/Role/Update', permission: 'Pages.Roles' } as const satisfies AbpEndpoint;
export const RoleDelete = {
  method: 'DELETE',
  path: 'api/services/app/Role/Delete',
  permission: 'Pages.Roles',
} as const satisfies AbpEndpoint;
export const TenantGetAll = {
  method: 'GET',
  path: 'api/services/app/Tenant/GetAll',
  permission: 'Pages.Tenants',
} as const satisfies AbpEndpoint;
export const TenantGet = { method: 'GET', path: 'api/services/app/Tenant/Get', permission: 'Pages.Tenants' } as const satisfies AbpEndpoint;
export const TenantCreate = {
  method: 'POST',
  path: 'api/services/app/Tenant/Create',
  permission: 'Pages.Tenants',
} as const satisfies AbpEndpoint;
export const TenantUpdate = {
  method: 'PUT',
  path: 'api/services/app/Tenant/Update',
  permission: 'Pages.Tenants',
} as const satisfies AbpEndpoint;
export const TenantDelete = {
  method: 'DELETE',
  path: 'api/services/app/Tenant/Delete',
  permission: 'Pages.Tenants',
} as const satisfies AbpEndpoint;

// The sign-in providers the backend offers (the contract, externalauthenticate.json).
export const GetExternalAuthenticationProviders = {
  method: 'GET',
  path: 'api/TokenAuth/GetExternalAuthenticationProviders',
} as const satisfies AbpEndpoint;

// The template's sign-in by user name (or e-mail address) and password. Staff sign in through the identity
// provider; this is how the host's administrator is signed in for the contract (tenant.json) and in tests.
export const Authenticate = { method: 'POST', path: 'api/TokenAuth/Authenticate' } as const satisfies AbpEndpoint;

// ASP.NET Zero's way back from impersonation; module-zero has neither (a 404 there).
export const BackToImpersonator = {
  method: 'POST',
  path: 'api/services/app/Account/BackToImpersonator',
  signedIn: true,
} as const satisfies AbpEndpoint;
export const ImpersonatedAuthenticate = { method: 'POST', path: 'api/TokenAuth/ImpersonatedAuthenticate' } as const satisfies AbpEndpoint;
