import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backendSignIn } from './helpers/sign-in.ts';
import { startTestStack, type TestStack } from './helpers/test-stack.ts';

let stack: TestStack;
let adminToken: string;
let monteurToken: string;
let noordToken: string;
beforeAll(async () => {
  stack = await startTestStack();
  [adminToken, monteurToken, noordToken] = await Promise.all([
    backendSignIn(stack.urls, 'admin'),
    backendSignIn(stack.urls, 'monteur'),
    backendSignIn(stack.urls, 'admin', 2),
  ]);
});
afterAll(() => stack.stop());

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- answers are checked field by field
type Json = any;

async function call(path: string, init: { method?: string; headers?: Record<string, string>; body?: unknown } = {}) {
  const response = await fetch(`${stack.urls.api}${path}`, {
    method: init.method ?? 'GET',
    headers: { ...(init.body !== undefined ? { 'Content-Type': 'application/json' } : {}), ...init.headers },
    body: init.body !== undefined ? JSON.stringify(init.body) : undefined,
  });
  return { status: response.status, headers: response.headers, body: (await response.json()) as Json };
}
const bearer = (token: string) => ({ Authorization: `Bearer ${token}` });
const getAll = (headers: Record<string, string> = {}) => call('/AbpUserConfiguration/GetAll', { headers });
const session = (headers: Record<string, string> = {}) =>
  call('/api/services/app/Session/GetCurrentLoginInformations', { headers });

