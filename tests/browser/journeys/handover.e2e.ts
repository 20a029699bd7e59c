import { describe, expect, it } from 'vitest';
import { AppModel } from '../models/app.model.ts';
import { BeheerModel } from '../models/beheer.model.ts';
import { NL } from '../models/texts.ts';
import { WatchedContext } from '../models/watch.ts';
import { newContext } from '../support/chromium.ts';
import { browserEnv, type BrowserEnv } from '../support/env.ts';

// A new environment handed to its first administrator, on ABP as recorded
// (tests/contract/recorded/onboarding.json, handover.json; docs/abp.md,
// "Handing over an environment"): Tenant/Create gives it a built-in admin
// with the template's default password and no provider login; the app
// replaces that password at once, and gives the first administrator, once
// she has signed in through the provider, the role Admin as him.

/** Someone signed in, in a browser of their own, in the environment named (empty: central administration, ABP's host). */
async function signedInTo(env: BrowserEnv, environment: string, userName: string): Promise<BeheerModel> {
  const app = await AppModel.newPage(await WatchedContext.of(await newContext(env.browser), env.stack));
  await app.goto('/account/login');
  await app.changeTenant(environment);
  await app.page.getByText(environment ? NL.tenant.current(environment) : `Omgeving: ${NL.tenant.host}`).waitFor();
  await app.signIn(userName);
  await app.waitForAddress('/app/home');
  return new BeheerModel(app);
}

/** `TokenAuth/Authenticate` as an environment's built-in admin: whether the password still opens him. */
async function builtInAdminSignIn(env: BrowserEnv, tenantId: string, password: string): Promise<number> {
  const response = await fetch(`${env.stack.urls.api}/api/TokenAuth/Authenticate`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', 'Abp-TenantId': tenantId },
    body: JSON.stringify({ userNameOrEmailAddress: 'admin', password, rememberClient: false }),
  });
  return response.status;
}

describe('handing a new environment to its first administrator', () => {
  const env = browserEnv();

  it('the host creates West for Vera; once she has signed in he gives her Admin there, and she opens Gebruikers', async () => {
    const host = await signedInTo(env, '', 'host');
    await host.app.openSection(NL.section.beheer);
    await host.page.getByRole('link', { name: new RegExp(`^${NL.beheer.tenants}`) }).click();
    await host.app.waitForHeading(NL.beheer.tenants, { level: 1 });
    await host.page.getByRole('link', { name: NL.handover.newEnvironment }).click();
    await host.page.getByLabel(NL.handover.name, { exact: true }).fill('Isolatie West');
    await host.page.getByLabel(NL.handover.shortName, { exact: true }).fill('West');
    await host.page.getByLabel(NL.handover.firstAdminEmail).fill('vreemde@extern.local');
    await host.page.getByRole('button', { name: NL.handover.create }).click();
    await host.app.waitForHeading('Isolatie West', { level: 1 });
    const tenantId = /\/(\d+)$/.exec(new URL(host.page.url()).pathname)?.[1] ?? '';
    expect(tenantId).toMatch(/^\d+$/);

    // The built-in admin's default password no longer opens West; the handover code does, until the handover is done.
    const code = await host.page.getByLabel(NL.handover.code).inputValue();
    expect(code).toMatch(/^[A-Za-z0-9]{4}(-[A-Za-z0-9]{4}){3}$/);
    expect(await builtInAdminSignIn(env, tenantId, '123qwe')).toBe(500);
    expect(await host.page.getByText('123qwe').count()).toBe(0);
    expect(await host.app.axeViolations()).toEqual([]);

    // Too early: Vera has not signed in to West yet.
    await host.page.getByRole('button', { name: NL.handover.give }).click();
    await host.page.getByText(NL.handover.notSignedInYet('vreemde@extern.local', 'Isolatie West')).waitFor();

    const vera = await signedInTo(env, 'West', 'vreemde');
    await vera.page.getByRole('heading', { name: NL.home.noSections }).waitFor();

    await host.page.getByRole('button', { name: NL.handover.give }).click();
    await host.page.getByRole('status').filter({ hasText: NL.handover.granted('Vera Vreemde', 'Isolatie West') }).waitFor();
    expect(await host.page.getByLabel(NL.handover.code).inputValue()).toBe('');
    expect(await builtInAdminSignIn(env, tenantId, code), 'the code no longer opens the built-in admin').toBe(500);
    await host.close();

    await vera.page.reload();
    await vera.openUsers();
    await vera.row('Vera Vreemde').waitFor();
    expect(await vera.row('admin admin').count()).toBe(1);
    await vera.close();
  });
});
