import type { HttpBindings } from '@hono/node-server';
import { RESPONSE_ALREADY_SENT } from '@hono/node-server/utils/response';
import type { MiddlewareHandler } from 'hono';
import { resolveFault } from './fault-response.ts';
import type { FaultEndpoint, FaultRegistry } from './faults.ts';

// Cross-cutting behaviour of the API server: latency, CORS and fault switches.

export type ApiEnv = { Bindings: HttpBindings };

const ALLOWED_HEADERS = ['Authorization', 'Content-Type', 'Abp-TenantId', 'Abp.TenantId', '.AspNetCore.Culture', 'X-Requested-With', 'DPoP'];
const ALLOWED_METHODS = ['GET', 'POST', 'OPTIONS'];

/** Delays every answer, to show loading states and races. */
export function latency(ms: number): MiddlewareHandler<ApiEnv> {
  return async (_c, next) => {
    if (ms > 0) await new Promise((resolve) => setTimeout(resolve, ms));
    await next();
  };
}

/**
 * CORS for the app origin only. A preflight from any other origin is refused
 * with 403 and no CORS headers, which a browser reports as a CORS failure.
 *
 * Access-Control-Max-Age lets the browser keep a preflight for ten minutes.
 * ABP's template (`AddCors(...).WithOrigins(...).AllowAnyHeader()
 * .AllowAnyMethod().AllowCredentials()`) sets none, and without it Chromium
 * keeps a preflight only 5 seconds, so every start in a new tab pays one
 * round trip more per API call; the backend should add
 * `.SetPreflightMaxAge(TimeSpan.FromMinutes(10))` (docs/deploy.md).
 */
export function cors(appOrigin: string): MiddlewareHandler<ApiEnv> {
  return async (c, next) => {
    const origin = c.req.header('Origin');
    const allowed = origin === appOrigin;
    if (c.req.method === 'OPTIONS' && c.req.header('Access-Control-Request-Method')) {
      if (!allowed) return c.body(null, 403, { Vary: 'Origin' });
      return c.body(null, 204, {
        'Access-Control-Allow-Origin': appOrigin,
        'Access-Control-Allow-Methods': ALLOWED_METHODS.join(', '),
        'Access-Control-Allow-Headers': ALLOWED_HEADERS.join(', '),
        'Access-Control-Max-Age': '600',
        Vary: 'Origin',
      });
    }
    await next();
    c.header('Vary', 'Origin', { append: true });
    if (allowed) c.header('Access-Control-Allow-Origin', appOrigin);
  };
}

/** Lower-cased API paths (ASP.NET routing ignores case) and their fault switch. */
export const FAULT_ROUTES: Record<string, FaultEndpoint> = {
  '/abpuserconfiguration/getall': 'GetAll',
  '/api/services/app/session/getcurrentlogininformations': 'Session',
  '/api/tokenauth/externalauthenticate': 'ExternalAuthenticate',
  '/api/services/app/account/istenantavailable': 'IsTenantAvailable',
  '/api/services/app/user/changelanguage': 'ChangeLanguage',
};

/** Applies a fault switched on for the requested endpoint, if any. */
export function faultSwitches(faults: FaultRegistry): MiddlewareHandler<ApiEnv> {
  return async (c, next) => {
    const endpoint = FAULT_ROUTES[c.req.path];
    if (!faults.enabled || !endpoint || c.req.method === 'OPTIONS') return next();
    const outcome = await resolveFault(faults.take(endpoint), 'abp');
    if (outcome.kind === 'reset') {
      c.env.incoming.socket.destroy();
      return RESPONSE_ALREADY_SENT;
    }
    if (outcome.kind === 'respond') return outcome.response;
    return next();
  };
}
