import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backendSignIn } from './helpers/sign-in.ts';
import { startTestStack, type TestStack } from './helpers/test-stack.ts';

// The stand-in's ABP answers, case by case, as the recorded ABP host gave
// them (tests/contract/recorded/; tests/contract/ replays every recording).

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
    body: init.body === undefined ? undefined : typeof init.body === 'string' ? init.body : JSON.stringify(init.body),
  });
  const text = await response.text();
  return { status: response.status, headers: response.headers, text, body: (text ? JSON.parse(text) : undefined) as Json };
}
const bearer = (token: string) => ({ Authorization: `Bearer ${token}` });
const tenant1 = { 'Abp-TenantId': '1' };
const getAll = (headers: Record<string, string> = {}, query = '') => call(`/AbpUserConfiguration/GetAll${query}`, { headers });
const session = (headers: Record<string, string> = {}) => call('/api/services/app/Session/GetCurrentLoginInformations', { headers });
const language = (result: Json) => result.localization.currentLanguage.name;

describe('AbpUserConfiguration/GetAll', () => {
  it('answers anonymously with every section, on the host side without a tenant', async () => {
    const { status, headers, body } = await getAll();
    expect(status).toBe(200);
    expect(headers.get('content-type')).toBe('application/json; charset=utf-8');
    expect(body).toMatchObject({ success: true, error: null, unAuthorizedRequest: false, __abp: true, targetUrl: null });
    const result = body.result;
    expect(Object.keys(result).sort()).toEqual([
      'auth',
      'clock',
      'custom',
      'features',
      'localization',
      'multiTenancy',
      'nav',
      'security',
      'session',
      'setting',
      'timing',
    ]);
    expect(result.multiTenancy).toEqual({ isEnabled: true, ignoreFeatureCheckForHostUsers: false, sides: { host: 2, tenant: 1 } });
    expect(result.session).toEqual({
      userId: null,
      tenantId: null,
      impersonatorUserId: null,
      impersonatorTenantId: null,
      multiTenancySide: 2,
    });
    expect(result.clock).toEqual({ provider: 'unspecifiedClockProvider' });
    expect(result.auth.grantedPermissions).toEqual({});
    expect(Object.keys(result.auth.allPermissions)).toEqual([
      'Pages.Users',
      'Pages.Users.Activation',
      'Pages.Roles',
      'Pages.Tenants',
      'Pages.Verkoop',
      'Pages.Crm',
      'Pages.Uitvoering',
      'Pages.Marketing',
      'Pages.Zakelijk',
      'Pages.Admin',
      'Pages.Beheer',
      'Pages.Wvb',
    ]);
    expect(result.localization.languages).toEqual([
      { name: 'en', displayName: 'English', icon: 'famfamfam-flags us', isDefault: false, isDisabled: false, isRightToLeft: false },
      { name: 'nl', displayName: 'Nederlands', icon: 'famfamfam-flags nl', isDefault: true, isDisabled: false, isRightToLeft: false },
    ]);
    expect(language(result)).toBe('nl');
    expect(result.localization.currentCulture).toEqual({ name: 'nl', displayName: 'Nederlands' });
    expect(result.localization.values.AbpProjectName.HomePage).toBe('Startpagina');
    // Nobody is signed in: not even HomePage, which needs a user.
    expect(result.nav.menus.MainMenu).toEqual({ name: 'MainMenu', displayName: 'Hoofdmenu', customData: null, items: [] });
    expect(result.features).toEqual({ allFeatures: {} });
    expect(result.setting.values['Abp.Localization.DefaultLanguageName']).toBe('nl');
    expect(result.timing.timeZoneInfo.iana.timeZoneId).toBe('Etc/UTC');
    expect(result.security.antiForgery).toEqual({ tokenCookieName: 'XSRF-TOKEN', tokenHeaderName: 'X-XSRF-TOKEN' });
    expect(result.custom).toEqual({});
  });

  it('reports the signed-in user, the permissions of their roles and a menu of them', async () => {
    const { body } = await getAll({ ...tenant1, ...bearer(monteurToken) });
    expect(body.result.session).toMatchObject({ userId: 5, tenantId: 1, multiTenancySide: 1 });
    expect(body.result.auth.grantedPermissions).toEqual({ 'Pages.Crm': 'true', 'Pages.Uitvoering': 'true' });
    expect(body.result.nav.menus.MainMenu.items.map((i: Json) => [i.name, i.displayName, i.url, i.order])).toEqual([
      ['HomePage', 'Startpagina', 'app/home', 0],
      ['Crm', 'Klantrelaties', 'crm', 2],
      ['Uitvoering', 'Uitvoering', 'uitvoering', 3],
    ]);
    // A tenant's admin has every permission but the host's Pages.Tenants.
    const admin = await getAll({ ...tenant1, ...bearer(adminToken) });
    expect(Object.keys(admin.body.result.auth.grantedPermissions)).toHaveLength(11);
    expect(admin.body.result.auth.grantedPermissions).not.toHaveProperty('Pages.Tenants');
  });

  it('answers a forged, garbled or foreign bearer as anonymous, never 401', async () => {
    // Garbled in the signature's first character, which carries six bits of it: the last ones carry
    // bits that base64url leaves unused, so a token ending in "xw" was still the same token as "xx".
    const [header, payload, signature] = adminToken.split('.') as [string, string, string];
    const garbled = `${header}.${payload}.${signature.startsWith('A') ? 'B' : 'A'}${signature.slice(1)}`;
    for (const authorization of ['Bearer onzin', `Bearer ${garbled}`, 'Basic YWRtaW46MTIz']) {
      const { status, body } = await getAll({ ...tenant1, Authorization: authorization });
      expect(status).toBe(200);
      expect(body.result.session).toMatchObject({ userId: null, tenantId: 1 });
      expect(body.result.auth.grantedPermissions).toEqual({});
    }
  });

  it.each([
    [{ '.AspNetCore.Culture': 'c=en-US|uic=en-US' }, '', 'en', 'Home page'],
    [{ '.AspNetCore.Culture': 'en-US' }, '', 'en', 'Home page'],
    [{ '.AspNetCore.Culture': 'c=en|uic=en' }, '', 'en', 'Home page'],
    [{ '.AspNetCore.Culture': 'c=nl-NL|uic=nl-NL' }, '', 'nl', 'Startpagina'],
    [{ '.AspNetCore.Culture': 'fr' }, '', 'nl', 'Startpagina'],
    [{ 'Accept-Language': 'en-US,en;q=0.9' }, '', 'en', 'Home page'],
    [{ '.AspNetCore.Culture': 'c=nl|uic=nl', 'Accept-Language': 'en-US,en;q=0.9' }, '', 'nl', 'Startpagina'],
    [{ Cookie: '.AspNetCore.Culture=c%3Den%7Cuic%3Den' }, '', 'en', 'Home page'],
    [{ '.AspNetCore.Culture': 'c=nl|uic=nl' }, '?culture=en', 'en', 'Home page'],
    [{}, '', 'nl', 'Startpagina'],
  ])('reads the culture from %j%s', async (headers, query, name, home) => {
    const { body } = await getAll({ ...tenant1, ...headers }, query);
    expect(language(body.result)).toBe(name);
    expect(body.result.localization.currentCulture.name).toBe(name);
    expect(body.result.localization.values.AbpProjectName.HomePage).toBe(home);
  });

  it.each([
    [{ 'Abp-TenantId': '2' }, 2],
    [{ Cookie: 'Abp-TenantId=2' }, 2],
    [{ 'Abp-TenantId': '2', Cookie: 'Abp-TenantId=1' }, 2],
    [{ 'Abp-TenantId': '3' }, 3],
    [{ 'Abp.TenantId': '1' }, null],
    [{ Cookie: 'Abp.TenantId=1' }, null],
    [{ 'Abp-TenantId': '99' }, null],
    [{ 'Abp-TenantId': 'abc' }, null],
    [{}, null],
  ])('resolves the tenant of %j as %s', async (headers, tenantId) => {
    const { status, body } = await getAll(headers);
    expect(status).toBe(200);
    expect(body.result.session).toMatchObject({ tenantId, multiTenancySide: tenantId === null ? 2 : 1 });
  });

  it('takes the tenant from the token’s claim, whatever the header says', async () => {
    const { status, body } = await getAll({ 'Abp-TenantId': '2', ...bearer(adminToken) });
    expect(status).toBe(200);
    expect(body.result.session).toMatchObject({ userId: 2, tenantId: 1 });
    const noHeader = await getAll(bearer(noordToken));
    expect(noHeader.body.result.session).toMatchObject({ userId: 3, tenantId: 2 });
  });
});

