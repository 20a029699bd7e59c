import { expect } from 'vitest';
import type { LocaleMapping } from '../../../../devstack/appconfig.ts';
import type { HoldEndpoint } from '../../../../devstack/faults/holds.ts';
import type { Stack } from '../../../../devstack/stack.ts';
import { stateKey, type ModelPath, type PathStep } from '../../../../scripts/paths/model.ts';
import type { Language } from '../../models/app.model.ts';
import { REQUEST_TIMEOUT_MS } from '../../../../src/abp/client.ts';
import { EN, NL } from '../../models/texts.ts';
import { eventually } from '../../models/watch.ts';
import { abpSession, saveLanguage } from '../../support/stack.ts';
import { stepName } from './browserPaths.ts';
import type { HeldCall } from './held.ts';

// The bootMachine's paths, carried out the same way in every engine: which
// request each actor makes, what each outcome is in the stack, what the
// page must show in each state and what the requests must carry. How a
// request is held and how the screen is read is the engine's (BootBrowser):
// bootDriver.ts: bootDriver for Chromium, bootEngineDriver for Firefox and WebKit.

export const CULTURE_COOKIE = 'Abp.Localization.CultureName';
export const TOKEN_COOKIE = 'Abp.AuthToken';
/** The environment the local stack's appconfig names (tenancyName Default). */
const DEFAULT_TENANT_ID = '1';
/** A backend token the backend never issued, as a stale or forged cookie holds one. */
export const DEAD_TOKEN = 'eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIyIn0.bm90LXNpZ25lZC1oZXJl';
/** The request each invoked actor makes. */
const INVOKED = {
  loadConfig: 'appconfig',
  chooseTenant: 'IsTenantAvailable',
  loadUserConfiguration: 'GetAll',
  loadPersonLanguage: 'GetAll',
  initSession: 'Session',
  loadLocale: 'catalog chunk',
} as const satisfies Record<string, HoldEndpoint>;
type Actor = keyof typeof INVOKED;
/** GetAll's answer for a signed-in person who keeps English at the backend (admin, his language saved as `en` for the run). */
const KEEPS_ENGLISH = 'keeps en';
/** Put first in the config's mappings where a path needs a catalog that is fetched: nl is then spoken as en-GB, whose catalog is the English chunk. */
/** The stack of the boot paths: the page clock in every page of the app, for the request's time-out. */
export const BOOT_STACK = { pageClock: true } as const;

export const FETCHED_CATALOG_MAPPING: LocaleMapping = { from: 'nl', to: 'en-GB' };

/**
 * Whether a boot path can be walked in a browser. A signed-in person's start (GetAll answered for someone who
 * keeps another language) is walked from the first start only: a re-run comes from the login page, signed out.
 */
export function bootFeasible(path: ModelPath): boolean {
  const keeps = path.steps.findIndex((step) => step.trigger === 'loadUserConfiguration' && step.outcome === KEEPS_ENGLISH);
  // His token is of the environment start-up chooses: a start that found none would send it to the host.
  const before = path.steps.slice(0, keeps);
  return (
    (keeps === -1 ||
      !before.some(
        (step) => step.trigger === 'RESTART' || step.trigger === 'loadUserConfiguration' || step.label === 'error chooseTenant (500)',
      )) &&
    // Joined paths (browserPaths.ts) meet what no short path did: two combinations this run does not follow are left out.
    !failedLanguageRerun(path) &&
    !fetchedCatalogWhileWaiting(path)
  );
}

/**
 * A catalog that is fetched maps nl to en-GB in the config, and the waiting screen's words then follow a catalog the
 * test holds: a path with one does not also wait for the server.
 */
function fetchedCatalogWhileWaiting(path: ModelPath): boolean {
  return hasOutcome(path, 'loadLocale', 'fail') && path.steps.some((step) => step.outcome === 'no answer' || step.outcome === 'time-out');
}

/**
 * A re-run with a dead token is a switch of language (`switchLanguageWithDeadToken`); one whose session then fails
 * keeps the page in the language it had, which this run does not follow: the re-runs it walks to a failed session
 * are switches of environment.
 */
