// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import type { AbpClient, GetOptions } from '../../src/abp/client.ts';
import { CULTURE_COOKIE } from '../../src/abp/cookies.ts';
import { deleteCookie, readCookie, writeCookie } from '../../src/lib/cookies.ts';
import { readUserConfiguration } from '../../src/abp/userConfiguration.ts';
import { loadPersonLanguage, withDeviceLanguage } from '../../src/boot/deviceLanguage.lazy.ts';
import type { AppConfig } from '../../src/config/appConfig.ts';

// Who decides the language once GetAll has answered a signed-in person: the
// backend's saved language for whoever may change it there, this device's
// choice for anyone else (abp-recorded/userconfiguration.json, docs/abp.md row 7).

const config = { localeMappings: [] } as unknown as AppConfig;
const LANGUAGES = [
  { name: 'en', displayName: 'English' },
  { name: 'nl', displayName: 'Nederlands' },
];

/** GetAll's answer: in `current`, with `saved` as the language setting (ABP's saved one, else the default). */
function answer(current: string, saved: string, granted: string[]): unknown {
  return {
    session: { userId: 5, tenantId: 1, impersonatorUserId: null, impersonatorTenantId: null },
    localization: { currentLanguage: LANGUAGES.find((language) => language.name === current), languages: LANGUAGES, values: {} },
    features: { allFeatures: {} },
    auth: { allPermissions: {}, grantedPermissions: Object.fromEntries(granted.map((name) => [name, 'true'])) },
    nav: { menus: {} },
    setting: { values: { 'Abp.Localization.DefaultLanguageName': saved } },
    clock: { provider: 'unspecifiedClockProvider' },
  };
}

/** A backend that answers GetAll asked for the person's own language with `own`, and records every call. */
function backend(own: unknown): { client: AbpClient; calls: Array<GetOptions | undefined> } {
  const calls: Array<GetOptions | undefined> = [];
  const client = {
    get: async (_path: string, options?: GetOptions) => {
      calls.push(options);
      return own;
    },
  } as unknown as AbpClient;
  return { client, calls };
}

afterEach(() => deleteCookie(CULTURE_COOKIE));

describe('withDeviceLanguage, and loadPersonLanguage where it says the person keeps another', () => {
  it('someone without Pages.Users: the answer in this device’s language stands, though ABP keeps English for him, and nothing more is asked', () => {
    writeCookie(CULTURE_COOKIE, 'nl');
    const answered = readUserConfiguration(answer('nl', 'en-US', ['Pages.Crm']));
    const settled = withDeviceLanguage(config, answered);
    expect(settled).toBe(answered);
    expect(settled.keepsOtherLanguage).toBeUndefined();
    expect(readCookie(CULTURE_COOKIE)).toBe('nl');
  });

  it('someone with Pages.Users whose saved language is another: asked again in his own, and the cookie follows it', async () => {
    writeCookie(CULTURE_COOKIE, 'nl');
    const settled = withDeviceLanguage(config, readUserConfiguration(answer('nl', 'en-US', ['Pages.Users'])));
    expect(settled.keepsOtherLanguage).toBe(true);
    // Nothing follows before his own answer is in: without it, this device's language stays.
    expect(readCookie(CULTURE_COOKIE)).toBe('nl');
    const { client, calls } = backend(answer('en', 'en-US', ['Pages.Users']));
    const own = await loadPersonLanguage(config, client);
    expect(calls).toEqual([{ personLanguage: true }]);
    expect(own.localization.currentLanguage.name).toBe('en');
    expect(readCookie(CULTURE_COOKIE)).toBe('en');
  });

  it('someone with Pages.Users whose saved language is this device’s (en-US is en): nothing more is asked, and the cookie names it', () => {
    deleteCookie(CULTURE_COOKIE);
    const settled = withDeviceLanguage(config, readUserConfiguration(answer('en', 'en-US', ['Pages.Users'])));
    expect(settled.keepsOtherLanguage).toBeUndefined();
    expect(settled.localization.currentLanguage.name).toBe('en');
    expect(readCookie(CULTURE_COOKIE)).toBe('en');
  });

  // The call asked for the person's language names this device's where ABP does not save it (abp.headers.test.ts).
  it('someone with Pages.Users and nothing saved, on a device in English: asked for his own, ABP answers in this device’s, which stays, the setting still the default', async () => {
    writeCookie(CULTURE_COOKIE, 'en');
    expect(withDeviceLanguage(config, readUserConfiguration(answer('en', 'nl', ['Pages.Users']))).keepsOtherLanguage).toBe(true);
    const { client, calls } = backend(answer('en', 'nl', ['Pages.Users']));
    const own = await loadPersonLanguage(config, client);
    expect(calls).toEqual([{ personLanguage: true }]);
    expect(own.localization.currentLanguage.name).toBe('en');
    expect(own.setting.values['Abp.Localization.DefaultLanguageName']).toBe('nl');
    expect(readCookie(CULTURE_COOKIE)).toBe('en');
  });
});
