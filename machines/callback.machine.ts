import { assign, fromPromise, setup } from 'xstate';
import { errorOf, notProvided, outputOf, toBootError } from './actorEvents.ts';
import type { BackendLogin, CallbackContext, CallbackInput, ParsedCallback } from './callback.types.ts';

/**
 * The login callback. Region `flow`: redirect detected, tokens parsed, backend
 * login, result processed. Region `view`: the waiting text, and after 5 s the
 * retry message, whatever the flow did.
 */
export const callbackMachine = setup({
  types: {
    context: {} as CallbackContext,
    input: {} as CallbackInput,
  },
  actors: {
    parseTokens: fromPromise<ParsedCallback, { href: string }>(notProvided),
    loginAtBackend: fromPromise<BackendLogin>(notProvided),
    processAuthenticateResult: fromPromise<void>(notProvided),
  },
  actions: {
    cleanAddress: () => {},
    storeReturnPath: assign({ returnPath: ({ event }) => outputOf<ParsedCallback>(event).returnPath }),
    storeError: assign({ error: ({ event }) => toBootError(errorOf(event)) }),
    logError: () => {},
    navigateToReturnPath: () => {},
    navigateToLogin: () => {},
    navigateToHome: () => {},
  },
  guards: {
    isLoginRedirect: () => false,
    hasSession: ({ context }) => context.hasSession,
    hasAccessToken: ({ event }) => outputOf<ParsedCallback>(event).hasAccessToken,
    isWaitingForActivation: ({ event }) => outputOf<BackendLogin>(event).waitingForActivation,
  },
  delays: {
    loginSlow: 5000,
  },
}).createMachine({
  id: 'callback',
  type: 'parallel',
  context: ({ input }) => ({ href: input.href, hasSession: input.hasSession }),
  states: {
    flow: {
      initial: 'detecting',
      states: {
        detecting: {
          always: [
            { guard: 'isLoginRedirect', target: 'parsingTokens' },
            { guard: 'hasSession', target: 'leftForHome' },
            { target: 'leftForLogin' },
          ],
        },
        parsingTokens: {
          entry: 'cleanAddress',
          invoke: {
            id: 'parseTokens',
            src: 'parseTokens',
            input: ({ context }) => ({ href: context.href }),
            onDone: [
              { guard: 'hasAccessToken', target: 'loggingIn', actions: 'storeReturnPath' },
              { target: 'leftForLogin' },
            ],
            onError: { target: 'failed', actions: ['storeError', 'logError'] },
          },
        },
        loggingIn: {
          invoke: {
            id: 'loginAtBackend',
            src: 'loginAtBackend',
            onDone: [
              { guard: 'isWaitingForActivation', target: 'notActive' },
              { target: 'processingResult' },
            ],
            onError: { target: 'failed', actions: ['storeError', 'logError'] },
          },
        },
        processingResult: {
          invoke: {
            id: 'processAuthenticateResult',
            src: 'processAuthenticateResult',
            onDone: { target: 'signedIn' },
            onError: { target: 'failed', actions: ['storeError', 'logError'] },
          },
        },
        signedIn: { type: 'final', entry: 'navigateToReturnPath' },
        notActive: { type: 'final' },
        leftForLogin: { type: 'final', entry: 'navigateToLogin' },
        leftForHome: { type: 'final', entry: 'navigateToHome' },
        failed: { type: 'final' },
      },
    },
    view: {
      initial: 'waiting',
      states: {
        waiting: {
          after: { loginSlow: { target: 'slow' } },
        },
        slow: { type: 'final' },
      },
    },
  },
});
