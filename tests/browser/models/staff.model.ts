import type { Stack } from '../../../devstack/stack.ts';
import type { Tab } from '../support/driver.ts';
import { NL } from './texts.ts';
import { OUTCOME_MS } from './watch.ts';

/**
 * The app as a person uses it, on a tab of any engine (support/driver.ts):
 * the journeys written once for Chromium and Firefox. AppModel is the
 * Chromium-only model with everything else (holding requests, the page
 * clock, the console).
 */
export class StaffModel {
  constructor(
    readonly tab: Tab,
    readonly stack: Stack,
  ) {}

  url(path: string): string {
    return new URL(path, this.stack.urls.app).href;
  }

  open(path: string): Promise<void> {
    return this.tab.goto(this.url(path));
  }

  /** The page's address is on the app, with this path. */
  async waitForPath(path: string, timeout = OUTCOME_MS): Promise<void> {
    const app = new URL(this.stack.urls.app).origin;
    await this.tab.waitForUrl((url) => url.origin === app && url.pathname === path, timeout);
  }

  onProvider(): boolean {
    return new URL(this.tab.url()).origin === new URL(this.stack.urls.issuer).origin;
  }

  async waitForLoginPage(): Promise<void> {
    await this.tab.role('button', NL.login.signIn).waitFor();
  }

  /** "Inloggen" on the app's login page, then the provider's form (unless it still knows the person), back to the app. */
  async signIn(userName = 'admin', password = '123qwe'): Promise<void> {
    const issuer = new URL(this.stack.urls.issuer).origin;
    await this.tab.role('button', NL.login.signIn).click();
    await this.tab.waitForUrl((url) => url.origin === issuer || url.pathname === '/account/logincallback');
    if (!this.onProvider()) return;
    await this.fillProviderForm(userName, password);
    await this.tab.role('button', NL.provider.signIn).click();
    await this.tab.waitForUrl((url) => url.origin !== issuer);
  }

  async fillProviderForm(userName = 'admin', password = '123qwe'): Promise<void> {
    await this.tab.label(NL.provider.userName).fill(userName);
    await this.tab.label(NL.provider.password).fill(password);
  }

  /** Home greets the person (admin unless told). */
  async waitForHome(greeting: string = NL.shell.welcome): Promise<void> {
    await this.waitForPath('/app/home');
    await this.tab.role('heading', greeting).waitFor();
  }

  /** The person's menu: the person's name in the header (its button's name also holds the ▾ after it). */
  async openUserMenu(personName: string): Promise<void> {
    await this.tab.text(personName).click();
    await this.tab.role('link', NL.shell.myAccount).waitFor();
  }

  async openMyAccount(personName: string): Promise<void> {
    await this.openUserMenu(personName);
    await this.tab.role('link', NL.shell.myAccount).click();
    await this.tab.role('heading', NL.shell.myAccount).waitFor();
  }

  /** Beheer from the sections' menu, then its Gebruikers. */
  async openUsers(): Promise<void> {
    await this.tab.role('link', NL.section.beheer).click();
    await this.tab.role('heading', NL.section.beheer).waitFor();
    await this.tab.text(NL.beheer.users).click();
    await this.tab.role('heading', NL.beheer.users).waitFor();
  }

  async signOut(personName: string): Promise<void> {
    await this.openUserMenu(personName);
    await this.tab.role('button', NL.shell.signOut).click();
  }

  /** "Opnieuw inloggen" shows: the session was interrupted. */
  interrupted(): Promise<boolean> {
    return this.tab.role('button', NL.session.signInAgain).visible();
  }
}