describe('AbpUserConfiguration/GetAll', () => {
  it('answers anonymously with every section', async () => {
    const { status, body } = await getAll();
    expect(status).toBe(200);
    expect(body).toMatchObject({ success: true, error: null, unAuthorizedRequest: false, __abp: true, targetUrl: null });
    const result = body.result;
    expect(Object.keys(result).sort()).toEqual(
      ['auth', 'clock', 'custom', 'features', 'localization', 'multiTenancy', 'nav', 'security', 'session', 'setting', 'timing'],
    );
    expect(result.multiTenancy).toEqual({ isEnabled: true, ignoreFeatureCheckForHostUsers: false, sides: { host: 2, tenant: 1 } });
    expect(result.session).toEqual({ userId: null, tenantId: null, impersonatorUserId: null, impersonatorTenantId: null, multiTenancySide: 2 });
    expect(result.clock).toEqual({ provider: 'unspecifiedClockProvider' });
    expect(result.auth.grantedPermissions).toEqual({});
    expect(result.auth.allPermissions).toMatchObject({ 'Pages.Verkoop': 'true', 'Pages.Admin': 'true', 'Pages.Roles': 'true' });
    expect(result.localization.languages).toEqual([
      { name: 'nl', displayName: 'Nederlands', icon: 'famfamfam-flags nl', isDefault: true, isDisabled: false, isRightToLeft: false },
      { name: 'en-US', displayName: 'English', icon: 'famfamfam-flags us', isDefault: false, isDisabled: false, isRightToLeft: false },
    ]);
    expect(result.localization.currentLanguage.name).toBe('nl');
    expect(result.localization.currentCulture).toEqual({ name: 'nl', displayName: 'Nederlands' });
    expect(result.localization.sources).toEqual([{ name: 'Isolatie', type: 'MultiTenantLocalizationSource' }]);
    expect(result.localization.values.Isolatie.LogOut).toBe('Uitloggen');
    expect(result.nav.menus.MainMenu.items.map((i: Json) => i.name)).toEqual(['HomePage']);
    expect(result.setting.values['Abp.Localization.DefaultLanguageName']).toBe('nl');
    expect(result.timing.timeZoneInfo.iana.timeZoneId).toBe('Europe/Amsterdam');
    expect([3_600_000, 7_200_000]).toContain(result.timing.timeZoneInfo.windows.currentUtcOffsetInMilliseconds);
    expect(result.security.antiForgery).toEqual({ tokenCookieName: 'XSRF-TOKEN', tokenHeaderName: 'X-XSRF-TOKEN' });
    expect(result.custom).toEqual({});
  });

  it('reports the signed-in user and their permissions', async () => {
    const { body } = await getAll(bearer(monteurToken));
    expect(body.result.session).toMatchObject({ userId: 2, tenantId: null });
    expect(body.result.auth.grantedPermissions).toEqual({ 'Pages.Uitvoering': 'true', 'Pages.Crm': 'true' });
    expect(body.result.nav.menus.MainMenu.items.map((i: Json) => i.name)).toEqual(['HomePage', 'Crm', 'Uitvoering']);
    const admin = await getAll(bearer(adminToken));
    expect(Object.keys(admin.body.result.auth.grantedPermissions)).toHaveLength(11);
  });

  it('answers 401 for a bearer token that is not valid', async () => {
    for (const authorization of ['Bearer onzin', `Bearer ${adminToken.slice(0, -2)}xx`, 'Basic YWRtaW46MTIz']) {
      const { status, body } = await getAll({ Authorization: authorization });
      expect(status).toBe(401);
      expect(body).toMatchObject({ success: false, unAuthorizedRequest: true, result: null, __abp: true });
      expect(body.error).toMatchObject({ code: 0, validationErrors: null });
    }
  });

  it.each([
    ['c=en-US|uic=en-US', 'en-US', 'Log out'],
    ['en-US', 'en-US', 'Log out'],
    ['c=nl|uic=nl', 'nl', 'Uitloggen'],
    ['nl', 'nl', 'Uitloggen'],
    ['fr-FR', 'nl', 'Uitloggen'],
  ])('reads culture header %s', async (header, language, logOut) => {
    const { body } = await getAll({ '.AspNetCore.Culture': header });
    expect(body.result.localization.currentLanguage.name).toBe(language);
    expect(body.result.localization.currentCulture.name).toBe(language);
    expect(body.result.localization.values.Isolatie.LogOut).toBe(logOut);
  });

  it.each(['Abp-TenantId', 'Abp.TenantId'])('reads the tenant from %s', async (header) => {
    const { body } = await getAll({ [header]: '2', ...bearer(noordToken) });
    expect(body.result.session).toMatchObject({ tenantId: 2, userId: 4, multiTenancySide: 1 });
    const host = await getAll({ [header]: 'null' });
    expect(host.body.result.session.tenantId).toBeNull();
  });

  it('does not accept a token in a tenant it was not issued for', async () => {
    expect((await getAll({ 'Abp-TenantId': '2', ...bearer(adminToken) })).status).toBe(401);
    expect((await getAll(bearer(noordToken))).status).toBe(401);
  });
});

describe('Session/GetCurrentLoginInformations', () => {
  it('has no user and no tenant anonymously', async () => {
    const { status, body } = await session();
    expect(status).toBe(200);
    expect(body.result).toEqual({
      application: { version: '1.0.0', releaseDate: expect.any(String), features: {} },
      user: null,
      tenant: null,
    });
    expect(Number.isNaN(Date.parse(body.result.application.releaseDate))).toBe(false);
  });

  it('names the user and tenant when signed in', async () => {
    const { body } = await session({ 'Abp-TenantId': '2', ...bearer(noordToken) });
    expect(body.result.user).toEqual({ id: 4, name: 'Beheerder', surname: 'Noord', userName: 'admin', emailAddress: 'admin@isolatie.local' });
    expect(body.result.tenant).toEqual({ id: 2, tenancyName: 'Noord', name: 'Isolatie Noord' });
    const defaultTenant = await session(bearer(adminToken));
    expect(defaultTenant.body.result.user.id).toBe(1);
    expect(defaultTenant.body.result.tenant).toBeNull();
  });

  it('answers 401 for an invalid token', async () => {
    const { status, body } = await session({ Authorization: 'Bearer onzin' });
    expect(status).toBe(401);
    expect(body.unAuthorizedRequest).toBe(true);
  });
});

