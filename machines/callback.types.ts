import type { BootError } from './boot.types.ts';

export interface CallbackInput {
  /** The address the page was opened with, read once. */
  href: string;
  /** A backend session user already exists (decides where a non-redirect visit goes). */
  hasSession: boolean;
}

/** What the code exchange gave; the tokens themselves are held by src/auth. */
export interface ParsedCallback {
  hasAccessToken: boolean;
  returnPath: string;
}

/** `TokenAuth/ExternalAuthenticate`'s answer, as far as the machine decides on it. */
export interface BackendLogin {
  waitingForActivation: boolean;
}

export interface CallbackContext {
  href: string;
  hasSession: boolean;
  returnPath?: string;
  error?: BootError;
}
