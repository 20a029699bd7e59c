import { chromium, type Browser, type LaunchOptions } from 'playwright-core';

// Debian's Chromium, as the browser tests and the benchmark drive it. A
// browser that Playwright or Lighthouse would download is not available on
// the machines this runs on.

export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/** Chromium's switch that blocks third-party cookies, as Chrome's phase-out does. */
export const THIRD_PARTY_COOKIES_BLOCKED = '--test-third-party-cookie-phaseout';

/**
 * The flags this machine's closed network and container need (no sandbox, no
 * GPU, nothing that calls home), and third-party cookies blocked, as Chrome
 * is phasing them out and Safari and Firefox already keep them from a frame:
 * an app that needs the provider's cookie in a frame of its page fails here
 * as it would for staff.
 */
export const CHROMIUM_ARGS: readonly string[] = [
  '--no-sandbox',
  THIRD_PARTY_COOKIES_BLOCKED,
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];

/** Headless Chromium with those flags; `args` adds more (a remote debugging port, for Lighthouse). */
export function launchChromium(options: { args?: readonly string[] } & Omit<LaunchOptions, 'args' | 'executablePath'> = {}): Promise<Browser> {
  const { args = [], ...rest } = options;
  return chromium.launch({ ...rest, executablePath: CHROMIUM_PATH, args: [...CHROMIUM_ARGS, ...args] });
}
