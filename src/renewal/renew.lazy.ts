import type { TokenGrant } from '../../machines/token.types.ts';
import type { AppConfig } from '../config/appConfig.ts';
import { AuthError } from '../auth/authError.ts';
import { heldGrant, heldTokenExpiry, loginAtBackend, stayedSignedIn, storeAuthenticateResult } from '../signin/backendLogin.ts';
import { REFRESH_LOCK, refreshProviderTokens } from './refresh.lazy.ts';
import { canRenew, getProviderTokens, type ProviderTokens } from '../auth/providerTokens.ts';
import { publishProviderTokens, requestProviderTokens } from '../auth/providerTokenSharing.ts';

/** What this tab knew when its renewal was due: its backend token's expiry and the provider tokens it held. */
interface Known {
  expiresAt: number | undefined;
  tokens: ProviderTokens | undefined;
}

/**
 * Renews the backend session without a reload: refreshes the provider token
 * (RFC 6749 §6; the provider rotates the refresh token), then logs in at the
 * backend again. Tabs take turns through a Web Lock and share the rotated
 * refresh token, so one refresh token is never used twice: a tab that gets
 * the lock after another tab renewed takes that result (the backend cookie
 * is shared; it waits a moment for it when the other tab's rotated tokens
 * came first) instead of refreshing again.
 *
 * `knownExpiresAt` is when the backend token this tab is renewing expires.
 */
export async function renewTokens(config: AppConfig, knownExpiresAt?: number): Promise<TokenGrant> {
  const known: Known = { expiresAt: knownExpiresAt, tokens: getProviderTokens() };
  if (typeof navigator !== 'undefined' && navigator.locks) return navigator.locks.request(REFRESH_LOCK, () => renew(config, known));
  return renew(config, known);
}

/**
 * How long a tab that saw another tab's new provider tokens waits for that
 * tab's backend cookie. Firefox and WebKit hand a cookie written in one tab
 * to the others' processes a moment later, so the cookie can lag the lock;
 * the wait ends as soon as it arrives. Without it by then (the other tab's
 * backend login failed) this tab renews itself, with the rotated token.
 */
const COOKIE_LAG_MS = 2000;
const COOKIE_LOOK_MS = 25;

/**
 * The backend token another tab stored while this one waited, if it outlives
 * the one this tab knows; renewed late as that tab's would be (no refresh
 * token held), so two tabs do not take turns asking the person.
 */
function renewedElsewhere(knownExpiresAt: number | undefined): TokenGrant | undefined {
  const expiresAt = heldTokenExpiry();
  if (knownExpiresAt === undefined || expiresAt === undefined || expiresAt <= knownExpiresAt) return undefined;
  return heldGrant(expiresAt);
}

/**
 * Another tab refreshed (or renewed silently) while this one waited: its
 * rotated tokens reached this tab on the channel. A tab opened on its own
 * holds none of its own until then: any it holds now came from a tab that
 * renewed or signed in.
 */
function rotatedSince(before: ProviderTokens | undefined, now: ProviderTokens | undefined): boolean {
  if (now === undefined) return false;
  return before === undefined || now.refreshToken !== before.refreshToken || now.idToken !== before.idToken;
}

/** The other tab's backend token, once its cookie reaches this tab; `undefined` when it has not come within COOKIE_LAG_MS. */
async function cookieFromElsewhere(knownExpiresAt: number | undefined): Promise<TokenGrant | undefined> {
  for (const until = Date.now() + COOKIE_LAG_MS; Date.now() < until;) {
    await new Promise((resolve) => setTimeout(resolve, COOKIE_LOOK_MS));
    const renewed = renewedElsewhere(knownExpiresAt);
    if (renewed) return renewed;
  }
  return undefined;
}

async function renew(config: AppConfig, known: Known): Promise<TokenGrant> {
  const renewed =
    renewedElsewhere(known.expiresAt) ??
    (rotatedSince(known.tokens, getProviderTokens()) ? await cookieFromElsewhere(known.expiresAt) : undefined);
  if (renewed) return renewed;
  // A sign-out in this tab or another while the renewal waits for an answer: nothing of it is kept.
  const keepable = stayedSignedIn();
  let tokens = getProviderTokens();
  // A tab opened on its own has no copy of the tokens: another tab may have them.
  if (!canRenew(tokens)) tokens = await requestProviderTokens();
  if (!canRenew(tokens)) throw new AuthError('invalid-refresh-token', 'no refresh token held');
  const next = tokens.refreshToken ? (await refreshProviderTokens(config.auth, tokens)).tokens : await renewSilently(config, tokens);
  keepable();
  publishProviderTokens(next);
  const result = await loginAtBackend(config, next);
  keepable();
  storeAuthenticateResult(result);
  return {
    expiresAt: Date.now() + result.expireInSeconds * 1000,
    lifetimeMs: result.expireInSeconds * 1000,
    sessionEndsAt: next.sessionEndsAt,
    renewLate: !next.refreshToken,
  };
}

/**
 * Without a refresh token: a prompt=none authorization on the provider's
 * session. The person is asked (invalid-refresh-token) only when the
 * provider says its session has ended, or it now belongs to someone else.
 */
async function renewSilently(config: AppConfig, tokens: ProviderTokens): Promise<ProviderTokens> {
  const { authorizeSilently } = await import('./silent.lazy.ts');
  const next = await authorizeSilently(config.auth);
  if (next.subject !== tokens.subject) throw new AuthError('invalid-refresh-token', 'the provider session belongs to another user now');
  return next;
}
