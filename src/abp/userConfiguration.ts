import type { AbpClient } from './client.ts';
import * as ENDPOINTS from './endpointTable.ts';
import { AbpError } from './errors.ts';

export interface AbpLanguage {
  name: string;
  displayName: string;
  icon: string | null;
  isDefault: boolean;
  isDisabled: boolean;
  isRightToLeft: boolean;
}

/** ABP writes the provider's class name; the spec names it short. Both are accepted. */
export type ClockProviderName =
  | 'unspecifiedClockProvider'
  | 'utcClockProvider'
  | 'localClockProvider'
  | 'unspecified'
  | 'utc'
  | 'local';

/** The result of `AbpUserConfiguration/GetAll`. */
export interface UserConfiguration {
  multiTenancy: { isEnabled: boolean; ignoreFeatureCheckForHostUsers: boolean; sides: { host: number; tenant: number } };
  session: {
    userId: number | null;
    tenantId: number | null;
    impersonatorUserId: number | null;
    impersonatorTenantId: number | null;
    multiTenancySide: number;
  };
  localization: {
    currentCulture: { name: string; displayName: string };
    languages: AbpLanguage[];
    currentLanguage: AbpLanguage;
    sources: { name: string; type: string }[];
    values: Record<string, Record<string, string>>;
  };
  features: { allFeatures: Record<string, { value: string }> };
  auth: { allPermissions: Record<string, string>; grantedPermissions: Record<string, string> };
  nav: { menus: Record<string, unknown> };
  setting: { values: Record<string, string> };
  clock: { provider: ClockProviderName };
  timing: { timeZoneInfo: unknown };
  security: { antiForgery: { tokenCookieName: string; tokenHeaderName: string } };
  custom: Record<string, unknown>;
  /**
   * The person's own language at the backend, when this device shows
   * another: ABP's saved language beats the culture header, and someone
   * who may not call `User/ChangeLanguage` cannot change it there.
   */
  accountLanguage?: AbpLanguage;
}

type Json = Record<string, unknown>;

const GET_ALL = ENDPOINTS.GetAll.path;

/** The sections the route guards, the menu, the clock, the language and the idle sign-out read. */
const REQUIRED = ['auth.grantedPermissions', 'features.allFeatures', 'setting.values', 'nav.menus', 'session', 'localization.currentLanguage', 'clock'];

function isObject(value: unknown): value is Json {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** A lookup table keeping the entries `keep` accepts, without Object's own names: `toString` finds nothing rather than a function. */
function table<T>(value: object, keep: (entry: unknown) => boolean): Record<string, T> {
  return Object.assign(Object.create(null) as Record<string, T>, Object.fromEntries(Object.entries(value).filter((entry) => keep(entry[1]))));
}

const isText = (value: unknown): boolean => typeof value === 'string';

function idOrNull(value: unknown): number | null {
  return Number.isFinite(value) ? (value as number) : null;
}

/**
 * GetAll's result as the app reads it. A backend, a proxy or another ABP
 * version may answer with anything: a result without the sections in
 * REQUIRED, or without a language name, is `malformed` (start-up goes on
 * without it, as after a failed GetAll); values of the wrong type inside
 * them are left out, so readers can call string methods on what is left.
 */
export function readUserConfiguration(value: unknown): UserConfiguration {
  if (!isObject(value)) malformed('the result');
  const at = (path: string): Json => path.split('.').reduce((parent, name) => (isObject(parent[name]) ? parent[name] : malformed(path)), value);
  for (const path of REQUIRED) at(path);
  const given = value as unknown as UserConfiguration;
  const { auth, session, clock } = given;
  const language = given.localization.currentLanguage as unknown as Json;
  if (!language.name || !isText(language.name)) malformed('localization.currentLanguage.name');
  return {
    ...given,
    session: {
      ...session,
      userId: idOrNull(session.userId),
      tenantId: idOrNull(session.tenantId),
      impersonatorUserId: idOrNull(session.impersonatorUserId),
      impersonatorTenantId: idOrNull(session.impersonatorTenantId),
    },
    localization: { ...given.localization, currentLanguage: { ...given.localization.currentLanguage, displayName: isText(language.displayName) ? given.localization.currentLanguage.displayName : '' } },
    features: { ...given.features, allFeatures: table(given.features.allFeatures, (feature) => isObject(feature) && isText(feature.value)) },
    auth: {
      ...auth,
      allPermissions: isObject(auth.allPermissions) ? table(auth.allPermissions, isText) : {},
      grantedPermissions: table(auth.grantedPermissions, isText),
    },
    setting: { ...given.setting, values: table(given.setting.values, isText) },
    clock: { provider: isText(clock.provider) ? clock.provider : 'unspecifiedClockProvider' },
  };
}

function malformed(part: string): never {
  // The answer came with a success status; only its content is wrong.
  throw new AbpError('malformed', 200, `${GET_ALL}: ${part} is not what ABP sends`);
}

/**
 * `culture`: asks for the texts of this language whatever the person's saved
 * one (ASP.NET's query culture comes before ABP's saved language, and ABP
 * saves nothing from it).
 */
export async function getUserConfiguration(client: AbpClient, culture?: string): Promise<UserConfiguration> {
  return readUserConfiguration(await client.get<unknown>(culture ? `${GET_ALL}?culture=${encodeURIComponent(culture)}` : GET_ALL));
}

/** ABP's `abp.auth.isGranted`: a permission is granted when the server lists it as granted. */
export function isGranted(configuration: UserConfiguration | undefined, permission: string): boolean {
  return configuration?.auth.grantedPermissions[permission] === 'true';
}
