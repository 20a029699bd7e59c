import { decodeJwt, decodeProtectedHeader, generateKeyPair, SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TENANT_CLAIM } from '../../devstack/backend-token.ts';
import { signIn } from './helpers/sign-in.ts';
import { startTestStack, type TestStack } from './helpers/test-stack.ts';

let stack: TestStack;
beforeAll(async () => {
  stack = await startTestStack();
});
afterAll(() => stack.stop());

interface AuthResult {
  accessToken: string | null;
  encryptedAccessToken: string | null;
  expireInSeconds: number;
  waitingForActivation: boolean;
}
interface Envelope {
  success: boolean;
  result: AuthResult | null;
  error: { code: number; message: string; details: string | null; validationErrors: unknown } | null;
  unAuthorizedRequest: boolean;
  __abp: boolean;
  targetUrl: null;
}

async function authenticate(body: Record<string, unknown>, headers: Record<string, string> = {}) {
  const response = await fetch(`${stack.urls.api}/api/TokenAuth/ExternalAuthenticate`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', ...headers },
    body: JSON.stringify(body),
  });
  return { status: response.status, body: (await response.json()) as Envelope };
}

async function exchange(userName: string, headers: Record<string, string> = {}) {
  const { tokens, idTokenClaims } = await signIn(stack.urls, userName);
  return authenticate({ authProvider: 'OpenIdConnect', providerKey: idTokenClaims.sub, providerAccessCode: tokens.access_token }, headers);
}

describe('ExternalAuthenticate with real provider tokens', () => {
  it('gives admin a backend token in the ABP envelope', async () => {
    const { status, body } = await exchange('admin');
    expect(status).toBe(200);
    expect(body).toMatchObject({ success: true, error: null, unAuthorizedRequest: false, __abp: true, targetUrl: null });
    const result = body.result!;
    expect(result.waitingForActivation).toBe(false);
    expect(result.expireInSeconds).toBe(86_400);
    expect(decodeProtectedHeader(result.accessToken!).alg).toBe('HS256');
    const claims = decodeJwt(result.accessToken!);
    expect(claims.sub).toBe('1');
    expect(claims[TENANT_CLAIM]).toBe('1');
    expect(claims.exp! - Math.floor(Date.now() / 1000)).toBeGreaterThan(86_390);
    // Opaque: base64 of something that does not reveal the token.
    expect(result.encryptedAccessToken).toMatch(/^[A-Za-z0-9+/]+=*$/);
    expect(Buffer.from(result.encryptedAccessToken!, 'base64').toString('latin1')).not.toContain('eyJ');
  });

  it('maps the user within the tenant named by either header', async () => {
    const modern = await exchange('admin', { 'Abp-TenantId': '2' });
    expect(decodeJwt(modern.body.result!.accessToken!)).toMatchObject({ sub: '4', [TENANT_CLAIM]: '2' });
    const legacy = await exchange('admin', { 'Abp.TenantId': '2' });
    expect(decodeJwt(legacy.body.result!.accessToken!)).toMatchObject({ sub: '4', [TENANT_CLAIM]: '2' });
    // Not a user of Noord yet: registered there, inactive, like anyone unknown.
    const newThere = await exchange('monteur', { 'Abp-TenantId': '2' });
    expect(newThere.status).toBe(200);
    expect(newThere.body.result).toMatchObject({ accessToken: null, waitingForActivation: true });
  });

  it('treats a tenant id that names no tenant as the host, where nobody can be registered', async () => {
    const { status, body } = await exchange('admin', { 'Abp-TenantId': '99' });
    expect(status).toBe(500);
    expect(body).toMatchObject({ success: false, result: null, unAuthorizedRequest: false });
    expect(body.error!.details).toBe('Can not register host users!');
  });

  it('refuses sign-in to an inactive tenant', async () => {
    const { status, body } = await exchange('admin', { 'Abp-TenantId': '3' });
    expect(status).toBe(500);
    expect(body.error!.message).toBe('Tenant is niet actief');
  });

  it('answers waitingForActivation without a token for an inactive user', async () => {
    const { status, body } = await exchange('nieuw');
    expect(status).toBe(200);
    expect(body.result).toEqual({ accessToken: null, encryptedAccessToken: null, expireInSeconds: 0, waitingForActivation: true });
  });

  it('registers a provider user it does not know, inactive, and says so at every sign-in', async () => {
    const waiting = { accessToken: null, encryptedAccessToken: null, expireInSeconds: 0, waitingForActivation: true };
    const first = await exchange('vreemde');
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({ success: true, error: null, unAuthorizedRequest: false, __abp: true });
    expect(first.body.result).toEqual(waiting);
    const second = await exchange('vreemde');
    expect(second.status).toBe(200);
    expect(second.body.result).toEqual(waiting);
    // Registered in the Default tenant only: elsewhere she is new again.
    const noord = await exchange('vreemde', { 'Abp-TenantId': '2' });
    expect(noord.body.result).toEqual(waiting);
  });
});

describe('ExternalAuthenticate refuses bad input', () => {
  let accessToken: string;
  let idToken: string;
  let sub: string;
  beforeAll(async () => {
    const { tokens, idTokenClaims } = await signIn(stack.urls, 'admin');
    accessToken = tokens.access_token;
    idToken = tokens.id_token!;
    sub = idTokenClaims.sub;
  });

  it('refuses another auth provider with 400', async () => {
    const { status, body } = await authenticate({ authProvider: 'Okta', providerKey: sub, providerAccessCode: accessToken });
    expect(status).toBe(400);
    expect(body.error!.message).toContain('Okta');
  });

  it('lists missing fields as ABP validation errors', async () => {
    const { status, body } = await authenticate({ authProvider: 'OpenIdConnect' });
    expect(status).toBe(400);
    expect(body.error!.validationErrors).toEqual([
      { message: 'The providerKey field is required.', members: ['providerKey'] },
      { message: 'The providerAccessCode field is required.', members: ['providerAccessCode'] },
    ]);
  });

  it('refuses a providerKey that is not the token subject', async () => {
    const { status, body } = await authenticate({ authProvider: 'OpenIdConnect', providerKey: 'admin', providerAccessCode: accessToken });
    expect(status).toBe(401);
    expect(body.unAuthorizedRequest).toBe(true);
  });

  it('refuses a token signed with another key', async () => {
    const { privateKey } = await generateKeyPair('RS256');
    const header = decodeProtectedHeader(accessToken);
    const forged = await new SignJWT(decodeJwt(accessToken))
      .setProtectedHeader({ alg: 'RS256', typ: 'at+jwt', kid: header.kid })
      .sign(privateKey);
    const { status, body } = await authenticate({ authProvider: 'OpenIdConnect', providerKey: sub, providerAccessCode: forged });
    expect(status).toBe(401);
    expect(body).toMatchObject({ success: false, unAuthorizedRequest: true, result: null });
  });

  it('refuses a token for another audience (the ID token)', async () => {
    expect(decodeJwt(idToken).aud).toBe('isolatie-staff');
    const { status } = await authenticate({ authProvider: 'OpenIdConnect', providerKey: sub, providerAccessCode: idToken });
    expect(status).toBe(401);
  });

  it('refuses garbage', async () => {
    const { status } = await authenticate({ authProvider: 'OpenIdConnect', providerKey: sub, providerAccessCode: 'not-a-jwt' });
    expect(status).toBe(401);
  });
});
