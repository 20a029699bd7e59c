import type { AuthConfig } from '../config/appConfig.ts';
import { AuthError } from '../auth/authError.ts';
import { createAuthorizationRequest, type AuthorizationOptions, type Reauthentication } from '../auth/authorize.lazy.ts';
import { processCallback } from '../auth/callback.ts';
import { dpopHandle } from '../auth/dpop.lazy.ts';
import { getProvider } from '../auth/provider.ts';
import { getProviderTokens, type ProviderTokens } from '../auth/providerTokens.ts';
import { requestProviderTokens } from '../auth/providerTokenSharing.ts';
import { authorizeSilently } from '../renewal/silent.lazy.ts';
import { authorizeInPopup, openPopup } from '../signin/popup.lazy.ts';
import { ACCOUNT_RETURN_KEY, ACCOUNT_RETURN_PATH } from '../auth/popupProtocol.lazy.ts';
import { MyAccountError, myAccountIssuer, type AccessSource, type MyAccountAccess } from './myAccount.ts';
import { MYACCOUNT_SCOPES } from './operations.lazy.ts';

// Mijn account's token, of its own: only Okta's org authorization server
// grants the my-account scopes, and its tokens are for Okta alone, so they
// never go to the backend, and the sign-in's token (the backend's) never
// comes here; the sign-in's refresh token is not spent on it either. The
// org server shares the sign-in's session at the provider, so a visit there
// asks no password: a hidden prompt=none frame where the browser lets it see
// that session (a provider on the app's own site), otherwise a popup at the
// person's click, a first-party visit that closes by itself (a full-page
// visit that comes back to Mijn account where popups are blocked). A token that
// expired or was refused is asked again the same way. DPoP-bound where
// appconfig turns DPoP on (the same key as the sign-in's).
//
// Always the signed-in person's: the provider's session may by now be
// someone else's (a shared computer, a colleague who signed in at the
// provider's own page). Every way to the token (frame, popup, full page)
// names the person (`login_hint`, and `id_token_hint` where the sign-in's ID
// token is the org server's own) and the token's subject is checked against
// the sign-in's, the external login ABP signed in with. A tab that cannot
// tell who signed in (no provider tokens here or in another tab) gets no
// token: Mijn account then says so and shows nothing.

/** Mijn account's address: where a popup's transaction and a full-page round trip return to. */
const ACCOUNT_PATH = ACCOUNT_RETURN_PATH;

/** The org authorization server as a provider to sign in at: the sign-in's client at Mijn account's issuer. */
function orgServer(config: AuthConfig): AuthConfig {
  return { ...config, issuer: myAccountIssuer(config) };
}

/** What Mijn account asks the org server for: OpenID Connect (the person's subject) and the my-account scopes it uses. */
const SCOPE = `openid ${MYACCOUNT_SCOPES}`;

/** The person the backend signed in: the sign-in's tokens in this tab, else another tab's; none when no tab has them. */
async function signedInPerson(): Promise<ProviderTokens> {
  const tokens = getProviderTokens() ?? (await requestProviderTokens());
  if (!tokens?.subject)
    throw new MyAccountError('unbound', 0, 'no provider tokens in this tab or another: the signed-in person is not known');
  return tokens;
}

/** An ID token's claims, unchecked (they only name whom to ask for: the answer's subject is checked). */
function claimsOf(idToken: string | undefined): Record<string, unknown> {
  try {
    const payload = idToken?.split('.')[1];
    const claims: unknown = payload ? JSON.parse(atob(payload.replace(/-/g, '+').replace(/_/g, '/'))) : undefined;
    return typeof claims === 'object' && claims !== null ? (claims as Record<string, unknown>) : {};
  } catch {
    return {};
  }
}

/**
 * The request for this person: Mijn account's scopes, `login_hint` with the
 * sign-in's login, and `id_token_hint` where the sign-in's ID token is the
 * org server's own (the org-only layout); a custom server's would be another
 * issuer's there.
 */
