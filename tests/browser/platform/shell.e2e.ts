import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { journeyEnv, lazyChunks } from '../journeys/setup.ts';
import { AppModel } from '../models/app.model.ts';
import { waitForAfterStart } from '../support/afterStart.ts';
import { axeViolations } from '../support/axe.ts';

/** What every screen stands on: the menu the server sends, access, titles and focus, errors, progress. */

const env = journeyEnv();

async function signedIn(userName: string): Promise<AppModel> {
  const app = await AppModel.open(env.context, env.stack, '/account/login');
  await app.signIn(userName);
  await app.page.waitForURL(app.url('/app/home'));
  await app.page.getByRole('heading', { level: 1, name: /^Welkom/ }).waitFor({ timeout: 10_000 });
  return app;
}

function sectionLinks(page: Page): Promise<string[]> {
  return page.getByRole('navigation', { name: 'Onderdelen' }).getByRole('link').allTextContents();
}

async function openAbout(app: AppModel): Promise<void> {
  await app.page.locator('#user-menu-button').click();
  await app.page.getByRole('link', { name: 'Over de applicatie' }).click();
}

describe('the menu and access', () => {
  it('shows the sections the server lists for the person, in its words and order', async () => {
    const app = await signedIn('admin');
    expect(await sectionLinks(app.page)).toEqual(['Verkoop', 'Klantrelaties', 'Uitvoering', 'Marketing', 'Zakelijk', 'Administratie', 'Beheer', 'Werkvoorbereiding']);
  });

  it('gives monteur only his sections; typing another section’s address answers "Geen toegang" without its code, and he stays signed in', async () => {
    const app = await signedIn('monteur');
    expect(await sectionLinks(app.page)).toEqual(['Klantrelaties', 'Uitvoering']);
    const chunks = lazyChunks(app.page);
    await app.goto('/verkoop');
    await app.page.getByRole('heading', { level: 1, name: 'Geen toegang' }).waitFor({ timeout: 10_000 });
    expect(await app.page.title()).toBe('Geen toegang · Medewerkersportaal');
    expect(chunks).not.toContain('verkoop');
    expect(await app.page.locator('#user-menu-button').textContent()).toContain('Piet Monteur');
    expect(await app.cookie('Abp.AuthToken')).toBeTruthy();
    await app.page.getByRole('link', { name: 'Naar de startpagina' }).click();
    await app.page.getByRole('heading', { level: 1, name: /^Welkom/ }).waitFor();
    expect(app.errors).toEqual([]);
  });
});

describe('titles and focus', () => {
  it('names every page in the tab and moves the focus to the new page’s heading after a navigation', async () => {
    const app = await signedIn('admin');
    expect(await app.page.title()).toBe('Start · Medewerkersportaal');
    await app.page.getByRole('navigation', { name: 'Onderdelen' }).getByRole('link', { name: 'Verkoop' }).click();
    await app.page.getByRole('heading', { level: 1, name: 'Verkoop' }).waitFor();
    await expect.poll(() => app.page.title()).toBe('Verkoop · Medewerkersportaal');
    await expect.poll(() => app.page.evaluate(() => (document.activeElement?.tagName ?? '') + ':' + (document.activeElement?.textContent ?? ''))).toBe('H1:Verkoop');
    await app.goto('/bestaat-niet');
    await app.page.getByRole('heading', { level: 1, name: 'Pagina niet gevonden' }).waitFor();
    expect(await app.page.title()).toBe('Pagina niet gevonden · Medewerkersportaal');
  });
});

