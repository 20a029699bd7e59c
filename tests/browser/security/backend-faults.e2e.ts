import type { Route } from 'playwright-core';
import { describe, expect } from 'vitest';
import type { Fault, FaultEndpoint } from '../../../devstack/faults.ts';
import { NL, eventually, type AppPage, type WatchedContext } from './models/watched.model.ts';
import { securityCase } from './support/cases.ts';
import { securitySuite, sleep } from './support/harness.ts';
import { openUserMenu } from '../support/userMenu.ts';

const suite = securitySuite(import.meta.filename);

/** The ABP client gives up after 15 s; the server answers later than that. */
const BEYOND_CLIENT_TIMEOUT_MS = 16_500;

const PATHS: Record<Exclude<FaultEndpoint, 'appconfig' | 'token'>, string> = {
  GetAll: '/AbpUserConfiguration/GetAll',
  Session: '/api/services/app/Session/GetCurrentLoginInformations',
  ExternalAuthenticate: '/api/TokenAuth/ExternalAuthenticate',
  IsTenantAvailable: '/api/services/app/Account/IsTenantAvailable',
  ChangeLanguage: '/api/services/app/User/ChangeLanguage',
};

const STARTUP = {
  unauthorized: 'Je sessie is verlopen. Probeer het opnieuw; je wordt daarna gevraagd opnieuw in te loggen.',
  forbidden: 'Je hebt geen toegang tot deze omgeving. Neem contact op met de beheerder.',
  server: 'Er ging iets mis op de server. Probeer het over een ogenblik opnieuw.',
  malformed: 'De server gaf een onverwacht antwoord. Probeer het opnieuw of neem contact op met de beheerder.',
  network: 'De server is niet bereikbaar. Controleer de verbinding en probeer het opnieuw.',
  timeout: 'De server reageert niet op tijd. Probeer het over een ogenblik opnieuw.',
} as const;

const BACKEND_REJECTED = 'De server heeft de inlog niet geaccepteerd. Neem contact op met de beheerder als dit blijft gebeuren.';
const BACKEND_UNREACHABLE = 'De inlogdienst heeft je herkend, maar de server is niet bereikbaar. Controleer de verbinding en probeer het opnieuw.';
const BACKEND_TIMEOUT = 'De inlogdienst heeft je herkend, maar de server reageerde niet op tijd. Probeer het over een ogenblik opnieuw.';

/** The same faults the stack's switches give, for every endpoint: [name, fault, start-up message, logged]. */
const SERVER_FAULTS: [string, Fault, string, RegExp][] = [
  ['401', { status: 401 }, STARTUP.unauthorized, /unauthorized \(401\)/],
  ['403', { status: 403 }, STARTUP.forbidden, /forbidden \(403\)/],
  ['500', { status: 500 }, STARTUP.server, /server \(500\)/],
  ['a malformed envelope', { body: 'malformed' }, STARTUP.malformed, /malformed \(200\)/],
  ['an HTML error page instead of JSON', { body: 'html', status: 502 }, STARTUP.server, /server \(502\).*not JSON/s],
];

/** Faults the stack cannot give per browser: [name, route handler, start-up message, logged]. */
const CLIENT_FAULTS: [string, (route: Route) => Promise<void>, string, RegExp][] = [
  ['connection refused', (route) => route.abort('connectionrefused'), STARTUP.network, /network \(0\)/],
  [
    'no answer within the client timeout',
    async (route) => {
      await sleep(BEYOND_CLIENT_TIMEOUT_MS);
      await route.continue().catch(() => undefined);
    },
    STARTUP.timeout,
    /timeout \(0\)/,
  ],
];

function apiUrl(endpoint: keyof typeof PATHS): string {
  return `${suite.stack.urls.api}${PATHS[endpoint]}`;
}

async function routeApi(page: AppPage, endpoint: keyof typeof PATHS, handler: (route: Route) => Promise<void>) {
  const url = apiUrl(endpoint);
  const guarded = (route: Route) => (route.request().method() === 'OPTIONS' ? route.continue() : handler(route));
  await page.page.route(url, guarded);
  return () => page.page.unroute(url, guarded);
}

