import { decodeJwt, decodeProtectedHeader, generateKeyPair, SignJWT } from 'jose';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { ROLE_CLAIM, TENANT_CLAIM, USER_ID_CLAIM, USER_NAME_CLAIM } from '../../devstack/api/backend-token.ts';
import { orgSignIn } from './helpers/myaccount.ts';
import { externalAuthenticate, signIn } from './helpers/sign-in.ts';
import { CLIENT_ID } from '../../devstack/appconfig.ts';
import { OTHER_CLIENT_ID } from '../../devstack/provider/oidc.ts';
import { stackForTests } from './helpers/test-stack.ts';

const stack = stackForTests();

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
  const response = await fetch(`${stack().urls.api}/api/TokenAuth/ExternalAuthenticate`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', ...headers },
    body: JSON.stringify(body),
  });
  return { status: response.status, body: (await response.json()) as Envelope };
}

async function exchange(userName: string, headers: Record<string, string> = {}) {
  const { tokens, idTokenClaims } = await signIn(stack().urls, userName);
  return authenticate({ authProvider: 'OpenIdConnect', providerKey: idTokenClaims.sub, providerAccessCode: tokens.access_token }, headers);
}

const DEFAULT = { 'Abp-TenantId': '1' };
const GENERIC_500 = { code: 0, message: 'Er is een interne fout opgetreden tijdens uw aanvraag!', details: null, validationErrors: null };

