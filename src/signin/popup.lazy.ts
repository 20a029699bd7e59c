import type { SignInOutcome } from '../../machines/token.types.ts';
import { restartSignedIn } from './restartSignedIn.ts';
import { configOf, type BootActor } from '../boot/bootActor.ts';
import { AuthError } from '../auth/authError.ts';
import { createAuthorizationRequest, type AuthorizationOptions } from '../auth/authorize.lazy.ts';
import type { AuthConfig } from '../config/appConfig.ts';
import { loginAtBackend, stayedSignedIn, storeAuthenticateResult } from './backendLogin.ts';
import { processCallback } from '../auth/callback.ts';
import { toAuthError } from '../auth/toAuthError.ts';
import { handedOverParameters, POPUP_NAME } from '../auth/popupProtocol.lazy.ts';
import { isNotice, openPopupChannel, POPUP_ARRIVED, POPUP_RECEIVED, type PopupNotice } from '../lib/popupChannel.lazy.ts';
import { publishProviderTokens } from '../auth/providerTokenSharing.ts';

/** okta-auth-js defaults: a 600 x 600 window, given 120 s. */
export const POPUP_WIDTH = 600;
export const POPUP_HEIGHT = 600;
export const POPUP_TIMEOUT_MS = 120_000;

export function openPopup(): Window | null {
  const left = Math.max(0, window.screenX + (window.outerWidth - POPUP_WIDTH) / 2);
  const top = Math.max(0, window.screenY + (window.outerHeight - POPUP_HEIGHT) / 2);
  return window.open('about:blank', POPUP_NAME, `popup,width=${POPUP_WIDTH},height=${POPUP_HEIGHT},left=${left},top=${top}`);
}

/**
 * How long a popup that looks closed may still say it is back. It looks
 * closed as soon as it comes back to the app's callback page (the app's
 * Cross-Origin-Opener-Policy puts that page in a browsing context group of
 * its own), and says so from the app's entry, before the app's code
 * has loaded (`POPUP_ARRIVED`); from then on it has until the popup's
 * time-out to hand over. A person who does close it waits this long for the
 * button to come back.
 */
const CLOSED_GRACE_MS = 10_000;

/**
 * Waits for the popup's callback address, from this origin only: posted by
 * the popup to its opener, or on the popup channel when a
 * Cross-Origin-Opener-Policy cut the popup off from this window (which then
 * also reports it closed, hence the grace period and the popup's notice that
 * it is back). The popup closes once told on the channel that it was taken.
 */
export function waitForCallback(
  popup: Pick<Window, 'closed'>,
  state: string,
  closedGraceMs = CLOSED_GRACE_MS,
): Promise<URLSearchParams | 'closed' | 'timeout'> {
  return new Promise((resolve) => {
    const channel = openPopupChannel();
    let closedSince: number | undefined;
    let arrived = false;
    const finish = (outcome: URLSearchParams | 'closed' | 'timeout') => {
      window.removeEventListener('message', onWindowMessage);
      channel?.close();
      clearInterval(poll);
      clearTimeout(timer);
      resolve(outcome);
    };
    const take = (data: unknown) => {
      const parameters = handedOverParameters(data, state);
      if (!parameters) return;
      channel?.postMessage({ type: POPUP_RECEIVED, state } satisfies PopupNotice);
      finish(parameters);
    };
    const onWindowMessage = (event: MessageEvent) => {
      if (event.origin === location.origin && event.source === popup) take(event.data);
    };
    if (channel)
      channel.onmessage = (event: MessageEvent) => {
        if (isNotice(event.data, POPUP_ARRIVED, state)) arrived = true;
        else take(event.data);
      };
    const poll = setInterval(() => {
      if (!popup.closed || arrived) return;
      closedSince ??= Date.now();
      if (Date.now() - closedSince >= closedGraceMs) finish('closed');
    }, 500);
    const timer = setTimeout(() => finish('timeout'), POPUP_TIMEOUT_MS);
    window.addEventListener('message', onWindowMessage);
  });
}

/**
 * Sends a popup opened inside the click (or the browser blocks it) to the
 * provider, and waits for the callback's parameters, or for how it ended
 * without them.
 */
export async function authorizeInPopup(
  auth: AuthConfig,
  popup: Window,
  returnPath: string,
  options: Omit<AuthorizationOptions, 'mode'> = {},
): Promise<URLSearchParams | 'closed' | 'timeout'> {
  const { url, state } = await createAuthorizationRequest(auth, returnPath, { ...options, mode: 'popup' });
  popup.location.href = url.href;
  return waitForCallback(popup, state);
}

/**
 * Signs in again in a popup, keeping this page: `terminal` when the popup is
 * blocked (the caller falls back to redirect), `canceled` when it is closed.
 * Never rejects: every failure is an outcome, so the token machine, which
 * runs it, has no error transition for it.
 */
export async function signInWithPopup(boot: BootActor): Promise<SignInOutcome> {
  let popup: Window | null = null;
  // Signed out in another tab meanwhile: this tab leaves, and keeps nothing of the popup's sign-in.
  const keepable = stayedSignedIn();
  try {
    const config = configOf(boot);
    // Opened before anything is awaited: inside the click, or the browser blocks it.
    popup = openPopup();
    if (!popup) return { status: 'terminal', error: { kind: 'popup-blocked', detail: 'window.open returned null' } };
    const outcome = await authorizeInPopup(config.auth, popup, location.pathname + location.search);
    if (outcome === 'closed') return { status: 'canceled', error: { kind: 'popup-closed', detail: 'the popup was closed' } };
    if (outcome === 'timeout') throw new AuthError('timeout', 'OAuth flow timed out');
    const { tokens } = await processCallback(config.auth, outcome);
    if (!tokens) throw new AuthError('invalid-token', 'the token response carried no access token');
    const result = await loginAtBackend(config, tokens);
    keepable();
    storeAuthenticateResult(result);
    // Kept only once the backend accepted them, as after a redirect sign-in.
    publishProviderTokens(tokens);
    await restartSignedIn(boot);
    return {
      status: 'success',
      expiresAt: Date.now() + result.expireInSeconds * 1000,
      lifetimeMs: result.expireInSeconds * 1000,
      sessionEndsAt: tokens.sessionEndsAt,
      renewLate: !tokens.refreshToken,
    };
  } catch (error) {
    const { kind, detail } = toAuthError(error);
    return { status: 'failure', error: { kind, detail } };
  } finally {
    if (popup && !popup.closed) popup.close();
  }
}
