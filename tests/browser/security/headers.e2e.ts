import { createHash } from 'node:crypto';
import type { Request } from 'playwright-core';
import { describe, expect } from 'vitest';
import { AppModel } from '../models/app.model.ts';
import { EN, NL } from '../models/texts.ts';
import { eventually, headersOf, type WatchedContext } from '../models/watch.ts';
import { securityCase } from './support/cases.ts';
import { securitySuite } from './support/harness.ts';
import { oktaEndpoint } from '../../../devstack/provider/oidc.ts';
import { minutes, OUTCOME_MS, seconds, SETTLE_MS } from '../../support/limits.ts';

const suite = securitySuite(import.meta.filename);

function apiRequests(watched: WatchedContext, path: string): Request[] {
  return watched.requests.filter(
    (request) =>
      request.method() !== 'OPTIONS' && request.url().startsWith(suite.stack.urls.api) && new URL(request.url()).pathname === path,
  );
}

const GET_ALL = '/AbpUserConfiguration/GetAll';
const SESSION = '/api/services/app/Session/GetCurrentLoginInformations';
const CONFIG = '/assets/appconfig.production.json';
const IS_TENANT_AVAILABLE = '/api/services/app/Account/IsTenantAvailable';

describe('Content-Security-Policy', () => {
  securityCase("the policy allows no evaluated script and no inline one but index.html's own, by its hash", () =>
    suite.run(async (watched) => {
      const app = await AppModel.newPage(watched);
      const response = await app.page.goto(app.url('/account/login'));
      const csp = response?.headers()['content-security-policy'] ?? '';
      const scriptSrc =
        csp
          .split(';')
          .map((part) => part.trim())
          .find((part) => part.startsWith('script-src')) ?? '';
      const html = (await response?.text()) ?? '';
      const inline = [...html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/gi)].filter(
        ([, attributes, body]) => !/\bsrc=/.test(attributes ?? '') || (body ?? '').trim() !== '',
      );
      // One inline script: the early config and GetAll requests (src/config/earlyRequests.ts), allowed by the hash of exactly its text.
      expect(inline.map(([, , body]) => body?.slice(0, 32))).toEqual(['/* src/config/earlyRequests.ts *']);
      const hash = `'sha256-${createHash('sha256').update(inline[0]![2]!, 'utf8').digest('base64')}'`;
      expect(scriptSrc).toBe(`script-src 'self' ${hash}`);
      expect(csp).not.toMatch(/unsafe-inline|unsafe-eval|unsafe-hashes/);
      expect(csp).toContain("frame-ancestors 'none'");
      expect(csp).toContain("object-src 'none'");
      expect(csp).toContain("base-uri 'self'");
      expect(response?.headers()['x-content-type-options']).toBe('nosniff');
    }),
  );

  securityCase('no violation is reported on any screen: login, provider round trip, callback, home, a section, English, not found', () =>
    suite.run(async (watched) => {
      const app = await AppModel.newPage(watched);
      await app.person.signInToHome();
      await app.goto('/verkoop');
      await app.waitForHeading(NL.section.verkoop);
      await app.chooseLanguage('en');
      // The English heading, not either: the Dutch one is there already, and leaving before the switch is done keeps Dutch.
      await app.waitForHeading(EN.section.verkoop, { timeout: OUTCOME_MS });
      await app.goto('/bestaat-niet');
      await app.page.getByRole('heading', { level: 1 }).waitFor({ timeout: OUTCOME_MS });
      await app.expectNotBusy();
      watched.expectNoCspViolation();
      expect(watched.pageErrors).toEqual([]);
      // The backend saved English for admin: back to Dutch, so the cases after this one start as it did.
      await app.goto('/app/home');
      await app.waitForHeading(EN.shell.welcome);
      await app.chooseLanguage('nl');
      await app.waitForHeading(NL.shell.welcome);
    }),
  );

  securityCase('no violation is reported on the failure screens: start-up error, callback failure', () =>
    suite.run(async (watched) => {
      const app = await AppModel.newPage(watched);
      suite.stack.faults.set('Session', { status: 500, times: 1 });
      await app.goto('/app/home');
      await app.expectStartupError(/server/);
      await app.goto(`/account/logincallback?${new URLSearchParams({ code: 'x', state: 'y'.repeat(64) })}`);
      await app.expectCallbackFailure(/inlogpoging/);
      watched.expectNoCspViolation();
    }),
  );

  securityCase(
    'injected script (script text, HTML with a handler, a data: script, a handler attribute) is refused by Trusted Types before it reaches the DOM, and each refusal is reported',
    () =>
      suite.run(
        async (watched) => {
          const app = await AppModel.open(watched, '/account/login');
          await app.person.waitForLoginPage();
          const refused = await app.page.evaluate(() => {
            const attempts: Record<string, () => void> = {
              'script text': () => {
                const script = document.createElement('script');
                script.textContent = 'window.__injected = "inline";';
                document.body.append(script);
              },
              'HTML with a handler': () => {
                const holder = document.createElement('div');
                holder.innerHTML = '<img src="/bestaat-niet.png" onerror="window.__injected = \'handler\'">';
                document.body.append(holder);
              },
              'a data: script': () => {
                const script = document.createElement('script');
                script.src = 'data:text/javascript,window.__injected = "data"';
                document.body.append(script);
              },
              'a handler attribute': () => {
                const image = document.createElement('img');
                image.setAttribute('onerror', "window.__injected = 'attribute'");
                image.src = '/bestaat-niet.png';
                document.body.append(image);
              },
            };
            return Object.entries(attempts).flatMap(([name, attempt]) => {
              try {
                attempt();
                return [];
              } catch (error) {
                return error instanceof TypeError ? [name] : [];
              }
            });
          });
          expect(refused).toEqual(['script text', 'HTML with a handler', 'a data: script', 'a handler attribute']);
          await eventually(
            () => watched.cspViolations.filter((violation) => /require-trusted-types-for/.test(violation.directive)).length >= 4,
            'four Trusted Types violation reports',
          );
          expect(await app.page.evaluate(() => (window as unknown as { __injected?: string }).__injected ?? 'none')).toBe('none');
        },
        { cspViolationsExpected: true },
      ),
  );

  securityCase('the service worker registers through the one Trusted Types policy, which lets no other script address through', () =>
    suite.run(
      async (watched) => {
        const app = await AppModel.newPage(watched);
        await app.person.signInToHome();
        const scriptURL = await app.page.evaluate(async () => (await navigator.serviceWorker.ready).active?.scriptURL ?? '');
        expect(new URL(scriptURL).pathname).toBe('/sw.js');
        watched.expectNoCspViolation();
        const passed = await app.page.evaluate(() =>
          ['/assets/other.js', '/sw.js?x=1', 'https://example.org/sw.js'].filter((address) => {
            try {
              document.createElement('script').src = address;
              return true;
            } catch {
              return false;
            }
          }),
        );
        expect(passed, 'script addresses the policy let through').toEqual([]);
      },
      { serviceWorkers: 'allow', cspViolationsExpected: true },
    ),
  );

  securityCase('another site cannot frame the app (clickjacking)', () =>
    suite.run(
      async (watched) => {
        const app = await AppModel.newPage(watched);
        await app.page.goto(`${suite.stack.urls.issuer}/.well-known/openid-configuration`);
        const framed = await app.page.evaluate(
          async ({ src, settle }) => {
            const frame = document.createElement('iframe');
            frame.src = src;
            document.body.append(frame);
            await new Promise((resolve) => setTimeout(resolve, settle));
            try {
              return frame.contentWindow?.location.href ?? 'none';
            } catch {
              return 'cross-origin';
            }
          },
          { src: app.url('/account/login'), settle: SETTLE_MS },
        );
        const appFrame = app.page.frames().find((frame) => frame.url().startsWith(suite.stack.urls.app));
        const rendered = appFrame
          ? await appFrame
              .locator('button')
              .count()
              .catch(() => 0)
          : 0;
        expect(rendered, `the app rendered inside a frame (${framed})`).toBe(0);
        await eventually(
          () => watched.cspViolations.some((violation) => /frame-ancestors/.test(violation.blockedURI)),
          'the browser reports the refused frame',
        );
      },
      { cspViolationsExpected: true },
    ),
  );
});