describe('Session/GetCurrentLoginInformations', () => {
  it('has no user and no tenant anonymously', async () => {
    const { status, body } = await session();
    expect(status).toBe(200);
    expect(body.result).toEqual({
      application: { version: '9.3.0', releaseDate: expect.stringMatching(/^\d{4}-\d\d-\d\dT[\d:.]+\+00:00$/), features: {} },
      user: null,
      tenant: null,
    });
  });

  it('names the user and the tenant of the token', async () => {
    const { body } = await session({ 'Abp-TenantId': '1', ...bearer(noordToken) });
    expect(body.result.user).toEqual({
      name: 'Beheerder',
      surname: 'Noord',
      userName: 'admin',
      emailAddress: 'admin@isolatie.local',
      id: 3,
    });
    expect(body.result.tenant).toEqual({ tenancyName: 'Noord', name: 'Isolatie Noord', id: 2 });
  });

  it('answers a bearer that is not valid as anonymous, in the requested tenant', async () => {
    const { status, body } = await session({ ...tenant1, Authorization: 'Bearer onzin' });
    expect(status).toBe(200);
    expect(body.result).toMatchObject({ user: null, tenant: { tenancyName: 'Default', id: 1 } });
  });
});

describe('Account/IsTenantAvailable', () => {
  const available = (body: unknown, headers: Record<string, string> = {}) =>
    call('/api/services/app/Account/IsTenantAvailable', { method: 'POST', body, headers });

  it.each([
    ['Default', { state: 1, tenantId: 1 }],
    ['noord', { state: 1, tenantId: 2 }],
    ['Zuid', { state: 2, tenantId: null }],
    ['Oost', { state: 3, tenantId: null }],
  ])('answers %s', async (tenancyName, result) => {
    const { body } = await available({ tenancyName }, { 'Abp-TenantId': '2' });
    expect(body).toMatchObject({ success: true, result });
  });

  it('refuses a missing or too long name with ABP’s validation texts', async () => {
    const empty = await available({ tenancyName: '' });
    expect(empty.status).toBe(400);
    expect(empty.body.error).toEqual({
      code: 0,
      message: 'Uw aanvraag is niet geldig!',
      details: 'De volgende fouten zijn gedetecteerd tijdens de validatie.\n - The TenancyName field is required.\n',
      validationErrors: [{ message: 'The TenancyName field is required.', members: ['tenancyName'] }],
    });
    const english = await available({}, { '.AspNetCore.Culture': 'c=en|uic=en' });
    expect(english.body.error.message).toBe('Your request is not valid!');
    const long = await available({ tenancyName: 'x'.repeat(65) });
    expect(long.body.error.validationErrors).toEqual([
      { message: 'The field TenancyName must be a string with a maximum length of 64.', members: ['tenancyName'] },
    ]);
  });
});

