import fc from 'fast-check';
import { beforeAll, describe, expect } from 'vitest';
import { AuthError } from '../../src/auth/authError.ts';
import { isLoginRedirect, processCallback } from '../../src/auth/callback.ts';
import { REDIRECT_PATH } from '../../src/auth/provider.ts';
import { AUTH_ERROR_KINDS } from './support/kinds.ts';
import { asyncProperty, property, reportPropertyCases } from './support/property.ts';
import {
  answerTokenRequests,
  authConfig,
  goodClaims,
  installProvider,
  ISSUER,
  ORIGIN,
  REDIRECT_URI,
  signIdToken,
  storeTransaction,
  tokenRequestCount,
} from './support/provider.ts';

/**
 * The callback address is the one place the provider's answer (or anyone's
 * crafted link) enters the app. `isLoginRedirect` decides whether an address
 * is a sign-in answer at all; `processCallback` reads its parameters, takes
 * the attempt they name (once) and only then exchanges a code.
 */

const GROUP = 'callback address';
const STATE = 'S'.repeat(64);

reportPropertyCases();

installProvider();

beforeAll(async () => {
  const idToken = await signIdToken(goodClaims());
  answerTokenRequests(
    () =>
      new Response(JSON.stringify({ access_token: 'at', token_type: 'Bearer', expires_in: 300, id_token: idToken, refresh_token: 'rt' }), {
        headers: { 'Content-Type': 'application/json' },
      }),
  );
});

const otherOrigins = fc.constantFrom(
  'https://localhost:4200',
  'http://localhost:4201',
  'http://localhost',
  'http://127.0.0.1:4200',
  'http://evil.example',
  'https://evil.example',
  'http://localhost.evil.example:4200',
  'http://localhost:4200.evil.example',
  'http://evil.example:4200',
  '//evil.example',
  '\\\\evil.example',
  '/\\evil.example',
  'javascript:',
  'data:text/html,',
  'blob:http://evil.example/',
  'file://',
);

const sameOrigins = fc.constantFrom(ORIGIN, 'HTTP://LOCALHOST:4200', 'http://LocalHost:4200', '');

const otherPaths = fc.constantFrom(
  '/account/logincallback/',
  '/account/logincallback/extra',
  '/account/login',
  '/account/LoginCallback',
  '/ACCOUNT/LOGINCALLBACK',
  '/account/logincallbac',
  '/account/logincallbackx',
  '/account%2Flogincallback',
  '/account/logincallback%2F',
  '/account/logincallback;x',
  '/account//logincallback',
  '/x/account/logincallback',
  '/',
  '/app/home',
  '',
);

/** Keys that are not `code` or `error`, also once URLSearchParams has decoded them. */
const otherKey = fc
  .oneof(
    fc.constantFrom(
      'state',
      'iss',
      'error_description',
      'session_state',
      'Code',
      'ERROR',
      'codes',
      'code_',
      'c0de',
      'scope',
      'returnUrl',
      '',
    ),
    fc.string({ maxLength: 8 }),
  )
  .filter((key) => {
    const decoded = new URLSearchParams(`${encodeURIComponent(key)}=x`);
    return !decoded.has('code') && !decoded.has('error');
  });

const value = fc.oneof(fc.constantFrom('', 'x', STATE, ISSUER, 'access_denied'), fc.string({ maxLength: 12 }));

function query(pairs: [string, string][]): string {
  return pairs.map(([key, text]) => `${encodeURIComponent(key)}=${encodeURIComponent(text)}`).join('&');
}

const fragment = fc.oneof(
  fc.constant(''),
  fc.constantFrom('#code=x', '#error=access_denied', '#x'),
  fc.string({ maxLength: 6 }).map((text) => `#${text}`),
);

