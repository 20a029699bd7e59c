import { createHash, randomUUID } from 'node:crypto';
import { calculateJwkThumbprint, exportJWK, generateKeyPair, SignJWT } from 'jose';
import { describe, expect, it } from 'vitest';
import { dpopProofProblem } from '../../devstack/api/dpop-proof.ts';

// The API's check of a DPoP proof (RFC 9449 §4.3), case by case.

const URL = 'http://localhost:21021/api/TokenAuth/ExternalAuthenticate';
const TOKEN = 'the.access.token';

async function key() {
  const { publicKey, privateKey } = await generateKeyPair('ES256');
  const jwk = await exportJWK(publicKey);
  return { privateKey, jwk, jkt: await calculateJwkThumbprint(jwk, 'sha256') };
}

async function proof(signer: Awaited<ReturnType<typeof key>>, claims: Record<string, unknown> = {}, typ = 'dpop+jwt') {
  const iat = Math.floor(Date.now() / 1000);
  return new SignJWT({
    htm: 'POST',
    htu: URL,
    ath: createHash('sha256').update(TOKEN).digest('base64url'),
    jti: randomUUID(),
    iat,
    ...claims,
  })
    .setProtectedHeader({ alg: 'ES256', typ, jwk: signer.jwk })
    .sign(signer.privateKey);
}

describe('the DPoP proof check of the API', () => {
  it('accepts a fresh proof of the bound key for this call and this token, once', async () => {
    const signer = await key();
    const seen = new Map<string, number>();
    const check = { proof: await proof(signer), accessToken: TOKEN, jkt: signer.jkt, method: 'POST', url: URL };
    expect(await dpopProofProblem(check, seen)).toBeUndefined();
    expect(await dpopProofProblem(check, seen)).toBe('the DPoP proof was used before');
  });

  it.each([
    ['no proof', async () => undefined, /no DPoP proof/],
    ['another key', async () => proof(await key()), /another key/],
    ['another method', async (signer: Awaited<ReturnType<typeof key>>) => proof(signer, { htm: 'GET' }), /is for GET/],
    [
      'another address',
      async (signer: Awaited<ReturnType<typeof key>>) => proof(signer, { htu: 'http://localhost:21021/api/other' }),
      /api\/other/,
    ],
    ['another token', async (signer: Awaited<ReturnType<typeof key>>) => proof(signer, { ath: 'x' }), /\(ath\)/],
    [
      'a proof older than five minutes',
      async (signer: Awaited<ReturnType<typeof key>>) => proof(signer, { iat: Math.floor(Date.now() / 1000) - 400 }),
      /too old/,
    ],
    [
      'a proof from more than five minutes ahead',
      async (signer: Awaited<ReturnType<typeof key>>) => proof(signer, { iat: Math.floor(Date.now() / 1000) + 400 }),
      /from the future/,
    ],
    ['no jti', async (signer: Awaited<ReturnType<typeof key>>) => proof(signer, { jti: '' }), /no jti/],
    ['another type', async (signer: Awaited<ReturnType<typeof key>>) => proof(signer, {}, 'JWT'), /does not verify/],
  ])('refuses %s', async (_name, make, problem) => {
    const signer = await key();
    const check = { proof: await make(signer), accessToken: TOKEN, jkt: signer.jkt, method: 'POST', url: URL };
    expect(await dpopProofProblem(check, new Map())).toMatch(problem);
  });
});
