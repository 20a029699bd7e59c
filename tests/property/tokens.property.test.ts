import fc from 'fast-check';
import * as oauth from 'oauth4webapi';
import { beforeAll, describe, expect } from 'vitest';
import { AuthError, type AuthErrorKind } from '../../src/auth/authError.ts';
import { processCallback } from '../../src/auth/callback.ts';
import { clearProviderTokens, getProviderTokens, type ProviderTokens } from '../../src/auth/providerTokens.ts';
import { toAuthError } from '../../src/auth/toAuthError.ts';
import { AUTH_ERROR_KINDS } from './support/kinds.ts';
import { asyncProperty, property, reportPropertyCases } from './support/property.ts';
import {
  answerTokenRequests,
  authConfig,
  CLIENT_ID,
  goodClaims,
  installProvider,
  ISSUER,
  NONCE,
  signIdToken,
  storeTransaction,
} from './support/provider.ts';

/**
 * What the provider's token endpoint answers, and the ID token in it, is
 * checked by oauth4webapi; these properties are about the app's code around
 * it: every failure becomes an AuthError the person can be told about, the
 * fields the app keeps (access, refresh and ID token, expiry, subject) have
 * their types whatever the answer held, and what survives a reload in
 * sessionStorage is read back as tokens or not at all.
 */

const GROUP = 'token response and ID-token claims';
const STATE = 'T'.repeat(64);

reportPropertyCases();

installProvider();

function expectKnownAuthError(value: unknown): AuthError {
  expect(value).toBeInstanceOf(AuthError);
  const error = value as AuthError;
  expect(AUTH_ERROR_KINDS).toContain(error.kind);
  expect(typeof error.detail).toBe('string');
  return error;
}

/** What the app keeps of a sign-in: every field of its type. */
function expectWellFormedTokens(tokens: ProviderTokens, startedAt: number): void {
  expect(typeof tokens.accessToken === 'string' && tokens.accessToken !== '').toBe(true);
  expect(tokens.idToken === undefined || typeof tokens.idToken === 'string').toBe(true);
  expect(tokens.refreshToken === undefined || typeof tokens.refreshToken === 'string').toBe(true);
  expect(typeof tokens.subject === 'string' && tokens.subject !== '').toBe(true);
  // A time a Date can hold, not before the answer came.
  expect(Number.isFinite(tokens.expiresAt)).toBe(true);
  expect(tokens.expiresAt).toBeGreaterThanOrEqual(startedAt);
  expect(Number.isNaN(new Date(tokens.expiresAt).getTime())).toBe(false);
}

const text = fc.oneof(
  fc.constantFrom('', 'invalid_grant', 'access_denied', 'server_error', 'invalid_client', '"iss"', '"nonce"', '"state"'),
  fc.string({ maxLength: 16 }),
);
const oauthCodes = fc.oneof(
  fc.constantFrom(
    oauth.JWT_TIMESTAMP_CHECK,
    oauth.JWT_CLAIM_COMPARISON,
    oauth.INVALID_RESPONSE,
    oauth.RESPONSE_IS_NOT_CONFORM,
    oauth.RESPONSE_IS_NOT_JSON,
    oauth.PARSE_ERROR,
    oauth.KEY_SELECTION,
    oauth.JSON_ATTRIBUTE_COMPARISON,
    oauth.MISSING_SERVER_METADATA,
    oauth.INVALID_SERVER_METADATA,
    oauth.HTTP_REQUEST_FORBIDDEN,
    oauth.REQUEST_PROTOCOL_FORBIDDEN,
    oauth.INVALID_REQUEST,
  ),
  fc.string({ maxLength: 8 }),
  fc.constant(undefined),
);
const cause = fc.oneof(
  fc.record(
    { claim: fc.oneof(fc.constantFrom('iss', 'nonce', 'aud', 'azp', 'exp', 'nbf', 'sub'), fc.jsonValue({ maxDepth: 0 })) },
    { requiredKeys: [] },
  ),
  fc.integer({ min: 200, max: 599 }).map((status) => new Response(null, { status: [204, 205, 304].includes(status) ? status : 200 })),
  fc.jsonValue({ maxDepth: 2 }),
  fc.constant(undefined),
);

/** Values that turn into text: what any library or our own code throws. See fetchFailure in abp.property.test.ts for what is left out. */
const printable = fc.anything().filter((value) => {
  try {
    String(value);
    return true;
  } catch {
    return false;
  }
});

/** What fetch rejects with when a request gets no answer (see abp.property.test.ts). */
const fetchFailure = fc.oneof(
  fc.string().map((message) => new TypeError(message)),
  fc.constantFrom('AbortError', 'TimeoutError', 'NetworkError').map((name) => new DOMException('failed', name)),
  fc.string().map((message) => new Error(message)),
);

