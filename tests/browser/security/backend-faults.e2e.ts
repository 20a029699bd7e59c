import type { Route } from 'playwright-core';
import { describe, expect } from 'vitest';
import type { Fault } from '../../../devstack/faults/registry.ts';
import { endpointList, type EndpointName } from '../../../devstack/api/endpoints.ts';
import { AppModel } from '../models/app.model.ts';
import { EN, NL } from '../models/texts.ts';
import { eventually, type WatchedContext } from '../models/watch.ts';
import { securityCase } from './support/cases.ts';
import { securitySuite } from './support/harness.ts';
import { deferred } from '../../support/deferred.ts';
import { LOOK_EVERY_MS, OUTCOME_MS, pause, seconds } from '../../support/limits.ts';

const suite = securitySuite(import.meta.filename);

/** The ABP client gives up after 15 s (by the page's clock); the server answers later than that. */
const BEYOND_CLIENT_TIMEOUT_MS = seconds(16.5);

/** Every ABP endpoint's path, from the one table the app and the stand-in read. */
const PATHS = Object.fromEntries(endpointList().map((endpoint) => [endpoint.name, `/${endpoint.path}`])) as Record<EndpointName, string>;

/** The same faults the stack's switches give, for every endpoint: [name, fault, start-up message, logged]. */
const SERVER_FAULTS: [string, Fault, string, RegExp][] = [
  ['401', { status: 401 }, NL.startup.unauthorized, /unauthorized \(401\)/],
  ['403', { status: 403 }, NL.startup.forbidden, /forbidden \(403\)/],
  ['500', { status: 500 }, NL.startup.server, /server \(500\)/],
  ['a malformed envelope', { body: 'malformed' }, NL.startup.malformed, /malformed \(200\)/],
  ['an HTML error page instead of JSON', { body: 'html', status: 502 }, NL.startup.server, /server \(502\).*not JSON/s],
];

/**
 * A request without an answer, as only this browser meets it (the stack's
 * switches answer every browser): `handle` is the route's handler, `givenUp`
 * waits until the app shows it gave up (`shown`), `answer` lets the server
 * answer from then on.
 */
interface ClientFault {
  /** Before the case's first page: a late answer needs the context's page clock. */
  prepare(watched: WatchedContext): Promise<void>;
  handle(route: Route): Promise<void>;
  givenUp(watched: WatchedContext, shown: () => Promise<boolean>): Promise<void>;
  answer(): void;
}

/** The connection refused: the app knows at once, and the case's next look waits for it. */
const refused = (): ClientFault => ({
  prepare: () => Promise.resolve(),
  handle: (route) => route.abort('connectionrefused'),
  givenUp: () => Promise.resolve(),
  answer: () => undefined,
});

/**
 * No answer within the ABP client's 15 s: every request waits at the route
 * until `answer`, and the 15 s pass on Playwright's clock of the context. The
 * clock moves only once a request has arrived (the client counts from when it
 * sends; GetAll leaves from index.html's script and is counted from when the
 * app takes it up, a moment later), a second at a time with a look's pause
 * between, so the page's own work keeps pace with its clock: moved faster, the
 * callback page's 5 s came before ExternalAuthenticate was sent, and the
 * client had not given up when the case looked. The moves are bounded by real
 * time, in which the client gives up by itself as well.
 */
function answeredLate(): ClientFault {
  const arrived = deferred<void>();
  const answered = deferred<void>();
  return {
    prepare: (watched) => watched.context.clock.install(),
    async handle(route) {
      arrived.resolve();
      await answered.promise;
      await route.continue().catch(() => undefined);
    },
    async givenUp(watched, shown) {
      const end = Date.now() + BEYOND_CLIENT_TIMEOUT_MS + OUTCOME_MS;
      await Promise.race([arrived.promise, pause(OUTCOME_MS)]);
      while (!(await shown()) && Date.now() < end) {
        await watched.context.clock.runFor(seconds(1));
        await pause(LOOK_EVERY_MS);
      }
    },
    answer: () => answered.resolve(),
  };
}

/** Faults the stack cannot give per browser: [name, a new fault for each case, logged]. */
const CLIENT_FAULTS: [string, () => ClientFault, RegExp][] = [
  ['connection refused', refused, /network \(0\)/],
  ['no answer within the client timeout', answeredLate, /timeout \(0\)/],
];

