import type { SignOutReason } from '../lib/paths.ts';
import { isJsonObject } from '../lib/json.ts';

const KEY = 'oidc.signout';

/** Remembers the `state` of a provider sign-out and why, so the page it returns to can say so. */
export function rememberSignOut(state: string, reason: SignOutReason = 'signed-out'): void {
  sessionStorage.setItem(KEY, JSON.stringify({ state, reason }));
}

/** The reason of the sign-out whose `state` the provider hands back; `undefined` for any other state. Asking twice gives the same answer. */
export function signOutReturnReason(state: string | undefined): SignOutReason | undefined {
  if (state === undefined) return undefined;
  try {
    const remembered: unknown = JSON.parse(sessionStorage.getItem(KEY) ?? 'null');
    if (!isJsonObject(remembered) || remembered.state !== state) return undefined;
    return remembered.reason === 'idle' ? 'idle' : 'signed-out';
  } catch {
    return undefined;
  }
}

/** A new sign-in makes the old sign-out history. */
export function forgetSignOut(): void {
  sessionStorage.removeItem(KEY);
}