/** Everything the sign-in code can see thrown: oauth4webapi's errors with any contents, fetch's, ours, and anything else. */
const thrown = fc.oneof(
  fc.tuple(text, oauthCodes, cause).map(([message, code, why]) => new oauth.OperationProcessingError(message, { code, cause: why })),
  fc
    .tuple(
      text,
      fc.record(
        { error: fc.oneof(text, fc.jsonValue({ maxDepth: 0 })), error_description: fc.oneof(text, fc.jsonValue({ maxDepth: 0 })) },
        { requiredKeys: [] },
      ),
      fc.integer({ min: 200, max: 599 }),
    )
    .map(
      ([message, body, status]) =>
        new oauth.ResponseBodyError(message, {
          cause: body as oauth.OAuth2Error,
          response: new Response(null, { status: [204, 205, 304].includes(status) ? 400 : status }),
        }),
    ),
  fc
    .array(fc.tuple(fc.constantFrom('error', 'error_description', 'state', 'iss'), text), { maxLength: 4 })
    .map(
      (pairs) =>
        new oauth.AuthorizationResponseError('authorization response from the server is an error', { cause: new URLSearchParams(pairs) }),
    ),
  text.map((message) => new oauth.UnsupportedOperationError(message)),
  fc.tuple(text, fc.constantFrom(...AUTH_ERROR_KINDS)).map(([detail, kind]) => new AuthError(kind, detail)),
  text.map((message) => new TypeError(message)),
  fc.constantFrom('AbortError', 'TimeoutError', 'NetworkError', 'SecurityError').map((name) => new DOMException('failed', name)),
  text.map((message) => new Error(message)),
  printable,
);

describe('toAuthError, for anything thrown', () => {
  property(
    GROUP,
    'gives an AuthError of a known kind and never throws',
    [thrown],
    (error) => {
      const mapped = expectKnownAuthError(toAuthError(error));
      if (error instanceof AuthError) expect(mapped).toBe(error);
    },
    { numRuns: 1500 },
  );

  property(
    GROUP,
    'keeps what a person must be told apart',
    [thrown],
    (error) => {
      const { kind } = toAuthError(error);
      const expectations: [boolean, AuthErrorKind][] = [
        [error instanceof oauth.ResponseBodyError && error.error === 'invalid_grant', 'invalid-refresh-token'],
        [error instanceof oauth.AuthorizationResponseError && error.error === 'access_denied', 'access-denied'],
        [error instanceof oauth.OperationProcessingError && error.code === oauth.JWT_TIMESTAMP_CHECK, 'token-expired'],
      ];
      for (const [when, expectedKind] of expectations) if (when) expect(kind).toBe(expectedKind);
      // Only a request that got no answer (providerFetch) says the provider is unreachable: a TypeError while reading an answer does not.
      if (kind === 'provider-unreachable') expect(error instanceof AuthError && error.kind === kind).toBe(true);
    },
    { numRuns: 2000 },
  );
});

/** What sessionStorage may hold under the tokens' key: ours, an older version's, someone's edit, or noise. */
const storedText = fc.oneof(
  fc
    .record(
      {
        accessToken: fc.oneof(fc.constant(''), fc.jsonValue({ maxDepth: 0 })),
        idToken: fc.oneof(fc.string({ maxLength: 8 }), fc.jsonValue({ maxDepth: 1 })),
        refreshToken: fc.oneof(fc.string({ maxLength: 8 }), fc.jsonValue({ maxDepth: 1 })),
        expiresAt: fc.oneof(fc.integer(), fc.jsonValue({ maxDepth: 0 })),
        subject: fc.oneof(fc.string({ maxLength: 8 }), fc.jsonValue({ maxDepth: 1 })),
      },
      { requiredKeys: [] },
    )
    .map((value) => JSON.stringify(value)),
  fc.jsonValue({ maxDepth: 2 }).map((value) => JSON.stringify(value)),
  fc.string({ maxLength: 30, unit: 'binary' }),
);

describe('getProviderTokens, for anything stored', () => {
  property(
    GROUP,
    'reads tokens of the right types or nothing, and never throws',
    [storedText],
    (stored) => {
      clearProviderTokens();
      sessionStorage.setItem('oidc.tokens', stored);
      const tokens = getProviderTokens();
      if (tokens === undefined) return;
      expect(typeof tokens.accessToken).toBe('string');
      expect(tokens.idToken === undefined || typeof tokens.idToken === 'string').toBe(true);
      expect(tokens.refreshToken === undefined || typeof tokens.refreshToken === 'string').toBe(true);
      expect(typeof tokens.subject).toBe('string');
      expect(typeof tokens.expiresAt).toBe('number');
    },
    { numRuns: 2000 },
  );
});

