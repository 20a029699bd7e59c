import type { Session } from '../abp/session.ts';
import { logError } from '../ui/log.ts';
import { bootActor } from './bootActor.ts';
import { whenIdle } from './whenIdle.ts';

/**
 * Runs `load` once, when the browser is idle after start-up first was ready with a signed-in user:
 * code only signed-in pages need stays out of the first download.
 */
export function whenSignedIn(load: () => Promise<void>): void {
  const subscription = bootActor.subscribe((snapshot) => {
    if (!snapshot.matches('ready') || !(snapshot.context.session as Session | undefined)?.user) return;
    subscription.unsubscribe();
    whenIdle(() => load().catch((error: unknown) => logError('start-up', error)));
  });
}
