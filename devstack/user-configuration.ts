import type { LanguageName } from './api-request.ts';
import { SECTIONS } from '../src/sections/sections.ts';
import { localizationSection, text } from './localization.ts';
import { allPermissions, type ApiUser, type SeedTenant } from './seed.ts';

// The result of ABP's /AbpUserConfiguration/GetAll, with every section the
// Angular template reads, filled with values a real backend would send.

export type ClockProvider = 'unspecifiedClockProvider' | 'utcClockProvider' | 'localClockProvider';

export interface UserConfigurationInput {
  language: LanguageName;
  tenant: SeedTenant | null;
  user: ApiUser | null;
  clockProvider: ClockProvider;
  /** Who acts as the user, when someone does (impersonation). */
  impersonator?: { impersonatorUserId?: number; impersonatorTenantId?: number };
  /** More setting values, as an administrator would set them (the session time-out, ...). */
  settings?: Record<string, string>;
}

const TIME_ZONE = 'Europe/Amsterdam';
const WINDOWS_TIME_ZONE = 'W. Europe Standard Time';

/** The app's business sections (src/sections/sections.ts), each behind one permission, as ABP menu items. */
// The icon is the backend's choice and the app shows none: one generic name, as a menu item carries it.
const sections = SECTIONS.map(({ key, permission }) => ({ name: key.charAt(0).toUpperCase() + key.slice(1), url: key, permission, icon: 'folder' }));

const asGranted = (names: readonly string[]) => Object.fromEntries(names.map((n) => [n, 'true']));

export function buildUserConfiguration({ language, tenant, user, impersonator, clockProvider, settings = {} }: UserConfigurationInput) {
  const granted = user ? user.permissions : [];
  const menuItem = (name: string, url: string, icon: string, order: number) => ({
    name,
    icon,
    displayName: text(language, name),
    order,
    url,
    customData: null,
    target: null,
    isEnabled: true,
    isVisible: true,
    items: [],
  });
  const items = [
    menuItem('HomePage', 'app/home', 'home', 0),
    ...sections.filter((s) => granted.includes(s.permission)).map((s, i) => menuItem(s.name, s.url, s.icon, i + 1)),
  ];

  return {
    multiTenancy: { isEnabled: true, ignoreFeatureCheckForHostUsers: false, sides: { host: 2, tenant: 1 } },
    session: {
      userId: user?.id ?? null,
      tenantId: tenant?.id ?? null,
      impersonatorUserId: impersonator?.impersonatorUserId ?? null,
      impersonatorTenantId: impersonator?.impersonatorUserId === undefined ? null : (impersonator.impersonatorTenantId ?? null),
      multiTenancySide: tenant ? 1 : 2,
    },
    localization: localizationSection(language),
    features: {
      allFeatures: tenant
        ? { 'App.Klantenportaal': { value: 'true' }, 'App.MaxUserCount': { value: '25' } }
        : {},
    },
    auth: { allPermissions: asGranted(allPermissions), grantedPermissions: asGranted(granted) },
    nav: { menus: { MainMenu: { name: 'MainMenu', displayName: 'Main menu', customData: null, items } } },
    setting: {
      values: {
        'Abp.Localization.DefaultLanguageName': 'nl',
        'Abp.Timing.TimeZone': WINDOWS_TIME_ZONE,
        'Abp.Zero.UserManagement.IsEmailConfirmationRequiredForLogin': 'false',
        'Abp.Zero.UserManagement.UserLockOut.IsEnabled': 'true',
        'App.UiTheme': 'blue',
        ...settings,
      },
    },
    clock: { provider: clockProvider },
    timing: { timeZoneInfo: timeZoneInfo(new Date()) },
    security: { antiForgery: { tokenCookieName: 'XSRF-TOKEN', tokenHeaderName: 'X-XSRF-TOKEN' } },
    custom: {},
  };
}

function timeZoneInfo(now: Date) {
  const january = offsetMs(new Date(Date.UTC(now.getUTCFullYear(), 0, 1)));
  const current = offsetMs(now);
  return {
    windows: {
      timeZoneId: WINDOWS_TIME_ZONE,
      baseUtcOffsetInMilliseconds: january,
      currentUtcOffsetInMilliseconds: current,
      isDaylightSavingTimeNow: current !== january,
    },
    iana: { timeZoneId: TIME_ZONE },
  };
}

/** Offset of Amsterdam from UTC at a moment, in milliseconds. */
function offsetMs(at: Date): number {
  const name = new Intl.DateTimeFormat('en-US', { timeZone: TIME_ZONE, timeZoneName: 'longOffset' })
    .formatToParts(at)
    .find((p) => p.type === 'timeZoneName')?.value;
  const match = /GMT([+-])(\d{2}):(\d{2})/.exec(name ?? '');
  if (!match) return 0;
  const minutes = Number(match[2]) * 60 + Number(match[3]);
  return (match[1] === '-' ? -1 : 1) * minutes * 60_000;
}
