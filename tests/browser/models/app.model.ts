import type { BrowserContext, Page } from 'playwright-core';
import type { Stack } from '../../../devstack/stack.ts';

export const TEXT = {
  busy: 'Bezig met laden…',
  waiting: 'Wachten op bevestiging van login.',
  retry: 'Inloggen lijkt niet te lukken. Probeer het opnieuw.',
  retryLink: 'Opnieuw proberen',
  notActive: 'Je account is nog niet actief',
  signedOut: 'Je bent uitgelogd.',
} as const;

/** The app as a person meets it: pages, the provider's sign-in form, cookies and storage. */
export class AppModel {
  readonly errors: string[] = [];

  constructor(
    readonly page: Page,
    readonly stack: Stack,
  ) {
    page.on('pageerror', (error) => this.errors.push(error.message));
  }

  static async open(context: BrowserContext, stack: Stack, path = '/'): Promise<AppModel> {
    const model = new AppModel(await context.newPage(), stack);
    await model.goto(path);
    return model;
  }

  url(path: string): string {
    return new URL(path, this.stack.urls.app).href;
  }

  async goto(path: string): Promise<void> {
    await this.page.goto(this.url(path));
  }

  /** From the app's login page through the provider's Dutch form, back to the app. */
  async signIn(userName: string, password = '123qwe'): Promise<void> {
    await this.page.getByRole('button', { name: 'Inloggen' }).click();
    await this.page.waitForURL((url) => url.origin === this.stack.urls.issuer);
    await this.page.getByLabel('Gebruikersnaam').fill(userName);
    await this.page.getByLabel('Wachtwoord').fill(password);
    await this.page.getByRole('button', { name: 'Inloggen' }).click();
    await this.page.waitForURL((url) => url.origin === this.stack.urls.app);
  }

  /** Starts a real sign-in (a transaction is stored) and stops at the provider's form. */
  async startSignIn(): Promise<void> {
    await this.page.getByRole('button', { name: 'Inloggen' }).click();
    await this.page.waitForURL((url) => url.origin === this.stack.urls.issuer);
  }

  async heading(): Promise<string> {
    return (await this.page.getByRole('heading', { level: 1 }).first().textContent()) ?? '';
  }

  async cookie(name: string): Promise<string | undefined> {
    const cookies = await this.page.context().cookies(this.stack.urls.app);
    return cookies.find((cookie) => cookie.name === name)?.value;
  }

  async localStorageText(): Promise<string> {
    return this.page.evaluate(() => JSON.stringify({ ...localStorage }));
  }

  async sessionStorageText(): Promise<string> {
    return this.page.evaluate(() => JSON.stringify({ ...sessionStorage }));
  }

  /** Marks the document so a later check can tell whether the page was reloaded. */
  async markDocument(): Promise<void> {
    await this.page.evaluate(() => {
      (window as unknown as { __mark: number }).__mark = 1;
    });
  }

  async documentStillMarked(): Promise<boolean> {
    return this.page.evaluate(() => (window as unknown as { __mark?: number }).__mark === 1);
  }
}
