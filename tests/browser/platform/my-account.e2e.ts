import { decodeJwt } from 'jose';
import type { Page } from 'playwright-core';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { LOGIN_ERROR } from '../../../devstack/provider/pages.ts';
import type { StackUrls } from '../../../devstack/stack.ts';
import { waitForMail, seenMail } from '../../devstack/helpers/mailbox.ts';
import { axeViolations } from '../support/axe.ts';
import { AppModel } from '../models/app.model.ts';
import { Gate } from '../models/gate.ts';
import { NL } from '../models/texts.ts';
import { WatchedContext } from '../models/watch.ts';
import { newPhoneContext } from '../support/chromium.ts';
import { browserEnv } from '../support/env.ts';
import { oktaEndpoint } from '../../../devstack/provider/oidc.ts';
import { LONG_TEST_MS, minutes, QUIET_MS, seconds, SOON_MS, TEST_MS } from '../../support/limits.ts';

/**
 * Mijn account against the local provider's my-account API (Okta's shape),
 * with the provider on a site of its own and third-party cookies blocked:
 * the person's details, name, e-mail and phone with the provider's code,
 * and the password, with Dutch answers to every refusal. The token for that
 * API is its own, from the provider's org authorization server, never the
 * backend's: with the provider's cookie a third party's in a frame, one
 * click opens a popup there, which closes by itself (the provider's session
 * asks no password). A change after Okta's 15 minutes waits for one fresh
 * sign-in in a popup. The provider's clock is the test's to move.
 */
let skew = 0;
const env = browserEnv({ accountClock: () => Date.now() + skew }, ['--test-third-party-cookie-phaseout']);

/** Mijn account's forms are there (its token was had). */
const formsShown = (page: Page) => page.getByRole('button', { name: 'Naam opslaan' });

const section = (page: Page, title: string) => page.locator('.account-form').filter({ has: page.getByRole('heading', { name: title }) });

/** The person's name on the button of the person's menu, in the header. */
const shellName = (page: Page) => page.locator('#user-menu-button').textContent();

async function codeFor(urls: StackUrls, to: string, seen: Set<string>): Promise<string> {
  return (await waitForMail(urls, to, /verificatiecode/, seen, SOON_MS)).code!;
}

