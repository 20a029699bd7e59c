import { createRemoteJWKSet, errors, jwtVerify, type JWTPayload } from 'jose';

// Checks the provider's access token the way the real backend would: keys
// from the jwks_uri in the provider's discovery document, then signature,
// issuer, audience (this API), lifetime and the RFC 9068 token type.

export class ProviderUnavailableError extends Error {}

export type ProviderTokenVerifier = (token: string) => Promise<JWTPayload | undefined>;

export function createProviderTokenVerifier(issuer: string, audience: string): ProviderTokenVerifier {
  let keySet: ReturnType<typeof createRemoteJWKSet> | undefined;

  const loadKeySet = async () => {
    if (keySet) return keySet;
    let jwksUri: string;
    try {
      const response = await fetch(`${issuer}/.well-known/openid-configuration`);
      if (!response.ok) throw new Error(`discovery answered ${response.status}`);
      const metadata = (await response.json()) as { jwks_uri?: unknown };
      if (typeof metadata.jwks_uri !== 'string') throw new Error('discovery has no jwks_uri');
      jwksUri = metadata.jwks_uri;
    } catch (cause) {
      throw new ProviderUnavailableError(`Identity provider ${issuer} is not reachable`, { cause });
    }
    keySet = createRemoteJWKSet(new URL(jwksUri));
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
