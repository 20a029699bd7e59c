import { afterEach, describe, expect, it } from 'vitest';
import { NL } from '../models/texts.ts';
import { engineEnv } from '../support/engineEnv.ts';
import { runPageClock, runPageClockUntil } from '../support/pageClock.ts';
import { seenMail, waitForMail } from '../../devstack/helpers/mailbox.ts';
import { oktaEndpoint } from '../../../devstack/provider/oidc.ts';
import {
  LONG_TEST_MS,
  LOOK_EVERY_MS,
  minutes,
  OUTCOME_MS,
  pause,
  PRESENT_MS,
  seconds,
  SLOW_OUTCOME_MS,
  SOON_MS,
} from '../../support/limits.ts';

/**
 * The journeys of staff in the engines other than Chromium: Debian's Firefox
 * ESR over WebDriver BiDi, with its own cookie rules (Total Cookie
 * Protection), and Debian's WebKitGTK (Safari's engine, every iPhone's)
 * through WebKitWebDriver, which blocks third-party cookies itself. The
 * provider is on a site of its own, as at a company whose provider is
 * company.okta.com. Provider tokens live 20 s and the backend's 70 s, so
 * the session renews while the journeys run.
 */
const ACCESS_TOKEN_TTL_S = 20;
const ADMIN = 'Beheerder Admin';

