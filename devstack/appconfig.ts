import { ACCOUNT_PATHS } from './provider/pages.ts';

// The app's runtime configuration file (assets/appconfig[.production].json),
// generated from the ports so the app, provider and API always agree. The
// provider's account pages are named here; its org authorization server and
// my-account API are not, as the app derives them from the sign-in issuer
// (without /oauth2/<id>), as they are at Okta.

export const CLIENT_ID = 'isolatie-staff';
/** The authProvider name the API accepts in ExternalAuthenticate. */
export const AUTH_PROVIDER = 'OpenIdConnect';
export const TENANT_HEADER = 'Abp-TenantId';
/** The environment of the local stack's one-company deployment (devstack/seed.ts's tenant 1). */
export const DEFAULT_TENANCY_NAME = 'Default';

export interface LocaleMapping {
  from: string;
  to: string;
}

export interface AppConfig {
  appBaseUrl: string;
  remoteServiceBaseUrl: string;
  localeMappings: LocaleMapping[];
  tenantHeaderName: string;
  tenancyName?: string;
  auth: {
    issuer: string;
    clientId: string;
    authProvider: string;
    clockSkew: number;
    dpop: boolean;
    /** The provider's refresh token lifetime, as an Okta administrator copies it from the access policy rule. */
    refreshTokenLifetimeMinutes?: number;
    registrationUrl: string;
    passwordRecoveryUrl: string;
    unlockUrl: string;
  };
  klantenportaal?: string;
}

export interface AppConfigInput {
  appOrigin: string;
  /** The issuer the app signs in at. */
  issuer: string;
  /** The Okta org (the provider's origin): its account pages. Default the issuer. */
  org?: string;
  apiUrl: string;
  klantenportaal?: string;
  /** Turn DPoP on in the app (the provider and API support it). Default true. */
  dpop?: boolean;
  /** The provider's refresh token chain lifetime, in seconds (its `refreshTokenAbsoluteTtl`): the app is told it in minutes. Absent: not told. */
  refreshTokenLifetime?: number;
}

export function createAppConfig(input: AppConfigInput): AppConfig {
  const org = input.org ?? input.issuer;
  const config: AppConfig = {
    appBaseUrl: input.appOrigin,
    remoteServiceBaseUrl: input.apiUrl,
    localeMappings: [
      { from: 'nl-NL', to: 'nl' },
      { from: 'en-US', to: 'en' },
      { from: 'en', to: 'en' },
    ],
    tenantHeaderName: TENANT_HEADER,
    // One company: a browser that chose no environment works in Default.
    tenancyName: DEFAULT_TENANCY_NAME,
    auth: {
      issuer: input.issuer,
      clientId: CLIENT_ID,
      authProvider: AUTH_PROVIDER,
      clockSkew: 300,
      dpop: input.dpop ?? true,
      ...(input.refreshTokenLifetime === undefined ? {} : { refreshTokenLifetimeMinutes: input.refreshTokenLifetime / 60 }),
      registrationUrl: `${org}${ACCOUNT_PATHS.register}`,
      passwordRecoveryUrl: `${org}${ACCOUNT_PATHS.forgotPassword}`,
      unlockUrl: `${org}${ACCOUNT_PATHS.unlock}`,
    },
  };
  if (input.klantenportaal !== undefined) config.klantenportaal = input.klantenportaal;
  return config;
}

/** What the app server answers at the configuration's address: the generated config, or in test mode one changed by a test. */
export interface AppConfigSwitch {
  readonly current: AppConfig;
  /** Answers with these fields changed until `reset` (test mode only). */
  set(change: Partial<AppConfig>): void;
  /** Back to the generated config. */
  reset(): void;
}

export function createAppConfigSwitch(generated: AppConfig, testMode: boolean): AppConfigSwitch {
  let current = generated;
  return {
    get current() {
      return current;
    },
    set(change) {
      if (!testMode) throw new Error('The app configuration can only be switched at run time when the stack runs with testMode: true.');
      current = { ...current, ...change };
    },
    reset() {
      current = generated;
    },
  };
}

/** Paths at which the app asks for its configuration (production, development). */
export const APPCONFIG_PATHS = ['/assets/appconfig.production.json', '/assets/appconfig.json'];
