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
  it('switches to Noord: start-up runs again with the tenant header, and admin signs in there', async () => {
    const app = await AppModel.open(env.watched, '/account/login');
    const requests = abpRequests(app);
    await app.page.getByText(NL.tenant.host).waitFor();
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
  });

  it('says in Dutch that there is no tenant by an unknown name, and stays on the host', async () => {
    const app = await AppModel.open(env.watched, '/account/login');
    await app.page.getByText(NL.tenant.host).waitFor();
    await app.changeTenant('Nergens');
    await app.page.getByRole('alert').filter({ hasText: NL.tenant.unknown('Nergens') }).waitFor();
    expect(await app.cookie('Abp-TenantId')).toBeUndefined();
    expect(await app.page.getByText(NL.tenant.current(NL.tenant.host)).count()).toBe(1);
  });
});
