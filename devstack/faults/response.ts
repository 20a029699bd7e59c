import type { ServerResponse } from 'node:http';
import { defaultMessage, failure } from '../api/envelope.ts';
import type { Fault } from './registry.ts';

// Turns a fault into an answer. Shared by the Hono servers (which return a
// Response) and the plain Node handlers in front of the provider and Vite.

/** `tokenless`: the handler answers, and its answer goes out without its token; `lost`: the handler does its work, and its answer never goes out. */
export type FaultOutcome =
  { kind: 'reset' } | { kind: 'respond'; response: Response } | { kind: 'pass' } | { kind: 'tokenless' } | { kind: 'lost' };

/** How a failing status is worded: ABP envelope, or RFC 6749 error JSON at the token endpoint. */
export type ErrorStyle = 'abp' | 'oauth';

const PROXY_REASONS: Record<number, string> = {
  500: 'Internal Server Error',
  502: 'Bad Gateway',
  503: 'Service Temporarily Unavailable',
  504: 'Gateway Time-out',
};

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

export async function resolveFault(fault: Fault | undefined, style: ErrorStyle): Promise<FaultOutcome> {
  if (!fault) return { kind: 'pass' };
  if (fault.delayMs) await sleep(fault.delayMs);
  if (fault.reset) return { kind: 'reset' };
  if (fault.lost) return { kind: 'lost' };
  if (fault.body === 'tokenless') return { kind: 'tokenless' };

  if (fault.body === 'malformed') {
    return { kind: 'respond', response: Response.json({ unexpected: true }, { status: 200 }) };
  }
  if (fault.body === 'html') {
    // What a reverse proxy shows when the backend behind it is down.
    const status = fault.status ?? 502;
    const title = `${status} ${PROXY_REASONS[status] ?? 'Error'}`;
    const html = `<!DOCTYPE html><html><head><title>${title}</title></head><body><h1>${title}</h1><hr><p>nginx</p></body></html>`;
    return { kind: 'respond', response: new Response(html, { status, headers: { 'Content-Type': 'text/html; charset=utf-8' } }) };
  }
  if (fault.body === 'empty') {
    return { kind: 'respond', response: new Response(null, { status: fault.status ?? 200 }) };
  }
  if (fault.status !== undefined) {
    const body = style === 'abp' ? failure(fault.status, defaultMessage(fault.status)) : oauthError(fault.status);
    return { kind: 'respond', response: Response.json(body, { status: fault.status }) };
  }
  return { kind: 'pass' };
}

function oauthError(status: number): { error: string; error_description: string } {
  // 400 is what a refused refresh token looks like; the others are the
  // nearest RFC 6749 / RFC 6750 codes for the status.
  if (status === 400) return { error: 'invalid_grant', error_description: 'grant request is invalid' };
  if (status === 401) return { error: 'invalid_client', error_description: 'client authentication failed' };
  if (status === 503) return { error: 'temporarily_unavailable', error_description: 'try again later' };
  return { error: 'server_error', error_description: 'unexpected error' };
}

/** Writes a web Response to a Node response (for handlers outside Hono). */
export async function writeResponse(res: ServerResponse, response: Response, extraHeaders: Record<string, string> = {}): Promise<void> {
  const body = Buffer.from(await response.arrayBuffer());
  res.statusCode = response.status;
  response.headers.forEach((value, name) => res.setHeader(name, value));
  for (const [name, value] of Object.entries(extraHeaders)) res.setHeader(name, value);
  res.setHeader('Content-Length', String(body.length));
  res.end(body);
}
