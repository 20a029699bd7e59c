import { chromium, type Browser, type BrowserContext } from 'playwright-core';

/** Debian's Chromium, with the flags this machine's closed network needs. */
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

export function launchChromium(): Promise<Browser> {
  return chromium.launch({
    executablePath: CHROMIUM_PATH,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
    ],
  });
}

/** A fresh context: no cookies, no storage, and the service worker kept out so every request reaches the stack. */
export function newContext(browser: Browser): Promise<BrowserContext> {
  return browser.newContext({ serviceWorkers: 'block', locale: 'nl-NL', timezoneId: 'Europe/Amsterdam' });
}
