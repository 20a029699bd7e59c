import type { Page, Route } from 'playwright-core';
import { expect } from 'vitest';
import type { Stack } from '../../../../devstack/stack.ts';
import { callbackMachine } from '../../../../machines/callback.machine.ts';
import { stateKey, type ModelPath, type PathStep } from '../../../../scripts/paths/model.ts';
import { AppModel } from '../../models/app.model.ts';
import type { Gate } from '../../models/gate.ts';
import { NL } from '../../models/texts.ts';
import { headersOf } from '../../models/watch.ts';
import type { BrowserEnv } from '../../support/env.ts';
import { sees, stepName, type BrowserDriver } from './browserPaths.ts';

/** Flow states in which the callback screen is still shown, so the 5 s message can be seen. */
const ON_SCREEN = new Set(['parsingTokens', 'loggingIn', 'processingResult', 'failed']);

/**
 * The callbackMachine in a browser. The redirect input is a real sign-in
 * through the provider's Dutch form (as `nieuw` when the path expects
 * waitingForActivation, which the stack is switched to answer for her
 * (callback.paths.e2e.ts), else as `admin`); the two visit inputs open
 * /account/logincallback without a code, signed out or signed in. The
 * invoked actors are requests the test holds: the provider's token
 * endpoint (parseTokens), ExternalAuthenticate (loginAtBackend) and the
 * GetAll of the start-up re-run (processAuthenticateResult). The 5 s delay
 * runs on Playwright's page clock.
 */
export const callbackDriver: BrowserDriver = {
  feasible: (path) =>
    path.steps.every((step, index) => {
      // After the page has left the callback screen (or shows the not-active notice), the 5 s message cannot be seen.
      if (step.kind === 'after') {
        const before = path.steps[index - 1]?.state as { flow?: string } | undefined;
        return before?.flow !== undefined && ON_SCREEN.has(before.flow);
      }
      return true;
    }),
  run: async (path, env) => new CallbackRun(path, env).run(),
};

/** The transitions no browser run can take, with the reason. */
export const CALLBACK_UNREACHABLE_IN_BROWSER: Record<string, string> = {};

class CallbackRun {
  private app!: AppModel;
  private readonly gates = new Map<string, Gate>();
  private held: Route | undefined;
  private token: string | undefined;

  constructor(
    private readonly path: ModelPath,
    private readonly env: BrowserEnv,
  ) {}

  private get stack(): Stack {
    return this.env.stack;
  }

  private get page(): Page {
    return this.app.page;
  }

  async run(): Promise<void> {
    this.app = await AppModel.newPage(this.env.watched);
    if (this.path.steps.some((step) => step.kind === 'after')) await this.page.clock.install();
    const [start, ...steps] = this.path.steps;
    await this.begin(start!);
    await this.check(start!);
    for (const [index, step] of steps.entries()) {
      await this.perform(step, steps[index + 1]);
      await this.check(step);
    }
  }

  private async begin(start: PathStep): Promise<void> {
    switch (start.trigger) {
      case 'visit signed out':
        await this.app.goto('/account/logincallback');
        return;
      case 'visit signed in':
        await this.app.goto('/account/login');
        await this.app.signIn('admin');
        await this.app.waitForAddress('/app/home');
        await this.app.goto('/account/logincallback');
        return;
      case 'redirect': {
        await this.app.goto('/account/login');
        if (this.cancels()) {
          // "Annuleren" on the provider's form: it answers the callback with access_denied, and no token is asked for.
          await this.app.startSignIn();
          await this.page.getByRole('link', { name: NL.provider.cancel }).click();
          return;
        }
        const user = this.path.steps.some((step) => step.outcome === 'waitingForActivation') ? 'nieuw' : 'admin';
        this.gates.set('parseTokens', await this.app.hold('token'));
        this.gates.set('loginAtBackend', await this.app.hold('ExternalAuthenticate'));
        await this.app.signIn(user);
        return;
      }
      default:
        throw new Error(`no browser start for the input ${start.trigger}`);
    }
  }

