import type { Context, Hono, MiddlewareHandler } from 'hono';
import { dpopProofProblem } from '../../api/dpop-proof.ts';
import { randomId, type ProviderUser, type UserStore } from '../user-store.ts';
import { ACCEPT, OPERATIONS, type MyAccountArea, type OperationName } from '../../../src/myaccount/operations.lazy.ts';
import { OKTA_ERRORS, STEP_UP_CHALLENGES, type OktaErrorName, type StepUp } from './okta-answers.ts';

// The HTTP rules of the my-account API, as Okta's MyAccount API has them
// (the table in src/myaccount/operations.lazy.ts): an access token of the
// org authorization server (never the custom server's token for the app's
// API), sent with the DPoP
// scheme and a proof when it is bound to a key; the scope each call needs;
// an authentication at most 15 minutes old for a change, by the provider's
// clock; the versioned Accept header; and errors in Okta's shape
// { errorCode: "E0000…", errorSummary, errorLink, errorId, errorCauses: [{ errorSummary }] }.

export const MYACCOUNT_PATH = '/idp/myaccount';
export const MYACCOUNT_AREAS = ['profile', 'email', 'phone', 'password'] as const satisfies readonly MyAccountArea[];
export const MYACCOUNT_SCOPES = MYACCOUNT_AREAS.flatMap((area) => [`okta.myAccount.${area}.read`, `okta.myAccount.${area}.manage`]);

/** The API's address: at the org's own origin, whatever authorization server signs people in. */
export function myAccountBase(issuer: string): string {
  return `${issuer}${MYACCOUNT_PATH}`;
}

export type MyAccountEnv = { Variables: { user: ProviderUser; scopes: Set<string>; authTime: number | undefined } };

/** An answer in Okta's error shape: the table's code and summary (a longer summary where Okta names the field), causes as sentences only. */
export function oktaError(c: Context, name: OktaErrorName, causes: readonly string[] = [], summary?: string) {
  const { status, errorCode, errorSummary } = OKTA_ERRORS[name];
  return c.json(
    {
      errorCode,
      errorSummary: summary ?? errorSummary,
      errorLink: errorCode,
      errorId: randomId('oae'),
      errorCauses: causes.map((sentence) => ({ errorSummary: sentence })),
    },
    status,
  );
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
        'Access-Control-Allow-Headers': 'Authorization, Content-Type, Accept, DPoP',
        'Access-Control-Max-Age': '600',
        Vary: 'Origin',
      });
    }
    await next();
    c.header('Vary', 'Origin', { append: true });
    if (allowed) {
      c.header('Access-Control-Allow-Origin', appOrigin);
      c.header('Access-Control-Expose-Headers', 'WWW-Authenticate, DPoP-Nonce');
    }
  };
}

/** Okta answers 406 unless the Accept header names API version 1.0.0; so does this API. */
export const versionedJson: MiddlewareHandler = async (c, next) => {
  if (!/okta-version=1\.0\.0/i.test(c.req.header('Accept') ?? ''))
    return oktaError(c, 'notAcceptable', ['Missing or incorrect Accept header']);
  await next();
  if (c.res.headers.get('Content-Type')?.startsWith('application/json')) c.header('Content-Type', ACCEPT);
};

type Authorization = { scheme: 'bearer' | 'dpop'; token: string } | undefined;

function readAuthorization(header: string | undefined): Authorization {
  const match = /^(Bearer|DPoP)\s+(\S+)$/i.exec(header?.trim() ?? '');
  return match?.[2] ? { scheme: match[1]!.toLowerCase() === 'dpop' ? 'dpop' : 'bearer', token: match[2] } : undefined;
}

/** The address a DPoP proof's htu names: the request's, without query and fragment (RFC 9449 §4.3). */
function requestAddress(c: Context): string {
  const url = new URL(c.req.url);
  return `${url.origin}${url.pathname}`;
}

/** What the API reads of an access token: its person, scopes, key binding and authentication time. */
export interface MyAccountToken {
  sub: string;
  scope: string;
  /** The thumbprint of the key a DPoP-bound token is bound to. */
  jkt?: string;
  authTime?: number;
}

/** Looks a token up at the org authorization server: undefined when it is not one of its live access tokens. */
export type MyAccountTokenLookup = (token: string) => Promise<MyAccountToken | undefined>;

/**
 * Accepts only a live access token of the org authorization server and names its user.
 * A token bound to a key (`cnf.jkt`) counts only with the DPoP scheme and a
 * proof for this request and this token (RFC 9449 §7.1); a plain one only
 * with Bearer. Refuses with 401 E0000011 and an `invalid_token` (or
 * `invalid_dpop_proof`) challenge otherwise.
 */
