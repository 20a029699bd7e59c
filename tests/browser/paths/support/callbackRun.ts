import { expect } from 'vitest';
import type { Fault, FaultEndpoint } from '../../../../devstack/faults/registry.ts';
import type { Stack } from '../../../../devstack/stack.ts';
import { callbackMachine } from '../../../../machines/callback.machine.ts';
import { stateKey, type ModelPath, type PathStep } from '../../../../scripts/paths/model.ts';
import { StaffModel } from '../../models/staff.model.ts';
import { NL } from '../../models/texts.ts';
import { CALLBACK_OUTCOME_MS, eventually, OUTCOME_MS } from '../../models/watch.ts';
import type { Tab, Target } from '../../support/driver.ts';
import { stepName } from './browserPaths.ts';
import type { HeldCall, Holding } from './held.ts';
import { PRESENT_MS } from '../../../support/limits.ts';

// The callbackMachine's paths as a person goes through them, in any engine.
// Each engine's driver says how a request is held and let go, and how the
// 5 s pass (callbackDriver.ts: callbackDriver in Chromium, on page.route and
// Playwright's page clock; callbackEngineDriver in Firefox and WebKit, held by
// the stack and on the stack's page clock); the steps, the outcomes and the
// checks are here.

/** Flow states in which the callback screen is still shown, so the 5 s message can be seen. */
const ON_SCREEN = new Set(['parsingTokens', 'loggingIn', 'processingResult', 'failed']);

/** The callback's 5 s rule. */
const SLOW_MS = callbackMachine.implementations.delays.loginSlow as number;

/** Whether a browser can carry out the path: after the page has left the callback screen (or shows the not-active notice), the 5 s message cannot be seen. */
export function callbackFeasible(path: ModelPath): boolean {
  return path.steps.every((step, index) => {
    if (step.kind !== 'after') return true;
    const before = path.steps[index - 1]?.state as { flow?: string } | undefined;
    return before?.flow !== undefined && ON_SCREEN.has(before.flow);
  });
}

/** Holds every request to one endpoint until `release`. */
/** Outcomes that are a fault of the stack, switched on before the held request goes on. */
const FAULTS: Partial<Record<string, [FaultEndpoint, Fault]>> = {
  // The provider's answer without its access token: the app goes to the login page.
  'done parseTokens without token': ['token', { body: 'tokenless', times: 1 }],
  'error parseTokens fail': ['token', { status: 400, times: 1 }],
  'error loginAtBackend fail': ['ExternalAuthenticate', { status: 500, times: 1 }],
};

/** Outcomes that are the held request let through as it is (`done loginAtBackend ok` may switch the next answer's fault on). */
const PASSED = new Set([
  'done parseTokens with token',
  'done loginAtBackend ok',
  'done loginAtBackend waitingForActivation',
  'done processAuthenticateResult ok',
]);

/** What each invoked actor asks for: the provider's token endpoint, ExternalAuthenticate, the start-up re-run's GetAll. */
type HeldEndpoint = 'token' | 'ExternalAuthenticate' | 'GetAll';
type Invoked = 'parseTokens' | 'loginAtBackend' | 'processAuthenticateResult';

/**
 * One path of the callbackMachine in a tab. The redirect input is a real
 * sign-in through the provider's Dutch form (as `nieuw` when the path
 * expects waitingForActivation, which the stack is switched to answer for
 * her, else as `admin`); "Annuleren" on that form when the path is
 * cancelled. The two visit inputs open /account/logincallback without a
 * code, signed out or signed in. Outcomes are the held request let go, with
 * a fault of the stack switched on first for the failing and tokenless ones.
 */
export abstract class CallbackRun {
  protected readonly stack: Stack;
  private tab!: Tab;
  private staff!: StaffModel;
  private readonly holdings = new Map<Invoked, Holding>();
  private held: HeldCall | undefined;
  /** When the tab came back to the callback: the 5 s run from a moment later. */
  private arrived = 0;

  constructor(
    protected readonly path: ModelPath,
    stack: Stack,
  ) {
    this.stack = stack;
  }

  /** A fresh tab on no address yet. */
  protected abstract open(): Promise<Tab>;
  /** From now on, requests to the endpoint wait for the test. */
  protected abstract hold(endpoint: HeldEndpoint): Promise<Holding>;
  /** The 5 s pass on the page clock. */
  protected abstract letTimePass(ms: number): Promise<void>;
  /** Lets every request go and closes what `open` opened. */
  protected abstract finish(): Promise<void>;

  async run(): Promise<void> {
    try {
      this.tab = await this.open();
      this.staff = new StaffModel(this.tab, this.stack);
      const [start, ...steps] = this.path.steps;
      await this.begin(start!);
      await this.check(start!);
      for (const [index, step] of steps.entries()) {
        await this.perform(step, steps[index + 1]);
        await this.check(step);
      }
    } finally {
      for (const holding of this.holdings.values()) await holding.release().catch(() => undefined);
      await this.finish();
    }
  }

