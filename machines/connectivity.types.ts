/** Why the API is out of reach: the browser says it is offline, or a request got no answer. */
export type ConnectivityCause = 'offline' | 'unreachable';

export interface ConnectivityContext {
  cause?: ConnectivityCause;
  /** Failed attempts to reach the API since the connection was lost. */
  attempts: number;
  /** The wait before the next attempt, and when it ends (epoch ms), for the countdown. */
  retryInMs?: number;
  retryAt?: number;
}

export type ConnectivityEvent =
  /** The browser's `offline` event. */
  | { type: 'OFFLINE' }
  /** The browser's `online` event: worth trying at once. */
  | { type: 'ONLINE' }
  /** An API request got no answer (no connection, time-out). */
  | { type: 'UNREACHABLE' }
  /** The person asks to try now. */
  | { type: 'RETRY' };
