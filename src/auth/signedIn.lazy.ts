import { startInactivityWatch } from './inactivityActor.lazy.ts';
import { startTokenLifecycle } from './tokenActor.lazy.ts';

/** What runs once a person is signed in: the token's life, and the inactivity watch where the server turns it on. */
export function startSignedIn(): void {
  startTokenLifecycle();
  startInactivityWatch();
}
