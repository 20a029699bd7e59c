import { describe, expect, it } from 'vitest';
import { AppModel } from '../models/app.model.ts';
import { NL } from '../models/texts.ts';
import { chromiumTarget } from '../support/driver.ts';
import { browserEnv } from '../support/env.ts';
import { OUTCOME_MS } from '../../support/limits.ts';

const env = browserEnv();

/** The ABP headers of every config and GetAll request the page makes. */
function abpRequests(app: AppModel): { url: string; headers: Record<string, string> }[] {
  const seen: { url: string; headers: Record<string, string> }[] = [];
  app.page.on('request', (request) => {
    const url = request.url();
    if (/\/assets\/appconfig|\/AbpUserConfiguration\/GetAll/.test(url)) seen.push({ url, headers: request.headers() });
  });
  return seen;
}

describe('choosing the tenant on the login page', () => {
  it('switches to Noord: start-up runs again with the tenant header, and admin signs in there; then back to Default, with no bearer deciding the tenant', async () => {
    const app = await AppModel.open(env.watched, '/account/login');
    const requests = abpRequests(app);
    const signIns: Array<Record<string, string>> = [];
    app.page.on('request', (request) => {
      if (/\/TokenAuth\/ExternalAuthenticate$/i.test(request.url()) && request.method() === 'POST') signIns.push(request.headers());
    });
    // A new browser works in the company's environment (appconfig's tenancyName).
    await app.page.getByText(NL.tenant.current('Default')).waitFor();
    // Only what the switch sends: the first start-up (no tenant) may or may not have been seen.
    requests.length = 0;
    await app.changeTenant('Noord');
    // ABP's tenant change shows the tenancy name, the name the person typed.
    await app.page.getByText(NL.tenant.current('Isolatie Noord')).waitFor({ timeout: OUTCOME_MS });
    expect(await app.cookie('Abp-TenantId')).toBe('2');
    const getAll = requests.filter((request) => request.url.includes('GetAll'));
    expect(getAll.map((request) => request.headers['abp-tenantid'])).toEqual(['2']);

    await app.page.reload();
    await app.page.getByText(NL.tenant.current('Isolatie Noord')).waitFor({ timeout: OUTCOME_MS });
    for (const request of requests) {
      expect(request.headers['abp-tenantid'], request.url).toBe('2');
      expect(request.headers['.aspnetcore.culture'], request.url).toBe('c=nl|uic=nl');
    }

    await app.person.signIn('admin');
    await app.waitForAddress('/app/home');
    await app.expectHeading(NL.shell.welcome);
    expect(await app.cookie('Abp-TenantId')).toBe('2');
    expect(requests.at(-1)?.headers['abp-tenantid']).toBe('2');
    expect(requests.at(-1)?.headers.authorization).toMatch(/^Bearer \S+$/);

    // And back: signed out, Default chosen, signed in there. ABP takes the tenant from a bearer before the header, so no sign-in carries one.
    await app.person.signOut();
    await app.waitForAddress(/\/account\/login/);
    await app.changeTenant('Default');
    await app.page.getByText(NL.tenant.current('Default')).waitFor({ timeout: OUTCOME_MS });
    await app.person.signIn('admin');
    await app.waitForAddress('/app/home');
    await app.expectHeading(NL.shell.welcome);
    expect(await app.cookie('Abp-TenantId')).toBe('1');
    expect(signIns.map((headers) => [headers['abp-tenantid'], headers.authorization])).toEqual([
      ['2', undefined],
      ['1', undefined],
    ]);
  });

  it('says in Dutch that there is no tenant by an unknown name, and stays where it was', async () => {
    const app = await AppModel.open(env.watched, '/account/login');
    await app.page.getByText(NL.tenant.current('Default')).waitFor();
    await app.changeTenant('Nergens');
    await app.page
      .getByRole('alert')
      .filter({ hasText: NL.tenant.unknown('Nergens') })
      .waitFor();
    expect(await app.cookie('Abp-TenantId')).toBe('1');
    expect(await app.page.getByText(NL.tenant.current('Default')).count()).toBe(1);
  });
});

