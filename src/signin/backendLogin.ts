import { abpClientFor } from '../config/abpClient.ts';
import { AbpError } from '../abp/errors.ts';
import { loginRefusalOf } from '../abp/loginRefusal.ts';
import { getTenantId } from '../abp/tenant.ts';
import { logWarning } from '../lib/log.ts';
import { getToken } from '../abp/authToken.ts';
import { storeToken, tokenExpiry, tokenLifetime } from '../abp/authTokenStore.ts';
import { EXTERNAL_AUTHENTICATE_PATH, externalAuthenticate, type ExternalAuthenticateResult } from '../abp/externalAuthenticate.ts';
import type { AppConfig } from '../config/appConfig.ts';
import { AuthError, type AuthErrorKind } from '../auth/authError.ts';
import { getProviderTokens, type ProviderTokens } from '../auth/providerTokens.ts';
import type { TokenGrant } from '../../machines/token.types.ts';
import { dpopHandle, proofFor } from '../auth/dpop.lazy.ts';
import { getProvider } from '../auth/provider.ts';
import { onForgetPerson } from '../auth/leaveTab.ts';

/** An answer of an account that is not active: no token, as a backend that sends `waitingForActivation` says it. */
const NOT_ACTIVE: ExternalAuthenticateResult = {
  accessToken: null,
  encryptedAccessToken: null,
  expireInSeconds: 0,
  waitingForActivation: true,
};

/**
 * `TokenAuth/ExternalAuthenticate` with the provider's access token. ABP's
 * template refuses an inactive user with a 500 whose details say so; some
 * backends answer `waitingForActivation` instead: both come out as
 * `waitingForActivation: true`. `texts` are the backend's localization
 * values, when start-up has them, to read a refusal in any language.
 */
export async function loginAtBackend(
  config: AppConfig,
  tokens: ProviderTokens,
  texts?: Record<string, Record<string, string>>,
): Promise<ExternalAuthenticateResult> {
  try {
    return await externalAuthenticate(
      abpClientFor(config),
      { authProvider: config.auth.authProvider, providerKey: tokens.subject, providerAccessCode: tokens.accessToken },
      await dpopHeaders(config, tokens.accessToken),
    );
  } catch (error) {
    if (!(error instanceof AbpError)) throw error;
    const refusal = loginRefusalOf(error, texts);
    if (refusal === 'user-inactive') {
      logWarning('sign-in', 'the backend refused an account that is not active', error.message);
      return NOT_ACTIVE;
    }
    // The AbpError's message keeps its kind and status (e.g. "network (0)", "server (500)") for the log.
    throw new AuthError(refusal === 'tenant-inactive' ? 'tenant-inactive' : backendFailureKind(error), error.message, { cause: error });
  }
}

/** With DPoP, the backend gets a proof that this browser holds the key the access token is bound to. */
async function dpopHeaders(config: AppConfig, accessToken: string): Promise<Record<string, string> | undefined> {
  if (!config.auth.dpop) return undefined;
  const provider = await getProvider(config.auth);
  const handle = await dpopHandle(config.auth, provider);
  if (!handle) return undefined;
  const url = `${config.remoteServiceBaseUrl.replace(/\/+$/, '')}/${EXTERNAL_AUTHENTICATE_PATH}`;
  return { DPoP: await proofFor(handle, provider, accessToken, 'POST', url) };
}

/**
 * No answer is not a refusal: the person is told to check the connection or
 * wait, not to call the administrator. A refusal without a chosen
 * environment is ABP refusing a sign-in on the host (it registers no host
 * users): the way forward is to choose the environment.
 */
function backendFailureKind(error: AbpError): AuthErrorKind {
  if (error.kind === 'network') return 'backend-unreachable';
  if (error.kind === 'timeout') return 'backend-timeout';
  if (getTenantId() === undefined) return 'no-tenant';
  return 'backend-rejected';
}

/** How many sign-outs this page has seen (its own, or another tab's it heard of): `forgetPerson` runs at each. */
let departures = 0;
onForgetPerson(() => (departures += 1));

/**
 * For work that keeps the person's tokens when it ends (a renewal, a sign-in
 * in a popup): the check it makes before it keeps them. A page that heard a
 * sign-out leaves, but lives on until the next page comes, and an answer
 * that arrives meanwhile would put back a backend token or a refresh token
 * the sign-out had cleared, for the next person at this computer. The check
 * throws when a sign-out came since `stayedSignedIn()` was called.
 */
export function stayedSignedIn(): () => void {
  const since = departures;
  return () => {
    if (departures !== since) throw new AuthError('invalid-refresh-token', 'signed out while it was under way: nothing kept');
  };
}

/**
 * ABP's `processAuthenticateResult`: a token goes into `Abp.AuthToken` and
 * `enc_auth_token`; no token means the account waits for activation or the
 * answer is not what ABP sends ("Unexpected authenticateResult!").
 */
export function storeAuthenticateResult(result: ExternalAuthenticateResult): void {
  if (result.waitingForActivation) throw new AuthError('not-active', 'waitingForActivation');
  if (!result.accessToken) throw new AuthError('backend-rejected', 'Unexpected authenticateResult!');
  storeToken(result.accessToken, result.encryptedAccessToken ?? '', result.expireInSeconds);
  stored = { token: result.accessToken, expiresAt: Date.now() + result.expireInSeconds * 1000, lifetimeMs: result.expireInSeconds * 1000 };
}

/** The backend token this page stored last, when it expires and how long it lives as its answer said. */
let stored: { token: string; expiresAt: number; lifetimeMs: number } | undefined;

/**
 * When the backend token held now expires: as the ExternalAuthenticate
 * answer said (`expireInSeconds`) when this page got it; for a token this
 * page did not get (a reload, or another tab renewed it), from the token's
 * own `exp`.
 */
export function heldTokenExpiry(): number | undefined {
  const token = getToken();
  if (!token) return undefined;
  return stored?.token === token ? stored.expiresAt : tokenExpiry(token);
}

/** How long the backend token held now lives in all: as its answer said, or from its own `exp` and `iat` (a reload, another tab's renewal). */
export function heldTokenLifetime(): number | undefined {
  const token = getToken();
  if (!token) return undefined;
  return stored?.token === token ? stored.lifetimeMs : tokenLifetime(token);
}

/** The backend token held now, expiring at `expiresAt`, as a grant: after a reload, or when another tab stored it; renewed late when no refresh token is held. */
export function heldGrant(expiresAt: number): TokenGrant {
  const tokens = getProviderTokens();
  return { expiresAt, lifetimeMs: heldTokenLifetime(), sessionEndsAt: tokens?.sessionEndsAt, renewLate: !tokens?.refreshToken };
}
