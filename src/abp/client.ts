import ky, { TimeoutError, type KyInstance } from 'ky';
import { requestEnded, requestStarted } from './activity.ts';
import { unwrapEnvelope } from './envelope.ts';
import { AbpError } from './errors.ts';
import { abpEvents } from './events.ts';
import { requestHeaders, withCulture, type AbpHeaderSource } from './headers.ts';

export interface AbpClientOptions {
  baseUrl: string;
  /** Read before each request, so a new token, tenant or language applies at once. */
  headers: () => AbpHeaderSource;
  timeoutMs?: number;
  /** Instead of the browser's fetch, e.g. one that takes an answer already on its way. */
  fetch?: (request: Request, init?: RequestInit) => Promise<Response>;
}

type Method = 'get' | 'post' | 'put' | 'delete';

/** How long a request may go unanswered before the app gives up on it (AbpError kind `timeout`), unless `timeoutMs` says otherwise. */
export const REQUEST_TIMEOUT_MS = 15_000;

export interface PostOptions {
  /** More than ABP's own headers, e.g. a DPoP proof. */
  headers?: Record<string, string>;
  /**
   * Send no bearer even when a token is held. ABP takes the tenant from a
   * bearer's claim before the tenant header, so a sign-in must not carry the
   * token of an earlier one: it would decide the tenant behind the person's back.
   */
  anonymous?: boolean;
}

export interface GetOptions {
  /**
   * Ask in the language ABP keeps for the signed-in person: no culture in
   * the query, this device's in Accept-Language, which ABP answers in when
   * he keeps none and never saves (headers.ts, `cultureInQuery`).
   */
  personLanguage?: boolean;
}

/** `path` is relative to the backend's address and may carry a query (`User/Get?Id=5`). */
export interface AbpClient {
  get<T>(path: string, options?: GetOptions): Promise<T>;
  post<T>(path: string, body: unknown, options?: PostOptions): Promise<T>;
  /** ABP routes `Update` actions as PUT. */
  put<T>(path: string, body: unknown): Promise<T>;
  /** ABP routes `Delete` actions as DELETE, with the id in the query. */
  delete<T>(path: string): Promise<T>;
}

/** A client for the ABP backend: ABP's headers on every call, envelopes unwrapped, failures as `AbpError`. */
export function createAbpClient(options: AbpClientOptions): AbpClient {
  const http = ky.create({
    prefixUrl: options.baseUrl.replace(/\/+$/, ''),
    timeout: options.timeoutMs ?? REQUEST_TIMEOUT_MS,
    retry: 0,
    throwHttpErrors: false,
    fetch: options.fetch as typeof fetch | undefined,
  });
  return {
    get: (path, getOptions) => send(http, options.headers, 'get', path, undefined, {}, getOptions?.personLanguage === true),
    post: (path, body, postOptions) => send(http, options.headers, 'post', path, body, postOptions),
    put: (path, body) => send(http, options.headers, 'put', path, body),
    delete: (path) => send(http, options.headers, 'delete', path),
  };
}

async function send<T>(
  http: KyInstance,
  headers: () => AbpHeaderSource,
  method: Method,
  path: string,
  body?: unknown,
  postOptions: PostOptions = {},
  person = false,
): Promise<T> {
  requestStarted();
  try {
    // Read now, so a new token, tenant or language applies at once.
    const current = headers();
    const source = postOptions.anonymous === true ? { ...current, token: undefined } : current;
    return await exchange<T>(http, method, withCulture(path.replace(/^\/+/, ''), source, person), body, {
      ...requestHeaders(source, person),
      ...postOptions.headers,
    });
  } finally {
    requestEnded();
  }
}

async function exchange<T>(http: KyInstance, method: Method, path: string, body: unknown, headers: Record<string, string>): Promise<T> {
  let response: Response;
  try {
    response = await http(path, { method, json: body, headers });
  } catch (error) {
    const failure =
      error instanceof TimeoutError
        ? new AbpError('timeout', 0, `${method.toUpperCase()} ${path}: timed out`)
        : new AbpError('network', 0, `${method.toUpperCase()} ${path}: ${error instanceof Error ? error.message : String(error)}`);
    abpEvents.trigger('abp.unreachable', failure.message);
    throw failure;
  }
  return unwrapEnvelope<T>(response);
}
