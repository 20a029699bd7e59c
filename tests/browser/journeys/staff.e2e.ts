import { describe, expect, it } from 'vitest';
import { AppModel, TEXT } from '../models/app.model.ts';
import { journeyEnv, lazyChunks } from './setup.ts';
import { openUserMenu } from '../support/userMenu.ts';

// A deep link to /verkoop while signed out returning there after sign-in is
// tests/browser/signin.e2e.ts "returns to a deep link after sign-in"; the
// details of signing out (cookies, storage, reload) are there as well.

const env = journeyEnv();

describe('a staff member’s day', () => {
  it('gets the account and app code right after start-up, a section’s code only when visiting it, and home in Dutch after sign-in', async () => {
    const page = await env.context.newPage();
    const chunks = lazyChunks(page);
    const app = new AppModel(page, env.stack);
    await app.goto('/account/login');
    await page.getByRole('button', { name: 'Inloggen' }).waitFor();
    // home is not where the person is: its code comes because start-up preloads it.
    await expect.poll(() => chunks, { timeout: 10_000 }).toEqual(expect.arrayContaining(['layout', 'login', 'home']));
    expect(chunks).not.toContain('verkoop');

    await app.signIn('admin');
    await page.waitForURL(app.url('/app/home'));
    await expect.poll(() => app.heading(), { timeout: 10_000 }).toBe('Welkom, Beheerder');
    expect(await page.evaluate(() => document.documentElement.lang)).toBe('nl');
    expect(chunks).not.toContain('verkoop');

    await page.getByRole('navigation', { name: 'Onderdelen' }).getByRole('link', { name: 'Verkoop' }).click();
    await page.waitForURL(app.url('/verkoop'));
    await expect.poll(() => app.heading(), { timeout: 10_000 }).toBe('Verkoop');
    expect(chunks).toContain('verkoop');
    expect(app.errors).toEqual([]);
  });

  it('switches the shell to English and back to Dutch, then signs out', async () => {
    const app = await AppModel.open(env.context, env.stack, '/account/login');
    await app.signIn('admin');
    await app.page.waitForURL(app.url('/app/home'));

    await openUserMenu(app.page);
    await app.page.getByLabel('Taal').selectOption('en-US');
    await app.page.getByRole('button', { name: 'Sign out' }).waitFor();
    await expect.poll(() => app.heading(), { timeout: 10_000 }).toBe('Welcome, Beheerder');
    expect(await app.page.getByRole('navigation', { name: 'Sections' }).getByRole('link', { name: 'Sales' }).count()).toBe(1);
    expect(await app.page.evaluate(() => document.documentElement.lang)).toBe('en');
    expect(await app.cookie('Abp.Localization.CultureName')).toBe('en-US');

    await app.page.getByLabel('Language').selectOption('nl');
    await app.page.getByRole('button', { name: 'Uitloggen' }).waitFor();
    await expect.poll(() => app.heading(), { timeout: 10_000 }).toBe('Welkom, Beheerder');
    expect(await app.page.evaluate(() => document.documentElement.lang)).toBe('nl');

    await app.page.getByRole('button', { name: 'Uitloggen' }).click();
    await app.page.waitForURL(/\/account\/login\?reason=signed-out/);
    await app.page.getByText(TEXT.signedOut).waitFor();
    expect(app.errors).toEqual([]);
  });

  it('says "Pagina niet gevonden" for an address that does not exist', async () => {
    const app = await AppModel.open(env.context, env.stack, '/bestaat-niet');
    await app.page.getByRole('heading', { name: 'Pagina niet gevonden' }).waitFor();
    expect(await app.page.getByRole('link', { name: 'Naar de startpagina' }).getAttribute('href')).toBe('/app/home');
    expect(app.page.url()).toBe(app.url('/bestaat-niet'));
  });
});
