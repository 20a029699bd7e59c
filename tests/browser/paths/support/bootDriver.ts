import type { Route } from 'playwright-core';
import { expect } from 'vitest';
import type { Stack } from '../../../../devstack/stack.ts';
import { stateKey, type ModelPath, type PathStep } from '../../../../scripts/paths/model.ts';
import { AppModel, type Endpoint, type Language } from '../../models/app.model.ts';
import type { Gate } from '../../models/gate.ts';
import { EN, NL, oneOf } from '../../models/texts.ts';
import { headersOf } from '../../models/watch.ts';
import type { BrowserEnv } from '../../support/env.ts';
import { sees, stepName, type BrowserDriver } from './browserPaths.ts';

const CULTURE_COOKIE = 'Abp.Localization.CultureName';
const TOKEN_COOKIE = 'Abp.AuthToken';
/** The environment the local stack's appconfig names (tenancyName Default). */
const DEFAULT_TENANT_ID = '1';
/** A backend token the backend never issued, as a stale or forged cookie holds one. */
const DEAD_TOKEN = 'eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIyIn0.bm90LXNpZ25lZC1oZXJl';
/** The request each invoked actor makes. */
const INVOKED: Record<string, Endpoint> = {
  loadConfig: 'appconfig',
  loadUserConfiguration: 'GetAll',
  initSession: 'Session',
  loadLocale: 'catalog chunk',
};

/**
 * The bootMachine in a browser. Each invoked actor is a request the test
 * holds: the config file, GetAll, the session, and (where the path loads a
 * catalog that is not bundled) the English catalog chunk. While it is held
 * the page must show the state; the outcome is the request let through,
 * with a fault switched on for error outcomes, or refused for "no answer".
 * RETRY is the button on the error or waiting screen, RESTART a tenant
 * change on the login page; a re-run whose session fails keeps the login
 * page and the tenant it had. The wait before another attempt passes by
 * itself.
 */
export const bootDriver: BrowserDriver = {
  feasible: () => true,
  run: async (path, env) => new BootRun(path, env).run(),
};

function hasOutcome(path: ModelPath, trigger: string, outcome: string): boolean {
  return path.steps.some((step) => step.trigger === trigger && step.outcome === outcome);
}

/** The HTTP status an error outcome is named by (`401`, `500`), if it is. */
function httpStatus(step: PathStep): number | undefined {
  return /^[45]\d\d$/.test(step.outcome ?? '') ? Number(step.outcome) : undefined;
}

class BootRun {
  private app!: AppModel;
  private readonly gates = new Map<string, Gate>();
  private held: Route | undefined;
  /** The language the culture cookie names, and so the culture header. */
  private culture: string;
  /** The backend token the page holds (a dead one, where the path has GetAll ignore it). */
  private token: string | undefined;
  /** A failing locale load needs a catalog that is fetched: the config then maps nl to en-GB, whose catalog is the English chunk. */
  private readonly localeFetched: boolean;
  private tenantId: string | undefined;
  private restarted = false;
  /** A request got no answer and start-up has not reached ready since: it shows that it waits. */
  private waiting = false;

  constructor(
    private readonly path: ModelPath,
    private readonly env: BrowserEnv,
  ) {
    this.culture = hasOutcome(path, 'loadUserConfiguration', 'en-US') ? 'en-US' : 'nl';
    this.localeFetched = hasOutcome(path, 'loadLocale', 'fail');
  }

  private get stack(): Stack {
    return this.env.stack;
  }

  /** The language the page speaks: the culture cookie's. */
  private get language(): Language {
    return this.culture.startsWith('en') ? 'en' : 'nl';
  }

  async run(): Promise<void> {
    if (this.culture !== 'nl') await this.env.context.addCookies([{ name: CULTURE_COOKIE, value: this.culture, url: this.stack.urls.app }]);
    if (this.path.steps[1] && this.ignoresTokenNext(0)) await this.plantDeadToken();
    this.app = await AppModel.newPage(this.env.watched);
    for (const [actor, endpoint] of Object.entries(INVOKED)) {
      if (actor !== 'loadLocale' || this.localeFetched) this.gates.set(actor, await this.app.hold(endpoint));
    }
    const [start, ...steps] = this.path.steps;
    await this.app.goto('/', { waitUntil: 'commit' });
    await this.check(start!);
    for (const step of steps) {
      await this.perform(step);
      await this.check(step);
    }
  }

