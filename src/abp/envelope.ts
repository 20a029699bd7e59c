import { AbpError, kindOfStatus, type AbpServerError, type AbpValidationError } from './errors.ts';

/** ABP's `AjaxResponse`: every JSON answer of the backend is wrapped in it. */
export interface AbpEnvelope<T> {
  result: T;
  targetUrl: string | null;
  success: boolean;
  error: AbpErrorInfo | null;
  unAuthorizedRequest: boolean;
  __abp: boolean;
}

export interface AbpErrorInfo {
  code: number;
  message: string;
  details: string | null;
  validationErrors: { message: string; members: string[] }[] | null;
}

function isEnvelope(body: unknown): body is AbpEnvelope<unknown> {
  return typeof body === 'object' && body !== null && 'success' in body && typeof body.success === 'boolean';
}

function text(value: unknown): string | undefined {
  return typeof value === 'string' && value.trim() !== '' ? value : undefined;
}

/** The envelope's `error`, kept only where it has the documented shape: a server may send anything. */
function serverErrorOf(error: unknown): AbpServerError {
  if (typeof error !== 'object' || error === null) return { validationErrors: [] };
  const { message, details, validationErrors } = error as Record<string, unknown>;
  const valid = (Array.isArray(validationErrors) ? validationErrors : []).flatMap((item): AbpValidationError[] => {
    if (typeof item !== 'object' || item === null) return [];
    const { message: itemMessage, members } = item as Record<string, unknown>;
    const said = text(itemMessage);
    if (!said) return [];
    return [{ message: said, members: Array.isArray(members) ? members.filter((member): member is string => typeof member === 'string') : [] }];
  });
  return { message: text(message), details: text(details), validationErrors: valid };
}

/**
 * Reads an answer as an envelope and returns its `result`, or throws an
 * `AbpError` that carries the status and the server's own message.
 */
export async function unwrapEnvelope<T>(response: Response): Promise<T> {
  const text = await response.text();
  let body: unknown;
  try {
    body = text === '' ? undefined : JSON.parse(text);
  } catch {
    const kind = response.ok ? 'malformed' : kindOfStatus(response.status);
    throw new AbpError(kind, response.status, `${response.url}: not JSON: ${text.slice(0, 120)}`);
  }
  if (!isEnvelope(body)) {
    const kind = response.ok ? 'malformed' : kindOfStatus(response.status);
    throw new AbpError(kind, response.status, `${response.url}: not an ABP envelope`);
  }
  const server = serverErrorOf(body.error);
  const said = server.message;
  // By the status first: ABP flags a 403 as unAuthorizedRequest too. Only an
  // answer without an error status (a backend that does not set it) is read by the flag.
  if (response.status === 401 || (response.ok && body.unAuthorizedRequest)) {
    throw new AbpError('unauthorized', 401, `${response.url}: ${said ?? 'unauthorized'}`, server);
  }
  if (!response.ok) {
    throw new AbpError(kindOfStatus(response.status), response.status, `${response.url}: ${said ?? response.statusText}`, server);
  }
  if (!body.success) {
    throw new AbpError('rejected', response.status, `${response.url}: ${said ?? 'success: false'}`, server);
  }
  return body.result as T;
}