function apiUrl(endpoint: keyof typeof PATHS): string {
  return `${suite.stack.urls.api}${PATHS[endpoint]}`;
}

async function routeApi(app: AppModel, endpoint: keyof typeof PATHS, handler: (route: Route) => Promise<void>) {
  const target = new URL(apiUrl(endpoint));
  // Whatever the query: a call with a bearer names its language there (`?culture=nl`).
  const url = (candidate: URL) => candidate.origin === target.origin && candidate.pathname === target.pathname;
  const guarded = (route: Route) => (route.request().method() === 'OPTIONS' ? route.continue() : handler(route));
  await app.page.route(url, guarded);
  return () => app.page.unroute(url, guarded);
}

/** The login page, working: its button leads to the provider's form. */
async function expectWorkingLoginPage(app: AppModel) {
  await app.waitForPath('/account/login');
  await app.person.waitForLoginPage();
  await app.expectNotBusy();
  await app.person.startSignIn();
  await app.person.waitForProviderForm();
}

describe('start-up: the user configuration (GetAll) fails: logged, start-up goes on', () => {
  for (const [name, fault, , logged] of SERVER_FAULTS) {
    securityCase(`GetAll: ${name}`, () =>
      suite.run(async (watched) => {
        suite.stack.faults.set('GetAll', fault);
        const app = await AppModel.open(watched, '/app/home');
        await expectWorkingLoginPage(app);
        watched.expectLogged(new RegExp(`\\[start-up\\].*${logged.source}`, 's'));
        await watched.expectNoBackendToken();
        await app.expectNoLeaks();
      }),
    );
  }

  securityCase('GetAll: 500 while signed in: the session and the page stay', () =>
    suite.run(async (watched) => {
      const app = await AppModel.newPage(watched);
      await app.person.signInToHome();
      suite.stack.faults.set('GetAll', { status: 500 });
      await app.page.reload();
      await app.waitForHeading(NL.shell.welcome);
      await app.expectNotBusy();
      watched.expectLogged(/\[start-up\].*server \(500\)/s);
      await watched.expectBackendToken();
      await app.expectNoLeaks();
    }),
  );
});

describe('start-up: the session (GetCurrentLoginInformations) fails: the error screen, then a working retry', () => {
  for (const [name, fault, message, logged] of SERVER_FAULTS) {
    securityCase(`Session: ${name}`, () =>
      suite.run(async (watched) => {
        suite.stack.faults.set('Session', { ...fault, times: 1 });
        const app = await AppModel.open(watched, '/app/home');
        await app.expectStartupError(message);
        watched.expectLogged(new RegExp(`\\[start-up\\].*${logged.source}`, 's'));
        await watched.expectNoBackendToken();
        await app.expectNoLeaks();
        await app.clickRetry();
        await expectWorkingLoginPage(app);
      }),
    );
  }

  securityCase('Session: 500 while signed in: the error screen, and the retry returns to the page', () =>
    suite.run(async (watched) => {
      const app = await AppModel.newPage(watched);
      await app.person.signInToHome();
      suite.stack.faults.set('Session', { status: 500, times: 1 });
      await app.page.reload();
      await app.expectStartupError(NL.startup.server);
      await app.expectNoLeaks();
      await app.clickRetry();
      await app.waitForHeading(NL.shell.welcome);
      await watched.expectBackendToken();
    }),
  );
});

/** A sign-in the backend does not complete: the callback's message, and no token of any kind kept. */
async function expectFailedBackendSignIn(watched: WatchedContext, app: AppModel, reason: string, logged: RegExp) {
  await app.expectCallbackFailure(/./);
  await app.expectCallbackFailure(reason);
  watched.expectLogged(logged);
  await watched.expectNoBackendToken();
  await app.expectNoRefreshToken();
  await app.expectNoLeaks();
  await app.followCallbackRetry('/account/login');
}

/**
 * After the backend refused the provider's account, "Inloggen" shows the
 * provider's form again (prompt=login), not a silent sign-in as the same
 * account, so the person can use another one.
 */