/** Any text put together from what an address is made of. */
const addressPiece = fc.oneof(
  fc.constantFrom(
    ORIGIN,
    'https:',
    'http:',
    'http://[',
    'http://[::1',
    'https://:',
    'http://a b',
    '//',
    REDIRECT_PATH,
    '?',
    '&',
    '=',
    '#',
    'code',
    'error',
    '%',
    '%zz',
    '\\',
  ),
  fc.string({ maxLength: 6, unit: 'binary' }),
);
const anyAddress = fc.oneof(
  fc.string({ maxLength: 60, unit: 'binary' }),
  fc.array(addressPiece, { maxLength: 8 }).map((pieces) => pieces.join('')),
  fc.webUrl(),
);

describe('isLoginRedirect, for any address', () => {
  property(
    GROUP,
    'answers true or false and never throws',
    [anyAddress],
    (href) => {
      expect(typeof isLoginRedirect(href, ORIGIN)).toBe('boolean');
    },
    { numRuns: 2500 },
  );

  property(
    GROUP,
    'is true only for the redirect URI of this origin with code or error in the query',
    [anyAddress],
    (href) => {
      if (!isLoginRedirect(href, ORIGIN)) return;
      const url = new URL(href, ORIGIN);
      expect(url.origin).toBe(ORIGIN);
      expect(url.pathname).toBe(REDIRECT_PATH);
      expect(url.searchParams.has('code') || url.searchParams.has('error')).toBe(true);
    },
    { numRuns: 1500 },
  );

  property(
    GROUP,
    'is false on any other origin, whatever the path and query',
    [otherOrigins, fc.array(fc.tuple(fc.constantFrom('code', 'error', 'state'), value), { maxLength: 4 }), fragment],
    (origin, pairs, hash) => {
      expect(isLoginRedirect(`${origin}${REDIRECT_PATH}?${query(pairs)}${hash}`, ORIGIN)).toBe(false);
    },
    { numRuns: 1000 },
  );

  property(
    GROUP,
    'is false on any other path of this origin',
    [sameOrigins, otherPaths, fc.array(fc.tuple(fc.constantFrom('code', 'error', 'state'), value), { maxLength: 4 }), fragment],
    (origin, path, pairs, hash) => {
      expect(isLoginRedirect(`${origin}${path}?${query(pairs)}${hash}`, ORIGIN)).toBe(false);
    },
    { numRuns: 1000 },
  );

  property(
    GROUP,
    'is false without code or error in the query, even with them in the fragment',
    [sameOrigins, fc.array(fc.tuple(otherKey, value), { maxLength: 5 }), fragment],
    (origin, pairs, hash) => {
      expect(isLoginRedirect(`${origin}${REDIRECT_PATH}?${query(pairs)}${hash}`, ORIGIN)).toBe(false);
    },
    { numRuns: 1000 },
  );

  property(
    GROUP,
    'is true for the redirect URI with code or error anywhere in the query',
    [sameOrigins, fc.array(fc.tuple(otherKey, value), { maxLength: 4 }), fc.constantFrom('code', 'error'), value, fc.nat(), fragment],
    (origin, pairs, key, text, at, hash) => {
      const all = [...pairs];
      all.splice(at % (pairs.length + 1), 0, [key, text]);
      expect(isLoginRedirect(`${origin}${REDIRECT_PATH}?${query(all)}${hash}`, ORIGIN)).toBe(true);
    },
    { numRuns: 1000 },
  );
});

/** The parameters of a callback as the provider (or someone else) could send them. */
const parameterPair = fc.oneof(
  fc.tuple(fc.constant('state'), fc.oneof(fc.constant(STATE), fc.constant(''), fc.string({ maxLength: 8 }))),
  fc.tuple(
    fc.constant('iss'),
    fc.oneof(fc.constant(ISSUER), fc.constantFrom(`${ISSUER}/`, 'https://evil.example', ''), fc.string({ maxLength: 8 })),
  ),
  fc.tuple(fc.constant('code'), fc.string({ maxLength: 8 })),
  fc.tuple(
    fc.constant('error'),
    fc.oneof(fc.constantFrom('access_denied', 'login_required', 'server_error', ''), fc.string({ maxLength: 8 })),
  ),
  fc.tuple(fc.constantFrom('error_description', 'response', 'id_token', 'token', 'session_state'), fc.string({ maxLength: 8 })),
  fc.tuple(fc.string({ maxLength: 6 }), fc.string({ maxLength: 8 })),
);