describe('ExternalAuthenticate with real provider tokens', () => {
  it("is given an access token with Okta's claims: uid the user id, cid the app, scp a list, sub the login", async () => {
    const { tokens, idTokenClaims } = await signIn(stack().urls, 'admin');
    const claims = decodeJwt(tokens.access_token);
    expect(Object.keys(claims).sort()).toEqual(
      expect.arrayContaining(['ver', 'jti', 'iss', 'aud', 'iat', 'exp', 'cid', 'uid', 'scp', 'sub'].sort()),
    );
    expect(claims).toMatchObject({
      ver: 1,
      uid: idTokenClaims.sub,
      cid: CLIENT_ID,
      sub: 'admin',
      iss: stack().urls.signInIssuer,
      aud: stack().urls.api,
    });
    expect(claims.scp).toEqual(['openid', 'profile', 'email', 'offline_access']);
    expect(claims).not.toHaveProperty('scope');
    expect(claims).not.toHaveProperty('client_id');
    expect(decodeProtectedHeader(tokens.access_token)).not.toHaveProperty('typ');
    expect(tokens).not.toHaveProperty('refresh_expires_in');
  });

  it('gives admin a backend token with ABP’s claims in the ABP envelope', async () => {
    const { status, body } = await exchange('admin', DEFAULT);
    expect(status).toBe(200);
    expect(body).toMatchObject({ success: true, error: null, unAuthorizedRequest: false, __abp: true, targetUrl: null });
    const result = body.result!;
    expect(result.waitingForActivation).toBe(false);
    expect(result.expireInSeconds).toBe(86_400);
    expect(decodeProtectedHeader(result.accessToken!)).toEqual({ alg: 'HS256', typ: 'JWT' });
    const claims = decodeJwt(result.accessToken!);
    expect(claims).toMatchObject({ sub: '2', [USER_ID_CLAIM]: '2', [TENANT_CLAIM]: '1', [ROLE_CLAIM]: 'Admin' });
    expect(claims.exp! - claims.nbf!).toBe(86_400);
    // Opaque: base64 of something that does not reveal the token.
    expect(result.encryptedAccessToken).toMatch(/^[A-Za-z0-9+/]+=*$/);
    expect(Buffer.from(result.encryptedAccessToken!, 'base64').toString('latin1')).not.toContain('eyJ');
  });

  it('maps the provider user to the user of the tenant named by the Abp-TenantId header or cookie', async () => {
    const header = await exchange('admin', { 'Abp-TenantId': '2' });
    expect(decodeJwt(header.body.result!.accessToken!)).toMatchObject({ sub: '3', [TENANT_CLAIM]: '2' });
    const cookie = await exchange('admin', { Cookie: 'Abp-TenantId=2' });
    expect(decodeJwt(cookie.body.result!.accessToken!)).toMatchObject({ sub: '3', [TENANT_CLAIM]: '2' });
  });

  it('takes the tenant from a bearer when one is sent, not from the header', async () => {
    const noord = await exchange('admin', { 'Abp-TenantId': '2' });
    const { body } = await exchange('admin', { ...DEFAULT, Authorization: `Bearer ${noord.body.result!.accessToken}` });
    expect(decodeJwt(body.result!.accessToken!)).toMatchObject({ sub: '3', [TENANT_CLAIM]: '2' });
  });

  it.each([
    ['no tenant at all', {}],
    ['only the old Abp.TenantId header', { 'Abp.TenantId': '1' }],
    ['a tenant id that names no tenant', { 'Abp-TenantId': '99' }],
  ])('signs in on the host with %s, where registering is refused: a 500 without details', async (_name, headers) => {
    const { status, body } = await exchange('admin', headers);
    expect(status).toBe(500);
    expect(body).toMatchObject({ success: false, result: null, unAuthorizedRequest: false });
    expect(body.error).toEqual(GENERIC_500);
  });

  it('refuses sign-in to an inactive tenant with its name in the details', async () => {
    const { status, body } = await exchange('admin', { 'Abp-TenantId': '3' });
    expect(status).toBe(500);
    expect(body.error).toEqual({ code: 0, message: 'Inloggen mislukt!', details: 'Huurder Zuid is niet actief.', validationErrors: null });
  });

  it('refuses an inactive user with 500 "Inloggen mislukt!", the reason in the details and the texts in the request’s language', async () => {
    const { status, body } = await exchange('nieuw', DEFAULT);
    expect(status).toBe(500);
    expect(body).toMatchObject({ success: false, result: null, unAuthorizedRequest: false });
    expect(body.error).toEqual({
      code: 0,
      message: 'Inloggen mislukt!',
      details: 'Gebruiker idp-0003-nieuw is niet actief en kan niet inloggen.',
      validationErrors: null,
    });
    const english = await exchange('nieuw', { ...DEFAULT, '.AspNetCore.Culture': 'c=en|uic=en' });
    expect(english.body.error).toMatchObject({
      message: 'Login failed!',
      details: 'User idp-0003-nieuw is not active and can not log in.',
    });
  });

  it('registers a provider user it does not know as an active user with no roles, signs her in, and finds her the next time', async () => {
    const first = await exchange('vreemde', DEFAULT);
    expect(first.status).toBe(200);
    expect(first.body.result).toMatchObject({ waitingForActivation: false, expireInSeconds: 86_400 });
    const claims = decodeJwt(first.body.result!.accessToken!);
    expect(claims).toMatchObject({ sub: '7', [TENANT_CLAIM]: '1', [USER_NAME_CLAIM]: 'vreemde@extern.local' });
    expect(claims).not.toHaveProperty(ROLE_CLAIM);
    const second = await exchange('vreemde', DEFAULT);
    expect(decodeJwt(second.body.result!.accessToken!).sub).toBe('7');
    const configuration = await fetch(`${stack().urls.api}/AbpUserConfiguration/GetAll`, {
      headers: { Authorization: `Bearer ${second.body.result!.accessToken}` },
    });
    const { result } = (await configuration.json()) as {
      result: { auth: { grantedPermissions: object }; nav: { menus: { MainMenu: { items: { name: string }[] } } } };
    };
    expect(result.auth.grantedPermissions).toEqual({});
    expect(result.nav.menus.MainMenu.items.map((item) => item.name)).toEqual(['HomePage']);
  });
});