describe.each(['firefox', 'webkit'] as const)('%s, the provider on its own site', (engine) => {
  /** How far the provider's clock is ahead of the test's: Okta's 15 minutes pass in a moment. */
  let skew = 0;
  const env = engineEnv(engine, { accessTokenTtl: ACCESS_TOKEN_TTL_S, backendTokenTtl: 70, accountClock: () => Date.now() + skew });
  afterEach(() => {
    skew = 0;
  });

  it('signs admin in at the provider’s page, back to Home, and a reload stays signed in', async () => {
    expect(new URL(env.stack.urls.issuer).hostname).not.toBe(new URL(env.stack.urls.app).hostname);
    await env.staff.open('/');
    await env.staff.waitForLoginPage();
    await env.staff.tab.role('button', NL.login.signIn).click();
    await env.staff.tab.waitForUrl((url) => url.origin === new URL(env.stack.urls.issuer).origin);
    await env.staff.fillProviderForm();
    await env.staff.tab.role('button', NL.provider.signIn).click();
    await env.staff.waitForHome();
    const address = new URL(env.staff.tab.url());
    expect(address.search + address.hash).toBe('');
    expect((await env.staff.tab.cookies(env.stack.urls.app)).map((cookie) => cookie.name)).toContain('Abp.AuthToken');
    // Renewal by refresh token: the app asked for offline_access and got one.
    expect(await env.staff.tab.sessionStorage()).toHaveProperty('oidc.tokens', expect.stringContaining('"refreshToken":"'));
    expect(await env.staff.tab.evaluate(() => JSON.stringify(localStorage))).toBe('{}');

    await env.staff.tab.reload();
    await env.staff.waitForHome();
    await env.staff.tab.text(ADMIN).waitFor();
  });

  it('opens Beheer’s Gebruikers with the people in it', async () => {
    await env.staff.signInToHome();
    await env.staff.openUsers();
    await env.staff.waitForPath('/beheer/gebruikers');
    await env.staff.tab.text('monteur@isolatie.local').waitFor();
  });

  it('signs out to the app’s own login page, never a page of the provider', async () => {
    await env.staff.signInToHome();
    await env.staff.signOut(ADMIN);
    await env.staff.waitForPath('/account/login');
    await env.staff.tab.text(NL.login.signedOut).waitFor();
    expect(new URL(env.staff.tab.url()).origin).toBe(new URL(env.stack.urls.app).origin);
    expect(await env.staff.tab.sessionStorage()).not.toHaveProperty('oidc.tokens');
    // Signed out at the provider too: a new sign-in shows its form.
    await env.staff.tab.role('button', NL.login.signIn).click();
    await env.staff.tab.label(NL.provider.userName).waitFor();
  });

  it('keeps a new name given in Mijn account after a reload, the provider’s cookie a third party’s here, its token the org server’s', async () => {
    await env.staff.signInToHome();
    await env.staff.openMyAccount(ADMIN);
    if (engine !== 'webkit') {
      // The sign-in asked its server for no my-account scope; Mijn account asked the org server for its own (WebKit's driver
      // sees no navigations).
      const urls = env.staff.tab.requests.map((request) => new URL(request.url));
      const signIns = urls.filter((url) => `${url.origin}${url.pathname}` === oktaEndpoint(env.stack.urls.signInIssuer, 'authorize'));
      expect(signIns.length).toBeGreaterThan(0);
      for (const url of signIns) expect(url.searchParams.get('scope')).toBe('openid profile email offline_access');
      const atOrg = urls.filter((url) => `${url.origin}${url.pathname}` === oktaEndpoint(env.stack.urls.issuer, 'authorize'));
      expect(atOrg.map((url) => url.searchParams.get('scope')?.includes('okta.myAccount.profile.manage'))).toContain(true);
    }
    await env.staff.tab.label('Voornaam').fill('Bea');
    await env.staff.tab.role('button', 'Naam opslaan').click();
    await env.staff.tab.text('Je naam is opgeslagen.').waitFor();
    await env.staff.tab.reload();
    await env.staff.connectMyAccount();
    await env.staff.tab.text('Bea Admin').waitFor();
  });

  it(
    'changes the e-mail address with the provider’s code after a wrong one, adds a phone number with its code, and changes the password',
    async () => {
      await env.staff.signInToHome('monteur', '123qwe', 'Welkom, Piet');
      await env.staff.openMyAccount('Piet Monteur');

      const seen = await seenMail(env.stack.urls, 'piet@isolatie.local');
      await env.staff.tab.label('Nieuw e-mailadres').fill('piet@isolatie.local');
      await env.staff.tab.role('button', 'Code sturen').click();
      await env.staff.tab.text('We hebben een code gestuurd naar piet@isolatie.local').waitFor();
      const mail = await waitForMail(env.stack.urls, 'piet@isolatie.local', /verificatiecode/, seen, SOON_MS);
      await env.staff.tab.label('Code').fill(mail.code === '000000' ? '111111' : '000000');
      await env.staff.tab.role('button', 'Bevestigen').click();
      await env.staff.tab.text('De code klopt niet. Kijk de code na en probeer het opnieuw.').waitFor();
      await env.staff.tab.label('Code').fill(mail.code!);
      await env.staff.tab.role('button', 'Bevestigen').click();
      await env.staff.tab.text('Je e-mailadres is gewijzigd.').waitFor();
      if (engine !== 'webkit') {
        // Okta's 401 for the wrong code was said, not answered with a new token and the same code (WebKit's driver names no methods).
        const verifications = env.staff.tab.requests.filter((request) => request.method === 'POST' && request.url.endsWith('/verify'));
        expect(verifications).toHaveLength(2);
      }

      // A phone number with the code sent to it (its form is sent with Enter: "Code sturen" stands in the e-mail's form too).
      const texts = await seenMail(env.stack.urls, '+31612345678');
      await env.staff.tab.label('Telefoonnummer (bijvoorbeeld +31612345678)').fill('+31 6 12345678');
      await env.staff.tab.label('Telefoonnummer (bijvoorbeeld +31612345678)').pressEnter();
      await env.staff.tab.text('per sms gestuurd naar +31612345678').waitFor();
      await env.staff.tab.label('Code').fill((await waitForMail(env.stack.urls, '+31612345678', /verificatiecode/, texts, SOON_MS)).code!);
      await env.staff.tab.role('button', 'Bevestigen').click();
      await env.staff.tab.text('Je telefoonnummer is toegevoegd.').waitFor();

      await env.staff.tab.label('Huidig wachtwoord').fill('123qwe');
      await env.staff.tab.label('Nieuw wachtwoord').fill('Zomer-Dak-2026');
      await env.staff.tab.label('Nieuw wachtwoord herhalen').fill('Zomer-Dak-2026');
      await env.staff.tab.role('button', 'Wachtwoord wijzigen').click();
      await env.staff.tab.text('Je wachtwoord is gewijzigd').waitFor();
      await env.staff.signOut('Piet Monteur');
      await env.staff.waitForPath('/account/login');
      await env.staff.signIn('monteur', 'Zomer-Dak-2026');
      await env.staff.waitForHome('Welkom, Piet');
    },
    LONG_TEST_MS,
  );

  it(
    'asks for one fresh sign-in in a popup when the provider’s clock is 16 minutes on, then sends the waiting change',
    async () => {
      // Vera (registered by ABP at her first sign-in, no role yet): Mijn account is everyone's, whatever the tests before did to admin.
      await env.staff.open('/account/login');
      await env.staff.signIn('vreemde');
      await env.staff.waitForHome('Welkom, Vera');
      await env.staff.openMyAccount('Vera Vreemde');
      await env.staff.tab.label('Achternaam').fill('Klok');
      skew = minutes(16);
      await env.staff.tab.role('button', 'Naam opslaan').click();
      await env.staff.tab.text('vraagt de inlogdienst om een recente inlog').waitFor();
      await env.staff.tab.withPopup(
        () => env.staff.tab.role('button', 'Bevestigen dat jij het bent').click(),
        async (popup) => {
          await popup.label(NL.provider.userName).fill('vreemde');
          await popup.label(NL.provider.password).fill('123qwe');
          await popup.role('button', NL.provider.signIn).click();
        },
      );
      await env.staff.waitAfterPopup(env.staff.tab.text('Je naam is opgeslagen.'), '"Je naam is opgeslagen."');
      await env.staff.tab.text('Vera Klok').waitFor();
    },
    LONG_TEST_MS,
  );
});

/**
 * The renewals of three provider-token lifetimes, on the page clock the test
 * stack puts in every page (a stack of its own: the clock keeps its place in
 * localStorage, which the journeys above find empty). The page's clock is
 * moved a second at a time; each renewal's refresh grant and
 * ExternalAuthenticate take their real time. The stack's tokens keep the real
 * clock, so this proves that these engines renew on the app's schedule and
 * that the provider and ABP take what they send; the backend refusing a token
 * past its end, and a chain of renewals through real lifetimes, are Chromium's
 * (`security/tokens.e2e.ts`, `platform/soak.e2e.ts`).
 */
