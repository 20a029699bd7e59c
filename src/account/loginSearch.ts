/** Why a person is on the login page; shown there in words. */
export type LoginReason = 'signed-out' | 'idle' | 'expired' | 'failed' | 'cancelled';

/** The login page's query: where to go afterwards, and why the person is here. */
export interface LoginSearch {
  returnUrl?: string;
  reason?: LoginReason;
  /** Handed back by the provider after signing out. */
  state?: string;
  /** `choose`: the environment switch opens, for someone who signed in to the wrong environment. */
  environment?: 'choose';
}

const reasons: readonly LoginReason[] = ['signed-out', 'idle', 'expired', 'failed', 'cancelled'];

/**
 * Keeps only what has the right type. The return path is checked where it
 * is used (signInWithRedirect keeps only a same-origin path that is not a
 * sign-in page), so the first screen carries no code for it.
 */
export function validateLoginSearch(search: Record<string, unknown>): LoginSearch {
  return {
    returnUrl: typeof search.returnUrl === 'string' ? search.returnUrl : undefined,
    reason: reasons.find((reason) => reason === search.reason),
    state: typeof search.state === 'string' ? search.state : undefined,
    environment: search.environment === 'choose' ? 'choose' : undefined,
  };
}
