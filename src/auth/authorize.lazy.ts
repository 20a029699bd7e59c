import * as oauth from 'oauth4webapi';
import type { AuthConfig } from '../config/appConfig.ts';
import { HOME_PATH } from '../lib/paths.ts';
import { safeReturnPath } from '../lib/returnPath.ts';
import { takeLoginFormRequirement } from './loginPrompt.ts';
import { ACCOUNT_STATE_PREFIX, POPUP_STATE_PREFIX, SILENT_STATE_PREFIX } from './popupProtocol.lazy.ts';
import { getProvider, SCOPES } from './provider.ts';
import { randomValue } from './random.ts';
import { dpopHandle } from './dpop.lazy.ts';
import { forgetSignOut } from './signOutMarker.ts';
import { saveTransaction } from './transaction.ts';
import { askForPageLanguage } from './uiLocales.ts';

export interface AuthorizationRequest {
  url: URL;
  state: string;
}

/** How the answer comes back, and what is asked for when it is not the sign-in's own. */
export interface AuthorizationOptions {
  /**
   * `popup` and `silent` (prompt=none in a hidden frame) keep this page;
   * `account` leaves it for Mijn account's full-page visit. Their callback
   * page knows itself by the state's prefix.
   */
  mode?: 'redirect' | 'popup' | 'silent' | 'account';
  /** Scopes instead of the sign-in's own (Mijn account's, at the org authorization server). */
  scope?: string;
  /**
   * A fresh authentication (OpenID Connect `prompt=login`), with exactly
   * the `max_age` and `acr_values` Okta's challenge named (its my-account
   * API's 403 `insufficient_authentication_context` before a change).
   */
  reauthenticate?: Reauthentication;
  /**
   * Whom the request is for (Mijn account's, at the org authorization
   * server): `login_hint` with the login, `id_token_hint` with an ID token
   * of that server's own. The answer's subject is checked all the same.
   */
  hints?: { login?: string; idToken?: string };
}

/** What Okta's `insufficient_authentication_context` challenge asks for: `max_age` (seconds, 0 included) and `acr_values`, each when named. */
export interface Reauthentication {
  maxAge?: number;
  acrValues?: string;
}

/** A scope-token of RFC 6749 §3.3: printable ASCII without space, `"` and `\`. */
const SCOPE_TOKEN = /^[\x21\x23-\x5B\x5D-\x7E]+$/;

/**
 * What a sign-in asks for beyond the spec's scopes when appconfig names
 * none: `offline_access`, so renewals use a rotating refresh token instead of
 * a hidden frame that a provider on its own site cannot serve (its session
 * cookie is a third party's there). Never a my-account scope: only Okta's
 * org authorization server grants those, and its tokens are for Okta alone,
 * while the sign-in's access token goes to the backend (Mijn account gets a
 * token of its own: myaccount/access.lazy.ts).
 */
export const DEFAULT_EXTRA_SCOPES = 'offline_access';

/**
 * The spec's `openid profile email`, plus the extra scopes appconfig names
 * (by default DEFAULT_EXTRA_SCOPES); anything that is no scope-token is left
 * out, and so is a my-account scope an older configuration still names.
 */
export function signInScopes(config: AuthConfig): string {
  const extra = (config.scopes ?? DEFAULT_EXTRA_SCOPES)
    .split(/\s+/)
    .filter((scope) => SCOPE_TOKEN.test(scope) && !scope.startsWith('okta.myAccount.'));
  return [...new Set([...SCOPES.split(' '), ...extra])].join(' ');
}

const STATE_PREFIX = { redirect: '', popup: POPUP_STATE_PREFIX, silent: SILENT_STATE_PREFIX, account: ACCOUNT_STATE_PREFIX };

/**
 * Builds the authorization request (RFC 6749 §4.1.1 with PKCE S256, RFC 7636)
 * and stores its transaction under the state.
 */
export async function createAuthorizationRequest(
  config: AuthConfig,
  returnPath: string | undefined,
  { mode = 'redirect', scope, reauthenticate, hints }: AuthorizationOptions = {},
): Promise<AuthorizationRequest> {
  const provider = await getProvider(config);
  const codeVerifier = oauth.generateRandomCodeVerifier();
  // Still 64 characters; a popup's or frame's callback page knows itself by the prefix.
  const prefix = STATE_PREFIX[mode];
  const state = prefix + randomValue().slice(prefix.length);
  const nonce = randomValue();
  const url = new URL(provider.as.authorization_endpoint!);
  url.search = new URLSearchParams({
    client_id: provider.client.client_id,
    redirect_uri: provider.redirectUri,
    response_type: 'code',
    scope: scope ?? signInScopes(config),
    state,
    nonce,
    code_challenge: await oauth.calculatePKCECodeChallenge(codeVerifier),
    code_challenge_method: 'S256',
  }).toString();
  askForPageLanguage(url);
  if (hints?.login) url.searchParams.set('login_hint', hints.login);
  if (hints?.idToken) url.searchParams.set('id_token_hint', hints.idToken);
  // The code is bound to this browser's DPoP key too (RFC 9449 §10). Tabs that sign in at the same
  // moment share the key, so neither tab's code is left bound to a key the other replaced.
  const DPoP = await dpopHandle(config, provider);
  if (DPoP) url.searchParams.set('dpop_jkt', await DPoP.calculateThumbprint());
  if (mode === 'silent') {
    url.searchParams.set('prompt', 'none');
  } else {
    if (takeLoginFormRequirement() || reauthenticate) url.searchParams.set('prompt', 'login');
    if (reauthenticate?.maxAge !== undefined) url.searchParams.set('max_age', String(reauthenticate.maxAge));
    if (reauthenticate?.acrValues) url.searchParams.set('acr_values', reauthenticate.acrValues);
    forgetSignOut();
  }
  saveTransaction({
    state,
    nonce,
    codeVerifier,
    returnPath: safeReturnPath(returnPath) ?? HOME_PATH,
    redirectUri: provider.redirectUri,
    createdAt: Date.now(),
  });
  return { url, state };
}

/** Redirect sign-in: leaves the page for the provider. */
export async function signInWithRedirect(config: AuthConfig, returnPath: string | undefined): Promise<void> {
  const { url } = await createAuthorizationRequest(config, returnPath);
  location.assign(url.href);
}
