import { createServer, type IncomingMessage, type Server } from 'node:http';
import { exportJWK, generateKeyPair, SignJWT, type CryptoKey, type JWTPayload } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createProviderTokenVerifier, ProviderUnavailableError, type ProviderTokenSettings } from '../../devstack/api/provider-token.ts';
import { freePorts } from '../../devstack/ports.ts';

// The API's check of provider tokens, against a stand-in issuer whose key
// the test holds, so tokens with exactly one thing wrong can be made.

const AUDIENCE = 'http://localhost:21021';
const CLIENT = 'isolatie-staff';
/** Org server tokens as its /introspect knows them: the sign-in's, another app's, Mijn account's, and a 5xx. */
const OPAQUE = 'opaque-org-token';
const OTHER_APP = 'opaque-other-app';
const MY_ACCOUNT = 'opaque-my-account';
const DOWN = 'down';
const PERSON = { sub: 'admin', username: 'admin', uid: 'idp-0001-admin' };
const INTROSPECTED: Record<string, object> = {
  [OPAQUE]: { active: true, client_id: CLIENT, scope: 'openid profile email offline_access', ...PERSON },
  [OTHER_APP]: { active: true, client_id: 'andere-app', scope: 'openid profile email', ...PERSON },
  [MY_ACCOUNT]: { active: true, client_id: CLIENT, scope: 'openid okta.myAccount.email.manage', ...PERSON },
};
let issuer: string;
let server: Server;
let key: CryptoKey;
let settings: ProviderTokenSettings;

async function form(req: IncomingMessage): Promise<URLSearchParams> {
  let text = '';
  for await (const chunk of req) text += String(chunk);
  return new URLSearchParams(text);
}

