import { logError } from '../lib/log.ts';
import { whenIdle } from '../lib/whenIdle.ts';
import { bootActor, bootContext } from './bootActor.ts';

/**
 * Runs `load` once, when the browser is idle after start-up first was ready with a signed-in user:
 * code only signed-in pages need stays out of the first download. Code that could not be fetched (the
 * network gone just after signing in) is asked for again every 10 s: without it the session is never renewed.
 */
export function whenSignedIn(load: () => Promise<void>): void {
  const attempt = (): Promise<void> =>
    load().catch((error: unknown) => {
      logError('start-up', error);
      setTimeout(attempt, 10_000);
    });
  const subscription = bootActor.subscribe((snapshot) => {
    if (!snapshot.matches('ready') || !bootContext(snapshot).session?.user) return;
    subscription.unsubscribe();
    whenIdle(attempt);
  });
}