describe('Referrer-Policy and the callback', () => {
  securityCase('the callback is served with Referrer-Policy no-referrer and no request carries its code in a Referer', () =>
    suite.run(async (watched) => {
      const app = await AppModel.newPage(watched);
      const callbackPolicies: string[] = [];
      app.page.on('response', (response) => {
        if (new URL(response.url()).pathname === '/account/logincallback')
          callbackPolicies.push(response.headers()['referrer-policy'] ?? '');
      });
      await app.person.signInToHome();
      expect(callbackPolicies.length).toBeGreaterThan(0);
      expect(new Set(callbackPolicies)).toEqual(new Set(['no-referrer']));
      for (const request of watched.requests) {
        const referer = (await headersOf(request)).referer ?? '';
        expect(referer, `Referer of ${request.url()}`).not.toMatch(/code=|state=|token/);
        if (
          request.url().startsWith(suite.stack.urls.api) ||
          request.url().startsWith(oktaEndpoint(suite.stack.urls.signInIssuer, 'token'))
        ) {
          expect(referer, `no Referer to ${request.url()}`).toBe('');
        }
      }
    }),
  );
});

/** A cookie as the browser holds it. */
async function cookieOf(watched: WatchedContext, name: string) {
  const cookie = (await watched.cookies()).find((candidate) => candidate.name === name);
  expect(cookie, name).toBeDefined();
  return cookie!;
}

