import { createServer } from 'node:http';
import { createSecureServer } from 'node:http2';
import type { Server as NetServer } from 'node:net';
import { getRequestListener } from '@hono/node-server';
import { createApiApp } from './api/server.ts';
import type { ApiBehaviour, BehaviourSwitch } from './api/behaviour.ts';
import { createAppConfig, createAppConfigSwitch, type AppConfig, type AppConfigSwitch } from './appconfig.ts';
import { createConnectionSwitch, type ConnectionSwitch } from './faults/connections.ts';
import { createFaultRegistry, type FaultRegistry } from './faults/registry.ts';
import { createHoldRegistry, type HoldRegistry } from './faults/holds.ts';
import { createIdpServer, type RefreshGrant } from './provider/server.ts';
import { DEFAULT_REFRESH_TOKEN_LIFETIME, signInIssuer } from './provider/oidc.ts';
import type { OktaLayout, RefreshTokenPolicy } from './provider/authorization.ts';
import { close, listen } from './listen.ts';
import { DEMO_PASSWORD, identityUsers } from './seed.ts';
import { createStaticApp } from './app-server/static-server.ts';
import { scaledExtras, type ClockProvider } from './api/user-configuration.ts';
import { createUserStore } from './provider/user-store.ts';
import type { MyAccountOrgOptions } from './provider/myaccount/routes.ts';

// The whole local back end in one process: the identity provider, the
// ABP-style API and (optionally) the static server for the production build.

