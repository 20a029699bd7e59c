import * as oauth from 'oauth4webapi';
import type { AuthConfig } from '../config/appConfig.ts';
import { AuthError } from './authError.ts';
import { getProvider, REDIRECT_PATH } from './provider.ts';
import { oauthErrorText, toAuthError } from './toAuthError.ts';
import { dpopHandle, withNonceRetry } from './dpop.lazy.ts';
import { accessTokenExpiry, personOf, sessionEnd, type ProviderTokens } from './providerTokens.ts';
import { takeTransaction } from './transaction.ts';
import { isJsonObject } from '../lib/json.ts';

/** okta-auth-js `isLoginRedirect`: the redirect URI's path with `code` or `error` in the query. */
export function isLoginRedirect(href: string, origin = location.origin): boolean {
  let url: URL;
  try {
    url = new URL(href, origin);
  } catch {
    // Text that is no address is no sign-in answer; a guard that threw would stop the callback machine instead.
    return false;
  }
  return url.origin === origin && url.pathname === REDIRECT_PATH && (url.searchParams.has('code') || url.searchParams.has('error'));
}

export interface CallbackResult {
  /** Absent when the provider's token response carried no access token. */
  tokens: ProviderTokens | undefined;
  returnPath: string;
}

/** True for a successful token response that holds no access token (oauth4webapi would reject it). */
async function lacksAccessToken(response: Response): Promise<boolean> {
  if (!response.ok) return false;
  const body: unknown = await response
    .clone()
    .json()
    .catch(() => undefined);
  // Only an object is a token response at all; oauth4webapi refuses anything else as the provider's error.
  if (!isJsonObject(body)) return false;
  const accessToken = body.access_token;
  return typeof accessToken !== 'string' || accessToken === '';
}

/**
 * Processes the authorization response: its transaction is taken (once), state
 * and RFC 9207 `iss` are checked, the code is exchanged with the PKCE verifier,
 * the ID token's iss, aud, azp, exp (with clock skew) and nonce validated, and
 * its signature verified against the provider's published keys (`jwks_uri`).
 */
export async function processCallback(config: AuthConfig, parameters: URLSearchParams): Promise<CallbackResult> {
  const provider = await getProvider(config);
  const state = parameters.get('state');
  if (!state) throw new AuthError('state-mismatch', 'the response carries no state');
  const transaction = takeTransaction(state);
  if (!transaction) throw new AuthError('no-transaction', 'no stored sign-in attempt for this state (used, expired or from another tab)');
  try {
    const callbackParameters = oauth.validateAuthResponse(provider.as, provider.client, parameters, transaction.state);
    const DPoP = await dpopHandle(config, provider);
    const { response, result } = await withNonceRetry(async () => {
      const response = await oauth.authorizationCodeGrantRequest(
        provider.as,
        provider.client,
        provider.clientAuth,
        callbackParameters,
        transaction.redirectUri,
        transaction.codeVerifier,
        { ...provider.options, DPoP },
      );
      if (await lacksAccessToken(response)) return { response, result: undefined };
      const result = await oauth.processAuthorizationCodeResponse(provider.as, provider.client, response, {
        expectedNonce: transaction.nonce,
        requireIdToken: true,
      });
      return { response, result };
    });
    if (!result) return { tokens: undefined, returnPath: transaction.returnPath };
    // oauth4webapi trusts TLS for tokens from the token endpoint (OIDC Core
    // 3.1.3.7) and does not verify their signature; a proxy, a plain-http
    // issuer or a tampered answer would go unnoticed, so verify it here.
    await oauth.validateApplicationLevelSignature(provider.as, response, provider.options);
    const claims = oauth.getValidatedIdTokenClaims(result)!;
    // The subject becomes the backend's external login key: an empty one would be one account for every such token.
    if (typeof claims.sub !== 'string' || claims.sub === '') throw new AuthError('invalid-token', 'the ID token names no subject');
    return {
      tokens: {
        accessToken: result.access_token,
        idToken: result.id_token,
        refreshToken: result.refresh_token,
        expiresAt: accessTokenExpiry(result.expires_in),
        subject: claims.sub,
        person: personOf(claims),
        ...(result.refresh_token ? { sessionEndsAt: sessionEnd(config.refreshTokenLifetimeMinutes) } : { silent: true }),
      },
      returnPath: transaction.returnPath,
    };
  } catch (error) {
    // At the code exchange, invalid_grant means the code was used, expired or
    // made for another sign-in attempt (PKCE), not a refresh token problem.
    if (error instanceof oauth.ResponseBodyError && error.error === 'invalid_grant') {
      throw new AuthError('no-transaction', oauthErrorText(error), { cause: error });
    }
    throw toAuthError(error);
  }
}
