import { SECTIONS } from '../../src/sections/sections.lazy.ts';
import { APP_SOURCE, DEFAULT_LANGUAGE, localizationSection, localize, type LanguageName } from './localization.ts';
import type { ApiTenant } from './tenants.ts';
import { allPermissions, menuName } from '../seed.ts';

// The result of ABP's /AbpUserConfiguration/GetAll, section by section as
// the real host sent it (tests/contract/recorded/userconfiguration.json).

export type ClockProvider = 'unspecifiedClockProvider' | 'utcClockProvider' | 'localClockProvider';

export interface UserConfigurationInput {
  language: LanguageName;
  tenant: ApiTenant | null;
  /** The signed-in user, with what their roles grant and their own language setting. */
  user: { id: number; granted: readonly string[]; language: string | undefined } | null;
  clockProvider: ClockProvider;
  /** Who acts as the user, when someone does (impersonation). */
  impersonator?: { impersonatorUserId?: number; impersonatorTenantId?: number };
  /** More setting values, as an administrator would set them (the session time-out, ...). */
  settings?: Record<string, string>;
  /** How many times today's texts and permissions to send (see `scaledExtras`). Default 1. */
  scale?: number;
}

/** Extra texts and permissions per step of `scale`: at 100 about 20,000 texts and 2,000 permissions, a large ABP backend's GetAll. */
export const EXTRA_TEXTS_PER_SCALE = 200;
export const EXTRA_PERMISSIONS_PER_SCALE = 20;

const extras = new Map<string, { texts: Record<string, string>; permissions: string[] }>();

/**
 * What a bigger backend adds to GetAll: `(scale - 1) * 200` localization texts
 * and `(scale - 1) * 20` permissions, named so they open nothing in the app,
 * made once per scale and language.
 */
export function scaledExtras(scale: number, language: LanguageName): { texts: Record<string, string>; permissions: string[] } {
  if (!Number.isInteger(scale) || scale < 1) throw new Error(`userConfigurationScale must be a whole number of at least 1, got ${scale}`);
  const key = `${scale}:${language}`;
  let found = extras.get(key);
  if (!found) {
    const texts: Record<string, string> = {};
    for (let i = 1; i <= (scale - 1) * EXTRA_TEXTS_PER_SCALE; i += 1) {
      texts[`Generated.Text${i}`] = language === 'nl' ? `Voorbeeldtekst nummer ${i}` : `Sample text number ${i}`;
    }
    const permissions = Array.from({ length: (scale - 1) * EXTRA_PERMISSIONS_PER_SCALE }, (_, i) => `Pages.Generated.Permission${i + 1}`);
    found = { texts, permissions };
    extras.set(key, found);
  }
  return found;
}

/** The settings module-zero-core-template sends, with the values of a fresh host. */
const TEMPLATE_SETTINGS: Record<string, string> = {
  'Abp.Localization.DefaultLanguageName': DEFAULT_LANGUAGE,
  'Abp.Notifications.ReceiveNotifications': 'true',
  'Abp.Timing.TimeZone': 'UTC',
  'Abp.Zero.UserManagement.IsEmailConfirmationRequiredForLogin': 'false',
  'Abp.Zero.OrganizationUnits.MaxUserMembershipCount': '2147483647',
  'Abp.Zero.UserManagement.TwoFactorLogin.IsEnabled': 'true',
  'Abp.Zero.UserManagement.TwoFactorLogin.IsRememberBrowserEnabled': 'true',
  'Abp.Zero.UserManagement.TwoFactorLogin.IsEmailProviderEnabled': 'true',
  'Abp.Zero.UserManagement.TwoFactorLogin.IsSmsProviderEnabled': 'true',
  'Abp.Zero.UserManagement.UserLockOut.IsEnabled': 'true',
  'Abp.Zero.UserManagement.UserLockOut.MaxFailedAccessAttemptsBeforeLockout': '5',
  'Abp.Zero.UserManagement.UserLockOut.DefaultAccountLockoutSeconds': '300',
  'Abp.Zero.UserManagement.PasswordComplexity.RequireDigit': 'false',
  'Abp.Zero.UserManagement.PasswordComplexity.RequireLowercase': 'false',
  'Abp.Zero.UserManagement.PasswordComplexity.RequireNonAlphanumeric': 'false',
  'Abp.Zero.UserManagement.PasswordComplexity.RequireUppercase': 'false',
  'Abp.Zero.UserManagement.PasswordComplexity.RequiredLength': '6',
  'App.UiTheme': 'red',
};

const asGranted = (names: readonly string[]) => Object.fromEntries(names.map((n) => [n, 'true']));

export function buildUserConfiguration({
  language,
  tenant,
  user,
  impersonator,
  clockProvider,
  settings = {},
  scale = 1,
}: UserConfigurationInput) {
  const extra = scaledExtras(scale, language);
  const granted = user?.granted ?? [];
  const menuItem = (name: string, url: string, icon: string, order: number) => ({
    name,
    icon,
    displayName: localize(language, APP_SOURCE, name),
    order,
    url,
    customData: null,
    target: null,
    isEnabled: true,
    isVisible: true,
    items: [],
  });
  // HomePage needs a signed-in user; each section its permission (ABP's UserNavigationManager leaves out the rest).
  const items = user
    ? [
        menuItem('HomePage', 'app/home', 'home', 0),
        ...SECTIONS.filter((s) => granted.includes(s.permission)).map((s) =>
          menuItem(menuName(s.key), s.key, 'folder', SECTIONS.indexOf(s) + 1),
        ),
      ]
    : [];

  return {
    multiTenancy: { isEnabled: true, ignoreFeatureCheckForHostUsers: false, sides: { host: 2, tenant: 1 } },
    session: {
      userId: user?.id ?? null,
      tenantId: tenant?.id ?? null,
      impersonatorUserId: impersonator?.impersonatorUserId ?? null,
      impersonatorTenantId: impersonator?.impersonatorUserId === undefined ? null : (impersonator.impersonatorTenantId ?? null),
      multiTenancySide: tenant ? 1 : 2,
    },
    localization: localizationSection(language, extra.texts),
    features: { allFeatures: {} },
    // The extra permissions are granted to whoever is signed in: they open nothing.
    auth: {
      allPermissions: asGranted([...allPermissions, ...extra.permissions]),
      grantedPermissions: asGranted(user ? [...granted, ...extra.permissions] : []),
    },
    nav: { menus: { MainMenu: { name: 'MainMenu', displayName: localize(language, 'Abp', 'MainMenu'), customData: null, items } } },
    setting: {
      values: {
        ...TEMPLATE_SETTINGS,
        ...(user?.language ? { 'Abp.Localization.DefaultLanguageName': user.language } : {}),
        ...settings,
      },
    },
    clock: { provider: clockProvider },
    timing: {
      timeZoneInfo: {
        windows: { timeZoneId: 'UTC', baseUtcOffsetInMilliseconds: 0, currentUtcOffsetInMilliseconds: 0, isDaylightSavingTimeNow: false },
        iana: { timeZoneId: 'Etc/UTC' },
      },
    },
    security: { antiForgery: { tokenCookieName: 'XSRF-TOKEN', tokenHeaderName: 'X-XSRF-TOKEN' } },
    custom: {},
  };
}