describe('User/ChangeLanguage', () => {
  const change = (body: unknown, headers: Record<string, string> = {}) =>
    call('/api/services/app/User/ChangeLanguage', { method: 'POST', body, headers: { ...tenant1, ...headers } });

  it('needs a signed-in user: 401 anonymously and with a bearer that is not valid', async () => {
    for (const headers of [{}, { Authorization: 'Bearer onzin' }] as Record<string, string>[]) {
      const { status, body } = await change({ languageName: 'en' }, headers);
      expect(status).toBe(401);
      expect(body).toMatchObject({
        unAuthorizedRequest: true,
        error: { message: 'Huidige gebruiker is niet ingelogd in de applicatie!', details: null },
      });
    }
  });

  it('needs Pages.Users: 403 for monteur, named in the request’s language', async () => {
    const { status, body } = await change({ languageName: 'nl' }, bearer(monteurToken));
    expect(status).toBe(403);
    expect(body).toMatchObject({
      unAuthorizedRequest: true,
      error: {
        message: 'Verplichte rechten zijn niet toegekend. Minimaal één van de volgende rechten dient toegekend te zijn: Gebruikers',
      },
    });
    // Accept-Language (never saved, unlike a culture header) names the language of the answer.
    const english = await change({ languageName: 'nl' }, { ...bearer(monteurToken), 'Accept-Language': 'en' });
    expect(english.body.error.message).toBe(
      'Required permissions are not granted. At least one of these permissions must be granted: Users',
    );
  });

  it('saves any language name for admin, which then beats the culture header; the default name removes it', async () => {
    expect((await change({}, bearer(adminToken))).body.error.validationErrors).toEqual([
      { message: 'The LanguageName field is required.', members: ['languageName'] },
    ]);
    const unknown = await change({ languageName: 'xx-YY' }, bearer(adminToken));
    expect(unknown.status).toBe(200);
    expect(
      (await getAll({ '.AspNetCore.Culture': 'c=nl|uic=nl', ...bearer(adminToken) })).body.result.setting.values[
        'Abp.Localization.DefaultLanguageName'
      ],
    ).toBe('xx-YY');
    const { status, body } = await change({ languageName: 'en' }, bearer(adminToken));
    expect(status).toBe(200);
    expect(body).toEqual({ result: null, targetUrl: null, success: true, error: null, unAuthorizedRequest: false, __abp: true });
    const english = await getAll({ '.AspNetCore.Culture': 'c=nl|uic=nl', ...bearer(adminToken) });
    expect(language(english.body.result)).toBe('en');
    expect(english.body.result.setting.values['Abp.Localization.DefaultLanguageName']).toBe('en');
    await change({ languageName: 'nl' }, bearer(adminToken));
    const back = await getAll({ '.AspNetCore.Culture': 'c=nl|uic=nl', ...bearer(adminToken) });
    expect(language(back.body.result)).toBe('nl');
    expect(back.body.result.setting.values['Abp.Localization.DefaultLanguageName']).toBe('nl');
    // With no saved language again, the next culture header that names English is saved, as for anyone.
    await getAll({ '.AspNetCore.Culture': 'c=en|uic=en', ...bearer(adminToken) });
    expect(language((await getAll({ '.AspNetCore.Culture': 'c=nl|uic=nl', ...bearer(adminToken) })).body.result)).toBe('en');
    await change({ languageName: 'nl' }, bearer(adminToken));
  });
});