function failedLanguageRerun(path: ModelPath): boolean {
  return path.steps.some((step, index) => {
    const next = path.steps[index + 1];
    if (step.trigger !== 'RESTART' || next?.trigger !== 'loadUserConfiguration' || next.outcome !== 'token ignored') return false;
    const rest = path.steps.slice(index + 1);
    const ready = rest.findIndex((later) => stateKey(later.state) === 'ready');
    return rest.slice(0, ready === -1 ? undefined : ready + 1).some((later) => later.kind === 'error' && later.trigger === 'initSession');
  });
}

/** What one engine does for a boot run: hold requests, act as the person, and read the screen. Each check names the step in its failure. */
export interface BootBrowser {
  /** A cookie of the app's site, written as the app writes it (before the first navigation, or on the page). */
  plantCookie(name: string, value: string): Promise<void>;
  /** Opens the app at `/` with every request to these endpoints held. */
  start(held: readonly HoldEndpoint[]): Promise<void>;
  /** The next held request to the endpoint, waiting for it to be made. */
  next(endpoint: HoldEndpoint): Promise<HeldCall>;
  /** Lets the config file through with `mapping` put first in its localeMappings. */
  passConfigWith(held: HeldCall, mapping: LocaleMapping): Promise<void>;
  /** The catalog chunk is not there: this request and every later one get no answer. */
  catalogGone(held: HeldCall): Promise<void>;
  /** The page's clock runs `ms` on, every timer due by then run in order (the stack's page clock, `BOOT_STACK`). */
  passTime(ms: number): Promise<void>;
  /** The console's errors so far (WebKit's: the page's own log of them); undefined where there are none to read, which fails a check of them. */
  consoleErrors(): readonly string[] | undefined;
  cookie(name: string): Promise<string | undefined>;
  /** The tenant cookies (`Abp-TenantId`, `Abp.TenantId`) as `name=value`. */
  tenantCookies(): Promise<string[]>;
  /** The path and query of the address. */
  address(): Promise<string>;
  /** The language the document says it is in. */
  lang(): Promise<string>;

  /** "Opnieuw proberen" (or "Try again") on the error or waiting screen. */
  retry(): Promise<void>;
  chooseLanguage(language: Language): Promise<void>;
  changeTenant(name: string): Promise<void>;

  /** Start-up's busy indicator ("Bezig met laden…", or English once that catalog is in). */
  expectBusy(name: string): Promise<void>;
  /** Busy waiting for the server: it says so, offers to try now, and shows no error screen. */
  expectWaitingForServer(name: string): Promise<void>;
  /** The screen "De applicatie kon niet starten" with the message and its button. */
  expectStartupError(name: string, message: string | RegExp): Promise<void>;
  /** The login page's heading, in this language or either (undefined). */
  expectLoginHeading(name: string, language: Language | undefined): Promise<void>;
  /** Home's welcome of the signed-in admin, in this language. */
  expectHome(name: string, language: Language): Promise<void>;
  /** No busy indicator shows now. */
  expectNotBusy(name: string): Promise<void>;
  /** The alert with this text, and this text shown. */
  expectAlertAndText(name: string, alert: string, text: string): Promise<void>;
}

function hasOutcome(path: ModelPath, trigger: string, outcome: string): boolean {
  return path.steps.some((step) => step.trigger === trigger && step.outcome === outcome);
}

/** The HTTP status an error outcome is named by (`401`, `500`), if it is. */
function httpStatus(step: PathStep): number | undefined {
  return /^[45]\d\d$/.test(step.outcome ?? '') ? Number(step.outcome) : undefined;
}

