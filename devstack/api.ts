import { Hono, type Context } from 'hono';
import { readBearer, readCultureHeader, readTenantHeader, toLanguage, type LanguageName } from './api-request.ts';
import { cors, faultSwitches, latency, type ApiEnv } from './api-middleware.ts';
import { createApiUserDirectory } from './api-users.ts';
import { AUTH_PROVIDER } from './appconfig.ts';
import { createBackendTokens, type BackendIdentity } from './backend-token.ts';
import { registerImpersonation } from './impersonation.ts';
import { defaultMessage, failure, success, validationFailure } from './envelope.ts';
import { FAULT_ENDPOINTS, parseFault, type FaultEndpoint, type FaultRegistry } from './faults.ts';
import { DEFAULT_LANGUAGE } from './localization.ts';
import { createProviderTokenVerifier, ProviderUnavailableError } from './provider-token.ts';
import { dpopProofProblem } from './dpop-proof.ts';
import { DEFAULT_TENANT_ID, findTenantByName, type ApiUser } from './seed.ts';
import { buildUserConfiguration, type ClockProvider } from './user-configuration.ts';

// The ABP backend as the app sees it: the start-up calls, the external
// sign-in exchange, the tenant check and the language switch.

export interface ApiConfig {
  apiUrl: string;
  appOrigin: string;
  issuer: string;
  latencyMs: number;
  backendTokenTtl: number;
  clockProvider: ClockProvider;
  /** More setting values GetAll sends. */
  settings?: Record<string, string>;
  /** GetAll with this many times today's texts and permissions. Default 1. */
  userConfigurationScale?: number;
  faults: FaultRegistry;
  releaseDate: string;
}

type Caller = { kind: 'anonymous' } | { kind: 'user'; user: ApiUser; identity: BackendIdentity } | { kind: 'invalid' };

const fail = (c: Context<ApiEnv>, status: 400 | 401 | 403 | 404 | 500, message = defaultMessage(status), details: string | null = null) =>
  c.json(failure(status, message, details), status);

