import type { AuthConfig } from '../config/appConfig.ts';
import { AuthError } from '../auth/authError.ts';
import { createAuthorizationRequest, MYACCOUNT_SCOPES, type AuthorizationOptions } from '../auth/authorize.lazy.ts';
import { processCallback } from '../auth/callback.ts';
import { dpopHandle } from '../auth/dpop.lazy.ts';
import { getProvider } from '../auth/provider.ts';
import { getProviderTokens, type ProviderTokens } from '../auth/providerTokens.ts';
import { publishProviderTokens, requestProviderTokens } from '../auth/providerTokenSharing.ts';
import { REFRESH_LOCK, refreshProviderTokens } from '../renewal/refresh.lazy.ts';
import { authorizeSilently } from '../renewal/silent.lazy.ts';
import { authorizeInPopup, openPopup } from '../signin/popup.lazy.ts';
import { MyAccountError, myAccountUrl, type AccessSource, type MyAccountAccess } from './myAccount.ts';
import { RECENT_AUTHENTICATION_SECONDS } from './operations.lazy.ts';

// Mijn account's token, first-party wherever it can be: the provider is on
// a site of its own, so its session cookie is a third party's on this page
// and a hidden prompt=none frame fails in Safari, Firefox and a Chrome that
// blocks such cookies. First choice: the sign-in's refresh token, exchanged
// for a my-account token (`scope` and `resource`), in turns with the
// renewals of every tab (one Web Lock; the token rotates on each use).
// Without a refresh token: the frame, and when it says login_required (the
// session may have ended, or the cookie may only be a third party's) a
// popup, a first-party visit, at the person's click.

/** Mijn account's address: where a popup's transaction and a full-page round trip return to. */
const ACCOUNT_PATH = '/app/account';

/** What the my-account token is asked for with at the token endpoint. */
function target(config: AuthConfig) {
  return { scope: MYACCOUNT_SCOPES, resource: myAccountUrl(config) };
}

/** The same asked for in an authorization (a frame or a popup), which is OpenID Connect's too. */
function authorizationTarget(config: AuthConfig) {
  return { scope: `openid ${MYACCOUNT_SCOPES}`, resource: myAccountUrl(config) };
}

/** A my-account token with the DPoP handle its calls are proven with. */
async function accessWith(config: AuthConfig, accessToken: string): Promise<MyAccountAccess> {
  return { accessToken, DPoP: await handle(config) };
}

/** An AuthError from the token endpoint said in the client's words: the scopes refused, the session ended, or no answer. */
function fromAuthError(error: unknown): MyAccountError {
  if (error instanceof MyAccountError) return error;
  const detail = error instanceof Error ? error.message : String(error);
  if (error instanceof AuthError) {
    if (error.kind === 'invalid-refresh-token') return new MyAccountError('session_ended', 0, detail, [], { cause: error });
    if (/\binvalid_scope\b/.test(error.detail)) return new MyAccountError('scope_refused', 400, detail, [], { cause: error, scopes: MYACCOUNT_SCOPES });
    if (error.kind === 'provider-unreachable' || error.kind === 'timeout') return new MyAccountError('network', 0, detail, [], { cause: error });
  }
  return new MyAccountError('unknown', 0, detail, [], { cause: error });
}

async function handle(config: AuthConfig) {
  return dpopHandle(config, await getProvider(config));
}

/** The held tokens, or another tab's when this tab has none (opened on its own). */
async function heldTokens(): Promise<ProviderTokens | undefined> {
  return getProviderTokens() ?? (await requestProviderTokens());
}

/** A my-account token from the shared refresh token; undefined when no refresh token is held. */
async function fromRefreshToken(config: AuthConfig): Promise<MyAccountAccess | undefined> {
  const run = async () => {
    const tokens = await heldTokens();
    if (!tokens?.refreshToken) return undefined;
    const refreshed = await refreshProviderTokens(config, tokens, target(config));
    // The rotated refresh token for every tab; the tab keeps its own access token for the API.
    publishProviderTokens(refreshed.tokens);
    return accessWith(config, refreshed.accessToken);
  };
  return navigator.locks ? navigator.locks.request(REFRESH_LOCK, run) : run();
}

