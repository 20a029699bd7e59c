import * as oauth from 'oauth4webapi';
import type { TokenGrant } from '../../machines/token.types.ts';
import type { AppConfig } from '../config/appConfig.ts';
import { AuthError } from './authError.ts';
import { loginAtBackend, storeAuthenticateResult } from './backendLogin.ts';
import { getProvider } from './provider.ts';
import { toAuthError } from './toAuthError.ts';
import { getProviderTokens, setProviderTokens, type ProviderTokens } from './tokens.ts';

const LOCK = 'oidc-renew';

/**
 * Renews the backend session without a reload: refreshes the provider token
 * (RFC 6749 §6; the provider rotates the refresh token), then logs in at the
 * backend again. Tabs take turns through a Web Lock, so one refresh token is
 * never used twice.
 */
export async function renewTokens(config: AppConfig): Promise<TokenGrant> {
  if (typeof navigator !== 'undefined' && navigator.locks) return navigator.locks.request(LOCK, () => renew(config));
  return renew(config);
}

async function renew(config: AppConfig): Promise<TokenGrant> {
  const tokens = getProviderTokens();
  if (!tokens?.refreshToken) throw new AuthError('invalid-refresh-token', 'no refresh token held');
  const next = await refresh(config, tokens);
  setProviderTokens(next);
  const result = await loginAtBackend(config, next);
  storeAuthenticateResult(result);
  return { expiresAt: Date.now() + result.expireInSeconds * 1000 };
}

async function refresh(config: AppConfig, tokens: ProviderTokens): Promise<ProviderTokens> {
  const provider = await getProvider(config.auth);
  try {
    const response = await oauth.refreshTokenGrantRequest(
      provider.as,
      provider.client,
      provider.clientAuth,
      tokens.refreshToken!,
      provider.options,
    );
    const result = await oauth.processRefreshTokenResponse(provider.as, provider.client, response);
    return {
      accessToken: result.access_token,
      idToken: result.id_token ?? tokens.idToken,
      refreshToken: result.refresh_token ?? tokens.refreshToken,
      expiresAt: Date.now() + (result.expires_in ?? 300) * 1000,
      subject: tokens.subject,
    };
  } catch (error) {
    throw toAuthError(error);
  }
}