describe('cookies', () => {
  securityCase('the backend token cookies are for the whole site, SameSite=Lax, and die with the browser session', () =>
    suite.run(async (watched) => {
      const app = await AppModel.newPage(watched);
      await app.person.signInToHome();
      for (const name of ['Abp.AuthToken', 'enc_auth_token']) {
        const cookie = await cookieOf(watched, name);
        expect({ path: cookie.path, sameSite: cookie.sameSite, session: cookie.expires === -1 }, name).toEqual({
          path: '/',
          sameSite: 'Lax',
          session: true,
        });
        // Secure is added on https only (tests/unit/abp.cookies.test.ts); this stack runs on http.
        expect(cookie.secure, name).toBe(false);
      }
      await app.expectNoLeaks();
    }),
  );

  securityCase('the culture and tenant cookies are for the whole site and SameSite=Lax', () =>
    suite.run(async (watched) => {
      const app = await AppModel.open(watched, '/account/login');
      await switchEnvironment(app, 'Noord');
      await app.chooseLanguage('en');
      await eventually(async () => (await watched.cookie('Abp.Localization.CultureName')) === 'en', 'the culture cookie');
      for (const name of ['Abp.Localization.CultureName', 'Abp-TenantId']) {
        const cookie = await cookieOf(watched, name);
        expect({ path: cookie.path, sameSite: cookie.sameSite }, name).toEqual({ path: '/', sameSite: 'Lax' });
        // ABP asks for five years; Chromium caps every cookie at 400 days.
        const days = (seconds(cookie.expires) - Date.now()) / minutes(24 * 60);
        expect(days, `${name} is kept (five years, capped at 400 days)`).toBeGreaterThan(399);
      }
    }),
  );
});

async function switchEnvironment(app: AppModel, name: string) {
  await app.changeTenant(name);
  await eventually(async () => (await app.watched.cookie('Abp-TenantId')) !== undefined, 'the tenant cookie');
  await app.see(name);
}

