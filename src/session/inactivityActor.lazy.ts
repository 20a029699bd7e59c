import { createActor, fromPromise, type Actor } from 'xstate';
import { inactivityMachine } from '../../machines/inactivity.machine.ts';
import { clearToken } from '../abp/authToken.ts';
import { sessionTimeOutOf, type SessionTimeOut } from '../abp/sessionTimeOut.ts';
import { bootContext, configOf, type BootActor } from '../boot/bootActor.ts';
import { pageActorKey, type PageActors } from '../boot/pageActors.ts';
import type { AuthConfig } from '../config/appConfig.ts';
import { inspectActor } from '../lib/inspect.ts';
import { logError, logWarning } from '../lib/log.ts';
import { signedOutPath } from '../lib/paths.ts';
import { forgetPerson } from '../auth/leaveTab.ts';
import { leaveAfterSignOut } from '../signin/leavePage.ts';
import { onSignedOutElsewhere } from '../auth/providerTokenSharing.ts';
import { ACTIVITY_EVENTS, INACTIVITY_WATCH_MARK } from './inactivityMark.ts';
import { watchWake } from './wakeWatch.ts';

/** What the tabs tell each other (same origin, BroadcastChannel): nothing in it is secret. */
type InactivityMessage = { type: 'activity'; at: number } | { type: 'stay'; at: number };

const CHANNEL = 'session.inactivity';
/** Activity counts at most once a second here and is told to the other tabs at most every 2 s: the time-out is minutes. */
const COUNT_EVERY_MS = 1_000;
const SHARE_EVERY_MS = 2_000;

const channel = typeof BroadcastChannel === 'undefined' ? undefined : new BroadcastChannel(CHANNEL);

function tell(message: InactivityMessage): void {
  channel?.postMessage(message);
}

/** How long a tab waits for the one that signs out before it leaves by itself (that tab may have been closed). */
const WAIT_FOR_SIGN_OUT_MS = 10_000;

/**
 * One sign-out for all tabs: the tab that gets the lock revokes and ends
 * the provider session, and tells the others, whose token sharing takes
 * them to the login page (their watches stop: SIGNED_OUT).
 * Without Web Locks every tab signs out, which is still correct, only not single.
 */
async function signOutOnce(auth: AuthConfig): Promise<void> {
  const signOutHere = async () => {
    const { signOut } = await import('../signin/signOut.lazy.ts');
    await signOut(auth, 'idle');
  };
  const signedOutHere = navigator.locks
    ? await navigator.locks.request('session.inactivity.sign-out', { ifAvailable: true }, async (lock) => {
        if (!lock) return false;
        await signOutHere();
        return true;
      })
    : (await signOutHere(), true);
  // This tab is on its way to the provider, which ends its own session there: leaving for the
  // login page from here would cancel that navigation and leave the provider's session open
  // for the next person at this computer. So this tab never settles; the page unloads.
  if (signedOutHere) return new Promise<never>(() => {});
  await new Promise((resolve) => setTimeout(resolve, WAIT_FOR_SIGN_OUT_MS));
}

/** The inactivityMachine with the browser's implementations, signing out at the provider of the start-up actor's config. */
const browserInactivityMachine = (boot: BootActor) =>
  inactivityMachine.provide({
    actors: {
      signOut: fromPromise(() => signOutOnce(configOf(boot).auth)),
    },
    actions: {
      logSignOut: () => logWarning('session', 'signed out after a time without activity'),
      leaveForLogin: () => {
        // Only tabs whose own sign-out ended get here: not the one that signed out (signOutOnce: it is on its way to the
        // provider), nor one that heard of a sign-out elsewhere (its token sharing leaves, with that tab's reason).
        forgetPerson();
        clearToken();
        leaveAfterSignOut(signedOutPath('idle'), 'replace');
      },
    },
  });

export type InactivityActor = Actor<ReturnType<typeof browserInactivityMachine>>;

/** The page's inactivity watch, among its actors (boot/pageActors.ts). */
export const INACTIVITY_ACTOR = pageActorKey<InactivityActor>('inactivity');

/** "Ingelogd blijven": here, and in every other tab. */
export function stayOnline(actor: InactivityActor): void {
  const at = Date.now();
  actor.send({ type: 'STAY', at });
  tell({ type: 'stay', at });
}

/**
 * Starts watching for inactivity when the server turns the session time-out
 * on (GetAll's settings); does nothing otherwise. Activity here is told to
 * the other tabs, theirs counts here, and every wake-up checks the clock.
 */
export function startInactivityWatch(boot: BootActor, actors: PageActors): void {
  const timeOut = sessionTimeOutOf(bootContext(boot.getSnapshot()).userConfiguration);
  if (timeOut) actors.once(INACTIVITY_ACTOR, () => makeInactivityWatch(boot, timeOut));
}

function makeInactivityWatch(boot: BootActor, timeOut: SessionTimeOut): InactivityActor {
  const lastActivity = Date.now();
  const current = createActor(browserInactivityMachine(boot), { input: { ...timeOut, lastActivity } });
  performance.mark(INACTIVITY_WATCH_MARK, { detail: lastActivity });
  if (import.meta.env.DEV) inspectActor(current);
  current.start();
  // The tab that signs out tells the others through the token sharing (with its reason); this watch stops with them.
  onSignedOutElsewhere(() => current.send({ type: 'SIGNED_OUT' }));

  let countedAt = 0;
  let sharedAt = 0;
  const onActivity = () => {
    const at = Date.now();
    if (at - countedAt < COUNT_EVERY_MS) return;
    countedAt = at;
    current.send({ type: 'ACTIVITY', at });
    if (at - sharedAt < SHARE_EVERY_MS) return;
    sharedAt = at;
    tell({ type: 'activity', at });
  };
  for (const type of ACTIVITY_EVENTS) {
    window.addEventListener(type, onActivity, { passive: true, capture: true });
  }
  tell({ type: 'activity', at: Date.now() });

  channel?.addEventListener('message', (event: MessageEvent<InactivityMessage>) => {
    const message = event.data;
    if (message?.type === 'activity' && typeof message.at === 'number') current.send({ type: 'ACTIVITY', at: message.at });
    else if (message?.type === 'stay' && typeof message.at === 'number') current.send({ type: 'STAY', at: message.at });
  });

  // A background tab's timers are late and a sleeping laptop's stop: check against the wall clock.
  watchWake(() => current.send({ type: 'CHECK' }));
  current.subscribe({ error: (error) => logError('session', error) });
  return current;
}
