import type { Spread } from '../measure/stats.ts';
import type { LighthouseMeasurements } from './measure.ts';

function range(s: Spread, format: (value: number) => string): string {
  return s.min === s.max ? format(s.median) : `${format(s.median)} (${format(s.min)}–${format(s.max)})`;
}

const msText = (value: number) => `${Math.round(value)} ms`;
const scoreText = (value: number) => String(Math.round(value));

/** A plain-text summary: the medians with their spread over the runs, failing audits, where the main thread's time goes. */
export function lighthouseSummary(measurements: LighthouseMeasurements): string {
  const { load } = measurements;
  const lines = [
    `Lighthouse ${measurements.lighthouseVersion}, Chromium ${measurements.chromium}, ${measurements.runs} runs each, ${measurements.seconds} s in all; ` +
      `load average ${load.start} at the start, ${load.end} at the end.`,
  ];
  lines.push(
    "Medians, with min–max over the runs. Main-thread times are of the representative run, scaled by the preset's CPU slowdown as Lighthouse reports them.",
  );
  for (const audit of measurements.audits) {
    const { scores, metrics } = audit;
    lines.push(
      '',
      `${audit.path}${audit.signedIn ? ' (signed in)' : ' (signed out)'}, ${audit.preset}, ${audit.layout} ` +
        `(benchmarkIndex ${Math.round(audit.benchmarkIndex)}, main thread had a CPU ${range(audit.cpuShare, (value) => `${Math.round(value * 100)}%`)} of its task time)`,
      `  performance ${range(scores.performance, scoreText)}, accessibility ${range(scores.accessibility, scoreText)}, best practices ${range(scores['best-practices'], scoreText)}`,
      `  TBT ${range(metrics['total-blocking-time'], msText)}, LCP ${range(metrics['largest-contentful-paint'], msText)}, FCP ${range(metrics['first-contentful-paint'], msText)}, ` +
        `SI ${range(metrics['speed-index'], msText)}, CLS ${range(metrics['cumulative-layout-shift'], (value) => value.toFixed(3))}`,
    );
    for (const failing of audit.failing) {
      lines.push(
        `  failing ${failing.category}: ${failing.id} "${failing.title}" (score ${failing.score ?? 'error'}, ${failing.failedRuns} of ${measurements.runs} runs)`,
      );
      for (const detail of failing.details) lines.push(`      ${detail}`);
    }
    lines.push(`  bootup-time ${msText(audit.bootup.total)} (total / scripting / parse):`);
    for (const script of audit.bootup.scripts) {
      lines.push(
        `      ${msText(script.total).padStart(7)} / ${msText(script.scripting).padStart(7)} / ${msText(script.parse).padStart(6)}  ${script.url.replace(/^https?:\/\/[^/]+/, '')}`,
      );
    }
    lines.push(
      `  main thread ${msText(audit.mainThread.total)}: ${audit.mainThread.groups.map((group) => `${group.label} ${msText(group.duration)}`).join(', ')}`,
    );
    for (const warning of audit.warnings) lines.push(`  warning: ${warning}`);
  }
  return `${lines.join('\n')}\n`;
}
