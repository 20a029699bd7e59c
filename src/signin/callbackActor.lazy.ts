import { createActor, fromPromise, waitFor, type ActorRefFrom } from 'xstate';
import { createCallbackMachine } from '../../machines/callback.machine.ts';
import { errorOf } from '../../machines/error.ts';
import { AbpError } from '../abp/errors.ts';
import { restartSignedIn } from './restartSignedIn.ts';
import { HOME_PATH, LOGIN_PATH } from '../lib/paths.ts';
import { inspectActor } from '../lib/inspect.ts';
import { logError, logWarning } from '../lib/log.ts';
import { AuthError } from '../auth/authError.ts';
import { loginAtBackend, storeAuthenticateResult } from './backendLogin.ts';
import { isLoginRedirect, processCallback } from '../auth/callback.ts';
import { requireLoginForm } from '../auth/loginPrompt.ts';
import { REDIRECT_PATH } from '../auth/provider.ts';
import type { ProviderTokens } from '../auth/providerTokens.ts';
import { publishProviderTokens } from '../auth/providerTokenSharing.ts';
import type { ExternalAuthenticateResult } from '../abp/externalAuthenticate.ts';
import { bootContext, configOf, type BootActor } from '../boot/bootActor.ts';
import { pageActorKey, type PageActors } from '../boot/pageActors.ts';

export interface CallbackNavigation {
  /** Replaces the current entry: the callback never stays in the history. */
  replace: (path: string) => void;
}

/**
 * The callbackMachine with the browser's implementations. The provider's
 * tokens travel in the machine's context until the backend has accepted the
 * sign-in: a refused, inactive or failed sign-in leaves no refresh token in
 * the tab.
 */
export function browserCallbackMachine(boot: BootActor, navigation: CallbackNavigation) {
  return createCallbackMachine<ProviderTokens, ExternalAuthenticateResult>().provide({
    actors: {
      parseTokens: fromPromise(async ({ input }) => {
        const parameters = new URL(input.href).searchParams;
        const { tokens, returnPath } = await processCallback(configOf(boot).auth, parameters);
        if (!tokens?.accessToken) logWarning('sign-in', 'the token response carried no access token');
        return { tokens: tokens?.accessToken ? tokens : undefined, returnPath };
      }),
      loginAtBackend: fromPromise(async ({ input }) => {
        const { tokens } = input;
        if (!tokens?.accessToken) throw new AuthError('invalid-token', 'no provider access token after the exchange');
        let result: ExternalAuthenticateResult;
        try {
          result = await loginAtBackend(configOf(boot), tokens, bootContext(boot.getSnapshot()).userConfiguration?.localization.values);
        } catch (error) {
          // The backend answered and refused this account: let the person pick another one.
          if (error instanceof AuthError && error.cause instanceof AbpError && error.cause.status > 0) requireLoginForm();
          throw error;
        }
        if (result.waitingForActivation) requireLoginForm();
        return { waitingForActivation: result.waitingForActivation, result };
      }),
      processAuthenticateResult: fromPromise(async ({ input }) => {
        const { tokens, login } = input;
        if (!login || !tokens) throw new AuthError('backend-rejected', 'no backend answer to process');
        storeAuthenticateResult(login);
        publishProviderTokens(tokens);
        await restartSignedIn(boot);
      }),
    },
    actions: {
      cleanAddress: () => history.replaceState(history.state, '', REDIRECT_PATH),
      logError: ({ event }) => logError('sign-in', errorOf(event)),
      navigateToReturnPath: ({ context }) => navigation.replace(context.returnPath ?? HOME_PATH),
      navigateToLogin: (_, { failed }) => navigation.replace(failed ? `${LOGIN_PATH}?reason=failed` : LOGIN_PATH),
      navigateToLoginCancelled: () => navigation.replace(`${LOGIN_PATH}?reason=cancelled`),
      navigateToHome: () => navigation.replace(HOME_PATH),
    },
    guards: {
      isLoginRedirect: ({ context }) => isLoginRedirect(context.href),
    },
  });
}

export type CallbackActor = ActorRefFrom<ReturnType<typeof browserCallbackMachine>>;

/** The page's callback actor, among its actors (boot/pageActors.ts). */
export const CALLBACK_ACTOR = pageActorKey<CallbackActor>('callback');

/**
 * Starts the page's one callback actor when the callback route loads (before
 * its screen renders); a second load of the route finds it running, so the
 * code is never exchanged twice.
 */
export function startCallback(boot: BootActor, actors: PageActors, navigation: CallbackNavigation): CallbackActor {
  return actors.once(CALLBACK_ACTOR, () => {
    const session = bootContext(boot.getSnapshot()).session;
    const actor = createActor(browserCallbackMachine(boot, navigation), {
      input: { href: location.href, hasSession: Boolean(session?.user) },
    });
    if (import.meta.env.DEV) inspectActor(actor);
    actor.start();
    return actor;
  });
}

/**
 * A sign-in's return, started as soon as the config is known rather than
 * when start-up is done: the code exchange and the backend login then run
 * beside start-up's anonymous user configuration and session, which a
 * sign-in replaces anyway, instead of after them (two API round trips less
 * before /app/home). The route's loader later finds the actor running.
 */
export async function startCallbackEarly(boot: BootActor, actors: PageActors, navigation: CallbackNavigation): Promise<void> {
  if (!isLoginRedirect(location.href)) return;
  const snapshot = await waitFor(
    boot,
    (current) => bootContext(current).config !== undefined || current.status === 'done' || current.matches('configFailed'),
  );
  if (bootContext(snapshot).config) startCallback(boot, actors, navigation);
}