describe.each(['firefox', 'webkit'] as const)('%s, three lifetimes on the page clock', (engine) => {
  const env = engineEnv(engine, { accessTokenTtl: ACCESS_TOKEN_TTL_S, backendTokenTtl: 70, pageClock: true });
  /** The provider's token endpoint as the tab called it (it takes POST only; WebKit's driver names no methods). */
  const tokenRequests = () =>
    env.staff.tab.requests.filter(
      (request) => request.method !== 'GET' && request.url === oktaEndpoint(env.stack.urls.signInIssuer, 'token'),
    );

  it(
    'stays signed in through three provider-token lifetimes, never interrupted',
    async () => {
      await env.staff.signInToHome();
      const firstBackendToken = await env.staff.backendToken();
      await env.staff.markPage();
      // A look's pause after each second: the ABP client's 15 s time-out runs on the page clock too, so a renewal's request under
      // way must not see the clock outrun it.
      for (let moved = 0; moved < seconds(3 * ACCESS_TOKEN_TTL_S + 5); moved += seconds(1)) {
        await runPageClock(env.staff.tab, seconds(1));
        await pause(LOOK_EVERY_MS);
        expect(await env.staff.interrupted(), `"Opnieuw inloggen" shows after ${moved / 1000 + 1} s`).toBe(false);
        expect(new URL(env.staff.tab.url()).pathname).toBe('/app/home');
      }
      expect(await env.staff.pageKept(), 'the page was not reloaded').toBe(true);
      await env.staff.tab.role('heading', NL.shell.welcome).waitFor();
      // The code exchange, then a renewal before each token ran out (WebKit's driver names no methods: every request to the endpoint counts).
      await expect.poll(() => tokenRequests().length, { timeout: OUTCOME_MS }).toBeGreaterThanOrEqual(4);
      await expect
        .poll(() => env.staff.backendToken(), {
          timeout: OUTCOME_MS,
        })
        .not.toBe(firstBackendToken);
      // Still working: a section opens with the renewed tokens.
      await env.staff.openUsers();
      await env.staff.tab.text('monteur@isolatie.local').waitFor();
    },
    LONG_TEST_MS,
  );
});

/**
 * A provider that gives no refresh token (an Okta app integration without
 * the Refresh Token grant): the hidden prompt=none frame never sees the
 * provider's cookie in these engines, so the person is asked to confirm the
 * session (never told it ended), and one click opens a popup, a first-party
 * visit, that closes by itself while the provider's session runs. The
 * backend token lives 24 s, so its renewal is due 12 s after the sign-in, on
 * the page clock the stack puts in every page (moved a second at a time
 * until the hidden frame asks; its answer comes in real time).
 */
describe.each(['firefox', 'webkit'] as const)('%s, no refresh token, the provider on its own site', (engine) => {
  const env = engineEnv(engine, { refreshTokens: 'never', backendTokenTtl: 24, pageClock: true });

  it(
    'asks to confirm the session when it is due, and one click in a popup that closes by itself goes on, the page kept',
    async () => {
      const { staff } = env;
      await staff.signInToHome();
      expect(await staff.tab.sessionStorage()).toHaveProperty('oidc.tokens', expect.not.stringContaining('"refreshToken":"'));
      await staff.markPage();
      const firstBackendToken = await staff.backendToken();
      const confirm = staff.tab.role('button', NL.session.confirm);
      // The clock runs, a look's pause after each second, until the hidden frame asks the provider, and then stands: the
      // frame's page and the app's own page in it load in real time. Moved on meanwhile, the clock outran them to the
      // backend token's end in a whole run (Firefox, the button not there after 24 s).
      const frameAsking = () => staff.tab.evaluate(() => document.querySelector('iframe[title="silent-renew"]') !== null);
      await runPageClockUntil(staff.tab, seconds(24), async () => (await frameAsking()) || (await confirm.visible()));
      // Its answer, or its 10 s, in real time.
      await confirm.waitFor(SLOW_OUTCOME_MS);
      await staff.tab.text(NL.session.unseen).waitFor(PRESENT_MS);
      expect(await staff.tab.text(NL.session.expired).visible()).toBe(false);
      // Nothing to type: the provider's session answers in its own window, which closes by itself.
      await staff.tab.withPopup(
        () => staff.tab.role('button', NL.session.confirm).click(),
        async () => undefined,
      );
      await expect
        .poll(() => staff.backendToken(), {
          timeout: OUTCOME_MS,
        })
        .not.toBe(firstBackendToken);
      expect(await staff.tab.role('button', NL.session.confirm).visible()).toBe(false);
      expect(await staff.pageKept(), 'the page was not reloaded').toBe(true);
      expect(new URL(staff.tab.url()).pathname).toBe('/app/home');
    },
    LONG_TEST_MS,
  );
});
