import type { Context, MiddlewareHandler } from 'hono';
import { readBearer } from '../../api/request.ts';
import type { ProviderTokenVerifier } from '../../api/provider-token.ts';
import { randomId, type ProviderUser, type UserStore } from '../user-store.ts';

// The HTTP rules of the my-account API, as Okta's MyAccount API has them:
// a bearer token issued for this API (its own audience, not the app's
// API), the scope each call needs, the versioned Accept header, and errors
// in Okta's shape { errorCode, errorSummary, errorLink, errorId, errorCauses }.
// Our errorCode values are readable names (listed in devstack/README.md)
// the app maps to its own Dutch texts.

export const MYACCOUNT_PATH = '/idp/myaccount';
export const MYACCOUNT_AREAS = ['profile', 'email', 'phone', 'password'] as const;
export type MyAccountArea = (typeof MYACCOUNT_AREAS)[number];
export const MYACCOUNT_SCOPES = MYACCOUNT_AREAS.flatMap((area) => [`okta.myAccount.${area}.read`, `okta.myAccount.${area}.manage`]);
const CONTENT_TYPE = 'application/json; okta-version=1.0.0';

/** The audience of the tokens this API accepts: derived from the issuer, so the app needs no setting for it. */
export function myAccountAudience(issuer: string): string {
  return `${issuer}${MYACCOUNT_PATH}`;
}

export type MyAccountEnv = { Variables: { user: ProviderUser; scopes: Set<string> } };
type Status = 400 | 401 | 403 | 404 | 406 | 409 | 500 | 503;

export interface ErrorCause {
  errorSummary: string;
  /** A machine-readable reason, e.g. which password rule was broken. */
  reason?: string;
  /** The body property the cause is about. */
  property?: string;
}

export function oktaError(c: Context, status: Status, errorCode: string, errorSummary: string, errorCauses: ErrorCause[] = []) {
  return c.json({ errorCode, errorSummary, errorLink: errorCode, errorId: randomId('oae'), errorCauses }, status);
}

/** CORS for the app's origin only; other origins get a refused preflight and no CORS headers. */
export function myAccountCors(appOrigin: string): MiddlewareHandler {
  return async (c, next) => {
    const allowed = c.req.header('Origin') === appOrigin;
    if (c.req.method === 'OPTIONS' && c.req.header('Access-Control-Request-Method')) {
      if (!allowed) return c.body(null, 403, { Vary: 'Origin' });
      return c.body(null, 204, {
        'Access-Control-Allow-Origin': appOrigin,
        'Access-Control-Allow-Methods': 'GET, POST, PUT, DELETE',
        'Access-Control-Allow-Headers': 'Authorization, Content-Type, Accept',
        'Access-Control-Max-Age': '600',
        Vary: 'Origin',
      });
    }
    await next();
    c.header('Vary', 'Origin', { append: true });
    if (allowed) {
      c.header('Access-Control-Allow-Origin', appOrigin);
      c.header('Access-Control-Expose-Headers', 'WWW-Authenticate');
    }
  };
}

/** Okta answers 406 unless the Accept header names API version 1.0.0; so does this API. */
export const versionedJson: MiddlewareHandler = async (c, next) => {
  if (!/okta-version=1\.0\.0/i.test(c.req.header('Accept') ?? '')) {
    return oktaError(c, 406, 'not_acceptable', 'Stuur de header Accept: application/json; okta-version=1.0.0.');
  }
  await next();
  if (c.res.headers.get('Content-Type')?.startsWith('application/json')) c.header('Content-Type', CONTENT_TYPE);
};

/** Accepts only a valid access token for this API and names its user; refuses with 401 otherwise. */
export function authenticate(verify: ProviderTokenVerifier, users: UserStore): MiddlewareHandler<MyAccountEnv> {
  return async (c, next) => {
    const refuse = (summary: string) => {
      c.header('WWW-Authenticate', `Bearer realm="myaccount", error="invalid_token", error_description="${summary}"`);
      return oktaError(c, 401, 'invalid_token', summary);
    };
    const bearer = readBearer((name) => c.req.header(name));
    if (bearer.kind !== 'token') return refuse('Er is geen geldig toegangstoken meegestuurd.');
    const claims = await verify(bearer.token);
    if (!claims) return refuse('Het toegangstoken is ongeldig, verlopen of niet voor deze API bedoeld.');
    const user = typeof claims.sub === 'string' ? users.findBySub(claims.sub) : undefined;
    if (!user) return refuse('Het account bij dit toegangstoken bestaat niet meer.');
    c.set('user', user);
    c.set('scopes', new Set(typeof claims.scope === 'string' ? claims.scope.split(' ') : []));
    await next();
  };
}

/** A read needs the area's read or manage scope; a change needs manage. */
export function requireScope(area: MyAccountArea, level: 'read' | 'manage'): MiddlewareHandler<MyAccountEnv> {
  const manage = `okta.myAccount.${area}.manage`;
  const accepted = level === 'read' ? [`okta.myAccount.${area}.read`, manage] : [manage];
  return async (c, next) => {
    const scopes = c.get('scopes');
    if (accepted.some((scope) => scopes.has(scope))) return next();
    c.header('WWW-Authenticate', `Bearer realm="myaccount", error="insufficient_scope", scope="${accepted[0]}"`);
    return oktaError(c, 403, 'insufficient_scope', `Voor deze handeling is de scope ${accepted[0]} nodig.`);
  };
}

/** The JSON body as an object, or undefined when it is missing or not an object. */
export async function jsonBody(c: Context): Promise<Record<string, unknown> | undefined> {
  try {
    const body: unknown = await c.req.json();
    return typeof body === 'object' && body !== null && !Array.isArray(body) ? (body as Record<string, unknown>) : undefined;
  } catch {
    return undefined;
  }
}

export function badBody(c: Context, causes: ErrorCause[] = []) {
  return oktaError(c, 400, 'invalid_request', 'De gegevens in het verzoek kloppen niet.', causes);
}

/** Hypermedia links in Okta's form: { href, hints: { allow: [methods] } }. */
export function link(href: string, ...allow: string[]) {
  return allow.length ? { href, hints: { allow } } : { href };
}
