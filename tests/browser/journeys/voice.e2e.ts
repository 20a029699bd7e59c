import type { Page } from 'playwright-core';
import { afterEach, describe, expect, it } from 'vitest';
import { AppModel } from '../models/app.model.ts';
import { EN, NL } from '../models/texts.ts';
import { WatchedContext } from '../models/watch.ts';
import { browserEnv } from '../support/env.ts';

// One voice and one look: a section has one name in the menu, on Home and
// on its page; the shell is one row on an office laptop, in both languages;
// the person's menu behaves as menus do; "Pagina niet gevonden" keeps the
// shell; a phone signs out in two taps.

const env = browserEnv();
const opened: WatchedContext[] = [];

afterEach(async () => {
  await Promise.all(opened.splice(0).map((watched) => watched.close()));
});

/** A fresh browser of the given size, signed in as admin at /app/home. */
async function signedIn(width = 1280, height = 800): Promise<AppModel> {
  const context = await env.browser.newContext({
    viewport: { width, height },
    serviceWorkers: 'block',
    locale: 'nl-NL',
    timezoneId: 'Europe/Amsterdam',
  });
  const watched = await WatchedContext.of(context, env.stack);
  opened.push(watched);
  const app = await AppModel.newPage(watched);
  await app.person.signInToHome('admin');
  return app;
}

/** The top and bottom of the header's parts that must share one row: the name, every section, the person's button. */
function headerRow(page: Page) {
  return page.evaluate(() => {
    const header = document.querySelector('.shell__header')!.getBoundingClientRect();
    const parts = [...document.querySelectorAll<HTMLElement>('.shell__brand, .shell__nav a, #user-menu-button')].map((element) => {
      const box = element.getBoundingClientRect();
      return { text: element.textContent?.trim() ?? '', middle: Math.round(box.top + box.height / 2) };
    });
    return { height: Math.round(header.height), parts };
  });
}

/** Where each section's link starts, by its name. */
function linkPositions(page: Page) {
  return page.evaluate(() =>
    [...document.querySelectorAll<HTMLElement>('.shell__nav a')].map(
      (link) => `${link.textContent?.trim()}@${Math.round(link.getBoundingClientRect().left)}`,
    ),
  );
}

/** Every section in the menu opens a page whose heading and tab title carry the menu's name, and Home's tiles say the same. */
async function expectOneNamePerSection(app: AppModel, language: 'nl' | 'en', home: string | RegExp): Promise<string[]> {
  const menu = app.sections(language);
  const names = await menu.getByRole('link').allTextContents();
  expect(names.length).toBe(8);
  expect(await app.page.locator('.tile__name').allTextContents(), 'Home’s tiles, in the menu’s order and words').toEqual(names);
  for (const name of names) {
    await menu.getByRole('link', { name, exact: true }).click();
    await app.waitForHeading(name, { level: 1 });
    await expect.poll(() => app.page.title()).toMatch(new RegExp(`^${name} · `));
  }
  await app.page.locator('.shell__brand').click();
  await app.waitForHeading(home, { level: 1 });
  return names;
}

describe('one name for a section', () => {
  it('the menu, Home’s tiles and each section’s heading and title agree, in Dutch and in English', async () => {
    const app = await signedIn();
    await app.page.locator('.tile__name').first().waitFor();
    expect(await expectOneNamePerSection(app, 'nl', NL.shell.welcome)).toEqual(Object.values(NL.section));

    await app.chooseLanguage('en');
    await app.expectHeading(EN.shell.welcome);
    try {
      await app.page.locator('.tile__name').first().waitFor();
      expect(await expectOneNamePerSection(app, 'en', EN.shell.welcome)).toContain(EN.section.verkoop);
    } finally {
      // The language is saved at the backend: put admin back for the other tests.
      await app.chooseLanguage('nl');
      await app.expectHeading(NL.shell.welcome);
    }
  });
});

