import type { Page, Route } from 'playwright-core';
import { expect } from 'vitest';
import type { Stack } from '../../../../devstack/stack.ts';
import { callbackMachine } from '../../../../machines/callback.machine.ts';
import { stateKey, type ModelPath, type PathStep } from '../../../model/support/model.ts';
import { AppModel, TEXT } from '../../models/app.model.ts';
import { consoleErrors, pathPart, sees, stepName, type BrowserDriver, type PathRun } from './browserPaths.ts';
import { Gate, headersOf } from './gate.ts';

const NOT_ACTIVE_TITLE = 'Account nog niet actief';

/** Flow states in which the callback screen is still shown, so the 5 s message can be seen. */
const ON_SCREEN = new Set(['parsingTokens', 'loggingIn', 'processingResult', 'failed']);

/**
 * The callbackMachine in a browser. The redirect input is a real sign-in
 * through the provider's Dutch form (as `nieuw` when the path expects
 * waitingForActivation, else as `admin`); the two visit inputs open
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
  run: async (path, run) => new CallbackRun(path, run).run(),
};

/** The transitions no browser run can take, with the reason. */
export const CALLBACK_UNREACHABLE_IN_BROWSER: Record<string, string> = {};

class CallbackRun {
  private app!: AppModel;
  private errors: string[] = [];
  private readonly gates = new Map<string, Gate>();
  private held: Route | undefined;
  private token: string | undefined;

  constructor(
    private readonly path: ModelPath,
    private readonly env: PathRun,
  ) {}

  private get stack(): Stack {
    return this.env.stack;
  }

  private get page(): Page {
    return this.app.page;
  }

  async run(): Promise<void> {
    const page = await this.env.context.newPage();
    this.errors = consoleErrors(page);
    if (this.path.steps.some((step) => step.kind === 'after')) await page.clock.install();
    this.app = new AppModel(page, this.stack);
    const [start, ...steps] = this.path.steps;
    await this.begin(start!);
    await this.check(start!);
    for (const [index, step] of steps.entries()) {
      await this.perform(step, steps[index + 1]);
      await this.check(step);
    }
  }

  private async begin(start: PathStep): Promise<void> {
    const issuer = new URL(this.stack.urls.issuer);
    const api = new URL(this.stack.urls.api);
    switch (start.trigger) {
      case 'visit signed out':
        await this.app.goto('/account/logincallback');
        return;
      case 'visit signed in':
        await this.app.goto('/account/login');
        await this.app.signIn('admin');
        await this.page.waitForURL(this.app.url('/app/home'));
        await this.app.goto('/account/logincallback');
        return;
      case 'redirect': {
        await this.app.goto('/account/login');
        const user = this.path.steps.some((step) => step.outcome === 'waitingForActivation') ? 'nieuw' : 'admin';
        this.gates.set('parseTokens', await Gate.install(this.page, 'token', (url) => url.origin === issuer.origin && url.pathname === '/token'));
        this.gates.set(
          'loginAtBackend',
          await Gate.install(this.page, 'ExternalAuthenticate', (url) => url.origin === api.origin && url.pathname.endsWith('/TokenAuth/ExternalAuthenticate')),
        );
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
    const route = this.held;
    this.held = undefined;
    if (!route) throw new Error(`${name}: no request of ${step.trigger} is held`);
    const errorsBefore = this.errors.length;
    const api = new URL(this.stack.urls.api);
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
        this.gates.set('processAuthenticateResult', await Gate.install(this.page, 'GetAll', (url) => url.origin === api.origin && url.pathname.endsWith('/AbpUserConfiguration/GetAll')));
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

  /** The app logs a sign-in failure for developers as `[sign-in] …`. */
  private async expectLogged(name: string, from: number, detail = ''): Promise<void> {
    await expect
      .poll(() => this.errors.slice(from).some((text) => text.startsWith('[sign-in]') && text.includes(detail)), { message: `${name}: sign-in logs the failure` })
      .toBe(true);
  }

  private async check(step: PathStep): Promise<void> {
    const name = stepName(this.path, step);
    const { flow, view } = step.state as { flow: string; view: string };
    const slow = view === 'slow';
    switch (flow) {
      case 'parsingTokens':
        this.held ??= await this.gates.get('parseTokens')!.next();
        expect(pathPart(this.page), `${name}: the address without code and state`).toBe('/account/logincallback');
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
        expect(headers['.aspnetcore.culture'], `${name}: the culture header`).toBe('c=nl|uic=nl');
        expect(headers['abp-tenantid'], `${name}: no tenant header without a tenant cookie`).toBeUndefined();
        return this.callbackScreen(name, slow);
      }
      case 'signedIn':
      case 'leftForHome':
        await this.page.waitForURL(this.app.url('/app/home'));
        await sees(this.page.getByRole('heading', { name: 'Welkom, Beheerder' }), `${name}: home in Dutch`);
        return;
      case 'leftForLogin':
        await this.page.waitForURL((url) => url.pathname === '/account/login');
        if (this.path.steps[0]?.trigger === 'redirect') {
          await sees(this.page.getByText('Inloggen is niet gelukt. Probeer het opnieuw.'), `${name}: the reason on the login page`);
        }
        await sees(this.page.getByRole('button', { name: 'Inloggen' }), `${name}: the login page`);
        return;
      case 'notActive':
        await sees(this.page.getByRole('heading', { name: NOT_ACTIVE_TITLE }), `${name}: "${NOT_ACTIVE_TITLE}"`);
        await sees(this.page.getByText(TEXT.notActive), `${name}: "${TEXT.notActive}"`);
        expect(await this.app.cookie('Abp.AuthToken'), `${name}: no backend token`).toBeUndefined();
        return;
      case 'failed':
        expect(await this.app.cookie('Abp.AuthToken'), `${name}: no backend token`).toBeUndefined();
        expect(pathPart(this.page), `${name}: the address`).toBe('/account/logincallback');
        return this.callbackScreen(name, slow);
      default:
        throw new Error(`${name}: no browser check for state ${stateKey(step.state)}`);
    }
  }

  /** "Wachten op bevestiging van login." while waiting; after 5 s the retry message with its link to the root. */
  private async callbackScreen(name: string, slow: boolean): Promise<void> {
    if (!slow) {
      await sees(this.page.getByRole('status').filter({ hasText: TEXT.waiting }), `${name}: "${TEXT.waiting}"`);
      expect(await this.page.getByRole('heading', { name: TEXT.retry }).count(), `${name}: no retry message yet`).toBe(0);
      return;
    }
    const alert = this.page.getByRole('alert');
    await sees(alert.getByRole('heading', { level: 1, name: TEXT.retry }), `${name}: "${TEXT.retry}"`);
    const link = alert.getByRole('link', { name: TEXT.retryLink });
    await sees(link, `${name}: the link "${TEXT.retryLink}"`);
    expect(await link.getAttribute('href'), `${name}: the link goes to the root`).toBe('/');
  }
}