describe('ExternalAuthenticate with the deployment switched to the other choices', () => {
  afterEach(() => stack().behaviour.reset());

  it('answers waitingForActivation without a token for an inactive user when the backend says so', async () => {
    stack().behaviour.set({ inactiveUserSignIn: 'waitingForActivation' });
    const { status, body } = await exchange('nieuw', DEFAULT);
    expect(status).toBe(200);
    expect(body.result).toEqual({ accessToken: null, encryptedAccessToken: null, expireInSeconds: 0, waitingForActivation: true });
  });

  it('registers unknown users inactive when the company activates by hand: waitingForActivation first, "Inloggen mislukt!" after', async () => {
    stack().behaviour.set({ externalUserRegistration: 'inactive' });
    // monteur is unknown in Noord.
    const first = await exchange('monteur', { 'Abp-TenantId': '2' });
    expect(first.body.result).toEqual({ accessToken: null, encryptedAccessToken: null, expireInSeconds: 0, waitingForActivation: true });
    const second = await exchange('monteur', { 'Abp-TenantId': '2' });
    expect(second.status).toBe(500);
    expect(second.body.error).toMatchObject({
      message: 'Inloggen mislukt!',
      details: 'Gebruiker idp-0002-monteur is niet actief en kan niet inloggen.',
    });
  });

  it('switches over HTTP too, and back to the stack()’s options', async () => {
    const put = await fetch(`${stack().urls.api}/__devstack/behaviour`, {
      method: 'PUT',
      body: JSON.stringify({ inactiveUserSignIn: 'waitingForActivation' }),
    });
    expect(await put.json()).toEqual({
      inactiveUserSignIn: 'waitingForActivation',
      externalUserRegistration: 'active',
      impersonation: 'off',
      roleUpdateAnswer: 'entity',
    });
    expect((await exchange('nieuw', DEFAULT)).body.result?.waitingForActivation).toBe(true);
    const bad = await fetch(`${stack().urls.api}/__devstack/behaviour`, {
      method: 'PUT',
      body: JSON.stringify({ inactiveUserSignIn: 'soms' }),
    });
    expect(bad.status).toBe(400);
    await fetch(`${stack().urls.api}/__devstack/behaviour`, { method: 'DELETE' });
    expect((await exchange('nieuw', DEFAULT)).status).toBe(500);
  });
});

describe('ExternalAuthenticate refuses bad input', () => {
  let accessToken: string;
  let idToken: string;
  let sub: string;
  beforeAll(async () => {
    const { tokens, idTokenClaims } = await signIn(stack().urls, 'admin');
    accessToken = tokens.access_token;
    idToken = tokens.id_token!;
    sub = idTokenClaims.sub;
  });
  const COULD_NOT_VALIDATE = { code: 0, message: 'Could not validate external user', details: null, validationErrors: null };

  it('refuses another auth provider with a 500 without details', async () => {
    const { status, body } = await authenticate({ authProvider: 'Okta', providerKey: sub, providerAccessCode: accessToken }, DEFAULT);
    expect(status).toBe(500);
    expect(body.error).toEqual(GENERIC_500);
  });

  it('lists missing fields as ABP validation errors', async () => {
    const { status, body } = await authenticate({ authProvider: 'OpenIdConnect' }, DEFAULT);
    expect(status).toBe(400);
    expect(body.error).toEqual({
      code: 0,
      message: 'Uw aanvraag is niet geldig!',
      details:
        'De volgende fouten zijn gedetecteerd tijdens de validatie.\n - The ProviderKey field is required.\n - The ProviderAccessCode field is required.\n',
      validationErrors: [
        { message: 'The ProviderKey field is required.', members: ['providerKey'] },
        { message: 'The ProviderAccessCode field is required.', members: ['providerAccessCode'] },
      ],
    });
  });

  it('refuses a providerKey that is not the token subject, in the request’s language', async () => {
    const { status, body } = await authenticate(
      { authProvider: 'OpenIdConnect', providerKey: 'idp-0002-monteur', providerAccessCode: accessToken },
      DEFAULT,
    );
    expect(status).toBe(500);
    expect(body.error).toEqual({ ...COULD_NOT_VALIDATE, message: 'De externe gebruiker kon niet gevalideerd worden' });
    expect(body.unAuthorizedRequest).toBe(false);
  });

  it('refuses a token signed with another key in the provider API’s own English words', async () => {
    const { privateKey } = await generateKeyPair('RS256');
    const header = decodeProtectedHeader(accessToken);
    const forged = await new SignJWT(decodeJwt(accessToken)).setProtectedHeader({ alg: 'RS256', kid: header.kid }).sign(privateKey);
    const { status, body } = await authenticate({ authProvider: 'OpenIdConnect', providerKey: sub, providerAccessCode: forged }, DEFAULT);
    expect(status).toBe(500);
    expect(body).toMatchObject({ success: false, unAuthorizedRequest: false, result: null, error: COULD_NOT_VALIDATE });
  });

  it('refuses a token for another audience (the ID token)', async () => {
    expect(decodeJwt(idToken).aud).toBe('isolatie-staff');
    const { status, body } = await authenticate({ authProvider: 'OpenIdConnect', providerKey: sub, providerAccessCode: idToken }, DEFAULT);
    expect(status).toBe(500);
    expect(body.error).toEqual(COULD_NOT_VALIDATE);
  });

  it("refuses a token of the org authorization server (Mijn account's, for the provider alone) as a sign-in token", async () => {
    const { tokens, idTokenClaims } = await orgSignIn(stack().urls, 'admin');
    expect(idTokenClaims.iss).toBe(stack().urls.issuer);
    expect(idTokenClaims.sub).toBe(sub);
    const { status, body } = await authenticate(
      { authProvider: 'OpenIdConnect', providerKey: sub, providerAccessCode: tokens.access_token },
      DEFAULT,
    );
    expect(status).toBe(500);
    expect(body.error).toEqual(COULD_NOT_VALIDATE);
  });

  it('refuses a token the custom server issued to another app of the org for the same person', async () => {
    const other = await signIn(stack().urls, 'admin', undefined, {}, { clientId: OTHER_CLIENT_ID });
    expect(decodeJwt(other.tokens.access_token)).toMatchObject({ cid: OTHER_CLIENT_ID, uid: sub, aud: stack().urls.api });
    const { status, body } = await authenticate(
      { authProvider: 'OpenIdConnect', providerKey: sub, providerAccessCode: other.tokens.access_token },
      DEFAULT,
    );
    expect(status).toBe(500);
    expect(body.error).toEqual(COULD_NOT_VALIDATE);
  });

  it('refuses garbage', async () => {
    const { status, body } = await authenticate(
      { authProvider: 'OpenIdConnect', providerKey: sub, providerAccessCode: 'not-a-jwt' },
      DEFAULT,
    );
    expect(status).toBe(500);
    expect(body.error).toEqual(COULD_NOT_VALIDATE);
  });
});

