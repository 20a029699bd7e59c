// The table of the ABP endpoints the app calls, in two parts: what start-up
// and sign-in call here, what only screens that load later call (Beheer's
// administration, impersonation's way back) in adminEndpoints.ts, so the
// start carries no path it does not use. One named export each; code reads
// them as `import * as ENDPOINTS from './endpointTable.ts'`. The local
// stand-in's routes and fault switches and the contract suite read both
// parts as one table through `endpoints.ts`, so a path is spelled once.

/** One ABP endpoint the app calls. */
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
}

export const GetAll = { method: 'GET', path: 'AbpUserConfiguration/GetAll', anyMethod: true } as const satisfies AbpEndpoint;
export const Session = { method: 'GET', path: 'api/services/app/Session/GetCurrentLoginInformations' } as const satisfies AbpEndpoint;
export const ExternalAuthenticate = { method: 'POST', path: 'api/TokenAuth/ExternalAuthenticate' } as const satisfies AbpEndpoint;
export const IsTenantAvailable = { method: 'POST', path: 'api/services/app/Account/IsTenantAvailable' } as const satisfies AbpEndpoint;
export const ChangeLanguage = {
  method: 'POST',
  path: 'api/services/app/User/ChangeLanguage',
  permission: 'Pages.Users',
} as const satisfies AbpEndpoint;
