import type { Route } from 'playwright-core';
import { describe } from 'vitest';
import type { Fault } from '../../../devstack/faults.ts';
import { NL, type AppPage } from './models/watched.model.ts';
import { securityCase } from './support/cases.ts';
import { securitySuite } from './support/harness.ts';

const suite = securitySuite(import.meta.filename);

const CONFIG_PATH = '/assets/appconfig.production.json';

const MESSAGES = {
  missing: 'Het configuratiebestand van de applicatie ontbreekt op de server. Neem contact op met de beheerder.',
  unreachable: 'Het configuratiebestand van de applicatie kon niet worden opgehaald. Controleer de verbinding en probeer het opnieuw.',
  notJson: 'Het configuratiebestand van de applicatie is onleesbaar (geen geldige JSON). Neem contact op met de beheerder.',
  invalid: (field: string) => `Het configuratiebestand van de applicatie is ongeldig: het veld "${field}" klopt niet. Neem contact op met de beheerder.`,
} as const;

/** The error screen, the log, nothing stored; then the config is right again and "Opnieuw proberen" reaches the app. */
async function expectStartupStopsAndRecovers(page: AppPage, message: string, logged: RegExp, fix: () => Promise<void>) {
  await page.expectStartupError(message);
  page.watched.expectLogged(logged);
  await page.watched.expectNoBackendToken();
  await page.expectNoLeaks();
  await fix();
  await page.clickRetry();
  await page.waitForPath('/account/login');
  await page.page.getByRole('button', { name: NL.signIn }).waitFor({ timeout: 10_000 });
  await page.expectNoLeaks();
}

describe('the config file itself fails (server fault switch)', () => {
  const cases: [string, Fault, string, RegExp][] = [
    ['404: the file is missing', { status: 404, times: 1 }, MESSAGES.missing, /config-missing.*404/],
    ['500 from the web server', { status: 500, times: 1 }, MESSAGES.unreachable, /config-unreachable.*500/],
    ['an HTML error page of a proxy', { body: 'html', times: 1 }, MESSAGES.unreachable, /config-unreachable.*502/],
    ['an empty body', { body: 'empty', times: 1 }, MESSAGES.notJson, /config-not-json/],
    ['JSON that is no config', { body: 'malformed', times: 1 }, MESSAGES.invalid('appBaseUrl'), /config-invalid.*appBaseUrl/],
    ['the connection dropped (every try)', { reset: true }, MESSAGES.unreachable, /config-unreachable/],
  ];
  for (const [name, fault, message, logged] of cases) {
    securityCase(`appconfig: ${name}`, () =>
      suite.run(async (watched) => {
        suite.stack.faults.set('appconfig', fault);
        const page = await watched.open('/');
        await expectStartupStopsAndRecovers(page, message, logged, async () => suite.stack.faults.clear());
      }),
    );
  }
});

/** Serves a config of the test's making in place of the real one. */
async function serveConfig(page: AppPage, answer: (real: Record<string, unknown>) => Parameters<Route['fulfill']>[0]) {
  const real = suite.stack.appConfig as unknown as Record<string, unknown>;
  const handler = (route: Route) => route.fulfill(answer(structuredClone(real)));
  await page.page.route(page.url(CONFIG_PATH), handler);
  return () => page.page.unroute(page.url(CONFIG_PATH), handler);
}

describe.concurrent('the config file has bad content (intercepted)', () => {
  const fieldCases: [string, (config: Record<string, unknown>) => unknown, string][] = [
    ['appBaseUrl missing', (config) => delete config.appBaseUrl, 'appBaseUrl'],
    ['remoteServiceBaseUrl missing', (config) => delete config.remoteServiceBaseUrl, 'remoteServiceBaseUrl'],
    ['appBaseUrl empty', (config) => (config.appBaseUrl = ''), 'appBaseUrl'],
    ['appBaseUrl not an address', (config) => (config.appBaseUrl = 'niet-een-adres'), 'appBaseUrl'],
    ['remoteServiceBaseUrl a javascript: address', (config) => (config.remoteServiceBaseUrl = 'javascript:alert(1)'), 'remoteServiceBaseUrl'],
    ['remoteServiceBaseUrl an ftp address', (config) => (config.remoteServiceBaseUrl = 'ftp://api.example/'), 'remoteServiceBaseUrl'],
    ['remoteServiceBaseUrl a number', (config) => (config.remoteServiceBaseUrl = 21021), 'remoteServiceBaseUrl'],
    ['localeMappings an object instead of a list', (config) => (config.localeMappings = { from: 'nl-NL', to: 'nl' }), 'localeMappings'],
    ['a localeMappings entry without "to"', (config) => (config.localeMappings = [{ from: 'nl-NL' }]), 'localeMappings[0]'],
    ['a localeMappings entry that is a string', (config) => (config.localeMappings = ['nl-NL=nl']), 'localeMappings[0]'],
    ['tenantHeaderName not a header name', (config) => (config.tenantHeaderName = 'Abp TenantId\r\nX-Evil: 1'), 'tenantHeaderName'],
    ['auth.issuer not an address', (config) => ((config.auth as Record<string, unknown>).issuer = 'inlogdienst'), 'auth.issuer'],
    ['auth.clockSkew negative', (config) => ((config.auth as Record<string, unknown>).clockSkew = -1), 'auth.clockSkew'],
  ];
  for (const [name, change, field] of fieldCases) {
    securityCase.concurrent(`appconfig: ${name}`, () =>
      suite.run(async (watched) => {
        const page = await watched.newPage();
        const restore = await serveConfig(page, (config) => {
          change(config);
          return { json: config };
        });
        await page.goto('/');
        await expectStartupStopsAndRecovers(page, MESSAGES.invalid(field), new RegExp(`config-invalid.*${field.replace(/[[\]]/g, '\\$&')}`), restore);
      }),
    );
  }

  securityCase.concurrent('appconfig: a list instead of an object', () =>
    suite.run(async (watched) => {
      const page = await watched.newPage();
      const restore = await serveConfig(page, (config) => ({ json: [config] }));
      await page.goto('/');
      await expectStartupStopsAndRecovers(page, MESSAGES.invalid('(root)'), /config-invalid/, restore);
    }),
  );

  securityCase.concurrent('appconfig: text that is not JSON', () =>
    suite.run(async (watched) => {
      const page = await watched.newPage();
      const restore = await serveConfig(page, () => ({ contentType: 'application/json', body: 'appBaseUrl = http://localhost' }));
      await page.goto('/');
      await expectStartupStopsAndRecovers(page, MESSAGES.notJson, /config-not-json/, restore);
    }),
  );

  securityCase.concurrent('appconfig: the server cannot be reached', () =>
    suite.run(async (watched) => {
      const page = await watched.open('/account/login');
      await page.page.getByRole('button', { name: NL.signIn }).waitFor({ timeout: 10_000 });
      // Loaded once; then the server is gone while the page reloads from cache-less config.
      const handler = (route: Route) => route.abort('connectionrefused');
      await page.page.route(page.url(CONFIG_PATH), handler);
      await page.page.reload();
      await expectStartupStopsAndRecovers(page, MESSAGES.unreachable, /config-unreachable/, () => page.page.unroute(page.url(CONFIG_PATH), handler));
    }),
  );
});
