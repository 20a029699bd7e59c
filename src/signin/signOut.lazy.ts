import * as oauth from 'oauth4webapi';
import { clearToken } from '../abp/authToken.ts';
import type { AuthConfig } from '../config/appConfig.ts';
import { logError } from '../lib/log.ts';
import { getProvider } from '../auth/provider.ts';
import { randomValue } from '../auth/random.ts';
import { signedOutPath, type SignOutReason } from '../lib/paths.ts';
import { rememberSignOut } from '../auth/signOutMarker.ts';
import { requireLoginForm } from '../auth/loginPrompt.ts';
import { canRenew, getProviderTokens } from '../auth/providerTokens.ts';
import { forgetPerson } from '../auth/leaveTab.ts';
import { leaveAfterSignOut } from './leavePage.ts';
import { announceSignOut, requestProviderTokens } from '../auth/providerTokenSharing.ts';
import { forgetDPoPKey } from '../auth/dpop.lazy.ts';

/** Where the provider sends people back after signing out (registered exactly, so no query). */
export function postLogoutRedirectUri(origin = location.origin): string {
  return `${origin}/account/login`;
}

/**
 * Signs out everywhere: the backend cookies go (path /), the refresh token is
 * revoked (RFC 7009), and the provider's session ends (RP-Initiated Logout 1.0).
 * Without a provider the person still lands signed out on the login page,
 * which says why (`reason`). Every other tab of this origin leaves too.
 *
 * The provider's logout needs the ID token (`id_token_hint`: Okta answers
 * without it with an error page of its own and no way back). A tab that
 * holds none, and gets none from another tab, ends the app's session only,
 * lands on the login page, and has the next sign-in ask for the password
 * (`prompt=login`), so the provider's session that may still run does not
 * sign the next person in as this one.
 */
export async function signOut(config: AuthConfig, reason: SignOutReason = 'signed-out'): Promise<void> {
  // A tab opened on its own may hold no tokens: the others hand theirs over, so the refresh token is revoked all the same.
  const held = getProviderTokens();
  // (Without refresh tokens at all, there is nothing to ask for.)
  const tokens = canRenew(held) ? held : ((await requestProviderTokens()) ?? held);
  clearToken();
  // Before the tab leaves, and before the other tabs are told: nothing of the person stays for the next one.
  forgetPerson();
  announceSignOut(reason);
  let endSession: URL | undefined;
  try {
    const provider = await getProvider(config);
    if (tokens?.refreshToken) {
      const response = await oauth.revocationRequest(
        provider.as,
        provider.client,
        provider.clientAuth,
        tokens.refreshToken,
        provider.options,
      );
      await oauth.processRevocationResponse(response);
    }
    if (provider.as.end_session_endpoint && tokens?.idToken) {
      endSession = new URL(provider.as.end_session_endpoint);
      endSession.searchParams.set('client_id', provider.client.client_id);
      const state = randomValue();
      endSession.searchParams.set('post_logout_redirect_uri', postLogoutRedirectUri());
      endSession.searchParams.set('state', state);
      rememberSignOut(state, reason);
      endSession.searchParams.set('id_token_hint', tokens.idToken);
    }
  } catch (error) {
    logError('sign-out', error);
  }
  if (!endSession) requireLoginForm();
  await forgetDPoPKey();
  leaveAfterSignOut(endSession?.href ?? signedOutPath(reason), 'assign');
}