type CallbackOutcome = { ok: true; tokens: ProviderTokens | undefined } | { ok: false; error: unknown };

async function exchange(answer: () => Response | Promise<Response>): Promise<CallbackOutcome> {
  answerTokenRequests(answer);
  storeTransaction(STATE);
  try {
    const { tokens } = await processCallback(authConfig, new URLSearchParams({ code: 'c', state: STATE, iss: ISSUER }));
    return { ok: true, tokens };
  } catch (error) {
    return { ok: false, error };
  }
}

let goodIdToken = '';
beforeAll(async () => {
  goodIdToken = await signIdToken(goodClaims());
});

/** Any JSON, weighted towards the values a field of a token response could plausibly hold. */
const fieldValue = (plausible: fc.Arbitrary<unknown>) =>
  fc.oneof({ weight: 3, arbitrary: plausible }, { weight: 1, arbitrary: fc.jsonValue({ maxDepth: 1 }) });

const expiresIn = fieldValue(
  fc.oneof(
    fc.constantFrom(0, 1, 300, 3600, '300', '1e3', -1, 1e300, 1e306, Number.MAX_VALUE, Number.MAX_SAFE_INTEGER, 0.5),
    fc.double({ min: 0, noNaN: true, noDefaultInfinity: true }),
    fc.nat(),
  ),
);

/** Token endpoint answers: token responses with each field present or not and of any value, errors, and what proxies send. */
const tokenAnswer = fc.oneof(
  {
    weight: 6,
    arbitrary: fc
      .tuple(
        fc.record(
          {
            access_token: fieldValue(fc.oneof(fc.constant('at'), fc.string({ maxLength: 6 }))),
            token_type: fieldValue(fc.constantFrom('Bearer', 'bearer', 'BEARER', 'DPoP', 'mac', '')),
            expires_in: expiresIn,
            refresh_token: fieldValue(fc.oneof(fc.constant('rt'), fc.string({ maxLength: 6 }))),
            id_token: fieldValue(fc.constantFrom('good', 'garbage', 'a.b.c', '')),
            scope: fieldValue(fc.constantFrom('openid profile email', '')),
          },
          { requiredKeys: [] },
        ),
        fc.constantFrom(200, 200, 200, 201, 400, 401, 500),
      )
      .map(([body, status]) => ({
        body: JSON.stringify(body.id_token === 'good' ? { ...body, id_token: goodIdToken } : body),
        status,
        type: 'application/json',
      })),
  },
  {
    weight: 2,
    arbitrary: fc
      .tuple(
        fc.record(
          {
            error: fieldValue(fc.constantFrom('invalid_grant', 'invalid_request', 'server_error')),
            error_description: fieldValue(fc.string({ maxLength: 8 })),
          },
          { requiredKeys: [] },
        ),
        fc.constantFrom(400, 401, 403, 500, 503),
      )
      .map(([body, status]) => ({ body: JSON.stringify(body), status, type: 'application/json' })),
  },
  {
    weight: 1,
    arbitrary: fc
      .tuple(
        fc.oneof(fc.constantFrom('', '<html>502</html>', '{', 'null'), fc.string({ maxLength: 30, unit: 'binary' })),
        fc.integer({ min: 200, max: 599 }),
        fc.constantFrom('application/json', 'text/html', 'text/plain'),
      )
      .map(([body, status, type]) => ({ body, status: [204, 205, 304].includes(status) ? 200 : status, type })),
  },
);

describe('processCallback, for any answer of the token endpoint', () => {
  asyncProperty(
    GROUP,
    'keeps well-formed tokens, none (no access token), or fails with an AuthError of a known kind',
    [tokenAnswer],
    async ({ body, status, type }) => {
      const startedAt = Date.now();
      const outcome = await exchange(() => new Response(body, { status, headers: { 'Content-Type': type } }));
      if (!outcome.ok) {
        expect(expectKnownAuthError(outcome.error).kind).not.toBe('provider-unreachable');
        return;
      }
      if (outcome.tokens) expectWellFormedTokens(outcome.tokens, startedAt);
      else {
        // Only a successful answer without a usable access token ends without tokens.
        expect(status >= 200 && status < 300).toBe(true);
        const parsed: unknown = JSON.parse(body);
        expect(typeof parsed === 'object' && parsed !== null && !Array.isArray(parsed)).toBe(true);
        const accessToken = (parsed as { access_token?: unknown }).access_token;
        expect(typeof accessToken !== 'string' || accessToken === '').toBe(true);
      }
    },
    { numRuns: 400 },
  );

  asyncProperty(
    GROUP,
    'a token request that gets no answer, however fetch fails, is an unreachable provider',
    [fetchFailure],
    async (failure) => {
      const outcome = await exchange(() => {
        throw failure;
      });
      expect(outcome.ok).toBe(false);
      if (!outcome.ok) expect(expectKnownAuthError(outcome.error).kind).toBe('provider-unreachable');
    },
    { numRuns: 300 },
  );

  asyncProperty(
    GROUP,
    'reads expires_in as a lifetime from now, whatever number it is',
    [expiresIn],
    async (lifetime) => {
      const startedAt = Date.now();
      const outcome = await exchange(() =>
        Response.json({ access_token: 'at', token_type: 'Bearer', expires_in: lifetime, id_token: goodIdToken }),
      );
      if (!outcome.ok) {
        expect(expectKnownAuthError(outcome.error).kind).toBe('invalid-token');
        return;
      }
      expectWellFormedTokens(outcome.tokens!, startedAt);
    },
    { numRuns: 250 },
  );
});

