import { BUDGETS } from '../budgets.ts';
import type { LongTaskMeasurements, LongTaskPage } from '../measure/longTasks.ts';
import { ms, spread, spreadText } from '../measure/stats.ts';
import type { Figure, Report } from './types.ts';

function label(page: LongTaskPage, cpuSlowdown: number): string {
  return `Start at ${cpuSlowdown}x CPU slowdown, ${page.path} (signed ${page.signedIn ? 'in' : 'out'})`;
}

/**
 * The start's main-thread tasks before the largest contentful paint at the
 * mobile preset's CPU slowdown, beside the floor page's of the same run: the
 * longest task is held to the floor's, the sum over 50 ms and the LCP are
 * reported (both move with the machine).
 */
export function longTaskFigures(measured: LongTaskMeasurements): Figure[] {
  return measured.pages.flatMap((page) => {
    const name = label(page, measured.cpuSlowdown);
    const longest = spread(page.app.map((run) => run.longest));
    const floorLongest = spread(page.floor.map((run) => run.longest));
    const blocking = spread(page.app.map((run) => run.blocking));
    const floorBlocking = spread(page.floor.map((run) => run.blocking));
    const lcp = spread(page.app.map((run) => run.lcp));
    const floorLcp = spread(page.floor.map((run) => run.lcp));
    return [
      {
        id: `longtasks-${page.id}-longest`,
        label: `${name}: longest main-thread task before LCP`,
        value: `${spreadText(longest)}; floor page ${ms(floorLongest.median)}; ${ms(longest.median - floorLongest.median)} above it`,
        budget: `<= floor page + ${BUDGETS.longestTaskAboveFloorMs} ms (medians)`,
        pass: longest.median <= floorLongest.median + BUDGETS.longestTaskAboveFloorMs,
      },
      {
        id: `longtasks-${page.id}-blocking`,
        label: `${name}: time over 50 ms summed over the tasks before LCP`,
        value: `${spreadText(blocking)}; floor page ${ms(floorBlocking.median)}`,
        budget: '',
      },
      {
        id: `longtasks-${page.id}-lcp`,
        label: `${name}: largest contentful paint (loopback, no network throttling)`,
        value: `${spreadText(lcp)}; floor page ${ms(floorLcp.median)}`,
        budget: '',
      },
    ];
  });
}

/** A report with a new long-task measurement in place of its old one, the rest as the last bench measured it. */
export function withLongTasks(report: Report, longTasks: LongTaskMeasurements): Report {
  const isLongTask = (figure: Figure) => figure.id.startsWith('longtasks-');
  const at = report.figures.findIndex(isLongTask);
  const rest = report.figures.filter((figure) => !isLongTask(figure));
  const lighthouseAt = rest.findIndex((figure) => figure.id.startsWith('lighthouse-'));
  const index = at !== -1 ? at : lighthouseAt !== -1 ? lighthouseAt : rest.length;
  return { ...report, figures: [...rest.slice(0, index), ...longTaskFigures(longTasks), ...rest.slice(index)], longTasks };
}
