/**
 * Runs `task` once the browser is idle (at the latest after `timeoutMs`):
 * work that may wait, such as preloading, stays out of the way of the first
 * screen.
 */
export function whenIdle(task: () => void, timeoutMs = 2000): void {
  if (typeof requestIdleCallback === 'function') requestIdleCallback(() => task(), { timeout: timeoutMs });
  else setTimeout(task, 200);
}

/**
 * Resolves in a task of its own, so that the work after it does not lengthen
 * the task before it: on a slow phone two short tasks keep the page answering
 * where one long one would not. `scheduler.yield` where the browser has it
 * (the continuation goes ahead of other waiting tasks), a zero timeout
 * elsewhere.
 */
export function nextTask(): Promise<void> {
  const scheduler = (globalThis as { scheduler?: { yield?: () => Promise<void> } }).scheduler;
  if (typeof scheduler?.yield === 'function') return scheduler.yield();
  return new Promise((resolve) => setTimeout(resolve, 0));
}
