import type { Browser, BrowserContext } from 'playwright-core';

export { CHROMIUM_PATH, launchChromium } from '../../../devstack/chromium.ts';

/** A fresh context: no cookies, no storage, and the service worker kept out so every request reaches the stack. */
export function newContext(browser: Browser): Promise<BrowserContext> {
  return browser.newContext({ serviceWorkers: 'block', locale: 'nl-NL', timezoneId: 'Europe/Amsterdam' });
}
