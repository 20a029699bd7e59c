/** The popup sign-in's window name and the message its callback page posts to the opener. */
export const POPUP_NAME = 'oidc-popup';
export const POPUP_MESSAGE = 'oidc-popup-callback';

/**
 * In the popup itself: hands the callback address to the opener (this origin
 * only) and closes, before anything else starts. False when this page is not
 * a sign-in popup.
 */
export function handOverPopupCallback(): boolean {
  const opener = window.opener as Window | null;
  if (window.name !== POPUP_NAME || !opener || !location.pathname.endsWith('/account/logincallback')) return false;
  opener.postMessage({ type: POPUP_MESSAGE, href: location.href }, location.origin);
  history.replaceState(null, '', location.pathname);
  window.close();
  return true;
}