/** Parameters by construction, or a query text of any characters read as the callback actor reads the address. */
const callbackParameters = fc.oneof(
  fc.array(parameterPair, { maxLength: 7 }).map((pairs) => new URLSearchParams(pairs)),
  fc
    .array(
      fc.oneof(
        fc.constantFrom(
          `state=${STATE}`,
          `iss=${encodeURIComponent(ISSUER)}`,
          `iss=${ISSUER}`,
          'code=c',
          'error=access_denied',
          '&',
          '=',
          '%',
          '+',
          '%26',
        ),
        fc.string({ maxLength: 10, unit: 'binary' }),
      ),
      { maxLength: 8 },
    )
    .map((pieces) => new URL(`${REDIRECT_URI}?${pieces.join('')}`).searchParams),
);

/** The same, answering the stored attempt (its state first). */
const withStoredState = callbackParameters.map((parameters) => new URLSearchParams([['state', STATE], ...parameters]));

type Outcome = { ok: true; tokens: unknown; returnPath: string } | { ok: false; error: unknown };

async function outcomeOf(parameters: URLSearchParams): Promise<Outcome> {
  try {
    return { ok: true, ...(await processCallback(authConfig, parameters)) };
  } catch (error) {
    return { ok: false, error };
  }
}

function kindOf(outcome: Outcome): string | undefined {
  return !outcome.ok && outcome.error instanceof AuthError ? outcome.error.kind : undefined;
}

