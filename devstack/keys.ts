import { randomBytes } from 'node:crypto';
import { calculateJwkThumbprint, exportJWK, generateKeyPair, type JWK } from 'jose';

// Keys are made fresh at every start and live only in memory: nothing to
// leak, nothing to commit. A restart therefore invalidates every token,
// which is what a developer expects from a local stack.

/** An RS256 private JWK for the provider's signing key set. */
export async function createSigningJwk(): Promise<JWK> {
  const { privateKey } = await generateKeyPair('RS256', { extractable: true, modulusLength: 2048 });
  const jwk = await exportJWK(privateKey);
  jwk.kid = await calculateJwkThumbprint(jwk);
  jwk.alg = 'RS256';
  jwk.use = 'sig';
  return jwk;
}

/** Random keys for the provider's signed cookies. */
export function createCookieKeys(): string[] {
  return [randomBytes(32).toString('base64url')];
}

/** Random bytes for the API's HS256 and AES-GCM secrets. */
export function createSecret(bytes = 32): Uint8Array {
  return new Uint8Array(randomBytes(bytes));
}
