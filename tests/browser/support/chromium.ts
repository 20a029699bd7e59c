import type { Browser, BrowserContext } from 'playwright-core';

export { CHROMIUM_PATH, launchChromium } from '../../../devstack/chromium.ts';

/** A fresh context: no cookies, no storage, and (unless a case asks for it) the service worker kept out so every request reaches the stack. */
export function newContext(
  browser: Browser,
  { serviceWorkers = 'block' }: { serviceWorkers?: 'allow' | 'block' } = {},
): Promise<BrowserContext> {
  return browser.newContext({ serviceWorkers, locale: 'nl-NL', timezoneId: 'Europe/Amsterdam' });
}

/** A phone at a site: 360 x 740, touch, Dutch, the service worker kept out. */
export function newPhoneContext(browser: Browser): Promise<BrowserContext> {
  return browser.newContext({
    viewport: { width: 360, height: 740 },
    hasTouch: true,
    isMobile: true,
    serviceWorkers: 'block',
    locale: 'nl-NL',
    timezoneId: 'Europe/Amsterdam',
  });
}
