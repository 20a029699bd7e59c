import { createServer } from 'node:http';
import * as oauth from 'oauth4webapi';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createAppConfig } from '../../devstack/appconfig.ts';
import { createFaultRegistry, FAULT_ENDPOINTS, type FaultEndpoint } from '../../devstack/faults/registry.ts';
import { ENDPOINTS, type EndpointName } from '../../devstack/api/endpoints.ts';
import { appConfigMiddleware } from '../../devstack/app-server/vite-appconfig.ts';
import { freePorts } from '../../devstack/ports.ts';
import { backendSignIn, beginSignIn, client, insecure, redirectUri, signIn, submitLogin } from './helpers/sign-in.ts';
import { startTestStack, type TestStack } from './helpers/test-stack.ts';

let stack: TestStack;
let adminToken: string;
beforeAll(async () => {
  stack = await startTestStack();
  adminToken = await backendSignIn(stack.urls, 'admin');
});
afterEach(() => stack.faults.clear());
afterAll(() => stack.stop());

/** One request per endpoint with a fault switch, as the app would send it, and the status it normally gets. */
const REQUESTS: Record<Exclude<FaultEndpoint, 'token'>, { normal: number; send: () => Promise<Response> }> = {
  appconfig: { normal: 200, send: () => fetch(`${stack.urls.app}/assets/appconfig.production.json`) },
  GetAll: { normal: 200, send: () => api('GET', 'GetAll') },
  Session: { normal: 200, send: () => api('GET', 'Session') },
  GetExternalAuthenticationProviders: { normal: 200, send: () => api('GET', 'GetExternalAuthenticationProviders') },
  // A provider token that is no token: ABP's provider API refuses it with a 500.
  ExternalAuthenticate: {
    normal: 500,
    send: () => api('POST', 'ExternalAuthenticate', { authProvider: 'OpenIdConnect', providerKey: 'x', providerAccessCode: 'x' }),
  },
  IsTenantAvailable: { normal: 200, send: () => api('POST', 'IsTenantAvailable', { tenancyName: 'Default' }) },
  ChangeLanguage: { normal: 200, send: () => api('POST', 'ChangeLanguage', { languageName: 'nl' }, adminToken) },
  UserGetAll: { normal: 200, send: () => api('GET', 'UserGetAll', undefined, adminToken) },
  UserGet: { normal: 200, send: () => api('GET', 'UserGet', undefined, adminToken, '?Id=5') },
  UserGetRoles: { normal: 200, send: () => api('GET', 'UserGetRoles', undefined, adminToken) },
  // Changing nothing: a user name that is taken, a role that does not exist, an id nobody has.
  UserCreate: {
    normal: 500,
    send: () =>
      api(
        'POST',
        'UserCreate',
        {
          userName: 'monteur',
          name: 'Piet',
          surname: 'Monteur',
          emailAddress: 'piet@isolatie.local',
          isActive: true,
          password: 'Welkom123!',
        },
        adminToken,
      ),
  },
  UserUpdate: {
    normal: 500,
    send: () =>
      api(
        'PUT',
        'UserUpdate',
        {
          id: 5,
          userName: 'monteur',
          name: 'Piet',
          surname: 'Monteur',
          emailAddress: 'monteur@isolatie.local',
          isActive: true,
          roleNames: ['Bestaatniet'],
        },
        adminToken,
      ),
  },
  UserDelete: { normal: 500, send: () => api('DELETE', 'UserDelete', undefined, adminToken, '?Id=999') },
  UserActivate: { normal: 404, send: () => api('POST', 'UserActivate', { id: 999 }, adminToken) },
  UserDeActivate: { normal: 404, send: () => api('POST', 'UserDeActivate', { id: 999 }, adminToken) },
  // A wrong current password and a wrong admin password: refused, nothing changed.
  UserChangePassword: {
    normal: 500,
    send: () => api('POST', 'UserChangePassword', { currentPassword: 'fout123', newPassword: 'Welkom123!' }, adminToken),
  },
  UserResetPassword: {
    normal: 500,
    send: () => api('POST', 'UserResetPassword', { adminPassword: 'fout123', userId: 5, newPassword: 'Welkom123!' }, adminToken),
  },
  RoleGetAll: { normal: 200, send: () => api('GET', 'RoleGetAll', undefined, adminToken) },
  RoleGet: { normal: 200, send: () => api('GET', 'RoleGet', undefined, adminToken, '?Id=5') },
  RoleGetRoles: { normal: 200, send: () => api('GET', 'RoleGetRoles', undefined, adminToken) },
  RoleGetAllPermissions: { normal: 200, send: () => api('GET', 'RoleGetAllPermissions', undefined, adminToken) },
  RoleGetRoleForEdit: { normal: 200, send: () => api('GET', 'RoleGetRoleForEdit', undefined, adminToken, '?Id=5') },
  RoleCreate: {
    normal: 500,
    send: () => api('POST', 'RoleCreate', { name: 'Monteur', displayName: 'Monteur', grantedPermissions: [] }, adminToken),
  },
  RoleUpdate: {
    normal: 500,
    send: () => api('PUT', 'RoleUpdate', { id: 999, name: 'X', displayName: 'X', grantedPermissions: [] }, adminToken),
  },
  // Admin is a static role: ABP never deletes it.
  RoleDelete: { normal: 500, send: () => api('DELETE', 'RoleDelete', undefined, adminToken, '?Id=2') },
  // Tenants are the host's: 403 for a tenant's admin.
  TenantGetAll: { normal: 403, send: () => api('GET', 'TenantGetAll', undefined, adminToken) },
  TenantGet: { normal: 403, send: () => api('GET', 'TenantGet', undefined, adminToken, '?Id=1') },
  TenantCreate: { normal: 403, send: () => api('POST', 'TenantCreate', {}, adminToken) },
  TenantUpdate: { normal: 403, send: () => api('PUT', 'TenantUpdate', {}, adminToken) },
  TenantDelete: { normal: 403, send: () => api('DELETE', 'TenantDelete', undefined, adminToken, '?Id=3') },
  Authenticate: { normal: 500, send: () => api('POST', 'Authenticate', { userNameOrEmailAddress: 'admin', password: 'fout' }) },
  // admin acts as nobody else: there is no way back.
  // No impersonation at the stand-in by default, as at the recorded host: both paths are unknown there.
  BackToImpersonator: { normal: 404, send: () => api('POST', 'BackToImpersonator', {}, adminToken) },
  ImpersonatedAuthenticate: { normal: 404, send: () => api('POST', 'ImpersonatedAuthenticate', {}) },
};

