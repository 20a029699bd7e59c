/**
 * Where this tab's provider tokens are kept in sessionStorage
 * (auth/providerTokens.ts). Start-up reads the person's name from the same
 * entry before the sign-in code loads (boot/personName.ts), so the key is
 * spelled here, below both.
 */
export const PROVIDER_TOKENS_KEY = 'oidc.tokens';

/**
 * The other entries of the tab's sessionStorage that belong to the person
 * signed in, spelled here so the sign-out (auth/leaveTab.ts) clears the
 * ones their owners write:
 * - a sign-in attempt under its state, with the page to return to (auth/transaction.ts);
 * - Mijn account's answer from its full-page visit to the provider (auth/popupProtocol.lazy.ts);
 * - what Mijn account's forms held across that visit (app/account.lazy.tsx);
 * - a handover code, per backend, environment and person (environments/handoverStore.ts).
 */
export const TRANSACTION_PREFIX = 'oidc.transaction.';
export const ACCOUNT_RETURN_KEY = 'oidc.account-return';
export const MY_ACCOUNT_DRAFTS_KEY = 'myaccount.drafts';
export const HANDOVER_PREFIX = 'handover:';
