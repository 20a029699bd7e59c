import type { AbpClient } from './client.ts';

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

export function getUserConfiguration(client: AbpClient): Promise<UserConfiguration> {
  return client.get<UserConfiguration>('AbpUserConfiguration/GetAll');
}

/** ABP's `abp.auth.isGranted`: a permission is granted when the server lists it as granted. */
export function isGranted(configuration: UserConfiguration | undefined, permission: string): boolean {
  return configuration?.auth.grantedPermissions[permission] === 'true';
}
