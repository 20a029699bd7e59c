import type { Locator } from 'playwright-core';
import { AppModel } from './app.model.ts';
import { NL } from './texts.ts';
import { WatchedContext } from './watch.ts';
import { newContext } from '../support/chromium.ts';
import type { BrowserEnv } from '../support/env.ts';

/** Beheer as an administrator uses it: the people, their roles and activation, the roles and their permissions. */
export class BeheerModel {
  constructor(readonly app: AppModel) {}

  /** A person signed in to home in a browser of their own (their own cookies and provider session). */
  static async signedIn(
    env: BrowserEnv,
    userName: string,
    viewport?: { width: number; height: number },
    tenant?: string,
  ): Promise<BeheerModel> {
    const context = viewport
      ? await env.browser.newContext({ serviceWorkers: 'block', locale: 'nl-NL', timezoneId: 'Europe/Amsterdam', viewport })
      : await newContext(env.browser);
    const app = await AppModel.newPage(await WatchedContext.of(context, env.stack));
    await app.goto('/account/login');
    // An environment other than the config's (`''`: central administration, the host) is chosen on the login page first.
    if (tenant !== undefined) {
      await app.changeTenant(tenant);
      // Named as everywhere, by its name ("Isolatie Noord" for Noord).
      await app.page
        .getByText(tenant === '' ? NL.tenant.host : new RegExp(`^(Isolatie )?${tenant}$`))
        .first()
        .waitFor();
    }
    await app.person.signIn(userName);
    await app.waitForAddress('/app/home');
    return new BeheerModel(app);
  }

  /** The login page in a browser of its own, for a sign-in that is to be refused. */
  static async openLogin(env: BrowserEnv): Promise<AppModel> {
    const app = await AppModel.newPage(await WatchedContext.of(await newContext(env.browser), env.stack));
    await app.goto('/account/login');
    return app;
  }

  async close(): Promise<void> {
    await this.app.page.context().close();
  }

  get page() {
    return this.app.page;
  }

  /** Opens Gebruikers from the menu, through Beheer's own page. */
  async openUsers(): Promise<void> {
    await this.app.openSection(NL.section.beheer);
    await this.page.getByRole('link', { name: new RegExp(`^${NL.beheer.users}`) }).click();
    await this.app.waitForHeading(NL.beheer.users, { level: 1 });
  }

  async openTenants(): Promise<void> {
    await this.app.openSection(NL.section.beheer);
    await this.page.getByRole('link', { name: new RegExp(`^${NL.beheer.tenants}`) }).click();
    await this.app.waitForHeading(NL.beheer.tenants, { level: 1 });
  }

  async openRoles(): Promise<void> {
    await this.app.openSection(NL.section.beheer);
    await this.page.getByRole('link', { name: new RegExp(`^${NL.beheer.roles}`) }).click();
    await this.app.waitForHeading(NL.beheer.roles, { level: 1 });
  }

  /** A row of the people's list, by the person's full name. */
  row(fullName: string): Locator {
    return this.page.getByRole('row').filter({ has: this.page.getByRole('link', { name: fullName, exact: true }) });
  }

  async openPerson(fullName: string): Promise<void> {
    await this.page.getByRole('link', { name: fullName, exact: true }).click();
    await this.app.waitForHeading(fullName, { level: 1 });
  }

  async search(text: string): Promise<void> {
    await this.page.getByLabel(NL.beheer.searchField).fill(text);
    await this.page.getByRole('button', { name: NL.beheer.search, exact: true }).click();
  }

  /** The person's form: ticks or clears a role, then "Opslaan" and waits for "Opgeslagen.". */
  async setRole(role: string, on: boolean): Promise<void> {
    await this.page.getByRole('checkbox', { name: role, exact: true }).setChecked(on);
    await this.save();
  }

  async save(): Promise<void> {
    await this.page.getByRole('button', { name: NL.beheer.save, exact: true }).click();
  }

  async expectSaved(): Promise<void> {
    await this.page.getByRole('status').filter({ hasText: NL.beheer.saved }).waitFor();
  }

  /** "Activeren" or "Deactiveren", and the status badge that follows. */
  async setActive(on: boolean): Promise<void> {
    await this.page.getByRole('button', { name: on ? NL.beheer.activate : NL.beheer.deactivate, exact: true }).click();
    await this.page.getByRole('button', { name: on ? NL.beheer.deactivate : NL.beheer.activate, exact: true }).waitFor();
  }

  /** The form's alert (its message and messages for no field), empty when there is none. */
  async formAlert(): Promise<string> {
    const alert = this.page.locator('.form-alert');
    return (await alert.count()) ? ((await alert.first().textContent()) ?? '') : '';
  }

  /** A field's message: the text under the input, which the input names as its description (beside a hint it may have). */
  async fieldError(label: string): Promise<string> {
    const input = this.page.getByLabel(label, { exact: true });
    const described = (await input.getAttribute('aria-describedby'))?.split(/\s+/) ?? [];
    for (const id of described) {
      const element = this.page.locator(`[id="${id}"].field-error`);
      if (await element.count()) return (await element.textContent()) ?? '';
    }
    return '';
  }
}
