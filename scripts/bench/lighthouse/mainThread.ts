/**
 * What a page's main thread did in one Lighthouse run, read from the trace's
 * top-level tasks: how much of their wall time had a CPU, and the blocking
 * time its own work alone would give at the preset's slowdown.
 */
import { LONG_TASK_MS } from '../measure/longTasks.ts';

/** A top-level main-thread task: start and wall time (`dur`) and thread time (`tdur`), in microseconds, as the trace has them. */
export interface TaskTimes {
  ts: number;
  dur: number;
  /** Absent where the trace did not record thread time: the wall time stands in for it. */
  tdur?: number;
}

/** Thread time as the trace gives it (Lighthouse's event type leaves it out). */
type TimedEvent = { ts: number; tts?: number; tdur?: number };

/**
 * A task's times in microseconds: its wall time from Lighthouse's task (a
 * complete event or a begin/end pair, its duration in milliseconds), its
 * thread time from the complete event's tdur or the pair's thread clocks.
 */
export function taskTimes(task: { event: unknown; endEvent?: unknown; duration: number }): TaskTimes {
  const event = task.event as TimedEvent;
  const end = task.endEvent as TimedEvent | undefined;
  const tdur = end ? (end.tts !== undefined && event.tts !== undefined ? end.tts - event.tts : undefined) : event.tdur;
  return { ts: event.ts, dur: task.duration * 1000, ...(tdur === undefined ? {} : { tdur }) };
}

/** CPU time over wall time of the tasks: below 1, the page waited inside its tasks for a CPU. */
export function cpuShareOf(tasks: readonly TaskTimes[]): number {
  const wall = tasks.reduce((sum, task) => sum + task.dur, 0);
  const cpu = tasks.reduce((sum, task) => sum + (task.tdur ?? task.dur), 0);
  return wall > 0 ? cpu / wall : 1;
}

/**
 * Total blocking time counted from each task's CPU time instead of its wall
 * time: every task from the first contentful paint on, its CPU time times the
 * preset's slowdown, what lies over 50 ms summed. Lighthouse's own TBT
 * multiplies the wall time, so the time a task waited for a CPU (on a busy
 * machine, most of it) is counted four times over; this is what the page's
 * own work would block on a core `slowdown` times slower that waits for
 * nothing. Counted to the end of the trace, not to Lighthouse's
 * time-to-interactive: a little stricter, never less.
 */
export function blockingFromCpuTime(tasks: readonly TaskTimes[], firstContentfulPaintTs: number, slowdown: number): number {
  let blocking = 0;
  for (const task of tasks) {
    if (task.ts < firstContentfulPaintTs) continue;
    const slowedMs = ((task.tdur ?? task.dur) / 1000) * slowdown;
    blocking += Math.max(0, slowedMs - LONG_TASK_MS);
  }
  return blocking;
}