describe('a signed-in user’s culture', () => {
  it('is saved from the first culture header that names another language than the default, never from Accept-Language', async () => {
    const token = await backendSignIn(stack.urls, 'monteur');
    const asMonteur = (headers: Record<string, string>) => getAll({ ...tenant1, ...bearer(token), ...headers });
    expect(language((await asMonteur({ 'Accept-Language': 'en-US' })).body.result)).toBe('en');
    expect(language((await asMonteur({ '.AspNetCore.Culture': 'c=nl|uic=nl' })).body.result)).toBe('nl');
    const saved = await asMonteur({ '.AspNetCore.Culture': 'c=en-US|uic=en-US' });
    expect(language(saved.body.result)).toBe('en');
    expect(saved.body.result.setting.values['Abp.Localization.DefaultLanguageName']).toBe('en-US');
    // From now on the saved language beats every header, on every device.
    expect(language((await asMonteur({ '.AspNetCore.Culture': 'c=nl|uic=nl' })).body.result)).toBe('en');
    expect(language((await asMonteur({})).body.result)).toBe('en');
  });
});

describe('User/GetAll', () => {
  it('lists the tenant’s users for admin, 403 for monteur, 401 anonymously', async () => {
    const { status, body } = await call('/api/services/app/User/GetAll?MaxResultCount=2&SkipCount=1', {
      headers: { ...tenant1, ...bearer(adminToken) },
    });
    expect(status).toBe(200);
    expect(body.result.totalCount).toBe(3);
    expect(body.result.items.map((u: Json) => [u.id, u.userName, u.fullName, u.roleNames, u.isActive])).toEqual([
      [5, 'monteur', 'Piet Monteur', ['MONTEUR'], true],
      [6, 'nieuw', 'Nieuwe Medewerker', [], false],
    ]);
    expect((await call('/api/services/app/User/GetAll', { headers: { ...tenant1, ...bearer(monteurToken) } })).status).toBe(403);
    expect((await call('/api/services/app/User/GetAll', { headers: tenant1 })).status).toBe(401);
  });
});

