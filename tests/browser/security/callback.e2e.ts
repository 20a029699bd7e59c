import { describe, expect } from 'vitest';
import { NL, type AppPage } from './models/watched.model.ts';
import { securityCase } from './support/cases.ts';
import { securitySuite } from './support/harness.ts';

const suite = securitySuite(import.meta.filename);

const MESSAGES = {
  noTransaction: 'Deze inlogpoging is verlopen of al gebruikt. Log opnieuw in.',
  stateMismatch: 'Het antwoord van de inlogdienst hoort niet bij deze inlogpoging. Log opnieuw in.',
  accessDenied: 'Inloggen is geannuleerd of geweigerd.',
  issuerMismatch: 'Het antwoord kwam niet van de verwachte inlogdienst. Log opnieuw in.',
} as const;

const otherState = () => 'Q'.repeat(64);


function callbackPath(parameters: Record<string, string>): string {
  return `/account/logincallback?${new URLSearchParams(parameters)}`;
}

/** A failed callback ends the same way: reason, nothing stored, clean address, and a retry that leads on. */
async function expectRefusedCallback(page: AppPage, reason: string, logged: RegExp, retryTo: '/account/login' | '/app/home' = '/account/login') {
  await page.expectCallbackFailure(reason);
  page.watched.expectLogged(logged);
  if (retryTo === '/account/login') await page.watched.expectNoBackendToken();
  await page.expectNoRefreshToken();
  await page.expectNoLeaks();
  await page.followCallbackRetry(retryTo);
  await page.expectNoLeaks();
}

describe.concurrent('the login callback refuses what does not belong to the sign-in attempt', () => {
  securityCase.concurrent('a state that is not the one the app sent', () =>
    suite.run(async (watched) => {
      const page = await watched.open('/account/login');
      await page.startSignIn();
      await page.goto(callbackPath({ code: 'forged-code', state: otherState(), iss: suite.stack.urls.issuer }));
      await expectRefusedCallback(page, MESSAGES.noTransaction, /\[sign-in\].*no-transaction/s);
    }),
  );

  securityCase.concurrent('a callback without state', () =>
    suite.run(async (watched) => {
      const page = await watched.open('/account/login');
      await page.startSignIn();
      await page.goto(callbackPath({ code: 'forged-code', iss: suite.stack.urls.issuer }));
      await expectRefusedCallback(page, MESSAGES.stateMismatch, /\[sign-in\].*state-mismatch/s);
    }),
  );

  securityCase.concurrent('an error callback without state', () =>
    suite.run(async (watched) => {
      const page = await watched.open('/account/login');
      await page.goto(callbackPath({ error: 'access_denied' }));
      await expectRefusedCallback(page, MESSAGES.stateMismatch, /\[sign-in\].*state-mismatch/s);
    }),
  );

  securityCase.concurrent('a code with no stored sign-in attempt (fresh browser)', () =>
    suite.run(async (watched) => {
      const page = await watched.newPage();
      await page.goto(callbackPath({ code: 'some-code', state: otherState(), iss: suite.stack.urls.issuer }));
      await expectRefusedCallback(page, MESSAGES.noTransaction, /\[sign-in\].*no-transaction/s);
    }),
  );

  securityCase.concurrent('"Annuleren" on the provider\'s login page (access_denied)', () =>
    suite.run(async (watched) => {
      const page = await watched.open('/account/login');
      await page.startSignIn();
      await page.page.getByRole('link', { name: 'Annuleren' }).click();
      await page.waitForPath('/account/logincallback');
      await expectRefusedCallback(page, MESSAGES.accessDenied, /\[sign-in\].*access-denied/s);
    }),
  );

  securityCase.concurrent('a crafted access_denied with the matching state', () =>
    suite.run(async (watched) => {
      const page = await watched.open('/account/login');
      await page.startSignIn();
      const state = page.pendingState();
      await page.goto(callbackPath({ error: 'access_denied', error_description: 'nee', state, iss: suite.stack.urls.issuer }));
      await expectRefusedCallback(page, MESSAGES.accessDenied, /\[sign-in\].*access-denied/s);
    }),
  );

  securityCase.concurrent('an iss that is not the provider (RFC 9207 mix-up)', () =>
    suite.run(async (watched) => {
      const page = await watched.open('/account/login');
      await page.startSignIn();
      const state = page.pendingState();
      await page.goto(callbackPath({ code: 'some-code', state, iss: 'https://evil.example' }));
      await expectRefusedCallback(page, MESSAGES.issuerMismatch, /\[sign-in\].*issuer-mismatch/s);
      expect(watched.requests.filter((request) => request.url().endsWith('/token')), 'no code exchange').toEqual([]);
    }),
  );

  securityCase.concurrent('a callback without iss from a provider that always sends it', () =>
    suite.run(async (watched) => {
      const page = await watched.open('/account/login');
      await page.startSignIn();
      const state = page.pendingState();
      await page.goto(callbackPath({ code: 'some-code', state }));
      await expectRefusedCallback(page, MESSAGES.issuerMismatch, /\[sign-in\].*issuer-mismatch/s);
      expect(watched.requests.filter((request) => request.url().endsWith('/token')), 'no code exchange').toEqual([]);
    }),
  );
});

