import type { Browser, BrowserContext } from 'playwright-core';
import { launchChromium as launch, THIRD_PARTY_COOKIES_BLOCKED } from '../../../devstack/chromium.ts';

export { CHROMIUM_PATH, THIRD_PARTY_COOKIES_BLOCKED } from '../../../devstack/chromium.ts';

/**
 * The tests' Chromium: the headless shell (devstack/chromium.ts), where a
 * case's cost is mostly the page's own; the browser itself where a case
 * blocks third-party cookies (THIRD_PARTY_COOKIES_BLOCKED among `args`: a
 * provider's frame without its session), which only the browser's own layer
 * does.
 */
export function launchChromium({ args = [] }: { args?: readonly string[] } = {}): Promise<Browser> {
  return launch({ args, build: args.includes(THIRD_PARTY_COOKIES_BLOCKED) ? 'browser' : 'shell' });
}

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
