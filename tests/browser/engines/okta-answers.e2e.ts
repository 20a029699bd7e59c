import { describe, expect, it } from 'vitest';
import type { ProviderSite } from '../../../devstack/stack.ts';
import { OTHER_CLIENT_CALLBACK, OTHER_CLIENT_ID, oktaEndpoint } from '../../../devstack/provider/oidc.ts';
import { StaffModel } from '../models/staff.model.ts';
import { NL } from '../models/texts.ts';
import { CALLBACK_OUTCOME_MS, OUTCOME_MS, PRESENT_MS } from '../models/watch.ts';
import type { Engine, Tab } from '../support/driver.ts';
import { engineEnv, type EngineTestEnv } from '../support/engineEnv.ts';
import { pageTime, runPageClockUntil } from '../support/pageClock.ts';
import { LONG_TEST_MS, LONGEST_TEST_MS, minutes, seconds } from '../../support/limits.ts';

/**
 * Answers Okta gives that staff meet, in Firefox (Total Cookie Protection:
 * the provider on a site of its own never sees its cookie from a frame):
 * - a refresh refused as `invalid_dpop_proof`, because the key the refresh
 *   token is bound to is gone (site data cleared): the banner says so and
 *   "Opnieuw inloggen" goes on with a new key, keeping the page;
 * - no `refresh_expires_in` in any token answer: the session's end comes
 *   from appconfig (`auth.refreshTokenLifetimeMinutes`, here the provider's
 *   chain of 5 min 40 s), and five minutes before it the banner says when.
 * - `consent_required` from the org server, which never granted the app the
 *   my-account scopes: Mijn account names them and who grants them (walked
 *   while the warning is awaited).
 * Backend tokens of 64 s, so a renewal follows each sign-in within seconds.
 */
const BACKEND_TOKEN_TTL_S = 64;
/** The person signed in in the app, by the name the header shows. */
const ADMIN = 'Beheerder Admin';
const CHAIN_S = 340;
/** The warning comes five minutes before the chain's end. */
const WARNING_AFTER_MS = (CHAIN_S - 300) * 1000;
/** The renewal that meets the lost key: the backend token's first renewal, a minute before it expires. */
const RENEWAL_MS = BACKEND_TOKEN_TTL_S * 1000;
// The page clock in every page (stopped only when a case moves it): the warning's 40 s pass on it.
const env = engineEnv('firefox', {
  backendTokenTtl: BACKEND_TOKEN_TTL_S,
  refreshTokenAbsoluteTtl: CHAIN_S,
  myAccountScopes: [],
  pageClock: true,
});

/** The tab's DPoP key store, emptied as "clear site data" does. */
const deleteKeys = () =>
  env.staff.tab.evaluate(
    () =>
      new Promise<void>((resolve, reject) => {
        const request = indexedDB.deleteDatabase('oidc');
        request.onsuccess = () => resolve();
        request.onerror = () => reject(request.error);
      }),
  );