export function authenticate(lookup: MyAccountTokenLookup, users: UserStore): MiddlewareHandler<MyAccountEnv> {
  const seenProofs = new Map<string, number>();
  return async (c, next) => {
    const refuse = (description: string, scheme: 'Bearer' | 'DPoP' = 'Bearer', error = 'invalid_token') => {
      const algs = scheme === 'DPoP' ? ' algs="ES256 RS256 PS256 EdDSA",' : '';
      c.header('WWW-Authenticate', `${scheme}${algs} realm="IdpMyAccountAPI", error="${error}", error_description="${description}"`);
      return oktaError(c, 'invalidToken');
    };
    const authorization = readAuthorization(c.req.header('Authorization'));
    if (!authorization) return refuse('The access token is missing.');
    const token = await lookup(authorization.token);
    if (!token) return refuse('The access token is invalid.');
    const { jkt } = token;
    if (jkt) {
      if (authorization.scheme !== 'dpop') return refuse('A DPoP-bound access token is sent with the DPoP scheme.', 'DPoP');
      const problem = await dpopProofProblem(
        { proof: c.req.header('DPoP'), accessToken: authorization.token, jkt, method: c.req.method, url: requestAddress(c) },
        seenProofs,
      );
      if (problem) return refuse(problem, 'DPoP', 'invalid_dpop_proof');
    } else if (authorization.scheme === 'dpop') {
      return refuse('The access token is not bound to a key.');
    }
    const user = users.findBySub(token.sub);
    if (!user) return refuse('The access token is invalid.');
    c.set('user', user);
    c.set('scopes', new Set(token.scope.split(' ')));
    c.set('authTime', token.authTime);
    await next();
  };
}

/** A read needs the area's read or manage scope; a change needs manage (403 E0000006 with an insufficient_scope challenge). */
export function requireScope(area: MyAccountArea, level: 'read' | 'manage'): MiddlewareHandler<MyAccountEnv> {
  const manage = `okta.myAccount.${area}.manage`;
  const accepted = level === 'read' ? [`okta.myAccount.${area}.read`, manage] : [manage];
  return async (c, next) => {
    const scopes = c.get('scopes');
    if (accepted.some((scope) => scopes.has(scope))) return next();
    c.header(
      'WWW-Authenticate',
      `Bearer realm="IdpMyAccountAPI", error="insufficient_scope", error_description="The access token provided does not contain the required scopes.", scope="${accepted[0]}"`,
    );
    return oktaError(c, 'forbidden');
  };
}

/** How the org guards a change (its policy): the clock it reads, and which step-up challenge it sends. */
export interface MyAccountPolicy {
  /** Milliseconds since the epoch. */
  clock: () => number;
  /** `max-age` (default): an authentication at most 900 s old. `acr`: one made for the token (`max_age=0`) with `acr_values`. */
  stepUp?: StepUp;
  /** Whether the org has the limited-availability change-password (default true); without it 401 E0000015. */
  changePassword?: boolean;
}

/** Seconds an authentication counts as made for this request under `max_age=0`, by the provider's clock: the sign-in's round trip. LOCAL. */
export const FRESH_AUTHENTICATION_SECONDS = 30;

/**
 * Okta's step-up rule on a create, update or delete, by the provider's
 * clock: 403 with exactly Okta's challenge. `max-age`: the token's
 * authentication is more than 900 s old. `acr`: it is not one just made
 * (at most FRESH_AUTHENTICATION_SECONDS old; a prompt=none token keeps the
 * old `auth_time`); the acr asked for is not checked here (LOCAL: one
 * factor is all the local provider has). A token without `auth_time`
 * counts as old.
 */
export function requireRecentAuthentication({ clock, stepUp = 'max-age' }: MyAccountPolicy): MiddlewareHandler<MyAccountEnv> {
  return async (c, next) => {
    const authTime = c.get('authTime');
    const limit = stepUp === 'acr' ? FRESH_AUTHENTICATION_SECONDS : RECENT_AUTHENTICATION_SECONDS;
    if (authTime !== undefined && clock() / 1000 - authTime <= limit) return next();
    c.header('WWW-Authenticate', STEP_UP_CHALLENGES[stepUp]);
    return oktaError(c, 'forbidden');
  };
}

/** Seconds an authentication counts as recent for a change (DD reference/api/myaccount: 15 minutes). */
const RECENT_AUTHENTICATION_SECONDS = 900;

/** Registers an operation of the table: its method and path, its scope and, for a change, the step-up rule. */
export function operation(
  app: Hono<MyAccountEnv>,
  policy: MyAccountPolicy,
  name: OperationName,
  handler: (c: Context<MyAccountEnv>) => Response | Promise<Response>,
): void {
  const { method, path, scope, recentAuthentication } = OPERATIONS[name];
  const [, , area, level] = scope.split('.') as [string, string, MyAccountArea, 'read' | 'manage'];
  const recent: MiddlewareHandler<MyAccountEnv> = recentAuthentication ? requireRecentAuthentication(policy) : (_c, next) => next();
  app.on(method, [path], requireScope(area, level), recent, handler);
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

/** Hypermedia links in Okta's form: { href, hints: { allow: [methods] } }. */
export function link(href: string, ...allow: string[]) {
  return allow.length ? { href, hints: { allow } } : { href };
}
