import { waitFor, type ActorRef, type Snapshot } from 'xstate';
import type { BootEvent } from '../../machines/boot.types.ts';
import { logError } from '../lib/log.ts';
import { whenIdle } from '../lib/whenIdle.ts';

/** What whenSignedIn reads of start-up's snapshot: its state and whether its session has a user. */
type StartUpSnapshot = Snapshot<unknown> & {
  matches(state: 'ready'): boolean;
  context: { session?: { user?: unknown } };
};

/**
 * Runs `load` once, when the browser is idle after start-up first was ready with a signed-in user:
 * code only signed-in pages need stays out of the first download. Code that could not be fetched (the
 * network gone just after signing in) is asked for again every 10 s: without it the session is never renewed.
 * Start-up may be ready already when this is called (its answers came from a cache while the page's
 * first tasks ran): `waitFor` counts the present state as well as what comes after it.
 */
export function whenSignedIn(load: () => Promise<void>, startUp: ActorRef<StartUpSnapshot, BootEvent>): void {
  const attempt = (): Promise<void> =>
    load().catch((error: unknown) => {
      logError('start-up', error);
      setTimeout(attempt, 10_000);
    });
  // Rejected only when start-up stops without a signed-in user: then there is nothing to load.
  waitFor(startUp, (snapshot) => snapshot.matches('ready') && Boolean(snapshot.context.session?.user)).then(
    () => whenIdle(attempt),
    () => undefined,
  );
}
