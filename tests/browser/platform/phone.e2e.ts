import type { Page } from 'playwright-core';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { AppModel } from '../models/app.model.ts';
import { NL } from '../models/texts.ts';
import { WatchedContext } from '../models/watch.ts';
import { newPhoneContext } from '../support/chromium.ts';
import { browserEnv } from '../support/env.ts';

/** A monteur at a site: 360 px wide, touch. Nothing may scroll sideways or be too small to tap. */

const env = browserEnv();
let phone: WatchedContext;

beforeEach(async () => {
  phone = await WatchedContext.of(await newPhoneContext(env.browser), env.stack);
});

afterEach(async () => {
  await phone.close();
});

/** How far the page is wider than the screen, in CSS pixels (0 when nothing scrolls sideways). */
function overflow(page: Page): Promise<number> {
  return page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
}

/** Visible buttons, selects and non-inline links lower than 44 px, by their text. */
function smallTargets(page: Page, scope: string): Promise<string[]> {
  return page.evaluate((selector) => {
    const targets = [
      ...document.querySelectorAll<HTMLElement>(`${selector} button, ${selector} select, ${selector} nav a, ${selector} .button`),
    ];
    return targets
      .filter((element) => element.offsetParent !== null)
      .filter((element) => element.getBoundingClientRect().height < 44)
      .map(
        (element) =>
          `${element.tagName.toLowerCase()} "${element.textContent?.trim()}" ${Math.round(element.getBoundingClientRect().height)} px`,
      );
  }, scope);
}

async function signedIn(userName = 'admin'): Promise<AppModel> {
  const app = await AppModel.newPage(phone);
  await app.person.signInToHome(userName, '123qwe', NL.shell.welcomeAnyone);
  return app;
}

describe('on a phone, 360 px wide', () => {
  it('the login page fits, with targets of at least 44 px', async () => {
    const app = await AppModel.open(phone, '/account/login');
    await app.person.waitForLoginPage();
    expect(await overflow(app.page)).toBe(0);
    expect(await smallTargets(app.page, 'main')).toEqual([]);
  });

  it('home fits; one "Menu" button opens the sections and the person’s menu, which close after choosing', async () => {
    const app = await signedIn();
    expect(await overflow(app.page)).toBe(0);
    const nav = app.sections();
    expect(await nav.isVisible(), 'the sections wait behind the button').toBe(false);
    const menu = app.page.getByRole('button', { name: NL.shell.menu });
    await menu.click();
    await nav.getByRole('link', { name: NL.section.verkoop }).waitFor();
    expect(await menu.getAttribute('aria-expanded')).toBe('true');
    expect(await overflow(app.page)).toBe(0);
    expect(await smallTargets(app.page, 'header')).toEqual([]);
    // The person's menu is part of the panel: no second button to find.
    await app.page.getByRole('link', { name: NL.shell.about }).waitFor();
    expect(await smallTargets(app.page, 'header')).toEqual([]);
    expect(await app.axeViolations()).toEqual([]);
    await app.openSection(NL.section.verkoop);
    await app.waitForHeading(NL.section.verkoop, { level: 1 });
    expect(await nav.isVisible(), 'closed again after choosing').toBe(false);
    expect(await overflow(app.page)).toBe(0);
  });

  it('with the connection banner, the end of the longest page (Mijn account) can still be reached and tapped', async () => {
    const app = await signedIn();
    await app.waitForAfterStart();
    await app.page.getByRole('button', { name: NL.shell.menu }).click();
    await app.page.getByRole('link', { name: NL.shell.myAccount }).click();
    await app.waitForHeading(NL.shell.myAccount, { level: 1 });
    await app.person.connectMyAccount();
    const last = app.page.getByRole('button', { name: NL.account.changePassword });
    await last.waitFor();

    await phone.context.setOffline(true);
    const banner = app.page.getByRole('region', { name: NL.connection.region });
    await banner.getByText(NL.connection.offline).waitFor();
    // The page under it is there, so the banner says it stays; one way to try now.
    await banner.getByText(NL.connection.kept).waitFor();
    expect(await app.page.getByRole('button', { name: /opnieuw proberen/i }).count(), 'retry controls').toBe(1);

    // Scrolled to the very end, the last button sits above the banner, not under it.
    await app.page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
    const place = await last.evaluate((button) => {
      const box = button.getBoundingClientRect();
      const bannerBox = document.querySelector('.connection-banner')!.getBoundingClientRect();
      const hit = document.elementFromPoint(box.left + box.width / 2, box.top + box.height / 2);
      return { bottom: box.bottom, bannerTop: bannerBox.top, hitsButton: hit !== null && button.contains(hit) };
    });
    expect(place.bottom, 'the button ends above the banner').toBeLessThanOrEqual(place.bannerTop);
    expect(place.hitsButton, 'a tap on the button reaches it').toBe(true);
    expect(await overflow(app.page)).toBe(0);
    await phone.context.setOffline(false);
  });

  it('the error screens fit: page not found, no access, a start-up that failed', async () => {
    const app = await signedIn('monteur');
    await app.goto('/verkoop');
    await app.waitForHeading(NL.errorPage.noAccess, { level: 1 });
    expect(await overflow(app.page)).toBe(0);
    await app.goto('/bestaat-niet');
    await app.waitForHeading(NL.errorPage.notFound, { level: 1 });
    expect(await overflow(app.page)).toBe(0);
    expect(await smallTargets(app.page, 'main')).toEqual([]);
    env.stack.faults.set('Session', { status: 500 });
    await app.goto('/app/home');
    await app.waitForHeading(NL.startup.failed, { level: 1 });
    expect(await overflow(app.page)).toBe(0);
    expect(await smallTargets(app.page, 'main')).toEqual([]);
  });
});
