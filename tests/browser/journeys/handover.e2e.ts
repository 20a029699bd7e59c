import type { Locator } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { AppModel } from '../models/app.model.ts';
import { BeheerModel } from '../models/beheer.model.ts';
import { NL } from '../models/texts.ts';
import { WatchedContext } from '../models/watch.ts';
import { newContext } from '../support/chromium.ts';
import { browserEnv, type BrowserEnv } from '../support/env.ts';
import { builtInAdminSignIn } from '../support/stack.ts';

// A new environment handed to its first administrator, on ABP as recorded
// (tests/contract/recorded/onboarding.json, handover.json; docs/abp.md,
// "Handing over an environment"): Tenant/Create gives it a built-in admin
// with the template's default password and no provider login; the app
// replaces that password at once, and gives the first administrator, once
// she has signed in through the provider, the role Admin as him.

/** Someone signed in, in a browser of their own, in the environment of that short name (empty: central administration, ABP's host); the login page names it "Isolatie …". */
async function signedInTo(env: BrowserEnv, environment: string, userName: string): Promise<BeheerModel> {
  const app = await AppModel.newPage(await WatchedContext.of(await newContext(env.browser), env.stack));
  await app.goto('/account/login');
  await app.changeTenant(environment);
  await app.page.getByText(environment ? NL.tenant.current(`Isolatie ${environment}`) : `Omgeving: ${NL.tenant.host}`).waitFor();
  await app.person.signIn(userName);
  await app.waitForAddress('/app/home');
  return new BeheerModel(app);
}

/** The host at a new environment's form, in Beheer, Omgevingen. */
async function newEnvironmentForm(env: BrowserEnv): Promise<BeheerModel> {
  const host = await signedInTo(env, '', 'host');
  await host.page.setViewportSize({ width: 1280, height: 860 });
  await host.app.openSection(NL.section.beheer);
  await host.page.getByRole('link', { name: new RegExp(`^${NL.beheer.tenants}`) }).click();
  await host.app.waitForHeading(NL.beheer.tenants, { level: 1 });
  await host.page.getByRole('link', { name: NL.handover.newEnvironment }).click();
  return host;
}

/** Whether an element is wholly inside the window. */
function inView(locator: Locator): Promise<boolean> {
  return locator.evaluate(
    (element) => element.getBoundingClientRect().top >= 0 && element.getBoundingClientRect().bottom <= window.innerHeight,
  );
}

/** Fills the new environment's form and makes it: answers its id, once its page shows the handover. */
async function create(host: BeheerModel, name: string, shortName: string, firstAdminEmail: string): Promise<string> {
  await host.page.getByLabel(NL.handover.name, { exact: true }).fill(name);
  await host.page.getByLabel(NL.handover.shortName, { exact: true }).fill(shortName);
  await host.page.getByLabel(NL.handover.firstAdminEmail).fill(firstAdminEmail);
  await host.page.getByRole('button', { name: NL.handover.create }).click();
  await host.app.waitForHeading(name, { level: 1 });
  // Said, in the page's main landmark (brought into view: checked by the caller once the code is in force).
  const main = host.page.getByRole('main');
  await main
    .getByRole('status')
    .filter({ hasText: NL.handover.made(name) })
    .waitFor();
  await main.getByRole('heading', { name: NL.handover.panel, level: 2 }).waitFor();
  const tenantId = /\/(\d+)$/.exec(new URL(host.page.url()).pathname)?.[1] ?? '';
  expect(tenantId).toMatch(/^\d+$/);
  return tenantId;
}

describe('handing a new environment to its first administrator', () => {
  const env = browserEnv();

  it('the host creates West for Vera; once she has signed in he gives her Admin there, and she opens Gebruikers', async () => {
    const host = await newEnvironmentForm(env);
    // Every mistake at once, each at its field, and nothing made.
    await host.page.getByLabel(NL.handover.shortName, { exact: true }).fill('West 1');
    await host.page.getByRole('button', { name: NL.handover.create }).click();
    await host.page.getByText(NL.handover.nameMissing).waitFor();
    await host.page.getByText(NL.beheer.tenancyNamePattern).waitFor();
    await host.page.getByText(NL.handover.emailMissing).waitFor();
    expect(await host.page.getByRole('heading', { name: NL.handover.panel }).count()).toBe(0);

    const tenantId = await create(host, 'Isolatie West', 'West', 'vreemde@extern.local');
    // The code goes out once the page shows it: until ABP has answered, the button waits; then it is in view, at 1280 × 860.
    await host.page.getByRole('button', { name: NL.handover.give }).waitFor();
    expect(await inView(host.page.getByLabel(NL.handover.code))).toBe(true);
    expect(await inView(host.page.getByRole('button', { name: NL.handover.give }))).toBe(true);

    // The built-in admin's default password no longer opens West; the handover code does, until the handover is done.
    const code = await host.page.getByLabel(NL.handover.code).inputValue();
    expect(code).toMatch(/^[A-Za-z0-9]{4}(-[A-Za-z0-9]{4}){3}$/);
    expect(await builtInAdminSignIn(env.stack, tenantId, '123qwe')).toBe(500);
    expect(await host.page.getByText('123qwe').count()).toBe(0);
    expect(await host.app.axeViolations()).toEqual([]);

    // Too early: Vera has not signed in to West yet.
    await host.page.getByRole('button', { name: NL.handover.give }).click();
    await host.page.getByText(NL.handover.notSignedInYet('vreemde@extern.local', 'Isolatie West')).waitFor();

    const vera = await signedInTo(env, 'West', 'vreemde');
    await vera.page.getByRole('heading', { name: NL.home.noSections }).waitFor();

    await host.page.getByRole('button', { name: NL.handover.give }).click();
    const granted = host.page.getByRole('status').filter({ hasText: NL.handover.granted('Vera Vreemde', 'Isolatie West') });
    await granted.waitFor();
    // Said where the button was, at the window's foot, and in place of the steps: no code, no button left.
    expect(await inView(granted), 'the outcome in view').toBe(true);
    expect(await host.page.getByLabel(NL.handover.code).count(), 'no code left on the screen').toBe(0);
    expect(await host.page.getByRole('button', { name: NL.handover.give }).count()).toBe(0);
    expect(await builtInAdminSignIn(env.stack, tenantId, code), 'the code no longer opens the built-in admin').toBe(500);
    expect(
      await host.page.evaluate(() => Object.keys(sessionStorage).filter((key) => key.startsWith('handover:'))),
      'the kept code cleared',
    ).toEqual([]);
    await host.close();

    await vera.page.reload();
    await vera.openUsers();
    await vera.row('Vera Vreemde').waitFor();
    expect(await vera.row('admin admin').count()).toBe(1);
    await vera.close();
  });
});
