import { safeReturnPath } from '../../lib/paths.ts';

/** Why a person is on the login page; shown there in words. */
export type LoginReason = 'signed-out' | 'expired' | 'failed';

/** The login page's query: where to go afterwards, and why the person is here. */
export interface LoginSearch {
  returnUrl?: string;
  reason?: LoginReason;
  /** Handed back by the provider after signing out. */
  state?: string;
}

const reasons: readonly LoginReason[] = ['signed-out', 'expired', 'failed'];

/** Keeps only what is safe: a same-origin return path, a known reason. */
export function validateLoginSearch(search: Record<string, unknown>): LoginSearch {
  return {
    returnUrl: safeReturnPath(search.returnUrl),
    reason: reasons.find((reason) => reason === search.reason),
    state: typeof search.state === 'string' ? search.state : undefined,
  };
}
