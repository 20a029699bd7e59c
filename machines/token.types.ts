import type { MachineError } from './error.ts';

/** okta-auth-js flow statuses, used for the outcome of a re-authentication. */
export type SignInStatus = 'success' | 'pending' | 'failure' | 'terminal' | 'canceled';

/** What a renewal or re-authentication gives: when the new backend token expires, and when the sign-in itself ends. */
export interface TokenGrant {
  expiresAt: number;
  /** How long the backend token lives in all (`expireInSeconds`; `exp` − `iat` for a token this page did not get): the late renewal's margin is a share of it. */
  lifetimeMs?: number;
  /** Epoch ms of the session's fixed end (the provider's refresh token chain), which renewals do not move; absent when the provider names none. */
  sessionEndsAt?: number;
  /** No refresh token: the next renewal may need the person (a click on "Sessie bevestigen"), so it comes late in the backend token's life. */
  renewLate?: boolean;
}

export interface SignInOutcome {
  status: Exclude<SignInStatus, 'pending'>;
  expiresAt?: number;
  lifetimeMs?: number;
  sessionEndsAt?: number;
  renewLate?: boolean;
  error?: MachineError;
}

export interface TokenContext {
  /** Epoch ms when the backend token expires. */
  expiresAt?: number;
  /** How long the backend token lives in all: see TokenGrant. */
  lifetimeMs?: number;
  /** Epoch ms of the session's fixed end, when the provider names one. */
  sessionEndsAt?: number;
  /** The next renewal may need the person: see TokenGrant. */
  renewLate?: boolean;
  signInStatus?: SignInStatus;
  error?: MachineError;
}

/**
 * okta-auth-js token events as the page sends them: added (signed in, or a
 * reload), renewed (another tab stored a new backend token: its
 * announceRenewed), expired (the API refused the token: a 401), removed
 * (signed out); plus the person asking to sign in again.
 */
export type TokenEvent =
  | ({ type: 'ADDED' } & TokenGrant)
  | ({ type: 'RENEWED' } & TokenGrant)
  | { type: 'EXPIRED' }
  | { type: 'REMOVED' }
  /** The connection is back: renew now instead of waiting for the next attempt. */
  | { type: 'RETRY' }
  /**
   * The tab came back (visible again, online again, or the wall clock jumped
   * after a sleep): a timer that slept with it may be late, so the expiry is
   * checked now.
   */
  | { type: 'WAKE' }
  | { type: 'SIGN_IN' };