  private async perform(step: PathStep, next: PathStep | undefined): Promise<void> {
    const name = stepName(this.path, step);
    if (step.kind === 'after') {
      await this.page.clock.fastForward(callbackMachine.implementations.delays[step.trigger] as number);
      return;
    }
    if (step.kind !== 'done' && step.kind !== 'error') throw new Error(`${name}: no browser action for a ${step.kind} step`);
    if (step.kind === 'error' && step.trigger === 'processAuthenticateResult') {
      // The answer was already changed when loginAtBackend was let through; processing it fails at once.
      await this.expectLogged(name, 0, 'Unexpected authenticateResult!');
      return;
    }
    if (`${step.kind} ${step.trigger} ${step.outcome}` === 'error parseTokens cancelled') {
      // The provider's answer itself: begin() pressed "Annuleren".
      await this.expectLogged(name, 0, 'access-denied');
      return;
    }
    const route = this.held;
    this.held = undefined;
    if (!route) throw new Error(`${name}: no request of ${step.trigger} is held`);
    const errorsBefore = this.app.consoleErrors.length;
    switch (`${step.kind} ${step.trigger} ${step.outcome}`) {
      case 'done parseTokens with token':
        await route.continue();
        return;
      case 'done parseTokens without token': {
        // A token response without an access token: the app goes to the login page.
        const response = await route.fetch();
        const body = (await response.json()) as Record<string, unknown>;
        delete body.access_token;
        await route.fulfill({ response, json: body });
        return;
      }
      case 'error parseTokens fail':
        this.stack.faults.set('token', { status: 400, times: 1 });
        await route.continue();
        break;
      case 'done loginAtBackend ok':
        if (next?.kind === 'error' && next.trigger === 'processAuthenticateResult') {
          // ABP's "Unexpected authenticateResult!": an answer with neither a token nor waitingForActivation.
          const response = await route.fetch();
          const envelope = (await response.json()) as { result: Record<string, unknown> };
          await route.fulfill({ response, json: { ...envelope, result: { ...envelope.result, accessToken: null, encryptedAccessToken: null } } });
          return;
        }
        // processAuthenticateResult stores the token and runs start-up again: its GetAll is held.
        this.gates.set('processAuthenticateResult', await this.app.hold('GetAll'));
        await route.continue();
        return;
      case 'done loginAtBackend waitingForActivation':
        await route.continue();
        return;
      case 'error loginAtBackend fail':
        this.stack.faults.set('ExternalAuthenticate', { status: 500, times: 1 });
        await route.continue();
        break;
      case 'done processAuthenticateResult ok':
        await this.gates.get('processAuthenticateResult')!.open();
        await route.continue().catch(() => undefined);
        return;
      default:
        throw new Error(`${name}: no browser outcome for this step`);
    }
    await this.expectLogged(name, errorsBefore);
  }

  /** The path cancels at the provider. */
  private cancels(): boolean {
    return this.path.steps.some((step) => step.trigger === 'parseTokens' && step.outcome === 'cancelled');
  }

  /** The app logs a sign-in failure for developers as `[sign-in] …`. */
  private async expectLogged(name: string, from: number, detail = ''): Promise<void> {
    await expect
      .poll(() => this.app.consoleErrors.slice(from).some((text) => text.startsWith('[sign-in]') && text.includes(detail)), { message: `${name}: sign-in logs the failure` })
      .toBe(true);
  }