describe.concurrent('codes are used once, by the attempt they were made for', () => {
  securityCase.concurrent('the same callback address opened again after a successful sign-in', () =>
    suite.run(async (watched) => {
      const page = await watched.newPage();
      await page.signInToHome();
      const callback = watched.navigations.find((url) => url.includes('/account/logincallback?code='));
      expect(callback, 'the callback address as the provider sent it').toBeTruthy();
      const tokenBefore = await watched.cookie('Abp.AuthToken');
      const exchanges = watched.requests.filter((request) => request.url().endsWith('/token')).length;
      await page.goto(callback!);
      await page.expectCallbackFailure(MESSAGES.noTransaction);
      watched.expectLogged(/\[sign-in\].*no-transaction/s);
      expect(watched.requests.filter((request) => request.url().endsWith('/token')).length, 'no second exchange').toBe(exchanges);
      expect(await watched.cookie('Abp.AuthToken'), 'the session is left as it was').toBe(tokenBefore);
      await page.expectNoLeaks();
      await page.followCallbackRetry('/app/home');
    }),
  );

  securityCase.concurrent('back and forward after sign-in never bring the code back', () =>
    suite.run(async (watched) => {
      const page = await watched.newPage();
      await page.signInToHome();
      const seen = watched.navigations.length;
      await page.page.goBack();
      await page.page.waitForLoadState();
      await page.page.goForward();
      await page.waitForPath('/app/home');
      await page.page.getByRole('heading', { name: NL.welcome }).waitFor({ timeout: 10_000 });
      const later = watched.navigations.slice(seen);
      expect(later.filter((url) => /[?&](code|state)=/.test(url)), 'no address with code or state').toEqual([]);
      await watched.expectBackendToken();
      await page.expectNoLeaks();
    }),
  );

  securityCase.concurrent('the callback address opened in a browser that did not start the sign-in (stolen link)', () =>
    suite.run(async (owner) => {
      const page = await owner.open('/account/login');
      await page.startSignIn();
      const stolen = await page.captureUnredeemedCallback();
      await suite.run(async (attacker) => {
        const other = await attacker.newPage();
        await other.goto(stolen);
        await expectRefusedCallback(other, MESSAGES.noTransaction, /\[sign-in\].*no-transaction/s);
        expect(attacker.requests.filter((request) => request.url().endsWith('/token')), 'no code exchange').toEqual([]);
      });
    }),
  );

  securityCase.concurrent("another person's code injected into this sign-in attempt (PKCE)", () =>
    suite.run(async (attacker) => {
      const mallory = await attacker.open('/account/login');
      await mallory.startSignIn();
      const code = new URL(await mallory.captureUnredeemedCallback('vreemde')).searchParams.get('code')!;
      await suite.run(async (victim) => {
        const page = await victim.open('/account/login');
        await page.startSignIn();
        const state = page.pendingState();
        await page.goto(callbackPath({ code, state, iss: suite.stack.urls.issuer }));
        await expectRefusedCallback(page, MESSAGES.noTransaction, /\[sign-in\].*invalid_grant/s);
      });
    }),
  );
});

describe('two tabs', () => {
  securityCase('two tabs of one browser complete their sign-ins at the same moment', () =>
    suite.run(async (watched) => {
      const [first, second] = [await watched.open('/account/login'), await watched.open('/account/login')];
      await Promise.all([first.startSignIn(), second.startSignIn()]);
      for (const page of [first, second]) {
        await page.page.getByLabel('Gebruikersnaam').fill('admin');
        await page.page.getByLabel('Wachtwoord').fill('123qwe');
      }
      await Promise.all([first, second].map((page) => page.page.getByRole('button', { name: NL.signIn }).click()));
      for (const page of [first, second]) {
        await page.page.waitForURL((url) => url.origin === suite.stack.urls.app, { timeout: 10_000 });
        const home = page.page.getByRole('heading', { name: NL.welcome });
        const retry = page.page.getByRole('heading', { name: NL.callbackRetry });
        await home.or(retry).waitFor({ timeout: 12_000 });
        await page.expectNotBusy();
        if (await retry.isVisible()) await page.followCallbackRetry('/app/home');
        await page.expectNoLeaks();
      }
      await watched.expectBackendToken();
      // Each tab keeps its own rotated refresh token from its own exchange.
      expect(await first.refreshToken()).toBeTruthy();
      expect(await second.refreshToken()).toBeTruthy();
    }),
  );

  securityCase('one callback address opened in two tabs at once: one signs in, the other is told the attempt was used', () =>
    suite.run(async (watched) => {
      const first = await watched.open('/account/login');
      await first.startSignIn();
      const address = await first.captureUnredeemedCallback();
      const second = await watched.newPage();
      await Promise.all([first.goto(address), second.goto(address)]);
      await first.page.getByRole('heading', { name: NL.welcome }).waitFor({ timeout: 10_000 });
      await second.expectCallbackFailure(MESSAGES.noTransaction);
      await second.followCallbackRetry('/app/home');
      for (const page of [first, second]) await page.expectNoLeaks();
    }),
  );
});
