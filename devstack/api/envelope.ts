import { localize, type LanguageName } from './localization.ts';

// ABP's AjaxResponse wrapper. Every JSON answer of the backend has this shape;
// the app unwraps `result` and reads `error` and `unAuthorizedRequest`.

export interface AbpValidationError {
  message: string;
  members: string[];
}

export interface AbpError {
  code: number;
  message: string;
  details: string | null;
  validationErrors: AbpValidationError[] | null;
}

export interface AbpEnvelope<T> {
  result: T | null;
  targetUrl: null;
  success: boolean;
  error: AbpError | null;
  unAuthorizedRequest: boolean;
  __abp: true;
}

export function success<T>(result: T): AbpEnvelope<T> {
  return { result, targetUrl: null, success: true, error: null, unAuthorizedRequest: false, __abp: true };
}

export function failure(
  status: number,
  message: string,
  details: string | null = null,
  validationErrors: AbpValidationError[] | null = null,
): AbpEnvelope<never> {
  return {
    result: null,
    targetUrl: null,
    success: false,
    error: { code: 0, message, details, validationErrors },
    // ABP's exception filter flags a 403 as well as a 401: clients must decide by the status.
    unAuthorizedRequest: status === 401 || status === 403,
    __abp: true,
  };
}

/** The English texts ABP itself puts in `error.message` for each status. */
export function defaultMessage(status: number): string {
  switch (status) {
    case 400:
      return 'Your request is not valid!';
    case 401:
      return 'Current user did not login to the application!';
    case 403:
      return 'Required permissions are not granted. At least one of these permissions must be granted.';
    case 404:
      return 'There is no entity with the given id.';
    default:
      return 'An internal error occurred during your request!';
  }
}

/**
 * A 400 answer in ABP's validation format, one entry per offending member:
 * the envelope's texts in the request's language, the DataAnnotations
 * messages in English (as ABP sends them), `details` with `\n`.
 */
export function validationFailure(language: LanguageName, errors: AbpValidationError[]): AbpEnvelope<never> {
  const lines = errors.map((e) => ` - ${e.message}\n`).join('');
  const title = localize(language, 'AbpWeb', 'ValidationNarrativeTitle');
  return failure(400, localize(language, 'AbpWeb', 'ValidationError'), `${title}\n${lines}`, errors);
}

/** ABP's JSON answers say their charset. */
export const JSON_TYPE = 'application/json; charset=utf-8';
