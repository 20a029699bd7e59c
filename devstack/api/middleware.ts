import type { HttpBindings } from '@hono/node-server';
import { RESPONSE_ALREADY_SENT } from '@hono/node-server/utils/response';
import type { MiddlewareHandler } from 'hono';
import { resolveFault } from '../faults/response.ts';
import { endpointList } from './endpoints.ts';
import type { BackendIdentity } from './backend-token.ts';
import type { LanguageName } from './localization.ts';
import type { ApiTenant } from './tenants.ts';
import type { ApiUser } from './users.ts';
import type { FaultEndpoint, FaultRegistry } from '../faults/registry.ts';
import { dropConnection, goneOf, NO_HOLDS, type HoldPoints } from '../faults/holds.ts';

// Cross-cutting behaviour of the API server: latency, CORS, holds and fault switches.

/** Who calls, in which tenant and language, as the API found out (server.ts). */
export interface AbpRequest {
  /** The user of a valid bearer; undefined for nobody, or for a bearer that is forged, expired or garbled. */
  user: ApiUser | undefined;
  identity: BackendIdentity | undefined;
  /** null: the host. */
  tenant: ApiTenant | null;
  language: LanguageName;
}

export type ApiEnv = { Bindings: HttpBindings; Variables: { abp: AbpRequest } };

/** Delays every answer, to show loading states and races. */
export function latency(ms: number): MiddlewareHandler<ApiEnv> {
  return async (_c, next) => {
    if (ms > 0) await new Promise((resolve) => setTimeout(resolve, ms));
    await next();
  };
}

/**
 * CORS as module-zero-core-template sets it up (`WithOrigins(app)
 * .AllowAnyHeader().AllowAnyMethod().AllowCredentials()`) and ASP.NET Core
 * answers it: a preflight from the app origin gets 204 with the requested
 * method and headers echoed and credentials allowed, with no
 * Access-Control-Max-Age (so Chromium keeps a preflight 5 seconds; see
 * docs/deploy.md) and no Vary; a preflight from any other origin gets 204
 * with no CORS headers, which a browser reports as a CORS failure. Other
 * requests are answered as usual, with Access-Control-Allow-Origin and
 * -Credentials for the app origin only.
 */
export function cors(appOrigin: string): MiddlewareHandler<ApiEnv> {
  return async (c, next) => {
    const origin = c.req.header('Origin');
    const allowed = origin === appOrigin;
    const requestedMethod = c.req.header('Access-Control-Request-Method');
    if (c.req.method === 'OPTIONS' && origin && requestedMethod) {
      if (!allowed) return c.body(null, 204);
      const requestedHeaders = c.req.header('Access-Control-Request-Headers');
      return c.body(null, 204, {
        'Access-Control-Allow-Credentials': 'true',
        ...(requestedHeaders ? { 'Access-Control-Allow-Headers': requestedHeaders } : {}),
        'Access-Control-Allow-Methods': requestedMethod,
        'Access-Control-Allow-Origin': appOrigin,
      });
    }
    await next();
    if (allowed) {
      c.header('Access-Control-Allow-Credentials', 'true');
      c.header('Access-Control-Allow-Origin', appOrigin);
    }
  };
}

/** Lower-cased API paths (ASP.NET routing ignores case) and their fault switch: every endpoint of devstack/api/endpoints.ts. */
export const FAULT_ROUTES: Readonly<Record<string, FaultEndpoint>> = Object.fromEntries(
  endpointList().map((endpoint) => [`/${endpoint.path.toLowerCase()}`, endpoint.name]),
);

/** Keeps a request to a held endpoint waiting until the test lets it go, then applies a fault switched on for it, if any. */
export function faultSwitches(faults: FaultRegistry, holds: HoldPoints = NO_HOLDS): MiddlewareHandler<ApiEnv> {
  return async (c, next) => {
    const endpoint = FAULT_ROUTES[c.req.path];
    if (!faults.enabled || !endpoint || c.req.method === 'OPTIONS') return next();
    const held = await holds.arrive(endpoint, {
      method: c.req.method,
      url: new URL(c.req.url),
      headers: c.req.raw.headers,
      gone: goneOf(c.env.outgoing),
    });
    if (held === 'drop') {
      dropConnection(c.env.incoming.socket);
      return RESPONSE_ALREADY_SENT;
    }
    const outcome = await resolveFault(faults.take(endpoint), 'abp');
    if (outcome.kind === 'reset') {
      c.env.incoming.socket.destroy();
      return RESPONSE_ALREADY_SENT;
    }
    if (outcome.kind === 'respond') return outcome.response;
    await next();
    if (outcome.kind === 'lost') {
      // The work is done (a password changed, a user saved); the caller never hears of it.
      c.env.incoming.socket.destroy();
      c.res = undefined;
      c.res = RESPONSE_ALREADY_SENT;
      return;
    }
    if (outcome.kind !== 'tokenless') return;
    const answer = await withoutBackendToken(c.res);
    // Unset first: Hono would copy the old answer's headers onto the new one.
    c.res = undefined;
    c.res = answer;
  };
}

/**
 * ExternalAuthenticate's answer with neither a token nor `waitingForActivation`:
 * what no ABP sends, and its Angular client refuses as "Unexpected authenticateResult!".
 */
async function withoutBackendToken(response: Response): Promise<Response> {
  const envelope = (await response.json()) as { result?: Record<string, unknown> | null };
  const result = { ...envelope.result, accessToken: null, encryptedAccessToken: null, waitingForActivation: false };
  const headers = new Headers(response.headers);
  headers.delete('Content-Length');
  return new Response(JSON.stringify({ ...envelope, result }), { status: response.status, headers });
}
