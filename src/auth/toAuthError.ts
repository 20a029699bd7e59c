import * as oauth from 'oauth4webapi';
import { AuthError } from './authError.ts';
import { isJsonObject, textOf } from '../lib/json.ts';

/** The provider's `error` and `error_description`, for the log, each only when it is text: an answer may hold anything there. */
export function oauthErrorText(error: { error: unknown; error_description?: unknown; status?: number }): string {
  return `${error.status === undefined ? '' : `${error.status} `}${textOf(error.error) ?? ''}: ${textOf(error.error_description) ?? ''}`;
}

/**
 * Maps oauth4webapi's coded errors to what a person can be told. A request
 * that got no answer is already an AuthError (`providerFetch`); any other
 * TypeError comes from reading an answer and is no unreachable provider.
 */
export function toAuthError(error: unknown): AuthError {
  if (error instanceof AuthError) return error;
  if (error instanceof oauth.AuthorizationResponseError) {
    const kind = error.error === 'access_denied' ? 'access-denied' : 'provider-error';
    return new AuthError(kind, oauthErrorText(error), { cause: error });
  }
  if (error instanceof oauth.ResponseBodyError) {
    const kind = error.error === 'invalid_grant' ? 'invalid-refresh-token' : 'provider-error';
    return new AuthError(kind, oauthErrorText(error), { cause: error });
  }
  if (error instanceof oauth.OperationProcessingError) {
    const claim = isJsonObject(error.cause) ? textOf(error.cause.claim) : undefined;
    if (error.code === oauth.JWT_TIMESTAMP_CHECK) return new AuthError('token-expired', error.message, { cause: error });
    if (error.code === oauth.JWT_CLAIM_COMPARISON) {
      const kind = claim === 'iss' ? 'issuer-mismatch' : claim === 'nonce' ? 'nonce-mismatch' : 'audience-mismatch';
      return new AuthError(kind, error.message, { cause: error });
    }
    if (error.code === oauth.INVALID_RESPONSE && /"iss"/.test(error.message)) {
      return new AuthError('issuer-mismatch', error.message, { cause: error });
    }
    if (error.code === oauth.INVALID_RESPONSE && /"state"/.test(error.message)) {
      return new AuthError('state-mismatch', error.message, { cause: error });
    }
    if (error.code === oauth.INVALID_RESPONSE && /"nonce"/.test(error.message)) {
      return new AuthError('nonce-mismatch', error.message, { cause: error });
    }
    // A status or body that is no token response at all: the provider (or a proxy before it) failed.
    if (error.code === oauth.RESPONSE_IS_NOT_CONFORM) {
      const status = error.cause instanceof Response ? ` (HTTP ${error.cause.status})` : '';
      return new AuthError('provider-error', `${error.message}${status}`, { cause: error });
    }
    return new AuthError('invalid-token', `${error.code ?? ''} ${error.message}`, { cause: error });
  }
  return new AuthError('invalid-token', error instanceof Error ? error.message : String(error), { cause: error });
}