describe('ABP headers are sent only as the contract says', () => {
  securityCase("anonymous: culture c=nl|uic=nl, the company's environment (appconfig's tenancyName) once it is chosen, no bearer", () =>
    suite.run(async (watched) => {
      const app = await AppModel.open(watched, '/app/home');
      await app.waitForPath('/account/login');
      await app.person.waitForLoginPage();
      for (const request of [...apiRequests(watched, GET_ALL), ...apiRequests(watched, SESSION)]) {
        const headers = await headersOf(request);
        expect(headers['.aspnetcore.culture']).toBe('c=nl|uic=nl');
        expect(headers['abp-tenantid'], 'tenant header').toBe('1');
        expect(headers['abp.tenantid'], 'legacy tenant header').toBeUndefined();
        expect(headers.authorization, 'bearer').toBeUndefined();
      }
      // The config is asked for before the environment is known: a new browser sends none.
      const config = watched.requests.find((request) => request.url().endsWith(CONFIG));
      expect((await headersOf(config!))['abp-tenantid']).toBeUndefined();
    }),
  );

  securityCase('a tenant cookie that is no tenant id ("null", "abc") sends no tenant header', () =>
    suite.run(async (watched) => {
      for (const value of ['null', 'abc']) {
        await watched.context.addCookies([{ name: 'Abp-TenantId', value, url: suite.stack.urls.app, sameSite: 'Lax' }]);
        const app = await AppModel.open(watched, '/account/login');
        await app.person.waitForLoginPage();
        const sent = watched.requests.filter(
          (request) => request.frame().page() === app.page && [GET_ALL, SESSION, CONFIG].includes(new URL(request.url()).pathname),
        );
        expect(sent.length, `requests with the cookie ${value}`).toBeGreaterThanOrEqual(3);
        for (const request of sent) {
          const headers = await headersOf(request);
          expect(headers['abp-tenantid'], `${value}: ${request.url()}`).toBeUndefined();
          expect(headers['abp.tenantid'], `${value}: ${request.url()}`).toBeUndefined();
        }
        await app.page.close();
      }
    }),
  );

  securityCase(
    'signed in, in a tenant: the tenant header, the bearer and the culture in the query go to the API only, never to the provider',
    () =>
      suite.run(async (watched) => {
        const app = await AppModel.open(watched, '/account/login');
        await switchEnvironment(app, 'Noord');
        await app.person.signIn();
        await app.waitForPath('/app/home');
        await app.waitForHeading(NL.shell.welcome);
        const token = await watched.cookie('Abp.AuthToken');
        const last = (path: string) => apiRequests(watched, path).at(-1)!;
        for (const path of [GET_ALL, SESSION]) {
          const headers = await headersOf(last(path));
          expect(headers['abp-tenantid'], path).toBe('2');
          expect(headers.authorization, path).toBe(`Bearer ${token}`);
          // With a bearer the language goes in the query, where ABP saves nothing (abp/headers.ts).
          expect(headers['.aspnetcore.culture'], path).toBeUndefined();
          expect(new URL(last(path).url()).searchParams.get('culture'), path).toBe('nl');
        }
        const external = await headersOf(apiRequests(watched, '/api/TokenAuth/ExternalAuthenticate').at(-1)!);
        expect(external['abp-tenantid']).toBe('2');
        expect(external.authorization, 'no bearer to the sign-in exchange').toBeUndefined();
        const config = watched.requests.filter((request) => request.url().endsWith(CONFIG)).at(-1)!;
        expect((await headersOf(config))['abp-tenantid']).toBe('2');
        for (const request of watched.requests.filter((r) => r.url().startsWith(suite.stack.urls.issuer))) {
          const headers = await headersOf(request);
          expect(headers['abp-tenantid'], request.url()).toBeUndefined();
          expect(headers['.aspnetcore.culture'], request.url()).toBeUndefined();
          expect(headers.authorization ?? '', request.url()).not.toContain(token!);
        }
      }),
  );
});

