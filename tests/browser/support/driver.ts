import { launchChromiumEngine } from './engines/chromium.ts';
import { launchFirefoxEngine } from './engines/firefox.ts';
import { launchWebKitEngine } from './engines/webkit.ts';
import { DEFAULT_PREFS, type Engine, type EngineBrowser, type LaunchOptions, type Viewport } from './engines/tab.ts';

// A journey written once runs in each engine: Chromium through playwright-core
// (as every other browser test), Firefox ESR through puppeteer-core over
// WebDriver BiDi, WebKitGTK through selenium-webdriver over WebKitWebDriver's
// classic WebDriver. This file is the one interface; each engine has one
// file under engines/. A tab offers only what every engine does the same
// way: the address, controls found as a person finds them (by role and name,
// label, text), clicks and typing, cookies, sessionStorage, screenshots, the
// viewport, and the requests the tab made. Names match whole, as the
// accessibility tree computes them; text matches a part of an element's
// text. A test that needs more (held requests, the page clock, CPU
// throttling) runs in Chromium on playwright-core's own page, and may still
// use this interface on it through `chromiumTab`.

export { chromiumTab, chromiumTarget } from './engines/chromium.ts';

export * from './engines/tab.ts';

const DESKTOP: Viewport = { width: 1280, height: 720 };

export async function launchEngine(engine: Engine, options: LaunchOptions = {}): Promise<EngineBrowser> {
  const prefs = {
    languages: options.languages ?? DEFAULT_PREFS.languages,
    thirdPartyCookies: options.thirdPartyCookies ?? DEFAULT_PREFS.thirdPartyCookies,
  };
  const launched =
    engine === 'chromium'
      ? await launchChromiumEngine(prefs)
      : engine === 'firefox'
        ? await launchFirefoxEngine(prefs)
        : await launchWebKitEngine({ ...prefs, screenshots: options.screenshots ?? false });
  return {
    engine,
    newTab: ({ viewport = DESKTOP } = {}) => launched.newTab({ viewport }),
    close: () => launched.close(),
  };
}