export function createApiApp(config: ApiConfig): Hono<ApiEnv> {
  // ASP.NET matches routes without regard to case; so does this API.
  const app = new Hono<ApiEnv>({ getPath: (req) => new URL(req.url).pathname.toLowerCase() });
  const tokens = createBackendTokens(config.backendTokenTtl);
  const verifyProviderToken = createProviderTokenVerifier(config.issuer, config.apiUrl);
  const users = createApiUserDirectory();
  /** jti of the DPoP proofs accepted so far: a proof counts once. */
  const seenProofs = new Map<string, number>();
  // Languages chosen with ChangeLanguage, used when a request names no culture.
  const chosenLanguage = new Map<number, LanguageName>();

  const tenantOf = (c: Context<ApiEnv>) => readTenantHeader((name) => c.req.header(name));

  const callerOf = async (c: Context<ApiEnv>): Promise<Caller> => {
    const bearer = readBearer((name) => c.req.header(name));
    if (bearer.kind === 'none') return { kind: 'anonymous' };
    if (bearer.kind === 'malformed') return { kind: 'invalid' };
    const identity = await tokens.verify(bearer.token);
    const user = identity ? users.findById(identity.userId) : undefined;
    if (!identity || !user || !user.isActive || user.tenantId !== identity.tenantId) return { kind: 'invalid' };
    // A token only counts in the tenant it was issued for; after a tenant
    // switch the app must sign in again.
    const header = tenantOf(c);
    const requestTenant = header.kind === 'tenant' ? header.tenant.id : DEFAULT_TENANT_ID;
    return requestTenant === identity.tenantId ? { kind: 'user', user, identity } : { kind: 'invalid' };
  };

  const languageOf = (c: Context<ApiEnv>, caller: Caller): LanguageName =>
    readCultureHeader((name) => c.req.header(name)) ??
    (caller.kind === 'user' ? chosenLanguage.get(caller.user.id) : undefined) ??
    DEFAULT_LANGUAGE;

  const readJson = async (c: Context<ApiEnv>): Promise<Record<string, unknown> | undefined> => {
    try {
      const body: unknown = await c.req.json();
      return typeof body === 'object' && body !== null && !Array.isArray(body) ? (body as Record<string, unknown>) : undefined;
    } catch {
      return undefined;
    }
  };
  const badBody = (c: Context<ApiEnv>, members: string[]) =>
    c.json(validationFailure(members.map((m) => ({ message: `The ${m} field is required.`, members: [m] }))), 400);

  app.use('*', latency(config.latencyMs));
  app.use('*', cors(config.appOrigin));

  if (config.faults.enabled) {
    app.put('/__devstack/faults/:endpoint', async (c) => {
      const endpoint = c.req.param('endpoint');
      const canonical = canonicalEndpoint(endpoint);
      if (!canonical) return fail(c, 404, `Unknown fault endpoint "${endpoint}".`);
      try {
        config.faults.set(canonical, parseFault(await c.req.json()));
      } catch (error) {
        return fail(c, 400, (error as Error).message);
      }
      return c.body(null, 204);
    });
    app.delete('/__devstack/faults/:endpoint?', (c) => {
      const endpoint = c.req.param('endpoint');
      const canonical = endpoint ? canonicalEndpoint(endpoint) : undefined;
      if (endpoint && !canonical) return fail(c, 404, `Unknown fault endpoint "${endpoint}".`);
      config.faults.clear(canonical);
      return c.body(null, 204);
    });
  }

  app.use('*', faultSwitches(config.faults));

  app.get('/abpuserconfiguration/getall', async (c) => {
    const caller = await callerOf(c);
    if (caller.kind === 'invalid') return fail(c, 401);
    const header = tenantOf(c);
    return c.json(
      success(
        buildUserConfiguration({
          language: languageOf(c, caller),
          tenant: header.kind === 'tenant' ? header.tenant : null,
          user: caller.kind === 'user' ? caller.user : null,
          impersonator: caller.kind === 'user' ? caller.identity : undefined,
          clockProvider: config.clockProvider,
          settings: config.settings,
          scale: config.userConfigurationScale,
        }),
      ),
    );
  });

  app.get('/api/services/app/session/getcurrentlogininformations', async (c) => {
    const caller = await callerOf(c);
    if (caller.kind === 'invalid') return fail(c, 401);
    const header = tenantOf(c);
    const user = caller.kind === 'user' ? caller.user : null;
    const tenant = header.kind === 'tenant' ? header.tenant : null;
    return c.json(
      success({
        application: { version: '1.0.0', releaseDate: config.releaseDate, features: {} },
        user: user && { id: user.id, name: user.name, surname: user.surname, userName: user.userName, emailAddress: user.emailAddress },
        tenant: tenant && { id: tenant.id, tenancyName: tenant.tenancyName, name: tenant.name },
      }),
    );
  });

  registerImpersonation(app, { tokens, users, callerOf, fail, testMode: config.faults.enabled });

  app.post('/api/tokenauth/externalauthenticate', async (c) => {
    const body = await readJson(c);
    const field = (name: string) => (typeof body?.[name] === 'string' ? (body[name] as string) : '');
    const input = { authProvider: field('authProvider'), providerKey: field('providerKey'), providerAccessCode: field('providerAccessCode') };
    const missing = Object.entries(input).filter(([, value]) => !value).map(([name]) => name);
    if (missing.length) return badBody(c, missing);
    const { authProvider, providerKey, providerAccessCode } = input;
    if (authProvider !== AUTH_PROVIDER) return fail(c, 400, `Unknown external auth provider: ${authProvider}`);

    let claims;
    try {
      claims = await verifyProviderToken(providerAccessCode);
    } catch (error) {
      if (error instanceof ProviderUnavailableError) return fail(c, 500, 'De identity provider is niet bereikbaar.', error.message);
      throw error;
    }
    if (!claims) return fail(c, 401, defaultMessage(401), 'Het token van de identity provider is ongeldig of verlopen.');
    if (claims.sub !== providerKey) return fail(c, 401, defaultMessage(401), 'providerKey hoort niet bij dit token.');
    // A token bound to a key (DPoP, RFC 9449) counts only with a proof of that key.
    const jkt = (claims.cnf as { jkt?: unknown } | undefined)?.jkt;
    if (typeof jkt === 'string') {
      const url = new URL(c.req.url);
      const problem = await dpopProofProblem(
        { proof: c.req.header('DPoP'), accessToken: providerAccessCode, jkt, method: 'POST', url: `${config.apiUrl}${url.pathname}` },
        seenProofs,
      );
      if (problem) return fail(c, 401, defaultMessage(401), `DPoP: ${problem}`);
    }

    const header = tenantOf(c);
    if (header.kind === 'tenant' && !header.tenant.isActive) {
      return fail(c, 500, 'Tenant is niet actief', `Tenant ${header.tenant.tenancyName} is niet actief.`);
    }
    // A tenant id that names no tenant means the host, as in ABP 10. No
    // header at all stays the Default tenant here (not the host, as in
    // ABP), because the seeded users live in tenants and admin must be able
    // to sign in without choosing one.
    if (header.kind === 'unknown') return fail(c, 500, defaultMessage(500), 'Can not register host users!');
    const tenantId = header.kind === 'tenant' ? header.tenant.id : DEFAULT_TENANT_ID;
    const claim = (name: string) => (typeof claims[name] === 'string' ? (claims[name] as string) : '');
    const email = claim('email');
    // Found by the external login, as ABP does; the seeded users also by
    // e-mail. Anyone else is registered, inactive until someone activates
    // the account (RegisterExternalUserAsync), so the answer is
    // waitingForActivation now and at every later sign-in.
    const user =
      users.findByLogin(tenantId, providerKey) ??
      (email ? users.findByEmail(tenantId, email) : undefined) ??
      users.registerExternal({
        tenantId,
        providerKey,
        userName: users.isUserNameTaken(tenantId, claim('preferred_username')) || !claim('preferred_username') ? email || providerKey : claim('preferred_username'),
        name: claim('given_name') || claim('preferred_username') || email,
        surname: claim('family_name') || claim('preferred_username') || email,
        emailAddress: email,
      });
    if (!user.isActive) {
      return c.json(success({ accessToken: null, encryptedAccessToken: null, expireInSeconds: 0, waitingForActivation: true }));
    }
    const issued = await tokens.issue({ userId: user.id, tenantId, userName: user.userName });
    return c.json(success({ ...issued, waitingForActivation: false }));
  });

  app.post('/api/services/app/account/istenantavailable', async (c) => {
    const body = await readJson(c);
    if (typeof body?.tenancyName !== 'string' || !body.tenancyName.trim()) return badBody(c, ['tenancyName']);
    // ABP's IsTenantAvailableInput: [StringLength(AbpTenantBase.MaxTenancyNameLength)], 64.
    if (body.tenancyName.length > 64) {
      const message = 'The field TenancyName must be a string with a maximum length of 64.';
      return c.json(validationFailure([{ message, members: ['tenancyName'] }]), 400);
    }
    const tenant = findTenantByName(body.tenancyName);
    if (!tenant) return c.json(success({ state: 3, tenantId: null }));
    return c.json(success(tenant.isActive ? { state: 1, tenantId: tenant.id } : { state: 2, tenantId: null }));
  });

  app.post('/api/services/app/user/changelanguage', async (c) => {
    const caller = await callerOf(c);
    if (caller.kind !== 'user') return fail(c, 401);
    const body = await readJson(c);
    const name = typeof body?.languageName === 'string' ? body.languageName : '';
    const language = toLanguage(name);
    if (!language || language !== name) {
      const message = name ? `Unknown language: ${name}. Use nl or en-US.` : 'The languageName field is required.';
      return c.json(validationFailure([{ message, members: ['languageName'] }]), 400);
    }
    chosenLanguage.set(caller.user.id, language);
    return c.json(success(null));
  });

  app.notFound((c) => fail(c, 404, 'Not found', `No API method at ${c.req.method} ${new URL(c.req.url).pathname}.`));
  app.onError((error, c) => fail(c, 500, defaultMessage(500), error.message));

  return app;
}

/** Route parameters arrive lower-cased; find the registry's spelling. */
function canonicalEndpoint(name: string): FaultEndpoint | undefined {
  return FAULT_ENDPOINTS.find((e) => e.toLowerCase() === name.toLowerCase());
}