export interface StackOptions {
  /** App (static server or Vite) port. Default 4200, env APP_PORT. */
  appPort?: number;
  /** Identity provider port. Default 4300, env IDP_PORT. */
  idpPort?: number;
  /** API port. Default 21021, env API_PORT. */
  apiPort?: number;
  host?: string;
  /** Folder of the production build. Default 'dist'. */
  dist?: string;
  /**
   * Serve the build over TLS with HTTP/2 (HTTP/1.1 still answered), as
   * deploy/nginx.conf's `listen 443 ssl http2`: the app is then at
   * https://localhost:APP_PORT, and in the cross-origin layout the API at
   * https://localhost:API_PORT, as a public ABP host. Over HTTP/1.1 the
   * browser opens at most six connections per host and a start's later
   * files wait for one. The benchmark's Lighthouse runs use it
   * (devstack/tls.ts).
   */
  tls?: { key: string; cert: string };
  /** Start the static server for `dist`. False when Vite serves the app. Default true. */
  serveApp?: boolean;
  /** Enables the fault switches and their HTTP endpoint. */
  testMode?: boolean;
  /**
   * Test mode: every page of the app starts with a clock the test moves
   * (`window.__pageClock`, devstack/app-server/page-clock.ts), for the
   * engines whose drivers have none. Default false.
   */
  pageClock?: boolean;
  /** Delay added to every API answer. Default 0, env API_LATENCY_MS. */
  latencyMs?: number;
  /** Lifetime of the provider's access tokens, in seconds. Default 300. */
  accessTokenTtl?: number;
  /** Fixed end of a refresh token chain, seconds after the sign-in; rotation does not extend it. Default 28800 (8 h). */
  refreshTokenAbsoluteTtl?: number;
  /** When the provider gives a refresh token: `offline_access` (default, as at Okta: only when the sign-in asks for it), `always` (every code grant), `never` (an org without the Refresh Token grant). */
  refreshTokens?: RefreshTokenPolicy;
  /**
   * The Okta org's layout. `custom` (default): a custom authorization server
   * (<org>/oauth2/default) signs people in and mints JWTs for the API; the org
   * server mints only Mijn account's tokens. `org-only`: an org without API
   * Access Management, where the org server signs people in and the API checks
   * its opaque token at the org's /introspect (and reads the person at /userinfo). Env OKTA_LAYOUT.
   */
  oktaLayout?: OktaLayout;
  /** Seconds a rotated refresh token is still taken (Okta's grace period). Default 30. */
  refreshTokenGracePeriod?: number;
  /** The my-account scopes the org grants the app (its "Okta API Scopes" tab; only a Super Admin grants them). Default all eight; the org server answers others `consent_required`. */
  myAccountScopes?: readonly string[];
  /**
   * The org's MyAccount API: `stepUp` `max-age` (default: a change needs an
   * authentication at most 900 s old) or `acr` (Okta's `max_age=0` with
   * `acr_values`); `changePassword: false` for an org without the
   * limited-availability change-password (401 E0000015).
   */
  myAccount?: MyAccountOrgOptions;
  /**
   * Where the provider lives. `own` (default): on a site of its own, as a real
   * provider (company.okta.com beside the company's app): the app at
   * http://localhost:…, the provider at http://127.0.0.1:…, so the browser
   * treats its session cookie as a third party's in a frame of the app.
   * `same`: next door on localhost, one site with the app. Env PROVIDER_SITE.
   */
  providerSite?: ProviderSite;
  /**
   * Where the app finds the API. `cross-origin` (default): at an address of
   * its own (http://localhost:API_PORT), every call with ABP's headers after a
   * CORS preflight, as the recordings show a real ABP host answering.
   * `same-origin`: under the app's address, the app server passing ABP's paths
   * on to the API as deploy/nginx.conf does, and no call needs a preflight.
   * Env API_LAYOUT.
   */
  apiLayout?: ApiLayout;
  /** Clock (ms since the epoch) for the provider's codes, mailed links and mailbox. Default Date.now. */
  accountClock?: () => number;
  /** expireInSeconds of the API's own token. Default 86400. */
  backendTokenTtl?: number;
  clockProvider?: ClockProvider;
  /** More setting values GetAll sends, e.g. `App.UserManagement.SessionTimeOut.IsEnabled: 'true'`. */
  settings?: Record<string, string>;
  /** GetAll with `(n - 1) * 200` more texts and `(n - 1) * 20` more permissions, as a larger backend sends. Default 1. */
  userConfigurationScale?: number;
  /** DPoP: the app binds the provider's tokens to a key, the provider and the API check the proofs. Default true (false in the org-only layout, whose backend reads the person at /userinfo). */
  dpop?: boolean;
  /** Whether the provider insists on its DPoP nonce (`use_dpop_nonce` first, as Okta) or only offers it. Default `required`. */
  dpopNonce?: 'required' | 'offered';
  /** Customer portal address placed in the appconfig. */
  klantenportaal?: string;
  /** A known but inactive user's sign-in: ABP's 500 "Inloggen mislukt!" (default) or `waitingForActivation: true`. */
  inactiveUserSignIn?: ApiBehaviour['inactiveUserSignIn'];
  /** A provider user unknown to the API: registered `active` and signed in (the template, default) or `inactive`. */
  externalUserRegistration?: ApiBehaviour['externalUserRegistration'];
  /** Impersonation at the API: `off` as module-zero-core-template (its two paths answer 404; default) or `on` as ASP.NET Zero. */
  impersonation?: ApiBehaviour['impersonation'];
  /** `Role/Update`'s `grantedPermissions`: ABP's role `entity` (the grants touched, once the role's permissions are cached; default) or the role as `stored`. */
  roleUpdateAnswer?: ApiBehaviour['roleUpdateAnswer'];
  /** ABP's `Abp.Zero.UserManagement.UserLockOut.DefaultAccountLockoutSeconds`: how long five wrong passwords lock a password sign-in. Default 300. */
  lockoutSeconds?: number;
  /** Seconds of clock skew the API allows on the provider's access token. Default 120, Okta's advice; the recorded host allowed none. */
  providerClockSkew?: number;
  /** This many more staff in Default at the API, with Dutch names, for search and paging (seed.ts `extraStaff`). Default 0. */
  extraUsers?: number;
}

export type ProviderSite = 'own' | 'same';

/** The provider's host: another site than the app's `localhost` unless asked to share it. */
export function providerHost(site: ProviderSite): string {
  return site === 'same' ? 'localhost' : '127.0.0.1';
}

export type ApiLayout = 'cross-origin' | 'same-origin';

function envLayout(): ApiLayout | undefined {
  const raw = process.env.API_LAYOUT;
  if (raw === undefined || raw.trim() === '') return undefined;
  if (raw === 'cross-origin' || raw === 'same-origin') return raw;
  throw new Error(`API_LAYOUT must be "cross-origin" or "same-origin", got "${raw}".`);
}

function envOktaLayout(): OktaLayout | undefined {
  const raw = process.env.OKTA_LAYOUT;
  if (raw === undefined || raw.trim() === '') return undefined;
  if (raw === 'custom' || raw === 'org-only') return raw;
  throw new Error(`OKTA_LAYOUT must be "custom" or "org-only", got "${raw}".`);
}

function envSite(): ProviderSite | undefined {
  const raw = process.env.PROVIDER_SITE;
  if (raw === undefined || raw.trim() === '') return undefined;
  if (raw === 'own' || raw === 'same') return raw;
  throw new Error(`PROVIDER_SITE must be "own" or "same", got "${raw}".`);
}

