import { describe, expect, it } from 'vitest';
import { AppModel } from '../models/app.model.ts';
import { API, NL } from '../models/texts.ts';
import { browserEnv } from '../support/env.ts';
import { OUTCOME_MS, SLOW_OUTCOME_MS, SOON_MS } from '../../support/limits.ts';

/** What every screen stands on: the menu the server sends, access, titles and focus, errors, progress. */

const env = browserEnv();

async function signedIn(userName: string): Promise<AppModel> {
  const app = await AppModel.newPage(env.watched);
  await app.person.signInToHome(userName, '123qwe', NL.shell.welcomeAnyone);
  return app;
}

/** A line of "Over de applicatie": the label, then its value. */
const fact = (label: string, value: string) => new RegExp(`${label}\\s+${value}`);

describe('the menu and access', () => {
  it('shows the sections the server lists for the person, in its words and order', async () => {
    const app = await signedIn('admin');
    const { verkoop, crm, uitvoering, marketing, zakelijk, admin, beheer, wvb } = NL.section;
    expect(await app.sectionNames()).toEqual([verkoop, crm, uitvoering, marketing, zakelijk, admin, beheer, wvb]);
  });

  it('gives monteur only his sections; typing another section’s address answers "Geen toegang", not the section, and he stays signed in', async () => {
    const app = await signedIn('monteur');
    expect(await app.sectionNames()).toEqual([NL.section.crm, NL.section.uitvoering]);
    await app.goto('/verkoop');
    await app.waitForHeading(NL.errorPage.noAccess, { level: 1 });
    expect(await app.page.title()).toBe(NL.shell.title(NL.errorPage.noAccess));
    expect(await app.headingNamed(NL.section.verkoop, 1).count(), 'the section itself is not shown').toBe(0);
    expect(await app.page.locator('#user-menu-button').textContent()).toContain('Piet Monteur');
    expect(await app.cookie('Abp.AuthToken')).toBeTruthy();
    await app.page.getByRole('link', { name: NL.errorPage.toHome }).click();
    await app.waitForHeading(NL.shell.welcomeAnyone, { level: 1 });
    expect(app.errors).toEqual([]);
  });
});

describe('titles and focus', () => {
  it('names every page in the tab and moves the focus to the new page’s heading after a navigation', async () => {
    const app = await signedIn('admin');
    expect(await app.page.title()).toBe(NL.shell.title(NL.shell.homeTitle));
    await app.openSection(NL.section.verkoop);
    await app.waitForHeading(NL.section.verkoop, { level: 1 });
    await expect.poll(() => app.page.title()).toBe(NL.shell.title(NL.section.verkoop));
    await expect
      .poll(() => app.page.evaluate(() => (document.activeElement?.tagName ?? '') + ':' + (document.activeElement?.textContent ?? '')))
      .toBe(`H1:${NL.section.verkoop}`);
    await app.goto('/bestaat-niet');
    await app.waitForHeading(NL.errorPage.notFound, { level: 1 });
    expect(await app.page.title()).toBe(NL.shell.title(NL.errorPage.notFound));
  });
});

describe('answers of the backend in the middle of the work', () => {
  it('a 403 answers "Geen toegang" in the page and never signs out', async () => {
    const app = await signedIn('admin');
    env.stack.faults.set('Session', { status: 403, times: 1 });
    await app.openAbout();
    await app.waitForHeading(NL.errorPage.noAccess, { level: 1 });
    expect(await app.cookie('Abp.AuthToken')).toBeTruthy();
    expect(app.page.url()).toBe(app.url('/app/about'));
    await app.page.getByRole('link', { name: NL.errorPage.toHome }).click();
    await app.waitForHeading(NL.shell.welcomeAnyone, { level: 1 });
  });

  it('a user-friendly 500 says what failed, with the server’s words after it', async () => {
    const app = await signedIn('admin');
    env.stack.faults.set('Session', { status: 500, times: 1 });
    await app.openAbout();
    const alert = app.page.getByRole('alert').filter({ hasText: NL.shell.fetchFailed });
    await alert.waitFor({ timeout: OUTCOME_MS });
    expect(await alert.textContent()).toContain(API.internalError);
    expect(await app.headingNamed(NL.shell.about, 1).count()).toBe(1);
  });

  it('puts a validation message next to the field it is about', async () => {
    const app = await AppModel.open(env.watched, '/account/login');
    await app.changeTenant('x'.repeat(65));
    const field = app.tenantField;
    await expect.poll(() => field.getAttribute('aria-invalid')).toBe('true');
    const describedBy = await field.getAttribute('aria-describedby');
    // In the app's words, not ABP's English DataAnnotations sentence ("The field TenancyName must be a string with a maximum length of 64.").
    expect(await app.page.locator(`[id="${describedBy}"]`).textContent()).toBe(NL.tenant.tooLong);
    expect(await field.inputValue(), 'what was typed stays').toBe('x'.repeat(65));
    expect(await app.axeViolations()).toEqual([]);
  });
});

describe('progress', () => {
  it('shows a thin bar while a request runs longer than 300 ms, and none once it answered', async () => {
    const app = await signedIn('admin');
    await app.waitForAfterStart();
    env.stack.faults.set('Session', { delayMs: 1500, times: 1 });
    await app.openAbout();
    await app.page.getByRole('progressbar').waitFor({ timeout: SOON_MS });
    await app.page.getByRole('progressbar').waitFor({ state: 'detached', timeout: OUTCOME_MS });
    await app.headingNamed(NL.shell.about, 1).click();
    expect(await app.page.getByTestId('about-version').textContent()).toBe('9.3.0');
  });

  it('never shows for the connection check', async () => {
    const app = await signedIn('admin');
    await app.waitForAfterStart();
    await app.page.evaluate(() => {
      const seen = ((window as unknown as { progressSeen: number }).progressSeen = 0);
      void seen;
      new MutationObserver(() => {
        if (document.querySelector('[role="progressbar"]')) (window as unknown as { progressSeen: number }).progressSeen += 1;
      }).observe(document.body, { childList: true, subtree: true });
    });
    await app.page.context().setOffline(true);
    await app.see(NL.connection.offline);
    await app.page.context().setOffline(false);
    await app.see(NL.connection.restored, SLOW_OUTCOME_MS);
    expect(await app.page.evaluate(() => (window as unknown as { progressSeen: number }).progressSeen)).toBe(0);
  });
});

describe('Over de applicatie', () => {
  it('shows the version and release date from the session call, the tenant, the language and the build', async () => {
    const app = await signedIn('admin');
    await app.openAbout();
    await app.waitForHeading(NL.shell.about, { level: 1 });
    const facts = await app.page.locator('.facts').innerText();
    expect(facts).toMatch(fact(NL.about.version, '9\\.3\\.0'));
    expect(facts).toMatch(fact(NL.about.releaseDate, '\\d{2}-\\d{2}-\\d{4}'));
    expect(facts).toMatch(fact(NL.about.tenant, '\\S'));
    expect(facts).toMatch(fact(NL.about.language, NL.about.dutch));
    expect(facts).toMatch(fact(NL.about.build, '\\S+ · \\d{2}-\\d{2}-\\d{4}'));
    expect(await app.axeViolations()).toEqual([]);
  });
});
