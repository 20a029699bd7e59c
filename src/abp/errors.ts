/** What went wrong with a call, by what a person can do about it. */
export type AbpErrorKind =
  | 'network'
  | 'timeout'
  | 'unauthorized'
  | 'forbidden'
  | 'not-found'
  | 'server'
  | 'http'
  | 'malformed'
  | 'rejected';

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

  constructor(kind: AbpErrorKind, status: number, detail: string, serverMessage?: string) {
    super(`${kind} (${status}): ${detail}`);
    this.name = 'AbpError';
    this.kind = kind;
    this.status = status;
    this.detail = detail;
    this.serverMessage = serverMessage;
  }
}

export function kindOfStatus(status: number): AbpErrorKind {
  if (status === 401) return 'unauthorized';
  if (status === 403) return 'forbidden';
  if (status === 404) return 'not-found';
  if (status >= 500) return 'server';
  return 'http';
}
