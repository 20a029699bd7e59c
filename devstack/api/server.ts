import { Hono, type Context, type MiddlewareHandler } from 'hono';
import { getCookie } from 'hono/cookie';
import { endpointList, type AbpEndpoint, type EndpointName } from './endpoints.ts';
import { readDto, readInput, type Field, type StringField } from './input.ts';
import type { ApiKit, Handler } from './kit.ts';
import { readBearer, readRequestTenant, resolveCulture } from './request.ts';
import { createBehaviourSwitch, parseBehaviour, type ApiBehaviour, type BehaviourSwitch } from './behaviour.ts';
import { cors, faultSwitches, latency, type AbpRequest, type ApiEnv } from './middleware.ts';
import { createApiRoleDirectory } from './roles.ts';
import { roleService } from './role-service.ts';
import { createApiTenantDirectory } from './tenants.ts';
import { tenantService } from './tenant-service.ts';
import { userService } from './user-service.ts';
import { createApiUserDirectory, type ApiUser } from './users.ts';
import { AUTH_PROVIDER, CLIENT_ID } from '../appconfig.ts';
import { createBackendTokens } from './backend-token.ts';
import { dpopProofProblem } from './dpop-proof.ts';
import { failure, JSON_TYPE, success, validationFailure, type AbpValidationError } from './envelope.ts';
import { faultEndpointNamed, parseFault, type FaultRegistry } from '../faults/registry.ts';
import type { HoldPoints } from '../faults/holds.ts';
import { impersonationHandlers } from './impersonation.ts';
import { DEFAULT_LANGUAGE, localize, type LanguageName } from './localization.ts';
import { createProviderTokenVerifier, ProviderUnavailableError, type ProviderTokenCheck } from './provider-token.ts';
import { permissions } from '../seed.ts';
import { buildUserConfiguration, type ClockProvider } from './user-configuration.ts';

// The ABP backend as the app sees it: every endpoint of devstack/api/endpoints.ts,
// answered as ABP v10 with module-zero-core-template answers it (recorded in
// tests/contract/recorded/, compared by tests/contract/).

export interface ApiConfig {
  apiUrl: string;
  appOrigin: string;
  /** The issuer the app signs in at, whose access tokens ExternalAuthenticate takes. */
  issuer: string;
  /** `jwt` (default): a JWT for this API from a custom authorization server; `introspect`: an org server's opaque token, checked at its /introspect as the app's client. */
  providerTokens?: ProviderTokenCheck;
  latencyMs: number;
  backendTokenTtl: number;
  clockProvider: ClockProvider;
  /** More setting values GetAll sends. */
  settings?: Record<string, string>;
  /** GetAll with this many times today's texts and permissions. Default 1. */
  userConfigurationScale?: number;
  faults: FaultRegistry;
  /** Where requests wait while a test holds their endpoint (test mode). */
  holds?: HoldPoints;
  releaseDate: string;
  /** Deployment choices (see behaviour.ts); switchable at run time in test mode. */
  behaviour?: Partial<ApiBehaviour>;
  /** This many more staff in Default, for tests of search and paging (seed.ts `extraStaff`). Default 0. */
  extraUsers?: number;
  /** How long five wrong passwords lock a password sign-in (ABP's DefaultAccountLockoutSeconds). Default 300. */
  lockoutSeconds?: number;
  /** Seconds of clock skew allowed on the provider's access token (layout A). Default 120 (CLOCK_SKEW_S). */
  providerClockSkew?: number;
}

export interface ApiApp {
  app: Hono<ApiEnv>;
  behaviour: BehaviourSwitch;
  /** Empties ABP's role permission cache, as a restart of ABP does (test mode only; roles.ts). */
  clearRolePermissionCache(): void;
}

/** ASP.NET Zero's impersonation endpoints, which module-zero-core-template has not. */
const IMPERSONATION_ENDPOINTS: readonly EndpointName[] = ['BackToImpersonator', 'ImpersonatedAuthenticate'];

/** The application's version, as the template's Session answer names it. */
const APP_VERSION = '9.3.0';