/** The fault an error outcome is in the stack (switched on before the held request goes on), and the status the request then gets. */
function faultFor(step: PathStep):
  | {
      endpoint: 'appconfig' | 'IsTenantAvailable' | 'GetAll' | 'Session';
      fault: { status?: number; body?: 'malformed'; times: 1 };
      answer: number;
    }
  | undefined {
  const status = httpStatus(step);
  switch (status ? `${step.trigger} <status>` : `${step.trigger} ${step.outcome}`) {
    case 'loadConfig invalid':
      return { endpoint: 'appconfig', fault: { body: 'malformed', times: 1 }, answer: 200 };
    // An outcome named by an HTTP status (401, 500, or one a tester adds to the model) is that answer from the API.
    case 'chooseTenant <status>':
      return { endpoint: 'IsTenantAvailable', fault: { status: status!, times: 1 }, answer: status! };
    case 'loadUserConfiguration <status>':
      return { endpoint: 'GetAll', fault: { status: status!, times: 1 }, answer: status! };
    case 'initSession fail':
      return { endpoint: 'Session', fault: { status: 500, times: 1 }, answer: 500 };
    default:
      return undefined;
  }
}

/**
 * The bootMachine in a browser. Each invoked actor is a request the test
 * holds: the config file, the lookup of the environment it names, GetAll, the session, and (where the path loads a
 * catalog that is not bundled) the English catalog chunk. While it is held
 * the page must show the state; the outcome is the request let through,
 * with a fault switched on for error outcomes, dropped for "no answer", or held
 * until the app gives up on it for "time-out".
 * RETRY is the button on the error or waiting screen, RESTART a tenant
 * change on the login page; a re-run whose session fails keeps the login
 * page and the tenant it had. The wait before another attempt passes by
 * itself.
 */
export class BootRun {
  private held: HeldCall | undefined;
  /** The language the culture cookie names, and so the culture header. */
  private culture: string;
  /** The backend token the page holds (a dead one, where the path has GetAll ignore it). */
  private token: string | undefined;
  /** A failing locale load needs a catalog that is fetched: the config then maps nl to en-GB, whose catalog is the English chunk. */
  private readonly localeFetched: boolean;
  private tenantId: string | undefined;
  private restarted = false;
  /** The browser holds a live backend token: start-up ends on home, not on the login page. */
  private signedIn = false;
  /** A request got no answer and start-up has not reached ready since: it shows that it waits. */
  private waiting = false;

  constructor(
    private readonly path: ModelPath,
    private readonly browser: BootBrowser,
    private readonly stack: Stack,
  ) {
    this.culture = hasOutcome(path, 'loadUserConfiguration', 'en-US') ? 'en-US' : 'nl';
    this.localeFetched = hasOutcome(path, 'loadLocale', 'fail');
  }

  /** The language the page speaks: the culture cookie's. */
  private get language(): Language {
    return this.culture.startsWith('en') ? 'en' : 'nl';
  }

  async run(): Promise<void> {
    if (!hasOutcome(this.path, 'loadUserConfiguration', KEEPS_ENGLISH)) return this.walk();
    // Admin keeps English at the backend, and this browser holds his backend token: a signed-in start on a Dutch device.
    const admin = await abpSession(this.stack);
    await saveLanguage(admin, 'en');
    try {
      await this.browser.plantCookie(TOKEN_COOKIE, admin.token);
      this.token = admin.token;
      this.signedIn = true;
      await this.walk();
    } finally {
      // As the stack had him: the paths after this one start with admin keeping no language of his own.
      await saveLanguage(admin, 'nl');
    }
  }

  private async walk(): Promise<void> {
    if (this.culture !== 'nl') await this.browser.plantCookie(CULTURE_COOKIE, this.culture);
    if (this.path.steps[1] && this.ignoresTokenNext(0)) await this.plantDeadToken();
    const held = (Object.keys(INVOKED) as Actor[])
      .filter((actor) => actor !== 'loadLocale' || this.localeFetched)
      .map((actor) => INVOKED[actor]);
    await this.browser.start(held);
    const [start, ...steps] = this.path.steps;
    await this.check(start!);
    for (const step of steps) {
      await this.perform(step);
      await this.check(step);
    }
    if (this.signedIn && stateKey(this.path.steps.at(-1)!.state) === 'initialisingSession') await this.onToHome();
  }

  /** The session let through where the path ends: the signed-in person lands on home, in the language start-up settled on. */
  private async onToHome(): Promise<void> {
    const held = this.held;
    this.held = undefined;
    await held?.pass();
    await this.expectSignedInHome(`${this.path.id}: on to home`);
  }