  private async perform(step: PathStep): Promise<void> {
    const name = stepName(this.path, step);
    switch (step.kind) {
      case 'done':
      case 'error': {
        const route = this.held;
        this.held = undefined;
        if (step.trigger === 'loadLocale' && !this.localeFetched) return; // the Dutch catalog is in the bundle: nothing to fetch
        if (!route) throw new Error(`${name}: no request of ${step.trigger} is held`);
        if (step.kind === 'done') return this.pass(step, route);
        return this.fail(step, route);
      }
      case 'event':
        if (step.trigger === 'RETRY') return void (await this.app.page.getByRole('button', { name: oneOf(NL.startup.retry, EN.startup.retry) }).click());
        if (step.trigger === 'RESTART') {
          // A tenant switch drops a held token (it belongs to the tenant left): a dead token meets the re-run through a language switch instead.
          if (this.ignoresTokenNext(this.path.steps.indexOf(step))) return this.switchLanguageWithDeadToken();
          return this.switchTenant('Noord', '2');
        }
        throw new Error(`${name}: no browser action for ${step.trigger}`);
      case 'after':
        // The wait runs out by itself; the next check holds the request it makes.
        if (step.trigger === 'serverRetry') return;
        throw new Error(`${name}: no browser action for the delay ${step.trigger}`);
      default:
        throw new Error(`${name}: no browser action for a ${step.kind} step`);
    }
  }

  private async pass(step: PathStep, route: Route): Promise<void> {
    if (step.trigger === 'loadConfig' && this.localeFetched) {
      const response = await route.fetch();
      const config = (await response.json()) as { localeMappings: { from: string; to: string }[] };
      await route.fulfill({ response, json: { ...config, localeMappings: [{ from: 'nl', to: 'en-GB' }, ...config.localeMappings] } });
      this.tenantId = DEFAULT_TENANT_ID;
      return;
    }
    await route.continue();
    // The config names the company's environment: start-up chooses it, and every request after it carries it.
    if (step.trigger === 'loadConfig') this.tenantId = DEFAULT_TENANT_ID;
    if (step.trigger === 'loadUserConfiguration' && step.outcome === 'token ignored') {
      // ABP answers a token it cannot read with 200 as anonymous: the app clears it all the same.
      const name = stepName(this.path, step);
      expect(route.request().headers().authorization, `${name}: the dead token was sent`).toBe(`Bearer ${DEAD_TOKEN}`);
      expect((await route.request().response())?.status(), `${name}: the answer`).toBe(200);
      await expect.poll(() => this.app.cookie(TOKEN_COOKIE), { message: `${name}: the token is cleared` }).toBeUndefined();
      this.token = undefined;
    }
  }

  private async fail(step: PathStep, route: Route): Promise<void> {
    const name = stepName(this.path, step);
    const errorsBefore = this.app.consoleErrors.length;
    if (step.outcome === 'no answer') {
      await route.abort('connectionrefused');
      this.waiting = true;
      await this.expectLogged(name, errorsBefore);
      return;
    }
    const status = httpStatus(step);
    switch (status ? `${step.trigger} <status>` : `${step.trigger} ${step.outcome}`) {
      case 'loadConfig invalid':
        this.stack.faults.set('appconfig', { body: 'malformed', times: 1 });
        break;
      // An outcome named by an HTTP status (401, 500, or one a tester adds to the model) is that answer from the API.
      case 'loadUserConfiguration <status>':
        this.stack.faults.set('GetAll', { status: status!, times: 1 });
        break;
      case 'initSession fail':
        this.stack.faults.set('Session', { status: 500, times: 1 });
        break;
      case 'loadLocale fail':
        // Every later fetch of the chunk fails too: the catalog is simply not there.
        await this.gates.get('loadLocale')!.failAll();
        await route.abort('failed');
        await this.expectLogged(name, errorsBefore);
        return;
      default:
        throw new Error(`${name}: no fault for this outcome`);
    }
    await route.continue();
    const response = await route.request().response();
    const expected = status ?? (step.outcome === 'fail' ? 500 : 200);
    expect(response?.status(), `${name}: the answer`).toBe(expected);
    if (step.trigger !== 'loadConfig') await this.expectLogged(name, errorsBefore);
  }

  /** The app logs a start-up failure for developers as `[start-up] …`. */
  private async expectLogged(name: string, from: number): Promise<void> {
    await expect.poll(() => this.app.consoleErrors.slice(from).some((text) => text.startsWith('[start-up]')), { message: `${name}: start-up logs the failure` }).toBe(true);
  }

  /** Whether the GetAll of the step after `index` is answered as anonymous with the token it carried. */
  private ignoresTokenNext(index: number): boolean {
    const next = this.path.steps[index + 1];
    return next?.trigger === 'loadUserConfiguration' && next.outcome === 'token ignored';
  }

  /** A backend token ABP no longer accepts, in the cookie, as a stale browser holds one. */
  private async plantDeadToken(): Promise<void> {
    await this.env.context.addCookies([{ name: TOKEN_COOKIE, value: DEAD_TOKEN, url: this.stack.urls.app }]);
    this.token = DEAD_TOKEN;
  }

  private async switchLanguageWithDeadToken(): Promise<void> {
    await this.plantDeadToken();
    this.culture = this.culture === 'nl' ? 'en' : 'nl';
    await this.app.chooseLanguage(this.language);
    this.restarted = true;
  }

  private async switchTenant(name: string, id: string): Promise<void> {
    await this.app.changeTenant(name);
    this.tenantId = id;
    this.restarted = true;
  }

