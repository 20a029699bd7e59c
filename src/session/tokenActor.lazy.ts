import { createActor, fromPromise } from 'xstate';
import type { TokenGrant } from '../../machines/token.types.ts';
import { tokenMachine } from '../../machines/token.machine.ts';
import { errorOf } from '../../machines/error.ts';
import { abpEvents } from '../abp/events.ts';
import { inspectActor } from '../lib/inspect.ts';
import { logError } from '../lib/log.ts';
import { getProviderTokens, removeRefreshToken } from '../auth/providerTokens.ts';
import { announceRenewal, startTokenSharing } from '../auth/providerTokenSharing.ts';
import { signedOutPath } from '../lib/paths.ts';
import { bootActor, bootContext, currentConfig } from '../boot/bootActor.ts';
import { watchWake } from './wakeWatch.ts';
import { heldTokenExpiry, heldTokenLifetime } from '../signin/backendLogin.ts';
import { signInWithPopup } from '../signin/popup.lazy.ts';

/** The tokenMachine with the browser's implementations; the sign-in code loads only when needed. */
export const browserTokenMachine = tokenMachine.provide({
  actors: {
    renewTokens: fromPromise(async ({ input }) => (await import('../renewal/renew.lazy.ts')).renewTokens(currentConfig(), input.expiresAt)),
    // Imported with this module, not on demand: the popup must open in the click that asked for it. Safari (every
    // browser on an iPhone) blocks a window opened after an await, and the sign-in would leave the page instead.
    reauthenticate: fromPromise(() => signInWithPopup(currentConfig())),
  },
  actions: {
    announceRenewed: () => announceRenewal(),
    removeRefreshToken: () => removeRefreshToken(),
    signInWithRedirect: () =>
      void import('../auth/authorize.lazy.ts')
        .then(({ signInWithRedirect }) => signInWithRedirect(currentConfig().auth, location.pathname + location.search))
        .catch((error: unknown) => logError('sign-in', error)),
    logError: ({ event }) => logError('token', errorOf(event)),
  },
});

/** The page's one token actor. */
export const tokenActor = createActor(browserTokenMachine);

/** The backend token this tab holds now, as a grant: after a reload, or when another tab stored it. */
function heldGrant(expiresAt: number): TokenGrant {
  const tokens = getProviderTokens();
  return { expiresAt, lifetimeMs: heldTokenLifetime(), sessionEndsAt: tokens?.sessionEndsAt, renewLate: !tokens?.refreshToken };
}

/** Another tab stored a new backend token: taken when it outlives the one this tab knows (a tab asking the person asks no more). */
function takeRenewalElsewhere(): void {
  const expiresAt = heldTokenExpiry();
  const known = tokenActor.getSnapshot().context.expiresAt;
  if (expiresAt !== undefined && known !== undefined && expiresAt > known) tokenActor.send({ type: 'RENEWED', ...heldGrant(expiresAt) });
}

let started = false;

/**
 * Follows start-up: a signed-in session adds the backend token, a session
 * without a user removes it. Started once a user is signed in, from the
 * state start-up is in by then.
 */
export function startTokenLifecycle(): void {
  if (started) return;
  started = true;
  if (import.meta.env.DEV) inspectActor(tokenActor);
  tokenActor.start();
  // Signed out in another tab: this one leaves the signed-in pages too.
  startTokenSharing((reason) => location.replace(signedOutPath(reason)), takeRenewalElsewhere);
  // A renewal that failed for want of a connection is tried again as soon as the connection is back.
  abpEvents.on('abp.reachable', () => tokenActor.send({ type: 'RETRY' }));
  // A tab that was hidden, offline or asleep checks its expiry at once instead of trusting a late timer.
  watchWake(() => tokenActor.send({ type: 'WAKE' }));
  const follow = (snapshot: ReturnType<typeof bootActor.getSnapshot>) => {
    if (!snapshot.matches('ready')) return;
    const user = bootContext(snapshot).session?.user;
    const expiresAt = heldTokenExpiry();
    const lifecycle = tokenActor.getSnapshot();
    if (user && expiresAt !== undefined && (lifecycle.matches('idle') || lifecycle.matches('signInRequired'))) {
      tokenActor.send({ type: 'ADDED', ...heldGrant(expiresAt) });
    } else if (!user && !lifecycle.matches('idle')) {
      tokenActor.send({ type: 'REMOVED' });
    }
  };
  follow(bootActor.getSnapshot());
  bootActor.subscribe(follow);
}
