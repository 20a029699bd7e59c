import type { LocaleMapping } from '../../machines/boot.types.ts';
import { DEFAULT_AUTH_PROVIDER, DEFAULT_CLOCK_SKEW, DEFAULT_TENANT_HEADER, type AppConfig, type AuthConfig } from './appConfig.ts';
import { ConfigError } from './configError.ts';
import { isJsonObject, type JsonObject } from '../lib/json.ts';

function invalid(field: string, detail: string): never {
  throw new ConfigError('config-invalid', `${field}: ${detail}`, { field });
}

function isHttpUrl(value: unknown): value is string {
  if (typeof value !== 'string') return false;
  try {
    const url = new URL(value);
    return url.protocol === 'http:' || url.protocol === 'https:';
  } catch {
    return false;
  }
}

/** An http(s) address as the app keeps it, without trailing slashes; `undefined` for anything else. */
export function httpUrl(value: unknown): string | undefined {
  return isHttpUrl(value) ? value.replace(/\/+$/, '') : undefined;
}

function requiredUrl(json: JsonObject, field: string, path = field): string {
  const value = json[field];
  if (value === undefined || value === null || value === '') invalid(path, 'missing');
  return httpUrl(value) ?? invalid(path, `not an http(s) URL: ${JSON.stringify(value)}`);
}

function optionalUrl(json: JsonObject, field: string, path: string): string | undefined {
  const value = json[field];
  if (value === undefined || value === null || value === '') return undefined;
  return httpUrl(value) ?? invalid(path, `not an http(s) URL: ${JSON.stringify(value)}`);
}

function localeMappings(value: unknown): LocaleMapping[] {
  if (value === undefined || value === null) return [];
  if (!Array.isArray(value)) invalid('localeMappings', 'not a list');
  return value.map((entry, index) => {
    const ok = typeof entry === 'object' && entry !== null && typeof entry.from === 'string' && typeof entry.to === 'string';
    if (!ok || entry.from === '' || entry.to === '') invalid(`localeMappings[${index}]`, 'needs { from, to } strings');
    return { from: entry.from, to: entry.to };
  });
}

function auth(value: unknown): AuthConfig {
  if (value === undefined || value === null) return { authProvider: DEFAULT_AUTH_PROVIDER, clockSkew: DEFAULT_CLOCK_SKEW };
  if (!isJsonObject(value)) invalid('auth', 'not an object');
  const json = value;
  const clientId = json.clientId;
  if (clientId !== undefined && clientId !== null && typeof clientId !== 'string') invalid('auth.clientId', 'not a string');
  const provider = json.authProvider ?? DEFAULT_AUTH_PROVIDER;
  if (typeof provider !== 'string' || provider === '') invalid('auth.authProvider', 'not a string');
  const skew = json.clockSkew ?? DEFAULT_CLOCK_SKEW;
  if (typeof skew !== 'number' || !Number.isFinite(skew) || skew < 0) invalid('auth.clockSkew', 'not a number of seconds >= 0');
  const lifetime = json.refreshTokenLifetimeMinutes ?? undefined;
  if (lifetime !== undefined && (typeof lifetime !== 'number' || !Number.isFinite(lifetime) || lifetime <= 0)) {
    invalid('auth.refreshTokenLifetimeMinutes', 'not a number of minutes > 0');
  }
  return {
    issuer: optionalUrl(json, 'issuer', 'auth.issuer'),
    clientId: clientId || undefined,
    authProvider: provider,
    clockSkew: skew,
    scopes: typeof json.scopes === 'string' ? json.scopes : undefined,
    dpop: json.dpop === true || undefined,
    ...(lifetime === undefined ? {} : { refreshTokenLifetimeMinutes: lifetime }),
    registrationUrl: optionalUrl(json, 'registrationUrl', 'auth.registrationUrl'),
    passwordRecoveryUrl: optionalUrl(json, 'passwordRecoveryUrl', 'auth.passwordRecoveryUrl'),
    unlockUrl: optionalUrl(json, 'unlockUrl', 'auth.unlockUrl'),
    ...myAccount(json.myAccount),
  };
}

/** `auth.myAccount`: absent, or an object whose `issuer` is absent or an http(s) address. */
function myAccount(value: unknown): Pick<AuthConfig, 'myAccount'> {
  if (value === undefined || value === null) return {};
  if (!isJsonObject(value)) invalid('auth.myAccount', 'not an object');
  const issuer = optionalUrl(value, 'issuer', 'auth.myAccount.issuer');
  return issuer ? { myAccount: { issuer } } : {};
}

/** ABP's tenancy names: at most 64 characters (AbpTenantBase.MaxTenancyNameLength), no white space around. */
function tenancyName(value: unknown): string | undefined {
  if (value === undefined || value === null || value === '') return undefined;
  if (typeof value !== 'string' || value.trim() !== value || value.length > 64) invalid('tenancyName', 'not a tenancy name');
  return value;
}

/** Validates the application config at run time; a bad field throws a `ConfigError` naming it. */
export function parseAppConfig(value: unknown): AppConfig {
  if (!isJsonObject(value)) invalid('(root)', 'not a JSON object');
  const json = value;
  const header = json.tenantHeaderName ?? DEFAULT_TENANT_HEADER;
  if (typeof header !== 'string' || !/^[A-Za-z0-9.!#$%&'*+^_`|~-]+$/.test(header)) {
    invalid('tenantHeaderName', 'not a header name');
  }
  return {
    appBaseUrl: requiredUrl(json, 'appBaseUrl'),
    remoteServiceBaseUrl: requiredUrl(json, 'remoteServiceBaseUrl'),
    localeMappings: localeMappings(json.localeMappings),
    klantenportaal: isHttpUrl(json.klantenportaal) ? json.klantenportaal : undefined,
    tenantHeaderName: header,
    tenancyName: tenancyName(json.tenancyName),
    auth: auth(json.auth),
  };
}
