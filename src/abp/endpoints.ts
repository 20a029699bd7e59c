/**
 * One ABP endpoint the app calls. The app's calls, the local stand-in's
 * routes and fault switches, and the contract suite (tests/contract/) all
 * read this table, so a path is spelled once.
 */
export interface AbpEndpoint {
  /** The HTTP method ABP routes the action by (a GET on a POST action is a 405). */
  readonly method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  /** An MVC action without a verb attribute: ABP answers it for any method (the app still uses `method`). */
  readonly anyMethod?: boolean;
  /** Relative to `remoteServiceBaseUrl`, as ABP's routing names it (ASP.NET ignores its case). */
  readonly path: string;
  /**
   * The permission module-zero-core-template's application service demands;
   * without it ABP answers 403 (401 when nobody is signed in). A list when
   * the action demands its own besides its service's: every one is needed,
   * checked in this order (ABP checks the method's attribute before the
   * class's), and the 403 names the first one missing.
   */
  readonly permission?: string | readonly string[];
  /** The action needs a signed-in user, whatever the permission ([AbpAuthorize]). */
  readonly signedIn?: boolean;
  /** The recording of ABP's answers in ../shared/abp-recorded/, by file name without `.json`. */
  readonly recorded?: string;
}

/** Every ABP endpoint the app calls, by the name the fault switches and the logs use. */
export const ENDPOINTS = {
  GetAll: { method: 'GET', path: 'AbpUserConfiguration/GetAll', anyMethod: true, recorded: 'userconfiguration' },
  Session: { method: 'GET', path: 'api/services/app/Session/GetCurrentLoginInformations', recorded: 'session' },
  ExternalAuthenticate: { method: 'POST', path: 'api/TokenAuth/ExternalAuthenticate', recorded: 'externalauthenticate' },
  GetExternalAuthenticationProviders: { method: 'GET', path: 'api/TokenAuth/GetExternalAuthenticationProviders', recorded: 'externalauthenticate' },
  IsTenantAvailable: { method: 'POST', path: 'api/services/app/Account/IsTenantAvailable', recorded: 'account' },
  ChangeLanguage: { method: 'POST', path: 'api/services/app/User/ChangeLanguage', permission: 'Pages.Users', recorded: 'user' },
  // module-zero-core-template's administration (UserAppService, RoleAppService, TenantAppService).
  UserGetAll: { method: 'GET', path: 'api/services/app/User/GetAll', permission: 'Pages.Users', recorded: 'user' },
  UserGet: { method: 'GET', path: 'api/services/app/User/Get', permission: 'Pages.Users', recorded: 'user' },
  UserGetRoles: { method: 'GET', path: 'api/services/app/User/GetRoles', permission: 'Pages.Users', recorded: 'user' },
  UserCreate: { method: 'POST', path: 'api/services/app/User/Create', permission: 'Pages.Users', recorded: 'user' },
  UserUpdate: { method: 'PUT', path: 'api/services/app/User/Update', permission: 'Pages.Users', recorded: 'user' },
  UserDelete: { method: 'DELETE', path: 'api/services/app/User/Delete', permission: 'Pages.Users', recorded: 'user' },
  UserActivate: { method: 'POST', path: 'api/services/app/User/Activate', permission: ['Pages.Users.Activation', 'Pages.Users'], recorded: 'user' },
  UserDeActivate: { method: 'POST', path: 'api/services/app/User/DeActivate', permission: ['Pages.Users.Activation', 'Pages.Users'], recorded: 'user' },
  RoleGetAll: { method: 'GET', path: 'api/services/app/Role/GetAll', permission: 'Pages.Roles', recorded: 'role' },
  RoleGet: { method: 'GET', path: 'api/services/app/Role/Get', permission: 'Pages.Roles', recorded: 'role' },
  RoleGetRoles: { method: 'GET', path: 'api/services/app/Role/GetRoles', permission: 'Pages.Roles', recorded: 'role' },
  RoleGetAllPermissions: { method: 'GET', path: 'api/services/app/Role/GetAllPermissions', permission: 'Pages.Roles', recorded: 'role' },
  RoleGetRoleForEdit: { method: 'GET', path: 'api/services/app/Role/GetRoleForEdit', permission: 'Pages.Roles', recorded: 'role' },
  RoleCreate: { method: 'POST', path: 'api/services/app/Role/Create', permission: 'Pages.Roles', recorded: 'role' },
  RoleUpdate: { method: 'PUT', path: 'api/services/app/Role/Update', permission: 'Pages.Roles', recorded: 'role' },
  RoleDelete: { method: 'DELETE', path: 'api/services/app/Role/Delete', permission: 'Pages.Roles', recorded: 'role' },
  TenantGetAll: { method: 'GET', path: 'api/services/app/Tenant/GetAll', permission: 'Pages.Tenants', recorded: 'tenant' },
  TenantGet: { method: 'GET', path: 'api/services/app/Tenant/Get', permission: 'Pages.Tenants', recorded: 'tenant' },
  TenantCreate: { method: 'POST', path: 'api/services/app/Tenant/Create', permission: 'Pages.Tenants', recorded: 'tenant' },
  TenantUpdate: { method: 'PUT', path: 'api/services/app/Tenant/Update', permission: 'Pages.Tenants', recorded: 'tenant' },
  TenantDelete: { method: 'DELETE', path: 'api/services/app/Tenant/Delete', permission: 'Pages.Tenants', recorded: 'tenant' },
  // The template's sign-in by user name (or e-mail address) and password. Staff sign in through the identity
  // provider; this is how the host's administrator is signed in for the contract (tenant.json) and in tests.
  Authenticate: { method: 'POST', path: 'api/TokenAuth/Authenticate', recorded: 'tenant' },
  // ASP.NET Zero's way back from impersonation; module-zero has neither (a 404 there).
  BackToImpersonator: { method: 'POST', path: 'api/services/app/Account/BackToImpersonator', signedIn: true },
  ImpersonatedAuthenticate: { method: 'POST', path: 'api/TokenAuth/ImpersonatedAuthenticate' },
} as const satisfies Record<string, AbpEndpoint>;

export type EndpointName = keyof typeof ENDPOINTS;

/** Every entry of the table with its name. */
export function endpointList(): Array<AbpEndpoint & { name: EndpointName }> {
  return Object.keys(ENDPOINTS).filter(isEndpointName).map((name) => ({ name, ...ENDPOINTS[name] }));
}

export function isEndpointName(name: string): name is EndpointName {
  return Object.hasOwn(ENDPOINTS, name);
}

/** The endpoint a request is for: the method and the path (query left off, case ignored as ASP.NET does). */
export function findEndpoint(method: string, path: string): (AbpEndpoint & { name: EndpointName }) | undefined {
  const wanted = path.split('?')[0]!.replace(/^\/+/, '').toLowerCase();
  return endpointList().find((e) => (e.anyMethod || e.method === method.toUpperCase()) && e.path.toLowerCase() === wanted);
}
