import { assign, fromPromise, setup } from 'xstate';
import { notProvided } from './actorEvents.ts';
import type { BackendLogin, CallbackContext, CallbackInput, ParsedCallback } from './callback.types.ts';
import { failureOf, outputOf } from './error.ts';

/**
 * The login callback. Region `flow`: redirect detected, tokens parsed, backend
 * login, result processed; a sign-in cancelled at the provider goes back to
 * the login page at once. Region `view`: the waiting text, and after 5 s the
 * retry message, whatever the flow did. The tokens (`T`) and the backend's
 * answer (`L`) travel from one actor to the next through the context, typed
 * by the caller as the boot machine's loads are.
 */
export function createCallbackMachine<T = unknown, L = unknown>() {
  return setup({
    types: {
      context: {} as CallbackContext<T, L>,
      input: {} as CallbackInput,
    },
    actors: {
      parseTokens: fromPromise<ParsedCallback<T>, { href: string }>(notProvided),
      loginAtBackend: fromPromise<BackendLogin<L>, { tokens: T | undefined }>(notProvided),
      processAuthenticateResult: fromPromise<void, { tokens: T | undefined; login: L | undefined }>(notProvided),
    },
    actions: {
      cleanAddress: () => {},
      storeTokens: assign(({ event }) => {
        const { tokens, returnPath } = outputOf<ParsedCallback<T>>(event, 'parseTokens');
        return { tokens, returnPath };
      }),
      storeLogin: assign(({ event }) => ({ login: outputOf<BackendLogin<L>>(event, 'loginAtBackend').result })),
      forgetTokens: assign({ tokens: undefined, login: undefined }),
      storeError: assign(({ event }) => ({ error: failureOf(event) })),
      logError: () => {},
      navigateToReturnPath: () => {},
      /** `failed`: the exchange gave no access token, and the login page says sign-in failed. */
      navigateToLogin: (_, _params: { failed: boolean }) => {},
      /** The person cancelled at the provider: the login page at once, saying so, with its button to try again. */
      navigateToLoginCancelled: () => {},
      navigateToHome: () => {},
    },
    guards: {
      // Stryker disable next-line BooleanLiteral: a placeholder; src/ and the model provide the real reading of the address
      isLoginRedirect: () => false,
      hasSession: ({ context }) => context.hasSession,
      hasAccessToken: ({ event }) => outputOf<ParsedCallback<T>>(event, 'parseTokens').tokens !== undefined,
      isWaitingForActivation: ({ event }) => outputOf<BackendLogin<L>>(event, 'loginAtBackend').waitingForActivation,
      /** The provider answered `access_denied`: the person pressed "Annuleren" (or declined), nothing failed. */
      isCancelled: ({ event }) => failureOf(event).kind === 'access-denied',
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
                { guard: 'hasAccessToken', target: 'loggingIn', actions: 'storeTokens' },
                { target: 'leftForLogin', actions: { type: 'navigateToLogin', params: { failed: true } } },
              ],
              onError: [
                { guard: 'isCancelled', target: 'cancelled', actions: 'logError' },
                { target: 'failed', actions: ['storeError', 'logError'] },
              ],
            },
          },
          loggingIn: {
            invoke: {
              id: 'loginAtBackend',
              src: 'loginAtBackend',
              input: ({ context }) => ({ tokens: context.tokens }),
              onDone: [
                { guard: 'isWaitingForActivation', target: 'notActive' },
                { target: 'processingResult', actions: 'storeLogin' },
              ],
              onError: { target: 'failed', actions: ['storeError', 'logError'] },
            },
          },
          processingResult: {
            invoke: {
              id: 'processAuthenticateResult',
              src: 'processAuthenticateResult',
              input: ({ context }) => ({ tokens: context.tokens, login: context.login }),
              onDone: { target: 'signedIn' },
              onError: { target: 'failed', actions: ['storeError', 'logError'] },
            },
          },
          signedIn: { type: 'final', entry: ['forgetTokens', 'navigateToReturnPath'] },
          notActive: { type: 'final', entry: 'forgetTokens' },
          leftForLogin: { type: 'final' },
          cancelled: { type: 'final', entry: 'navigateToLoginCancelled' },
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
}

/** The machine with opaque tokens, for its diagrams, paths and tests. */
export const callbackMachine = /* @__PURE__ */ createCallbackMachine();
