import { mkdir } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestStack } from '../../../devstack/test-stack.ts';
import { StaffModel } from '../models/staff.model.ts';
import { EN, NL } from '../models/texts.ts';
import { launchEngine, type Viewport } from '../support/driver.ts';
import { startTestStack } from '../support/stack.ts';

/**
 * The screens in Firefox ESR, Dutch and English, at 1280 and 360 px. The
 * browser's languages are the person's (Accept-Language, which the provider
 * also sees); the app starts in Dutch whatever they are, until the person
 * chooses a language, which it keeps in ABP's culture cookie: English is that
 * cookie set as the language switch sets it. The screens are the login page, the
 * provider's page, Home and Gebruikers, each saved under
 * test-results/screens/firefox/ to be looked at. No screen scrolls sideways.
 */
const OUT = 'test-results/screens/firefox';
const WIDTHS: readonly Viewport[] = [
  { width: 1280, height: 800 },
  { width: 360, height: 740 },
];
const LANGUAGES = [
  { language: 'nl', accept: 'nl-NL,nl', signIn: NL.login.signIn, providerSignIn: NL.provider.signIn, userName: NL.provider.userName, password: NL.provider.password, welcome: NL.shell.welcome },
  { language: 'en', accept: 'en-US,en', signIn: EN.login.heading, providerSignIn: EN.provider.signIn, userName: EN.provider.userName, password: EN.provider.password, welcome: EN.shell.welcome },
] as const;

let stack: TestStack;
beforeAll(async () => {
  [stack] = await Promise.all([startTestStack(), mkdir(OUT, { recursive: true })]);
});
afterAll(async () => {
  await stack?.stop();
});

describe.each(LANGUAGES)('Firefox ESR in $language', ({ language, accept, signIn, providerSignIn, userName, password, welcome }) => {
  it.each(WIDTHS)('shows login, the provider, Home and Gebruikers at $width px without sideways scrolling', async (viewport) => {
    const browser = await launchEngine('firefox', { languages: accept });
    try {
      const staff = new StaffModel(await browser.newTab({ viewport }), stack);
      const shots: string[] = [];
      const shoot = async (name: string) => {
        const wide = await staff.tab.evaluate(() => document.documentElement.scrollWidth > window.innerWidth);
        expect(wide, `${name} scrolls sideways at ${viewport.width} px`).toBe(false);
        const path = `${OUT}/${name}-${language}-${viewport.width}.png`;
        await staff.tab.screenshot(path, { fullPage: true });
        shots.push(path);
      };

      if (language === 'en') await staff.tab.setCookie(stack.urls.app, 'Abp.Localization.CultureName', 'en');
      await staff.open('/account/login');
      await staff.tab.role('button', signIn).waitFor();
      expect(await staff.tab.evaluate(() => document.documentElement.lang)).toBe(language);
      await shoot('login');

      await staff.tab.role('button', signIn).click();
      await staff.tab.waitForUrl((url) => url.origin === new URL(stack.urls.issuer).origin);
      await staff.tab.label(userName).waitFor();
      await shoot('provider');
      await staff.tab.label(userName).fill('admin');
      await staff.tab.label(password).fill('123qwe');
      await staff.tab.role('button', providerSignIn).click();
      await staff.waitForHome(welcome);
      await shoot('home');

      await staff.open('/beheer/gebruikers');
      await staff.tab.text('monteur@isolatie.local').waitFor();
      await shoot('gebruikers');
      expect(shots).toHaveLength(4);
    } finally {
      await browser.close();
    }
  });
});
