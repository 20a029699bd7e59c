import { BUDGETS } from '../budgets.ts';
import type { Figure, Report } from '../figures/types.ts';
import { ms, type Spread } from '../measure/stats.ts';
import type { LighthouseMeasurements } from './measure.ts';

/** Lighthouse's scores and blocking time per page and preset, against the goals of BUDGETS. */
export function lighthouseFigures(lighthouse: LighthouseMeasurements): Figure[] {
  const list: Figure[] = [];
  for (const audit of lighthouse.audits) {
    const name = `Lighthouse ${audit.preset}, ${audit.path}${audit.signedIn ? ' (signed in)' : ''}, ${audit.layout}`;
    const id = `lighthouse-${audit.layout}-${audit.page}-${audit.preset}`;
    const score = (category: keyof typeof audit.scores) => audit.scores[category];
    const metric = (id: keyof typeof audit.metrics) => audit.metrics[id].median;
    const range = (s: Spread) => (s.min === s.max ? `${Math.round(s.median)}` : `${Math.round(s.median)} (${Math.round(s.min)}–${Math.round(s.max)})`);
    list.push(
      {
        id: `${id}-performance`,
        label: `${name}: performance`,
        value: `${range(score('performance'))}; LCP ${ms(metric('largest-contentful-paint'))}, FCP ${ms(metric('first-contentful-paint'))}, CLS ${metric('cumulative-layout-shift').toFixed(3)}; CPU share ${audit.cpuShare.median.toFixed(2)}`,
        budget: `>= ${BUDGETS.lighthousePerformance} (median)`,
        pass: score('performance').median >= BUDGETS.lighthousePerformance,
      },
      {
        id: `${id}-tbt`,
        label: `${name}: total blocking time`,
        value: `${ms(metric('total-blocking-time'))} (${ms(audit.metrics['total-blocking-time'].min)}–${ms(audit.metrics['total-blocking-time'].max)})`,
        budget: `<= ${BUDGETS.lighthouseTbtMs} ms (median)`,
        pass: metric('total-blocking-time') <= BUDGETS.lighthouseTbtMs,
      },
      ...(audit.preset === 'mobile'
        ? [
            {
              id: `${id}-lcp`,
              label: `${name}: largest contentful paint`,
              value: `${ms(metric('largest-contentful-paint'))} (${ms(audit.metrics['largest-contentful-paint'].min)}–${ms(audit.metrics['largest-contentful-paint'].max)})`,
              budget: `<= ${BUDGETS.lighthouseMobileLcpMs[audit.page]} ms (median)`,
              pass: metric('largest-contentful-paint') <= BUDGETS.lighthouseMobileLcpMs[audit.page],
            },
          ]
        : []),
      {
        id: `${id}-a11y-bp`,
        label: `${name}: accessibility, best practices`,
        value: `${range(score('accessibility'))}, ${range(score('best-practices'))}${audit.failing.length ? `; failing: ${audit.failing.map((failing) => failing.id).join(', ')}` : ''}`,
        budget: `${BUDGETS.lighthouseAccessibility} and ${BUDGETS.lighthouseBestPractices} in every run`,
        pass: score('accessibility').min >= BUDGETS.lighthouseAccessibility && score('best-practices').min >= BUDGETS.lighthouseBestPractices,
      },
    );
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
