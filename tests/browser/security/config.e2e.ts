import type { Route } from 'playwright-core';
import { describe } from 'vitest';
import type { Fault } from '../../../devstack/faults/registry.ts';
import { AppModel } from '../models/app.model.ts';
import { NL } from '../models/texts.ts';
import { securityCase } from './support/cases.ts';
import { securitySuite } from './support/harness.ts';

const suite = securitySuite(import.meta.filename);

const CONFIG_PATH = '/assets/appconfig.production.json';

/** The error screen, the log, nothing stored; then the config is right again and "Opnieuw proberen" reaches the app. */
async function expectStartupStopsAndRecovers(app: AppModel, message: string, logged: RegExp, fix: () => Promise<void>) {
  await app.expectStartupError(message);
  app.watched.expectLogged(logged);
  await app.watched.expectNoBackendToken();
  await app.expectNoLeaks();
  await fix();
  await app.clickRetry();
  await app.waitForPath('/account/login');
  await app.person.waitForLoginPage();
  await app.expectNoLeaks();
}

describe('the config file itself fails (server fault switch)', () => {
  const cases: [string, Fault, string, RegExp][] = [
    ['404: the file is missing', { status: 404, times: 1 }, NL.startup.configMissing, /config-missing.*404/],
    ['500 from the web server', { status: 500, times: 1 }, NL.startup.configUnreachable, /config-unreachable.*500/],
    ['an HTML error page of a proxy', { body: 'html', times: 1 }, NL.startup.configUnreachable, /config-unreachable.*502/],
    ['an empty body', { body: 'empty', times: 1 }, NL.startup.configNotJson, /config-not-json/],
    ['JSON that is no config', { body: 'malformed', times: 1 }, NL.startup.configInvalid('appBaseUrl'), /config-invalid.*appBaseUrl/],
  ];
  for (const [name, fault, message, logged] of cases) {
    securityCase(`appconfig: ${name}`, () =>
      suite.run(async (watched) => {
        suite.stack.faults.set('appconfig', fault);
        const app = await AppModel.open(watched, '/');
        await expectStartupStopsAndRecovers(app, message, logged, async () => suite.stack.faults.clear());
      }),
    );
  }

  securityCase('appconfig: the connection dropped (every try): start-up waits, and goes on by itself once the file comes', () =>
    suite.run(async (watched) => {
      suite.stack.faults.set('appconfig', { reset: true });
      const app = await AppModel.open(watched, '/');
      await app.expectWaitingForServer();
      app.watched.expectLogged(/config-unreachable/);
      suite.stack.faults.clear();
      await app.waitForPath('/account/login');
      await app.person.waitForLoginPage();
      await app.expectNoLeaks();
    }),
  );
});

/** Serves a config of the test's making in place of the real one. */
async function serveConfig(app: AppModel, answer: (real: Record<string, unknown>) => Parameters<Route['fulfill']>[0]) {
  const real = suite.stack.appConfig as unknown as Record<string, unknown>;
  const handler = (route: Route) => route.fulfill(answer(structuredClone(real)));
  await app.page.route(app.url(CONFIG_PATH), handler);
  return () => app.page.unroute(app.url(CONFIG_PATH), handler);
}

describe.concurrent('the config file has bad content (intercepted)', () => {
  const fieldCases: [string, (config: Record<string, unknown>) => unknown, string][] = [
    ['appBaseUrl missing', (config) => delete config.appBaseUrl, 'appBaseUrl'],
    ['remoteServiceBaseUrl missing', (config) => delete config.remoteServiceBaseUrl, 'remoteServiceBaseUrl'],
    ['appBaseUrl empty', (config) => (config.appBaseUrl = ''), 'appBaseUrl'],
    ['appBaseUrl not an address', (config) => (config.appBaseUrl = 'niet-een-adres'), 'appBaseUrl'],
    [
      'remoteServiceBaseUrl a javascript: address',
      (config) => (config.remoteServiceBaseUrl = 'javascript:alert(1)'),
      'remoteServiceBaseUrl',
    ],
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
        const app = await AppModel.newPage(watched);
        const restore = await serveConfig(app, (config) => {
          change(config);
          return { json: config };
        });
        await app.goto('/');
        await expectStartupStopsAndRecovers(
          app,
          NL.startup.configInvalid(field),
          new RegExp(`config-invalid.*${field.replace(/[[\]]/g, '\\$&')}`),
          restore,
        );
      }),
    );
  }

  securityCase.concurrent('appconfig: a list instead of an object', () =>
    suite.run(async (watched) => {
      const app = await AppModel.newPage(watched);
      const restore = await serveConfig(app, (config) => ({ json: [config] }));
      await app.goto('/');
      await expectStartupStopsAndRecovers(app, NL.startup.configInvalid('(root)'), /config-invalid/, restore);
    }),
  );

  securityCase.concurrent('appconfig: text that is not JSON', () =>
    suite.run(async (watched) => {
      const app = await AppModel.newPage(watched);
      const restore = await serveConfig(app, () => ({ contentType: 'application/json', body: 'appBaseUrl = http://localhost' }));
      await app.goto('/');
      await expectStartupStopsAndRecovers(app, NL.startup.configNotJson, /config-not-json/, restore);
    }),
  );

  securityCase.concurrent('appconfig: the server cannot be reached: start-up waits, and goes on by itself once it answers', () =>
    suite.run(async (watched) => {
      const app = await AppModel.open(watched, '/account/login');
      await app.person.waitForLoginPage();
      // Loaded once; then the server is gone while the page reloads from cache-less config.
      const handler = (route: Route) => route.abort('connectionrefused');
      await app.page.route(app.url(CONFIG_PATH), handler);
      await app.page.reload();
      await app.expectWaitingForServer();
      app.watched.expectLogged(/config-unreachable/);
      await app.watched.expectNoBackendToken();
      await app.page.unroute(app.url(CONFIG_PATH), handler);
      await app.person.waitForLoginPage();
      await app.expectNoLeaks();
    }),
  );
});
