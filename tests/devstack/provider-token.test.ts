import { createServer, type Server } from 'node:http';
import { exportJWK, generateKeyPair, SignJWT, type CryptoKey, type JWTPayload } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createProviderTokenVerifier, ProviderUnavailableError } from '../../devstack/api/provider-token.ts';
import { freePorts } from '../../devstack/ports.ts';

// The API's check of provider tokens, against a stand-in issuer whose key
// the test holds, so tokens with exactly one thing wrong can be made.

const AUDIENCE = 'http://localhost:21021';
/** An org server's opaque token, as its /userinfo knows it. */
const OPAQUE = 'opaque-org-token';
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
    if (req.url === '/.well-known/openid-configuration') res.end(JSON.stringify({ issuer, jwks_uri: `${issuer}/keys`, userinfo_endpoint: `${issuer}/userinfo` }));
    else if (req.url === '/keys') res.end(JSON.stringify({ keys: [jwk] }));
    else if (req.url === '/userinfo' && req.headers.authorization === `Bearer ${OPAQUE}`) res.end(JSON.stringify({ sub: 'idp-0001-admin', email: 'admin@isolatie.local' }));
    else if (req.url === '/userinfo' && req.headers.authorization === 'Bearer down') res.writeHead(503).end('{}');
    else if (req.url === '/userinfo') res.writeHead(401, { 'WWW-Authenticate': 'Bearer error="invalid_token"' }).end('{}');
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

describe('provider token check at /userinfo (an org without a custom authorization server)', () => {
  it('accepts a token the issuer\'s /userinfo answers for, with its claims', async () => {
    const verify = createProviderTokenVerifier(issuer, AUDIENCE, 'userinfo');
    expect(await verify(OPAQUE)).toMatchObject({ sub: 'idp-0001-admin', email: 'admin@isolatie.local' });
  });

  it('refuses a token /userinfo refuses, even a JWT that would pass as one', async () => {
    const verify = createProviderTokenVerifier(issuer, AUDIENCE, 'userinfo');
    expect(await verify('not-known')).toBeUndefined();
    expect(await verify(await token())).toBeUndefined();
  });

  it('reports a /userinfo that fails or cannot be reached as the provider\'s fault', async () => {
    await expect(createProviderTokenVerifier(issuer, AUDIENCE, 'userinfo')('down')).rejects.toBeInstanceOf(ProviderUnavailableError);
    const [port] = await freePorts(1);
    await expect(createProviderTokenVerifier(`http://localhost:${port}`, AUDIENCE, 'userinfo')(OPAQUE)).rejects.toBeInstanceOf(ProviderUnavailableError);
  });
});
