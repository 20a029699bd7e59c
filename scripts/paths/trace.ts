import { pathName, stateKey, type ModelPath } from './model.ts';
import type { WalkedStep } from './walk.ts';

/** Numbers this close to the moment the paths are made for are moments (epoch ms), written relative to it. */
const MOMENT_RANGE_MS = 365 * 24 * 60 * 60_000;

function show(value: unknown, now: number): string {
  if (value === undefined) return 'undefined';
  return JSON.stringify(value, (_key, item: unknown) =>
    typeof item === 'number' && item !== now && Math.abs(item - now) < MOMENT_RANGE_MS
      ? `now${item > now ? '+' : '-'}${Math.abs(item - now)}ms`
      : item === now
        ? 'now'
        : item,
  );
}

function contextOf(context: unknown): Record<string, unknown> {
  return typeof context === 'object' && context !== null ? (context as Record<string, unknown>) : {};
}

/**
 * What a walked path reached, a line per step and below it what the step
 * did: the actions the machine ran (with their parameters), the context
 * entries that changed, the timers waiting when they changed (a re-entered
 * state restarts its own) and, for a delay, its length. Moments are written
 * relative to `now` (`now+3600000ms`), so the text is the same on every run.
 *
 *   boot#1 start (nl) → done loadConfig (ok) → …
 *     start (nl) → loadingConfig
 *       actions: clearError
 *       context: cultureName = "nl"
 *
 * (`timers:` follows the context lines.)
 */
export function traceOf(path: ModelPath, steps: WalkedStep[], now: number): string {
  const lines = [pathName(path)];
  let before: Record<string, unknown> = {};
  let timersBefore = '';
  for (const { step, state, context, actions, timers, delay } of steps) {
    lines.push(`  ${step.label}${delay === undefined ? '' : ` (${delay} ms)`} → ${stateKey(state)}`);
    if (actions.length > 0) {
      lines.push(
        `    actions: ${actions.map(({ type, params }) => (params === undefined ? type : `${type} ${show(params, now)}`)).join(', ')}`,
      );
    }
    const after = contextOf(context);
    const changed = [...new Set([...Object.keys(before), ...Object.keys(after)])].filter(
      (key) => show(before[key], now) !== show(after[key], now),
    );
    for (const key of changed.sort()) lines.push(`    context: ${key} = ${show(after[key], now)}`);
    before = after;
    if (timers.join(', ') !== timersBefore) lines.push(`    timers: ${timers.join(', ') || 'none'}`);
    timersBefore = timers.join(', ');
  }
  return lines.join('\n');
}
