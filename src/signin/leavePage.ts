/** Whether this page has begun to leave after a sign-out; one the back-forward cache shows again begins anew. */
let leaving = false;
if (typeof window !== 'undefined') {
  window.addEventListener('pageshow', (event) => {
    if (event.persisted) leaving = false;
  });
}

/**
 * Leaves the page after a sign-out, once: for the provider's end of its
 * session (`assign`) or for the login page (`replace`). Two ways out can
 * meet in one tab: its own sign-out for inactivity, and another tab's
 * sign-out heard meanwhile. A second load cuts the first short, and where
 * the first load stops the page's requests at once (WebKit) the sign-out's
 * revocation fails and leaves again, with its own reason. The first way out
 * is the one taken; the later ones are dropped.
 */
export function leaveAfterSignOut(href: string, how: 'assign' | 'replace'): void {
  if (leaving) return;
  leaving = true;
  if (how === 'assign') location.assign(href);
  else location.replace(href);
}
