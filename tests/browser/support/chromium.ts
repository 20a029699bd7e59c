import type { Browser, BrowserContext } from 'playwright-core';

export { CHROMIUM_PATH, launchChromium } from '../../../devstack/chromium.ts';

/** A fresh context: no cookies, no storage, and (unless a case asks for it) the service worker kept out so every request reaches the stack. */
export function newContext(browser: Browser, { serviceWorkers = 'block' }: { serviceWorkers?: 'allow' | 'block' } = {}): Promise<BrowserContext> {
  return browser.newContext({ serviceWorkers, locale: 'nl-NL', timezoneId: 'Europe/Amsterdam' });
}
