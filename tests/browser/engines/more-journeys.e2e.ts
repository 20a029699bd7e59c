import { describe, expect, it } from 'vitest';
import { StaffModel } from '../models/staff.model.ts';
import { EN, NL } from '../models/texts.ts';
import type { Tab } from '../support/driver.ts';
import { engineEnv } from '../support/engineEnv.ts';
import { oktaEndpoint } from '../../../devstack/provider/oidc.ts';
import { LONG_TEST_MS, LOOK_EVERY_MS, OUTCOME_MS, seconds, SLOW_OUTCOME_MS } from '../../support/limits.ts';

/**
 * More of a staff member's day in Firefox ESR and WebKitGTK (the journeys of
 * journeys.e2e.ts, the provider on its own site): two tabs that share one
 * session through a renewal, a start while the server is gone, Beheer, and
 * the language. The backend token lives 68 s: the app renews 60 s before
 * its end, so every 8 s, while each journey runs (with CI's two cores busy
 * with Chromium's files too, seeing a renewal can take a few seconds: the
 * renewals' grants are told apart by their tokens at the provider, not by
 * when a tab reports them).
 */
const BACKEND_TOKEN_TTL_S = 68;
const RENEWAL_MS = seconds(8);
const ADMIN = 'Beheerder Admin';

