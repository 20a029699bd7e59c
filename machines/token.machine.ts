import { assign, fromPromise, setup } from 'xstate';
import { errorOf, notProvided, outputOf, toBootError } from './actorEvents.ts';
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
    storeExpiry: assign({ expiresAt: ({ event }) => (event as { expiresAt: number }).expiresAt }),
    storeGrant: assign({ expiresAt: ({ event }) => outputOf<TokenGrant>(event).expiresAt, error: undefined }),
    storeOutcome: assign({
      signInStatus: ({ event }) => outputOf<SignInOutcome>(event).status,
      expiresAt: ({ context, event }) => outputOf<SignInOutcome>(event).expiresAt ?? context.expiresAt,
      error: ({ event }) => outputOf<SignInOutcome>(event).error,
    }),
    markPending: assign({ signInStatus: 'pending' as const }),
    storeError: assign({ error: ({ event }) => toBootError(errorOf(event)) }),
    forget: assign({ expiresAt: undefined, signInStatus: undefined, error: undefined }),
    announceRenewed: () => {},
    removeRefreshToken: () => {},
    signInWithRedirect: () => {},
    logError: () => {},
  },
  guards: {
    isInvalidGrant: ({ event }) => toBootError(errorOf(event)).kind === 'invalid-refresh-token',
    succeeded: ({ event }) => outputOf<SignInOutcome>(event).status === 'success',
    isTerminal: ({ event }) => outputOf<SignInOutcome>(event).status === 'terminal',
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
      on: { ADDED: { target: 'active', actions: 'storeExpiry' } },
    },
    active: {
      after: { renewBeforeExpiry: { target: 'renewing' } },
      on: {
        RENEWED: { target: 'active', reenter: true, actions: 'storeExpiry' },
        EXPIRED: { target: 'renewing' },
        REMOVED: { target: 'idle', actions: 'forget' },
        ERROR: { target: 'renewing', actions: ['storeError', 'logError'] },
      },
    },
    renewing: {
      invoke: {
        id: 'renewTokens',
        src: 'renewTokens',
        onDone: { target: 'active', actions: ['storeGrant', 'announceRenewed'] },
        onError: [
          { guard: 'isInvalidGrant', target: 'signInRequired', actions: ['storeError', 'removeRefreshToken', 'logError'] },
          { target: 'renewFailed', actions: ['storeError', 'logError'] },
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
        RENEWED: { target: 'active', actions: 'storeExpiry' },
        REMOVED: { target: 'idle', actions: 'forget' },
        SIGN_IN: { target: 'reauthenticating' },
      },
    },
    signInRequired: {
      on: {
        SIGN_IN: { target: 'reauthenticating' },
        RENEWED: { target: 'active', actions: 'storeExpiry' },
        ADDED: { target: 'active', actions: 'storeExpiry' },
        REMOVED: { target: 'idle', actions: 'forget' },
      },
    },
    reauthenticating: {
      entry: 'markPending',
      invoke: {
        id: 'reauthenticate',
        src: 'reauthenticate',
        onDone: [
          { guard: 'succeeded', target: 'active', actions: ['storeOutcome', 'announceRenewed'] },
          { guard: 'isTerminal', target: 'redirecting', actions: 'storeOutcome' },
          { target: 'signInRequired', actions: 'storeOutcome' },
        ],
        onError: { target: 'signInRequired', actions: ['storeError', 'logError'] },
      },
    },
    redirecting: {
      type: 'final',
      entry: 'signInWithRedirect',
    },
  },
});
