import { describe, expect, it } from 'vitest';
import { AbpError } from '../../src/abp/errors.ts';
import { isGranted, readUserConfiguration } from '../../src/abp/userConfiguration.ts';
import { thrown } from './support/thrown.ts';

const stock = {
  session: { userId: 1, tenantId: 1, impersonatorUserId: null, impersonatorTenantId: null, multiTenancySide: 1 },
  localization: { currentLanguage: { name: 'nl', displayName: 'Nederlands' }, languages: [], values: {} },
  features: { allFeatures: { 'App.Klantenportaal': { value: 'true' } } },
  auth: { allPermissions: { 'Pages.Crm': 'true' }, grantedPermissions: { 'Pages.Crm': 'true' } },
  nav: { menus: {} },
  setting: { values: { 'App.UiTheme': 'blue' } },
  clock: { provider: 'utcClockProvider' },
};

function malformed(value: unknown): AbpError {
  return thrown(AbpError, () => readUserConfiguration(value));
}

describe('readUserConfiguration', () => {
  it('reads a stock GetAll result', () => {
    const configuration = readUserConfiguration(stock);
    expect(isGranted(configuration, 'Pages.Crm')).toBe(true);
    expect(configuration.clock.provider).toBe('utcClockProvider');
    expect(configuration.localization.currentLanguage.name).toBe('nl');
  });

  it.each([
    ['no object', null],
    ['an empty object', {}],
    ['no auth', { ...stock, auth: undefined }],
    ['grantedPermissions a list', { ...stock, auth: { grantedPermissions: ['Pages.Crm'] } }],
    ['no current language', { ...stock, localization: {} }],
    ['a current language without a name', { ...stock, localization: { currentLanguage: { name: 5 } } }],
    ['setting.values null', { ...stock, setting: { values: null } }],
  ])('refuses %s as malformed', (_name, value) => {
    expect(malformed(value)).toMatchObject({ kind: 'malformed' });
  });

  it('leaves out values of the wrong type, so readers can call string methods on what is left', () => {
    const configuration = readUserConfiguration({
      ...stock,
      auth: { grantedPermissions: { 'Pages.Crm': true, 'Pages.Verkoop': 'true' } },
      features: { allFeatures: { a: { value: 1 }, b: null, c: { value: 'true' } } },
      setting: { values: { 'App.UserManagement.SessionTimeOut.IsEnabled': true } },
      clock: { provider: 0 },
      session: { impersonatorUserId: '7' },
    });
    expect(isGranted(configuration, 'Pages.Crm')).toBe(false);
    expect(isGranted(configuration, 'Pages.Verkoop')).toBe(true);
    expect(Object.keys(configuration.features.allFeatures)).toEqual(['c']);
    expect(configuration.setting.values).toEqual({});
    expect(configuration.clock.provider).toBe('unspecifiedClockProvider');
    expect(configuration.session.impersonatorUserId).toBeNull();
  });

  it("finds nothing under Object's own names", () => {
    const configuration = readUserConfiguration(stock);
    expect(configuration.features.allFeatures.toString).toBeUndefined();
    expect(isGranted(configuration, 'constructor')).toBe(false);
  });
});
