/** Cookie names of ABP's client. */
export const TOKEN_COOKIE = 'Abp.AuthToken';
export const ENCRYPTED_TOKEN_COOKIE = 'enc_auth_token';
export const CULTURE_COOKIE = 'Abp.Localization.CultureName';
/** Tenant cookie since ABP v10 (PR #7055); `LEGACY_TENANT_COOKIE` before. */
export const TENANT_COOKIE = 'Abp-TenantId';
export const LEGACY_TENANT_COOKIE = 'Abp.TenantId';