describe('Mijn account', () => {
  it(
    'shows who the person is, and changes name, e-mail and phone with the provider’s code, with a token of its own',
    async () => {
      const app = await AppModel.newPage(env.watched);
      const { page } = app;
      // What the my-account API got, and from which token endpoint each token came.
      const myAccountTokens = new Set<string>();
      const issued = new Map<string, string>();
      page.on('request', (request) => {
        const bearer = request.headers().authorization;
        if (request.url().includes('/idp/myaccount/') && bearer) myAccountTokens.add(bearer.split(' ')[1]!);
      });
      page.on('response', async (response) => {
        const url = response.url();
        if (response.request().method() !== 'POST' || !url.endsWith('/v1/token') || !response.ok()) return;
        const body = (await response.json().catch(() => ({}))) as { access_token?: string };
        if (body.access_token) issued.set(body.access_token, url);
      });
      await app.person.signInToHome('admin');
      const signInScopes = env.watched.requests
        .map((request) => new URL(request.url()))
        .filter((url) => `${url.origin}${url.pathname}` === oktaEndpoint(env.stack.urls.signInIssuer, 'authorize'))
        .map((url) => url.searchParams.get('scope'));
      expect(signInScopes).toEqual(['openid profile email offline_access']);
      await app.person.openMyAccount();
      await expect.poll(() => page.getByTestId('account-email').textContent()).toBe('admin@isolatie.local');
      // The sign-in's token (the backend's) is the custom server's JWT for the API, with no my-account scope; Mijn account's
      // tokens are others, the org server's.
      const signInTokens = [...issued]
        .filter(([, url]) => url === oktaEndpoint(env.stack.urls.signInIssuer, 'token'))
        .map(([token]) => token);
      expect(signInTokens).toHaveLength(1);
      const backend = decodeJwt(signInTokens[0]!);
      expect([backend.iss, backend.aud, (backend.scp as string[]).some((scope) => scope.startsWith('okta.'))]).toEqual([
        env.stack.urls.signInIssuer,
        env.stack.urls.api,
        false,
      ]);
      expect(myAccountTokens.size).toBeGreaterThan(0);
      for (const token of myAccountTokens)
        expect(issued.get(token), 'Mijn account’s token came from the org server').toBe(oktaEndpoint(env.stack.urls.issuer, 'token'));
      await expect.poll(() => page.getByTestId('account-email').textContent()).toBe('admin@isolatie.local');
      expect(await axeViolations(page)).toEqual([]);

      // The name.
      const name = section(page, 'Naam');
      await name.getByLabel('Voornaam').fill('Bea');
      await name.getByRole('button', { name: 'Naam opslaan' }).click();
      await name.getByText('Je naam is opgeslagen.').waitFor();
      await page.getByRole('main').getByText('Bea Admin').waitFor();
      // The header shows the saved name at once: the app's name for the person is the provider's.
      await expect.poll(() => shellName(page)).toContain('Bea Admin');

      // The e-mail address: a wrong code is refused in Dutch, the right one from the mailbox changes it.
      const email = section(page, 'E-mailadres wijzigen');
      await email.getByLabel('Nieuw e-mailadres').fill('geen-adres');
      await email.getByRole('button', { name: 'Code sturen' }).click();
      await email.getByText('Vul een geldig e-mailadres in.').waitFor();
      const seen = await seenMail(env.stack.urls, 'bea@isolatie.local');
      await email.getByLabel('Nieuw e-mailadres').fill('bea@isolatie.local');
      await email.getByRole('button', { name: 'Code sturen' }).click();
      await email.getByText(/We hebben een code gestuurd naar bea@isolatie\.local/).waitFor();
      const first = await waitForMail(env.stack.urls, 'bea@isolatie.local', /verificatiecode/, seen, SOON_MS);
      const verifications: string[] = [];
      page.on('request', (request) => {
        if (request.method() === 'POST' && request.url().endsWith('/verify')) verifications.push(request.url());
      });
      await email.getByLabel('Code').fill(first.code === '000000' ? '111111' : '000000');
      await email.getByRole('button', { name: 'Bevestigen' }).click();
      await email.getByText('De code klopt niet. Kijk de code na en probeer het opnieuw.').waitFor();
      expect(await email.getByLabel('Code').getAttribute('aria-invalid')).toBe('true');
      // Okta's 401 for a wrong code is said, and the code is not sent again with a new token.
      await page.waitForTimeout(QUIET_MS);
      expect(verifications).toHaveLength(1);
      // A new code replaces the first, and it is the new one that confirms the address.
      seen.add(first.id);
      await email.getByRole('button', { name: 'Nieuwe code sturen' }).click();
      await email.getByText('Er is een nieuwe code gestuurd.').waitFor();
      await email.getByLabel('Code').fill(await codeFor(env.stack.urls, 'bea@isolatie.local', seen));
      await email.getByRole('button', { name: 'Bevestigen' }).click();
      await email.getByText('Je e-mailadres is gewijzigd.').waitFor();
      await expect.poll(() => page.getByTestId('account-email').textContent()).toBe('bea@isolatie.local');

      // A phone number, with the code sent by text message.
      const phone = section(page, 'Telefoonnummer toevoegen');
      const texts = await seenMail(env.stack.urls, '+31612345678');
      await phone.getByLabel(/Telefoonnummer/).fill('+31 6 12345678');
      await phone.getByRole('button', { name: 'Code sturen' }).click();
      await phone.getByText(/per sms gestuurd naar \+31612345678/).waitFor();
      await phone.getByLabel('Code').fill(await codeFor(env.stack.urls, '+31612345678', texts));
      await phone.getByRole('button', { name: 'Bevestigen' }).click();
      await phone.getByText('Je telefoonnummer is toegevoegd.').waitFor();
      await expect.poll(() => page.getByTestId('account-phone').textContent()).toBe('+31612345678');

      // A number added and never confirmed: adding it again leads to a new code for it (Okta answers 409 for it).
      await phone.getByLabel(/Telefoonnummer/).fill('+31687654321');
      await phone.getByRole('button', { name: 'Code sturen' }).click();
      await phone.getByRole('button', { name: 'Annuleren' }).click();
      await phone.getByLabel(/Telefoonnummer/).fill('+31687654321');
      await phone.getByRole('button', { name: 'Code sturen' }).click();
      await phone.getByText('Dit nummer staat al bij je account, maar is nog niet bevestigd.', { exact: false }).waitFor();
      const again = await seenMail(env.stack.urls, '+31687654321');
      skew += seconds(31); // Okta sends a new code to a number at most every 30 seconds.
      await phone.getByRole('button', { name: 'Nieuwe code sturen' }).click();
      await phone.getByText('Er is een nieuwe code gestuurd.').waitFor();
      await phone.getByLabel('Code').fill(await codeFor(env.stack.urls, '+31687654321', again));
      await phone.getByRole('button', { name: 'Bevestigen' }).click();
      await phone.getByText('Je telefoonnummer is toegevoegd.').waitFor();
      await expect.poll(() => page.getByTestId('account-phone').textContent()).toBe('+31612345678, +31687654321');
      skew = 0;

      expect(await axeViolations(page)).toEqual([]);
      expect(app.consoleMatching(/Content Security Policy|Refused to/i)).toEqual([]);
      await app.expectNoLeaks();

      // The saved name stays after a reload, and after signing out and in again (ABP still has "Beheerder").
      await page.reload();
      await app.waitForHeading(NL.shell.myAccount, { level: 1 });
      await app.person.connectMyAccount();
      await expect.poll(() => section(page, 'Naam').getByLabel('Voornaam').inputValue()).toBe('Bea');
      expect(await shellName(page)).toContain('Bea Admin');
      await app.goto('/app/home');
      await app.waitForHeading(NL.shell.welcomeOf('Bea'), { level: 1 });
      await app.person.signOut();
      await app.person.waitForLoginPage();
      await app.person.signInToHome('admin', '123qwe', NL.shell.welcomeOf('Bea'));
      expect(await shellName(page)).toContain('Bea Admin');
    },
    LONG_TEST_MS,
  );

  it(
    'changes the password, says why a wrong or weak one is refused, and the next sign-in needs the new one',
    async () => {
      const app = await AppModel.newPage(env.watched);
      await app.person.signInToHome('monteur', '123qwe', NL.shell.welcomeOf('Piet'));
      await app.person.openMyAccount();
      const password = section(app.page, 'Wachtwoord wijzigen');
      const fill = async (current: string, next: string, repeat = next) => {
        await password.getByLabel('Huidig wachtwoord', { exact: true }).fill(current);
        await password.getByLabel('Nieuw wachtwoord', { exact: true }).fill(next);
        await password.getByLabel('Nieuw wachtwoord herhalen', { exact: true }).fill(repeat);
        await password.getByRole('button', { name: 'Wachtwoord wijzigen' }).click();
      };
      await fill('123qwe', 'Zomer-Dak-2026', 'Zomer-Dak-2025');
      await password.getByText('De twee nieuwe wachtwoorden zijn niet gelijk.').waitFor();
      await fill('verkeerd', 'Zomer-Dak-2026');
      await password.getByText('Je huidige wachtwoord klopt niet.').first().waitFor();
      await fill('123qwe', 'monteur-2026');
      await password.getByText(/Het nieuwe wachtwoord voldoet niet aan de regels van de inlogdienst/).waitFor();
      await fill('123qwe', 'Zomer-Dak-2026');
      await password.getByText(/Je wachtwoord is gewijzigd/).waitFor();
      expect(await password.getByLabel('Huidig wachtwoord', { exact: true }).inputValue(), 'no password stays on the page').toBe('');

      await app.person.signOut();
      await app.person.waitForLoginPage();
      await app.person.startSignIn();
      await app.person.fillProviderForm('monteur', '123qwe');
      await app.person.submitProviderForm();
      await app.page.getByText(LOGIN_ERROR).waitFor();
      await app.person.fillProviderForm('monteur', 'Zomer-Dak-2026');
      await app.person.submitProviderForm();
      await app.waitForPath('/app/home');
      await app.waitForHeading(NL.shell.welcomeOf('Piet'), { level: 1 });
    },
    LONG_TEST_MS,
  );
});

