import { mkdir } from 'node:fs/promises';
import { describe, it } from 'vitest';
import { StaffModel } from '../models/staff.model.ts';
import { EN, NL } from '../models/texts.ts';
import { axeViolationsIn } from '../support/axe.ts';
import { launchEngine, type Tab, type Viewport } from '../support/driver.ts';
import { startTestStack } from '../support/stack.ts';
import { LONG_TEST_MS } from '../../support/limits.ts';

/**
 * Every main screen in Firefox ESR and WebKit, in Dutch and in English, at
 * 1280 px and at 360 px (a small phone; an iPhone is 375–430 CSS px wide):
 * the login page, Home, a section, Beheer's Gebruikers, Mijn account, the
 * page that does not exist and the page after signing out. Each is clean
 * for axe-core at WCAG 2.1 AA, scrolls not sideways, and is saved under
 * test-results/screens/<engine>/ to be looked at. The app starts in Dutch
 * whatever the browser's languages are, until the person chooses a language,
 * which it keeps in ABP's culture cookie: English is that cookie, written as
 * the app's language switch writes it. Service workers run, as in a person's
 * browser.
 */
const WIDTHS: readonly Viewport[] = [
  { width: 1280, height: 800 },
  { width: 360, height: 740 },
];

const WORDS = {
  nl: {
    accept: 'nl-NL,nl',
    signIn: NL.login.signIn,
    provider: NL.provider,
    welcome: NL.shell.welcome,
    section: NL.section.verkoop,
    myAccount: NL.shell.myAccount,
    connect: 'Verbinden met de inlogdienst',
    changePassword: 'Wachtwoord wijzigen',
    notFound: NL.errorPage.notFound,
    signOut: NL.shell.signOut,
    signedOut: NL.login.signedOut,
  },
  en: {
    accept: 'en-US,en',
    signIn: EN.login.heading,
    provider: EN.provider,
    welcome: EN.shell.welcome,
    section: EN.section.verkoop,
    myAccount: 'My account',
    connect: 'Connect to the sign-in service',
    changePassword: 'Change password',
    notFound: 'Page not found',
    signOut: EN.shell.signOut,
    signedOut: 'You have been signed out.',
  },
} as const;

const ADMIN = 'Beheerder Admin';

/** What is wrong with the screen at this size: sideways scrolling, and what axe finds. */
async function problems(tab: Tab, screen: string, viewport: Viewport): Promise<string[]> {
  const found: string[] = [];
  // Against the width beside the scroll bar: Firefox here draws one 12 px wide, where a phone's lies over the page.
  const wider = await tab.evaluate(() => document.scrollingElement!.scrollWidth - document.scrollingElement!.clientWidth);
  if (wider > 0) found.push(`${screen} at ${viewport.width} px scrolls ${wider} px sideways`);
  for (const violation of await axeViolationsIn(tab)) found.push(`${screen} at ${viewport.width} px: ${violation}`);
  return found;
}

describe.each(['nl', 'en'] as const)('in %s', (language) => {
  it.for(['firefox', 'webkit'] as const)(
    '%s: every main screen at 1280 and 360 px, axe clean, nothing scrolls sideways, each saved',
    // Eight screens at two widths, each checked by axe and saved whole, a sign-in and a popup: about a minute in WebKit, and
    // the 60 s of a test with one sign-in ran out there in a whole run (68.4 s at factor 1.14).
    { timeout: LONG_TEST_MS },
    async (engine, { expect }) => {
      const out = `test-results/screens/${engine}`;
      const words = WORDS[language];
      await mkdir(out, { recursive: true });
      // A stack of its own: the language a person chose is kept at the API too, and admin's must start Dutch.
      const [browser, stack] = await Promise.all([launchEngine(engine, { languages: words.accept, screenshots: true }), startTestStack()]);
      try {
        const staff = new StaffModel(await browser.newTab({ viewport: WIDTHS[0] }), stack);
        const tab = staff.tab;
        const found: string[] = [];
        /** The screen at each width, once it shows what it is for (found by text: Firefox's accessibility queries take a second each): checked, then saved whole. */
        const look = async (screen: string, ready: () => Promise<void>) => {
          await ready();
          for (const viewport of WIDTHS) {
            await tab.setViewport(viewport);
            found.push(...(await problems(tab, screen, viewport)));
            await tab.screenshot(`${out}/${screen}-${language}-${viewport.width}.png`, { fullPage: true });
          }
        };

        try {
          await staff.open('/account/login');
          if (language === 'en') {
            await tab.evaluate(() => {
              document.cookie = 'Abp.Localization.CultureName=en; path=/; SameSite=Lax';
            });
            await tab.reload();
          }
          await tab.role('button', words.signIn).waitFor();
          expect(await tab.evaluate(() => document.documentElement.lang)).toBe(language);
          await look('login', () => tab.text(words.signIn).waitFor());

          // The provider's page speaks the app's language too.
          await tab.role('button', words.signIn).click();
          await tab.label(words.provider.userName).fill('admin');
          await tab.label(words.provider.password).fill('123qwe');
          await tab.role('button', words.provider.signIn).click();
          await staff.waitForHome(words.welcome);
          await look('home', () => tab.text(words.welcome).waitFor());

          await staff.open('/verkoop');
          await look('section', () => tab.role('heading', words.section).waitFor());

          await staff.open('/beheer/gebruikers');
          await look('gebruikers', () => tab.text('monteur@isolatie.local').waitFor());

          await staff.open('/app/account');
          // Its own token first: these engines' frames never see the provider's cookie, so one click on a popup that closes by itself.
          await look('mijn-account-verbinden', () => tab.role('button', words.connect).waitFor());
          await tab.withPopup(
            () => tab.role('button', words.connect).click(),
            async () => undefined,
          );
          await look('mijn-account', () => tab.text(words.changePassword).waitFor());

          await staff.open('/bestaat-niet');
          await look('niet-gevonden', () => tab.text(words.notFound).waitFor());

          // Signed out from the person's menu in the header (at 360 px it sits behind "Menu").
          await tab.setViewport(WIDTHS[0]!);
          await staff.open('/app/home');
          await tab.text(ADMIN).click();
          await tab.role('button', words.signOut).click();
          await staff.waitForPath('/account/login');
          await look('uitgelogd', () => tab.text(words.signedOut).waitFor());
        } catch (error) {
          // What the person saw when it went wrong.
          await tab.screenshot(`${out}/failed-${language}.png`).catch(() => undefined);
          throw error;
        }
        expect(found).toEqual([]);
      } finally {
        await Promise.all([browser.close(), stack.stop()]);
      }
    },
  );
});