describe('firefox, the provider on its own site', () => {
  it(
    'says the session key is gone when the provider refuses the refresh with another key, and "Opnieuw inloggen" goes on on the same page',
    async () => {
      await env.staff.signInToHome();
      await env.staff.markPage();
      const refusedBefore = env.stack.refreshGrants.filter((grant) => grant.error).length;
      await deleteKeys();
      await env.staff.tab.text(NL.session.keyLost).waitFor(RENEWAL_MS + OUTCOME_MS);
      expect(await env.staff.interrupted()).toBe(true);
      expect(await env.staff.tab.text(NL.callback.providerError).visible()).toBe(false);
      expect(env.stack.refreshGrants.filter((grant) => grant.error).length, 'the provider refused a refresh').toBeGreaterThan(
        refusedBefore,
      );
      // The popup is a first-party visit: the provider's session asks nothing and it closes by itself.
      await env.staff.tab.withPopup(
        () => env.staff.tab.role('button', NL.session.signInAgain).click(),
        async () => undefined,
      );
      await expect.poll(() => env.staff.interrupted(), { timeout: CALLBACK_OUTCOME_MS }).toBe(false);
      const granted = env.stack.refreshGrants.filter((grant) => grant.issued).length;
      await expect
        .poll(() => env.stack.refreshGrants.filter((grant) => grant.issued).length, { timeout: RENEWAL_MS + OUTCOME_MS })
        .toBeGreaterThan(granted);
      expect(await env.staff.tab.evaluate(() => (window as unknown as { kept?: boolean }).kept), 'the page was kept').toBe(true);
      await env.staff.tab.role('heading', NL.shell.welcome).waitFor();
    },
    3 * RENEWAL_MS + CALLBACK_OUTCOME_MS,
  );

  it(
    'warns five minutes before the configured end of the session, which no token answer names; meanwhile Mijn account names the scopes the org never granted',
    async () => {
      await env.staff.signInToHome();
      const stored = JSON.parse((await env.staff.tab.sessionStorage())['oidc.tokens'] ?? '{}') as { sessionEndsAt?: number };
      expect(stored.sessionEndsAt, 'the end from appconfig').toBeGreaterThan(Date.now() + minutes(5));
      expect(stored.sessionEndsAt).toBeLessThanOrEqual(Date.now() + CHAIN_S * 1000);
      const shown = await env.staff.tab.evaluate(
        (end) => new Date(end).toLocaleTimeString('nl', { hour: '2-digit', minute: '2-digit' }),
        stored.sessionEndsAt!,
      );
      // While the warning is due: the org server answers Mijn account's request consent_required.
      await env.staff.goToMyAccount(ADMIN);
      await env.staff.tab.text(NL.account.scopesRefused).waitFor(CALLBACK_OUTCOME_MS);
      await env.staff.tab.text('okta.myAccount.profile.manage').waitFor();
      await env.staff.tab.text(NL.account.superAdmin).waitFor();
      expect(await env.staff.tab.role('button', NL.account.saveName).visible()).toBe(false);
      // The 40 s to the warning on the page's clock, a second at a time (the backend token's renewals, every few seconds, run as they come).
      const warning = env.staff.tab.text(`Je sessie eindigt om ${shown}.`);
      await runPageClockUntil(env.staff.tab, WARNING_AFTER_MS + seconds(4), () => warning.visible());
      await warning.waitFor(PRESENT_MS);
      const now = await pageTime(env.staff.tab);
      expect(now, 'the warning not before five minutes before the end').toBeGreaterThanOrEqual(stored.sessionEndsAt! - minutes(5));
      await env.staff.tab.role('button', NL.session.signInAgain).waitFor();
    },
    LONG_TEST_MS,
  );
});

/** The colleague who signs in at the provider afterwards, in the same browser: what of theirs Mijn account could show. */
const COLLEAGUE = { userName: 'monteur', shown: ['monteur@isolatie.local', 'Piet', 'Monteur'] };

/**
 * The colleague signs in at the provider in a tab of their own, through
 * another app of the org (`prompt=login`: the provider's session was the
 * person's), and is sent back to that app. The provider's session in this
 * browser is now theirs.
 */
async function colleagueSignsInElsewhere(env: EngineTestEnv): Promise<void> {
  const tab = new StaffModel(await env.staff.tab.openTab(), env.stack);
  const authorize = new URL(oktaEndpoint(env.stack.urls.issuer, 'authorize'));
  authorize.search = new URLSearchParams({
    client_id: OTHER_CLIENT_ID,
    response_type: 'code',
    scope: 'openid profile email',
    redirect_uri: `${env.stack.urls.app}${OTHER_CLIENT_CALLBACK}`,
    // RFC 7636's example: the other app's code is never redeemed here.
    code_challenge: 'E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM',
    code_challenge_method: 'S256',
    state: 'andere-app',
    prompt: 'login',
  }).toString();
  await tab.tab.goto(authorize.href);
  await tab.fillProviderForm(COLLEAGUE.userName);
  await tab.submitProviderForm();
  await tab.tab.waitForUrl((url) => url.pathname === OTHER_CLIENT_CALLBACK && url.searchParams.has('code'));
  await tab.tab.close();
}

/** Mijn account says the provider's session is someone else's, shows nothing of the colleague's and offers nothing to change. */
async function showsNothingOfTheColleague(tab: Tab): Promise<void> {
  await tab.text(NL.account.otherPerson).waitFor(CALLBACK_OUTCOME_MS);
  await tab.role('button', NL.account.signInAsSelf).waitFor();
  const page = await tab.evaluate(() => ({
    text: document.body.innerText,
    values: [...document.querySelectorAll('input, textarea')].map((field) => (field as HTMLInputElement).value),
    fields: document.querySelectorAll('main input, main textarea, main select').length,
  }));
  for (const shown of COLLEAGUE.shown) {
    expect(page.text, `"${shown}" on the page`).not.toContain(shown);
    expect(page.values, `"${shown}" in a field`).not.toContain(shown);
  }
  expect(page.fields, 'no field to change anything').toBe(0);
  expect(await tab.role('button', NL.account.saveName).visible()).toBe(false);
}

