import { describe, expect, it } from 'vitest';
import { ConfigError } from '../../src/config/configError.ts';
import { parseAppConfig } from '../../src/config/parseAppConfig.ts';
import { thrown } from './support/thrown.ts';

const valid = {
  appBaseUrl: 'http://localhost:4200/',
  remoteServiceBaseUrl: 'http://localhost:21021//',
  localeMappings: [{ from: 'nl-NL', to: 'nl' }],
};

function withFields(fields: Record<string, unknown>): Record<string, unknown> {
  return { ...valid, ...fields };
}

function without(field: string): Record<string, unknown> {
  const copy: Record<string, unknown> = { ...valid };
  delete copy[field];
  return copy;
}

function errorOf(value: unknown): ConfigError {
  return thrown(ConfigError, () => parseAppConfig(value));
}

describe('parseAppConfig with a valid config', () => {
  it('trims trailing slashes and fills in the defaults', () => {
    expect(parseAppConfig(valid)).toEqual({
      appBaseUrl: 'http://localhost:4200',
      remoteServiceBaseUrl: 'http://localhost:21021',
      localeMappings: [{ from: 'nl-NL', to: 'nl' }],
      klantenportaal: undefined,
      tenantHeaderName: 'Abp-TenantId',
      auth: { authProvider: 'OpenIdConnect', clockSkew: 300 },
    });
  });

  it('takes an absent localeMappings as an empty list', () => {
    expect(parseAppConfig(without('localeMappings')).localeMappings).toEqual([]);
  });

  it('keeps the legacy tenant header name Abp.TenantId', () => {
    expect(parseAppConfig(withFields({ tenantHeaderName: 'Abp.TenantId' })).tenantHeaderName).toBe('Abp.TenantId');
  });

  it('reads the auth settings, filling in what is absent', () => {
    const auth = { issuer: 'https://id.example.nl/', clientId: 'staff', clockSkew: 60, unlockUrl: 'https://id.example.nl/unlock' };
    expect(parseAppConfig(withFields({ auth })).auth).toEqual({
      issuer: 'https://id.example.nl',
      clientId: 'staff',
      authProvider: 'OpenIdConnect',
      clockSkew: 60,
      scopes: undefined,
      dpop: undefined,
      registrationUrl: undefined,
      passwordRecoveryUrl: undefined,
      unlockUrl: 'https://id.example.nl/unlock',
    });
  });

  it('reads extra scopes, which the sign-in adds to openid profile email as scope-tokens only', async () => {
    const auth = parseAppConfig(
      withFields({ auth: { issuer: 'https://id.example.nl', scopes: ' offline_access  profile "quoted" groups ' } }),
    ).auth;
    const { DEFAULT_EXTRA_SCOPES, signInScopes } = await import('../../src/auth/authorize.lazy.ts');
    expect(signInScopes(auth)).toBe('openid profile email offline_access groups');
    // An older configuration's my-account scopes are not asked at sign-in.
    expect(signInScopes(parseAppConfig(withFields({ auth: { scopes: 'offline_access okta.myAccount.profile.read' } })).auth)).toBe(
      'openid profile email offline_access',
    );
    // Scopes that are no text: the default, offline_access.
    expect(signInScopes(parseAppConfig(withFields({ auth: { scopes: 42 } })).auth)).toBe(`openid profile email ${DEFAULT_EXTRA_SCOPES}`);
    // The sign-in never asks a my-account scope: only Okta's org server grants those, for Okta alone.
    expect(DEFAULT_EXTRA_SCOPES).toBe('offline_access');
  });

  it('reads the refresh token lifetime in minutes, absent when not set', () => {
    expect(parseAppConfig(withFields({ auth: { refreshTokenLifetimeMinutes: 480 } })).auth.refreshTokenLifetimeMinutes).toBe(480);
    expect(parseAppConfig(withFields({ auth: {} })).auth).not.toHaveProperty('refreshTokenLifetimeMinutes');
    expect(parseAppConfig(withFields({ auth: { refreshTokenLifetimeMinutes: null } })).auth).not.toHaveProperty(
      'refreshTokenLifetimeMinutes',
    );
  });

  it.each([[0], [-5], ['480'], [true]])('refuses a refresh token lifetime of %j', (refreshTokenLifetimeMinutes) => {
    const error = errorOf(withFields({ auth: { refreshTokenLifetimeMinutes } }));
    expect(error.kind).toBe('config-invalid');
    expect(error.field).toBe('auth.refreshTokenLifetimeMinutes');
  });

  it('accepts a clock skew of 0 and its own auth provider name', () => {
    const auth = parseAppConfig(withFields({ auth: { clockSkew: 0, authProvider: 'Okta' } })).auth;
    expect(auth.clockSkew).toBe(0);
    expect(auth.authProvider).toBe('Okta');
  });

  it('keeps klantenportaal when it is an http(s) address', () => {
    expect(parseAppConfig(withFields({ klantenportaal: 'https://portaal.example.nl' })).klantenportaal).toBe('https://portaal.example.nl');
    expect(parseAppConfig(withFields({ klantenportaal: 'http://localhost:8080/' })).klantenportaal).toBe('http://localhost:8080/');
  });

  it.each([['niet een adres'], ['javascript:alert(1)'], [42], ['']])('drops klantenportaal %j without an error', (klantenportaal) => {
    expect(parseAppConfig(withFields({ klantenportaal })).klantenportaal).toBeUndefined();
  });
});

