import { describe, expect, it } from 'vitest';
import { AppModel } from '../models/app.model.ts';
import { EN, NL } from '../models/texts.ts';
import { browserEnv } from '../support/env.ts';
import { OUTCOME_MS } from '../../support/limits.ts';

// A deep link to /verkoop while signed out returning there after sign-in is
// tests/browser/journeys/signin.e2e.ts "returns to a deep link after
// sign-in"; the details of signing out (cookies, storage, reload) are there
// as well.

const env = browserEnv();

describe('a staff member’s day', () => {
  it('gets the account and app code right after start-up, a section’s code only when visiting it, and home in Dutch after sign-in', async () => {
    const app = await AppModel.newPage(env.watched);
    const chunks = app.lazyChunks();
    await app.goto('/account/login');
    await app.person.waitForLoginPage();
    // home is not where the person is: its code comes because start-up preloads it.
    await expect.poll(() => chunks, { timeout: OUTCOME_MS }).toEqual(expect.arrayContaining(['layout', 'login', 'home']));
    expect(chunks).not.toContain('verkoop');

    await app.person.signIn('admin');
    await app.waitForAddress('/app/home');
    await app.expectHeading(NL.shell.welcome);
    expect(await app.lang()).toBe('nl');
    expect(chunks).not.toContain('verkoop');

    await app.openSection(NL.section.verkoop);
    await app.waitForAddress('/verkoop');
    await app.expectHeading(NL.section.verkoop);
    expect(chunks).toContain('verkoop');
    expect(app.errors).toEqual([]);
  });

  it('switches the shell to English and back to Dutch, then signs out', async () => {
    const app = await AppModel.open(env.watched, '/account/login');
    await app.person.signIn('admin');
    await app.waitForAddress('/app/home');

    await app.chooseLanguage('en');
    // The shell is drawn anew in the new language: its person's menu starts closed.
    await app.expectHeading(EN.shell.welcome);
    await app.person.openUserMenu();
    await app.page.getByRole('button', { name: EN.shell.signOut }).waitFor();
    await app.expectHeading(EN.shell.welcome);
    expect(await app.sections('en').getByRole('link', { name: EN.section.verkoop }).count()).toBe(1);
    expect(await app.lang()).toBe('en');
    expect(await app.cookie('Abp.Localization.CultureName')).toBe('en');

    await app.chooseLanguage('nl');
    await app.expectHeading(NL.shell.welcome);
    await app.person.openUserMenu();
    await app.page.getByRole('button', { name: NL.shell.signOut }).waitFor();
    await app.expectHeading(NL.shell.welcome);
    expect(await app.lang()).toBe('nl');

    await app.person.signOut();
    await app.waitForAddress(/\/account\/login\?reason=signed-out/);
    await app.page.getByText(NL.login.signedOut).waitFor();
    expect(app.errors).toEqual([]);
  });

  it('says "Pagina niet gevonden" for an address that does not exist', async () => {
    const app = await AppModel.open(env.watched, '/bestaat-niet');
    await app.waitForHeading(NL.errorPage.notFound);
    expect(await app.page.getByRole('link', { name: NL.errorPage.toHome }).getAttribute('href')).toBe('/app/home');
    expect(app.page.url()).toBe(app.url('/bestaat-niet'));
  });
});
