import { assign, fromPromise, setup } from 'xstate';
import { notProvided } from './actorEvents.ts';
import type { BackendLogin, CallbackContext, CallbackInput, ParsedCallback } from './callback.types.ts';
import { failure, output, toMachineError } from './error.ts';

/**
 * The login callback. Region `flow`: redirect detected, tokens parsed, backend
 * login, result processed. Region `view`: the waiting text, and after 5 s the
 * retry message, whatever the flow did. The tokens and the backend's answer
 * travel from one actor to the next through the context.
 */
export const callbackMachine = setup({
  types: {
    context: {} as CallbackContext,
    input: {} as CallbackInput,
  },
  actors: {
    parseTokens: fromPromise<ParsedCallback, { href: string }>(notProvided),
    loginAtBackend: fromPromise<BackendLogin, { tokens: unknown }>(notProvided),
    processAuthenticateResult: fromPromise<void, { tokens: unknown; login: unknown }>(notProvided),
  },
  actions: {
    cleanAddress: () => {},
    storeTokens: assign((_, { tokens, returnPath }: ParsedCallback) => ({ tokens, returnPath })),
    storeLogin: assign((_, { result }: BackendLogin) => ({ login: result })),
    forgetTokens: assign({ tokens: undefined, login: undefined }),
    storeError: assign((_, { error }: { error: unknown }) => ({ error: toMachineError(error) })),
    logError: (_, _params: { error: unknown }) => {},
    navigateToReturnPath: () => {},
    /** `failed`: the exchange gave no access token, and the login page says sign-in failed. */
    navigateToLogin: (_, _params: { failed: boolean }) => {},
    navigateToHome: () => {},
  },
  guards: {
    isLoginRedirect: () => false,
    hasSession: ({ context }) => context.hasSession,
    hasAccessToken: (_, { tokens }: ParsedCallback) => tokens !== undefined,
    isWaitingForActivation: (_, { waitingForActivation }: BackendLogin) => waitingForActivation,
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
            { target: 'leftForLogin', actions: { type: 'navigateToLogin', params: { failed: false } } },
          ],
        },
        parsingTokens: {
          entry: 'cleanAddress',
          invoke: {
            id: 'parseTokens',
            src: 'parseTokens',
            input: ({ context }) => ({ href: context.href }),
            onDone: [
              { guard: { type: 'hasAccessToken', params: output }, target: 'loggingIn', actions: { type: 'storeTokens', params: output } },
              { target: 'leftForLogin', actions: { type: 'navigateToLogin', params: { failed: true } } },
            ],
            onError: { target: 'failed', actions: [{ type: 'storeError', params: failure }, { type: 'logError', params: failure }] },
          },
        },
        loggingIn: {
          invoke: {
            id: 'loginAtBackend',
            src: 'loginAtBackend',
            input: ({ context }) => ({ tokens: context.tokens }),
            onDone: [
              { guard: { type: 'isWaitingForActivation', params: output }, target: 'notActive' },
              { target: 'processingResult', actions: { type: 'storeLogin', params: output } },
            ],
            onError: { target: 'failed', actions: [{ type: 'storeError', params: failure }, { type: 'logError', params: failure }] },
          },
        },
        processingResult: {
          invoke: {
            id: 'processAuthenticateResult',
            src: 'processAuthenticateResult',
            input: ({ context }) => ({ tokens: context.tokens, login: context.login }),
            onDone: { target: 'signedIn' },
            onError: { target: 'failed', actions: [{ type: 'storeError', params: failure }, { type: 'logError', params: failure }] },
          },
        },
        signedIn: { type: 'final', entry: ['forgetTokens', 'navigateToReturnPath'] },
        notActive: { type: 'final', entry: 'forgetTokens' },
        leftForLogin: { type: 'final' },
        leftForHome: { type: 'final', entry: 'navigateToHome' },
        failed: { type: 'final', entry: 'forgetTokens' },
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