/** The provider's form in a popup, as the person fills it (found as it comes: the popup starts on the app's origin). */
async function signInAtProvider(popup: Tab, userName: string): Promise<void> {
  await popup.label(NL.provider.userName).fill(userName);
  await popup.label(NL.provider.password).fill('123qwe');
  await popup.role('button', NL.provider.signIn).click();
}

/** Where the frame cannot see the provider's session (its own site), one click asks it in a popup, which closes by itself. */
async function askTheProvider(staff: StaffModel, site: ProviderSite): Promise<void> {
  if (site === 'own') await staff.pressConnect();
}

/**
 * A shared computer: someone signed in at the provider after the person
 * signed in to the app. Mijn account is the person's only, in the tab that
 * was open and in a tab opened afterwards (which asks the first who signed
 * in), with the provider next door (the hidden frame sees the colleague's
 * session) and on its own site (the popup does). The way forward, a sign-in
 * at the provider as oneself, gives the person's own forms. Then the org's
 * MyAccount choices as Okta answers them: a change asks `max_age=0` with
 * `acr_values` (the person signs in again at the provider, in a popup), and
 * change-password is not there (401 E0000015): the form says the current
 * password cannot be checked, drops that field and offers the reset.
 * Chromium with third-party cookies blocked, and Firefox.
 */
describe.each([
  ['chromium', 'own'],
  ['chromium', 'same'],
  ['firefox', 'own'],
  ['firefox', 'same'],
] as const satisfies readonly (readonly [Engine, ProviderSite])[])(
  '%s, the provider on %s site, another person signed in there',
  (engine, site) => {
    let skew = 0;
    const env = engineEnv(engine, {
      providerSite: site,
      myAccount: { stepUp: 'acr', changePassword: false },
      accountClock: () => Date.now() + skew,
    });

    it(
      'shows nothing of theirs in Mijn account, in the open tab and a new one; signed in there as oneself, a change asks a fresh sign-in and the password form says what it cannot check',
      async () => {
        const { staff } = env;
        await staff.signInToHome();
        await colleagueSignsInElsewhere(env);

        await staff.goToMyAccount(ADMIN);
        await askTheProvider(staff, site);
        await showsNothingOfTheColleague(staff.tab);

        const fresh = new StaffModel(await staff.tab.openTab(), env.stack);
        await fresh.open('/app/account');
        await fresh.tab.role('heading', NL.shell.myAccount).waitFor();
        await askTheProvider(fresh, site);
        await showsNothingOfTheColleague(fresh.tab);
        await fresh.tab.close();

        // The way forward: a sign-in at the provider as oneself, in a popup.
        await staff.tab.withPopup(
          () => staff.tab.role('button', NL.account.signInAsSelf).click(),
          (popup) => signInAtProvider(popup, 'admin'),
        );
        await staff.waitAfterPopup(staff.tab.role('button', NL.account.saveName), 'the person’s own forms');
        expect(await staff.tab.text(NL.account.otherPerson).visible()).toBe(false);

        // The org asks an authentication made for the change (max_age=0): the sign-in above is a minute old by its clock.
        skew = minutes(1);
        await staff.tab.label(NL.account.currentPassword).fill('123qwe');
        await staff.tab.label(NL.account.newPassword).fill('Zomer-Dak-2026');
        await staff.tab.label(NL.account.repeatPassword).fill('Zomer-Dak-2026');
        await staff.tab.role('button', NL.account.changePassword).click();
        await staff.tab.text(NL.account.freshSignIn).waitFor();
        // The provider asks for the password again, though its session is the person's.
        await staff.tab.withPopup(
          () => staff.tab.role('button', NL.account.confirmSelf).click(),
          (popup) => signInAtProvider(popup, 'admin'),
        );
        // The change went again with the fresh authentication, and the org answered that it has no change-password.
        await staff.waitAfterPopup(staff.tab.text(NL.account.passwordUnchecked), 'the password form’s answer');
        await staff.tab.text(NL.account.resetNote).waitFor();
        await staff.tab.role('button', NL.account.setPassword).waitFor();
        expect(await staff.tab.label(NL.account.currentPassword).visible(), 'no current-password field the reset would ignore').toBe(false);
      },
      LONGEST_TEST_MS,
    );
  },
);
