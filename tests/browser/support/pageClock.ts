import { eventually, OUTCOME_MS } from '../models/watch.ts';
import type { Tab } from './driver.ts';
import { LOOK_EVERY_MS, pause, seconds } from '../../support/limits.ts';

/** The page clock the test stack's app server puts in every page (devstack/app-server/page-clock.ts). */
interface PageClock {
  runFor(ms: number): Promise<void>;
  readonly running: boolean;
  setSystemTime(ms: number): void;
}

/**
 * Runs the page clock of the tab's page (a stack started with `pageClock`)
 * `ms` on, every timer due within it in order. Started by one script and
 * waited for by the next: WebKit's driver times a script with a timer of the
 * page, and ends one that outlasts it.
 */
export async function runPageClock(tab: Tab, ms: number, what = `the page clock did not run ${ms} ms on`): Promise<void> {
  await tab.evaluate((n) => void (window as unknown as { __pageClock: PageClock }).__pageClock.runFor(n), ms);
  await eventually(async () => !(await tab.evaluate(() => (window as unknown as { __pageClock: PageClock }).__pageClock.running)), what);
}

/**
 * Runs the page clock a second at a time until `done`, for at most `ms` of
 * moves, with a look's pause after each second: what the page does in real
 * time meanwhile (a request under way, a hidden frame's pages) gets its turn
 * before the clock moves again, so the clock does not outrun it to a time-out
 * of its own (the ABP client's 15 s run on the page clock too). A move cut
 * short by the tab leaving (a navigation the clock set off) is no failure
 * once `done` follows.
 */
export async function runPageClockUntil(tab: Tab, ms: number, done: () => Promise<boolean>): Promise<void> {
  for (let moved = 0; moved <= ms && !(await done()); moved += seconds(1)) {
    await runPageClock(tab, seconds(1)).catch(async (error: unknown) => {
      await eventually(done, 'the tab to leave', OUTCOME_MS).catch(() => Promise.reject(error));
    });
    await pause(LOOK_EVERY_MS);
  }
}

/** The page's time: its Date, as the app reads it. */
export function pageTime(tab: Tab): Promise<number> {
  return tab.evaluate(() => Date.now());
}

/** Sets the page's Date (and the origin's other pages'), leaving its timers to their schedule: a laptop that slept. */
export async function setPageTime(tab: Tab, ms: number): Promise<void> {
  await tab.evaluate((n) => (window as unknown as { __pageClock: PageClock }).__pageClock.setSystemTime(n), ms);
}
