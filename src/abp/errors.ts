/** What went wrong with a call, by what a person can do about it. */
export type AbpErrorKind =
  'network' | 'timeout' | 'unauthorized' | 'forbidden' | 'not-found' | 'validation' | 'server' | 'http' | 'malformed' | 'rejected';

/** One of ABP's `validationErrors`: a message for people and the input members it is about. */
export interface AbpValidationError {
  message: string;
  members: string[];
}

/**
 * A failed ABP call as a value. `status` is the HTTP status (0 without an
 * answer), `serverMessage` the envelope's `error.message` when there was one,
 * `serverError` the envelope's whole `error` as the server sent it (read by
 * `readServerError` where it is shown), `detail` the technical text for the log.
 */
export class AbpError extends Error {
  readonly kind: AbpErrorKind;
  readonly status: number;
  readonly detail: string;
  readonly serverMessage: string | undefined;
  readonly serverError: unknown;

  constructor(kind: AbpErrorKind, status: number, detail: string, serverMessage?: string, serverError?: unknown) {
    super(`${kind} (${status}): ${detail}`);
    this.name = 'AbpError';
    this.kind = kind;
    this.status = status;
    this.detail = detail;
    this.serverMessage = serverMessage;
    this.serverError = serverError;
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