describe('Account/IsTenantAvailable', () => {
  it.each([
    ['Default', { state: 1, tenantId: 1 }],
    ['noord', { state: 1, tenantId: 2 }],
    ['ZUID', { state: 2, tenantId: null }],
    ['Oost', { state: 3, tenantId: null }],
  ])('answers %s', async (tenancyName, result) => {
    const { body } = await call('/api/services/app/Account/IsTenantAvailable', { method: 'POST', body: { tenancyName } });
    expect(body).toMatchObject({ success: true, result });
  });

  it('refuses an empty name with a validation error', async () => {
    const { status, body } = await call('/api/services/app/Account/IsTenantAvailable', { method: 'POST', body: {} });
    expect(status).toBe(400);
    expect(body.error.validationErrors[0].members).toEqual(['tenancyName']);
  });
});

describe('User/ChangeLanguage', () => {
  const change = (languageName: unknown, headers: Record<string, string> = {}) =>
    call('/api/services/app/User/ChangeLanguage', { method: 'POST', body: { languageName }, headers });

  it('needs a signed-in user', async () => {
    const { status, body } = await change('en-US');
    expect(status).toBe(401);
    expect(body.unAuthorizedRequest).toBe(true);
    expect((await change('en-US', { Authorization: 'Bearer onzin' })).status).toBe(401);
  });

  it('accepts nl and en-US only', async () => {
    expect((await change('de', bearer(monteurToken))).status).toBe(400);
    expect((await change('', bearer(monteurToken))).status).toBe(400);
    const { status, body } = await change('en-US', bearer(monteurToken));
    expect(status).toBe(200);
    expect(body).toEqual({ result: null, targetUrl: null, success: true, error: null, unAuthorizedRequest: false, __abp: true });
    // Remembered for requests that name no culture.
    const config = await getAll(bearer(monteurToken));
    expect(config.body.result.localization.currentLanguage.name).toBe('en-US');
    await change('nl', bearer(monteurToken));
  });
});

describe('API CORS', () => {
  const preflight = (origin: string) =>
    fetch(`${stack.urls.api}/AbpUserConfiguration/GetAll`, {
      method: 'OPTIONS',
      headers: {
        Origin: origin,
        'Access-Control-Request-Method': 'GET',
        'Access-Control-Request-Headers': 'authorization,abp-tenantid,.aspnetcore.culture',
      },
    });

  it('allows the app origin with the ABP headers', async () => {
    const response = await preflight(stack.urls.app);
    expect(response.status).toBe(204);
    expect(response.headers.get('access-control-allow-origin')).toBe(stack.urls.app);
    const allowed = response.headers.get('access-control-allow-headers')!.toLowerCase().split(/,\s*/);
    expect(allowed).toEqual(expect.arrayContaining(['authorization', 'content-type', 'abp-tenantid', 'abp.tenantid', '.aspnetcore.culture', 'x-requested-with']));
    expect(response.headers.get('access-control-allow-methods')).toBe('GET, POST, OPTIONS');
    // The browser keeps the preflight: later calls in the same ten minutes skip the extra round trip.
    expect(response.headers.get('access-control-max-age')).toBe('600');
    const real = await getAll({ Origin: stack.urls.app });
    expect(real.headers.get('access-control-allow-origin')).toBe(stack.urls.app);
  });

  it('refuses another origin', async () => {
    const response = await preflight('http://localhost:1');
    expect(response.status).toBe(403);
    expect(response.headers.get('access-control-allow-origin')).toBeNull();
    const real = await getAll({ Origin: 'http://localhost:1' });
    expect(real.headers.get('access-control-allow-origin')).toBeNull();
  });
});

describe('API routing', () => {
  it('answers unknown methods with a 404 envelope', async () => {
    const { status, body } = await call('/api/services/app/Nope/Nothing');
    expect(status).toBe(404);
    expect(body).toMatchObject({ success: false, __abp: true });
  });
});