  /** Home, in the language start-up settled on, which the culture cookie names (none for Dutch, the default). */
  private async expectSignedInHome(name: string): Promise<void> {
    await this.browser.expectHome(name, this.language);
    expect(await this.browser.address(), `${name}: the address`).toBe('/app/home');
    expect(await this.browser.lang(), `${name}: the page language`).toBe(this.language);
    expect(await this.browser.cookie(CULTURE_COOKIE), `${name}: the culture cookie`).toBe(this.culture === 'nl' ? undefined : this.culture);
  }

  private async perform(step: PathStep): Promise<void> {
    const name = stepName(this.path, step);
    switch (step.kind) {
      case 'done':
      case 'error': {
        const held = this.held;
        this.held = undefined;
        if (step.trigger === 'loadLocale' && !this.localeFetched) return; // the Dutch catalog is in the bundle: nothing to fetch
        if (!held) throw new Error(`${name}: no request of ${step.trigger} is held`);
        if (step.kind === 'done') return this.pass(step, held);
        return this.fail(step, held);
      }
      case 'event':
        if (step.trigger === 'RETRY') {
          // On the waiting screen; on the error screen start-up waits for nothing.
          if (this.before(step) === 'waitingForServer') await this.lengthenWait(name);
          return this.browser.retry();
        }
        if (step.trigger === 'RESTART') {
          // A tenant switch drops a held token (it belongs to the tenant left): a dead token meets the re-run through a language switch instead.
          if (this.ignoresTokenNext(this.path.steps.indexOf(step))) return this.switchLanguageWithDeadToken();
          return this.switchEnvironment('Noord', '2');
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

  private async pass(step: PathStep, held: HeldCall): Promise<void> {
    // His own language: the culture cookie follows it, and every request after it names it.
    if (step.trigger === 'loadPersonLanguage') this.culture = step.outcome!;
    if (step.trigger === 'loadConfig' && this.localeFetched) await this.browser.passConfigWith(held, FETCHED_CATALOG_MAPPING);
    else await held.pass();
    // The config names the company's environment: start-up chooses it, and every request after it carries it.
    if (step.trigger === 'chooseTenant') this.tenantId = DEFAULT_TENANT_ID;
    if (step.trigger === 'loadUserConfiguration' && step.outcome === 'token ignored') {
      // ABP answers a token it cannot read with 200 as anonymous: the app clears it all the same.
      const name = stepName(this.path, step);
      expect((await held.headers()).authorization, `${name}: the dead token was sent`).toBe(`Bearer ${DEAD_TOKEN}`);
      await this.expectAnswer(name, held, 200);
      await eventually(async () => (await this.browser.cookie(TOKEN_COOKIE)) === undefined, `${name}: the token is cleared`);
      this.token = undefined;
    }
  }

  private async fail(step: PathStep, held: HeldCall): Promise<void> {
    const name = stepName(this.path, step);
    const errorsBefore = this.browser.consoleErrors()?.length ?? 0;
    if (step.outcome === 'no answer') {
      await held.drop();
      // Start-up waits for the server, except where it goes on without this answer (the person's own language); once it
      // waited, it says so until it is ready.
      this.waiting ||= stateKey(step.state) === 'waitingForServer';
      await this.expectLogged(name, errorsBefore);
      return;
    }
    if (step.outcome === 'time-out') {
      // The request stays held: the app gives up on it by itself, after its own time-out, passed on the page's clock (the
      // stack drops a request whose client left).
      this.waiting = true;
      await this.browser.passTime(REQUEST_TIMEOUT_MS);
      await this.expectLogged(name, errorsBefore);
      return;
    }
    if (step.trigger === 'loadLocale' && step.outcome === 'fail') {
      // Every later fetch of the chunk fails too: the catalog is simply not there.
      await this.browser.catalogGone(held);
      await this.expectLogged(name, errorsBefore);
      return;
    }
    const fault = faultFor(step);
    if (!fault) throw new Error(`${name}: no fault for this outcome`);
    this.stack.faults.set(fault.endpoint, fault.fault);
    await held.pass();
    await this.expectAnswer(name, held, fault.answer);
    if (step.trigger !== 'loadConfig') await this.expectLogged(name, errorsBefore);
  }

  /**
   * Start-up's waits before it tries again by itself run in real time (1 s, 2 s, 4 s, …), and a click on
   * "Opnieuw proberen" that lands after the wait has run out meets a new attempt, which ignores it. The
   * first two attempts start-up makes by itself get no answer either, so the click comes in the third
   * wait, of 4 s, long enough for a click through any engine's driver.
   */
  private async lengthenWait(name: string): Promise<void> {
    for (const attempt of ['second', 'third']) {
      const errorsBefore = this.browser.consoleErrors()?.length ?? 0;
      await (await this.browser.next(INVOKED.loadConfig)).drop();
      await this.expectLogged(`${name} (the ${attempt} attempt)`, errorsBefore);
    }
    await this.browser.expectWaitingForServer(name);
  }

  /** The status the request got, where the engine shows it. */
  private async expectAnswer(name: string, held: HeldCall, status: number): Promise<void> {
    const answered = await held.status();
    if (answered !== undefined) expect(answered, `${name}: the answer`).toBe(status);
  }

  /** The app logs a start-up failure for developers as `[start-up] …` (in WebKit as the page's own log keeps it). */
  private async expectLogged(name: string, from: number): Promise<void> {
    await eventually(
      () => (this.browser.consoleErrors() ?? []).slice(from).some((text) => text.startsWith('[start-up]')),
      `${name}: start-up logs the failure`,
    );
  }

  /** The state the path was in before this step. */
  private before(step: PathStep): string {
    return stateKey(this.path.steps[this.path.steps.indexOf(step) - 1]!.state);
  }

  /** Whether the GetAll of the step after `index` is answered as anonymous with the token it carried. */
  private ignoresTokenNext(index: number): boolean {
    const next = this.path.steps[index + 1];
    return next?.trigger === 'loadUserConfiguration' && next.outcome === 'token ignored';
  }

  /** A backend token ABP no longer accepts, in the cookie, as a stale browser holds one. */
  private async plantDeadToken(): Promise<void> {
    await this.browser.plantCookie(TOKEN_COOKIE, DEAD_TOKEN);
    this.token = DEAD_TOKEN;
  }

  private async switchLanguageWithDeadToken(): Promise<void> {
    await this.plantDeadToken();
    this.culture = this.culture === 'nl' ? 'en' : 'nl';
    await this.browser.chooseLanguage(this.language);
    this.restarted = true;
  }

  private async switchEnvironment(name: string, id: string): Promise<void> {
    await this.browser.changeTenant(name);
    // The switch looks the environment up by its name (the lookup start-up makes is held all along): it goes on.
    await (await this.browser.next(INVOKED.chooseTenant)).pass();
    this.tenantId = id;
    this.restarted = true;
  }

  private async next(actor: Actor): Promise<HeldCall> {
    return (this.held ??= await this.browser.next(INVOKED[actor]));
  }

  /** What the page shows in a state, and what the request made in it carries. */
  private async check(step: PathStep): Promise<void> {
    const name = stepName(this.path, step);
    const state = stateKey(step.state);
    switch (state) {
      case 'loadingConfig': {
        const held = await this.next('loadConfig');
        await this.busy(name);
        // The config file is the app's own: it never carries the bearer, and so names the culture in the header.
        await this.abpHeaders(name, held, false);
        return;
      }
      case 'choosingTenant': {
        // Asked by index.html's script as soon as the config answered; start-up takes that answer, or asks again after a wait.
        const held = await this.next('chooseTenant');
        await this.busy(name);
        await this.abpHeaders(name, held);
        expect(held.url.pathname, `${name}: the environment's lookup`).toMatch(/\/Account\/IsTenantAvailable$/);
        return;
      }
      case 'loadingUserConfiguration': {
        const held = await this.next('loadUserConfiguration');
        if (this.restarted) await this.keptLoginPage(name);
        else await this.busy(name);
        await this.abpHeaders(name, held);
        return;
      }
      case 'loadingPersonLanguage': {
        const held = await this.next('loadPersonLanguage');
        await this.busy(name);
        const headers = await held.headers();
        // Asked without the query's culture, so ABP answers in the language it keeps; this device's only in Accept-Language, which ABP never saves.
        expect(held.url.pathname, `${name}: GetAll asked again`).toMatch(/\/AbpUserConfiguration\/GetAll$/);
        expect(held.url.searchParams.get('culture'), `${name}: no culture in the query`).toBeNull();
        expect(headers['.aspnetcore.culture'], `${name}: no culture header with a bearer`).toBeUndefined();
        expect(headers.authorization, `${name}: the bearer`).toBe(`Bearer ${this.token}`);
        expect(headers['abp-tenantid'], `${name}: the tenant header`).toBe(this.tenantId);
        return;
      }
      case 'initialisingSession':
        await this.next('initSession');
        if (this.restarted) await this.keptLoginPage(name);
        else await this.busy(name);
        return;
      case 'loadingLocale':
        if (!this.localeFetched) return; // Dutch is bundled: this state lasts no longer than a promise tick
        await this.next('loadLocale');
        await this.busy(name);
        return;
      case 'waitingForServer':
        await this.busy(name);
        return;
      case 'configFailed':
        await this.browser.expectStartupError(name, NL.startup.configInvalidAnyField);
        return;
      case 'rejected':
        await this.browser.expectStartupError(name, NL.startup.server);
        return;
      case 'ready': {
        this.waiting = false;
        if (this.signedIn) return this.expectSignedInHome(name);
        await this.browser.expectLoginHeading(name, this.language);
        expect(await this.browser.address(), `${name}: the address`).toBe('/account/login?returnUrl=%2Fapp%2Fhome');
        expect(await this.browser.lang(), `${name}: the page language`).toBe(this.language);
        if (this.restarted && step.kind === 'error' && step.trigger === 'initSession') await this.tenantKept(name);
        return;
      }
      default:
        throw new Error(`${name}: no browser check for state ${state}`);
    }
  }

  /** A re-run keeps the current screen; start-up is busy only the first time. */
  private async keptLoginPage(name: string): Promise<void> {
    await this.browser.expectLoginHeading(`${name}: kept during the re-run`, undefined);
    await this.browser.expectNotBusy(name);
  }

  /** The tenant switch says the change did not happen; Default is still the tenant, in the page and in the cookie. */
  private async tenantKept(name: string): Promise<void> {
    const texts = this.language === 'en' ? EN.tenant : NL.tenant;
    await this.browser.expectAlertAndText(name, texts.notSwitched, texts.current('Default'));
    expect(await this.browser.tenantCookies(), `${name}: the tenant cookies`).toEqual([`Abp-TenantId=${DEFAULT_TENANT_ID}`]);
    this.tenantId = DEFAULT_TENANT_ID;
  }

  /** Busy; once a request got no answer, busy with what it waits for and a way to try now. */
  private async busy(name: string): Promise<void> {
    if (this.waiting) await this.browser.expectWaitingForServer(name);
    else await this.browser.expectBusy(name);
  }

  /**
   * Tenant header only with a tenant cookie and never "null", the culture of the cookie (in the query with a
   * bearer, where ABP saves nothing; in the header without one), no bearer without a token.
   */
  private async abpHeaders(name: string, held: HeldCall, bearer = true): Promise<void> {
    const token = bearer ? this.token : undefined;
    const headers = await held.headers();
    const query = held.url.searchParams.get('culture');
    if (token === undefined) {
      expect(headers['.aspnetcore.culture'], `${name}: the culture header`).toBe(`c=${this.culture}|uic=${this.culture}`);
      expect(query, `${name}: no culture in the query`).toBeNull();
    } else {
      expect(headers['.aspnetcore.culture'], `${name}: no culture header with a bearer`).toBeUndefined();
      expect(query, `${name}: the culture in the query`).toBe(this.culture);
    }
    expect(headers['abp-tenantid'], `${name}: the tenant header`).toBe(this.tenantId);
    expect(headers['abp.tenantid'], `${name}: the legacy tenant header`).toBeUndefined();
    expect(headers.authorization, `${name}: the authorization header`).toBe(token === undefined ? undefined : `Bearer ${token}`);
  }
}