/** Claims as any provider (or someone in between) could put them in an ID token: the right ones, each changed to anything, and any extra. */
const claims = fc
  .tuple(
    fc.record(
      {
        iss: fieldValue(fc.constantFrom(ISSUER, `${ISSUER}/`, 'https://evil.example')),
        aud: fieldValue(fc.constantFrom<unknown>(CLIENT_ID, [CLIENT_ID], [CLIENT_ID, 'other'], 'other', [])),
        azp: fieldValue(fc.constantFrom(CLIENT_ID, 'other')),
        sub: fieldValue(fc.oneof(fc.constant('gebruiker-1'), fc.string({ maxLength: 6 }))),
        nonce: fieldValue(fc.constantFrom(NONCE, 'other', '')),
        exp: fieldValue(fc.constantFrom(3600, 100, -100, -1000, 1e12).map((offset) => Math.floor(Date.now() / 1000) + offset)),
        iat: fieldValue(fc.constantFrom(0, -3600, 3600).map((offset) => Math.floor(Date.now() / 1000) + offset)),
        nbf: fieldValue(fc.constantFrom(-60, 100, 1000).map((offset) => Math.floor(Date.now() / 1000) + offset)),
        auth_time: fieldValue(fc.constant(Math.floor(Date.now() / 1000))),
      },
      { requiredKeys: [] },
    ),
    fc.dictionary(fc.string({ maxLength: 6 }), fc.jsonValue({ maxDepth: 1 }), { maxKeys: 3 }),
    fc.boolean(),
  )
  .map(([standard, extra, complete]) => ({ ...extra, ...(complete ? goodClaims() : {}), ...standard }));

describe('processCallback, for any ID-token claims', () => {
  asyncProperty(
    GROUP,
    "signs in as the token's subject or fails with an AuthError of a known kind",
    [claims],
    async (payload) => {
      const idToken = await signIdToken(payload);
      const startedAt = Date.now();
      const outcome = await exchange(() =>
        Response.json({ access_token: 'at', token_type: 'Bearer', expires_in: 300, id_token: idToken, refresh_token: 'rt' }),
      );
      if (!outcome.ok) {
        expect(expectKnownAuthError(outcome.error).kind).not.toBe('provider-unreachable');
        return;
      }
      expectWellFormedTokens(outcome.tokens!, startedAt);
      expect(outcome.tokens!.subject).toBe(payload.sub);
      expect(outcome.tokens!.idToken).toBe(idToken);
      expect(payload.iss).toBe(ISSUER);
      expect(payload.nonce).toBe(NONCE);
    },
    { numRuns: 250 },
  );

  asyncProperty(
    GROUP,
    'one claim wrong is refused as what is wrong with it',
    [
      fc.constantFrom('iss', 'nonce', 'aud', 'exp'),
      fc.oneof(fc.string({ minLength: 1, maxLength: 8 }), fc.integer({ min: 1, max: 1_000_000 })),
    ],
    async (claim, changed) => {
      const now = Math.floor(Date.now() / 1000);
      const payload: Record<string, unknown> = goodClaims(now);
      const wanted: Record<string, AuthErrorKind> = {
        iss: 'issuer-mismatch',
        nonce: 'nonce-mismatch',
        aud: 'audience-mismatch',
        exp: 'token-expired',
      };
      // A string is compared, a number of seconds is taken as that long ago (beyond the 300 s clock skew).
      payload[claim] = claim === 'exp' ? now - 301 - (typeof changed === 'number' ? changed : changed.length) : `${String(changed)}-x`;
      const outcome = await exchange(async () =>
        Response.json({ access_token: 'at', token_type: 'Bearer', id_token: await signIdToken(payload) }),
      );
      expect(outcome.ok).toBe(false);
      if (!outcome.ok) expect(expectKnownAuthError(outcome.error).kind).toBe(wanted[claim]);
    },
    { numRuns: 200 },
  );
});
