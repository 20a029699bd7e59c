/** What went wrong with a call, by what a person can do about it. */
export type AbpErrorKind =
  | 'network'
  | 'timeout'
  | 'unauthorized'
  | 'forbidden'
  | 'not-found'
  | 'validation'
  | 'server'
  | 'http'
  | 'malformed'
  | 'rejected';

/** One of ABP's `validationErrors`: a message for people and the input members it is about. */
export interface AbpValidationError {
  message: string;
  members: string[];
}

/** What the server said, when it answered with an envelope that had an `error`. */
export interface AbpServerError {
  /** `error.message`: localized to the request's culture, meant for people. */
  message?: string;
  /** `error.details`: more for people, when the server gave it. */
  details?: string;
  validationErrors: AbpValidationError[];
}

/**
 * A failed ABP call as a value. `status` is the HTTP status (0 without an
 * answer), `serverMessage` the envelope's `error.message` when there was one,
 * `detail` the technical text for the log.
 */
export class AbpError extends Error {
  readonly kind: AbpErrorKind;
  readonly status: number;
  readonly detail: string;
  readonly serverMessage: string | undefined;
  readonly server: AbpServerError;

  constructor(kind: AbpErrorKind, status: number, detail: string, server: string | Partial<AbpServerError> = {}) {
    super(`${kind} (${status}): ${detail}`);
    this.name = 'AbpError';
    this.kind = kind;
    this.status = status;
    this.detail = detail;
    const given = typeof server === 'string' ? { message: server } : server;
    this.server = { message: given.message, details: given.details, validationErrors: given.validationErrors ?? [] };
    this.serverMessage = this.server.message;
  }
}

/**
 * The kind of a failed answer, decided by its status: ABP sets
 * `unAuthorizedRequest` on 403 as well as on 401, so the flag cannot tell
 * "not signed in" from "not permitted".
 */
export function kindOfStatus(status: number): AbpErrorKind {
  if (status === 401) return 'unauthorized';
  if (status === 403) return 'forbidden';
  if (status === 404) return 'not-found';
  if (status === 400) return 'validation';
  if (status >= 500) return 'server';
  return 'http';
}