/** The login page, working: its button leads to the provider's form. */
async function expectWorkingLoginPage(page: AppPage) {
  await page.waitForPath('/account/login');
  await page.page.getByRole('button', { name: NL.signIn }).waitFor({ timeout: 10_000 });
  await page.expectNotBusy();
  await page.startSignIn();
  await page.page.getByLabel('Gebruikersnaam').waitFor({ timeout: 10_000 });
}

describe('start-up: the user configuration (GetAll) fails: logged, start-up goes on', () => {
  for (const [name, fault, , logged] of SERVER_FAULTS) {
    securityCase(`GetAll: ${name}`, () =>
      suite.run(async (watched) => {
        suite.stack.faults.set('GetAll', fault);
        const page = await watched.open('/app/home');
        await expectWorkingLoginPage(page);
        watched.expectLogged(new RegExp(`\\[start-up\\].*${logged.source}`, 's'));
        await watched.expectNoBackendToken();
        await page.expectNoLeaks();
      }),
    );
  }

  securityCase('GetAll: 500 while signed in: the session and the page stay', () =>
    suite.run(async (watched) => {
      const page = await watched.newPage();
      await page.signInToHome();
      suite.stack.faults.set('GetAll', { status: 500 });
      await page.page.reload();
      await page.page.getByRole('heading', { name: NL.welcome }).waitFor({ timeout: 10_000 });
      await page.expectNotBusy();
      watched.expectLogged(/\[start-up\].*server \(500\)/s);
      await watched.expectBackendToken();
      await page.expectNoLeaks();
    }),
  );
});

describe('start-up: the session (GetCurrentLoginInformations) fails: the error screen, then a working retry', () => {
  for (const [name, fault, message, logged] of SERVER_FAULTS) {
    securityCase(`Session: ${name}`, () =>
      suite.run(async (watched) => {
        suite.stack.faults.set('Session', { ...fault, times: 1 });
        const page = await watched.open('/app/home');
        await page.expectStartupError(message);
        watched.expectLogged(new RegExp(`\\[start-up\\].*${logged.source}`, 's'));
        await watched.expectNoBackendToken();
        await page.expectNoLeaks();
        await page.clickRetry();
        await expectWorkingLoginPage(page);
      }),
    );
  }

  securityCase('Session: 500 while signed in: the error screen, and the retry returns to the page', () =>
    suite.run(async (watched) => {
      const page = await watched.newPage();
      await page.signInToHome();
      suite.stack.faults.set('Session', { status: 500, times: 1 });
      await page.page.reload();
      await page.expectStartupError(STARTUP.server);
      await page.expectNoLeaks();
      await page.clickRetry();
      await page.page.getByRole('heading', { name: NL.welcome }).waitFor({ timeout: 10_000 });
      await watched.expectBackendToken();
    }),
  );
});

/** A sign-in the backend does not complete: the callback's message, and no token of any kind kept. */
async function expectFailedBackendSignIn(watched: WatchedContext, page: AppPage, reason: string, logged: RegExp, timeout = 0) {
  await page.expectCallbackFailure(/./);
  if (timeout) await page.page.getByText(reason).waitFor({ timeout });
  await page.expectCallbackFailure(reason);
  watched.expectLogged(logged);
  await watched.expectNoBackendToken();
  await page.expectNoRefreshToken();
  await page.expectNoLeaks();
  await page.followCallbackRetry('/account/login');
}

/**
 * After the backend refused the provider's account, "Inloggen" shows the
 * provider's form again (prompt=login), not a silent sign-in as the same
 * account, so the person can use another one.
 */
async function expectLoginFormOffered(page: AppPage) {
  await page.startSignIn();
  await page.page.getByLabel('Gebruikersnaam').waitFor({ timeout: 10_000 });
  const authorize = page.watched.requests.map((request) => new URL(request.url())).filter((url) => url.pathname === '/auth' && url.searchParams.has('state'));
  expect(authorize.at(-1)?.searchParams.get('prompt')).toBe('login');
}