  private async check(step: PathStep): Promise<void> {
    const name = stepName(this.path, step);
    const { flow, view } = step.state as { flow: string; view: string };
    const slow = view === 'slow';
    switch (flow) {
      case 'parsingTokens':
        // A cancelled sign-in asks for no token: reading the answer fails at once, so this state lasts a promise tick.
        if (this.cancels()) return;
        this.held ??= await this.gates.get('parseTokens')!.next();
        expect(this.app.address(), `${name}: the address without code and state`).toBe('/account/logincallback');
        return this.callbackScreen(name, slow);
      case 'loggingIn':
        this.held ??= await this.gates.get('loginAtBackend')!.next();
        return this.callbackScreen(name, slow);
      case 'processingResult': {
        const gate = this.gates.get('processAuthenticateResult');
        if (!gate) return; // the answer cannot be processed: this state lasts no longer than a promise tick
        this.held ??= await gate.next();
        this.token = await this.app.cookie('Abp.AuthToken');
        expect(this.token, `${name}: the backend token is stored`).toBeTruthy();
        const headers = await headersOf(this.held.request());
        expect(headers.authorization, `${name}: GetAll carries the new token`).toBe(`Bearer ${this.token}`);
        // With a bearer the language goes in the query, where ABP saves nothing as the person's (abp/headers.ts).
        expect(headers['.aspnetcore.culture'], `${name}: no culture header with a bearer`).toBeUndefined();
        expect(new URL(this.held.request().url()).searchParams.get('culture'), `${name}: the culture in the query`).toBe('nl');
        // A browser that had chosen no environment works in the company's (appconfig's tenancyName: Default, id 1).
        expect(headers['abp-tenantid'], `${name}: the company's environment`).toBe('1');
        return this.callbackScreen(name, slow);
      }
      case 'signedIn':
      case 'leftForHome':
        await this.app.waitForAddress('/app/home');
        await sees(this.app.headingNamed(NL.shell.welcome), `${name}: home in Dutch`);
        return;
      case 'leftForLogin':
        await this.page.waitForURL((url) => url.pathname === '/account/login');
        if (this.path.steps[0]?.trigger === 'redirect') {
          await sees(this.page.getByText(NL.login.failed), `${name}: the reason on the login page`);
        }
        await sees(this.app.signInButton, `${name}: the login page`);
        return;
      case 'cancelled':
        await this.page.waitForURL((url) => url.pathname === '/account/login');
        await sees(this.page.getByText(NL.login.cancelled), `${name}: "${NL.login.cancelled}" on the login page`);
        await sees(this.app.signInButton, `${name}: the login page's button`);
        expect(await this.app.headingNamed(NL.callback.slow).count(), `${name}: no retry message`).toBe(0);
        expect(await this.app.cookie('Abp.AuthToken'), `${name}: no backend token`).toBeUndefined();
        return;
      case 'notActive':
        await sees(this.app.headingNamed(NL.callback.notActiveTitle), `${name}: "${NL.callback.notActiveTitle}"`);
        await sees(this.page.getByText(NL.callback.notActive), `${name}: "${NL.callback.notActive}"`);
        expect(await this.app.cookie('Abp.AuthToken'), `${name}: no backend token`).toBeUndefined();
        return;
      case 'failed':
        expect(await this.app.cookie('Abp.AuthToken'), `${name}: no backend token`).toBeUndefined();
        expect(this.app.address(), `${name}: the address`).toBe('/account/logincallback');
        return this.callbackScreen(name, slow);
      default:
        throw new Error(`${name}: no browser check for state ${stateKey(step.state)}`);
    }
  }

  /** "Wachten op bevestiging van login." while waiting; after 5 s the retry message with its link to the root. */
  private async callbackScreen(name: string, slow: boolean): Promise<void> {
    if (!slow) {
      await sees(this.page.getByRole('status').filter({ hasText: NL.callback.waiting }), `${name}: "${NL.callback.waiting}"`);
      expect(await this.app.headingNamed(NL.callback.slow).count(), `${name}: no retry message yet`).toBe(0);
      return;
    }
    const alert = this.page.getByRole('alert');
    await sees(alert.getByRole('heading', { level: 1, name: NL.callback.slow }), `${name}: "${NL.callback.slow}"`);
    const link = alert.getByRole('link', { name: NL.callback.retry });
    await sees(link, `${name}: the link "${NL.callback.retry}"`);
    expect(await link.getAttribute('href'), `${name}: the link goes to the root`).toBe('/');
  }
}
