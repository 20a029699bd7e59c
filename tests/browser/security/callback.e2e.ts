import { describe, expect } from 'vitest';
import { AppModel } from '../models/app.model.ts';
import { NL } from '../models/texts.ts';
import { securityCase } from './support/cases.ts';
import { securitySuite } from './support/harness.ts';
import { CALLBACK_OUTCOME_MS } from '../../support/limits.ts';

const suite = securitySuite(import.meta.filename);

const otherState = () => 'Q'.repeat(64);

function callbackPath(parameters: Record<string, string>): string {
  return `/account/logincallback?${new URLSearchParams(parameters)}`;
}

/** A failed callback ends the same way: reason, nothing stored, clean address, and a retry that leads on. */
async function expectRefusedCallback(
  app: AppModel,
  reason: string,
  logged: RegExp,
  retryTo: '/account/login' | '/app/home' = '/account/login',
) {
  await app.expectCallbackFailure(reason);
  app.watched.expectLogged(logged);
  if (retryTo === '/account/login') await app.watched.expectNoBackendToken();
  await app.expectNoRefreshToken();
  await app.expectNoLeaks();
  await app.followCallbackRetry(retryTo);
  await app.expectNoLeaks();
}

/**
 * A sign-in cancelled at the provider (access_denied for this attempt): back on the login page at once, saying
 * so, with its button; nothing kept, nothing in the address; logged for developers. Not the 5 s retry message.
 */
async function expectCancelled(app: AppModel) {
  await app.person.waitForLoginPage();
  await app.page.getByText(NL.login.cancelled).waitFor();
  await app.signInButton.waitFor();
  expect(await app.headingNamed(NL.callback.slow).count()).toBe(0);
  app.watched.expectLogged(/\[sign-in\].*access-denied/s);
  await app.watched.expectNoBackendToken();
  await app.expectNoRefreshToken();
  await app.expectNoLeaks();
}

describe.concurrent('the login callback refuses what does not belong to the sign-in attempt', () => {
  securityCase.concurrent('a state that is not the one the app sent', () =>
    suite.run(async (watched) => {
      const app = await AppModel.open(watched, '/account/login');
      await app.person.startSignIn();
      await app.goto(callbackPath({ code: 'forged-code', state: otherState(), iss: suite.stack.urls.signInIssuer }));
      await expectRefusedCallback(app, NL.callback.noTransaction, /\[sign-in\].*no-transaction/s);
    }),
  );

  securityCase.concurrent('a callback without state', () =>
    suite.run(async (watched) => {
      const app = await AppModel.open(watched, '/account/login');
      await app.person.startSignIn();
      await app.goto(callbackPath({ code: 'forged-code', iss: suite.stack.urls.signInIssuer }));
      await expectRefusedCallback(app, NL.callback.stateMismatch, /\[sign-in\].*state-mismatch/s);
    }),
  );

  securityCase.concurrent('an error callback without state', () =>
    suite.run(async (watched) => {
      const app = await AppModel.open(watched, '/account/login');
      await app.goto(callbackPath({ error: 'access_denied' }));
      await expectRefusedCallback(app, NL.callback.stateMismatch, /\[sign-in\].*state-mismatch/s);
    }),
  );

  securityCase.concurrent('a code with no stored sign-in attempt (fresh browser)', () =>
    suite.run(async (watched) => {
      const app = await AppModel.newPage(watched);
      await app.goto(callbackPath({ code: 'some-code', state: otherState(), iss: suite.stack.urls.signInIssuer }));
      await expectRefusedCallback(app, NL.callback.noTransaction, /\[sign-in\].*no-transaction/s);
    }),
  );

  securityCase.concurrent('"Annuleren" on the provider\'s login page (access_denied)', () =>
    suite.run(async (watched) => {
      const app = await AppModel.open(watched, '/account/login');
      await app.person.startSignIn();
      await app.page.getByRole('link', { name: NL.provider.cancel }).click();
      await expectCancelled(app);
    }),
  );

  securityCase.concurrent('a crafted access_denied with the matching state', () =>
    suite.run(async (watched) => {
      const app = await AppModel.open(watched, '/account/login');
      await app.person.startSignIn();
      const state = app.pendingState();
      await app.goto(callbackPath({ error: 'access_denied', error_description: 'nee', state, iss: suite.stack.urls.signInIssuer }));
      await expectCancelled(app);
    }),
  );

  securityCase.concurrent('an iss that is not the provider (RFC 9207 mix-up)', () =>
    suite.run(async (watched) => {
      const app = await AppModel.open(watched, '/account/login');
      await app.person.startSignIn();
      const state = app.pendingState();
      await app.goto(callbackPath({ code: 'some-code', state, iss: 'https://evil.example' }));
      await expectRefusedCallback(app, NL.callback.issuerMismatch, /\[sign-in\].*issuer-mismatch/s);
      expect(
        watched.requests.filter((request) => request.url().endsWith('/v1/token')),
        'no code exchange',
      ).toEqual([]);
    }),
  );

  securityCase.concurrent('a callback without iss from a provider that always sends it', () =>
    suite.run(async (watched) => {
      const app = await AppModel.open(watched, '/account/login');
      await app.person.startSignIn();
      const state = app.pendingState();
      await app.goto(callbackPath({ code: 'some-code', state }));
      await expectRefusedCallback(app, NL.callback.issuerMismatch, /\[sign-in\].*issuer-mismatch/s);
      expect(
        watched.requests.filter((request) => request.url().endsWith('/v1/token')),
        'no code exchange',
      ).toEqual([]);
    }),
  );
});

