import { BUDGETS } from '../budgets.ts';
import type { Figure, Report } from '../figures/types.ts';
import { MOBILE_CPU_SLOWDOWN } from '../measure/longTasks.ts';
import { ms, type Spread } from '../measure/stats.ts';
import type { FloorAudit, LighthouseAudit, LighthouseMeasurements } from './measure.ts';

const range = (s: Spread) =>
  s.min === s.max ? `${Math.round(s.median)}` : `${Math.round(s.median)} (${Math.round(s.min)}–${Math.round(s.max)})`;
const msRange = (s: Spread) => `${ms(s.median)} (${ms(s.min)}–${ms(s.max)})`;
const goal = (met: boolean) => (met ? 'goal met' : 'goal not met on this machine');

/** The LCP budget of a mobile audit: 1.2 x the floor page's, plus the spec's API round trips at the preset's RTT. */
export function lcpBudget(audit: LighthouseAudit, floor: FloorAudit): number {
  return BUDGETS.lighthouseLcpToFloor * floor.metrics['largest-contentful-paint'].median + BUDGETS.startRoundTrips * audit.rttMs;
}

/**
 * Lighthouse's figures per page and preset. Mobile is held to the floor page
 * audited in the same run (total blocking time, LCP); the scores and the
 * absolute goals are reported beside it, as they move with the machine's
 * speed. Accessibility and best practices do not: they hold in every run.
 */
export function lighthouseFigures(lighthouse: LighthouseMeasurements): Figure[] {
  const list: Figure[] = [];
  for (const audit of lighthouse.audits) {
    const name = `Lighthouse ${audit.preset}, ${audit.path}${audit.signedIn ? ' (signed in)' : ''}, ${audit.layout}`;
    const id = `lighthouse-${audit.layout}-${audit.page}-${audit.preset}`;
    const score = (category: keyof typeof audit.scores) => audit.scores[category];
    const metric = (id: keyof typeof audit.metrics) => audit.metrics[id].median;
    const { floor } = audit;
    const tbt = metric('total-blocking-time');
    const lcp = metric('largest-contentful-paint');
    list.push({
      id: `${id}-performance`,
      label: `${name}: performance`,
      value:
        `${range(score('performance'))}${floor ? `, floor page ${range(floor.performance)}` : ''}; LCP ${ms(lcp)}, FCP ${ms(metric('first-contentful-paint'))}, ` +
        `CLS ${metric('cumulative-layout-shift').toFixed(3)}; CPU share ${audit.cpuShare.median.toFixed(2)}; ${goal(score('performance').median >= BUDGETS.lighthousePerformance)}`,
      budget: `goal >= ${BUDGETS.lighthousePerformance} (median), reported`,
    });
    if (floor) {
      const floorTbt = floor.metrics['total-blocking-time'].median;
      list.push({
        id: `${id}-tbt`,
        label: `${name}: total blocking time, beside the floor page`,
        value: `${msRange(audit.metrics['total-blocking-time'])}; floor page ${msRange(floor.metrics['total-blocking-time'])}; ${ms(tbt - floorTbt)} above it; ${goal(tbt <= BUDGETS.lighthouseTbtMs)} (<= ${BUDGETS.lighthouseTbtMs} ms)`,
        budget: `<= floor page + ${BUDGETS.lighthouseTbtAboveFloorMs} ms (medians)`,
        pass: tbt <= floorTbt + BUDGETS.lighthouseTbtAboveFloorMs,
      });
      if (audit.cpuBlocking && floor.cpuBlocking) {
        list.push({
          id: `${id}-tbt-cpu`,
          label: `${name}: total blocking time from CPU time x ${MOBILE_CPU_SLOWDOWN}, beside the floor page`,
          value: `${msRange(audit.cpuBlocking)}; floor page ${msRange(floor.cpuBlocking)}; CPU share ${audit.cpuShare.median.toFixed(2)}, floor page ${floor.cpuShare.median.toFixed(2)}`,
          budget: `reported (the page's own work on a core ${MOBILE_CPU_SLOWDOWN} times slower, without the waiting a busy machine adds)`,
        });
      }
    } else {
      list.push({
        id: `${id}-tbt`,
        label: `${name}: total blocking time`,
        value: `${msRange(audit.metrics['total-blocking-time'])}; ${goal(tbt <= BUDGETS.lighthouseTbtMs)}`,
        budget: `goal <= ${BUDGETS.lighthouseTbtMs} ms (median), reported`,
      });
    }
    if (audit.preset === 'mobile') {
      const lcpGoal = BUDGETS.lighthouseMobileLcpMs[audit.page];
      list.push(
        floor
          ? {
              id: `${id}-lcp`,
              label: `${name}: largest contentful paint, beside the floor page`,
              value: `${msRange(audit.metrics['largest-contentful-paint'])}; floor page ${msRange(floor.metrics['largest-contentful-paint'])}; budget here ${ms(lcpBudget(audit, floor))}; ${goal(lcp <= lcpGoal)} (<= ${lcpGoal} ms)`,
              budget: `<= ${BUDGETS.lighthouseLcpToFloor} x floor page + ${BUDGETS.startRoundTrips} round trips of ${audit.rttMs} ms (medians)`,
              pass: lcp <= lcpBudget(audit, floor),
            }
          : {
              id: `${id}-lcp`,
              label: `${name}: largest contentful paint`,
              value: `${msRange(audit.metrics['largest-contentful-paint'])}; ${goal(lcp <= lcpGoal)}`,
              budget: `goal <= ${lcpGoal} ms (median), reported`,
            },
      );
    }
    list.push({
      id: `${id}-a11y-bp`,
      label: `${name}: accessibility, best practices`,
      value: `${range(score('accessibility'))}, ${range(score('best-practices'))}${audit.failing.length ? `; failing: ${audit.failing.map((failing) => failing.id).join(', ')}` : ''}`,
      budget: `${BUDGETS.lighthouseAccessibility} and ${BUDGETS.lighthouseBestPractices} in every run`,
      pass: score('accessibility').min >= BUDGETS.lighthouseAccessibility && score('best-practices').min >= BUDGETS.lighthouseBestPractices,
    });
  }
  return list;
}

/**
 * A report with a new Lighthouse measurement in place of its old one: the
 * Lighthouse figures where they stood, the rest as the last bench measured it.
 */
export function withLighthouse(report: Report, lighthouse: LighthouseMeasurements): Report {
  const isLighthouse = (figure: Figure) => figure.id.startsWith('lighthouse-');
  const at = report.figures.findIndex(isLighthouse);
  const rest = report.figures.filter((figure) => !isLighthouse(figure));
  const index = at === -1 ? rest.length : at;
  return { ...report, figures: [...rest.slice(0, index), ...lighthouseFigures(lighthouse), ...rest.slice(index)], lighthouse };
}
