import type { Locator, Route } from 'playwright-core';
import { expect } from 'vitest';
import { Gate } from './gate.ts';
import { PageModel } from './page.model.ts';
import { StaffModel, type Language } from './staff.model.ts';
import { EN, NL, oneOf } from './texts.ts';
import { CALLBACK_OUTCOME_MS, OUTCOME_MS, type WatchedContext } from './watch.ts';
import { oktaEndpoint } from '../../../devstack/provider/oidc.ts';
import { chromiumTab, chromiumTarget } from '../support/driver.ts';
import { LOOK_EVERY_MS, PRESENT_MS } from '../../support/limits.ts';

/** The requests a test can hold in this page, by the name of what the machines invoke them for (the stack holds any of its own: `stack.holds`). */
export type Endpoint = 'GetAll' | 'Session' | 'token' | 'ExternalAuthenticate';

export type { Language };

/**
 * A page of the app in Chromium, on playwright-core's own page. The person's
 * actions are not here: they are `person`'s, a StaffModel on this page
 * (written once for every engine, here through `chromiumTab`), which the
 * tests call as `app.person.signIn()`, `app.person.openUserMenu()`, … This
 * keeps only what needs playwright: requests held or refused in the browser
 * (Gate), the page's clock, what the whole browser context saw (console,
 * requests, navigations, in `watched`), the locators and checks of
 * start-up, the callback, the shell and the tenant.
 */
export class AppModel extends PageModel {
  private shared?: StaffModel;

  /**
   * The person's actions written once for every engine, on this page; given
   * what the tab interface cannot tell: the person's menu button by its id
   * (so no name is needed) and the page's load, awaited after `signIn`.
   */
  get person(): StaffModel {
    return (this.shared ??= new StaffModel(chromiumTab(this.page), this.stack, {
      userMenuButton: chromiumTarget(this.page.locator('#user-menu-button')),
      loaded: () => this.page.waitForLoadState(),
    }));
  }

  /** A new page in the watched context, not yet on any address. */
  static async newPage(watched: WatchedContext): Promise<AppModel> {
    return new AppModel(await watched.context.newPage(), watched);
  }

  static async open(watched: WatchedContext, path = '/'): Promise<AppModel> {
    const app = await AppModel.newPage(watched);
    await app.goto(path);
    return app;
  }

  // Signing in at the provider.

  get signInButton(): Locator {
    return this.page.getByRole('button', { name: NL.login.signIn, exact: true });
  }

  /** "Inloggen bij centraal beheer": the sign-in to ABP's host, whatever environment the browser is in. */
  get signInToHostButton(): Locator {
    return this.page.getByRole('button', { name: NL.login.signInToHost });
  }

  /** The state of the sign-in attempt in progress (the app stored its transaction under it), read from the authorization request. */
  pendingState(): string {
    const authorize = [...this.watched.requests]
      .reverse()
      .map((request) => new URL(request.url()))
      .find((url) => url.origin === this.stack.urls.issuer && url.pathname.endsWith('/v1/authorize') && url.searchParams.has('state'));
    const state = authorize?.searchParams.get('state');
    if (state) return state;
    throw new Error('no authorization request with a state was sent');
  }

  /**
   * Signs in at the provider but keeps the app's scripts from loading on the
   * way back, so the callback address (with a code nobody redeemed) can be
   * taken as a link would be.
   */
  async captureUnredeemedCallback(userName = 'admin'): Promise<string> {
    const isScript = (url: URL) => url.origin === this.stack.urls.app && url.pathname.endsWith('.js');
    await this.page.route(isScript, (route) => route.abort());
    try {
      await this.person.fillProviderForm(userName);
      await this.person.submitProviderForm();
      await this.page.waitForURL((url) => url.pathname === '/account/logincallback' && url.searchParams.has('code'), {
        timeout: OUTCOME_MS,
      });
      const address = this.page.url();
      // The page without its scripts is no state of the app: leave it.
      await this.page.goto('about:blank');
      return address;
    } finally {
      await this.page.unroute(isScript);
    }
  }

  /** Start-up's busy screen while it waits for a server that gave no answer (Dutch, or English once that catalog is in). */
  get waitingScreen(): Locator {
    return this.page.getByRole('status').filter({ has: this.page.getByText(oneOf(NL.startup.waiting, EN.startup.waiting)) });
  }

