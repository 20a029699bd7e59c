import type { LocaleMapping } from '../../machines/boot.types.ts';

/** Sign-in settings. Issuer and client id may be absent: the login page then says so. */
export interface AuthConfig {
  issuer?: string;
  clientId?: string;
  /** `authProvider` sent to `TokenAuth/ExternalAuthenticate`. */
  authProvider: string;
  /** Seconds of clock difference tolerated on token lifetimes. */
  clockSkew: number;
  /** Binds the provider's tokens to a key of this browser (DPoP, RFC 9449); the provider and the backend must support it. */
  dpop?: boolean;
  /**
   * How long a sign-in's refresh token chain lasts, in minutes: the Okta access policy rule's "Refresh token lifetime"
   * (`refreshTokenLifetimeMinutes`), which rotation does not extend. The app warns five minutes before it ends.
   * Absent: no end is announced (Okta's token answer does not name it).
   */
  refreshTokenLifetimeMinutes?: number;
  /** Scopes asked for besides `openid profile email` (space-separated), such as `offline_access` where the provider gives refresh tokens only for it. */
  scopes?: string;
  /**
   * Mijn account's token comes from Okta's org authorization server, the
   * only one that grants `okta.myAccount.*`: its issuer. Absent: the sign-in
   * issuer without `/oauth2/<id>` (the org itself).
   */
  myAccount?: { issuer?: string };
  registrationUrl?: string;
  passwordRecoveryUrl?: string;
  unlockUrl?: string;
}

/** The validated application config (`assets/appconfig*.json`). */
export interface AppConfig {
  appBaseUrl: string;
  remoteServiceBaseUrl: string;
  localeMappings: LocaleMapping[];
  /** Only set when the file holds an http(s) address. */
  klantenportaal?: string;
  tenantHeaderName: string;
  /**
   * The environment (ABP tenant) a browser that has chosen none works in: a
   * one-company deployment names its tenant here, so a new PC or a private
   * window never signs in on the host by accident. Absent: such a browser is
   * on the host until the person chooses an environment on the login page.
   */
  tenancyName?: string;
  auth: AuthConfig;
}

export const DEFAULT_TENANT_HEADER = 'Abp-TenantId';
export const DEFAULT_AUTH_PROVIDER = 'OpenIdConnect';
export const DEFAULT_CLOCK_SKEW = 300;
