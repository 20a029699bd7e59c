import { createHash } from 'node:crypto';
import { calculateJwkThumbprint, decodeProtectedHeader, EmbeddedJWK, jwtVerify, type JWK } from 'jose';

// The check a backend makes of a DPoP proof (RFC 9449 §4.3 and §7.1) for a
// call that carries a DPoP-bound access token: what the ABP host has to add
// to ExternalAuthenticate once the provider binds its tokens to a key.

/**
 * How far a proof's `iat` may be from this clock, either way: the clock
 * difference the app tolerates for tokens (five minutes), since a staff
 * laptop's clock is not always right. A proof counts once (`jti`) within
 * that window.
 */
const WINDOW_S = 300;

export interface ProofCheck {
  /** The DPoP header, if any. */
  proof: string | undefined;
  accessToken: string;
  /** The access token's `cnf.jkt`: the thumbprint of the key it is bound to. */
  jkt: string;
  method: string;
  /** The request's address without query and fragment. */
  url: string;
}

/** Why a proof is refused, or undefined when it holds. `seen` keeps the jti of accepted proofs (with when they stop counting), so none is used twice. */
export async function dpopProofProblem(check: ProofCheck, seen: Map<string, number>, now = Date.now()): Promise<string | undefined> {
  if (!check.proof) return 'no DPoP proof for a DPoP-bound token';
  let payload;
  try {
    ({ payload } = await jwtVerify(check.proof, EmbeddedJWK, { typ: 'dpop+jwt', algorithms: ['ES256', 'RS256', 'PS256', 'EdDSA'] }));
  } catch (error) {
    return `the DPoP proof does not verify: ${error instanceof Error ? error.message : String(error)}`;
  }
  const jwk = decodeProtectedHeader(check.proof).jwk as JWK;
  if ((await calculateJwkThumbprint(jwk, 'sha256')) !== check.jkt)
    return 'the DPoP proof is signed by another key than the token is bound to';
  if (payload.htm !== check.method) return `the DPoP proof is for ${String(payload.htm)}, not ${check.method}`;
  if (payload.htu !== check.url) return `the DPoP proof is for ${String(payload.htu)}, not ${check.url}`;
  const ath = createHash('sha256').update(check.accessToken).digest('base64url');
  if (payload.ath !== ath) return 'the DPoP proof is not for this access token (ath)';
  const iat = typeof payload.iat === 'number' ? payload.iat : 0;
  const seconds = Math.floor(now / 1000);
  if (Math.abs(iat - seconds) > WINDOW_S) return 'the DPoP proof is too old or from the future';
  if (typeof payload.jti !== 'string' || !payload.jti) return 'the DPoP proof has no jti';
  for (const [jti, until] of seen) if (until < seconds) seen.delete(jti);
  if (seen.has(payload.jti)) return 'the DPoP proof was used before';
  seen.set(payload.jti, seconds + 2 * WINDOW_S);
  return undefined;
}
