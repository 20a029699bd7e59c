import { describe, expect, it } from 'vitest';
import { LOGIN_ERROR } from '../../../devstack/provider/pages.ts';
import { seenMail, waitForMail } from '../../devstack/helpers/mailbox.ts';
import { AppModel } from '../models/app.model.ts';
import { EN, NL } from '../models/texts.ts';
import { browserEnv } from '../support/env.ts';
import { LONG_TEST_MS, SOON_MS } from '../../support/limits.ts';

/**
 * The provider's own pages, reached from the app's login page as staff
 * reach them: registration, a forgotten password and a locked account, each
 * finished through the link in the local mailbox, then a sign-in in the app;
 * and in English when the app is.
 */
const env = browserEnv();

const LOCKED = 'Dit account is geblokkeerd na te veel mislukte inlogpogingen.';

async function openMail(app: AppModel, to: string, subject: RegExp, seen: Set<string>): Promise<void> {
  const mail = await waitForMail(env.stack.urls, to, subject, seen, SOON_MS);
  await app.page.goto(mail.link!);
}

describe('the provider’s own pages', () => {
  it(
    'unlocks an account locked after five wrong passwords through the mailbox, then signs in',
    async () => {
      const app = await AppModel.open(env.watched, '/account/login');
      await app.person.startSignIn();
      for (let attempt = 1; attempt <= 5; attempt += 1) {
        await app.person.fillProviderForm('monteur', `fout-${attempt}`);
        await app.person.submitProviderForm();
        await app.page.getByRole('alert').waitFor();
      }
      await app.page.getByText(LOCKED).waitFor();
      // Locked means locked: the right password does not help now.
      await app.person.fillProviderForm('monteur', '123qwe');
      await app.person.submitProviderForm();
      await app.page.getByText(LOCKED).waitFor();

      const seen = await seenMail(env.stack.urls, 'monteur@isolatie.local');
      await app.page.getByRole('link', { name: 'Account ontgrendelen' }).click();
      await app.page.getByLabel('Gebruikersnaam of e-mailadres').fill('monteur');
      await app.page.getByRole('button', { name: 'Link versturen' }).click();
      await app.page.getByText(/Als er een geblokkeerd account bij deze gegevens hoort/).waitFor();
      await openMail(app, 'monteur@isolatie.local', /Account ontgrendelen/, seen);
      await app.page.getByRole('button', { name: 'Ontgrendelen' }).click();
      await app.page.getByText('Je account is ontgrendeld. Je kunt weer inloggen.').waitFor();

      await app.goto('/account/login');
      await app.person.signIn('monteur');
      await app.waitForPath('/app/home');
      await app.waitForHeading(NL.shell.welcomeOf('Piet'), { level: 1 });
    },
    LONG_TEST_MS,
  );

  it(
    'sets a new password through the recovery link from the login page, and the old one stops working',
    async () => {
      const app = await AppModel.open(env.watched, '/account/login');
      const seen = await seenMail(env.stack.urls, 'admin@isolatie.local');
      await app.page.getByRole('link', { name: 'Wachtwoord vergeten?' }).click();
      await app.page.getByLabel('Gebruikersnaam of e-mailadres').fill('admin');
      await app.page.getByRole('button', { name: 'Link versturen' }).click();
      await app.page.getByText(/Als er een account bij deze gegevens hoort/).waitFor();
      await openMail(app, 'admin@isolatie.local', /Nieuw wachtwoord instellen/, seen);
      // Asked twice, as Mijn account asks it: a slip in the repetition is named before anything is sent, and nothing typed is lost.
      const password = app.page.getByLabel('Nieuw wachtwoord', { exact: true });
      const repeat = app.page.getByLabel('Nieuw wachtwoord herhalen');
      await password.fill('Spouwmuur-2026');
      await repeat.fill('Spouwmuur-2062');
      await app.page.getByRole('button', { name: 'Wachtwoord opslaan' }).click();
      await app.page.getByText('De twee nieuwe wachtwoorden zijn niet gelijk.').waitFor();
      expect(await password.inputValue()).toBe('Spouwmuur-2026');
      expect(await repeat.getAttribute('aria-invalid')).toBe('true');
      await repeat.fill('Spouwmuur-2026');
      await app.page.getByRole('button', { name: 'Wachtwoord opslaan' }).click();
      await app.page.getByText('Je wachtwoord is gewijzigd.').first().waitFor();

      await app.goto('/account/login');
      await app.person.startSignIn();
      await app.person.fillProviderForm('admin', '123qwe');
      await app.person.submitProviderForm();
      await app.page.getByText(LOGIN_ERROR).waitFor();
      await app.person.fillProviderForm('admin', 'Spouwmuur-2026');
      await app.person.submitProviderForm();
      await app.waitForPath('/app/home');
      await app.waitForHeading(NL.shell.welcome, { level: 1 });
    },
    LONG_TEST_MS,
  );

  it(
    'registers a new person, who after the mailed confirmation signs in and, registered by ABP with no role, is told whom to ask',
    async () => {
      const app = await AppModel.open(env.watched, '/account/login');
      await app.page.getByRole('link', { name: 'Account aanvragen' }).click();
      await app.page.getByLabel('Voornaam').fill('Sanne');
      await app.page.getByLabel('Achternaam').fill('Dakdekker');
      await app.page.getByLabel('E-mailadres').fill('sanne@isolatie.local');
      await app.page.getByLabel('Gebruikersnaam').fill('sanne');
      await app.page.getByLabel('Wachtwoord').fill('Glaswol-2026');
      const seen = await seenMail(env.stack.urls, 'sanne@isolatie.local');
      await app.page.getByRole('button', { name: 'Account aanvragen' }).click();
      await app.page.getByText(/Volg de link in die e-mail/).waitFor();
      await openMail(app, 'sanne@isolatie.local', /./, seen);
      await app.page.getByRole('button', { name: 'Aanvraag bevestigen' }).click();
      await app.page.getByText('Je account is aangemaakt en je kunt nu inloggen.', { exact: false }).waitFor();

      await app.goto('/account/login');
      await app.person.signIn('sanne', 'Glaswol-2026');
      await app.waitForAddress('/app/home');
      await app.waitForHeading(NL.shell.welcomeOf('Sanne'), { level: 1 });
      await app.page.getByRole('heading', { name: NL.home.noSections }).waitFor();
    },
    LONG_TEST_MS,
  );

  it(
    'speaks English when the app does: the sign-in page, its title with the app’s name, and the way back into the app',
    async () => {
      const app = await AppModel.open(env.watched, '/account/login');
      await app.chooseLanguage('en');
      await app.page.getByRole('heading', { name: EN.login.heading, level: 1 }).waitFor();
      await app.page.getByRole('button', { name: EN.login.heading, exact: true }).click();
      await app.page.waitForURL((url) => url.origin === env.stack.urls.issuer);
      await app.page.getByRole('button', { name: EN.provider.signIn }).waitFor();
      expect(await app.page.title()).toBe(EN.provider.title);
      expect(await app.page.locator('html').getAttribute('lang')).toBe('en');
      await app.person.fillProviderForm('monteur');
      await app.person.submitProviderForm();
      await app.waitForPath('/app/home');
      await app.waitForHeading(EN.shell.welcomeOf('Piet'), { level: 1 });
    },
    LONG_TEST_MS,
  );

  it(
    'opens the provider’s account pages from the login page in the app’s language, before any sign-in',
    async () => {
      const app = await AppModel.open(env.watched, '/account/login');
      await app.chooseLanguage('en');
      await app.page.getByRole('link', { name: 'Request an account' }).click();
      await app.page.waitForURL((url) => url.origin === env.stack.urls.issuer);
      expect(await app.page.locator('html').getAttribute('lang')).toBe('en');
      await app.page.getByRole('button', { name: 'Request an account' }).waitFor();
      expect(await app.page.title()).toBe('Request an account · Staff portal');
    },
    LONG_TEST_MS,
  );
});
