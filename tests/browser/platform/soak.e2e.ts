import { expect, it } from 'vitest';
import { runSoak } from '../../../scripts/soak.ts';
import { LONGEST_TEST_MS, seconds } from '../../support/limits.ts';

/**
 * The short profile of `npm run soak`: two tabs through 30 renewals with
 * the slow stretch, a frozen tab and an offline gap. No lost session, no
 * refused renewal, no timer or listener left behind. The heap is printed,
 * not judged: 30 renewals are too few to tell growth from warm-up (the
 * full run judges it over 500).
 */
it(
  'keeps two tabs signed in through 30 renewals, a slow stretch, a frozen tab and an offline gap',
  async () => {
    const report = await runSoak({
      renewals: 30,
      offlineMs: seconds(5),
      frozenMs: seconds(8),
      dist: 'dist',
      log: (message) => console.log(`soak: ${message}`),
    });
    expect(report.problems).toEqual([]);
    expect(report.lostSessions).toEqual([]);
    expect(report.renewals).toBeGreaterThanOrEqual(30);
    for (const tab of report.live) expect(tab.end.timers - tab.start.timers, `${tab.tab}: timers left behind`).toBeLessThanOrEqual(3);
  },
  LONGEST_TEST_MS,
);
