/** How often the wall clock is compared with the time the timers saw pass. */
const TICK_MS = 30_000;
/** A tick later than this by the wall clock means the tab or the machine slept in between. */
const JUMP_MS = 60_000;

/**
 * Calls `onWake` when a tab may have missed its timers: it became visible
 * again (background tabs' timers are throttled), the browser is online
 * again, or the wall clock moved on much further than a timer did (a laptop
 * that slept: timers count awake time only). Returns what stops it.
 */
export function watchWake(onWake: () => void): () => void {
  const onVisible = () => {
    if (document.visibilityState === 'visible') onWake();
  };
  let last = Date.now();
  const tick = setInterval(() => {
    const now = Date.now();
    if (now - last > TICK_MS + JUMP_MS) onWake();
    last = now;
  }, TICK_MS);
  document.addEventListener('visibilitychange', onVisible);
  window.addEventListener('online', onWake);
  return () => {
    clearInterval(tick);
    document.removeEventListener('visibilitychange', onVisible);
    window.removeEventListener('online', onWake);
  };
}
