/** How often the wall clock is compared with the time the timers saw pass (often enough for the idle countdown). */
const TICK_MS = 5_000;
/** A tick later than this by the wall clock means the tab or the machine slept in between. */
const JUMP_MS = 10_000;

/**
 * Calls `onWake` when a tab may have missed its timers: it became visible
 * again (background tabs' timers are throttled), it came back from the
 * back-forward cache, the browser is online again, or the wall clock moved
 * on much further than a timer did (a laptop that slept: timers count awake
 * time only). The token lifecycle and the idle sign-out both check against
 * the wall clock then. Returns what stops it.
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
  window.addEventListener('pageshow', onWake);
  return () => {
    clearInterval(tick);
    document.removeEventListener('visibilitychange', onVisible);
    window.removeEventListener('online', onWake);
    window.removeEventListener('pageshow', onWake);
  };
}
