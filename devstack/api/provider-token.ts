import { createRemoteJWKSet, errors, jwtVerify, type JWTPayload } from 'jose';

// Checks the provider's access token the way the real backend would
// (docs/deploy.md, "Okta"), in one of the two ways an Okta org allows:
// - `jwt` (layout A, a custom authorization server): keys from the jwks_uri in
//   the issuer's discovery document, then signature, issuer, audience (this
//   API), lifetime with at most two minutes of clock skew, `cid` this app's
//   client id and `uid` the person (Okta's user id; the token's `sub` is the
//   person's login). Not the header's `typ`: Okta's tokens carry none, and its
//   validation guides do not check it. A token of the org server (Mijn
//   account's, for Okta alone) is refused: it is not a JWT for this audience;
// - `introspect` (layout B, an org without a custom server): the org server's
//   token is opaque to everyone but Okta, so the backend asks the issuer's
//   /introspect, as the app's public client (its `client_id`), whether it is
//   active and for which client; a token of another client or one with an
//   `okta.myAccount.*` scope (Mijn account's) is refused. /userinfo then gives
//   the person's names and address for a user the backend registers: it says
//   whose token it is, never which app holds it, so it cannot be the check.

export class ProviderUnavailableError extends Error {}

/** The claims of an accepted token, with `uid`: Okta's user id, which the app sends as `providerKey`. */
export type ProviderClaims = JWTPayload & { uid: string };

export type ProviderTokenVerifier = (token: string) => Promise<ProviderClaims | undefined>;

/** How the backend checks the sign-in's access token: as a JWT for its audience (layout A), or at the issuer's /introspect (layout B). */
export type ProviderTokenCheck = 'jwt' | 'introspect';

/** The clock difference the checks allow either way, as Okta's validation guides advise (at most two minutes). */
export const CLOCK_SKEW_S = 120;

/** What the checks need: the issuer, this API's audience (layout A) and the app's client id (both). */
export interface ProviderTokenSettings {
  issuer: string;
  audience: string;
  clientId: string;
  /** Seconds of clock skew allowed (layout A). Default CLOCK_SKEW_S. */
  clockSkew?: number;
}

/** One endpoint of the issuer's discovery document, read once. */
function discoveredEndpoint(issuer: string, name: 'jwks_uri' | 'userinfo_endpoint' | 'introspection_endpoint'): () => Promise<string> {
  let found: string | undefined;
  return async () => {
    if (found) return found;
    try {
      const response = await fetch(`${issuer}/.well-known/openid-configuration`);
      if (!response.ok) throw new Error(`discovery answered ${response.status}`);
      const metadata = (await response.json()) as Record<string, unknown>;
      const value = metadata[name];
      if (typeof value !== 'string') throw new Error(`discovery has no ${name}`);
      found = value;
      return value;
    } catch (cause) {
      throw new ProviderUnavailableError(`Identity provider ${issuer} is not reachable`, { cause });
    }
  };
}

export function createProviderTokenVerifier(settings: ProviderTokenSettings, check: ProviderTokenCheck = 'jwt'): ProviderTokenVerifier {
  return check === 'introspect' ? createIntrospectionVerifier(settings) : createJwtVerifier(settings);
}

/** A call to the provider: a network failure or a 5xx is the provider's fault, not the token's. */
async function ask(what: string, request: () => Promise<Response>): Promise<Response> {
  let response: Response;
  try {
    response = await request();
  } catch (cause) {
    throw new ProviderUnavailableError(`${what} not reachable`, { cause });
  }
  if (response.status >= 500) throw new ProviderUnavailableError(`${what} answered ${response.status}`);
  return response;
}

const text = (value: unknown) => (typeof value === 'string' && value ? value : undefined);

function createIntrospectionVerifier({ issuer, clientId }: ProviderTokenSettings): ProviderTokenVerifier {
  const introspection = discoveredEndpoint(issuer, 'introspection_endpoint');
  const userinfo = discoveredEndpoint(issuer, 'userinfo_endpoint');
  return async (token) => {
    const endpoint = await introspection();
    const answer = await ask('introspect', () =>
      fetch(endpoint, {
        method: 'POST',
        headers: { 'Content-Type': 'application/x-www-form-urlencoded', Accept: 'application/json' },
        body: new URLSearchParams({ token, token_type_hint: 'access_token', client_id: clientId }),
      }),
    );
    if (!answer.ok) return undefined;
    const found = (await answer.json().catch(() => undefined)) as Record<string, unknown> | undefined;
    const scopes = typeof found?.scope === 'string' ? found.scope.split(' ') : [];
    const uid = text(found?.uid);
    if (found?.active !== true || found.client_id !== clientId || !uid || scopes.some((scope) => scope.startsWith('okta.myAccount.')))
      return undefined;
    const info = await ask('userinfo', async () =>
      fetch(await userinfo(), { headers: { Authorization: `Bearer ${token}`, Accept: 'application/json' } }),
    );
    if (!info.ok) return undefined;
    const claims = (await info.json().catch(() => undefined)) as JWTPayload | undefined;
    // The person /userinfo names is the one introspection did: else the answers are not about one token.
    return claims?.sub === uid ? { ...claims, uid } : undefined;
  };
}

function createJwtVerifier({ issuer, audience, clientId, clockSkew = CLOCK_SKEW_S }: ProviderTokenSettings): ProviderTokenVerifier {
  let keySet: ReturnType<typeof createRemoteJWKSet> | undefined;
  const jwksUri = discoveredEndpoint(issuer, 'jwks_uri');

  const loadKeySet = async () => {
    keySet ??= createRemoteJWKSet(new URL(await jwksUri()));
    return keySet;
  };

  return async (token) => {
    const keys = await loadKeySet();
    let payload: JWTPayload;
    try {
      ({ payload } = await jwtVerify(token, keys, {
        issuer,
        audience,
        algorithms: ['RS256'],
        clockTolerance: clockSkew,
        requiredClaims: ['exp', 'cid', 'uid'],
      }));
    } catch (error) {
      // A key set that cannot be fetched is the provider's fault, not the token's.
      if (error instanceof errors.JWKSTimeout) throw new ProviderUnavailableError('jwks timed out', { cause: error });
      if (error instanceof TypeError) throw new ProviderUnavailableError('jwks not reachable', { cause: error });
      return undefined;
    }
    const uid = text(payload.uid);
    // Another app of the org holds tokens of this server too: only this app's (its client id) sign in here.
    if (payload.cid !== clientId || !uid) return undefined;
    return { ...payload, uid };
  };
}