export function createApiApp(config: ApiConfig): ApiApp {
  // ASP.NET matches routes without regard to case; so does this API.
  const app = new Hono<ApiEnv>({ getPath: (req) => new URL(req.url).pathname.toLowerCase() });
  const tokens = createBackendTokens(config.backendTokenTtl);
  const verifyProviderToken = createProviderTokenVerifier(
    { issuer: config.issuer, audience: config.apiUrl, clientId: CLIENT_ID, clockSkew: config.providerClockSkew },
    config.providerTokens,
  );
  const tenants = createApiTenantDirectory();
  const roles = createApiRoleDirectory();
  const users = createApiUserDirectory(roles, { extraUsers: config.extraUsers, lockoutSeconds: config.lockoutSeconds });
  const behaviour = createBehaviourSwitch(config.behaviour ?? {}, config.faults.enabled);
  /** jti of the DPoP proofs accepted so far: a proof counts once. */
  const seenProofs = new Map<string, number>();

  const json = (c: Context<ApiEnv>, body: unknown, status: 200 | 400 | 401 | 403 | 404 | 500 = 200) =>
    c.body(JSON.stringify(body), status, { 'Content-Type': JSON_TYPE });
  const languageOf = (c: Context<ApiEnv>): LanguageName => (c.get('abp') as AbpRequest | undefined)?.language ?? DEFAULT_LANGUAGE;
  const fail = (c: Context<ApiEnv>, status: 401 | 403 | 404 | 500, message: string, details: string | null = null) =>
    json(c, failure(status, message, details), status);
  const internalError = (c: Context<ApiEnv>) => fail(c, 500, localize(languageOf(c), 'AbpWeb', 'InternalServerError'));
  const notSignedIn = (c: Context<ApiEnv>) => fail(c, 401, localize(languageOf(c), 'Abp', 'CurrentUserDidNotLoginToTheApplication'));
  const invalid = (c: Context<ApiEnv>, errors: AbpValidationError[]) => json(c, validationFailure(languageOf(c), errors), 400);

  /** A [FromBody] input, or the answer ABP gives for a body it cannot bind. */
  const input = async (c: Context<ApiEnv>, fields: readonly StringField[]): Promise<Record<string, string> | Response> => {
    const read = readInput(c.req.header('Content-Type'), await c.req.text(), fields);
    if (read.kind === 'unsupported') return c.body(null, 415);
    if (read.kind === 'invalid') return invalid(c, read.errors);
    return read.body as Record<string, string>;
  };
  const kit: ApiKit = {
    users,
    roles,
    tenants,
    ok: (c, result) => json(c, success(result)),
    internalError,
    invalid,
    notFound: (c, entity, id) => fail(c, 404, localize(languageOf(c), 'AbpWeb', 'EntityNotFound', entity, String(id))),
    userFriendly: (c, source, key, args = [], details = null) => fail(c, 500, localize(languageOf(c), source, key, ...args), details),
    userFriendlyText: (c, message) => fail(c, 500, message),
    language: languageOf,
    tenantId: (c) => c.get('abp').tenant?.id ?? null,
    async body(c, fields: readonly Field[]) {
      const read = readDto(c.req.header('Content-Type'), await c.req.text(), fields);
      if (read.kind === 'unsupported') return c.body(null, 415);
      if (read.kind === 'invalid') return invalid(c, read.errors);
      return read.body;
    },
  };

  /**
   * Who calls, in which tenant and language. A bearer that is forged,
   * expired or garbled makes the request anonymous (no 401 here: only an
   * action that needs a user answers 401). The tenant comes from the
   * token's tenant claim when there is a user (none for a host user), else
   * from the request; the culture as `resolveCulture` says, saving a signed-in
   * user's first non-default culture as ABP's user culture provider does.
   */
  const identify: MiddlewareHandler<ApiEnv> = async (c, next) => {
    const bearer = readBearer((name) => c.req.header(name));
    const identity = bearer.kind === 'token' ? await tokens.verify(bearer.token) : undefined;
    const found = identity ? users.findById(identity.userId) : undefined;
    const user = found && found.tenantId === identity?.tenantId ? found : undefined;
    const tenant = user
      ? user.tenantId === null
        ? null
        : (tenants.findById(user.tenantId) ?? null)
      : readRequestTenant(
          (n) => c.req.header(n),
          (n) => getCookie(c, n),
          tenants.findById,
        );
    const culture = resolveCulture({
      query: (n) => c.req.query(n),
      header: (n) => c.req.header(n),
      cookie: (n) => getCookie(c, n),
      user: user && { saved: users.languageOf(user) },
    });
    if (user && culture.save) users.setLanguage(user, culture.save, DEFAULT_LANGUAGE);
    c.set('abp', { user, identity: user ? identity : undefined, tenant, language: culture.language });
    await next();
  };

  /** ABP's authorization filter: 401 without a user, 403 without a permission, the first one missing named by its display name. */
  const authorize =
    (endpoint: AbpEndpoint): MiddlewareHandler<ApiEnv> =>
    async (c, next) => {
      if (!endpoint.permission && !endpoint.signedIn) return next();
      const { user, language } = c.get('abp');
      if (!user) return notSignedIn(c);
      const missing = [endpoint.permission ?? []].flat().find((permission) => !users.isGranted(user, permission));
      if (missing) {
        const shown = permissions.find((p) => p.name === missing)?.displayName ?? missing;
        const message = localize(language, 'Abp', 'AtLeastOneOfThesePermissionsMustBeGranted', localize(language, 'AbpProjectName', shown));
        return fail(c, 403, message);
      }
      return next();
    };

  /** ABP's access token for a user, with the names of their roles. */
  const issueToken = (user: ApiUser) =>
    tokens.issue({
      userId: user.id,
      tenantId: user.tenantId,
      userName: user.userName,
      emailAddress: user.emailAddress,
      roleNames: users.roleNamesOf(user),
    });
  const signIn = async (user: ApiUser) => success({ ...(await issueToken(user)), waitingForActivation: false });
  const waitingForActivation = success({ accessToken: null, encryptedAccessToken: null, expireInSeconds: 0, waitingForActivation: true });

  const handlers: Partial<Record<EndpointName, Handler>> = {
    GetAll: (c) => {
      const { user, identity, tenant, language } = c.get('abp');
      return json(
        c,
        success(
          buildUserConfiguration({
            language,
            tenant,
            user: user ? { id: user.id, granted: users.grantedPermissions(user), language: users.languageOf(user) } : null,
            impersonator: identity,
            clockProvider: config.clockProvider,
            settings: config.settings,
            scale: config.userConfigurationScale,
          }),
        ),
      );
    },

    Session: (c) => {
      const { user, tenant } = c.get('abp');
      return json(
        c,
        success({
          application: { version: APP_VERSION, releaseDate: config.releaseDate, features: {} },
          user: user
            ? { name: user.name, surname: user.surname, userName: user.userName, emailAddress: user.emailAddress, id: user.id }
            : null,
          tenant: tenant ? { tenancyName: tenant.tenancyName, name: tenant.name, id: tenant.id } : null,
        }),
      );
    },

    GetExternalAuthenticationProviders: (c) => json(c, success([{ name: AUTH_PROVIDER, clientId: CLIENT_ID }])),

    // The template's TokenAuthController.ExternalAuthenticate as it was before its removal in 2023.
    ExternalAuthenticate: async (c) => {
      const body = await input(c, [
        { name: 'ProviderKey', maxLength: 256 },
        { name: 'AuthProvider', maxLength: 128 },
        { name: 'ProviderAccessCode' },
      ]);
      if (body instanceof Response) return body;
      const { authProvider, providerKey, providerAccessCode } = body as {
        authProvider: string;
        providerKey: string;
        providerAccessCode: string;
      };
      const language = languageOf(c);
      // An unknown provider throws in the external auth manager: an unhandled error.
      if (authProvider !== AUTH_PROVIDER) return internalError(c);
      let claims;
      try {
        claims = await verifyProviderToken(providerAccessCode);
      } catch (error) {
        if (error instanceof ProviderUnavailableError) return internalError(c);
        throw error;
      }
      // The provider API's own words, not localised.
      if (!claims) return fail(c, 500, 'Could not validate external user');
      // The person is Okta's user id (`uid`), which the app sends as providerKey; a custom server's `sub` is the login.
      if (claims.uid !== providerKey) return fail(c, 500, localize(language, 'AbpProjectName', 'CouldNotValidateExternalUser'));
      // A token bound to a key (DPoP, RFC 9449) counts only with a proof of that key: our deployment's check (docs/deploy.md).
      const jkt = (claims.cnf as { jkt?: unknown } | undefined)?.jkt;
      if (typeof jkt === 'string') {
        const url = new URL(c.req.url);
        const problem = await dpopProofProblem(
          { proof: c.req.header('DPoP'), accessToken: providerAccessCode, jkt, method: 'POST', url: `${config.apiUrl}${url.pathname}` },
          seenProofs,
        );
        if (problem) return fail(c, 401, localize(language, 'Abp', 'CurrentUserDidNotLoginToTheApplication'), `DPoP: ${problem}`);
      }

      const { tenant } = c.get('abp');
      const loginFailed = (reason: string) => fail(c, 500, localize(language, 'AbpProjectName', 'LoginFailed'), reason);
      if (tenant && !tenant.isActive) return loginFailed(localize(language, 'AbpProjectName', 'TenantIsNotActive', tenant.tenancyName));
      const known = users.findByLogin(tenant?.id ?? null, providerKey);
      if (known) {
        if (known.isActive) return json(c, await signIn(known));
        if (behaviour.current.inactiveUserSignIn === 'waitingForActivation') return json(c, waitingForActivation);
        return loginFailed(localize(language, 'AbpProjectName', 'UserIsNotActiveAndCanNotLogin', providerKey));
      }
      // "Can not register host users!": an InvalidOperationException, so the client sees a generic 500.
      if (!tenant) return internalError(c);
      const claim = (name: string) => (typeof claims[name] === 'string' ? (claims[name] as string) : '');
      const emailAddress = claim('email') || providerKey;
      // The user manager's check before it writes: the e-mail address is the new user name, and neither may be someone
      // else's in the tenant (onboarding.json vreemde-first-sign-in-west: West's built-in admin has her address).
      if (users.findByUserName(tenant.id, emailAddress))
        return kit.userFriendly(c, 'AbpZero', 'Identity.DuplicateUserName', [emailAddress]);
      if (users.findByEmail(tenant.id, emailAddress)) return kit.userFriendly(c, 'AbpZero', 'Identity.DuplicateEmail', [emailAddress]);
      const registered = users.registerExternal({
        tenantId: tenant.id,
        providerKey,
        name: claim('given_name') || claim('preferred_username') || providerKey,
        surname: claim('family_name') || claim('preferred_username') || providerKey,
        emailAddress,
        isActive: behaviour.current.externalUserRegistration === 'active',
      });
      return json(c, registered.isActive ? await signIn(registered) : waitingForActivation);
    },

    IsTenantAvailable: async (c) => {
      const body = await input(c, [{ name: 'TenancyName', maxLength: 64 }]);
      if (body instanceof Response) return body;
      const tenant = tenants.findByName(body.tenancyName!);
      if (!tenant) return json(c, success({ state: 3, tenantId: null }));
      return json(c, success(tenant.isActive ? { state: 1, tenantId: tenant.id } : { state: 2, tenantId: null }));
    },

    // Any language name is accepted and saved, as the template's UserAppService does.
    ChangeLanguage: async (c) => {
      const body = await input(c, [{ name: 'LanguageName' }]);
      if (body instanceof Response) return body;
      users.setLanguage(c.get('abp').user!, body.languageName!, DEFAULT_LANGUAGE);
      return json(c, success(null));
    },

    // The template's TokenAuthController.Authenticate: a user of the request's tenant (none: the host) by user name or
    // e-mail address and password, as ABP's login manager checks it: the lockout before the password, a wrong password
    // counted (the fifth locks a user with lockout enabled, handover.json west-admin-wrong-password-5), a right one
    // resets the count, and only then whether the user is active.
    Authenticate: async (c) => {
      const body = await kit.body(c, [
        { name: 'UserNameOrEmailAddress', kind: 'string', required: true, maxLength: 256 },
        { name: 'Password', kind: 'string', required: true, maxLength: 32 },
        { name: 'RememberClient', kind: 'boolean' },
      ]);
      if (body instanceof Response) return body;
      const login = body.userNameOrEmailAddress as string;
      const { tenant } = c.get('abp');
      const loginFailed = (key: string, arg: string) =>
        kit.userFriendly(c, 'AbpProjectName', 'LoginFailed', [], localize(languageOf(c), 'AbpProjectName', key, arg));
      if (tenant && !tenant.isActive) return loginFailed('TenantIsNotActive', tenant.tenancyName);
      const tenantId = tenant?.id ?? null;
      const user = users.findByUserName(tenantId, login) ?? users.findByEmail(tenantId, login);
      if (user && users.isLockedOut(user)) return loginFailed('UserLockedOutMessage', '');
      if (!users.checkPassword(user, body.password as string) || !user) {
        return loginFailed(user && users.accessFailed(user) ? 'UserLockedOutMessage' : 'InvalidUserNameOrPassword', '');
      }
      users.resetAccessFailed(user);
      if (!user.isActive) return loginFailed('UserIsNotActiveAndCanNotLogin', login);
      return kit.ok(c, { ...(await issueToken(user)), userId: user.id });
    },

    ...userService(kit),
    ...roleService(kit, () => behaviour.current),
    ...tenantService(kit),
    ...impersonationHandlers({
      tokens,
      users,
      tenants,
      json,
      fail,
      notSignedIn,
      testMode: config.faults.enabled,
      app,
      offered: () => behaviour.current.impersonation === 'on',
    }),
  };

  app.use('*', latency(config.latencyMs));
  app.use('*', cors(config.appOrigin));

  if (config.faults.enabled) {
    app.put('/__devstack/faults/:endpoint', async (c) => {
      const endpoint = faultEndpointNamed(c.req.param('endpoint'));
      if (!endpoint) return json(c, failure(404, `Unknown fault endpoint "${c.req.param('endpoint')}".`), 404);
      try {
        config.faults.set(endpoint, parseFault(await c.req.json()));
      } catch (error) {
        return json(c, failure(400, (error as Error).message), 400);
      }
      return c.body(null, 204);
    });
    app.delete('/__devstack/faults/:endpoint?', (c) => {
      const name = c.req.param('endpoint');
      const endpoint = name ? faultEndpointNamed(name) : undefined;
      if (name && !endpoint) return json(c, failure(404, `Unknown fault endpoint "${name}".`), 404);
      config.faults.clear(endpoint);
      return c.body(null, 204);
    });
    app.put('/__devstack/behaviour', async (c) => {
      try {
        behaviour.set(parseBehaviour(await c.req.json()));
      } catch (error) {
        return json(c, failure(400, (error as Error).message), 400);
      }
      return c.json(behaviour.current);
    });
    // A token signed with the API's own key for another time (`{ userId, issuedAt, expiresAt }`, seconds since the epoch): the expired bearer of the contract suite.
    app.post('/__devstack/backend-token', async (c) => {
      const body = (await c.req.json().catch(() => ({}))) as { userId?: unknown; issuedAt?: unknown; expiresAt?: unknown };
      const user = typeof body.userId === 'number' ? users.findById(body.userId) : undefined;
      if (!user || typeof body.issuedAt !== 'number' || typeof body.expiresAt !== 'number')
        return json(c, failure(400, 'Give userId, issuedAt and expiresAt.'), 400);
      const issued = await tokens.issue(
        {
          userId: user.id,
          tenantId: user.tenantId,
          userName: user.userName,
          emailAddress: user.emailAddress,
          roleNames: users.roleNamesOf(user),
        },
        { issuedAt: body.issuedAt, expiresAt: body.expiresAt },
      );
      return c.json({ accessToken: issued.accessToken });
    });
    app.delete('/__devstack/behaviour', (c) => {
      behaviour.reset();
      return c.json(behaviour.current);
    });
    // ABP's role permission cache emptied: the next Role/Update of each role answers every grant it had (role-service.ts).
    app.delete('/__devstack/role-permission-cache', (c) => {
      roles.clearPermissionCache();
      return c.body(null, 204);
    });
  }

  app.use('*', faultSwitches(config.faults, config.holds));
  app.use('*', identify);

  /** Impersonation's paths exist only where the deployment offers it (behaviour.ts); elsewhere ASP.NET Core's 404 without a body. */
  const whereImpersonationExists: MiddlewareHandler<ApiEnv> = async (c, next) =>
    behaviour.current.impersonation === 'on' ? next() : c.body(null, 404);

  // Every endpoint of the table at its path, by its method (an MVC action without a verb attribute: any).
  for (const endpoint of endpointList()) {
    const handler = handlers[endpoint.name];
    if (!handler) continue;
    const path = `/${endpoint.path.toLowerCase()}`;
    const methods = endpoint.anyMethod ? ['GET', 'POST', 'PUT', 'DELETE', 'PATCH', 'OPTIONS'] : [endpoint.method];
    if (IMPERSONATION_ENDPOINTS.includes(endpoint.name)) app.on(methods, path, whereImpersonationExists, authorize(endpoint), handler);
    else app.on(methods, path, authorize(endpoint), handler);
  }

  // ASP.NET Core's routing: a known path with another method is 405 with Allow, anything else 404; both without a body.
  app.notFound((c) => {
    const path = new URL(c.req.url).pathname.replace(/^\/+/, '').toLowerCase();
    const endpoint = endpointList().find((e) => e.path.toLowerCase() === path);
    return endpoint ? c.body(null, 405, { Allow: endpoint.method }) : c.body(null, 404);
  });
  // An unhandled exception: ABP's generic 500 with no details.
  app.onError((_error, c) => internalError(c));

  const clearRolePermissionCache = () => {
    if (!config.faults.enabled) throw new Error('The role permission cache can only be cleared when the stack runs with testMode: true.');
    roles.clearPermissionCache();
  };
  return { app, behaviour, clearRolePermissionCache };
}
