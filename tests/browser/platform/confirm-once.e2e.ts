import type { Browser, BrowserContext } from 'playwright-core';
import { describe, it } from 'vitest';
import type { Stack } from '../../../devstack/stack.ts';
import { AppModel } from '../models/app.model.ts';
import { NL } from '../models/texts.ts';
import { OUTCOME_MS, WatchedContext } from '../models/watch.ts';
import { launchChromium, newContext } from '../support/chromium.ts';
import { browserAndStackForSuite } from '../support/stack.ts';
import { LifetimeClock } from '../support/lifetimeClock.ts';
import { LONG_TEST_MS, seconds } from '../../support/limits.ts';

/**
 * README's promise without a refresh token: the person confirms the session
 * at most once per backend-token lifetime. The backend token lives 75 s and
 * the provider is on a site of its own (its frame sees no session), so each
 * renewal asks; it is due 30 s before the token ends (the frame's 10 s and
 * 20 s to confirm). In 90 s that is two confirmations at most, however
 * often the tab is brought back, and with two tabs open.
 *
 * The 90 s pass on the page's clock (`LifetimeClock`): the cases count when
 * the app asks, by its own clock, as the person would see it. Each case has
 * a context of its own, and they run side by side (as many at a time as
 * there are CPUs).
 */
const BACKEND_TOKEN_TTL_S = 75;
const WATCHED_MS = seconds(90);
/** How often the tab is brought back (a `visibilitychange` to visible, as after switching back to it). */
const BROUGHT_BACK_EVERY_MS = seconds(5);
const env = {} as { browser: Browser; stack: Stack };
browserAndStackForSuite(env, () => launchChromium({ args: ['--test-third-party-cookie-phaseout'] }), {
  refreshTokens: 'never',
  backendTokenTtl: BACKEND_TOKEN_TTL_S,
});

/** A fresh context of the file's browser for one case, on the page clock and watched from its first page on, closed after the case. */
async function inOwnContext(work: (watched: WatchedContext, clock: LifetimeClock) => Promise<void>): Promise<void> {
  const context = await newContext(env.browser);
  try {
    const clock = await LifetimeClock.install(context);
    await work(await WatchedContext.of(context, env.stack), clock);
  } finally {
    await context.close();
  }
}

/** "Sessie bevestigen" (this tab's frame saw no session), or "Opnieuw inloggen" (a tab opened on its own holds no provider tokens). */
const askingIn = (tab: AppModel) =>
  tab.page.getByRole('button', { name: new RegExp(`^(${NL.session.confirm}|${NL.session.signInAgain})$`) });

/**
 * Watches the tabs for `WATCHED_MS` by the page's clock (which also runs on
 * by itself while a popup is open), clicking "Sessie bevestigen" or
 * "Opnieuw inloggen" wherever it shows, as the person would; every
 * `wakeEveryMs` of the clock's moves each tab is brought back. Returns the
 * moments of the clicks, by the page's clock.
 */
async function confirmWhileWatching(
  clock: LifetimeClock,
  context: BrowserContext,
  tabs: AppModel[],
  wakeEveryMs?: number,
): Promise<number[]> {
  const clicks: number[] = [];
  const start = await clock.now(tabs[0]!.page);
  await clock.runFor(WATCHED_MS, async (moved) => {
    const now = await clock.now(tabs[0]!.page);
    if (now - start >= WATCHED_MS) return true;
    if (wakeEveryMs && moved % wakeEveryMs === 0)
      for (const tab of tabs) await tab.page.evaluate(() => document.dispatchEvent(new Event('visibilitychange')));
    for (const tab of tabs) {
      const asking = askingIn(tab);
      if ((await asking.count()) === 0) continue;
      clicks.push(now);
      const [popup] = await Promise.all([context.waitForEvent('page', { timeout: OUTCOME_MS }), asking.first().click()]);
      await popup.waitForEvent('close', { timeout: OUTCOME_MS });
      // Confirmed in one tab, no tab asks any more.
      for (const other of tabs) await askingIn(other).first().waitFor({ state: 'detached', timeout: OUTCOME_MS });
    }
  });
  return clicks;
}

describe('no refresh token, a 75 s backend token, the provider on its own site', () => {
  it.concurrent(
    'asks the person at most twice in 90 s',
    ({ expect }) =>
      inOwnContext(async (watched, clock) => {
        const app = await AppModel.newPage(watched);
        await app.person.signInToHome();
        const clicks = await confirmWhileWatching(clock, watched.context, [app]);
        expect(clicks.length, 'confirmations in 90 s').toBeGreaterThanOrEqual(1);
        expect(clicks.length, 'confirmations in 90 s').toBeLessThanOrEqual(2);
        expect(new URL(app.page.url()).pathname).toBe('/app/home');
      }),
    LONG_TEST_MS,
  );

  it.concurrent(
    'asks at most twice in 90 s when the tab is brought back every 5 s',
    ({ expect }) =>
      inOwnContext(async (watched, clock) => {
        const app = await AppModel.newPage(watched);
        await app.person.signInToHome();
        const clicks = await confirmWhileWatching(clock, watched.context, [app], BROUGHT_BACK_EVERY_MS);
        expect(clicks.length, 'confirmations in 90 s').toBeGreaterThanOrEqual(1);
        expect(clicks.length, 'confirmations in 90 s').toBeLessThanOrEqual(2);
      }),
    LONG_TEST_MS,
  );

  it.concurrent(
    'asks at most twice in 90 s with two tabs open, both brought back every 5 s',
    ({ expect }) =>
      inOwnContext(async (watched, clock) => {
        const first = await AppModel.newPage(watched);
        await first.person.signInToHome();
        const second = await AppModel.open(watched, '/app/home');
        await second.page.getByText(NL.home.tiles).waitFor({ timeout: OUTCOME_MS });
        const clicks = await confirmWhileWatching(clock, watched.context, [first, second], BROUGHT_BACK_EVERY_MS);
        expect(clicks.length, 'confirmations in 90 s, both tabs together').toBeGreaterThanOrEqual(1);
        expect(clicks.length, 'confirmations in 90 s, both tabs together').toBeLessThanOrEqual(2);
      }),
    LONG_TEST_MS,
  );
});
