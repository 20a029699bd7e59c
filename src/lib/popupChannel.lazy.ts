/**
 * The channel a sign-in popup and the page that opened it talk on, kept this
 * low, and loaded apart, because the app's entry (main.tsx) loads it to speak
 * on it before the app's code has run; how the callback page knows what it
 * is and what it hands over is auth/popupProtocol.lazy.ts.
 */
export const POPUP_CHANNEL = 'oidc.popup';
/**
 * On the popup channel: the popup's callback page has loaded (sent by the
 * app's entry, before the app's code arrives), so a popup that looks closed
 * to its opener is not.
 */
export const POPUP_ARRIVED = 'oidc-popup-arrived';
/** On the popup channel: the opener has the callback address, so the popup may close. */
export const POPUP_RECEIVED = 'oidc-popup-received';
/** How often the popup sends its callback address again while no receipt has come. */
const RESEND_EVERY_MS = 500;
/** How long the popup waits for a receipt before it closes all the same (its opener may have gone). */
const RECEIPT_WAIT_MS = 5_000;
/**
 * Marks the state of a popup sign-in. The popup's callback page can lose its
 * `window.name` and `window.opener` on the way back from the provider (a
 * Cross-Origin-Opener-Policy puts it in a new browsing context group), so it
 * recognises itself by the state it carries.
 */
export const POPUP_STATE_PREFIX = 'popup.';

/** The popup channel, where the browser has one (every browser the app supports does). */
export function openPopupChannel(): BroadcastChannel | undefined {
  return typeof BroadcastChannel === 'undefined' ? undefined : new BroadcastChannel(POPUP_CHANNEL);
}

/** A notice on the popup channel (`POPUP_ARRIVED`, `POPUP_RECEIVED`) for the sign-in with this state. */
export interface PopupNotice {
  type: typeof POPUP_ARRIVED | typeof POPUP_RECEIVED;
  state: string;
}

/** Whether this is a notice of that type for the sign-in with this state. */
export function isNotice(data: unknown, type: PopupNotice['type'], state: string): boolean {
  return typeof data === 'object' && data !== null && 'type' in data && data.type === type && 'state' in data && data.state === state;
}

/**
 * From the app's entry, on the callback page: in a popup sign-in's (by its
 * state), tells the opener the popup is back and loading (a
 * Cross-Origin-Opener-Policy makes it look closed from here on, and the
 * hand-over waits for the app's code).
 */
export function announcePopupArrival(): void {
  const state = new URLSearchParams(location.search).get('state');
  if (state?.startsWith(POPUP_STATE_PREFIX)) openPopupChannel()?.postMessage({ type: POPUP_ARRIVED, state } satisfies PopupNotice);
}

/**
 * In the popup: sends its callback address (`message`) to the opener, and
 * again every half second until the opener says it has it, then closes the
 * popup: nothing promises that a message sent as its window closes arrives,
 * and a person who signed in would then be told the window was closed.
 * Without a receipt (the opener is gone) it closes after a few seconds all
 * the same.
 */
export function sendUntilReceived(opener: Window | null, message: unknown, state: string): void {
  const channel = openPopupChannel();
  const send = () => {
    opener?.postMessage(message, location.origin);
    channel?.postMessage(message);
  };
  send();
  if (!channel) {
    window.close();
    return;
  }
  const resend = setInterval(send, RESEND_EVERY_MS);
  const close = () => {
    clearInterval(resend);
    clearTimeout(giveUp);
    channel.close();
    window.close();
  };
  const giveUp = setTimeout(close, RECEIPT_WAIT_MS);
  channel.onmessage = (event: MessageEvent) => {
    if (isNotice(event.data, POPUP_RECEIVED, state)) close();
  };
}