async function expectLoginFormOffered(app: AppModel) {
  await app.person.startSignIn();
  await app.person.waitForProviderForm();
  const authorize = app.watched.requests
    .map((request) => new URL(request.url()))
    .filter((url) => url.pathname.endsWith('/v1/authorize') && url.searchParams.has('state'));
  expect(authorize.at(-1)?.searchParams.get('prompt')).toBe('login');
}

/** The language switch failed: said in Dutch, the page kept, the language unchanged; then it works when the server is back. */
async function expectLanguageSwitchFailsThenWorks(watched: WatchedContext, app: AppModel, logged: RegExp, restore: () => Promise<void>) {
  await app.see(NL.shell.languageFailed);
  await app.expectNotBusy();
  await app.expectPageKept();
  watched.expectLogged(logged);
  // The cookie follows the language admin's account keeps (Dutch), and the failed change left it so.
  expect(await watched.cookie('Abp.Localization.CultureName'), 'culture cookie unchanged').toBe('nl');
  await restore();
  await eventually(() => app.languageSwitch.isEnabled(), 'the language switch enabled again');
  await app.chooseLanguage('en');
  await app.waitForHeading(EN.shell.welcome);
  expect(await app.lang()).toBe('en');
  expect(await watched.cookie('Abp.Localization.CultureName')).toBe('en');
  expect(await app.documentStillMarked(), 'no reload').toBe(true);
  await app.expectNoLeaks();
  // The backend saved English for admin: back to Dutch, so the next case starts as this one did.
  await app.chooseLanguage('nl');
  await app.waitForHeading(NL.shell.welcome);
}

describe('signed in: the language change (ChangeLanguage) fails', () => {
  for (const [name, fault] of SERVER_FAULTS) {
    securityCase(`ChangeLanguage: ${name}`, () =>
      suite.run(async (watched) => {
        const app = await AppModel.newPage(watched);
        await app.person.signInToHome();
        await app.markDocument();
        suite.stack.faults.set('ChangeLanguage', fault);
        await app.chooseLanguage('en');
        await expectLanguageSwitchFailsThenWorks(watched, app, /\[language\]/, async () => suite.stack.faults.clear());
      }),
    );
  }
});

describe('signed in: the re-run after a language change cannot load the session', () => {
  securityCase('Session: 500 in the re-run', () =>
    suite.run(async (watched) => {
      const app = await AppModel.newPage(watched);
      await app.person.signInToHome();
      await app.markDocument();
      suite.stack.faults.set('Session', { status: 500, times: 1 });
      await app.chooseLanguage('en');
      await expectLanguageSwitchFailsThenWorks(watched, app, /\[language\].*re-run failed: server/s, async () =>
        suite.stack.faults.clear(),
      );
    }),
  );
});

describe('sign-in: the start-up re-run after the backend accepted it fails', () => {
  securityCase('accepted, but the session call of the start-up re-run fails', () =>
    suite.run(async (watched) => {
      const app = await AppModel.open(watched, '/account/login');
      // The first session call with the new backend token is the re-run's.
      let failed = false;
      await routeApi(app, 'Session', async (route) => {
        if (failed || !route.request().headers().authorization) return route.continue();
        failed = true;
        await route.fulfill({
          status: 500,
          json: { success: false, error: { message: 'An internal error occurred' }, __abp: true },
          headers: { 'Access-Control-Allow-Origin': suite.stack.urls.app },
        });
      });
      await app.person.signIn();
      await app.expectCallbackFailure(NL.callback.sessionFailed);
      watched.expectLogged(/\[sign-in\].*session-failed: start-up re-run failed: server/s);
      // The backend accepted the sign-in: its token stays, and "Opnieuw proberen" leads home.
      await watched.expectBackendToken();
      await app.expectNoLeaks();
      await app.followCallbackRetry('/app/home');
    }),
  );
});

