import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { LOGIN_ERROR } from '../../../devstack/provider/pages.ts';
import type { StackUrls } from '../../../devstack/stack.ts';
import { waitForMail, seenMail } from '../../devstack/helpers/mailbox.ts';
import { axeViolations } from '../support/axe.ts';
import { AppModel } from '../models/app.model.ts';
import { NL } from '../models/texts.ts';
import { browserEnv } from '../support/env.ts';

/**
 * Mijn account against the local provider's my-account API (Okta's shape):
 * the person's details, name, e-mail and phone with the provider's code,
 * and the password, with Dutch answers to every refusal. The token for that
 * API is asked for silently, on the provider's session.
 */
const env = browserEnv();

async function openMyAccount(app: AppModel): Promise<void> {
  await app.openUserMenu();
  await app.page.getByRole('link', { name: NL.shell.myAccount }).click();
  await app.waitForHeading(NL.shell.myAccount, { level: 1 });
}

const section = (page: Page, title: string) => page.locator('.account-form').filter({ has: page.getByRole('heading', { name: title }) });

async function codeFor(urls: StackUrls, to: string, seen: Set<string>): Promise<string> {
  return (await waitForMail(urls, to, /verificatiecode/, seen, 5_000)).code!;
}

describe('Mijn account', () => {
  it('shows who the person is, and changes name, e-mail and phone with the provider’s code', async () => {
    const app = await AppModel.newPage(env.watched);
    await app.signInToHome('admin');
    await openMyAccount(app);
    const { page } = app;
    await expect.poll(() => page.getByTestId('account-email').textContent()).toBe('admin@isolatie.local');
    expect(await axeViolations(page)).toEqual([]);

    // The name.
    const name = section(page, 'Naam');
    await name.getByLabel('Voornaam').fill('Bea');
    await name.getByRole('button', { name: 'Naam opslaan' }).click();
    await name.getByText('Je naam is opgeslagen.').waitFor();
    await page.getByText('Bea Admin').waitFor();

    // The e-mail address: a wrong code is refused in Dutch, the right one from the mailbox changes it.
    const email = section(page, 'E-mailadres wijzigen');
    await email.getByLabel('Nieuw e-mailadres').fill('geen-adres');
    await email.getByRole('button', { name: 'Code sturen' }).click();
    await email.getByText('Vul een geldig e-mailadres in.').waitFor();
    const seen = await seenMail(env.stack.urls, 'bea@isolatie.local');
    await email.getByLabel('Nieuw e-mailadres').fill('bea@isolatie.local');
    await email.getByRole('button', { name: 'Code sturen' }).click();
    await email.getByText(/We hebben een code gestuurd naar bea@isolatie\.local/).waitFor();
    const code = await codeFor(env.stack.urls, 'bea@isolatie.local', seen);
    await email.getByLabel('Code').fill(code === '000000' ? '111111' : '000000');
    await email.getByRole('button', { name: 'Bevestigen' }).click();
    await email.getByText('De code klopt niet. Kijk de code na en probeer het opnieuw.').waitFor();
    expect(await email.getByLabel('Code').getAttribute('aria-invalid')).toBe('true');
    await email.getByLabel('Code').fill(code);
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

    expect(await axeViolations(page)).toEqual([]);
    expect(app.consoleMatching(/Content Security Policy|Refused to/i)).toEqual([]);
    await app.expectNoLeaks();
  }, 120_000);

  it('changes the password, says why a wrong or weak one is refused, and the next sign-in needs the new one', async () => {
    const app = await AppModel.newPage(env.watched);
    await app.signInToHome('monteur', NL.shell.welcomeOf('Piet'));
    await openMyAccount(app);
    const password = section(app.page, 'Wachtwoord wijzigen');
    const fill = async (current: string, next: string, repeat = next) => {
      await password.getByLabel('Huidig wachtwoord').fill(current);
      await password.getByLabel('Nieuw wachtwoord', { exact: true }).fill(next);
      await password.getByLabel('Nieuw wachtwoord herhalen').fill(repeat);
      await password.getByRole('button', { name: 'Wachtwoord wijzigen' }).click();
    };
    await fill('123qwe', 'Zomer-Dak-2026', 'Zomer-Dak-2025');
    await password.getByText('De twee nieuwe wachtwoorden zijn niet gelijk.').waitFor();
    await fill('verkeerd', 'Zomer-Dak-2026');
    await password.getByText('Je huidige wachtwoord klopt niet.').first().waitFor();
    await fill('123qwe', 'monteur-2026');
    await password.getByText('Het wachtwoord mag je gebruikersnaam niet bevatten.').waitFor();
    await fill('123qwe', 'Zomer-Dak-2026');
    await password.getByText(/Je wachtwoord is gewijzigd/).waitFor();
    expect(await password.getByLabel('Huidig wachtwoord').inputValue(), 'no password stays on the page').toBe('');

    await app.signOut();
    await app.waitForLoginPage();
    await app.startSignIn();
    await app.fillProviderForm('monteur', '123qwe');
    await app.submitProviderForm();
    await app.page.getByText(LOGIN_ERROR).waitFor();
    await app.fillProviderForm('monteur', 'Zomer-Dak-2026');
    await app.submitProviderForm();
    await app.waitForPath('/app/home');
    await app.waitForHeading(NL.shell.welcomeOf('Piet'), { level: 1 });
  }, 120_000);
});