describe('Mijn account with Okta’s rules', () => {
  it(
    'asks the org server for one fresh sign-in in a popup, as its challenge names it, when the provider’s clock is 16 minutes on, then sends the waiting change',
    async () => {
      const app = await AppModel.newPage(env.watched);
      await app.person.signInToHome('admin', '123qwe', NL.shell.welcomeAnyone);
      await app.person.openMyAccount();
      const { page } = app;
      const name = section(page, 'Naam');
      await name.getByLabel('Achternaam').fill('Klok');
      skew = minutes(16);
      await name.getByRole('button', { name: 'Naam opslaan' }).click();
      await name.getByText(/vraagt de inlogdienst om een recente inlog/).waitFor();
      expect(await name.getByLabel('Achternaam').inputValue(), 'nothing typed is lost').toBe('Klok');

      const authorization = env.watched.context.waitForEvent('request', (request) =>
        request.url().startsWith(oktaEndpoint(env.stack.urls.issuer, 'authorize')),
      );
      const [popup] = await Promise.all([
        page.waitForEvent('popup'),
        name.getByRole('button', { name: 'Bevestigen dat jij het bent' }).click(),
      ]);
      const asked = new URL((await authorization).url()).searchParams;
      expect([
        asked.get('prompt'),
        asked.get('max_age'),
        asked.get('acr_values'),
        asked.get('scope')?.includes('offline_access'),
        asked.get('scope')?.includes('okta.myAccount.profile.manage'),
      ]).toEqual(['login', '900', null, false, true]);
      await popup.waitForURL(/\/interaction\//);
      await popup.getByLabel(NL.provider.userName).fill('admin');
      await popup.getByLabel(NL.provider.password).fill('123qwe');
      await popup.getByRole('button', { name: NL.provider.signIn }).click();
      await name.getByText('Je naam is opgeslagen.').waitFor();
      await page
        .getByRole('main')
        .getByText(/ Klok$/)
        .first()
        .waitFor();
      expect(popup.isClosed()).toBe(true);
      skew = 0;
    },
    LONG_TEST_MS,
  );

  it(
    'where popups are blocked, visits the org server as a full page that comes back to Mijn account with its token',
    async () => {
      const app = await AppModel.newPage(env.watched);
      await app.page.addInitScript(() => {
        window.open = () => null;
      });
      await app.person.signInToHome('admin', '123qwe', NL.shell.welcomeAnyone);
      await app.person.goToMyAccount();
      const { page } = app;
      await page.getByText(/Je browser laat de inlogdienst hier niet zien dat je bent ingelogd/).waitFor();
      const visit = env.watched.context.waitForEvent(
        'request',
        (request) => request.isNavigationRequest() && request.url().startsWith(oktaEndpoint(env.stack.urls.issuer, 'authorize')),
      );
      await page.getByRole('button', { name: 'Verbinden met de inlogdienst' }).click();
      expect(new URL((await visit).url()).searchParams.get('scope')).toContain('okta.myAccount.profile.manage');
      // The org server's session answers without a form; back on Mijn account, its forms work.
      await app.waitForAddress('/app/account');
      await formsShown(page).waitFor();
      expect(await page.getByText(/Je browser laat de inlogdienst hier niet zien/).count()).toBe(0);
      app.expectCleanAddress();
      await app.expectEmptyLocalStorage();
      expect(
        Object.keys(await app.sessionStorage()).filter((key) => key.includes('account-return')),
        'the answer was taken once',
      ).toEqual([]);
    },
    TEST_MS,
  );

  it(
    'loads again by itself when the connection to the provider is back',
    async () => {
      const app = await AppModel.newPage(env.watched);
      await app.person.signInToHome('admin', '123qwe', NL.shell.welcomeAnyone);
      const { page } = app;
      await page.route(/\/idp\/myaccount\//, (route) => route.abort('internetdisconnected'));
      await app.person.goToMyAccount();
      await app.person.pressConnect();
      await page.getByText(/De inlogdienst is niet bereikbaar/).waitFor();
      await page.unroute(/\/idp\/myaccount\//);
      await env.watched.context.setOffline(true);
      await env.watched.context.setOffline(false);
      await page.getByRole('button', { name: 'Naam opslaan' }).waitFor();
      expect(await page.getByText(/De inlogdienst is niet bereikbaar/).count()).toBe(0);
    },
    TEST_MS,
  );
});

describe('Mijn account on a phone, 360 px wide', () => {
  let phone: WatchedContext;

  beforeEach(async () => {
    phone = await WatchedContext.of(await newPhoneContext(env.browser), env.stack);
  });

  afterEach(async () => {
    await phone.close();
  });

  it(
    'says it is loading, jumps to each part, shows a typed password, and wraps a long address without scrolling sideways',
    async () => {
      const app = await AppModel.newPage(phone);
      // Vera is known at the provider only: the app registers her at this first sign-in.
      await app.person.signInToHome('vreemde', '123qwe', NL.shell.welcomeOf('Vera'));
      const { page } = app;

      // Before the provider has answered, the place of the forms says so, politely.
      const profile = await Gate.install(page, 'my-account profile', (url) => url.pathname.endsWith('/idp/myaccount/profile'));
      await page.getByRole('button', { name: 'Menu' }).click();
      await app.person.goToMyAccount();
      await app.person.pressConnect();
      await profile.next();
      const status = page.getByRole('status').filter({ hasText: 'Je gegevens worden geladen…' });
      await status.waitFor();
      expect(await page.getByRole('button', { name: 'Naam opslaan' }).count()).toBe(0);
      await profile.open();
      await page.getByRole('button', { name: 'Naam opslaan' }).waitFor();
      expect(await status.count()).toBe(0);

      // The index at the top reaches each part: its heading in view, focus on it.
      const index = page.getByRole('navigation', { name: 'Op deze pagina' });
      for (const [link, heading, id] of [
        ['Wachtwoord', 'Wachtwoord wijzigen', 'account-password'],
        ['Telefoonnummer', 'Telefoonnummer toevoegen', 'account-phone'],
        ['E-mailadres', 'E-mailadres wijzigen', 'account-email'],
        ['Naam', 'Naam', 'account-name'],
      ] as const) {
        await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
        await index.getByRole('link', { name: link, exact: true }).click();
        await expect.poll(() => page.evaluate(() => document.activeElement?.id)).toBe(id);
        const box = await page.getByRole('heading', { name: heading, exact: true, level: 2 }).boundingBox();
        expect(box && box.y >= 0 && box.y + box.height <= 740, `${heading} in view`).toBe(true);
      }

      // A typed password can be shown and hidden again; the field keeps what was typed, the button keeps focus.
      const current = page.getByLabel('Huidig wachtwoord', { exact: true });
      const show = page.getByRole('button', { name: 'Huidig wachtwoord tonen' });
      await current.fill('123qwe');
      expect([await current.getAttribute('type'), await show.getAttribute('aria-pressed')]).toEqual(['password', 'false']);
      await show.click();
      expect([await current.getAttribute('type'), await show.getAttribute('aria-pressed'), await current.inputValue()]).toEqual([
        'text',
        'true',
        '123qwe',
      ]);
      expect(await page.evaluate(() => document.activeElement?.getAttribute('aria-label'))).toBe('Huidig wachtwoord tonen');
      await show.click();
      expect([await current.getAttribute('type'), await show.getAttribute('aria-pressed')]).toEqual(['password', 'false']);
      expect(await current.getAttribute('autocomplete')).toBe('current-password');

      // A long address, confirmed with the provider's code, wraps after its @ and dots and never widens the page.
      const long = 'vera.van.der.vreemde-heijdenstein@isolatie-en-verduurzaming.local';
      const email = section(page, 'E-mailadres wijzigen');
      const seen = await seenMail(env.stack.urls, long);
      await email.getByLabel('Nieuw e-mailadres').fill(long);
      await email.getByRole('button', { name: 'Code sturen' }).click();
      await email.getByLabel('Code').fill(await codeFor(env.stack.urls, long, seen));
      await email.getByRole('button', { name: 'Bevestigen' }).click();
      await email.getByText('Je e-mailadres is gewijzigd.').waitFor();
      const address = page.getByTestId('account-email');
      await expect.poll(() => address.textContent()).toBe(long);
      // Where each line ends: the address may break only after an @, a dot or a hyphen, never inside a word.
      const breaksAfter = await address.evaluate((element) => {
        const range = document.createRange();
        const characters: { character: string; top: number }[] = [];
        const walker = document.createTreeWalker(element, NodeFilter.SHOW_TEXT);
        for (let node = walker.nextNode(); node; node = walker.nextNode()) {
          for (let offset = 0; offset < node.textContent!.length; offset++) {
            range.setStart(node, offset);
            range.setEnd(node, offset + 1);
            characters.push({ character: node.textContent![offset]!, top: Math.round(range.getBoundingClientRect().top) });
          }
        }
        return characters
          .slice(1)
          .flatMap((current, index) => (current.top > characters[index]!.top ? [characters[index]!.character] : []));
      });
      expect(breaksAfter.length, 'the address wraps onto more than one line').toBeGreaterThan(0);
      expect(
        breaksAfter.filter((character) => !'@.-'.includes(character)),
        'no break inside a word',
      ).toEqual([]);
      expect(await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBe(0);
      expect(await axeViolations(page)).toEqual([]);
    },
    LONG_TEST_MS,
  );
});