describe('API CORS', () => {
  const preflight = (origin: string, method = 'GET', headers = 'abp-tenantid,.aspnetcore.culture,authorization') =>
    fetch(`${stack.urls.api}/AbpUserConfiguration/GetAll`, {
      method: 'OPTIONS',
      headers: { Origin: origin, 'Access-Control-Request-Method': method, 'Access-Control-Request-Headers': headers },
    });
  const corsHeaders = (response: Response) => [...response.headers].filter(([name]) => /^access-control-|^vary$/.test(name));

  it('echoes the app origin’s requested method and headers, with credentials, no Max-Age and no Vary', async () => {
    const response = await preflight(stack.urls.app, 'POST', 'authorization,content-type,dpop');
    expect(response.status).toBe(204);
    expect(Object.fromEntries(corsHeaders(response))).toEqual({
      'access-control-allow-credentials': 'true',
      'access-control-allow-headers': 'authorization,content-type,dpop',
      'access-control-allow-methods': 'POST',
      'access-control-allow-origin': stack.urls.app,
    });
    const real = await getAll({ Origin: stack.urls.app });
    expect(Object.fromEntries(corsHeaders(new Response(null, { headers: real.headers })))).toEqual({
      'access-control-allow-credentials': 'true',
      'access-control-allow-origin': stack.urls.app,
    });
  });

  it('gives another origin no CORS headers: its preflight 204, its request the normal answer', async () => {
    const response = await preflight('http://evil.example');
    expect(response.status).toBe(204);
    expect(corsHeaders(response)).toEqual([]);
    const real = await getAll({ Origin: 'http://evil.example' });
    expect(real.status).toBe(200);
    expect(real.body.success).toBe(true);
    expect(corsHeaders(new Response(null, { headers: real.headers }))).toEqual([]);
  });
});

describe('API routing and model binding', () => {
  it('answers an unknown route 404 and a known one with another verb 405, both without a body', async () => {
    const unknown = await call('/api/services/app/Nope/Nothing');
    expect([unknown.status, unknown.text, unknown.headers.get('content-type')]).toEqual([404, '', null]);
    const wrongVerb = await call('/api/TokenAuth/ExternalAuthenticate');
    expect([wrongVerb.status, wrongVerb.text, wrongVerb.headers.get('allow')]).toEqual([405, '', 'POST']);
    // GetAll is an MVC action without a verb: any method reaches it.
    expect((await call('/abpuserconfiguration/getall', { method: 'OPTIONS' })).status).toBe(200);
  });

  it('refuses a body that is not JSON by its type (415), empty or malformed JSON (400 on "" and "$")', async () => {
    const path = '/api/services/app/Account/IsTenantAvailable';
    const plain = await call(path, { method: 'POST', headers: { 'Content-Type': 'text/plain' }, body: '{"tenancyName":"Default"}' });
    expect([plain.status, plain.text]).toEqual([415, '']);
    const empty = await call(path, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: '' });
    expect(empty.body.error.validationErrors).toEqual([{ message: 'A non-empty request body is required.', members: [''] }]);
    const malformed = await call(path, { method: 'POST', body: '{"tenancyName": "Default"' });
    expect(malformed.status).toBe(400);
    expect(malformed.body.error.validationErrors[0].members).toEqual(['$']);
  });
});
