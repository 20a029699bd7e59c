import type { Browser, BrowserContext, ConsoleMessage, Page, Request } from 'playwright-core';
import { expect } from 'vitest';
import type { Stack } from '../../../../devstack/stack.ts';
import { newContext } from '../../support/chromium.ts';

/** Texts a person reads in the app and on the provider's pages. */
export const NL = {
  busy: 'Bezig met laden…',
  waiting: 'Wachten op bevestiging van login.',
  callbackRetry: 'Inloggen lijkt niet te lukken. Probeer het opnieuw.',
  retry: 'Opnieuw proberen',
  startupTitle: 'De applicatie kon niet starten',
  signIn: 'Inloggen',
  signInAgain: 'Opnieuw inloggen',
  welcome: 'Welkom, Beheerder',
  languageFailed: 'De taal kon niet worden gewijzigd. Probeer het opnieuw.',
  tenantFailed: 'De omgeving kon niet worden gecontroleerd. Probeer het opnieuw.',
  tenantNotSwitched: 'De omgeving kon niet worden gewijzigd. Probeer het over een ogenblik opnieuw.',
  renewFailed: 'De verbinding met de inlogdienst is even weg. We proberen je sessie zo opnieuw te verlengen.',
  sessionExpired: 'Je sessie is verlopen. Log opnieuw in.',
} as const;

/**
 * Waits until `check` gives a truthy value (concurrent cases cannot use
 * `expect.poll`); fails with `what` after `timeout` ms.
 */