beforeAll(async () => {
  const [port] = await freePorts(1);
  issuer = `http://localhost:${port}`;
  settings = { issuer, audience: AUDIENCE, clientId: CLIENT };
  const pair = await generateKeyPair('RS256');
  key = pair.privateKey;
  const jwk = { ...(await exportJWK(pair.publicKey)), kid: 'k1', alg: 'RS256', use: 'sig' };
  server = createServer((req, res) => {
    res.setHeader('Content-Type', 'application/json');
    if (req.url === '/.well-known/openid-configuration') {
      res.end(
        JSON.stringify({
          issuer,
          jwks_uri: `${issuer}/keys`,
          userinfo_endpoint: `${issuer}/userinfo`,
          introspection_endpoint: `${issuer}/introspect`,
        }),
      );
    } else if (req.url === '/keys') res.end(JSON.stringify({ keys: [jwk] }));
    else if (req.url === '/introspect' && req.method === 'POST') {
      void form(req).then((params) => {
        const token = params.get('token') ?? '';
        if (params.get('client_id') !== CLIENT) res.writeHead(401).end(JSON.stringify({ error: 'invalid_client' }));
        else if (token === DOWN) res.writeHead(503).end('{}');
        else res.end(JSON.stringify(INTROSPECTED[token] ?? { active: false }));
      });
    } else if (req.url === '/userinfo' && req.headers.authorization?.startsWith('Bearer opaque-'))
      res.end(JSON.stringify({ sub: 'idp-0001-admin', email: 'admin@isolatie.local' }));
    else if (req.url === '/userinfo') res.writeHead(401, { 'WWW-Authenticate': 'Bearer error="invalid_token"' }).end('{}');
    else res.writeHead(404).end('{}');
  });
  await new Promise<void>((resolve) => server.listen(port, 'localhost', resolve));
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

/** A custom server's access token as Okta mints it: no `typ`, `sub` the login, `uid` the user id, `cid` the client. */
function token(overrides: { payload?: JWTPayload; typ?: string; iat?: number; exp?: number; key?: CryptoKey } = {}) {
  const now = Math.floor(Date.now() / 1000);
  return new SignJWT({
    ver: 1,
    cid: CLIENT,
    uid: 'idp-0001-admin',
    scp: ['openid', 'profile', 'email', 'offline_access'],
    email: 'admin@isolatie.local',
    ...overrides.payload,
  })
    .setProtectedHeader({ alg: 'RS256', kid: 'k1', ...(overrides.typ ? { typ: overrides.typ } : {}) })
    .setIssuer(overrides.payload?.iss ?? issuer)
    .setAudience(overrides.payload?.aud ?? AUDIENCE)
    .setSubject('admin')
    .setIssuedAt(overrides.iat ?? now)
    .setExpirationTime(overrides.exp ?? now + 300)
    .sign(overrides.key ?? key);
}

describe("provider token verification (layout A: a custom server's JWT)", () => {
  it('accepts a token as Okta mints it and names the person by uid, not by sub (the login)', async () => {
    const verify = createProviderTokenVerifier(settings);
    expect(await verify(await token())).toMatchObject({ uid: 'idp-0001-admin', sub: 'admin', email: 'admin@isolatie.local' });
  });

  it("does not look at the header's typ", async () => {
    const verify = createProviderTokenVerifier(settings);
    expect(await verify(await token({ typ: 'JWT' }))).toMatchObject({ uid: 'idp-0001-admin' });
  });

  it('allows two minutes of clock skew, and not three', async () => {
    const verify = createProviderTokenVerifier(settings);
    const now = Math.floor(Date.now() / 1000);
    expect(await verify(await token({ iat: now - 600, exp: now - 100 }))).toMatchObject({ uid: 'idp-0001-admin' });
    expect(await verify(await token({ iat: now - 600, exp: now - 180 }))).toBeUndefined();
  });

  it.each([
    ['another audience', () => token({ payload: { aud: 'http://localhost:9999' } })],
    ['another issuer', () => token({ payload: { iss: 'http://localhost:1' } })],
    ['an expired token', () => token({ exp: Math.floor(Date.now() / 1000) - 10 * 60 })],
    ["another app's token (cid)", () => token({ payload: { cid: 'andere-app' } })],
    ['a token without cid', () => token({ payload: { cid: undefined } })],
    ['a token without uid', () => token({ payload: { uid: undefined } })],
    ['a token signed with another key', async () => token({ key: (await generateKeyPair('RS256')).privateKey })],
  ])('refuses %s', async (_name, make) => {
    const verify = createProviderTokenVerifier(settings);
    expect(await verify(await make())).toBeUndefined();
  });

  it('reports an unreachable provider as such, not as a bad token', async () => {
    const [port] = await freePorts(1);
    const verify = createProviderTokenVerifier({ ...settings, issuer: `http://localhost:${port}` });
    await expect(verify(await token())).rejects.toBeInstanceOf(ProviderUnavailableError);
  });
});

describe('provider token check at /introspect (layout B: an org without a custom authorization server)', () => {
  it("accepts an active token of the app's client, with the person /userinfo names and uid", async () => {
    const verify = createProviderTokenVerifier(settings, 'introspect');
    expect(await verify(OPAQUE)).toMatchObject({ uid: 'idp-0001-admin', sub: 'idp-0001-admin', email: 'admin@isolatie.local' });
  });

  it.each([
    ['a token /introspect does not know', 'not-known'],
    ["another app's token for the same person", OTHER_APP],
    ["Mijn account's token (okta.myAccount scopes)", MY_ACCOUNT],
  ])('refuses %s, though /userinfo would answer for it', async (_name, value) => {
    const verify = createProviderTokenVerifier(settings, 'introspect');
    expect(await verify(value)).toBeUndefined();
  });

  it("refuses a JWT that would pass as a custom server's token", async () => {
    expect(await createProviderTokenVerifier(settings, 'introspect')(await token())).toBeUndefined();
  });

  it("reports an /introspect that fails or cannot be reached as the provider's fault", async () => {
    await expect(createProviderTokenVerifier(settings, 'introspect')(DOWN)).rejects.toBeInstanceOf(ProviderUnavailableError);
    const [port] = await freePorts(1);
    await expect(
      createProviderTokenVerifier({ ...settings, issuer: `http://localhost:${port}` }, 'introspect')(OPAQUE),
    ).rejects.toBeInstanceOf(ProviderUnavailableError);
  });
});
