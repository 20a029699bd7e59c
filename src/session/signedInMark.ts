/**
 * The mark set once a signed-in page has started its token's life (and the
 * inactivity watch where the server turns it on): from then on the tab hears
 * the other tabs' sign-outs and renewals. The part that starts it loads once
 * the browser is idle after the first signed-in page; the browser tests wait
 * for this mark before they act as another tab.
 */
export const SIGNED_IN_MARK = 'session-signed-in';
