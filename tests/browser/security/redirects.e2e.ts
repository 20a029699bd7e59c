import { describe, expect, it } from 'vitest';
import { AppModel } from '../models/app.model.ts';
import { NL } from '../models/texts.ts';
import type { WatchedContext } from '../models/watch.ts';
import { securityCase } from './support/cases.ts';
import { securitySuite } from './support/harness.ts';

const suite = securitySuite(import.meta.filename);

/**
 * Remembered pages an attacker can put in a link to the login page
 * (`returnUrl`), as the app receives them after the address is decoded once.
 */
const REFUSED: [string, string][] = [
  ['protocol-relative //evil.example', '//evil.example'],
  ['absolute https://evil.example/', 'https://evil.example/'],
  ['javascript:alert(1)', 'javascript:alert(1)'],
  ['the login page itself (loop)', '/account/login'],
  ['the callback (loop)', '/account/logincallback?code=x&state=y'],
  ['encoded //evil.example', '%2F%2Fevil.example'],
  ['encoded https://evil.example/', 'https%3A%2F%2Fevil.example%2F'],
  ['encoded javascript:alert(1)', 'javascript%3Aalert(1)'],
  ['encoded login page', '%2Faccount%2Flogin'],
  ['double-encoded //evil.example', '%252F%252Fevil.example'],
  ['a path that decodes to //evil.example', '/%2Fevil.example'],
  ['a backslash that browsers read as //', '/\\evil.example'],
  ['an encoded backslash', '/%5Cevil.example'],
  ['a tab inside //', '/\t/evil.example'],
  ['the login page in other case with a trailing slash', '/Account/Login/'],
];

async function signInWith(watched: WatchedContext, returnUrl: string) {
  const app = await AppModel.open(watched, `/account/login?${new URLSearchParams({ returnUrl })}`);
  await app.person.signIn();
  return app;
}

describe.concurrent('the remembered page never leads off the site or back to sign-in', () => {
  for (const [name, returnUrl] of REFUSED) {
    securityCase.concurrent(`returnUrl: ${name}`, () =>
      suite.run(async (watched) => {
        const app = await signInWith(watched, returnUrl);
        await app.waitForPath('/app/home');
        await app.waitForHeading(NL.shell.welcome);
        expect(new URL(app.page.url()).origin).toBe(suite.stack.urls.app);
        expect(
          watched.requests.map((request) => request.url()).filter((url) => url.includes('evil.example') && !url.includes('returnUrl')),
          'nothing fetched from the attacker',
        ).toEqual([]);
        await watched.expectBackendToken();
        await app.expectNoLeaks();
        expect(app.watched.pageErrors).toEqual([]);
      }),
    );
  }

  securityCase.concurrent('an address whose path starts with //evil.example', () =>
    suite.run(async (watched) => {
      const app = await AppModel.newPage(watched);
      await app.page.goto(`${suite.stack.urls.app}//evil.example/app/home`);
      await app.see(new RegExp(`${NL.errorPage.notFound}|${NL.login.heading}`));
      await app.expectNotBusy();
      expect(new URL(app.page.url()).origin).toBe(suite.stack.urls.app);
      await app.expectNoLeaks();
    }),
  );
});

// The control: a same-site page is remembered, so the refusals above are refusals.
it('a same-site page (/verkoop) is where the person lands', () =>
  suite.run(async (watched) => {
    const app = await signInWith(watched, '/verkoop?tab=2');
    await app.waitForPath('/verkoop?tab=2');
    await app.waitForHeading(NL.section.verkoop);
  }));