describe('index.html sends the config request and GetAll before the bundle has run, and start-up takes their answers', () => {
  /** Holds the start's code (the app chunk, which index.html links and the entry imports) until released, so whatever asks meanwhile is index.html's script. */
  async function holdStart(app: AppModel): Promise<() => void> {
    let release!: () => void;
    let holding = 0;
    const held = new Promise<void>((done) => (release = done));
    await app.page.route(/\/assets\/app-[^/]+\.js$/, async (route) => {
      holding += 1;
      await held;
      await route.continue();
    });
    return () => {
      // Nothing held would leave the test proving nothing: the start would have run beside index.html's requests.
      expect(holding, "the start's code was held").toBeGreaterThan(0);
      release();
    };
  }

  const sentBy = (watched: WatchedContext, app: AppModel, path: string) =>
    watched.requests.filter(
      (request) => request.method() !== 'OPTIONS' && request.frame().page() === app.page && new URL(request.url()).pathname === path,
    );

  securityCase('a start asks for each once: anonymous in a chosen environment, and signed in', () =>
    suite.run(async (watched) => {
      const first = await AppModel.open(watched, '/account/login');
      await first.person.signIn();
      await first.waitForPath('/app/home');
      await first.waitForHeading(NL.shell.welcome);
      const token = await watched.cookie('Abp.AuthToken');
      await first.page.close();

      // Signed in: a reload of Home sends GetAll with the bearer while the app's code is still on its way.
      const app = await AppModel.newPage(watched);
      const release = await holdStart(app);
      await app.goto('/app/home');
      const early = await eventually(() => sentBy(watched, app, GET_ALL)[0]!, 'GetAll sent by index.html');
      expect((await headersOf(early)).authorization).toBe(`Bearer ${token}`);
      expect(sentBy(watched, app, CONFIG)).toHaveLength(1);
      release();
      await app.waitForHeading(NL.shell.welcome);
      expect([sentBy(watched, app, CONFIG).length, sentBy(watched, app, GET_ALL).length]).toEqual([1, 1]);
      expect(app.errors).toEqual([]);
      await app.page.close();

      // Signed out in the environment the first start chose: GetAll goes early without a bearer, and once.
      await watched.context.clearCookies({ name: 'Abp.AuthToken' });
      const anonymous = await AppModel.newPage(watched);
      const go = await holdStart(anonymous);
      await anonymous.goto('/account/login');
      const sent = await eventually(() => sentBy(watched, anonymous, GET_ALL)[0]!, 'anonymous GetAll sent by index.html');
      expect((await headersOf(sent)).authorization).toBeUndefined();
      expect((await headersOf(sent))['abp-tenantid']).toBe('1');
      go();
      await anonymous.person.waitForLoginPage();
      expect([sentBy(watched, anonymous, CONFIG).length, sentBy(watched, anonymous, GET_ALL).length]).toEqual([1, 1]);
    }),
  );

  securityCase(
    'a new browser, the environment named by the config: its lookup and GetAll in it go before the bundle has run, and a start asks for each once',
    () =>
      suite.run(async (watched) => {
        const app = await AppModel.newPage(watched);
        const release = await holdStart(app);
        await app.goto('/account/login');
        const lookup = await eventually(() => sentBy(watched, app, IS_TENANT_AVAILABLE)[0]!, 'the lookup sent by index.html');
        expect(lookup.postDataJSON()).toEqual({ tenancyName: 'Default' });
        const getAll = await eventually(() => sentBy(watched, app, GET_ALL)[0]!, 'GetAll sent by index.html');
        expect((await headersOf(getAll))['abp-tenantid'], 'in the environment the lookup found').toBe('1');
        release();
        await app.person.waitForLoginPage();
        expect([CONFIG, IS_TENANT_AVAILABLE, GET_ALL].map((path) => sentBy(watched, app, path).length)).toEqual([1, 1, 1]);
        expect(await watched.cookie('Abp-TenantId'), 'the environment kept for the next start').toBe('1');
        expect(app.errors).toEqual([]);
      }),
  );

  securityCase('an early request start-up would not have sent is asked again: a language chosen after the HTML', () =>
    suite.run(async (watched) => {
      await watched.context.addCookies([{ name: 'Abp-TenantId', value: '1', url: suite.stack.urls.app, sameSite: 'Lax' }]);
      const app = await AppModel.newPage(watched);
      const release = await holdStart(app);
      await app.goto('/account/login');
      await eventually(() => sentBy(watched, app, GET_ALL)[0]!, 'GetAll sent by index.html');
      // The language changes before the app runs: its requests carry English, index.html's carried Dutch.
      await watched.context.addCookies([{ name: 'Abp.Localization.CultureName', value: 'en', url: suite.stack.urls.app, sameSite: 'Lax' }]);
      release();
      await app.page.getByRole('button', { name: EN.login.heading, exact: true }).waitFor();
      const cultures = await Promise.all(
        sentBy(watched, app, GET_ALL).map(async (request) => (await headersOf(request))['.aspnetcore.culture']),
      );
      expect(cultures).toEqual(['c=nl|uic=nl', 'c=en|uic=en']);
    }),
  );
});