function api(method: string, endpoint: EndpointName, body?: unknown, token?: string, query = ''): Promise<Response> {
  return fetch(`${stack.urls.api}/${ENDPOINTS[endpoint].path}${query}`, {
    method,
    headers: {
      Origin: stack.urls.app,
      'Abp-TenantId': '1',
      ...(body === undefined ? {} : { 'Content-Type': 'application/json' }),
      ...(token ? { Authorization: `Bearer ${token}` } : {}),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
}

const request = (endpoint: Exclude<FaultEndpoint, 'token'>) => REQUESTS[endpoint].send();
const normalStatus = Object.fromEntries(Object.entries(REQUESTS).map(([name, { normal }]) => [name, normal])) as Record<
  Exclude<FaultEndpoint, 'token'>,
  number
>;
const endpoints = Object.keys(normalStatus) as Exclude<FaultEndpoint, 'token'>[];

describe('fault switches on app and API endpoints', () => {
  it('has a switch for the appconfig, every endpoint of the table and the token endpoint', () => {
    expect([...FAULT_ENDPOINTS].sort()).toEqual([...Object.keys(REQUESTS), 'token'].sort());
  });

  it.each(endpoints)('%s: status answers an ABP error envelope once, then clears', async (endpoint) => {
    stack.faults.set(endpoint, { status: 503, times: 1 });
    const failed = await request(endpoint);
    expect(failed.status).toBe(503);
    expect(await failed.json()).toMatchObject({
      success: false,
      result: null,
      unAuthorizedRequest: false,
      __abp: true,
      error: { code: 0 },
    });
    expect((await request(endpoint)).status).toBe(normalStatus[endpoint]);
  });

  it.each(endpoints)('%s: reset drops the connection', async (endpoint) => {
    stack.faults.set(endpoint, { reset: true, times: 1 });
    await expect(request(endpoint)).rejects.toThrow(/fetch failed/);
    expect((await request(endpoint)).status).toBe(normalStatus[endpoint]);
  });

  it.each(endpoints)('%s: malformed answers 200 JSON that is no envelope', async (endpoint) => {
    stack.faults.set(endpoint, { body: 'malformed' });
    const response = await request(endpoint);
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ unexpected: true });
  });

  it.each(endpoints)('%s: html answers an HTML error page', async (endpoint) => {
    stack.faults.set(endpoint, { body: 'html' });
    const response = await request(endpoint);
    expect(response.status).toBe(502);
    expect(response.headers.get('content-type')).toMatch(/^text\/html/);
    expect(await response.text()).toContain('<html>');
  });

  it.each(endpoints)('%s: empty answers 200 without a body', async (endpoint) => {
    stack.faults.set(endpoint, { body: 'empty' });
    const response = await request(endpoint);
    expect(response.status).toBe(200);
    expect(await response.text()).toBe('');
  });

  it.each(endpoints)('%s: delayMs holds the answer back', async (endpoint) => {
    stack.faults.set(endpoint, { delayMs: 250 });
    const started = performance.now();
    const response = await request(endpoint);
    expect(performance.now() - started).toBeGreaterThanOrEqual(240);
    expect(response.status).toBe(normalStatus[endpoint]);
  });

  it('401 marks the envelope unAuthorizedRequest, and delay combines with status', async () => {
    stack.faults.set('GetAll', { status: 401, delayMs: 150 });
    const started = performance.now();
    const response = await request('GetAll');
    expect(performance.now() - started).toBeGreaterThanOrEqual(140);
    expect(response.status).toBe(401);
    expect(await response.json()).toMatchObject({ unAuthorizedRequest: true, success: false });
  });

  it('html takes its status from the fault', async () => {
    stack.faults.set('Session', { body: 'html', status: 504 });
    expect((await request('Session')).status).toBe(504);
  });

  it('applies times across requests, then clears itself', async () => {
    stack.faults.set('IsTenantAvailable', { status: 500, times: 2 });
    expect((await request('IsTenantAvailable')).status).toBe(500);
    expect((await request('IsTenantAvailable')).status).toBe(500);
    expect((await request('IsTenantAvailable')).status).toBe(200);
  });

  it('keeps CORS headers on faulted answers and leaves preflights alone', async () => {
    stack.faults.set('GetAll', { status: 500, times: 1 });
    const preflight = await fetch(`${stack.urls.api}/AbpUserConfiguration/GetAll`, {
      method: 'OPTIONS',
      headers: { Origin: stack.urls.app, 'Access-Control-Request-Method': 'GET' },
    });
    expect(preflight.status).toBe(204);
    const response = await request('GetAll');
    expect(response.status).toBe(500);
    expect(response.headers.get('access-control-allow-origin')).toBe(stack.urls.app);
  });
});

describe('fault switch on the provider token endpoint', () => {
  it('makes refresh fail with each fault, then works again', async () => {
    const { as, tokens } = await signIn(stack.urls, 'admin');
    const refresh = () =>
      oauth.refreshTokenGrantRequest(as, client, oauth.None(), tokens.refresh_token!, {
        ...insecure,
        headers: new Headers({ Origin: stack.urls.app }),
      });

    stack.faults.set('token', { status: 400, times: 1 });
    const refused = await refresh();
    expect(refused.headers.get('access-control-allow-origin')).toBe(stack.urls.app);
    await expect(oauth.processRefreshTokenResponse(as, client, refused)).rejects.toMatchObject({ error: 'invalid_grant' });

    stack.faults.set('token', { status: 503, times: 1 });
    expect(await (await refresh()).json()).toMatchObject({ error: 'temporarily_unavailable' });

    stack.faults.set('token', { body: 'html', times: 1 });
    expect((await refresh()).status).toBe(502);

    stack.faults.set('token', { reset: true, times: 1 });
    await expect(refresh()).rejects.toThrow(/fetch failed/);

    // Nothing reached the provider, so the refresh token is still good.
    const renewed = await oauth.processRefreshTokenResponse(as, client, await refresh());
    expect(renewed.access_token).toBeTruthy();
  });
});

describe('a tokenless answer', () => {
  it("is the provider's own token response without its access token", async () => {
    const pending = await beginSignIn(stack.urls);
    const { url } = await submitLogin(stack.urls, pending, 'admin', '123qwe');
    const parameters = oauth.validateAuthResponse(pending.as, client, new URL(url), pending.state);
    stack.faults.set('token', { body: 'tokenless', times: 1 });
    const response = await oauth.authorizationCodeGrantRequest(
      pending.as,
      client,
      oauth.None(),
      parameters,
      redirectUri(stack.urls),
      pending.codeVerifier,
      {
        ...insecure,
        headers: new Headers({ Origin: stack.urls.app }),
      },
    );
    expect(response.status).toBe(200);
    expect(response.headers.get('access-control-allow-origin')).toBe(stack.urls.app);
    const answer = (await response.json()) as Record<string, unknown>;
    expect(answer).not.toHaveProperty('access_token');
    expect(answer).toMatchObject({ id_token: expect.any(String), token_type: expect.any(String), expires_in: expect.any(Number) });
  });

  it("is ExternalAuthenticate's own answer with neither a token nor waitingForActivation", async () => {
    const { tokens, idTokenClaims } = await signIn(stack.urls, 'admin');
    const externalAuthenticate = () =>
      api('POST', 'ExternalAuthenticate', {
        authProvider: 'OpenIdConnect',
        providerKey: idTokenClaims.sub,
        providerAccessCode: tokens.access_token,
      });
    stack.faults.set('ExternalAuthenticate', { body: 'tokenless', times: 1 });
    const response = await externalAuthenticate();
    expect(response.status).toBe(200);
    expect(response.headers.get('access-control-allow-origin')).toBe(stack.urls.app);
    expect(await response.json()).toMatchObject({
      success: true,
      result: { accessToken: null, encryptedAccessToken: null, waitingForActivation: false, expireInSeconds: expect.any(Number) },
    });
    expect(((await (await externalAuthenticate()).json()) as { result: { accessToken: unknown } }).result.accessToken).toEqual(
      expect.any(String),
    );
  });

  it('is refused where the answer carries no token', () => {
    expect(() => stack.faults.set('GetAll', { body: 'tokenless' })).toThrow(/no token/);
  });
});

describe('fault switches over HTTP', () => {
  const faultsUrl = () => `${stack.urls.api}/__devstack/faults`;

  it('sets and clears a fault', async () => {
    const put = await fetch(`${faultsUrl()}/GetAll`, {
      method: 'PUT',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ status: 500 }),
    });
    expect(put.status).toBe(204);
    expect((await request('GetAll')).status).toBe(500);
    expect((await fetch(faultsUrl(), { method: 'DELETE' })).status).toBe(204);
    expect((await request('GetAll')).status).toBe(200);
  });

  it('also reaches the app and token endpoints', async () => {
    await fetch(`${faultsUrl()}/appconfig`, { method: 'PUT', body: JSON.stringify({ status: 404, times: 1 }) });
    expect((await request('appconfig')).status).toBe(404);
    await fetch(`${faultsUrl()}/token`, { method: 'PUT', body: JSON.stringify({ status: 503, times: 1 }) });
    const token = await fetch(`${stack.urls.signInIssuer}/v1/token`, {
      method: 'POST',
      body: new URLSearchParams({ grant_type: 'refresh_token' }),
    });
    expect(token.status).toBe(503);
  });

  it('refuses unknown endpoints and bad faults', async () => {
    const unknown = await fetch(`${faultsUrl()}/Nope`, { method: 'PUT', body: JSON.stringify({ status: 500 }) });
    expect(unknown.status).toBe(404);
    const bad = await fetch(`${faultsUrl()}/GetAll`, { method: 'PUT', body: JSON.stringify({ status: 'kapot' }) });
    expect(bad.status).toBe(400);
    expect((await bad.json()).error.message).toMatch(/status/);
    const unknownField = await fetch(`${faultsUrl()}/GetAll`, { method: 'PUT', body: JSON.stringify({ colour: 'red' }) });
    expect(unknownField.status).toBe(400);
  });
});