export interface StackUrls {
  app: string;
  /** The Okta org: the provider's origin, which is the org authorization server's issuer (Mijn account's tokens, the account pages, the mailbox). */
  issuer: string;
  /** The issuer the app signs in at: `<org>/oauth2/default` (custom server), or the org itself in the `org-only` layout. */
  signInIssuer: string;
  /** The API as the app calls it (remoteServiceBaseUrl): the app's own address in the same-origin layout. */
  api: string;
  /** Where the API itself listens: what nginx or the app server passes ABP's paths on to in the same-origin layout. */
  apiServer: string;
}

export interface DemoUser {
  userName: string;
  password: string;
  email: string;
  name: string;
  sub: string;
}

export interface Stack {
  urls: StackUrls;
  faults: FaultRegistry;
  /** Requests that wait until the test lets them go (test mode): faults/holds.ts. */
  holds: HoldRegistry;
  /** Test mode: every server of the stack drops its connections until restored, as for a device without a network. */
  connections: ConnectionSwitch;
  /** The API's deployment choices; `set` works in test mode only, `reset` goes back to the options. */
  behaviour: BehaviourSwitch;
  /** Test mode: empties ABP's role permission cache at the API, as a restart of ABP does (devstack/README.md, "Deployment choices"). */
  clearRolePermissionCache(): void;
  users: readonly DemoUser[];
  /** The generated configuration the app server answers (see `appConfigSwitch`). */
  appConfig: AppConfig;
  /** A configuration of the test's making answered in its place; `set` works in test mode only, `reset` goes back. */
  appConfigSwitch: AppConfigSwitch;
  apiLayout: ApiLayout;
  /** In test mode, the CSP violation reports the app server received, in order (the policy names the app server's report address). */
  cspReports: unknown[];
  /** In test mode, the refresh grants the provider handled, in order (none are listed outside it). */
  refreshGrants: RefreshGrant[];
  stop(): Promise<void>;
}

function envNumber(name: string): number | undefined {
  const raw = process.env[name];
  if (raw === undefined || raw.trim() === '') return undefined;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < 0) throw new Error(`${name} must be a whole number, got "${raw}".`);
  return value;
}

/** A server for a Hono listener: plain HTTP, or with `tls` HTTP/2 over TLS that still answers HTTP/1.1. */
function serverFor(listener: ReturnType<typeof getRequestListener>, tls: StackOptions['tls']): NetServer {
  return tls ? createSecureServer({ ...tls, allowHTTP1: true }, listener) : createServer(listener);
}