describe('answers of the backend in the middle of the work', () => {
  it('a 403 answers "Geen toegang" in the page and never signs out', async () => {
    const app = await signedIn('admin');
    env.stack.faults.set('Session', { status: 403, times: 1 });
    await openAbout(app);
    await app.page.getByRole('heading', { level: 1, name: 'Geen toegang' }).waitFor({ timeout: 10_000 });
    expect(await app.cookie('Abp.AuthToken')).toBeTruthy();
    expect(app.page.url()).toBe(app.url('/app/about'));
    await app.page.getByRole('link', { name: 'Naar de startpagina' }).click();
    await app.page.getByRole('heading', { level: 1, name: /^Welkom/ }).waitFor();
  });

  it('a user-friendly 500 says what failed, with the server’s words after it', async () => {
    const app = await signedIn('admin');
    env.stack.faults.set('Session', { status: 500, times: 1 });
    await openAbout(app);
    const alert = app.page.getByRole('alert').filter({ hasText: 'De gegevens van de server konden niet worden opgehaald.' });
    await alert.waitFor({ timeout: 10_000 });
    expect(await alert.textContent()).toContain('An internal error occurred during your request!');
    expect(await app.page.getByRole('heading', { level: 1, name: 'Over de applicatie' }).count()).toBe(1);
  });

  it('puts a validation message next to the field it is about', async () => {
    const app = await AppModel.open(env.context, env.stack, '/account/login');
    await app.page.getByRole('button', { name: 'Wijzigen' }).click();
    const field = app.page.getByLabel('Naam van de omgeving (leeg voor host)');
    await field.fill('x'.repeat(65));
    await app.page.getByRole('button', { name: 'Opslaan' }).click();
    await expect.poll(() => field.getAttribute('aria-invalid')).toBe('true');
    const describedBy = await field.getAttribute('aria-describedby');
    expect(await app.page.locator(`[id="${describedBy}"]`).textContent()).toBe('The field TenancyName must be a string with a maximum length of 64.');
    expect(await field.inputValue(), 'what was typed stays').toBe('x'.repeat(65));
    expect(await axeViolations(app.page)).toEqual([]);
  });
});

describe('progress', () => {
  it('shows a thin bar while a request runs longer than 300 ms, and none once it answered', async () => {
    const app = await signedIn('admin');
    await waitForAfterStart(app.page);
    env.stack.faults.set('Session', { delayMs: 1500, times: 1 });
    await openAbout(app);
    await app.page.getByRole('progressbar').waitFor({ timeout: 5000 });
    await app.page.getByRole('progressbar').waitFor({ state: 'detached', timeout: 10_000 });
    await app.page.getByRole('heading', { level: 1, name: 'Over de applicatie' }).click();
    expect(await app.page.getByTestId('about-version').textContent()).toBe('1.0.0');
  });

  it('never shows for the connection check', async () => {
    const app = await signedIn('admin');
    await waitForAfterStart(app.page);
    await app.page.evaluate(() => {
      const seen = ((window as unknown as { progressSeen: number }).progressSeen = 0);
      void seen;
      new MutationObserver(() => {
        if (document.querySelector('[role="progressbar"]')) (window as unknown as { progressSeen: number }).progressSeen += 1;
      }).observe(document.body, { childList: true, subtree: true });
    });
    await app.page.context().setOffline(true);
    await app.page.getByText('Je bent offline.').waitFor({ timeout: 10_000 });
    await app.page.context().setOffline(false);
    await app.page.getByText('De verbinding is hersteld.').waitFor({ timeout: 20_000 });
    expect(await app.page.evaluate(() => (window as unknown as { progressSeen: number }).progressSeen)).toBe(0);
  });
});

describe('Over de applicatie', () => {
  it('shows the version and release date from the session call, the tenant, the language and the build', async () => {
    const app = await signedIn('admin');
    await openAbout(app);
    await app.page.getByRole('heading', { level: 1, name: 'Over de applicatie' }).waitFor();
    const facts = await app.page.locator('.facts').innerText();
    expect(facts).toMatch(/Versie\s+1\.0\.0/);
    expect(facts).toMatch(/Releasedatum\s+\d{2}-\d{2}-\d{4}/);
    expect(facts).toMatch(/Omgeving\s+\S/);
    expect(facts).toMatch(/Taal\s+Nederlands/);
    expect(facts).toMatch(/Build\s+\S+ · \d{2}-\d{2}-\d{4}/);
    expect(await axeViolations(app.page)).toEqual([]);
  });
});
