import type { AbpClient } from './client.ts';
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
}

type Json = Record<string, unknown>;

const GET_ALL = 'AbpUserConfiguration/GetAll';

function isObject(value: unknown): value is Json {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function malformed(part: string): never {
  // The answer came with a success status; only its content is wrong.
  throw new AbpError('malformed', 200, `${GET_ALL}: ${part} is not what ABP sends`);
}

/** A section the app reads into: an object, or the whole configuration is refused. */
function section(parent: Json, name: string, path: string): Json {
  const value = parent[name];
  if (!isObject(value)) malformed(path);
  return value;
}

/** A lookup table by name without Object's own names: a name like `toString` finds nothing rather than a function. */
function table<T>(entries: [string, T][]): Record<string, T> {
  return Object.assign(Object.create(null) as Record<string, T>, Object.fromEntries(entries));
}

/** A name-to-text table (permissions, settings) keeping only text values: the readers call string methods on them. */
function texts(value: Json): Record<string, string> {
  return table(Object.entries(value).filter((entry): entry is [string, string] => typeof entry[1] === 'string'));
}

function idOrNull(value: unknown): number | null {
  return typeof value === 'number' && Number.isFinite(value) ? value : null;
}

/**
 * GetAll's result as the app reads it. A backend, a proxy or another ABP
 * version may answer with anything: a result without the sections the route
 * guards, the menu, the clock, the language and the idle sign-out read is
 * `malformed` (start-up goes on without it, as after a failed GetAll); values
 * of the wrong type inside them are left out.
 */
export function readUserConfiguration(value: unknown): UserConfiguration {
  if (!isObject(value)) malformed('the result');
  const auth = section(value, 'auth', 'auth');
  const features = section(value, 'features', 'features');
  const setting = section(value, 'setting', 'setting');
  const nav = section(value, 'nav', 'nav');
  const session = section(value, 'session', 'session');
  const localization = section(value, 'localization', 'localization');
  const clock = section(value, 'clock', 'clock');
  const currentLanguage = section(localization, 'currentLanguage', 'localization.currentLanguage');
  if (typeof currentLanguage.name !== 'string' || currentLanguage.name === '') malformed('localization.currentLanguage.name');
  const allFeatures = Object.entries(section(features, 'allFeatures', 'features.allFeatures')).filter(
    (entry): entry is [string, { value: string }] => isObject(entry[1]) && typeof entry[1].value === 'string',
  );
  return {
    ...(value as unknown as UserConfiguration),
    session: {
      ...(session as unknown as UserConfiguration['session']),
      userId: idOrNull(session.userId),
      tenantId: idOrNull(session.tenantId),
      impersonatorUserId: idOrNull(session.impersonatorUserId),
      impersonatorTenantId: idOrNull(session.impersonatorTenantId),
    },
    localization: {
      ...(localization as unknown as UserConfiguration['localization']),
      currentLanguage: {
        ...(currentLanguage as unknown as AbpLanguage),
        name: currentLanguage.name,
        displayName: typeof currentLanguage.displayName === 'string' ? currentLanguage.displayName : '',
      },
    },
    features: { ...features, allFeatures: table(allFeatures) },
    auth: {
      ...auth,
      allPermissions: isObject(auth.allPermissions) ? texts(auth.allPermissions) : {},
      grantedPermissions: texts(section(auth, 'grantedPermissions', 'auth.grantedPermissions')),
    },
    nav: { ...nav, menus: section(nav, 'menus', 'nav.menus') },
    setting: { ...setting, values: texts(section(setting, 'values', 'setting.values')) },
    clock: { provider: typeof clock.provider === 'string' ? (clock.provider as ClockProviderName) : 'unspecifiedClockProvider' },
  };
}

export async function getUserConfiguration(client: AbpClient): Promise<UserConfiguration> {
  return readUserConfiguration(await client.get<unknown>(GET_ALL));
}

/** ABP's `abp.auth.isGranted`: a permission is granted when the server lists it as granted. */
export function isGranted(configuration: UserConfiguration | undefined, permission: string): boolean {
  return configuration?.auth.grantedPermissions[permission] === 'true';
}