  /** Start-up waits for the server: it says so, offers to try now, and shows no error screen. */
  async expectWaitingForServer(timeout = OUTCOME_MS): Promise<void> {
    await this.waitingScreen.waitFor({ timeout });
    await this.waitingScreen.getByRole('button', { name: oneOf(NL.startup.retry, EN.startup.retry) }).waitFor({ timeout: OUTCOME_MS });
    expect(await this.page.getByRole('alert').count(), 'no error screen while waiting').toBe(0);
  }

  /** The page shows no busy indicator (the outcome is final, not a spinner without end). */
  async expectNotBusy(): Promise<void> {
    await this.page.locator('[aria-busy="true"]').first().waitFor({ state: 'detached', timeout: OUTCOME_MS });
  }

  // The failure screens of start-up and of the callback.

  /** The start-up error screen with the Dutch explanation. */
  async expectStartupError(message: string | RegExp): Promise<void> {
    await this.waitForHeading(NL.startup.failed);
    await this.seeOrExplain(message);
    await this.expectNotBusy();
  }

  /** "Opnieuw proberen" on the start-up error screen. */
  async clickRetry(): Promise<void> {
    await this.page.getByRole('button', { name: NL.startup.retry }).click();
  }

  /** The callback's failure: waiting text, then within the 5 s rule the retry message with the reason. */
  async expectCallbackFailure(reason: string | RegExp): Promise<void> {
    await this.waitForHeading(NL.callback.slow, { timeout: CALLBACK_OUTCOME_MS });
    await this.seeOrExplain(reason);
    await this.expectNotBusy();
  }

  /** Follows the callback's "Opnieuw proberen" and checks that it leads on: to the login page, or home when signed in. */
  async followCallbackRetry(expectedPath: '/account/login' | '/app/home' = '/account/login'): Promise<void> {
    const link = this.page.getByRole('link', { name: NL.callback.retry });
    expect(await link.getAttribute('href')).toBe('/');
    await link.click();
    await this.waitForPath(expectedPath);
    if (expectedPath === '/account/login') await this.person.waitForLoginPage();
    else await this.waitForHeading(NL.shell.welcome);
  }

  // The shell.

  /** The navigation with the sections (in the page's language). */
  sections(language: Language = 'nl'): Locator {
    return this.page.getByRole('navigation', { name: language === 'en' ? EN.shell.sections : NL.shell.sections });
  }

  /** The names of the sections in the menu, in its order. */
  sectionNames(): Promise<string[]> {
    return this.sections().getByRole('link').allTextContents();
  }

  async openSection(name: string): Promise<void> {
    await this.sections().getByRole('link', { name }).click();
  }

  /** The language switch, "Taal" (or "Language"). */
  get languageSwitch(): Locator {
    return this.page.getByLabel(oneOf(NL.shell.language, EN.shell.language));
  }

  /** Chooses a language by the name the backend gives it: in the person's menu when signed in, on the login page as it is. */
  async chooseLanguage(language: Language): Promise<void> {
    if ((await this.page.locator('#user-menu-button').count()) > 0) await this.person.openUserMenu();
    await this.languageSwitch.selectOption({ label: language === 'en' ? 'English' : 'Nederlands' });
  }

  /** "Over de applicatie" in the person's menu. */
  async openAbout(): Promise<void> {
    await this.person.openUserMenu();
    await this.page.getByRole('link', { name: NL.shell.about }).click();
  }

  // The tenant on the login page.

  get tenantField(): Locator {
    return this.page.getByLabel(oneOf(NL.tenant.field, EN.tenant.field));
  }

  /** "Wijzigen" and the name typed, not yet saved. */
  async startTenantChange(name: string): Promise<void> {
    await this.page.getByRole('button', { name: oneOf(NL.tenant.change, EN.tenant.change) }).click();
    await this.tenantField.fill(name);
  }

  async saveTenant(): Promise<void> {
    await this.page.getByRole('button', { name: oneOf(NL.tenant.save, EN.tenant.save) }).click();
  }

  async changeTenant(name: string): Promise<void> {
    await this.startTenantChange(name);
    await this.saveTenant();
  }

  // The session, and what must not be left behind.

  /** The provider refuses this page's refresh token (`invalid_grant`, as the stack's token fault answers), for this page only; gives the way back. */
  async refuseRefreshToken(): Promise<() => Promise<void>> {
    const token = oktaEndpoint(this.stack.urls.signInIssuer, 'token');
    const refuse = (route: Route) =>
      route.fulfill({
        status: 400,
        json: { error: 'invalid_grant', error_description: 'grant request is invalid' },
        headers: { 'Access-Control-Allow-Origin': this.stack.urls.app },
      });
    await this.page.route(token, refuse);
    return () => this.page.unroute(token, refuse);
  }