/** The users of Default whose user name, name or e-mail address holds `keyword`, as Default's admin finds them at the backend (password sign-in, User/GetAll). */
async function defaultUsersMatching(keyword: string): Promise<string[]> {
  const api = (path: string, init: RequestInit = {}) =>
    fetch(new URL(path, `${env.stack.urls.api}/`), {
      ...init,
      headers: { 'Abp-TenantId': '1', 'Content-Type': 'application/json', ...init.headers },
    }).then(async (response) => {
      if (!response.ok) throw new Error(`${path}: ${response.status}`);
      return ((await response.json()) as { result: unknown }).result;
    });
  const { accessToken } = (await api('api/TokenAuth/Authenticate', {
    method: 'POST',
    body: JSON.stringify({ userNameOrEmailAddress: 'admin', password: '123qwe' }),
  })) as { accessToken: string };
  const { items } = (await api(`api/services/app/User/GetAll?Keyword=${encodeURIComponent(keyword)}&MaxResultCount=100`, {
    headers: { Authorization: `Bearer ${accessToken}` },
  })) as { items: { userName: string }[] };
  return items.map((user) => user.userName);
}

/** The tenant header of every ExternalAuthenticate the page sends. */
function signInTenants(app: AppModel): Array<string | undefined> {
  const seen: Array<string | undefined> = [];
  app.page.on('request', (request) => {
    if (/\/TokenAuth\/ExternalAuthenticate$/i.test(request.url()) && request.method() === 'POST')
      seen.push(request.headers()['abp-tenantid']);
  });
  return seen;
}

// ABP registers whoever it does not know in the environment of the sign-in, with no role; on the host it registers nobody
// (abp-recorded/externalauthenticate.json admin-no-tenant-host). A fresh browser is in Default, as appconfig names it.
describe('the host administrator in a fresh browser', () => {
  it('signs in to central administration from the login page, and Default never sees him', async () => {
    const app = await AppModel.open(env.watched, '/account/login');
    const tenants = signInTenants(app);
    await app.page.getByText(NL.login.goesTo('Default')).waitFor();
    await app.person.signIn('host', '123qwe', chromiumTarget(app.signInToHostButton));
    await app.waitForAddress('/app/home');
    await app.waitForHeading(NL.shell.welcomeOf('Beheerder'), { level: 1 });
    expect(await app.sectionNames()).toContain(NL.section.beheer);
    expect(await app.page.getByText(NL.home.noSections).count()).toBe(0);
    expect(await app.cookie('Abp-TenantId')).toBe('');
    expect(tenants).toEqual([undefined]);
    expect(await defaultUsersMatching('host')).toEqual([]);
    expect(app.errors).toEqual([]);
  });

  it('signed in to Default after all, he reads where he is and chooses central administration from there', async () => {
    const app = await AppModel.open(env.watched, '/account/login');
    await app.person.signIn('host');
    await app.waitForAddress('/app/home');
    await app.page.getByRole('heading', { name: NL.home.noSections }).waitFor();
    await app.page.getByText(NL.home.askAdministratorOf('Default')).waitFor();
    // What the sign-in did: ABP registered him in Default, with no role.
    expect(await defaultUsersMatching('host')).toEqual(['host@isolatie.local']);

    await app.page.getByText(NL.home.youAreIn('Default')).waitFor();
    await app.page.getByRole('link', { name: NL.home.chooseEnvironment }).click();
    await app.waitForAddress(/\/account\/login\?environment=choose/);
    // The environment switch is open with the short name to change, and the sign-in to central administration is one press away.
    expect(await app.tenantField.inputValue()).toBe('Default');
    await app.page.getByText(NL.login.goesTo('Default')).waitFor();
    await app.signInToHostButton.click();
    // The provider still knows him: straight back, signed in to the host.
    await app.waitForAddress('/app/home');
    await app.waitForHeading(NL.shell.welcomeOf('Beheerder'), { level: 1 });
    expect(await app.sectionNames()).toContain(NL.section.beheer);
    expect(await app.cookie('Abp-TenantId')).toBe('');
  });
});
