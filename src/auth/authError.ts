/** Identity failures by what a person is told. */
export type AuthErrorKind =
  | 'not-configured'
  | 'provider-unreachable'
  | 'state-mismatch'
  | 'no-transaction'
  | 'provider-error'
  | 'access-denied'
  | 'issuer-mismatch'
  | 'audience-mismatch'
  | 'nonce-mismatch'
  | 'token-expired'
  | 'invalid-token'
  | 'invalid-refresh-token'
  | 'dpop-key-lost'
  | 'provider-session-unseen'
  | 'timeout'
  | 'popup-blocked'
  | 'popup-closed'
  | 'backend-rejected'
  | 'backend-unreachable'
  | 'backend-timeout'
  | 'session-failed'
  | 'not-active'
  | 'tenant-inactive'
  | 'no-tenant';

/** An identity failure as a value: `kind` for the Dutch message, `detail` for the log. */
export class AuthError extends Error {
  readonly kind: AuthErrorKind;
  readonly detail: string;

  constructor(kind: AuthErrorKind, detail: string, options?: { cause?: unknown }) {
    super(`${kind}: ${detail}`, options);
    this.name = 'AuthError';
    this.kind = kind;
    this.detail = detail;
  }
}