describe.concurrent('codes are used once, by the attempt they were made for', () => {
  securityCase.concurrent('the same callback address opened again after a successful sign-in', () =>
    suite.run(async (watched) => {
      const app = await AppModel.newPage(watched);
      await app.person.signInToHome();
      const callback = watched.navigations.find((url) => url.includes('/account/logincallback?code='));
      expect(callback, 'the callback address as the provider sent it').toBeTruthy();
      const tokenBefore = await watched.cookie('Abp.AuthToken');
      const exchanges = watched.requests.filter((request) => request.url().endsWith('/v1/token')).length;
      await app.goto(callback!);
      await app.expectCallbackFailure(NL.callback.noTransaction);
      watched.expectLogged(/\[sign-in\].*no-transaction/s);
      expect(watched.requests.filter((request) => request.url().endsWith('/v1/token')).length, 'no second exchange').toBe(exchanges);
      expect(await watched.cookie('Abp.AuthToken'), 'the session is left as it was').toBe(tokenBefore);
      await app.expectNoLeaks();
      await app.followCallbackRetry('/app/home');
    }),
  );

  securityCase.concurrent('back and forward after sign-in never bring the code back', () =>
    suite.run(async (watched) => {
      const app = await AppModel.newPage(watched);
      await app.person.signInToHome();
      const seen = watched.navigations.length;
      await app.page.goBack();
      await app.page.waitForLoadState();
      await app.page.goForward();
      await app.waitForPath('/app/home');
      await app.waitForHeading(NL.shell.welcome);
      const later = watched.navigations.slice(seen);
      expect(
        later.filter((url) => /[?&](code|state)=/.test(url)),
        'no address with code or state',
      ).toEqual([]);
      await watched.expectBackendToken();
      await app.expectNoLeaks();
    }),
  );

  securityCase.concurrent('the callback address opened in a browser that did not start the sign-in (stolen link)', () =>
    suite.run(async (owner) => {
      const app = await AppModel.open(owner, '/account/login');
      await app.person.startSignIn();
      const stolen = await app.captureUnredeemedCallback();
      await suite.run(async (attacker) => {
        const other = await AppModel.newPage(attacker);
        await other.goto(stolen);
        await expectRefusedCallback(other, NL.callback.noTransaction, /\[sign-in\].*no-transaction/s);
        expect(
          attacker.requests.filter((request) => request.url().endsWith('/v1/token')),
          'no code exchange',
        ).toEqual([]);
      });
    }),
  );

  securityCase.concurrent("another person's code injected into this sign-in attempt (PKCE)", () =>
    suite.run(async (attacker) => {
      const mallory = await AppModel.open(attacker, '/account/login');
      await mallory.person.startSignIn();
      const code = new URL(await mallory.captureUnredeemedCallback('vreemde')).searchParams.get('code')!;
      await suite.run(async (victim) => {
        const app = await AppModel.open(victim, '/account/login');
        await app.person.startSignIn();
        const state = app.pendingState();
        await app.goto(callbackPath({ code, state, iss: suite.stack.urls.signInIssuer }));
        await expectRefusedCallback(app, NL.callback.noTransaction, /\[sign-in\].*invalid_grant/s);
      });
    }),
  );
});

describe('two tabs', () => {
  securityCase('two tabs of one browser complete their sign-ins at the same moment', () =>
    suite.run(async (watched) => {
      const [first, second] = [await AppModel.open(watched, '/account/login'), await AppModel.open(watched, '/account/login')];
      await Promise.all([first.person.startSignIn(), second.person.startSignIn()]);
      for (const app of [first, second]) await app.person.fillProviderForm('admin', '123qwe');
      await Promise.all([first, second].map((app) => app.person.submitProviderForm()));
      for (const app of [first, second]) {
        await app.page.waitForURL((url) => url.origin === suite.stack.urls.app, { timeout: CALLBACK_OUTCOME_MS });
        const home = app.headingNamed(NL.shell.welcome);
        const retry = app.headingNamed(NL.callback.slow);
        await home.or(retry).waitFor({ timeout: CALLBACK_OUTCOME_MS });
        await app.expectNotBusy();
        if (await retry.isVisible()) await app.followCallbackRetry('/app/home');
        await app.expectNoLeaks();
      }
      await watched.expectBackendToken();
      // Each tab keeps its own rotated refresh token from its own exchange.
      expect(await first.person.refreshToken()).toBeTruthy();
      expect(await second.person.refreshToken()).toBeTruthy();
    }),
  );

  securityCase('one callback address opened in two tabs at once: one signs in, the other is told the attempt was used', () =>
    suite.run(async (watched) => {
      const first = await AppModel.open(watched, '/account/login');
      await first.person.startSignIn();
      const address = await first.captureUnredeemedCallback();
      const second = await AppModel.newPage(watched);
      await Promise.all([first.goto(address), second.goto(address)]);
      await first.waitForHeading(NL.shell.welcome);
      await second.expectCallbackFailure(NL.callback.noTransaction);
      await second.followCallbackRetry('/app/home');
      for (const app of [first, second]) await app.expectNoLeaks();
    }),
  );
});
