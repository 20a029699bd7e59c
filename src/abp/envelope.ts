import { AbpError, kindOfStatus } from './errors.ts';
import { isJsonObject } from '../lib/json.ts';

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

/** `error.message` when it is text: a server may send anything there. */
function messageOf(error: unknown): string | undefined {
  const message = isJsonObject(error) ? error.message : undefined;
  return typeof message === 'string' && message.trim() !== '' ? message : undefined;
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
  const said = messageOf(body.error);
  const server = [said, body.error] as const;
  // By the status first: ABP flags a 403 as unAuthorizedRequest too. Only an
  // answer without an error status (a backend that does not set it) is read by the flag.
  if (response.status === 401 || (response.ok && body.unAuthorizedRequest)) {
    throw new AbpError('unauthorized', 401, `${response.url}: ${said ?? 'unauthorized'}`, ...server);
  }
  if (!response.ok) {
    throw new AbpError(kindOfStatus(response.status), response.status, `${response.url}: ${said ?? response.statusText}`, ...server);
  }
  if (!body.success) {
    throw new AbpError('rejected', response.status, `${response.url}: ${said ?? 'success: false'}`, ...server);
  }
  return body.result as T;
}