export async function startStack(options: StackOptions = {}): Promise<Stack> {
  const host = options.host ?? 'localhost';
  const appPort = options.appPort ?? envNumber('APP_PORT') ?? 4200;
  const idpPort = options.idpPort ?? envNumber('IDP_PORT') ?? 4300;
  const apiPort = options.apiPort ?? envNumber('API_PORT') ?? 21021;
  const latencyMs = options.latencyMs ?? envNumber('API_LATENCY_MS') ?? 0;
  const idpHost = providerHost(options.providerSite ?? envSite() ?? 'own');
  const apiLayout = options.apiLayout ?? envLayout() ?? 'cross-origin';
  // Redirect URIs and CORS origins are registered by exact string, so every
  // part of the stack names the app by the same origin.
  const app = `${options.tls ? 'https' : 'http'}://localhost:${appPort}`;
  // With tls, an API at an address of its own is behind TLS too, as a public ABP host is; under the app's address it
  // stays plain HTTP behind the app server, as behind nginx.
  const apiTls = options.tls && apiLayout === 'cross-origin' ? options.tls : undefined;
  const apiServer = `${apiTls ? 'https' : 'http'}://localhost:${apiPort}`;
  const org = `http://${idpHost}:${idpPort}`;
  const oktaLayout = options.oktaLayout ?? envOktaLayout() ?? 'custom';
  const urls: StackUrls = {
    app,
    issuer: org,
    signInIssuer: signInIssuer(org, oktaLayout),
    api: apiLayout === 'same-origin' ? app : apiServer,
    apiServer,
  };
  const faults = createFaultRegistry(options.testMode ?? false);
  const cspReports: unknown[] = [];
  const refreshGrants: RefreshGrant[] = [];
  const holds = createHoldRegistry(options.testMode ?? false);
  const appConfig = createAppConfig({
    appOrigin: urls.app,
    issuer: urls.signInIssuer,
    org: urls.issuer,
    apiUrl: urls.api,
    klantenportaal: options.klantenportaal,
    // In the org-only layout the backend reads the person at the org's /userinfo, where it cannot prove a
    // DPoP key the browser holds: there the app binds nothing unless told to.
    dpop: options.dpop ?? (oktaLayout === 'org-only' ? false : undefined),
    // The provider does not say when a session ends (as Okta): the app knows it from its configuration.
    refreshTokenLifetime: options.refreshTokenAbsoluteTtl ?? DEFAULT_REFRESH_TOKEN_LIFETIME,
  });
  const appConfigSwitch = createAppConfigSwitch(appConfig, options.testMode ?? false);

  // Build everything first, so a missing build or bad option fails before
  // any port is taken; then listen in order, closing what started on error.
  scaledExtras(options.userConfigurationScale ?? 1, 'nl');
  const idp = await createIdpServer(
    {
      issuer: urls.issuer,
      appOrigin: urls.app,
      apiUrl: urls.api,
      accessTokenTtl: options.accessTokenTtl ?? 300,
      refreshTokenAbsoluteTtl: options.refreshTokenAbsoluteTtl,
      refreshTokens: options.refreshTokens,
      dpop: options.dpop,
      dpopNonce: options.dpopNonce,
      layout: oktaLayout,
      refreshTokenGracePeriod: options.refreshTokenGracePeriod,
      myAccountScopes: options.myAccountScopes,
      myAccount: options.myAccount,
      clock: options.accountClock,
      users: createUserStore(undefined, { clock: options.accountClock }),
      refreshGrants: options.testMode ? refreshGrants : undefined,
    },
    faults,
    holds,
  );
  const {
    app: apiApp,
    behaviour,
    clearRolePermissionCache,
  } = createApiApp({
    apiUrl: urls.api,
    appOrigin: urls.app,
    issuer: urls.signInIssuer,
    providerTokens: oktaLayout === 'org-only' ? 'introspect' : 'jwt',
    latencyMs,
    backendTokenTtl: options.backendTokenTtl ?? 86_400,
    clockProvider: options.clockProvider ?? 'unspecifiedClockProvider',
    settings: options.settings ?? {},
    userConfigurationScale: options.userConfigurationScale ?? 1,
    faults,
    holds,
    // As ABP writes a value made during the request: with an offset, not Z.
    releaseDate: new Date().toISOString().replace('Z', '+00:00'),
    behaviour: {
      inactiveUserSignIn: options.inactiveUserSignIn,
      externalUserRegistration: options.externalUserRegistration,
      impersonation: options.impersonation,
      roleUpdateAnswer: options.roleUpdateAnswer,
    },
    extraUsers: options.extraUsers,
    lockoutSeconds: options.lockoutSeconds,
    providerClockSkew: options.providerClockSkew,
  });
  const api = serverFor(getRequestListener(apiApp.fetch), apiTls);
  const staticApp =
    (options.serveApp ?? true)
      ? createStaticApp({
          dist: options.dist ?? 'dist',
          issuer: urls.issuer,
          apiUrl: urls.api,
          apiServer: apiLayout === 'same-origin' ? urls.apiServer : undefined,
          appConfig,
          appConfigSwitch,
          faults,
          cspReports: options.testMode ? cspReports : undefined,
          holds,
          pageLog: options.testMode ?? false,
          pageClock: (options.testMode ?? false) && (options.pageClock ?? false),
        })
      : undefined;
  const web = staticApp && serverFor(getRequestListener(staticApp.fetch), options.tls);

  const connections = createConnectionSwitch(options.testMode ?? false);
  for (const server of [idp, api, web]) if (server) connections.watch(server);
  const servers: NetServer[] = [];
  const stop = async () => {
    await Promise.all(servers.map((server) => close(server)));
  };
  try {
    await listen(idp, { label: 'identity provider', port: idpPort, host: options.host ?? idpHost, envVar: 'IDP_PORT' });
    servers.push(idp);
    await listen(api, { label: 'API', port: apiPort, host, envVar: 'API_PORT' });
    servers.push(api);
    if (web) {
      await listen(web, { label: 'app server', port: appPort, host, envVar: 'APP_PORT' });
      servers.push(web);
    }
  } catch (error) {
    await stop();
    throw error;
  }

  const users = identityUsers.map((u) => ({
    userName: u.userName,
    password: DEMO_PASSWORD,
    email: u.email,
    name: `${u.givenName} ${u.familyName}`,
    sub: u.sub,
  }));
  return {
    urls,
    faults,
    holds,
    connections,
    behaviour,
    clearRolePermissionCache,
    users,
    appConfig,
    appConfigSwitch,
    apiLayout,
    cspReports,
    refreshGrants,
    stop,
  };
}
