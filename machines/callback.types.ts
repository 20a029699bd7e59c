import type { MachineError } from './error.ts';

export interface CallbackInput {
  /** The address the page was opened with, read once. */
  href: string;
  /** A backend session user already exists (decides where a non-redirect visit goes). */
  hasSession: boolean;
}

/** What the code exchange gave: the provider's tokens when there is an access token, and where to go afterwards. */
export interface ParsedCallback {
  /** Opaque to the machine: carried to the backend login and, once accepted, kept by src/auth. */
  tokens?: unknown;
  returnPath: string;
}

/** `TokenAuth/ExternalAuthenticate`'s answer: the machine decides on `waitingForActivation` and carries `result` on. */
export interface BackendLogin {
  waitingForActivation: boolean;
  result: unknown;
}

export interface CallbackContext {
  href: string;
  hasSession: boolean;
  returnPath?: string;
  /** The provider's tokens, in memory only until the backend has accepted the sign-in. */
  tokens?: unknown;
  /** The backend's answer, until it is stored. */
  login?: unknown;
  error?: MachineError;
}
