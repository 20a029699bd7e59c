const KEY = 'oidc.signout';

/** Remembers the `state` of a provider sign-out, so the page it returns to can say it worked. */
export function rememberSignOut(state: string): void {
  sessionStorage.setItem(KEY, state);
}

/** True for the `state` the provider hands back after signing out; asking twice gives the same answer. */
export function isSignOutReturn(state: string | undefined): boolean {
  return state !== undefined && sessionStorage.getItem(KEY) === state;
}

/** A new sign-in makes the old sign-out history. */
export function forgetSignOut(): void {
  sessionStorage.removeItem(KEY);
}