describe('ExternalAuthenticate in an org without a custom authorization server (org-only layout)', () => {
  const orgOnly = stackForTests({ oktaLayout: 'org-only' });

  it("signs in at the org server and has the API check its opaque token at the org's /introspect as the app", async () => {
    expect(orgOnly().urls.signInIssuer).toBe(orgOnly().urls.issuer);
    const { tokens, idTokenClaims } = await signIn(orgOnly().urls, 'admin');
    expect(idTokenClaims.iss).toBe(orgOnly().urls.issuer);
    expect(() => decodeJwt(tokens.access_token)).toThrow();
    const response = await externalAuthenticate(orgOnly().urls, idTokenClaims.sub, tokens.access_token);
    const body = (await response.json()) as Envelope;
    expect(body.result?.accessToken).toEqual(expect.any(String));
  });

  it("refuses Mijn account's token and another app's token for the same person, which /userinfo would both answer for", async () => {
    const urls = orgOnly().urls;
    const refused = async (token: string, providerKey: string) => {
      const userinfo = await fetch(`${urls.issuer}/oauth2/v1/userinfo`, { headers: { Authorization: `Bearer ${token}` } });
      expect(userinfo.status).toBe(200);
      const body = (await (await externalAuthenticate(urls, providerKey, token)).json()) as Envelope;
      expect(body.result).toBeNull();
      expect(body.error?.message).toBe('Could not validate external user');
    };
    const myAccount = await orgSignIn(urls, 'admin');
    await refused(myAccount.tokens.access_token, myAccount.idTokenClaims.sub);
    const other = await signIn(urls, 'admin', undefined, {}, { clientId: OTHER_CLIENT_ID });
    await refused(other.tokens.access_token, other.idTokenClaims.sub);
  });

  it('refuses a token /introspect does not know, and one for another person', async () => {
    const { tokens } = await signIn(orgOnly().urls, 'monteur');
    const unknown = (await (await externalAuthenticate(orgOnly().urls, 'idp-0002-monteur', 'onzin')).json()) as Envelope;
    expect(unknown.error?.message).toBe('Could not validate external user');
    const other = (await (await externalAuthenticate(orgOnly().urls, 'idp-0001-admin', tokens.access_token)).json()) as Envelope;
    expect(other.result).toBeNull();
  });
});
