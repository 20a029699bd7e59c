import { ACCOUNT_RETURN_KEY } from '../lib/storageKeys.ts';
import { POPUP_STATE_PREFIX, sendUntilReceived } from '../lib/popupChannel.lazy.ts';

/** The popup sign-in's window name, and the message its callback page sends the opener (on the popup channel too: lib/popupChannel.lazy.ts). */
export const POPUP_NAME = 'oidc-popup';
export const POPUP_MESSAGE = 'oidc-popup-callback';
/** Marks the state of a silent (prompt=none) authorization in a hidden frame of this app. */
export const SILENT_STATE_PREFIX = 'silent.';
/**
 * Marks the state of Mijn account's full-page visit to the provider (where
 * popups are blocked): its callback is not a sign-in. The callback page
 * keeps the answer's parameters (code, state, iss: no token) for this tab and
 * goes back to Mijn account, which redeems them (myaccount/access.lazy.ts).
 */
export const ACCOUNT_STATE_PREFIX = 'account.';
/** Mijn account's address, where its full-page visit returns to. */
export const ACCOUNT_RETURN_PATH = '/app/account';
/** Where the callback page keeps Mijn account's answer for it, in this tab only. */
export { ACCOUNT_RETURN_KEY };
export { POPUP_STATE_PREFIX };

export interface PopupCallbackMessage {
  type: typeof POPUP_MESSAGE;
  href: string;
}

const CALLBACK_PATH = '/account/logincallback';

/**
 * The callback's parameters in a hand-over message (from a popup or a
 * silent frame): only a callback address of this origin, and only for the
 * sign-in with this state; undefined for anything else.
 */
export function handedOverParameters(data: unknown, state: string): URLSearchParams | undefined {
  if (
    typeof data !== 'object' ||
    data === null ||
    !('type' in data) ||
    data.type !== POPUP_MESSAGE ||
    !('href' in data) ||
    typeof data.href !== 'string'
  )
    return undefined;
  const url = new URL(data.href, location.origin);
  return url.origin === location.origin && url.searchParams.get('state') === state ? url.searchParams : undefined;
}

/**
 * In the popup itself: hands the callback address to the opener (this origin
 * only: postMessage to the opener when it is still reachable, and a
 * BroadcastChannel, which also works when it is not), before anything else
 * starts, and closes once the opener has it. In a silent authorization's
 * hidden frame: hands it to the page that made the frame (this origin only). Mijn account's full-page
 * visit: keeps the answer for Mijn account and goes back there. False when
 * this page is none of these.
 */
export function handOverPopupCallback(): boolean {
  if (!location.pathname.endsWith(CALLBACK_PATH)) return false;
  const opener: Window | null = window.opener;
  const state = new URLSearchParams(location.search).get('state') ?? '';
  const message: PopupCallbackMessage = { type: POPUP_MESSAGE, href: location.href };
  if (state.startsWith(SILENT_STATE_PREFIX) && window.parent !== window) {
    window.parent.postMessage(message, location.origin);
    return true;
  }
  if (state.startsWith(ACCOUNT_STATE_PREFIX)) {
    sessionStorage.setItem(ACCOUNT_RETURN_KEY, location.search);
    location.replace(ACCOUNT_RETURN_PATH);
    return true;
  }
  const named = window.name === POPUP_NAME && opener !== null;
  if (!named && !state.startsWith(POPUP_STATE_PREFIX)) return false;
  sendUntilReceived(opener, message, state);
  history.replaceState(null, '', location.pathname);
  // A window the browser will not let script close still says what to do.
  const text = document.createElement('p');
  text.textContent = 'Je kunt dit venster sluiten. ';
  const link = document.createElement('a');
  link.href = '/';
  link.textContent = 'Naar de startpagina';
  text.append(link);
  document.getElementById('root')?.replaceChildren(text);
  return true;
}