describe('login page: the tenant check (IsTenantAvailable) fails', () => {
  const cases: [string, Fault][] = [
    ['500', { status: 500 }],
    ['an HTML error page instead of JSON', { body: 'html', status: 502 }],
    ['a malformed envelope', { body: 'malformed' }],
  ];
  for (const [name, fault] of cases) {
    securityCase(`IsTenantAvailable: ${name}`, () =>
      suite.run(async (watched) => {
        const app = await AppModel.open(watched, '/account/login');
        await app.startTenantChange('Noord');
        suite.stack.faults.set('IsTenantAvailable', fault);
        await app.saveTenant();
        await app.see(NL.tenant.checkFailed);
        await app.expectNotBusy();
        watched.expectLogged(/\[tenant\]/);
        expect(await watched.cookie('Abp-TenantId'), "the company's environment kept").toBe('1');
        suite.stack.faults.clear();
        await app.saveTenant();
        await app.see('Noord');
        expect(await watched.cookie('Abp-TenantId')).toBe('2');
        await app.expectNoLeaks();
      }),
    );
  }

  securityCase('the session call of the re-run fails: the login page stays with Default, then the change works', () =>
    suite.run(async (watched) => {
      const app = await AppModel.open(watched, '/account/login');
      await app.person.waitForLoginPage();
      await app.markDocument();
      await app.startTenantChange('Noord');
      suite.stack.faults.set('Session', { status: 500, times: 1 });
      await app.saveTenant();
      await app.see(NL.tenant.notSwitched);
      await app.expectNotBusy();
      await app.see(NL.tenant.current('Default'));
      expect(await app.documentStillMarked(), 'the page was not reloaded').toBe(true);
      watched.expectLogged(/\[tenant\].*re-run failed: server/s);
      expect(await watched.cookie('Abp-TenantId'), 'the tenant cookie put back').toBe('1');
      await app.saveTenant();
      await app.see('Noord');
      expect(await watched.cookie('Abp-TenantId')).toBe('2');
      await app.person.waitForLoginPage();
      await app.expectNoLeaks();
    }),
  );
});