/** Without a refresh token: the hidden frame, where the browser still lets it see the provider's session. */
async function fromFrame(config: AuthConfig): Promise<MyAccountAccess> {
  try {
    const tokens = await authorizeSilently(config, authorizationTarget(config));
    return await accessWith(config, tokens.accessToken);
  } catch (error) {
    // login_required from a frame of a provider on another site (or no answer) is ambiguous: a first-party visit will tell.
    // From a provider on the app's own site it means what it says: the session has ended.
    if (error instanceof AuthError && (error.kind === 'provider-session-unseen' || error.kind === 'timeout')) {
      throw new MyAccountError('connect', 0, error.message, [], { cause: error });
    }
    throw fromAuthError(error);
  }
}

/** The token source of Mijn account in this tab: kept until the API refuses it, and replaced by what a popup brings. */
export interface BrowserAccess {
  source: AccessSource;
  /** One click: a my-account token from a popup at the provider (a first-party visit), when the frame could not get one. */
  connect(): Promise<void>;
  /**
   * One click: a fresh authentication in a popup (`prompt=login`,
   * `max_age=900`, the sign-in's scopes, the same person); its tokens
   * become the tab's, and the next my-account token carries the new
   * authentication time. A blocked popup falls back to the same request as
   * a full-page round trip that comes back to Mijn account
   * (`beforeRedirect` keeps what may be kept first).
   */
  reauthenticate(beforeRedirect: () => void): Promise<void>;
}

export function createBrowserAccess(config: AuthConfig): BrowserAccess {
  let held: Promise<MyAccountAccess> | undefined;
  const source: AccessSource = (fresh) => {
    if (fresh || !held) {
      const attempt = (async () => {
        try {
          return (await fromRefreshToken(config)) ?? (await fromFrame(config));
        } catch (error) {
          throw fromAuthError(error);
        }
      })();
      held = attempt;
      // A failure is not kept: the next call asks again.
      attempt.catch(() => {
        if (held === attempt) held = undefined;
      });
    }
    return held;
  };

  /** Opens the popup at once (inside the click, or the browser blocks it), then sends it to the provider. */
  async function inPopup(options: Omit<AuthorizationOptions, 'mode'>, onBlocked?: () => Promise<never>): Promise<ProviderTokens> {
    const popup = openPopup();
    if (!popup) {
      if (onBlocked) return onBlocked();
      throw new MyAccountError('popup_blocked', 0, 'window.open returned null');
    }
    try {
      const outcome = await authorizeInPopup(config, popup, ACCOUNT_PATH, options);
      if (outcome === 'closed' || outcome === 'timeout') throw new MyAccountError('connect', 0, `the popup ${outcome === 'closed' ? 'was closed' : 'timed out'}`);
      const { tokens } = await processCallback(config, outcome);
      if (!tokens) throw new MyAccountError('malformed', 200, 'the token response carried no access token');
      const subject = getProviderTokens()?.subject;
      if (subject && tokens.subject !== subject) throw new MyAccountError('other_person', 0, 'the popup signed in another person');
      return tokens;
    } catch (error) {
      throw fromAuthError(error);
    } finally {
      if (!popup.closed) popup.close();
    }
  }

  return {
    source,
    async connect() {
      const tokens = await inPopup(authorizationTarget(config));
      held = accessWith(config, tokens.accessToken);
    },
    async reauthenticate(beforeRedirect) {
      const reauthenticate = { maxAge: RECENT_AUTHENTICATION_SECONDS };
      const withRefreshToken = Boolean(getProviderTokens()?.refreshToken);
      const options = withRefreshToken ? { reauthenticate } : { reauthenticate, ...authorizationTarget(config) };
      const tokens = await inPopup(options, async () => {
        beforeRedirect();
        const { url } = await createAuthorizationRequest(config, ACCOUNT_PATH, { reauthenticate });
        location.assign(url.href);
        // The page is leaving; nothing follows.
        return new Promise<never>(() => undefined);
      });
      if (withRefreshToken) {
        // The fresh sign-in's tokens are the tab's now; the my-account token comes from its refresh token.
        publishProviderTokens(tokens);
        held = undefined;
      } else {
        held = accessWith(config, tokens.accessToken);
      }
    },
  };
}