describe('the shell on an office laptop, 1280 px wide', () => {
  it('is one row in Dutch and in English, and the current section does not move the others', async () => {
    const app = await signedIn();
    for (const language of ['nl', 'en'] as const) {
      if (language === 'en') {
        await app.chooseLanguage('en');
        await app.expectHeading(EN.shell.welcome);
        await app.page.keyboard.press('Escape');
      }
      const { height, parts } = await headerRow(app.page);
      expect(parts.length, 'the name, 8 sections and the person').toBe(10);
      expect(height, `${language}: the header's height`).toBeLessThan(2 * 44);
      const middles = new Set(parts.map((part) => part.middle));
      expect(Math.max(...middles) - Math.min(...middles), `${language}: all on one row: ${JSON.stringify(parts)}`).toBeLessThanOrEqual(2);
    }
    await app.chooseLanguage('nl');
    await app.expectHeading(NL.shell.welcome);
    await app.page.keyboard.press('Escape');

    const before = await linkPositions(app.page);
    await app.openSection(NL.section.verkoop);
    await app.waitForHeading(NL.section.verkoop, { level: 1 });
    expect(await app.sections().getByRole('link', { name: NL.section.verkoop }).getAttribute('aria-current')).toBe('page');
    expect(await linkPositions(app.page), 'no link moved when Verkoop became the current one').toEqual(before);
  });

  it('shows focus to the keyboard only: not on the heading after sign-in, a ring on a link reached with Tab', async () => {
    const app = await signedIn();
    const heading = app.page.getByRole('heading', { level: 1 });
    await app.openSection(NL.section.verkoop);
    await app.waitForHeading(NL.section.verkoop, { level: 1 });
    await app.page.locator('.shell__brand').click();
    await app.waitForHeading(NL.shell.welcome, { level: 1 });
    await app.page.locator('.tile').first().waitFor();
    await expect.poll(() => heading.evaluate((element) => document.activeElement === element)).toBe(true);
    expect(await heading.evaluate((element) => getComputedStyle(element).outlineStyle), 'the focused heading wears no ring').toBe('none');
    await app.page.keyboard.press('Tab');
    const ring = await app.page.evaluate(() => {
      const focused = document.activeElement as HTMLElement;
      return { tag: focused.tagName, outline: getComputedStyle(focused).outlineStyle };
    });
    expect(ring).toEqual({ tag: expect.stringMatching(/^(A|BUTTON)$/), outline: 'solid' });
  });

  it('the person’s menu closes with Escape (focus back on its button) and with a click outside it', async () => {
    const app = await signedIn();
    const button = app.page.locator('#user-menu-button');
    const menu = app.page.locator('#user-menu');
    await app.person.openUserMenu();
    expect(await button.getAttribute('aria-expanded')).toBe('true');
    await menu.getByRole('link', { name: NL.shell.myAccount }).focus();
    await app.page.keyboard.press('Escape');
    await menu.waitFor({ state: 'detached' });
    expect(await button.getAttribute('aria-expanded')).toBe('false');
    expect(await button.evaluate((element) => document.activeElement === element), 'focus is back on the button').toBe(true);

    await app.person.openUserMenu();
    await app.page.mouse.click(640, 600);
    await menu.waitFor({ state: 'detached' });
    expect(await button.getAttribute('aria-expanded')).toBe('false');

    // A click inside it keeps it open.
    await app.person.openUserMenu();
    await menu.locator('.user-menu__who').click();
    expect(await menu.isVisible()).toBe(true);
  });

  it('"Pagina niet gevonden" keeps the shell for someone signed in, and the way home', async () => {
    const app = await signedIn();
    for (const path of ['/bestaat-niet', '/app/bestaat-niet', '/beheer/bestaat-niet']) {
      await app.goto(path);
      await app.waitForHeading(NL.errorPage.notFound, { level: 1 });
      expect(await app.sections().isVisible(), `${path}: the menu is there`).toBe(true);
    }
    await app.page.getByRole('link', { name: NL.errorPage.toHome }).click();
    await app.waitForHeading(NL.shell.welcome, { level: 1 });
    expect(app.errors).toEqual([]);
  });
});

describe('on a phone, 360 px wide', () => {
  it('signs out in two taps: Menu, then Uitloggen', async () => {
    const app = await signedIn(360, 740);
    await app.page.getByRole('button', { name: NL.shell.menu, exact: true }).click();
    await app.page.getByRole('button', { name: NL.shell.signOut }).click();
    await app.person.waitForLoginPage();
    await app.page.getByText(NL.login.signedOut).waitFor();
  });
});
