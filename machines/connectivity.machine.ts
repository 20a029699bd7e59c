import { assign, fromPromise, setup } from 'xstate';
import { notProvided } from './actorEvents.ts';
import type { ConnectivityCause, ConnectivityContext, ConnectivityEvent } from './connectivity.types.ts';

/** The first wait before trying again; it doubles after each failed attempt, up to the maximum. */
export const RETRY_FIRST_MS = 2_000;
export const RETRY_MAX_MS = 30_000;

/** 2 s, 4 s, 8 s, 16 s, then every 30 s. */
export function retryDelay(attempts: number): number {
  return Math.min(RETRY_FIRST_MS * 2 ** attempts, RETRY_MAX_MS);
}

/**
 * Whether the API can be reached once the app runs. Lost (the browser went
 * offline, or a request got no answer), it tries to reach the API with a
 * growing wait, at once when the browser is back online or the person asks;
 * reached again, it says so for a moment. The page itself is never touched.
 */
export const connectivityMachine = setup({
  // Stryker disable next-line ObjectLiteral: types are read by TypeScript alone, xstate ignores them at run time
  types: {
    context: {} as ConnectivityContext,
    events: {} as ConnectivityEvent,
  },
  actors: {
    probe: fromPromise<void>(notProvided),
  },
  actions: {
    noteCause: assign((_, cause: ConnectivityCause) => ({ cause })),
    planRetry: assign(({ context }) => {
      const retryInMs = retryDelay(context.attempts);
      return { retryInMs, retryAt: Date.now() + retryInMs };
    }),
    countAttempt: assign({ attempts: ({ context }) => context.attempts + 1 }),
    reset: assign({ cause: undefined, attempts: 0, retryInMs: undefined, retryAt: undefined }),
    logLost: () => {},
    logRestored: () => {},
    announceRestored: () => {},
  },
  delays: {
    retryBackoff: ({ context }) => context.retryInMs ?? RETRY_FIRST_MS,
    restoredNotice: 4_000,
  },
}).createMachine({
  id: 'connectivity',
  initial: 'online',
  context: { attempts: 0 },
  states: {
    online: {
      on: {
        OFFLINE: { target: 'lost', actions: [{ type: 'noteCause', params: 'offline' }, 'logLost'] },
        UNREACHABLE: { target: 'lost', actions: [{ type: 'noteCause', params: 'unreachable' }, 'logLost'] },
      },
    },
    lost: {
      initial: 'waiting',
      on: {
        // The browser knows better than a failed request why the API is out of reach.
        OFFLINE: { actions: { type: 'noteCause', params: 'offline' } },
      },
      states: {
        waiting: {
          entry: 'planRetry',
          after: { retryBackoff: { target: 'probing' } },
          on: {
            RETRY: { target: 'probing' },
            // Online again: if the API still gives no answer, the server is what is out of reach.
            ONLINE: { target: 'probing', actions: { type: 'noteCause', params: 'unreachable' } },
          },
        },
        probing: {
          invoke: {
            id: 'probe',
            src: 'probe',
            onDone: { target: '#connectivity.restored', actions: ['reset', 'logRestored', 'announceRestored'] },
            onError: { target: 'waiting', actions: 'countAttempt' },
          },
        },
      },
    },
    restored: {
      after: { restoredNotice: { target: 'online' } },
      on: {
        OFFLINE: { target: 'lost', actions: [{ type: 'noteCause', params: 'offline' }, 'logLost'] },
        UNREACHABLE: { target: 'lost', actions: [{ type: 'noteCause', params: 'unreachable' }, 'logLost'] },
      },
    },
  },
});
