import { createActor, fromPromise, type ActorRefFrom } from 'xstate';
import { callbackMachine } from '../../machines/callback.machine.ts';
import { AbpError } from '../abp/errors.ts';
import { restartSignedIn } from './restartSignedIn.ts';
import { HOME_PATH, LOGIN_PATH } from '../lib/paths.ts';
import { inspectActor } from '../lib/inspect.ts';
import { logError, logWarning } from '../lib/log.ts';
import { AuthError } from './authError.ts';
import { loginAtBackend, storeAuthenticateResult } from './backendLogin.ts';
import { isLoginRedirect, processCallback } from './callback.ts';
import { requireLoginForm } from './loginPrompt.ts';
import { REDIRECT_PATH } from './provider.ts';
import type { ProviderTokens } from './providerTokens.ts';
import { publishProviderTokens } from './providerTokenSharing.ts';
import type { ExternalAuthenticateResult } from '../abp/externalAuthenticate.ts';
import { bootContext, currentConfig } from '../boot/bootActor.ts';

export interface CallbackNavigation {
  /** Replaces the current entry: the callback never stays in the history. */
  replace: (path: string) => void;
}


/**
 * The callbackMachine with the browser's implementations. The provider's
 * tokens stay in memory until the backend has accepted the sign-in: a
 * refused, inactive or failed sign-in leaves no refresh token in the tab.
 */
export function browserCallbackMachine(navigation: CallbackNavigation) {
  let providerTokens: ProviderTokens | undefined;
  let backendResult: ExternalAuthenticateResult | undefined;
  return callbackMachine.provide({
    actors: {
      parseTokens: fromPromise(async ({ input }) => {
        const parameters = new URL(input.href).searchParams;
        const { tokens, returnPath } = await processCallback(currentConfig().auth, parameters);
        providerTokens = tokens;
        if (!tokens) logWarning('sign-in', 'the token response carried no access token');
        return { hasAccessToken: Boolean(tokens?.accessToken), returnPath };
      }),
      loginAtBackend: fromPromise(async () => {
        const tokens = providerTokens;
        if (!tokens?.accessToken) throw new AuthError('invalid-token', 'no provider access token after the exchange');
        try {
          backendResult = await loginAtBackend(currentConfig(), tokens);
        } catch (error) {
          // The backend answered and refused this account: let the person pick another one.
          if (error instanceof AuthError && error.cause instanceof AbpError && error.cause.status > 0) requireLoginForm();
          throw error;
        }
        if (backendResult.waitingForActivation) requireLoginForm();
        return { waitingForActivation: backendResult.waitingForActivation };
      }),
      processAuthenticateResult: fromPromise(async () => {
        if (!backendResult || !providerTokens) throw new AuthError('backend-rejected', 'no backend answer to process');
        storeAuthenticateResult(backendResult);
        publishProviderTokens(providerTokens);
        await restartSignedIn();
      }),
    },
    actions: {
      cleanAddress: () => history.replaceState(history.state, '', REDIRECT_PATH),
      logError: ({ event }) => logError('sign-in', (event as { error?: unknown }).error),
      navigateToReturnPath: ({ context }) => navigation.replace(context.returnPath ?? HOME_PATH),
      // After a token exchange that gave no access token the login page says sign-in failed.
      navigateToLogin: ({ event }) => navigation.replace(event.type.startsWith('xstate.done.actor') ? `${LOGIN_PATH}?reason=failed` : LOGIN_PATH),
      navigateToHome: () => navigation.replace(HOME_PATH),
    },
    guards: {
      isLoginRedirect: ({ context }) => isLoginRedirect(context.href),
    },
  });
}

let actor: ActorRefFrom<ReturnType<typeof browserCallbackMachine>> | undefined;

/** The page's one callback actor: created and started on first use, so a second render never exchanges twice. */
export function getCallbackActor(navigation: CallbackNavigation) {
  if (!actor) {
    const session = bootContext().session;
    actor = createActor(browserCallbackMachine(navigation), {
      input: { href: location.href, hasSession: Boolean(session?.user) },
    });
    if (import.meta.env.DEV) inspectActor(actor);
    actor.start();
  }
  return actor;
}