  /**
   * "Opnieuw inloggen" opens the provider in a popup, which closes once the
   * sign-in is done: a sign-in's return, given the callback's time. When it
   * does not close, the failure says where the popup stood and what it showed.
   */
  async signInAgainInPopup(): Promise<void> {
    const button = this.page.getByRole('button', { name: NL.session.signInAgain });
    const [popup] = await Promise.all([this.page.context().waitForEvent('page', { timeout: OUTCOME_MS }), button.click()]);
    try {
      await popup.waitForEvent('close', { timeout: CALLBACK_OUTCOME_MS });
    } catch (error) {
      if (popup.isClosed()) return;
      const shown = await popup
        .locator('body')
        .innerText({ timeout: PRESENT_MS })
        .catch(() => '(no text)');
      throw new Error(
        `The sign-in popup did not close within ${CALLBACK_OUTCOME_MS} ms; it stood at ${popup.url()} showing "${shown.slice(0, 300)}"`,
        { cause: error },
      );
    }
  }

  async expectNoRefreshToken(): Promise<void> {
    expect(await this.person.refreshToken(), 'refresh token in sessionStorage').toBeUndefined();
  }

  /** The checks every security case ends with: address, localStorage, origins. */
  async expectNoLeaks(): Promise<void> {
    this.expectCleanAddress();
    await this.expectEmptyLocalStorage();
    this.watched.expectOnlyOwnOrigins();
  }

  /** Nothing of the marked page was lost: same document, same address, same heading, still signed in. */
  async expectPageKept(path = '/app/home', heading: string | RegExp = NL.shell.welcome): Promise<void> {
    expect(await this.documentStillMarked(), 'the page was not reloaded').toBe(true);
    expect(new URL(this.page.url()).pathname).toBe(path);
    await this.waitForHeading(heading, { level: 1, timeout: PRESENT_MS });
    await this.watched.expectBackendToken();
  }

  // Requests and code.

  /** Holds this page's requests to an endpoint until the test lets each go (see Gate). */
  hold(endpoint: Endpoint): Promise<Gate> {
    const api = new URL(this.stack.urls.api).origin;
    const matchers: Record<Endpoint, (url: URL) => boolean> = {
      GetAll: (url) => url.origin === api && url.pathname.endsWith('/AbpUserConfiguration/GetAll'),
      Session: (url) => url.origin === api && url.pathname.includes('/Session/'),
      token: (url) => url.href === oktaEndpoint(this.stack.urls.signInIssuer, 'token'),
      ExternalAuthenticate: (url) => url.origin === api && url.pathname.endsWith('/TokenAuth/ExternalAuthenticate'),
    };
    return Gate.install(this.page, endpoint, matchers[endpoint]);
  }

  /** The lazy chunks this page fetches from now on, by route name: `layout`, `login`, `home`, `verkoop`. */
  lazyChunks(): string[] {
    const names: string[] = [];
    this.page.on('request', (request) => {
      const match = /\/assets\/([\w-]+)\.lazy-[\w-]+\.js$/.exec(new URL(request.url()).pathname);
      if (match) names.push(match[1]!);
    });
    return names;
  }

  /**
   * The signed-in code (the token's life, with the popup sign-in it imports,
   * and the banner that tells of it) has arrived, so the session renews from
   * here on and says so when it cannot.
   */
  async waitForSignedInCode(timeout = OUTCOME_MS): Promise<void> {
    await this.page.waitForFunction(
      () =>
        ['signedIn', 'tokenActor', 'popup', 'ShellBanners'].every((name) =>
          performance.getEntriesByType('resource').some((entry) => new RegExp(`/assets/${name}\\.lazy-[^/]+\\.js$`).test(entry.name)),
        ),
      undefined,
      { timeout, polling: LOOK_EVERY_MS },
    );
  }

  /**
   * Waits until the page has fetched the code that joins it once the browser
   * is idle after start-up (the connection banner, the update prompt): only
   * then does the page notice going offline.
   */
  async waitForAfterStart(timeout = OUTCOME_MS): Promise<void> {
    await this.page.waitForFunction(
      () => performance.getEntriesByType('resource').some((entry) => /\/assets\/AfterStart(\.lazy)?-[^/]+\.js$/.test(entry.name)),
      undefined,
      { timeout, polling: LOOK_EVERY_MS },
    );
  }
}