/** Chooses a language in the switch of the page. */
async function chooseLanguage(page: AppPage, name: 'nl' | 'en-US') {
  await openUserMenu(page.page);
  await page.page.getByLabel(/^(Taal|Language)$/).selectOption(name);
}

/** The language switch failed: said in Dutch, the page kept, the language unchanged; then it works when the server is back. */
async function expectLanguageSwitchFailsThenWorks(watched: WatchedContext, page: AppPage, logged: RegExp, restore: () => Promise<void>) {
  await page.see(NL.languageFailed);
  await page.expectNotBusy();
  await expectPageKept(page);
  watched.expectLogged(logged);
  expect(await watched.cookie('Abp.Localization.CultureName'), 'culture cookie unchanged').toBeUndefined();
  await restore();
  await eventually(() => page.page.getByLabel('Taal').isEnabled(), 'the language switch enabled again');
  await chooseLanguage(page, 'en-US');
  await page.page.getByRole('heading', { name: 'Welcome, Beheerder' }).waitFor({ timeout: 10_000 });
  expect(await page.page.evaluate(() => document.documentElement.lang)).toBe('en');
  expect(await watched.cookie('Abp.Localization.CultureName')).toBe('en-US');
  expect(await page.documentStillMarked(), 'no reload').toBe(true);
  await page.expectNoLeaks();
}

async function expectPageKept(page: AppPage) {
  expect(await page.documentStillMarked(), 'the page was not reloaded').toBe(true);
  expect(new URL(page.page.url()).pathname).toBe('/app/home');
  await page.page.getByRole('heading', { name: NL.welcome }).waitFor({ timeout: 1000 });
  await page.watched.expectBackendToken();
}

describe('signed in: the language change (ChangeLanguage) fails', () => {
  for (const [name, fault] of SERVER_FAULTS) {
    securityCase(`ChangeLanguage: ${name}`, () =>
      suite.run(async (watched) => {
        const page = await watched.newPage();
        await page.signInToHome();
        await page.markDocument();
        suite.stack.faults.set('ChangeLanguage', fault);
        await chooseLanguage(page, 'en-US');
        await expectLanguageSwitchFailsThenWorks(watched, page, /\[language\]/, async () => suite.stack.faults.clear());
      }),
    );
  }
});

describe('signed in: the re-run after a language change cannot load the session', () => {
  securityCase('Session: 500 in the re-run', () =>
    suite.run(async (watched) => {
      const page = await watched.newPage();
      await page.signInToHome();
      await page.markDocument();
      suite.stack.faults.set('Session', { status: 500, times: 1 });
      await chooseLanguage(page, 'en-US');
      await expectLanguageSwitchFailsThenWorks(watched, page, /\[language\].*re-run failed: server/s, async () => suite.stack.faults.clear());
    }),
  );
});