describe('processCallback, for any callback parameters', () => {
  asyncProperty(
    GROUP,
    'ends in a sign-in or an AuthError of a known kind, never another error',
    [callbackParameters, fc.boolean()],
    async (parameters, stored) => {
      if (stored) storeTransaction(STATE);
      const outcome = await outcomeOf(parameters);
      if (outcome.ok) {
        expect(outcome.returnPath).toBe('/app/home');
        return;
      }
      expect(outcome.error).toBeInstanceOf(AuthError);
      expect(AUTH_ERROR_KINDS).toContain(kindOf(outcome));
      // Nothing here needs the network to fail, so nothing may be reported as an unreachable provider.
      expect(kindOf(outcome)).not.toBe('provider-unreachable');
    },
    { numRuns: 1500 },
  );

  asyncProperty(
    GROUP,
    'exchanges a code only for the stored attempt, from this issuer, without an error',
    [callbackParameters],
    async (parameters) => {
      storeTransaction(STATE);
      const before = tokenRequestCount();
      await outcomeOf(parameters);
      if (tokenRequestCount() === before) return;
      expect(parameters.getAll('state')).toEqual([STATE]);
      expect(parameters.getAll('iss')).toEqual([ISSUER]);
      expect(parameters.getAll('code')).toHaveLength(1);
      // An empty value carries nothing, as oauth4webapi reads it: an empty error is
      // no error, an empty response no JARM answer, an empty token no token.
      for (const name of ['error', 'response', 'id_token', 'token']) expect(parameters.get(name) ?? '', name).toBe('');
    },
    { numRuns: 1000 },
  );

  asyncProperty(
    GROUP,
    'without a state, or with one no attempt was stored for, refuses before any exchange',
    [callbackParameters.filter((parameters) => parameters.get('state') !== STATE)],
    async (parameters) => {
      storeTransaction(STATE);
      const before = tokenRequestCount();
      const outcome = await outcomeOf(parameters);
      expect(tokenRequestCount()).toBe(before);
      expect(kindOf(outcome)).toBe(parameters.get('state') ? 'no-transaction' : 'state-mismatch');
      // The stored attempt stays for its own answer.
      expect(sessionStorage.getItem(`oidc.transaction.${STATE}`)).not.toBeNull();
    },
    { numRuns: 500 },
  );

  asyncProperty(
    GROUP,
    'uses an attempt once: the same parameters again find no attempt',
    [withStoredState],
    async (parameters) => {
      storeTransaction(STATE);
      await outcomeOf(parameters);
      const before = tokenRequestCount();
      expect(kindOf(await outcomeOf(parameters))).toBe('no-transaction');
      expect(tokenRequestCount()).toBe(before);
    },
    { numRuns: 300 },
  );

  asyncProperty(
    GROUP,
    "whatever is stored for the state (an older version's attempt, an edited one, noise), the answer is a sign-in or a known AuthError",
    [
      fc.oneof(
        fc
          .record(
            {
              state: fc.oneof(fc.constant(STATE), fc.jsonValue({ maxDepth: 0 })),
              nonce: fc.oneof(fc.constant('N'.repeat(64)), fc.jsonValue({ maxDepth: 1 })),
              codeVerifier: fc.oneof(fc.constant('V'.repeat(64)), fc.jsonValue({ maxDepth: 1 })),
              returnPath: fc.oneof(fc.constant('/app/home'), fc.jsonValue({ maxDepth: 1 })),
              redirectUri: fc.oneof(fc.constant(REDIRECT_URI), fc.jsonValue({ maxDepth: 1 })),
              createdAt: fc.oneof(fc.constant(Date.now()), fc.jsonValue({ maxDepth: 0 })),
            },
            { requiredKeys: [] },
          )
          .map((value) => JSON.stringify(value)),
        fc.jsonValue({ maxDepth: 2 }).map((value) => JSON.stringify(value)),
        fc.string({ maxLength: 20, unit: 'binary' }),
      ),
    ],
    async (stored) => {
      sessionStorage.setItem(`oidc.transaction.${STATE}`, stored);
      const outcome = await outcomeOf(new URLSearchParams({ state: STATE, iss: ISSUER, code: 'c' }));
      if (outcome.ok) {
        expect(typeof outcome.returnPath).toBe('string');
        return;
      }
      expect(outcome.error).toBeInstanceOf(AuthError);
      expect(AUTH_ERROR_KINDS).toContain(kindOf(outcome));
      expect(kindOf(outcome)).not.toBe('provider-unreachable');
    },
    { numRuns: 700 },
  );

  asyncProperty(
    GROUP,
    'a wrong or missing iss is an issuer mismatch and a provider error is reported as such, without an exchange',
    [
      fc.oneof(
        fc.constant(undefined),
        fc.constantFrom(`${ISSUER}/`, 'https://evil.example', 'HTTP://LOCALHOST:4300'),
        fc.string({ minLength: 1, maxLength: 8 }),
      ),
      fc.option(fc.oneof(fc.constantFrom('access_denied', 'login_required', 'server_error'), fc.string({ minLength: 1, maxLength: 8 }))),
      fc.option(fc.string({ maxLength: 8 })),
    ],
    async (iss, error, code) => {
      storeTransaction(STATE);
      const parameters = new URLSearchParams({ state: STATE });
      if (iss !== undefined) parameters.set('iss', iss);
      if (error !== null) parameters.set('error', error);
      if (code !== null) parameters.set('code', code);
      const before = tokenRequestCount();
      const kind = kindOf(await outcomeOf(parameters));
      if (iss !== ISSUER) expect(kind).toBe('issuer-mismatch');
      else if (error !== null) expect(kind).toBe(error === 'access_denied' ? 'access-denied' : 'provider-error');
      if (iss !== ISSUER || error !== null) expect(tokenRequestCount()).toBe(before);
    },
    { numRuns: 500 },
  );
});
