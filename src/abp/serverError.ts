import type { AbpValidationError } from './errors.ts';
import { isJsonObject } from '../lib/json.ts';

/** What the server said in an envelope's `error`, as far as it has the documented shape. */
export interface AbpServerError {
  /** `error.message`: localized to the request's culture, meant for people. */
  message?: string;
  /** `error.details`: more for people, when the server gave it. */
  details?: string;
  validationErrors: AbpValidationError[];
}

function text(value: unknown): string | undefined {
  return typeof value === 'string' && value.trim() !== '' ? value : undefined;
}

/** Reads an envelope's `error` (ABP's ErrorInfo) defensively: a server may send anything. */
export function readServerError(error: unknown): AbpServerError {
  if (!isJsonObject(error)) return { validationErrors: [] };
  const { message, details, validationErrors } = error;
  const valid = (Array.isArray(validationErrors) ? validationErrors : []).flatMap((item): AbpValidationError[] => {
    if (!isJsonObject(item)) return [];
    const { message: itemMessage, members } = item;
    const said = text(itemMessage);
    if (!said) return [];
    return [
      { message: said, members: Array.isArray(members) ? members.filter((member): member is string => typeof member === 'string') : [] },
    ];
  });
  return { message: text(message), details: text(details), validationErrors: valid };
}
