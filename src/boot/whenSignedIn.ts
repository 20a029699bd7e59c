import { logError } from '../lib/log.ts';
import { whenIdle } from '../lib/whenIdle.ts';
import { bootActor } from './bootActor.ts';

/** What whenSignedIn reads of start-up: its state and whether its session has a user. */
export interface StartUpWatch {
  getSnapshot(): StartUpSnapshot;
  subscribe(observer: (snapshot: StartUpSnapshot) => void): { unsubscribe(): void };
}

interface StartUpSnapshot {
  matches(state: 'ready'): boolean;
  context: { session?: { user?: unknown } };
}

/**
 * Runs `load` once, when the browser is idle after start-up first was ready with a signed-in user:
 * code only signed-in pages need stays out of the first download. Code that could not be fetched (the
 * network gone just after signing in) is asked for again every 10 s: without it the session is never renewed.
 * Start-up may be ready already when this is called (its answers came from a cache while the page's
 * first tasks ran): a subscription only hears what comes after it, so the present state counts too.
 */
export function whenSignedIn(load: () => Promise<void>, startUp: StartUpWatch = bootActor): void {
  const attempt = (): Promise<void> =>
    load().catch((error: unknown) => {
      logError('start-up', error);
      setTimeout(attempt, 10_000);
    });
  const signedIn = (snapshot: StartUpSnapshot) => snapshot.matches('ready') && Boolean(snapshot.context.session?.user);
  if (signedIn(startUp.getSnapshot())) {
    whenIdle(attempt);
    return;
  }
  const subscription = startUp.subscribe((snapshot) => {
    if (!signedIn(snapshot)) return;
    subscription.unsubscribe();
    whenIdle(attempt);
  });
}
