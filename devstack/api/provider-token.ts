import { createRemoteJWKSet, errors, jwtVerify, type JWTPayload } from 'jose';

// Checks the provider's access token the way the real backend would, in
// one of the two ways an Okta org allows:
// - `jwt` (a custom authorization server): keys from the jwks_uri in the
//   issuer's discovery document, then signature, issuer, audience (this API),
//   lifetime and the RFC 9068 token type. A token of the org server (Mijn
//   account's, for Okta alone) is refused: it is not a JWT for this audience;
// - `userinfo` (an org without a custom server): the org server's token is
//   opaque to everyone but Okta, so the backend asks the issuer's userinfo
//   endpoint who it belongs to; an answer without `sub` refuses it.

export class ProviderUnavailableError extends Error {}

export type ProviderTokenVerifier = (token: string) => Promise<JWTPayload | undefined>;

/** How the backend checks the sign-in's access token: as a JWT for its audience, or at the issuer's /userinfo. */
export type ProviderTokenCheck = 'jwt' | 'userinfo';

/** One endpoint of the issuer's discovery document, read once. */
function discoveredEndpoint(issuer: string, name: 'jwks_uri' | 'userinfo_endpoint'): () => Promise<string> {
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

export function createProviderTokenVerifier(issuer: string, audience: string, check: ProviderTokenCheck = 'jwt'): ProviderTokenVerifier {
  return check === 'userinfo' ? createUserinfoVerifier(issuer) : createJwtVerifier(issuer, audience);
}

function createUserinfoVerifier(issuer: string): ProviderTokenVerifier {
  const userinfo = discoveredEndpoint(issuer, 'userinfo_endpoint');
  return async (token) => {
    let response: Response;
    try {
      response = await fetch(await userinfo(), { headers: { Authorization: `Bearer ${token}`, Accept: 'application/json' } });
    } catch (cause) {
      throw new ProviderUnavailableError('userinfo not reachable', { cause });
    }
    if (response.status >= 500) throw new ProviderUnavailableError(`userinfo answered ${response.status}`);
    if (!response.ok) return undefined;
    const claims = (await response.json().catch(() => undefined)) as JWTPayload | undefined;
    return typeof claims?.sub === 'string' ? claims : undefined;
  };
}

function createJwtVerifier(issuer: string, audience: string): ProviderTokenVerifier {
  let keySet: ReturnType<typeof createRemoteJWKSet> | undefined;
  const jwksUri = discoveredEndpoint(issuer, 'jwks_uri');

  const loadKeySet = async () => {
    keySet ??= createRemoteJWKSet(new URL(await jwksUri()));
    return keySet;
  };

  return async (token) => {
    const keys = await loadKeySet();
    try {
      const { payload } = await jwtVerify(token, keys, {
        issuer,
        audience,
        algorithms: ['RS256'],
        typ: 'at+jwt',
        requiredClaims: ['sub', 'exp'],
      });
      return payload;
    } catch (error) {
      // A key set that cannot be fetched is the provider's fault, not the token's.
      if (error instanceof errors.JWKSTimeout) throw new ProviderUnavailableError('jwks timed out', { cause: error });
      if (error instanceof TypeError) throw new ProviderUnavailableError('jwks not reachable', { cause: error });
      return undefined;
    }
  };
}
