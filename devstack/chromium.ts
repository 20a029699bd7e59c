import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { chromium, type Browser, type LaunchOptions } from 'playwright-core';

// Debian's Chromium, as the browser tests and the benchmark drive it. A
// browser that Playwright or Lighthouse would download is not available on
// the machines this runs on.

export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/**
 * Debian's chromium-headless-shell: the same Blink, V8 and network service
 * without the browser's own layer (its windows, settings, GPU compositing and
 * UI pages), the Chromium Playwright itself drives when headless. The browser
 * tests' Chromium: tests/browser/security/backend-faults.e2e.ts, 39 cases,
 * took Chromium 164 CPU seconds and 137 s in the browser, 99 and 110 in the
 * shell. Without Chrome's layer it has none of Chrome's settings: the
 * third-party cookie phase-out switch does nothing there (`build` below).
 */
export const CHROMIUM_SHELL_PATH = process.env.CHROMIUM_SHELL_PATH ?? '/usr/lib/chromium/chromium-headless-shell';

/** Chromium's switch that blocks third-party cookies, as Chrome's phase-out does. */
export const THIRD_PARTY_COOKIES_BLOCKED = '--test-third-party-cookie-phaseout';

/**
 * The address bar's pop-ups, which this Chromium draws as web pages of its
 * own (chrome://omnibox-popup.top-chrome/): headless, it still loads two for
 * every window, so every new context cost a renderer and about a second of
 * CPU that no test looks at (5 contexts: 3.5 s without this, 2.1 s with it).
 * And the spare renderer Chromium starts ahead of the next navigation: a
 * test's contexts each go to a site of their own, so most spares were ended
 * unused (tests/browser/security/id-token.e2e.ts, 18 cases: 135 and 144
 * renderers with it, 84 and 87 without; Chromium's CPU 104 s against 95).
 */
const FEATURES_OFF = ['WebUIOmniboxPopup', 'WebUIOmniboxAimPopup', 'SpareRendererForSitePerProcess'];

/**
 * The features Playwright switches off at every launch, read from the
 * Playwright installed. Chromium reads only the last --disable-features, and
 * Playwright puts its own first, so ours must repeat them or they would be
 * switched back on (among them ThirdPartyStoragePartitioning and
 * PaintHolding, which the tests' cookies and first paints rely on).
 */
function playwrightFeaturesOff(): string[] {
  const bundle = join(dirname(createRequire(import.meta.url).resolve('playwright-core/package.json')), 'lib/coreBundle.js');
  const list = /disabledFeatures = \[([\s\S]*?)\]\.filter/.exec(readFileSync(bundle, 'utf8'))?.[1];
  const features = [...(list ?? '').matchAll(/^\s*"(\w+)",?\s*$/gm)].map((match) => match[1]!);
  if (features.length === 0)
    throw new Error(
      `devstack/chromium.ts: no list of switched-off features found in ${bundle}; Playwright has moved it, so read it anew there.`,
    );
  return features;
}

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
  `--disable-features=${[...playwrightFeaturesOff(), ...FEATURES_OFF].join(',')}`,
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];

/** Which Chromium a launch starts. */
export type ChromiumBuild =
  /** Debian's chromium (CHROMIUM_PATH), headless: Chrome's own layer, third-party cookies blocked; what the benchmark measures. */
  | 'browser'
  /** The headless shell (CHROMIUM_SHELL_PATH): lighter, and third-party cookies as Chrome's default has them, allowed. */
  | 'shell';

/** Headless Chromium with those flags (the shell without the phase-out switch it ignores); `args` adds more (a remote debugging port, for Lighthouse). */
export function launchChromium(
  options: { args?: readonly string[]; build?: ChromiumBuild } & Omit<LaunchOptions, 'args' | 'executablePath'> = {},
): Promise<Browser> {
  const { args = [], build = 'browser', ...rest } = options;
  const shell = build === 'shell';
  const own = shell ? CHROMIUM_ARGS.filter((arg) => arg !== THIRD_PARTY_COOKIES_BLOCKED) : CHROMIUM_ARGS;
  return chromium.launch({ ...rest, executablePath: shell ? CHROMIUM_SHELL_PATH : CHROMIUM_PATH, args: [...own, ...args] });
}
