import { registerSessionRepair } from '../abp/sessionRepair.ts';
import { startInactivityWatch } from './inactivityActor.lazy.ts';
import { SIGNED_IN_MARK } from './signedInMark.ts';
import { startTokenLifecycle, type TokenActor } from './tokenActor.lazy.ts';
import type { BootActor } from '../boot/bootActor.ts';
import type { PageActors } from '../boot/pageActors.ts';

/** How long a refused request waits for the person to sign in again before it gives up (and says so). */
const REPAIR_WAIT_MS = 10 * 60_000;

/**
 * The server refused the backend token in the middle of the work (revoked,
 * or expired early): renew it now, as the token lifecycle would before it
 * expires; when the refresh token is no longer valid, the session banner
 * asks the person to sign in again in a popup, keeping the page. True once
 * a new token is held; false when the person cancels, the sign-in fails or
 * nobody answers in time.
 */
function repairWithTokenLifecycle(tokenActor: TokenActor): Promise<boolean> {
  const start = tokenActor.getSnapshot();
  if (start.matches('idle') || start.status !== 'active') return Promise.resolve(false);
  return new Promise((resolve) => {
    let left = !start.matches('active');
    const finish = (repaired: boolean) => {
      subscription.unsubscribe();
      clearTimeout(timer);
      resolve(repaired);
    };
    const subscription = tokenActor.subscribe((snapshot) => {
      if (snapshot.status !== 'active') return finish(false);
      if (!snapshot.matches('active')) left = true;
      else if (left) return finish(true);
      const gaveUp =
        snapshot.matches('signInRequired') && (snapshot.context.signInStatus === 'failure' || snapshot.context.signInStatus === 'canceled');
      if (gaveUp) finish(false);
    });
    const timer = setTimeout(() => finish(false), REPAIR_WAIT_MS);
    if (start.matches('active')) tokenActor.send({ type: 'EXPIRED' });
  });
}

/** What runs once a person is signed in: the token's life, its repair after a refused request, and the inactivity watch where the server turns it on. */
export function startSignedIn(boot: BootActor, actors: PageActors): void {
  const tokenActor = startTokenLifecycle(boot, actors);
  registerSessionRepair(() => repairWithTokenLifecycle(tokenActor));
  startInactivityWatch(boot, actors);
  performance.mark(SIGNED_IN_MARK);
}
