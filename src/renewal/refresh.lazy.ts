import * as oauth from 'oauth4webapi';
import type { AuthConfig } from '../config/appConfig.ts';
import { getProvider } from '../auth/provider.ts';
import { oauthErrorText, toAuthError } from '../auth/toAuthError.ts';
import { AuthError } from '../auth/authError.ts';
import { dpopHandle, withNonceRetry } from '../auth/dpop.lazy.ts';
import { signInScopes } from '../auth/authorize.lazy.ts';
import { accessTokenExpiry, personOf, type ProviderTokens } from '../auth/providerTokens.ts';

/**
 * The Web Lock the tabs take around every use of the shared refresh token:
 * it rotates on each use, so two tabs must never send the same one.
 */
export const REFRESH_LOCK = 'oidc-renew';

export interface Refreshed {
  /** The tokens to keep: the rotated refresh token with the new access token. */
  tokens: ProviderTokens;
  /** The refresh answer's access token and when it expires. */
  accessToken: string;
  expiresAt: number;
}

/**
 * One refresh-token grant (RFC 6749 §6), with DPoP when appconfig turns it
 * on (`dpopHandle`, the nonce asked for once more), naming the sign-in's
 * own scopes (`scope`, as okta-auth-js does): the answer replaces the tab's tokens. (Mijn account never spends
 * this refresh token: its token comes from the org authorization server.)
 * The caller holds REFRESH_LOCK and publishes `tokens` to the other tabs.
 */
export async function refreshProviderTokens(config: AuthConfig, tokens: ProviderTokens): Promise<Refreshed> {
  const provider = await getProvider(config);
  try {
    const DPoP = await dpopHandle(config, provider);
    const result = await withNonceRetry(async () => {
      // The sign-in's scopes, as okta-auth-js sends them with every refresh (Okta's guides: `openid` for a new ID token).
      const response = await oauth.refreshTokenGrantRequest(provider.as, provider.client, provider.clientAuth, tokens.refreshToken!, {
        ...provider.options,
        additionalParameters: { scope: signInScopes(config) },
        DPoP,
      });
      return oauth.processRefreshTokenResponse(provider.as, provider.client, response);
    });
    const expiresAt = accessTokenExpiry(result.expires_in);
    const kept = {
      idToken: result.id_token ?? tokens.idToken,
      refreshToken: result.refresh_token ?? tokens.refreshToken,
      subject: tokens.subject,
      // Rotation keeps the chain's end (Okta keeps a rotated token's expiry): the one the sign-in set.
      sessionEndsAt: tokens.sessionEndsAt,
      // A renewal's ID token carries the profile as it is now: a name changed elsewhere shows at the next start.
      person: personOf(oauth.getValidatedIdTokenClaims(result)) ?? tokens.person,
    };
    const next: ProviderTokens = { ...kept, accessToken: result.access_token, expiresAt };
    return { tokens: next, accessToken: result.access_token, expiresAt };
  } catch (error) {
    // The refresh token is bound to a DPoP key this browser no longer holds (Okta's invalid_dpop_proof): only a new
    // sign-in binds the session to the key it has now. Not the session's end, and not the provider's fault.
    if (error instanceof oauth.ResponseBodyError && error.error === 'invalid_dpop_proof') {
      throw new AuthError('dpop-key-lost', oauthErrorText(error), { cause: error });
    }
    throw toAuthError(error);
  }
}
