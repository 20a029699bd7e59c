import type { MachineError } from './error.ts';

export interface CallbackInput {
  /** The address the page was opened with, read once. */
  href: string;
  /** A backend session user already exists (decides where a non-redirect visit goes). */
  hasSession: boolean;
}

/**
 * What the code exchange gave: the provider's tokens when there is an access
 * token, and where to go afterwards. The tokens' type `T` is the caller's
 * (src/ gives its own): the machine only carries them to the backend login
 * and, once accepted, to where they are kept.
 */
export interface ParsedCallback<T = unknown> {
  tokens?: T;
  returnPath: string;
}

/** `TokenAuth/ExternalAuthenticate`'s answer: the machine decides on `waitingForActivation` and carries `result` (the caller's type `L`) on. */
export interface BackendLogin<L = unknown> {
  waitingForActivation: boolean;
  result: L;
}

export interface CallbackContext<T = unknown, L = unknown> {
  href: string;
  hasSession: boolean;
  returnPath?: string;
  /** The provider's tokens, in memory only until the backend has accepted the sign-in. */
  tokens?: T;
  /** The backend's answer, until it is stored. */
  login?: L;
  error?: MachineError;
}
