/**
 * Runs `task` once the browser is idle (at the latest after `timeoutMs`):
 * work that may wait, such as preloading, stays out of the way of the first
 * screen.
 */
export function whenIdle(task: () => void, timeoutMs = 2000): void {
  if (typeof requestIdleCallback === 'function') requestIdleCallback(() => task(), { timeout: timeoutMs });
  else setTimeout(task, 200);
}