describe('sign-in: the start-up re-run after the backend accepted it fails', () => {
  securityCase('accepted, but the session call of the start-up re-run fails', () =>
    suite.run(async (watched) => {
      const page = await watched.open('/account/login');
      // The first session call with the new backend token is the re-run's.
      let failed = false;
      await routeApi(page, 'Session', async (route) => {
        if (failed || !route.request().headers().authorization) return route.continue();
        failed = true;
        await route.fulfill({ status: 500, json: { success: false, error: { message: 'An internal error occurred' }, __abp: true }, headers: { 'Access-Control-Allow-Origin': suite.stack.urls.app } });
      });
      await page.signIn();
      await page.expectCallbackFailure('Je bent ingelogd, maar je gegevens konden niet worden geladen. Probeer het over een ogenblik opnieuw.');
      watched.expectLogged(/\[sign-in\].*session-failed: start-up re-run failed: server/s);
      // The backend accepted the sign-in: its token stays, and "Opnieuw proberen" leads home.
      await watched.expectBackendToken();
      await page.expectNoLeaks();
      await page.followCallbackRetry('/app/home');
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
        const page = await watched.open('/account/login');
        await page.page.getByRole('button', { name: 'Wijzigen' }).click();
        await page.page.getByLabel('Naam van de omgeving (leeg voor host)').fill('Noord');
        suite.stack.faults.set('IsTenantAvailable', fault);
        await page.page.getByRole('button', { name: 'Opslaan' }).click();
        await page.see(NL.tenantFailed);
        await page.expectNotBusy();
        watched.expectLogged(/\[tenant\]/);
        expect(await watched.cookie('Abp-TenantId'), 'no tenant chosen').toBeUndefined();
        suite.stack.faults.clear();
        await page.page.getByRole('button', { name: 'Opslaan' }).click();
        await page.see('Noord');
        expect(await watched.cookie('Abp-TenantId')).toBe('2');
        await page.expectNoLeaks();
      }),
    );
  }

  securityCase('the session call of the re-run fails: the login page stays with the host, then the change works', () =>
    suite.run(async (watched) => {
      const page = await watched.open('/account/login');
      await page.page.getByRole('button', { name: NL.signIn }).waitFor();
      await page.markDocument();
      await page.page.getByRole('button', { name: 'Wijzigen' }).click();
      await page.page.getByLabel('Naam van de omgeving (leeg voor host)').fill('Noord');
      suite.stack.faults.set('Session', { status: 500, times: 1 });
      await page.page.getByRole('button', { name: 'Opslaan' }).click();
      await page.see(NL.tenantNotSwitched);
      await page.expectNotBusy();
      await page.see('Geen (host)');
      expect(await page.documentStillMarked(), 'the page was not reloaded').toBe(true);
      watched.expectLogged(/\[tenant\].*re-run failed: server/s);
      expect(await watched.cookie('Abp-TenantId'), 'the tenant cookie put back').toBeUndefined();
      await page.page.getByRole('button', { name: 'Opslaan' }).click();
      await page.see('Noord');
      expect(await watched.cookie('Abp-TenantId')).toBe('2');
      await page.page.getByRole('button', { name: NL.signIn }).waitFor();
      await page.expectNoLeaks();
    }),
  );
});

