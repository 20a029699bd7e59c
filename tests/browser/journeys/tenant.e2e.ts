import { describe, expect, it } from 'vitest';
import { AppModel } from '../models/app.model.ts';
import { NL } from '../models/texts.ts';
import { browserEnv } from '../support/env.ts';

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
    await app.page.getByText(NL.tenant.current('Noord')).waitFor({ timeout: 10_000 });
    expect(await app.cookie('Abp-TenantId')).toBe('2');
    const getAll = requests.filter((request) => request.url.includes('GetAll'));
    expect(getAll.map((request) => request.headers['abp-tenantid'])).toEqual(['2']);

    await app.page.reload();
    await app.page.getByText(NL.tenant.current('Noord')).waitFor({ timeout: 10_000 });
    for (const request of requests) {
      expect(request.headers['abp-tenantid'], request.url).toBe('2');
      expect(request.headers['.aspnetcore.culture'], request.url).toBe('c=nl|uic=nl');
    }

    await app.signIn('admin');
    await app.waitForAddress('/app/home');
    await app.expectHeading(NL.shell.welcome);
    expect(await app.cookie('Abp-TenantId')).toBe('2');
    expect(requests.at(-1)?.headers['abp-tenantid']).toBe('2');
    expect(requests.at(-1)?.headers.authorization).toMatch(/^Bearer \S+$/);

    // And back: signed out, Default chosen, signed in there. ABP takes the tenant from a bearer before the header, so no sign-in carries one.
    await app.signOut();
    await app.waitForAddress(/\/account\/login/);
    await app.changeTenant('Default');
    await app.page.getByText(NL.tenant.current('Default')).waitFor({ timeout: 10_000 });
    await app.signIn('admin');
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
    await app.page.getByRole('alert').filter({ hasText: NL.tenant.unknown('Nergens') }).waitFor();
    expect(await app.cookie('Abp-TenantId')).toBe('1');
    expect(await app.page.getByText(NL.tenant.current('Default')).count()).toBe(1);
  });
});