function targetFor(org: AuthConfig, config: AuthConfig, person: ProviderTokens): Pick<AuthorizationOptions, 'scope' | 'hints'> {
  const claims = claimsOf(person.idToken);
  const login = typeof claims.preferred_username === 'string' ? claims.preferred_username : undefined;
  const idToken = person.idToken && claims.iss === org.issuer && config.issuer === org.issuer ? person.idToken : undefined;
  return { scope: SCOPE, hints: { login, idToken } };
}

/** A my-account token with the DPoP handle its calls are proven with. */
async function accessWith(org: AuthConfig, accessToken: string): Promise<MyAccountAccess> {
  return { accessToken, DPoP: await dpopHandle(org, await getProvider(org)) };
}

/**
 * An AuthError from the org server said in the client's words: the scopes
 * refused, the session ended, or no answer. The org server answers Okta API
 * scopes the app was not granted with `consent_required` (Okta's
 * no_org_scopes_granted: only a Super Admin grants them, no consent page of
 * the person's can), `invalid_scope` where a scope is unknown to it.
 */
function fromAuthError(error: unknown): MyAccountError {
  if (error instanceof MyAccountError) return error;
  const detail = error instanceof Error ? error.message : String(error);
  if (error instanceof AuthError) {
    if (/\b(consent_required|invalid_scope)\b/.test(error.detail))
      return new MyAccountError('scope_refused', 400, detail, [], { cause: error, scopes: MYACCOUNT_SCOPES });
    if (error.kind === 'invalid-refresh-token') return new MyAccountError('session_ended', 0, detail, [], { cause: error });
    if (error.kind === 'provider-unreachable' || error.kind === 'timeout')
      return new MyAccountError('network', 0, detail, [], { cause: error });
  }
  return new MyAccountError('unknown', 0, detail, [], { cause: error });
}

/** Without a click: the hidden frame, where the browser still lets it see the provider's session. */
async function fromFrame(org: AuthConfig, config: AuthConfig): Promise<MyAccountAccess> {
  const person = await signedInPerson();
  try {
    const tokens = await authorizeSilently(org, targetFor(org, config, person));
    return await accessWith(org, samePerson(tokens, person).accessToken);
  } catch (error) {
    // login_required from a frame of a provider on another site (or no answer) is ambiguous: a first-party visit will tell.
    // From a provider on the app's own site it means what it says: the session has ended.
    // consent_required is the org's answer whatever the session: the scopes were not granted.
    if (error instanceof AuthError && /\bconsent_required\b/.test(error.detail)) throw fromAuthError(error);
    if (error instanceof AuthError && (error.kind === 'provider-session-unseen' || error.kind === 'timeout')) {
      throw new MyAccountError('connect', 0, error.message, [], { cause: error });
    }
    throw fromAuthError(error);
  }
}

/** The answer of Mijn account's full-page visit to the org server, once: the callback page kept it for this tab. */
function takeReturn(): URLSearchParams | undefined {
  const search = sessionStorage.getItem(ACCOUNT_RETURN_KEY);
  if (search === null) return undefined;
  sessionStorage.removeItem(ACCOUNT_RETURN_KEY);
  return new URLSearchParams(search);
}

/** The person signed in at the org server is the one signed in here (the ID token's subject, the user id at Okta on both servers); otherwise the token is dropped unused. */
function samePerson(tokens: ProviderTokens, person: ProviderTokens): ProviderTokens {
  if (tokens.subject !== person.subject)
    throw new MyAccountError('other_person', 0, 'the org server signed in another person than the one signed in here');
  return tokens;
}