export async function eventually<T>(check: () => T | Promise<T>, what: string, timeout = OUTCOME_MS): Promise<T> {
  const end = Date.now() + timeout;
  for (;;) {
    const value = await check();
    if (value) return value;
    if (Date.now() > end) throw new Error(`not within ${timeout} ms: ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** How long a person may wait for a visible outcome that is not busy. */
export const OUTCOME_MS = 10_000;
/** The callback's deliberate 5 s rule, plus room for a slow machine. */
export const CALLBACK_OUTCOME_MS = 12_000;

export interface LoggedMessage {
  type: string;
  text: string;
}

interface CspViolation {
  directive: string;
  blockedURI: string;
  page: string;
}

/** Paths whose query or fragment must never keep what the provider handed over. */
const SENSITIVE_IN_ADDRESS = /[?&#](code|state|id_token|access_token|refresh_token|session_state|iss|error)=|token/i;

/**
 * One case's browser: a fresh context with everything a check needs recorded
 * from the first request on: console errors and warnings, main-frame
 * navigations of every page (popups too), CSP violations, requests.
 */
export class WatchedContext {
  readonly logged: LoggedMessage[] = [];
  readonly navigations: string[] = [];
  readonly cspViolations: CspViolation[] = [];
  readonly pageErrors: string[] = [];
  readonly requests: Request[] = [];

  private constructor(
    readonly context: BrowserContext,
    readonly stack: Stack,
  ) {}

  static async create(browser: Browser, stack: Stack): Promise<WatchedContext> {
    const watched = new WatchedContext(await newContext(browser), stack);
    await watched.context.exposeBinding('__securityViolation', ({ page }, violation: Omit<CspViolation, 'page'>) => {
      watched.cspViolations.push({ ...violation, page: page?.url() ?? '' });
    });
    await watched.context.addInitScript(() => {
      document.addEventListener('securitypolicyviolation', (event) => {
        const report = (window as unknown as { __securityViolation?: (v: unknown) => void }).__securityViolation;
        report?.({ directive: event.violatedDirective, blockedURI: event.blockedURI });
      });
    });
    watched.context.on('page', (page) => watched.watch(page));
    watched.context.on('request', (request) => watched.requests.push(request));
    return watched;
  }

  private watch(page: Page): void {
    page.on('console', (message: ConsoleMessage) => {
      const text = message.text();
      if (message.type() === 'error' || message.type() === 'warning') this.logged.push({ type: message.type(), text });
      if (/Content Security Policy/i.test(text)) this.cspViolations.push({ directive: 'console', blockedURI: text, page: page.url() });
    });
    page.on('pageerror', (error) => this.pageErrors.push(error.message));
    page.on('framenavigated', (frame) => {
      if (frame === page.mainFrame()) this.navigations.push(frame.url());
    });
  }

  async newPage(): Promise<AppPage> {
    return new AppPage(await this.context.newPage(), this);
  }

  /** Opens a path of the app in a new page. */
  async open(path: string): Promise<AppPage> {
    const page = await this.newPage();
    await page.goto(path);
    return page;
  }

  async close(): Promise<void> {
    await this.context.close();
  }

  async cookies() {
    return this.context.cookies(this.stack.urls.app);
  }

  async cookie(name: string): Promise<string | undefined> {
    return (await this.cookies()).find((cookie) => cookie.name === name)?.value;
  }

  /** Something was logged (console.error or console.warn) that matches. */
  expectLogged(pattern: RegExp): void {
    const texts = this.logged.map((message) => message.text);
    expect(texts.some((text) => pattern.test(text)), `a logged error or warning matching ${pattern}, got:\n${texts.join('\n')}`).toBe(true);
  }

  /** Every main-frame navigation of every page stayed on the app or the provider. */
  expectOnlyOwnOrigins(): void {
    const allowed = new Set([this.stack.urls.app, this.stack.urls.issuer]);
    const foreign = this.navigations.filter((url) => url !== 'about:blank' && !allowed.has(new URL(url).origin));
    expect(foreign, 'navigations to another origin').toEqual([]);
  }

  /** No backend token cookie. */
  async expectNoBackendToken(): Promise<void> {
    expect(await this.cookie('Abp.AuthToken'), 'Abp.AuthToken').toBeUndefined();
    expect(await this.cookie('enc_auth_token'), 'enc_auth_token').toBeUndefined();
  }

  async expectBackendToken(): Promise<void> {
    expect(await this.cookie('Abp.AuthToken'), 'Abp.AuthToken').toBeTruthy();
    expect(await this.cookie('enc_auth_token'), 'enc_auth_token').toBeTruthy();
  }

  expectNoCspViolation(): void {
    expect(this.cspViolations, 'CSP violations').toEqual([]);
  }
}

/** A page of the app as a person uses it, with the checks every case ends with. */
export class AppPage {
  constructor(
    readonly page: Page,
    readonly watched: WatchedContext,
  ) {}

  get stack(): Stack {
    return this.watched.stack;
  }

  url(path: string): string {
    return new URL(path, this.stack.urls.app).href;
  }

  async goto(path: string): Promise<void> {
    await this.page.goto(path.startsWith('http') ? path : this.url(path));
  }

  /** Waits until the page shows this app path (query and fragment ignored unless given). */
  async waitForPath(path: string, timeout = OUTCOME_MS): Promise<void> {
    const expected = new URL(path, this.stack.urls.app);
    await this.page.waitForURL(
      (url) => url.origin === expected.origin && url.pathname === expected.pathname && (!expected.search || url.search === expected.search),
      { timeout },
    );
  }

  /**
   * From the app's login page through the provider's Dutch form, back to the
   * app. When the provider still has a session it shows no form and sends
   * the browser straight back.
   */
  async signIn(userName = 'admin', password = '123qwe'): Promise<void> {
    await this.page.getByRole('button', { name: NL.signIn }).click({ timeout: OUTCOME_MS });
    await this.page.waitForURL((url) => url.origin === this.stack.urls.issuer || url.pathname === '/account/logincallback', { timeout: OUTCOME_MS });
    if (new URL(this.page.url()).origin !== this.stack.urls.issuer) return;
    await this.fillProviderForm(userName, password);
    await this.page.waitForURL((url) => url.origin === this.stack.urls.app, { timeout: OUTCOME_MS });
  }

  /** Presses "Inloggen" on the app's login page and waits for the provider's form. */
  async startSignIn(): Promise<void> {
    await this.page.getByRole('button', { name: NL.signIn }).click({ timeout: OUTCOME_MS });
    await this.page.waitForURL((url) => url.origin === this.stack.urls.issuer, { timeout: OUTCOME_MS });
  }

  async fillProviderForm(userName = 'admin', password = '123qwe'): Promise<void> {
    await this.page.getByLabel('Gebruikersnaam').fill(userName);
    await this.page.getByLabel('Wachtwoord').fill(password);
    await this.page.getByRole('button', { name: NL.signIn }).click();
  }

  /** Signs in from a fresh start and waits for the home page. */
  async signInToHome(userName = 'admin'): Promise<void> {
    await this.goto('/account/login');
    await this.signIn(userName);
    await this.waitForPath('/app/home');
    await this.page.getByRole('heading', { name: NL.welcome }).waitFor({ timeout: OUTCOME_MS });
  }

  /** The state of the sign-in attempt in progress (the app stored its transaction under it), read from the authorization request. */
  pendingState(): string {
    const authorize = [...this.watched.requests]
      .reverse()
      .map((request) => new URL(request.url()))
      .find((url) => url.origin === this.stack.urls.issuer && url.pathname === '/auth' && url.searchParams.has('state'));
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
      await this.fillProviderForm(userName);
      await this.page.waitForURL((url) => url.pathname === '/account/logincallback' && url.searchParams.has('code'), { timeout: OUTCOME_MS });
      const address = this.page.url();
      // The page without its scripts is no state of the app: leave it.
      await this.page.goto('about:blank');
      return address;
    } finally {
      await this.page.unroute(isScript);
    }
  }

  async sessionStorage(): Promise<Record<string, string>> {
    return this.page.evaluate(() => ({ ...sessionStorage }));
  }

  async refreshToken(): Promise<string | undefined> {
    const raw = (await this.sessionStorage())['oidc.tokens'];
    if (!raw) return undefined;
    return (JSON.parse(raw) as { refreshToken?: string }).refreshToken ?? undefined;
  }

  async expectNoRefreshToken(): Promise<void> {
    expect(await this.refreshToken(), 'refresh token in sessionStorage').toBeUndefined();
  }

  async expectEmptyLocalStorage(): Promise<void> {
    expect(await this.page.evaluate(() => localStorage.length), 'localStorage entries').toBe(0);
  }

  /** Nothing the provider handed over is left in the address bar. */
  expectCleanAddress(): void {
    const url = new URL(this.page.url());
    expect(`${url.pathname}${url.search}${url.hash}`, 'address bar').not.toMatch(SENSITIVE_IN_ADDRESS);
  }

  /** The page shows no busy indicator (the outcome is final, not a spinner without end). */
  async expectNotBusy(): Promise<void> {
    await this.page.locator('[aria-busy="true"]').first().waitFor({ state: 'detached', timeout: OUTCOME_MS });
  }

  /** Text is visible within the time a person may wait. */
  async see(text: string | RegExp, timeout = OUTCOME_MS): Promise<void> {
    await this.page.getByText(text).first().waitFor({ state: 'visible', timeout });
  }

  /** Text is on screen now; otherwise fails naming what the page said and what was logged. */
  async seeOrExplain(text: string | RegExp): Promise<void> {
    try {
      await this.see(text, 3000);
    } catch {
      const shown = await this.page.locator('main').innerText().catch(() => '(no main)');
      const logged = this.watched.logged.map((message) => message.text.split('\n')[0]).join('\n');
      throw new Error(`expected ${String(text)} on screen, it shows:\n${shown}\nlogged:\n${logged}`);
    }
  }

  /** The callback's failure: waiting text, then within the 5 s rule the retry message with the reason. */
  async expectCallbackFailure(reason: string | RegExp): Promise<void> {
    await this.page.getByRole('heading', { name: NL.callbackRetry }).waitFor({ timeout: CALLBACK_OUTCOME_MS });
    await this.seeOrExplain(reason);
    await this.expectNotBusy();
  }

  /** Follows the callback's "Opnieuw proberen" and checks that it leads on: to the login page, or home when signed in. */
  async followCallbackRetry(expectedPath: '/account/login' | '/app/home' = '/account/login'): Promise<void> {
    const link = this.page.getByRole('link', { name: NL.retry });
    expect(await link.getAttribute('href')).toBe('/');
    await link.click();
    await this.waitForPath(expectedPath);
    if (expectedPath === '/account/login') await this.page.getByRole('button', { name: NL.signIn }).waitFor({ timeout: OUTCOME_MS });
    else await this.page.getByRole('heading', { name: NL.welcome }).waitFor({ timeout: OUTCOME_MS });
  }

  /** The start-up error screen with the Dutch explanation. */
  async expectStartupError(message: string | RegExp): Promise<void> {
    await this.page.getByRole('heading', { name: NL.startupTitle }).waitFor({ timeout: OUTCOME_MS });
    await this.seeOrExplain(message);
    await this.expectNotBusy();
  }

  async clickRetry(): Promise<void> {
    await this.page.getByRole('button', { name: NL.retry }).click();
  }

  /** The checks every case ends with: address, localStorage, origins. */
  async expectNoLeaks(): Promise<void> {
    this.expectCleanAddress();
    await this.expectEmptyLocalStorage();
    this.watched.expectOnlyOwnOrigins();
  }

  async markDocument(): Promise<void> {
    await this.page.evaluate(() => {
      (window as unknown as { __securityMark: number }).__securityMark = 1;
    });
  }

  async documentStillMarked(): Promise<boolean> {
    return this.page.evaluate(() => (window as unknown as { __securityMark?: number }).__securityMark === 1);
  }
}