describe.concurrent('faults only this browser sees (intercepted), side by side', () => {
  for (const endpoint of ['GetAll', 'Session'] as const) {
    for (const [name, newFault, logged] of CLIENT_FAULTS) {
      securityCase.concurrent(`${endpoint}: ${name}: start-up waits, and goes on by itself once the server answers`, () =>
        suite.run(async (watched) => {
          const fault = newFault();
          await fault.prepare(watched);
          const app = await AppModel.newPage(watched);
          const restore = await routeApi(app, endpoint, (route) => fault.handle(route));
          await app.goto('/app/home');
          await fault.givenUp(watched, () => app.waitingScreen.isVisible());
          await app.expectWaitingForServer();
          watched.expectLogged(new RegExp(`\\[start-up\\].*${logged.source}`, 's'));
          await watched.expectNoBackendToken();
          await restore();
          fault.answer();
          // No click: the next attempt finds the server.
          await expectWorkingLoginPage(app);
          await app.expectNoLeaks();
        }),
      );
    }
  }

  const envelope = (status: number, message: string) => ({
    result: null,
    targetUrl: null,
    success: false,
    error: { code: 0, message, details: null, validationErrors: null },
    unAuthorizedRequest: status === 401,
    __abp: true,
  });
  const cors = () => ({ 'Access-Control-Allow-Origin': suite.stack.urls.app });
  const faults: [string, (route: Route) => Promise<void>, RegExp, string][] = [
    [
      '401',
      (route) => route.fulfill({ status: 401, json: envelope(401, 'Current user did not login to the application!'), headers: cors() }),
      /backend-rejected: unauthorized \(401\)/,
      NL.callback.backendRejected,
    ],
    [
      '403',
      (route) => route.fulfill({ status: 403, json: envelope(403, 'Forbidden'), headers: cors() }),
      /backend-rejected: forbidden \(403\)/,
      NL.callback.backendRejected,
    ],
    [
      '500',
      (route) => route.fulfill({ status: 500, json: envelope(500, 'An internal error occurred'), headers: cors() }),
      /backend-rejected: server \(500\)/,
      NL.callback.backendRejected,
    ],
    [
      'a malformed envelope',
      (route) => route.fulfill({ status: 200, json: { unexpected: true }, headers: cors() }),
      /backend-rejected: malformed \(200\).*not an ABP envelope/,
      NL.callback.backendRejected,
    ],
    [
      'an HTML error page',
      (route) =>
        route.fulfill({
          status: 502,
          contentType: 'text/html',
          body: '<html><body><h1>502 Bad Gateway</h1><hr>nginx</body></html>',
          headers: cors(),
        }),
      /backend-rejected: server \(502\).*not JSON/,
      NL.callback.backendRejected,
    ],
    [
      'connection refused',
      (route) => route.abort('connectionrefused'),
      /backend-unreachable: network \(0\)/,
      NL.callback.backendUnreachable,
    ],
  ];
  for (const [name, handler, logged, message] of faults) {
    securityCase.concurrent(`ExternalAuthenticate: ${name}`, () =>
      suite.run(async (watched) => {
        const app = await AppModel.open(watched, '/account/login');
        await routeApi(app, 'ExternalAuthenticate', handler);
        await app.person.signIn();
        await expectFailedBackendSignIn(watched, app, message, logged);
      }),
    );
  }

  securityCase.concurrent('ExternalAuthenticate: no answer within the client timeout', () =>
    suite.run(async (watched) => {
      const fault = answeredLate();
      await fault.prepare(watched);
      const app = await AppModel.open(watched, '/account/login');
      await routeApi(app, 'ExternalAuthenticate', (route) => fault.handle(route));
      await app.person.signIn();
      await fault.givenUp(watched, () => app.page.getByText(NL.callback.backendTimeout).isVisible());
      await expectFailedBackendSignIn(watched, app, NL.callback.backendTimeout, /backend-timeout: timeout \(0\)/);
      fault.answer();
    }),
  );

  securityCase.concurrent('ExternalAuthenticate: a user the backend cannot register (on the host, as ABP refuses)', () =>
    suite.run(async (watched) => {
      // A tenant id that names no tenant means the host, where ABP registers no external user.
      await watched.context.addCookies([{ name: 'Abp-TenantId', value: '99', url: suite.stack.urls.app }]);
      const app = await AppModel.open(watched, '/account/login');
      await app.person.signIn('vreemde');
      await expectFailedBackendSignIn(watched, app, NL.callback.backendRejected, /backend-rejected: server \(500\)/);
      await expectLoginFormOffered(app);
    }),
  );

  securityCase.concurrent('ExternalAuthenticate: an account that is not active yet', () =>
    suite.run(async (watched) => {
      const app = await AppModel.open(watched, '/account/login');
      await app.person.signIn('nieuw');
      await app.see(NL.callback.notActiveFull);
      await app.expectNotBusy();
      await watched.expectNoBackendToken();
      await app.expectNoRefreshToken();
      await app.expectNoLeaks();
      await app.page.getByRole('link', { name: NL.errorPage.toHome }).click();
      await app.waitForPath('/account/login');
      await expectLoginFormOffered(app);
    }),
  );
});

// One after the other: a language change that works is saved for admin at the backend, which every other case would meet.
describe('the language change without an answer (intercepted)', () => {
  for (const [name, newFault, logged] of CLIENT_FAULTS) {
    securityCase(`ChangeLanguage: ${name}`, () =>
      suite.run(async (watched) => {
        const fault = newFault();
        await fault.prepare(watched);
        const app = await AppModel.newPage(watched);
        await app.person.signInToHome();
        await app.markDocument();
        const unroute = await routeApi(app, 'ChangeLanguage', (route) => fault.handle(route));
        const restore = async () => {
          await unroute();
          fault.answer();
        };
        await app.chooseLanguage('en');
        await fault.givenUp(watched, () => app.page.getByText(NL.shell.languageFailed).isVisible());
        await app.see(NL.shell.languageFailed);
        await expectLanguageSwitchFailsThenWorks(watched, app, new RegExp(`\\[language\\].*${logged.source}`, 's'), restore);
      }),
    );
  }

  securityCase('offline after the app was loaded: a language change says so, keeps the page, and works once online', () =>
    suite.run(async (watched) => {
      const app = await AppModel.newPage(watched);
      await app.person.signInToHome();
      await app.markDocument();
      await watched.context.setOffline(true);
      await app.chooseLanguage('en');
      await expectLanguageSwitchFailsThenWorks(watched, app, /\[language\].*(network|Failed to fetch)/s, () =>
        watched.context.setOffline(false),
      );
    }),
  );
});
