import { assign, fromPromise, setup } from 'xstate';
import { notProvided } from './actorEvents.ts';
import { failure, output, toMachineError } from './error.ts';
import type { SignInOutcome, TokenContext, TokenEvent, TokenGrant } from './token.types.ts';

/** Renew this long before the backend token expires. */
export const RENEW_MARGIN_MS = 60_000;

/**
 * The backend token's life: renewed before it expires (provider refresh with
 * rotation, then a new backend login), and when that is no longer possible a
 * re-authentication in a popup that keeps the page.
 */
export const tokenMachine = setup({
  types: {
    context: {} as TokenContext,
    events: {} as TokenEvent,
  },
  actors: {
    renewTokens: fromPromise<TokenGrant>(notProvided),
    reauthenticate: fromPromise<SignInOutcome>(notProvided),
  },
  actions: {
    storeExpiry: assign((_, { expiresAt }: TokenGrant) => ({ expiresAt })),
    storeGrant: assign((_, { expiresAt }: TokenGrant) => ({ expiresAt, error: undefined })),
    storeOutcome: assign(({ context }, outcome: SignInOutcome) => ({
      signInStatus: outcome.status,
      expiresAt: outcome.expiresAt ?? context.expiresAt,
      error: outcome.error,
    })),
    markPending: assign({ signInStatus: 'pending' as const }),
    storeError: assign((_, { error }: { error: unknown }) => ({ error: toMachineError(error) })),
    forget: assign({ expiresAt: undefined, signInStatus: undefined, error: undefined }),
    announceRenewed: () => {},
    removeRefreshToken: () => {},
    signInWithRedirect: () => {},
    logError: (_, _params: { error: unknown }) => {},
  },
  guards: {
    /** The backend token expires within the renewal margin, or already has. */
    isDue: ({ context }) => (context.expiresAt ?? 0) - Date.now() <= RENEW_MARGIN_MS,
    isInvalidGrant: (_, { error }: { error: unknown }) => toMachineError(error).kind === 'invalid-refresh-token',
    succeeded: (_, { status }: SignInOutcome) => status === 'success',
    isTerminal: (_, { status }: SignInOutcome) => status === 'terminal',
  },
  delays: {
    renewBeforeExpiry: ({ context }) => Math.max(0, (context.expiresAt ?? 0) - Date.now() - RENEW_MARGIN_MS),
    renewRetry: 30_000,
  },
}).createMachine({
  id: 'token',
  initial: 'idle',
  context: {},
  states: {
    idle: {
      on: { ADDED: { target: 'active', actions: { type: 'storeExpiry', params: ({ event }) => event } } },
    },
    active: {
      after: { renewBeforeExpiry: { target: 'renewing' } },
      on: {
        RENEWED: { target: 'active', reenter: true, actions: { type: 'storeExpiry', params: ({ event }) => event } },
        EXPIRED: { target: 'renewing' },
        WAKE: { guard: 'isDue', target: 'renewing' },
        REMOVED: { target: 'idle', actions: 'forget' },
        ERROR: { target: 'renewing', actions: [{ type: 'storeError', params: failure }, { type: 'logError', params: failure }] },
      },
    },
    renewing: {
      invoke: {
        id: 'renewTokens',
        src: 'renewTokens',
        onDone: { target: 'active', actions: [{ type: 'storeGrant', params: output }, 'announceRenewed'] },
        onError: [
          {
            guard: { type: 'isInvalidGrant', params: failure },
            target: 'signInRequired',
            actions: [{ type: 'storeError', params: failure }, 'removeRefreshToken', { type: 'logError', params: failure }],
          },
          { target: 'renewFailed', actions: [{ type: 'storeError', params: failure }, { type: 'logError', params: failure }] },
        ],
      },
      on: {
        REMOVED: { target: 'idle', actions: 'forget' },
      },
    },
    renewFailed: {
      after: { renewRetry: { target: 'renewing' } },
      on: {
        RETRY: { target: 'renewing' },
        WAKE: { target: 'renewing' },
        RENEWED: { target: 'active', actions: { type: 'storeExpiry', params: ({ event }) => event } },
        REMOVED: { target: 'idle', actions: 'forget' },
        SIGN_IN: { target: 'reauthenticating' },
      },
    },
    signInRequired: {
      on: {
        SIGN_IN: { target: 'reauthenticating' },
        RENEWED: { target: 'active', actions: { type: 'storeExpiry', params: ({ event }) => event } },
        ADDED: { target: 'active', actions: { type: 'storeExpiry', params: ({ event }) => event } },
        REMOVED: { target: 'idle', actions: 'forget' },
      },
    },
    reauthenticating: {
      entry: 'markPending',
      invoke: {
        id: 'reauthenticate',
        src: 'reauthenticate',
        onDone: [
          { guard: { type: 'succeeded', params: output }, target: 'active', actions: [{ type: 'storeOutcome', params: output }, 'announceRenewed'] },
          { guard: { type: 'isTerminal', params: output }, target: 'redirecting', actions: { type: 'storeOutcome', params: output } },
          { target: 'signInRequired', actions: { type: 'storeOutcome', params: output } },
        ],
        onError: { target: 'signInRequired', actions: [{ type: 'storeError', params: failure }, { type: 'logError', params: failure }] },
      },
    },
    redirecting: {
      type: 'final',
      entry: 'signInWithRedirect',
    },
  },
});