describe.each(['firefox', 'webkit'] as const)('%s, more journeys', (engine) => {
  const env = engineEnv(engine, { backendTokenTtl: BACKEND_TOKEN_TTL_S });

  it(
    'opens a second tab signed in without a second sign-in, and one renewal at a time reaches both, neither page reloaded',
    async () => {
      await env.staff.signInToHome();
      const other = new StaffModel(await env.staff.tab.openTab(), env.stack);
      // Typed into the new tab: no copy of the first tab's sessionStorage, so the tokens come from the first tab.
      await other.open('/app/home');
      await other.waitForHome();
      expect(
        other.tab.requests.filter((request) => request.url.startsWith(oktaEndpoint(env.stack.urls.signInIssuer, 'authorize'))),
        'no sign-in at the provider',
      ).toEqual([]);
      // The provider's own list of refresh grants, from here on: a grant is there when the provider handled it, however
      // late the browser reports its requests.
      const since = env.stack.refreshGrants.length;
      const first = await env.staff.refreshToken();
      expect(first, 'the first tab holds a refresh token').toBeTruthy();
      const backendToken = await env.staff.backendToken();
      await Promise.all([env.staff.markPage(), other.markPage()]);
      /** The next renewal, whichever tab makes it: the refresh token in the first tab's storage rotates. */
      const renewal = async (from: string | undefined, name: string) => {
        await expect
          .poll(() => env.staff.refreshToken(), { timeout: RENEWAL_MS + OUTCOME_MS, interval: LOOK_EVERY_MS, message: name })
          .not.toBe(from);
        return env.staff.refreshToken();
      };

      const between = await renewal(first, 'the first renewal');
      const rotated = await renewal(between, 'the second renewal');
      expect(rotated).toBeTruthy();
      // Every grant from the first tab's token to the rotated one, told apart by the tokens, not by when the tabs saw
      // them: a second tab's grant for the same renewal would present a token twice, or put a link into the chain
      // moments after the one before, where renewals are a renewal period apart. The renewal after these presents the
      // rotated token and is not taken in, whenever it comes.
      // A renewal may have landed between `since` and reading `first` (a slow machine): the chain starts at `first`.
      const chain = env.stack.refreshGrants.slice(since);
      const start = chain.findIndex((grant) => grant.presented === first);
      const last = chain.findIndex((grant) => grant.issued === rotated);
      expect(start, "the provider handled the grant that presented the first tab's token").toBeGreaterThanOrEqual(0);
      expect(last, 'the provider handled the grant that gave the rotated refresh token').toBeGreaterThanOrEqual(0);
      // A look that comes late (both cores busy) may read a token a renewal further on: the grants between must still
      // be one chain, each presenting the token the one before issued, and no token presented twice.
      const links = chain.slice(start, last + 1);
      expect(links.length, 'a grant for each renewal seen').toBeGreaterThanOrEqual(2);
      links.forEach((grant, index) =>
        expect(grant, `renewal ${index + 1} follows the one before`).toEqual({
          presented: index === 0 ? first : links[index - 1]!.issued,
          issued: expect.any(String),
          at: expect.any(Number),
        }),
      );
      const gaps = links.slice(1).map((grant, index) => grant.at - links[index]!.at);
      expect(
        gaps.filter((gap) => gap < RENEWAL_MS / 2),
        'one renewal a period, not one per tab',
      ).toEqual([]);
      expect(
        links.map((grant) => grant.issued),
        'the token between is one of the chain',
      ).toContain(between);
      const presented = chain.map((grant) => grant.presented);
      expect(
        presented.filter((token, index) => presented.indexOf(token) !== index),
        'one grant per renewal, not one per tab',
      ).toEqual([]);
      expect(await other.refreshToken(), 'the second tab holds the rotated refresh token').toBe(rotated);
      expect(await env.staff.backendToken(), 'the backend token was renewed').not.toBe(backendToken);
      for (const tab of [env.staff, other]) {
        expect(await tab.interrupted(), '"Opnieuw inloggen" shows').toBe(false);
        expect(await tab.pageKept(), 'the page was not reloaded').toBe(true);
        expect(new URL(tab.tab.url()).pathname).toBe('/app/home');
      }
      // The second tab works on with the renewed session.
      await other.openUsers();
      await other.tab.text('monteur@isolatie.local').waitFor();
      expect(await other.tab.evaluate(() => JSON.stringify(localStorage))).toBe('{}');
      await other.tab.close();
    },
    LONG_TEST_MS,
  );

  it(
    'waits for the server when the API refuses connections at the start and carries on when it is back, then finds a person in Beheer, gives him a role and shows a refusal at its field, then switches to English and back',
    async () => {
      await env.staff.signInToHome();
      env.stack.faults.set('GetAll', { reset: true });
      env.stack.faults.set('Session', { reset: true });
      await env.staff.tab.reload();
      await env.staff.tab.text(NL.startup.waiting).waitFor();
      await env.staff.tab.role('button', NL.startup.retry).waitFor();
      expect(await env.staff.tab.role('heading', NL.startup.failed).visible(), 'no error screen while waiting').toBe(false);
      await env.staff.markPage();
      // Trying now while the server is still gone: waiting again, still no error.
      await env.staff.tab.role('button', NL.startup.retry).click();
      await env.staff.tab.text(NL.startup.waiting).waitFor();
      expect(await env.staff.tab.role('heading', NL.startup.failed).visible()).toBe(false);

      env.stack.faults.clear();
      // By itself: the next try comes within start-up's longest wait (10 s).
      await env.staff.tab.role('heading', NL.shell.welcome).waitFor(SLOW_OUTCOME_MS);
      expect(new URL(env.staff.tab.url()).pathname).toBe('/app/home');
      expect(await env.staff.pageKept(), 'the same page went on').toBe(true);
      expect(await env.staff.tab.text(NL.startup.waiting).visible()).toBe(false);
      await env.staff.tab.text(ADMIN).waitFor();
      expect(await env.staff.backendToken(), 'still signed in').toBeTruthy();

      // Beheer: a person found, a role given, a refusal next to its field.
      await env.staff.openUsers();
      await env.staff.tab.label(NL.beheer.searchField).fill('medewerker');
      await env.staff.tab.role('button', NL.beheer.search).click();
      await env.staff.waitForPath('/beheer/gebruikers');
      await expect
        .poll(() => env.staff.tab.text('monteur@isolatie.local').visible(), { message: 'the others are filtered out' })
        .toBe(false);
      // The list is drawn first, the address follows a task later.
      await expect.poll(() => new URL(env.staff.tab.url()).searchParams.get('zoek')).toBe('medewerker');
      await env.staff.tab.role('link', 'Nieuwe Medewerker').click();
      await env.staff.tab.role('heading', 'Nieuwe Medewerker').waitFor();

      await env.staff.tab.role('checkbox', 'Monteur').click();
      await env.staff.tab.role('button', NL.beheer.save).click();
      await env.staff.tab.text(NL.beheer.saved).waitFor();
      await env.staff.tab.reload();
      await env.staff.tab.role('heading', 'Nieuwe Medewerker').waitFor();
      expect(await roleTicked(env.staff.tab, 'Monteur'), 'the role was kept').toBe(true);

      await env.staff.tab.label(NL.beheer.userName).fill('monteur');
      await env.staff.tab.role('button', NL.beheer.save).click();
      await expect.poll(() => env.staff.fieldMessage(NL.beheer.userName)).toBe("Gebruikersnaam 'monteur' is al in gebruik.");
      expect(await env.staff.fieldValue(NL.beheer.userName), 'what was typed stays').toBe('monteur');

      // The language, in the person's menu: the page's language and texts follow, the page kept.
      await env.staff.open('/app/home');
      await env.staff.waitForHome();
      await env.staff.markPage();
      await env.staff.openUserMenu(ADMIN);
      await env.staff.tab.label(NL.shell.language).choose('English');
      await env.staff.tab.role('heading', EN.shell.welcome).waitFor();
      expect(await env.staff.lang()).toBe('en');
      await env.staff.tab.role('link', EN.section.verkoop).waitFor();
      expect(await env.staff.tab.role('link', NL.section.verkoop).visible()).toBe(false);
      expect(
        (await env.staff.tab.cookies(env.stack.urls.app)).find((cookie) => cookie.name === 'Abp.Localization.CultureName')?.value,
      ).toBe('en');
      // The shell is drawn anew in the new language: its person's menu opens in English.
      await env.staff.tab.text(ADMIN).click();
      await env.staff.tab.role('button', EN.shell.signOut).waitFor();

      await env.staff.tab.label(EN.shell.language).choose('Nederlands');
      await env.staff.tab.role('heading', NL.shell.welcome).waitFor();
      expect(await env.staff.lang()).toBe('nl');
      await env.staff.tab.role('link', NL.section.verkoop).waitFor();
      expect(
        (await env.staff.tab.cookies(env.stack.urls.app)).find((cookie) => cookie.name === 'Abp.Localization.CultureName')?.value,
      ).toBe('nl');
      expect(await env.staff.pageKept(), 'no reload').toBe(true);
      await env.staff.signOut(ADMIN);
      await env.staff.waitForPath('/account/login');
      await env.staff.tab.text(NL.login.signedOut).waitFor();
    },
    LONG_TEST_MS,
  );
});

/** Whether the checkbox labelled `name` is ticked. */
function roleTicked(tab: Tab, name: string): Promise<boolean> {
  return tab.evaluate((wanted) => {
    const box = [...document.querySelectorAll('label')].find((label) => (label.textContent ?? '').trim() === wanted)?.control;
    return box instanceof HTMLInputElement && box.checked;
  }, name);
}