  private async begin(start: PathStep): Promise<void> {
    switch (start.trigger) {
      case 'visit signed out':
        await this.staff.open('/account/logincallback');
        return;
      case 'visit signed in':
        await this.staff.open('/account/login');
        await this.staff.signIn('admin');
        await this.staff.waitForHome();
        await this.staff.open('/account/logincallback');
        return;
      case 'redirect': {
        await this.staff.open('/account/login');
        if (this.cancels()) {
          // "Annuleren" on the provider's form: it answers the callback with access_denied, and no token is asked for.
          await this.tab.role('button', NL.login.signIn).click();
          await this.tab.waitForUrl((url) => url.origin === new URL(this.stack.urls.issuer).origin);
          await this.tab.role('link', NL.provider.cancel).click();
          return;
        }
        const user = this.path.steps.some((step) => step.outcome === 'waitingForActivation') ? 'nieuw' : 'admin';
        this.holdings.set('parseTokens', await this.hold('token'));
        this.holdings.set('loginAtBackend', await this.hold('ExternalAuthenticate'));
        await this.staff.signIn(user);
        this.arrived = Date.now();
        return;
      }
      default:
        throw new Error(`no browser start for the input ${start.trigger}`);
    }
  }

  private async perform(step: PathStep, next: PathStep | undefined): Promise<void> {
    const name = stepName(this.path, step);
    if (step.kind === 'after') return this.letTimePass(SLOW_MS);
    if (step.kind !== 'done' && step.kind !== 'error') throw new Error(`${name}: no browser action for a ${step.kind} step`);
    const outcome = `${step.kind} ${step.trigger} ${step.outcome}`;
    if (outcome === 'error processAuthenticateResult fail') {
      // The answer was already changed when loginAtBackend was let through; processing it fails at once.
      return this.expectLogged(name, 0, 'Unexpected authenticateResult!');
    }
    if (outcome === 'error parseTokens cancelled') {
      // The provider's answer itself: begin() pressed "Annuleren".
      return this.expectLogged(name, 0, 'access-denied');
    }
    const held = this.held;
    this.held = undefined;
    if (!held) throw new Error(`${name}: no request of ${step.trigger} is held`);
    if (!(outcome in FAULTS) && !PASSED.has(outcome)) throw new Error(`${name}: no browser outcome for this step`);
    const loggedBefore = this.tab.console?.length ?? 0;
    const fault = FAULTS[outcome];
    if (fault) this.stack.faults.set(...fault);
    if (outcome === 'done loginAtBackend ok') {
      if (next?.kind === 'error' && next.trigger === 'processAuthenticateResult') {
        // ABP's "Unexpected authenticateResult!": an answer with neither a token nor waitingForActivation.
        this.stack.faults.set('ExternalAuthenticate', { body: 'tokenless', times: 1 });
      } else {
        // processAuthenticateResult stores the token and runs start-up again: its GetAll is held.
        this.holdings.set('processAuthenticateResult', await this.hold('GetAll'));
      }
    }
    if (outcome === 'done processAuthenticateResult ok') await this.holdings.get('processAuthenticateResult')!.release();
    await held.pass();
    if (step.kind === 'error') await this.expectLogged(name, loggedBefore);
  }

  /** The path cancels at the provider. */
  private cancels(): boolean {
    return this.path.steps.some((step) => step.trigger === 'parseTokens' && step.outcome === 'cancelled');
  }

  /** The app logs a sign-in failure for developers as `[sign-in] …` (in WebKit as the page's own log keeps it). */
  private async expectLogged(name: string, from: number, detail = ''): Promise<void> {
    await eventually(
      () =>
        (this.tab.console ?? [])
          .slice(from)
          .some((line) => line.type === 'error' && line.text.startsWith('[sign-in]') && line.text.includes(detail)),
      `${name}: sign-in logs the failure${detail && ` (${detail})`}`,
    );
  }