describe('appconfig under the Vite dev server', () => {
  it('answers the generated appconfig and honours its fault switch', async () => {
    const appConfig = createAppConfig({
      appOrigin: 'http://localhost:4200',
      issuer: 'http://localhost:4300',
      apiUrl: 'http://localhost:21021',
    });
    const faults = createFaultRegistry(true);
    const middleware = appConfigMiddleware(appConfig, faults);
    const server = createServer((req, res) => middleware(req, res, () => res.writeHead(418).end()));
    const [port] = await freePorts(1);
    await new Promise<void>((resolve) => server.listen(port, 'localhost', resolve));
    try {
      const base = `http://localhost:${port}`;
      const ok = await fetch(`${base}/assets/appconfig.json`);
      expect(ok.headers.get('cache-control')).toBe('no-store');
      expect(await ok.json()).toEqual(appConfig);
      expect((await fetch(`${base}/src/main.tsx`)).status).toBe(418);

      faults.set('appconfig', { body: 'malformed', times: 1 });
      expect(await (await fetch(`${base}/assets/appconfig.json`)).json()).toEqual({ unexpected: true });
      faults.set('appconfig', { reset: true, times: 1 });
      await expect(fetch(`${base}/assets/appconfig.json`)).rejects.toThrow(/fetch failed/);
      faults.set('appconfig', { status: 500, times: 1 });
      expect((await fetch(`${base}/assets/appconfig.json`)).status).toBe(500);
    } finally {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    }
  });
});
