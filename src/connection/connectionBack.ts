import { abpEvents } from '../abp/events.ts';

/**
 * The waits before each further try while what failed still fails just after
 * the connection came back: the browser says it is online, or the API
 * answers, a moment before every path to the server does (the service
 * worker's own requests among them), so one try at that moment can fail too.
 */
export const SETTLE_WAITS_MS: readonly number[] = [1000, 2000, 4000, 8000];

/**
 * What failed for want of a connection, tried again once it may be back (the
 * browser online again, or the API answering again after it could not be
 * reached: the connection banner's own tries, or its "Nu opnieuw proberen"),
 * and again after each of SETTLE_WAITS_MS while it still fails. `tryAgain`
 * is told which try it is (0 right at the news, 1 after the first wait, …) and
 * resolves true when no further try is needed (it loaded, or is no longer
 * wanted); a rejection counts as a failed try. The tries stop there, when the
 * browser goes offline, or once the returned function is called. One run at
 * a time: the browser's `online` and the API's answer come together.
 */
export function whenConnectionBack(tryAgain: (attempt: number) => Promise<boolean>): () => void {
  let running = false;
  let stopped = false;
  const done = (attempt: number) => tryAgain(attempt).catch(() => false);
  const run = async () => {
    if (running || stopped) return;
    running = true;
    try {
      if (await done(0)) return;
      for (const [index, waitMs] of SETTLE_WAITS_MS.entries()) {
        await new Promise((resolve) => setTimeout(resolve, waitMs));
        if (stopped || !navigator.onLine) return;
        if (await done(index + 1)) return;
      }
    } finally {
      running = false;
    }
  };
  const listener = () => void run();
  window.addEventListener('online', listener);
  const stopReachable = abpEvents.on('abp.reachable', listener);
  return () => {
    stopped = true;
    window.removeEventListener('online', listener);
    stopReachable();
  };
}
