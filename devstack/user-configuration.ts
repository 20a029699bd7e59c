import type { LanguageName } from './api-request.ts';
import { SECTIONS } from '../src/sections/sections.lazy.ts';
import { LOCALIZATION_SOURCE, localizationSection, text } from './localization.ts';
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

const TIME_ZONE = 'Europe/Amsterdam';
const WINDOWS_TIME_ZONE = 'W. Europe Standard Time';

/** The app's business sections (src/sections/sections.lazy.ts), each behind one permission, as ABP menu items. */
// The icon is the backend's choice and the app shows none: one generic name, as a menu item carries it.
const sections = SECTIONS.map(({ key, permission }) => ({ name: key.charAt(0).toUpperCase() + key.slice(1), url: key, permission, icon: 'folder' }));

const asGranted = (names: readonly string[]) => Object.fromEntries(names.map((n) => [n, 'true']));

export function buildUserConfiguration({ language, tenant, user, impersonator, clockProvider, settings = {}, scale = 1 }: UserConfigurationInput) {
  const extra = scaledExtras(scale, language);
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
    localization: withTexts(localizationSection(language), extra.texts),
    features: {
      allFeatures: tenant
        ? { 'App.Klantenportaal': { value: 'true' }, 'App.MaxUserCount': { value: '25' } }
        : {},
    },
    // The extra permissions are granted to whoever is signed in: they open nothing.
    auth: {
      allPermissions: asGranted([...allPermissions, ...extra.permissions]),
      grantedPermissions: asGranted(user ? [...granted, ...extra.permissions] : []),
    },
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

function withTexts(section: ReturnType<typeof localizationSection>, texts: Record<string, string>): ReturnType<typeof localizationSection> {
  if (Object.keys(texts).length === 0) return section;
  return { ...section, values: { [LOCALIZATION_SOURCE]: { ...section.values[LOCALIZATION_SOURCE], ...texts } } };
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
