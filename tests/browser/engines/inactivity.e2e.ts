import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestStack } from '../../../devstack/test-stack.ts';
import { StaffModel } from '../models/staff.model.ts';
import { NL } from '../models/texts.ts';
import { launchEngine, type EngineBrowser, type Tab } from '../support/driver.ts';
import { pageTime, runPageClock, runPageClockUntil } from '../support/pageClock.ts';
import { startTestStack } from '../support/stack.ts';
import { limit, LONG_TEST_MS, OUTCOME_MS, seconds, SOON_MS } from '../../support/limits.ts';

/**
 * The sign-out after inactivity in two tabs of one browser, in Firefox ESR
 * and WebKitGTK: the server's settings as
 * tests/browser/paths/support/inactivityDriver.ts INACTIVITY_SETTINGS, in
 * seconds instead of minutes (below), so the timers the app sets are the
 * ones that run. They run on the page clock the stack gives every page,
 * moved in the first tab (across the quiet stretch in one move, then a
 * second at a time); the clock is the origin's, so the second tab's timers
 * run as far.
 */
/**
 * The warning for the last 8 s on the reference machine, times the machine's
 * factor, in whole seconds as the server takes them: the page clock also runs
 * with the real one, and the test must click "Ingelogd blijven" before the
 * warning runs out.
 */
const WARNING_S = Math.ceil(limit(8_000) / 1_000);
/**
 * The quiet stretch before the warning, which the clock crosses in one move.
 * Long, because it runs in real time from the first tab's watch while the
 * second tab opens: a stretch as short as the warning was over before
 * WebKit's second tab showed Home in a whole run of the suite.
 */
const QUIET_S = 45;
const TIMEOUT_S = QUIET_S + WARNING_S;

/**
 * Runs the tab's clock to a second before `due` in one move, then a second at
 * a time until the warning shows.
 */
async function runUntilWarning(tab: Tab, due: number, warned: () => Promise<boolean>): Promise<void> {
  const left = due - seconds(1) - (await pageTime(tab));
  if (left > 0) await runPageClock(tab, left);
  await runPageClockUntil(tab, seconds(WARNING_S), warned);
}

describe.each(['firefox', 'webkit'] as const)('%s, inactivity in two tabs', (engine) => {
  let browser: EngineBrowser;
  let stack: TestStack;

  beforeAll(async () => {
    [browser, stack] = await Promise.all([
      launchEngine(engine),
      startTestStack({
        pageClock: true,
        settings: {
          'App.UserManagement.SessionTimeOut.IsEnabled': 'true',
          'App.UserManagement.SessionTimeOut.TimeOutSecond': String(TIMEOUT_S),
          'App.UserManagement.SessionTimeOut.ShowTimeOutNotificationSecond': String(WARNING_S),
        },
      }),
    ]);
  });
  afterAll(async () => {
    await Promise.all([browser?.close(), stack?.stop()]);
  });

  it(
    'warns in both tabs, "Ingelogd blijven" in one closes the warning in the other, and at zero both are signed out',
    async () => {
      const first = new StaffModel(await browser.newTab(), stack);
      try {
        await first.signInToHome();
        const second = new StaffModel(await first.tab.openTab(), stack);
        await second.open('/app/home');
        await second.waitForHome();
        // Both watches running before the clock moves: a watch that starts later tells the other tab, which would then
        // count from then while a tab already warning would not, and the two tabs' warnings would come apart.
        const watched = Math.max(await first.waitForInactivityWatch(), await second.waitForInactivityWatch());
        const warning = (staff: StaffModel) => staff.tab.role('dialog', NL.inactivity.warning);
        expect(await warning(first).visible()).toBe(false);

        // No activity in either tab: both warn at once, the time-out counted from the last activity of all tabs.
        await runUntilWarning(first.tab, watched + seconds(QUIET_S), () => warning(first).visible());
        await warning(first).waitFor(SOON_MS);
        await warning(second).waitFor(SOON_MS);
        expect(await first.tab.text('word je automatisch uitgelogd, in alle tabbladen').visible()).toBe(true);

        const stayedAt = await pageTime(second.tab);
        await second.tab.role('button', NL.inactivity.stay).click();
        await expect.poll(() => warning(first).visible(), { message: 'the warning closes in the other tab', timeout: SOON_MS }).toBe(false);
        await expect.poll(() => warning(second).visible(), { timeout: SOON_MS }).toBe(false);
        expect(new URL(first.tab.url()).pathname).toBe('/app/home');

        // Still nothing done: warned again after the same while, then signed out in both tabs at zero.
        await runUntilWarning(first.tab, stayedAt + seconds(QUIET_S), () => warning(first).visible());
        await warning(first).waitFor(SOON_MS);
        expect((await pageTime(first.tab)) - stayedAt, 'the stay counted in every tab').toBeGreaterThan(seconds(QUIET_S - 1));
        const idle = (url: URL) => url.pathname === '/account/login' && url.searchParams.get('reason') === 'idle';
        await runPageClockUntil(first.tab, seconds(WARNING_S), async () => idle(new URL(first.tab.url())));
        for (const staff of [first, second]) {
          await staff.tab.waitForUrl(idle, OUTCOME_MS);
          await staff.tab.text(NL.login.signedOutIdle).waitFor();
          expect(await staff.tab.sessionStorage()).not.toHaveProperty('oidc.tokens');
        }
        expect(await first.backendToken(), 'the backend token is gone').toBeUndefined();
        if (engine !== 'webkit') {
          // One sign-out for both tabs (WebKit's driver lists a page's requests only while that page lives).
          const revocations = [first, second].flatMap((staff) =>
            staff.tab.requests.filter((request) => request.method === 'POST' && request.url.endsWith('/v1/revoke')),
          );
          expect(revocations).toHaveLength(1);
        }
        // The provider's session ended too: the next person at this computer gets its form.
        await second.tab.role('button', NL.login.signIn).click();
        await second.tab.label(NL.provider.userName).waitFor();
      } finally {
        await first.tab.close();
      }
    },
    LONG_TEST_MS,
  );
});
