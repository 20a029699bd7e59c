/**
 * Where this tab's provider tokens are kept in sessionStorage
 * (auth/providerTokens.ts). Start-up reads the person's name from the same
 * entry before the sign-in code loads (boot/personName.ts), so the key is
 * spelled here, below both.
 */
export const PROVIDER_TOKENS_KEY = 'oidc.tokens';
