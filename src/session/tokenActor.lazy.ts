import { createActor, fromPromise, type Actor } from 'xstate';
import type { TokenGrant } from '../../machines/token.types.ts';
import { tokenMachine } from '../../machines/token.machine.ts';
import { errorOf } from '../../machines/error.ts';
import { getToken } from '../abp/authToken.ts';
import { abpEvents } from '../abp/events.ts';
import { inspectActor } from '../lib/inspect.ts';
import { logError } from '../lib/log.ts';
import { removeRefreshToken } from '../auth/providerTokens.ts';
import { announceRenewal, startTokenSharing } from '../auth/providerTokenSharing.ts';
import { signedOutPath } from '../lib/paths.ts';
import { leaveAfterSignOut } from '../signin/leavePage.ts';
import { bootContext, configOf, type BootActor, type BootSnapshot } from '../boot/bootActor.ts';
import { pageActorKey, type PageActors } from '../boot/pageActors.ts';
import { watchWake } from './wakeWatch.ts';
import { heldGrant, heldTokenExpiry } from '../signin/backendLogin.ts';
import { signInWithPopup } from '../signin/popup.lazy.ts';

/** The tokenMachine with the browser's implementations, for the start-up actor's config; the sign-in code loads only when needed. */
const browserTokenMachine = (boot: BootActor) =>
  tokenMachine.provide({
    actors: {
      renewTokens: fromPromise(async ({ input }) =>
        (await import('../renewal/renew.lazy.ts')).renewTokens(configOf(boot), input.expiresAt),
      ),
      // Imported with this module, not on demand: the popup must open in the click that asked for it. Safari (every
      // browser on an iPhone) blocks a window opened after an await, and the sign-in would leave the page instead.
      reauthenticate: fromPromise(() => signInWithPopup(boot)),
    },
    actions: {
      announceRenewed: ({ context: { expiresAt, lifetimeMs, sessionEndsAt, renewLate } }) => {
        if (expiresAt !== undefined) announceRenewal({ expiresAt, lifetimeMs, sessionEndsAt, renewLate });
      },
      removeRefreshToken: () => removeRefreshToken(),
      signInWithRedirect: () =>
        void import('../auth/authorize.lazy.ts')
          .then(({ signInWithRedirect }) => signInWithRedirect(configOf(boot).auth, location.pathname + location.search))
          .catch((error: unknown) => logError('sign-in', error)),
      logError: ({ event }) => logError('token', errorOf(event)),
    },
  });

/** The page's token actor, made for its start-up actor once a person is signed in. */
export type TokenActor = Actor<ReturnType<typeof browserTokenMachine>>;

/** The page's token actor, among its actors (boot/pageActors.ts). */
export const TOKEN_ACTOR = pageActorKey<TokenActor>('token');

/**
 * Another tab stored a new backend token: taken when it outlives the one this
 * tab knows (a tab asking the person asks no more, and one whose renewal falls
 * due a moment later does not renew again). As the other tab announced it
 * (`announced`) when its cookie has not reached this tab yet.
 */
function takeRenewalElsewhere(current: TokenActor, announced: TokenGrant | undefined): void {
  const held = heldTokenExpiry();
  const grant = held !== undefined && held >= (announced?.expiresAt ?? 0) ? heldGrant(held) : announced;
  const known = current.getSnapshot().context.expiresAt;
  if (grant && known !== undefined && grant.expiresAt > known) current.send({ type: 'RENEWED', ...grant });
}

/**
 * Follows start-up: a signed-in session adds the backend token, a session
 * without a user removes it. Started once a user is signed in, from the
 * state start-up is in by then; once per page, kept among the page's actors.
 */
export function startTokenLifecycle(boot: BootActor, actors: PageActors): TokenActor {
  return actors.once(TOKEN_ACTOR, () => makeTokenLifecycle(boot));
}

function makeTokenLifecycle(boot: BootActor): TokenActor {
  const current = createActor(browserTokenMachine(boot));
  if (import.meta.env.DEV) inspectActor(current);
  current.start();
  // Signed out in another tab: this one leaves the signed-in pages too. This part loads once the browser is idle after the
  // first page, so a sign-out in another tab may come before it listens: start-up signed in with a backend token that is
  // gone now (the sign-out removed the cookie all tabs share).
  const startUp = boot.getSnapshot();
  startTokenSharing(
    (reason) => leaveAfterSignOut(signedOutPath(reason), 'replace'),
    (announced) => takeRenewalElsewhere(current, announced),
    { signedOutBefore: startUp.matches('ready') && Boolean(bootContext(startUp).session?.user) && getToken() === undefined },
  );
  // A renewal that failed for want of a connection is tried again as soon as the connection is back.
  abpEvents.on('abp.reachable', () => current.send({ type: 'RETRY' }));
  // A tab that was hidden, offline or asleep checks its expiry at once instead of trusting a late timer.
  watchWake(() => current.send({ type: 'WAKE' }));
  const follow = (snapshot: BootSnapshot) => {
    if (!snapshot.matches('ready')) return;
    const user = bootContext(snapshot).session?.user;
    const expiresAt = heldTokenExpiry();
    const lifecycle = current.getSnapshot();
    if (user && expiresAt !== undefined && (lifecycle.matches('idle') || lifecycle.matches('signInRequired'))) {
      current.send({ type: 'ADDED', ...heldGrant(expiresAt) });
    } else if (!user && !lifecycle.matches('idle')) {
      current.send({ type: 'REMOVED' });
    }
  };
  follow(boot.getSnapshot());
  boot.subscribe(follow);
  return current;
}