describe('parseAppConfig with a bad config', () => {
  it.each([[[]], [null], ['appconfig'], [42]])('refuses the root %j', (root) => {
    const error = errorOf(root);
    expect(error.kind).toBe('config-invalid');
    expect(error.field).toBe('(root)');
  });

  it.each(['appBaseUrl', 'remoteServiceBaseUrl'])('refuses %s when it is missing, empty, not an address or not http(s)', (field) => {
    const bad = ['', 'localhost', 'javascript:alert(1)', 'ftp://x', 5].map((value) => withFields({ [field]: value }));
    for (const config of [without(field), ...bad]) {
      const error = errorOf(config);
      expect(error.kind).toBe('config-invalid');
      expect(error.field).toBe(field);
    }
  });

  it('refuses localeMappings that is not a list', () => {
    expect(errorOf(withFields({ localeMappings: { from: 'nl-NL', to: 'nl' } })).field).toBe('localeMappings');
  });

  it.each([
    [[{ from: 'nl-NL' }], 'localeMappings[0]'],
    [[{ from: 'nl-NL', to: 'nl' }, 7], 'localeMappings[1]'],
    [[{ from: 'nl-NL', to: 3 }], 'localeMappings[0]'],
    [[{ from: '', to: 'nl' }], 'localeMappings[0]'],
    [[null], 'localeMappings[0]'],
  ])('refuses the mapping list %j, naming %s', (localeMappings, field) => {
    const error = errorOf(withFields({ localeMappings }));
    expect(error.kind).toBe('config-invalid');
    expect(error.field).toBe(field);
  });

  it.each([['Abp TenantId'], [''], ['Abp-TenantId:'], [7]])('refuses the tenant header name %j', (tenantHeaderName) => {
    expect(errorOf(withFields({ tenantHeaderName })).field).toBe('tenantHeaderName');
  });

  it.each([['oidc'], [true], [[]]])('refuses auth %j that is not an object', (auth) => {
    expect(errorOf(withFields({ auth })).field).toBe('auth');
  });

  it.each([
    [{ issuer: 'not a url' }, 'auth.issuer'],
    [{ issuer: 'ftp://id.example.nl' }, 'auth.issuer'],
    [{ clientId: 12 }, 'auth.clientId'],
    [{ clockSkew: -1 }, 'auth.clockSkew'],
    [{ clockSkew: '300' }, 'auth.clockSkew'],
    [{ authProvider: '' }, 'auth.authProvider'],
    [{ registrationUrl: 'javascript:alert(1)' }, 'auth.registrationUrl'],
    [{ passwordRecoveryUrl: 'mailto:x@y.nl' }, 'auth.passwordRecoveryUrl'],
    [{ myAccount: 'https://id.example.nl' }, 'auth.myAccount'],
    [{ myAccount: { issuer: 'id.example.nl' } }, 'auth.myAccount.issuer'],
    [{ myAccount: { issuer: 'javascript:alert(1)' } }, 'auth.myAccount.issuer'],
  ])('refuses auth %j, naming %s', (auth, field) => {
    const error = errorOf(withFields({ auth }));
    expect(error.kind).toBe('config-invalid');
    expect(error.field).toBe(field);
  });

  it('reads auth.myAccount.issuer without its trailing slash, and leaves it out when it is empty', () => {
    expect(
      parseAppConfig(
        withFields({ auth: { issuer: 'https://id.example.nl/oauth2/default', myAccount: { issuer: 'https://id.example.nl/' } } }),
      ).auth.myAccount,
    ).toEqual({ issuer: 'https://id.example.nl' });
    expect(
      parseAppConfig(withFields({ auth: { issuer: 'https://id.example.nl', myAccount: { issuer: '' } } })).auth.myAccount,
    ).toBeUndefined();
  });

  it("takes Mijn account's issuer from auth.myAccount.issuer, else the sign-in issuer without /oauth2/<id> (Okta's org), and its API at that origin", async () => {
    const { myAccountIssuer, myAccountUrl } = await import('../../src/myaccount/myAccount.ts');
    const custom = parseAppConfig(withFields({ auth: { issuer: 'https://id.example.nl/oauth2/default' } })).auth;
    expect([myAccountIssuer(custom), myAccountUrl(custom)]).toEqual(['https://id.example.nl', 'https://id.example.nl/idp/myaccount']);
    const orgOnly = parseAppConfig(withFields({ auth: { issuer: 'https://id.example.nl' } })).auth;
    expect(myAccountIssuer(orgOnly)).toBe('https://id.example.nl');
    const named = parseAppConfig(
      withFields({ auth: { issuer: 'https://login.example.nl/oauth2/aus1', myAccount: { issuer: 'https://id.example.nl' } } }),
    ).auth;
    expect([myAccountIssuer(named), myAccountUrl(named)]).toEqual(['https://id.example.nl', 'https://id.example.nl/idp/myaccount']);
  });

  it('carries the field name in its message', () => {
    const error = errorOf(withFields({ appBaseUrl: 'ftp://x' }));
    expect(error).toBeInstanceOf(Error);
    expect(error.name).toBe('ConfigError');
    expect(error.message).toContain('config-invalid');
    expect(error.message).toContain('appBaseUrl');
  });
});
