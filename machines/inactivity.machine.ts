import { assertEvent, assign, fromPromise, setup } from 'xstate';
import { notProvided } from './actorEvents.ts';
import type { InactivityContext, InactivityEvent, InactivityInput } from './inactivity.types.ts';

/** When the session ends for lack of activity (epoch ms). */
export function inactivityEndsAt(context: InactivityContext): number {
  return context.lastActivity + context.timeoutMs;
}

/**
 * Sign-out after inactivity, for shared office computers. Activity in any
 * tab counts for all of them; before the end every tab warns with a
 * countdown, and "Ingelogd blijven" in one closes it in all; at the end one
 * tab signs out (one revocation) and every tab leaves for the login page.
 * Timers of a background tab or a sleeping laptop are late, so every wake-up
 * and `visibilitychange` checks the wall clock (`CHECK`).
 */
export const inactivityMachine = setup({
  types: {
    context: {} as InactivityContext,
    events: {} as InactivityEvent,
    input: {} as InactivityInput,
  },
  actors: {
    signOut: fromPromise<void>(notProvided),
  },
  actions: {
    storeActivity: assign({
      lastActivity: ({ context, event }) => {
        assertEvent(event, ['ACTIVITY', 'STAY']);
        return Math.max(context.lastActivity, event.at);
      },
    }),
    logSignOut: () => {},
    leaveForLogin: () => {},
  },
  guards: {
    isOver: ({ context }) => Date.now() >= inactivityEndsAt(context),
    isWarningTime: ({ context }) => Date.now() >= inactivityEndsAt(context) - context.warningMs,
  },
  delays: {
    untilWarning: ({ context }) => Math.max(0, inactivityEndsAt(context) - context.warningMs - Date.now()),
    untilEnd: ({ context }) => Math.max(0, inactivityEndsAt(context) - Date.now()),
  },
}).createMachine({
  id: 'inactivity',
  initial: 'active',
  context: ({ input }) => ({ ...input }),
  states: {
    active: {
      after: { untilWarning: { target: 'warning' } },
      on: {
        ACTIVITY: { target: 'active', reenter: true, actions: 'storeActivity' },
        STAY: { target: 'active', reenter: true, actions: 'storeActivity' },
        CHECK: [
          { guard: 'isOver', target: 'signingOut' },
          { guard: 'isWarningTime', target: 'warning' },
        ],
        SIGNED_OUT: { target: 'signedOut' },
      },
    },
    warning: {
      after: { untilEnd: { target: 'signingOut' } },
      on: {
        // Only the button keeps the session: a mouse moving towards it must not close the warning first.
        STAY: { target: 'active', actions: 'storeActivity' },
        CHECK: { guard: 'isOver', target: 'signingOut' },
        SIGNED_OUT: { target: 'signedOut' },
      },
    },
    signingOut: {
      entry: 'logSignOut',
      invoke: {
        id: 'signOut',
        src: 'signOut',
        onDone: { target: 'signedOut', actions: 'leaveForLogin' },
        onError: { target: 'signedOut', actions: 'leaveForLogin' },
      },
      on: {
        SIGNED_OUT: { target: 'signedOut' },
      },
    },
    // Left by the sign-out above, or by the token sharing that told this watch of a sign-out elsewhere (SIGNED_OUT): a
    // second page load from here would cancel that one, and show "idle" for a sign-out from the menu.
    signedOut: {
      type: 'final',
    },
  },
});
