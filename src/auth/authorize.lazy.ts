import * as oauth from 'oauth4webapi';
import type { AuthConfig } from '../config/appConfig.ts';
import { HOME_PATH } from '../lib/paths.ts';
import { safeReturnPath } from '../lib/returnPath.ts';
import { takeLoginFormRequirement } from './loginPrompt.ts';
import { POPUP_STATE_PREFIX } from './popupProtocol.lazy.ts';
import { getProvider, SCOPES } from './provider.ts';
import { randomValue } from './random.ts';
import { forgetSignOut } from './signOutMarker.ts';
import { saveTransaction } from './transaction.ts';

export interface AuthorizationRequest {
  url: URL;
  state: string;
}

/**
 * Builds the authorization request (RFC 6749 §4.1.1 with PKCE S256, RFC 7636)
 * and stores its transaction under the state.
 */
export async function createAuthorizationRequest(
  config: AuthConfig,
  returnPath: string | undefined,
  { popup = false }: { popup?: boolean } = {},
): Promise<AuthorizationRequest> {
  const provider = await getProvider(config);
  const codeVerifier = oauth.generateRandomCodeVerifier();
  // Still 64 characters; a popup's callback page knows itself by the prefix.
  const state = popup ? POPUP_STATE_PREFIX + randomValue().slice(POPUP_STATE_PREFIX.length) : randomValue();
  const nonce = randomValue();
  const url = new URL(provider.as.authorization_endpoint!);
  url.search = new URLSearchParams({
    client_id: provider.client.client_id,
    redirect_uri: provider.redirectUri,
    response_type: 'code',
    scope: SCOPES,
    state,
    nonce,
    code_challenge: await oauth.calculatePKCECodeChallenge(codeVerifier),
    code_challenge_method: 'S256',
  }).toString();
  if (takeLoginFormRequirement()) url.searchParams.set('prompt', 'login');
  forgetSignOut();
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
