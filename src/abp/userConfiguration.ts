import type { AbpClient, GetOptions } from './client.ts';
import * as ENDPOINTS from '../endpoints/endpointTable.ts';
import { AbpError } from './errors.ts';
import { isJsonObject, textOf, type JsonObject } from '../lib/json.ts';

/** A language as ABP lists it, the parts the language select reads. */
export interface AbpLanguage {
  name: string;
  /** Empty when the server sent none: readers fall back to `name`. */
  displayName: string;
  isDisabled: boolean;
}

/**
 * The result of `AbpUserConfiguration/GetAll`, the parts the app reads:
 * the rest of ABP's answer (multi-tenancy sides, text sources, time zone,
 * anti-forgery names, custom data) is left out when it is read.
 */
export interface UserConfiguration {
  session: {
    userId: number | null;
    tenantId: number | null;
    impersonatorUserId: number | null;
    impersonatorTenantId: number | null;
  };
  localization: {
    languages: AbpLanguage[];
    currentLanguage: AbpLanguage;
    /** The texts of each source (`AbpZero`, the app's), by name. */
    values: Record<string, Record<string, string>>;
  };
  features: { allFeatures: Record<string, { value: string }> };
  auth: { allPermissions: Record<string, string>; grantedPermissions: Record<string, string> };
  /** ABP's menus by name; `abp/menu.ts` checks the items of `MainMenu` field by field. */
  nav: { menus: Record<string, unknown> };
  setting: { values: Record<string, string> };
  /** The clock provider's name, as `clockFor` reads it. */
  clock: { provider: string };
}

const GET_ALL = ENDPOINTS.GetAll.path;

/** The sections the route guards, the menu, the clock, the language and the idle sign-out read. */
const REQUIRED = [
  'auth.grantedPermissions',
  'features.allFeatures',
  'setting.values',
  'nav.menus',
  'session',
  'localization.currentLanguage',
  'clock',
];

/** A lookup table of the entries `read` makes something of, without Object's own names: `toString` finds nothing rather than a function. */
function table<T>(value: unknown, read: (entry: unknown) => T | undefined): Record<string, T> {
  const kept: Record<string, T> = Object.create(null);
  for (const [key, entry] of Object.entries(isJsonObject(value) ? value : {})) {
    const item = read(entry);
    if (item !== undefined) kept[key] = item;
  }
  return kept;
}

function idOrNull(value: unknown): number | null {
  return typeof value === 'number' && Number.isFinite(value) ? value : null;
}

/** A language as ABP lists it; without a name it is none. */
function readLanguage(value: unknown): AbpLanguage | undefined {
  if (!isJsonObject(value)) return undefined;
  const name = textOf(value.name);
  return name ? { name, displayName: textOf(value.displayName) ?? '', isDisabled: value.isDisabled === true } : undefined;
}

/** A feature as ABP lists it: its value is text (`"true"`), else it is left out. */
function readFeature(value: unknown): { value: string } | undefined {
  const on = isJsonObject(value) ? textOf(value.value) : undefined;
  return on === undefined ? undefined : { value: on };
}

/**
 * GetAll's result as the app reads it. A backend, a proxy or another ABP
 * version may answer with anything: a result without the sections in
 * REQUIRED, or without a language name, is `malformed` (start-up goes on
 * without it, as after a failed GetAll); values of the wrong type inside
 * them are left out, so readers can call string methods on what is left.
 */
export function readUserConfiguration(value: unknown): UserConfiguration {
  if (!isJsonObject(value)) malformed('the result');
  const at = (path: string): JsonObject =>
    path.split('.').reduce((parent, name) => (isJsonObject(parent[name]) ? parent[name] : malformed(path)), value);
  for (const path of REQUIRED) at(path);
  const session = at('session');
  const localization = at('localization');
  const auth = at('auth');
  const currentLanguage = readLanguage(localization.currentLanguage) ?? malformed('localization.currentLanguage.name');
  return {
    session: {
      userId: idOrNull(session.userId),
      tenantId: idOrNull(session.tenantId),
      impersonatorUserId: idOrNull(session.impersonatorUserId),
      impersonatorTenantId: idOrNull(session.impersonatorTenantId),
    },
    localization: {
      languages: Array.isArray(localization.languages) ? localization.languages.flatMap((language) => readLanguage(language) ?? []) : [],
      currentLanguage,
      values: table(localization.values, (source) => table(source, textOf)),
    },
    features: { allFeatures: table(at('features').allFeatures, readFeature) },
    auth: { allPermissions: table(auth.allPermissions, textOf), grantedPermissions: table(auth.grantedPermissions, textOf) },
    nav: { menus: at('nav.menus') },
    setting: { values: table(at('setting').values, textOf) },
    clock: { provider: textOf(at('clock').provider) ?? 'unspecifiedClockProvider' },
  };
}

function malformed(part: string): never {
  // The answer came with a success status; only its content is wrong.
  throw new AbpError('malformed', 200, `${GET_ALL}: ${part} is not what ABP sends`);
}

/** `options.personLanguage`: in the language ABP keeps for the signed-in person (client.ts). */
export async function getUserConfiguration(client: AbpClient, options?: GetOptions): Promise<UserConfiguration> {
  return readUserConfiguration(await client.get<unknown>(GET_ALL, options));
}

/** ABP's `abp.auth.isGranted`: a permission is granted when the server lists it as granted. */
export function isGranted(configuration: UserConfiguration | undefined, permission: string): boolean {
  return configuration?.auth.grantedPermissions[permission] === 'true';
}