/** The token from the code the full-page visit brought back. */
async function fromReturn(org: AuthConfig, parameters: URLSearchParams): Promise<MyAccountAccess> {
  try {
    const person = await signedInPerson();
    const { tokens } = await processCallback(org, parameters);
    if (!tokens) throw new MyAccountError('malformed', 200, 'the token response carried no access token');
    return await accessWith(org, samePerson(tokens, person).accessToken);
  } catch (error) {
    throw fromAuthError(error);
  }
}

/** Leaves the page for the org server (popups blocked); the answer comes back to Mijn account (`takeReturn`). */
async function visitOrgServer(org: AuthConfig, options: Omit<AuthorizationOptions, 'mode'>): Promise<never> {
  const { url } = await createAuthorizationRequest(org, ACCOUNT_PATH, { ...options, mode: 'account' });
  location.assign(url.href);
  // The page is leaving; nothing follows.
  return new Promise<never>(() => undefined);
}

/** The token source of Mijn account in this tab: kept until the API refuses it, and replaced by what a popup brings. */
export interface BrowserAccess {
  source: AccessSource;
  /**
   * One click: a my-account token from a popup at the org server (a
   * first-party visit), when the frame could not get one; where popups are
   * blocked, the same visit as a full page that comes back to Mijn account.
   */
  connect(): Promise<void>;
  /**
   * One click: a fresh authentication at the org server in a popup
   * (`prompt=login` with exactly the `max_age` and `acr_values` Okta's
   * challenge named, the same person); its token becomes Mijn account's. A
   * blocked popup falls back to the same visit as a full page that comes
   * back to Mijn account (`beforeRedirect` keeps what may be kept first).
   */
  reauthenticate(beforeRedirect: () => void, demands: Reauthentication): Promise<void>;
}

export function createBrowserAccess(config: AuthConfig): BrowserAccess {
  const org = orgServer(config);
  let held: Promise<MyAccountAccess> | undefined;
  const source: AccessSource = (fresh) => {
    if (fresh || !held) {
      const returned = fresh ? undefined : takeReturn();
      const attempt = returned ? fromReturn(org, returned) : fromFrame(org, config);
      held = attempt;
      // A failure is not kept: the next call asks again.
      attempt.catch(() => {
        if (held === attempt) held = undefined;
      });
    }
    return held;
  };

  /** Opens the popup at once (inside the click, or the browser blocks it), then sends it to the org server. */
  async function inPopup(options: Omit<AuthorizationOptions, 'mode'>, onBlocked: () => Promise<never>): Promise<ProviderTokens> {
    const popup = openPopup();
    if (!popup) return onBlocked();
    try {
      // Who signed in here is asked after the popup opened: inside the click, or the browser blocks it.
      const person = await signedInPerson();
      const outcome = await authorizeInPopup(org, popup, ACCOUNT_PATH, { ...options, ...targetFor(org, config, person) });
      if (outcome === 'closed' || outcome === 'timeout')
        throw new MyAccountError('connect', 0, `the popup ${outcome === 'closed' ? 'was closed' : 'timed out'}`);
      const { tokens } = await processCallback(org, outcome);
      if (!tokens) throw new MyAccountError('malformed', 200, 'the token response carried no access token');
      return samePerson(tokens, person);
    } catch (error) {
      throw fromAuthError(error);
    } finally {
      if (!popup.closed) popup.close();
    }
  }

  /** The same visit as a full page, for this person: where popups are blocked. */
  const visitAsPerson = async (options: Omit<AuthorizationOptions, 'mode'>): Promise<never> =>
    visitOrgServer(org, { ...options, ...targetFor(org, config, await signedInPerson()) });

  return {
    source,
    async connect() {
      const tokens = await inPopup({}, () => visitAsPerson({}));
      held = accessWith(org, tokens.accessToken);
    },
    async reauthenticate(beforeRedirect, demands) {
      const options = { reauthenticate: demands };
      const tokens = await inPopup(options, () => {
        beforeRedirect();
        return visitAsPerson(options);
      });
      held = accessWith(org, tokens.accessToken);
    },
  };
}
