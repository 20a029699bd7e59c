import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import puppeteer, { type Browser } from 'puppeteer-core';

// Debian's Firefox ESR, driven over WebDriver BiDi by puppeteer-core (which
// never downloads a browser). Every launch gets a fresh profile.

export const FIREFOX_PATH = process.env.FIREFOX_PATH ?? '/usr/bin/firefox-esr';

/**
 * Prefs on top of puppeteer's own (which already stop updates, telemetry,
 * safe browsing and the other calls home): the person's languages, and
 * Firefox's own cookie rules put back. Puppeteer's defaults ask for
 * `cookieBehavior0` (every cookie in every frame); a person's Firefox runs
 * with Total Cookie Protection (`cookieBehavior` 5), under which a frame on
 * the app's page gets its own, empty jar for the provider's site.
 */
export function firefoxPrefs({ languages, thirdPartyCookies }: { languages: string; thirdPartyCookies: 'blocked' | 'allowed' }): Record<string, unknown> {
  return {
    'intl.accept_languages': languages,
    'intl.locale.requested': languages.split(',')[0],
    'network.cookie.cookieBehavior': thirdPartyCookies === 'blocked' ? 5 : 0,
    'browser.contentblocking.features.standard': thirdPartyCookies === 'blocked' ? '-tp,tpPrivate,cookieBehavior5,cookieBehaviorPBM5,-cryptoTP,-fp' : '-tp,tpPrivate,cookieBehavior0,-cryptoTP,-fp',
    // Nothing to reach on a closed network: no captive-portal or connectivity probes, no remote settings.
    'network.captive-portal-service.enabled': false,
    'network.connectivity-service.enabled': false,
    'browser.region.network.url': '',
    'browser.region.update.enabled': false,
    'messaging-system.rsexperimentloader.enabled': false,
    'toolkit.telemetry.enabled': false,
  };
}

export interface FirefoxLaunch {
  browser: Browser;
  /** Closes the browser and removes its profile. */
  close(): Promise<void>;
}

/** Headless Firefox ESR with a fresh profile. */
export async function launchFirefox(options: { languages: string; thirdPartyCookies?: 'blocked' | 'allowed' }): Promise<FirefoxLaunch> {
  const profile = await mkdtemp(join(tmpdir(), 'firefox-profile-'));
  const browser = await puppeteer.launch({
    browser: 'firefox',
    executablePath: FIREFOX_PATH,
    headless: true,
    userDataDir: profile,
    extraPrefsFirefox: firefoxPrefs({ languages: options.languages, thirdPartyCookies: options.thirdPartyCookies ?? 'blocked' }),
    env: { ...process.env, MOZ_HEADLESS: '1' },
  });
  return {
    browser,
    async close() {
      await browser.close().catch(() => undefined);
      await rm(profile, { recursive: true, force: true });
    },
  };
}
