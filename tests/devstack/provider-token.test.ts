import { createServer, type Server } from 'node:http';
import { exportJWK, generateKeyPair, SignJWT, type CryptoKey, type JWTPayload } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createProviderTokenVerifier, ProviderUnavailableError } from '../../devstack/api/provider-token.ts';
import { freePorts } from '../../devstack/ports.ts';

// The API's check of provider tokens, against a stand-in issuer whose key
// the test holds, so tokens with exactly one thing wrong can be made.

const AUDIENCE = 'http://localhost:21021';
let issuer: string;
let server: Server;
let key: CryptoKey;

beforeAll(async () => {
  const [port] = await freePorts(1);
  issuer = `http://localhost:${port}`;
  const pair = await generateKeyPair('RS256');
  key = pair.privateKey;
  const jwk = { ...(await exportJWK(pair.publicKey)), kid: 'k1', alg: 'RS256', use: 'sig' };
  server = createServer((req, res) => {
    res.setHeader('Content-Type', 'application/json');
    if (req.url === '/.well-known/openid-configuration') res.end(JSON.stringify({ issuer, jwks_uri: `${issuer}/keys` }));
    else if (req.url === '/keys') res.end(JSON.stringify({ keys: [jwk] }));
    else res.writeHead(404).end('{}');
  });
  await new Promise<void>((resolve) => server.listen(port, 'localhost', resolve));
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

function token(overrides: { payload?: JWTPayload; typ?: string; exp?: number; key?: CryptoKey } = {}) {
  const now = Math.floor(Date.now() / 1000);
  return new SignJWT({ email: 'admin@isolatie.local', ...overrides.payload })
    .setProtectedHeader({ alg: 'RS256', typ: overrides.typ ?? 'at+jwt', kid: 'k1' })
    .setIssuer(overrides.payload?.iss ?? issuer)
    .setAudience(overrides.payload?.aud ?? AUDIENCE)
    .setSubject('idp-0001-admin')
    .setIssuedAt(now)
    .setExpirationTime(overrides.exp ?? now + 300)
    .sign(overrides.key ?? key);
}

describe('provider token verification', () => {
  it('accepts a well-formed token and returns its claims', async () => {
    const verify = createProviderTokenVerifier(issuer, AUDIENCE);
    expect(await verify(await token())).toMatchObject({ sub: 'idp-0001-admin', email: 'admin@isolatie.local' });
  });

  it.each([
    ['another audience', () => token({ payload: { aud: 'http://localhost:9999' } })],
    ['another issuer', () => token({ payload: { iss: 'http://localhost:1' } })],
    ['an expired token', () => token({ exp: Math.floor(Date.now() / 1000) - 10 })],
    ['an ID token type', () => token({ typ: 'JWT' })],
    ['a token signed with another key', async () => token({ key: (await generateKeyPair('RS256')).privateKey })],
  ])('refuses %s', async (_name, make) => {
    const verify = createProviderTokenVerifier(issuer, AUDIENCE);
    expect(await verify(await make())).toBeUndefined();
  });

  it('reports an unreachable provider as such, not as a bad token', async () => {
    const [port] = await freePorts(1);
    const verify = createProviderTokenVerifier(`http://localhost:${port}`, AUDIENCE);
    await expect(verify(await token())).rejects.toBeInstanceOf(ProviderUnavailableError);
  });
});