  /** What the page shows in a state, and what the request made in it carries. */
  private async check(step: PathStep): Promise<void> {
    const name = stepName(this.path, step);
    const state = stateKey(step.state);
    switch (state) {
      case 'loadingConfig': {
        this.held ??= await this.gates.get('loadConfig')!.next();
        await this.busy(name);
        await this.abpHeaders(name, this.held);
        return;
      }
      case 'loadingUserConfiguration': {
        this.held ??= await this.gates.get('loadUserConfiguration')!.next();
        if (this.restarted) await this.keptLoginPage(name);
        else await this.busy(name);
        await this.abpHeaders(name, this.held);
        return;
      }
      case 'initialisingSession':
        this.held ??= await this.gates.get('initSession')!.next();
        if (this.restarted) await this.keptLoginPage(name);
        else await this.busy(name);
        return;
      case 'loadingLocale':
        if (!this.localeFetched) return; // Dutch is bundled: this state lasts no longer than a promise tick
        this.held ??= await this.gates.get('loadLocale')!.next();
        await this.busy(name);
        return;
      case 'waitingForServer':
        await this.busy(name);
        return;
      case 'configFailed':
        await this.startupError(name, NL.startup.configInvalidAnyField);
        return;
      case 'rejected':
        await this.startupError(name, NL.startup.server);
        return;
      case 'ready': {
        this.waiting = false;
        await sees(this.app.headingNamed(this.language === 'en' ? EN.login.heading : NL.login.heading), `${name}: the login page`);
        expect(this.app.address(), `${name}: the address`).toBe('/account/login?returnUrl=%2Fapp%2Fhome');
        expect(await this.app.lang(), `${name}: the page language`).toBe(this.language);
        if (this.restarted && step.kind === 'error' && step.trigger === 'initSession') await this.tenantKept(name);
        return;
      }
      default:
        throw new Error(`${name}: no browser check for state ${state}`);
    }
  }

  /** A re-run keeps the current screen; start-up is busy only the first time. */
  private async keptLoginPage(name: string): Promise<void> {
    await sees(this.app.headingNamed(oneOf(NL.login.heading, EN.login.heading)), `${name}: the login page kept during the re-run`);
    expect(await this.app.busyIndicator.count(), `${name}: no busy indicator`).toBe(0);
  }

  /** The tenant switch says the change did not happen; Default is still the tenant, in the page and in the cookie. */
  private async tenantKept(name: string): Promise<void> {
    const texts = this.language === 'en' ? EN.tenant : NL.tenant;
    await sees(this.app.page.getByRole('alert').filter({ hasText: texts.notSwitched }), `${name}: the message "${texts.notSwitched}"`);
    await sees(this.app.page.getByText(texts.current('Default')), `${name}: Default still shown`);
    const cookies = await this.env.watched.cookies();
    expect(cookies.filter((cookie) => /^Abp[.-]TenantId$/.test(cookie.name)).map((cookie) => `${cookie.name}=${cookie.value}`), `${name}: the tenant cookies`).toEqual([`Abp-TenantId=${DEFAULT_TENANT_ID}`]);
    this.tenantId = DEFAULT_TENANT_ID;
  }

  /** Busy; once a request got no answer, busy with what it waits for and a way to try now. */
  private async busy(name: string): Promise<void> {
    if (!this.waiting) {
      await sees(this.app.busyIndicator, `${name}: the busy indicator "${NL.busy}"`);
      return;
    }
    try {
      await this.app.expectWaitingForServer(10_000);
    } catch (error) {
      throw new Error(`${name}: the waiting screen "${NL.startup.waiting}" with its hint and "${NL.startup.retry}": ${String(error)}`);
    }
  }

  private async startupError(name: string, message: string | RegExp): Promise<void> {
    const alert = this.app.page.getByRole('alert');
    await sees(alert.getByRole('heading', { level: 1, name: NL.startup.failed }), `${name}: the heading "${NL.startup.failed}"`);
    await sees(alert.getByText(message), `${name}: the message ${String(message)}`);
    await sees(alert.getByRole('button', { name: NL.startup.retry }), `${name}: the button "${NL.startup.retry}"`);
  }

  /**
   * Tenant header only with a tenant cookie and never "null", the culture of the cookie (in the query with a
   * bearer, where ABP saves nothing; in the header without one), no bearer without a token.
   */
  private async abpHeaders(name: string, route: Route): Promise<void> {
    const headers = await headersOf(route.request());
    const query = new URL(route.request().url()).searchParams.get('culture');
    if (this.token === undefined) {
      expect(headers['.aspnetcore.culture'], `${name}: the culture header`).toBe(`c=${this.culture}|uic=${this.culture}`);
      expect(query, `${name}: no culture in the query`).toBeNull();
    } else {
      expect(headers['.aspnetcore.culture'], `${name}: no culture header with a bearer`).toBeUndefined();
      expect(query, `${name}: the culture in the query`).toBe(this.culture);
    }
    expect(headers['abp-tenantid'], `${name}: the tenant header`).toBe(this.tenantId);
    expect(headers['abp.tenantid'], `${name}: the legacy tenant header`).toBeUndefined();
    expect(headers.authorization, `${name}: the authorization header`).toBe(this.token === undefined ? undefined : `Bearer ${this.token}`);
  }
}