  private async check(step: PathStep): Promise<void> {
    const name = stepName(this.path, step);
    const { flow, view } = step.state as { flow: string; view: string };
    const slow = view === 'slow';
    switch (flow) {
      case 'parsingTokens':
        // A cancelled sign-in asks for no token: reading the answer fails at once, so this state lasts a promise tick.
        if (this.cancels()) return;
        this.held ??= await this.holdings.get('parseTokens')!.next();
        await this.waitForAddress(name, '/account/logincallback', 'the address without code and state');
        return this.callbackScreen(name, slow);
      case 'loggingIn':
        this.held ??= await this.holdings.get('loginAtBackend')!.next();
        return this.callbackScreen(name, slow);
      case 'processingResult': {
        const holding = this.holdings.get('processAuthenticateResult');
        if (!holding) return; // the answer cannot be processed: this state lasts no longer than a promise tick
        this.held ??= await holding.next();
        const token = await this.authToken();
        expect(token, `${name}: the backend token is stored`).toBeTruthy();
        const headers = await this.held.headers();
        expect(headers.authorization, `${name}: GetAll carries the new token`).toBe(`Bearer ${token}`);
        // With a bearer the language goes in the query, where ABP saves nothing as the person's (abp/headers.ts).
        expect(headers['.aspnetcore.culture'], `${name}: no culture header with a bearer`).toBeUndefined();
        expect(this.held.url.searchParams.get('culture'), `${name}: the culture in the query`).toBe('nl');
        // A browser that had chosen no environment works in the company's (appconfig's tenancyName: Default, id 1).
        expect(headers['abp-tenantid'], `${name}: the company's environment`).toBe('1');
        return this.callbackScreen(name, slow);
      }
      case 'signedIn':
      case 'leftForHome':
        return this.shows(() => this.staff.waitForHome(), `${name}: home in Dutch`);
      case 'leftForLogin':
        await this.waitForAddress(name, '/account/login', 'the login page');
        if (this.path.steps[0]?.trigger === 'redirect')
          await this.shows(this.tab.text(NL.login.failed), `${name}: the reason on the login page`);
        return this.shows(this.tab.role('button', NL.login.signIn), `${name}: the login page's button`);
      case 'cancelled':
        await this.waitForAddress(name, '/account/login', 'the login page');
        await this.shows(this.tab.text(NL.login.cancelled), `${name}: "${NL.login.cancelled}" on the login page`);
        await this.shows(this.tab.role('button', NL.login.signIn), `${name}: the login page's button`);
        expect(await this.tab.role('heading', NL.callback.slow).visible(), `${name}: no retry message`).toBe(false);
        expect(await this.authToken(), `${name}: no backend token`).toBeUndefined();
        return;
      case 'notActive':
        await this.shows(this.tab.role('heading', NL.callback.notActiveTitle), `${name}: "${NL.callback.notActiveTitle}"`);
        await this.shows(this.tab.text(NL.callback.notActive), `${name}: "${NL.callback.notActive}"`);
        expect(await this.authToken(), `${name}: no backend token`).toBeUndefined();
        return;
      case 'failed':
        expect(await this.authToken(), `${name}: no backend token`).toBeUndefined();
        await this.waitForAddress(name, '/account/logincallback', 'the address');
        return this.callbackScreen(name, slow);
      default:
        throw new Error(`${name}: no browser check for state ${stateKey(step.state)}`);
    }
  }

  /** "Wachten op bevestiging van login." while waiting; after 5 s the retry message with its link to the root. */
  private async callbackScreen(name: string, slow: boolean): Promise<void> {
    if (!slow) {
      // The page clock runs with the real one until it is moved, so a busy machine may look after the 5 s are up: the page has then
      // rightly gone on to the retry message, which is accepted only once the page is 5 s old.
      const seen = await eventually(
        async () =>
          (await this.tab.text(NL.callback.waiting).visible())
            ? 'waiting'
            : (await this.tab.role('alert', NL.callback.slow).visible())
              ? 'slow'
              : undefined,
        `${name}: the page does not show "${NL.callback.waiting}"`,
      );
      if (seen === 'slow') {
        const age = await this.tab.evaluate(() => performance.now());
        expect(
          age,
          `${name}: the retry message came before the 5 s were up (the page is ${Math.round(age)} ms old)`,
        ).toBeGreaterThanOrEqual(SLOW_MS);
        return;
      }
      // "Not yet" is certain only well before they are up.
      if (Date.now() - this.arrived < SLOW_MS - PRESENT_MS) {
        expect(await this.tab.role('heading', NL.callback.slow).visible(), `${name}: no retry message yet`).toBe(false);
      }
      return;
    }
    // The message is an alert named by its heading.
    await this.shows(this.tab.role('alert', NL.callback.slow), `${name}: "${NL.callback.slow}"`, CALLBACK_OUTCOME_MS);
    await this.shows(this.tab.role('link', NL.callback.retry), `${name}: the link "${NL.callback.retry}"`);
    const href = await this.tab.evaluate(
      (text) =>
        [...document.querySelectorAll('[role=alert] a')].find((link) => link.textContent?.trim() === text)?.getAttribute('href') ?? null,
      NL.callback.retry,
    );
    expect(href, `${name}: the link goes to the root`).toBe('/');
  }

  /** The address is on the app, with this path; on the callback also without a query (no code, no state). */
  private async waitForAddress(name: string, path: string, what: string): Promise<void> {
    const app = new URL(this.stack.urls.app).origin;
    const callback = path === '/account/logincallback';
    await this.shows(
      () => this.tab.waitForUrl((url) => url.origin === app && url.pathname === path && (!callback || url.search === '')),
      `${name}: ${what} (${path})`,
    );
  }

  /** The backend token the app stored (`Abp.AuthToken`), if any. */
  private async authToken(): Promise<string | undefined> {
    return (await this.tab.cookies(this.stack.urls.app)).find((cookie) => cookie.name === 'Abp.AuthToken')?.value;
  }

  /** Waits until the page shows it; fails with the step's name otherwise. */
  private async shows(target: Target | (() => Promise<void>), what: string, timeout = OUTCOME_MS): Promise<void> {
    try {
      await (typeof target === 'function' ? target() : target.waitFor(timeout));
    } catch (error) {
      throw new Error(`the page does not show ${what}`, { cause: error });
    }
  }
}