describe.concurrent('faults only this browser sees (intercepted), side by side', () => {
  for (const [name, handler, , logged] of CLIENT_FAULTS) {
    securityCase.concurrent(`GetAll: ${name}`, () =>
      suite.run(async (watched) => {
        const page = await watched.newPage();
        const restore = await routeApi(page, 'GetAll', handler);
        await page.goto('/app/home');
        await page.waitForPath('/account/login', BEYOND_CLIENT_TIMEOUT_MS + 5_000);
        await restore();
        await expectWorkingLoginPage(page);
        watched.expectLogged(new RegExp(`\\[start-up\\].*${logged.source}`, 's'));
        await page.expectNoLeaks();
      }),
    );
  }

  for (const [name, handler, message, logged] of CLIENT_FAULTS) {
    securityCase.concurrent(`Session: ${name}`, () =>
      suite.run(async (watched) => {
        const page = await watched.newPage();
        const restore = await routeApi(page, 'Session', handler);
        await page.goto('/app/home');
        await page.page.getByRole('heading', { name: NL.startupTitle }).waitFor({ timeout: BEYOND_CLIENT_TIMEOUT_MS + 5_000 });
        await page.expectStartupError(message);
        watched.expectLogged(new RegExp(`\\[start-up\\].*${logged.source}`, 's'));
        await page.expectNoLeaks();
        await restore();
        await page.clickRetry();
        await expectWorkingLoginPage(page);
      }),
    );
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
    ['401', (route) => route.fulfill({ status: 401, json: envelope(401, 'Current user did not login to the application!'), headers: cors() }), /backend-rejected: unauthorized \(401\)/, BACKEND_REJECTED],
    ['403', (route) => route.fulfill({ status: 403, json: envelope(403, 'Forbidden'), headers: cors() }), /backend-rejected: forbidden \(403\)/, BACKEND_REJECTED],
    ['500', (route) => route.fulfill({ status: 500, json: envelope(500, 'An internal error occurred'), headers: cors() }), /backend-rejected: server \(500\)/, BACKEND_REJECTED],
    ['a malformed envelope', (route) => route.fulfill({ status: 200, json: { unexpected: true }, headers: cors() }), /backend-rejected: malformed \(200\).*not an ABP envelope/, BACKEND_REJECTED],
    [
      'an HTML error page',
      (route) => route.fulfill({ status: 502, contentType: 'text/html', body: '<html><body><h1>502 Bad Gateway</h1><hr>nginx</body></html>', headers: cors() }),
      /backend-rejected: server \(502\).*not JSON/,
      BACKEND_REJECTED,
    ],
    ['connection refused', (route) => route.abort('connectionrefused'), /backend-unreachable: network \(0\)/, BACKEND_UNREACHABLE],
  ];
  for (const [name, handler, logged, message] of faults) {
    securityCase.concurrent(`ExternalAuthenticate: ${name}`, () =>
      suite.run(async (watched) => {
        const page = await watched.open('/account/login');
        await routeApi(page, 'ExternalAuthenticate', handler);
        await page.signIn();
        await expectFailedBackendSignIn(watched, page, message, logged);
      }),
    );
  }

  securityCase.concurrent('ExternalAuthenticate: no answer within the client timeout', () =>
    suite.run(async (watched) => {
      const page = await watched.open('/account/login');
      await routeApi(page, 'ExternalAuthenticate', async (route) => {
        await sleep(BEYOND_CLIENT_TIMEOUT_MS);
        await route.continue().catch(() => undefined);
      });
      await page.signIn();
      await expectFailedBackendSignIn(watched, page, BACKEND_TIMEOUT, /backend-timeout: timeout \(0\)/, BEYOND_CLIENT_TIMEOUT_MS);
    }),
  );

  securityCase.concurrent('ExternalAuthenticate: a user the backend cannot register (on the host, as ABP refuses)', () =>
    suite.run(async (watched) => {
      // A tenant id that names no tenant means the host, where ABP registers no external user.
      await watched.context.addCookies([{ name: 'Abp-TenantId', value: '99', url: suite.stack.urls.app }]);
      const page = await watched.open('/account/login');
      await page.signIn('vreemde');
      await expectFailedBackendSignIn(watched, page, BACKEND_REJECTED, /backend-rejected: server \(500\)/);
      await expectLoginFormOffered(page);
    }),
  );

  securityCase.concurrent('ExternalAuthenticate: an account that is not active yet', () =>
    suite.run(async (watched) => {
      const page = await watched.open('/account/login');
      await page.signIn('nieuw');
      await page.see('Je account is nog niet actief. Je ontvangt bericht zodra het is geactiveerd.');
      await page.expectNotBusy();
      await watched.expectNoBackendToken();
      await page.expectNoRefreshToken();
      await page.expectNoLeaks();
      await page.page.getByRole('link', { name: 'Naar de startpagina' }).click();
      await page.waitForPath('/account/login');
      await expectLoginFormOffered(page);
    }),
  );

  for (const [name, handler, , logged] of CLIENT_FAULTS) {
    securityCase.concurrent(`ChangeLanguage: ${name}`, () =>
      suite.run(async (watched) => {
        const page = await watched.newPage();
        await page.signInToHome();
        await page.markDocument();
        const restore = await routeApi(page, 'ChangeLanguage', handler);
        await chooseLanguage(page, 'en-US');
        await page.see(NL.languageFailed, BEYOND_CLIENT_TIMEOUT_MS + 5_000);
        await expectLanguageSwitchFailsThenWorks(watched, page, new RegExp(`\\[language\\].*${logged.source}`, 's'), restore);
      }),
    );
  }

  securityCase.concurrent('offline after the app was loaded: a language change says so, keeps the page, and works once online', () =>
    suite.run(async (watched) => {
      const page = await watched.newPage();
      await page.signInToHome();
      await page.markDocument();
      await watched.context.setOffline(true);
      await chooseLanguage(page, 'en-US');
      await expectLanguageSwitchFailsThenWorks(watched, page, /\[language\].*(network|Failed to fetch)/s, () => watched.context.setOffline(false));
    }),
  );
});
