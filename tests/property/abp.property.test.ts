import { setupI18n } from '@lingui/core';
import fc from 'fast-check';
import { describe, expect, vi } from 'vitest';
import { createAbpClient, type AbpClient } from '../../src/abp/client.ts';
import { clockFor } from '../../src/abp/clock.ts';
import { unwrapEnvelope } from '../../src/abp/envelope.ts';
import { AbpError, kindOfStatus } from '../../src/abp/errors.ts';
import { readServerError } from '../../src/abp/serverError.ts';
import { sessionTimeOutOf } from '../../src/abp/sessionTimeOut.ts';
import { getUserConfiguration, isGranted, type UserConfiguration } from '../../src/abp/userConfiguration.ts';
import { SECTIONS } from '../../src/sections/sections.lazy.ts';
import { canOpen, isFeatureEnabled } from '../../src/section/access.ts';
import { serverMenu } from '../../src/abp/menu.ts';
import { knownMenu } from '../../src/sections/menu.lazy.ts';
import { ABP_ERROR_KINDS } from './support/kinds.ts';
import { asyncProperty, property, reportPropertyCases } from './support/property.ts';

/**
 * Every answer of the backend is read as ABP's envelope, and the user
 * configuration (GetAll) decides what a person may open. A server, a proxy in
 * front of it or a different ABP version may send anything with any status:
 * the result is the envelope's `result` or an AbpError of a known kind, and a
 * configuration that was accepted can be read by everything that reads it.
 */

const ENVELOPE = 'ABP envelope';
const i18n = setupI18n({ locale: 'nl', messages: { nl: {} } });
const USER_CONFIGURATION = 'user configuration';

reportPropertyCases();

/** Statuses a Response can carry a body with, weighted towards the ones ABP and proxies send. */
const status = fc.oneof(
  { weight: 3, arbitrary: fc.constantFrom(200, 201, 400, 401, 403, 404, 409, 500, 502, 503, 504) },
  { weight: 2, arbitrary: fc.integer({ min: 200, max: 599 }).filter((code) => ![204, 205, 304].includes(code)) },
);

const text = fc.oneof(fc.constantFrom('', ' ', 'Geen toegang', 'Er is een interne fout opgetreden!'), fc.string({ maxLength: 20 }));

/** The envelope's error as servers send it: ABP's ErrorInfo, parts of it, or anything. */
const errorInfo = fc.oneof(
  fc.constant(null),
  fc.record(
    {
      code: fc.oneof(fc.integer(), fc.jsonValue()),
      message: fc.oneof(text, fc.jsonValue()),
      details: fc.oneof(text, fc.constant(null), fc.jsonValue()),
      validationErrors: fc.oneof(
        fc.constant(null),
        fc.array(
          fc.oneof(
            fc.record(
              {
                message: fc.oneof(text, fc.jsonValue()),
                members: fc.oneof(fc.array(fc.oneof(text, fc.jsonValue()), { maxLength: 3 }), fc.jsonValue()),
              },
              { requiredKeys: [] },
            ),
            fc.jsonValue(),
          ),
          { maxLength: 3 },
        ),
        fc.jsonValue(),
      ),
    },
    { requiredKeys: [] },
  ),
  fc.jsonValue({ maxDepth: 2 }),
);

/** Envelopes with every field of any type, or present or not. */
const envelope = fc.record(
  {
    result: fc.jsonValue({ maxDepth: 2 }),
    targetUrl: fc.oneof(fc.constant(null), text),
    success: fc.oneof({ weight: 4, arbitrary: fc.boolean() }, { weight: 1, arbitrary: fc.jsonValue({ maxDepth: 1 }) }),
    error: errorInfo,
    unAuthorizedRequest: fc.oneof({ weight: 4, arbitrary: fc.boolean() }, { weight: 1, arbitrary: fc.jsonValue({ maxDepth: 1 }) }),
    __abp: fc.oneof(fc.constant(true), fc.jsonValue({ maxDepth: 1 })),
  },
  { requiredKeys: [] },
);

const body = fc.oneof(
  { weight: 4, arbitrary: envelope.map((value) => JSON.stringify(value)) },
  { weight: 2, arbitrary: fc.jsonValue({ maxDepth: 3 }).map((value) => JSON.stringify(value)) },
  { weight: 1, arbitrary: fc.constantFrom('', '<!doctype html><title>502 Bad Gateway</title>', '{"success":', 'null', '"text"', '[]') },
  { weight: 1, arbitrary: fc.string({ maxLength: 60, unit: 'binary' }) },
);

function response(statusCode: number, text: string, statusText: string): Response {
  return new Response(text, { status: statusCode, statusText, headers: { 'Content-Type': 'application/json; charset=utf-8' } });
}

/** A status text is a header-like token: no line breaks or other control characters. */
const statusText = fc.stringMatching(/^[A-Za-z ]{0,12}$/);

function isEnvelope(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && 'success' in value && typeof (value as { success: unknown }).success === 'boolean';
}

function parsedBody(text: string): unknown {
  try {
    return text === '' ? undefined : JSON.parse(text);
  } catch {
    return Symbol.for('not json');
  }
}

/** What the status and body say should happen, decided apart from the code under test. */
function expected(statusCode: number, text: string): { result: unknown } | { kind: string; status: number } {
  const ok = statusCode >= 200 && statusCode < 300;
  const value = parsedBody(text);
  if (!isEnvelope(value)) return { kind: ok ? 'malformed' : kindOfStatus(statusCode), status: statusCode };
  if (statusCode === 401 || (ok && value.unAuthorizedRequest)) return { kind: 'unauthorized', status: 401 };
  if (!ok) return { kind: kindOfStatus(statusCode), status: statusCode };
  if (!value.success) return { kind: 'rejected', status: statusCode };
  return { result: value.result };
}

function expectAbpError(error: unknown): AbpError {
  expect(error).toBeInstanceOf(AbpError);
  const failure = error as AbpError;
  expect(ABP_ERROR_KINDS).toContain(failure.kind);
  expect(typeof failure.detail).toBe('string');
  if (failure.serverMessage !== undefined) expect(failure.serverMessage.trim()).not.toBe('');
  return failure;
}

/**
 * What a failed fetch rejects with: by the Fetch standard a TypeError or an
 * AbortError, and from wrappers (a service worker, a test double) any Error or
 * plain value. Objects are left out: one whose own toString is no function
 * cannot be made text by anything, and no fetch rejects with one.
 */
const fetchFailure = fc.oneof(
  fc.string().map((message) => new TypeError(message)),
  fc.string().map((message) => new Error(message)),
  fc.constantFrom('AbortError', 'TimeoutError', 'NetworkError').map((name) => new DOMException('failed', name)),
  fc.oneof(fc.string(), fc.double(), fc.boolean(), fc.constant(null), fc.constant(undefined)),
);

describe('unwrapEnvelope, for any status and body', () => {
  asyncProperty(
    ENVELOPE,
    'gives the result of a successful envelope, else an AbpError of the kind the status (first) and the envelope say',
    [status, body, statusText],
    async (statusCode, text, reason) => {
      const want = expected(statusCode, text);
      const got = await unwrapEnvelope(response(statusCode, text, reason)).then(
        (result: unknown) => ({ result }),
        (error: unknown) => ({ error }),
      );
      if ('result' in want) {
        expect(got).toEqual({ result: want.result });
        return;
      }
      if (!('error' in got)) throw new Error(`expected an AbpError ${want.kind}, got the result ${JSON.stringify(got.result)}`);
      const failure = expectAbpError(got.error);
      expect({ kind: failure.kind, status: failure.status }).toEqual(want);
    },
    { numRuns: 1000 },
  );

  property(
    ENVELOPE,
    'any status maps to a known kind, 401 and 403 apart',
    [fc.integer({ min: -1000, max: 100_000 })],
    (code) => {
      const kind = kindOfStatus(code);
      expect(ABP_ERROR_KINDS).toContain(kind);
      expect(kind === 'unauthorized').toBe(code === 401);
      expect(kind === 'forbidden').toBe(code === 403);
    },
    { numRuns: 3200 },
  );

  property(
    ENVELOPE,
    'readServerError reads any error value into the documented shape',
    [fc.oneof(errorInfo, fc.anything())],
    (error) => {
      const read = readServerError(error);
      if (read.message !== undefined) expect(read.message.trim()).not.toBe('');
      if (read.details !== undefined) expect(read.details.trim()).not.toBe('');
      expect(Array.isArray(read.validationErrors)).toBe(true);
      for (const item of read.validationErrors) {
        expect(typeof item.message === 'string' && item.message.trim() !== '').toBe(true);
        expect(item.members.every((member) => typeof member === 'string')).toBe(true);
      }
    },
    { numRuns: 2000 },
  );

  asyncProperty(
    ENVELOPE,
    'the client gives a result or an AbpError for any answer, and a network AbpError for any failure to fetch',
    [
      fc.oneof(
        fc.tuple(status, body).map(([code, text]) => ({ code, text })),
        fetchFailure.map((thrown) => ({ thrown })),
      ),
    ],
    async (answer) => {
      vi.stubGlobal('fetch', async () => {
        if ('thrown' in answer) throw answer.thrown;
        return response(answer.code, answer.text, '');
      });
      const client = createAbpClient({
        baseUrl: 'http://localhost:21021',
        headers: () => ({ tenantHeaderName: 'Abp-TenantId', tenantId: undefined, cultureName: 'nl', token: undefined }),
      });
      const got = await client.get<unknown>('api/services/app/Session/GetCurrentLoginInformations').then(
        (result) => ({ result }),
        (error: unknown) => ({ error }),
      );
      vi.unstubAllGlobals();
      if ('thrown' in answer) {
        if (!('error' in got)) throw new Error('a failed fetch gave a result');
        expect(expectAbpError(got.error)).toMatchObject({ kind: 'network', status: 0 });
        return;
      }
      const want = expected(answer.code, answer.text);
      if ('result' in want) expect(got).toEqual({ result: want.result });
      else if ('error' in got) expect(expectAbpError(got.error)).toMatchObject(want);
      else throw new Error(`expected an AbpError ${want.kind}`);
    },
    { numRuns: 500 },
  );
});

/**
 * Everything the app reads of a configuration, as it reads it: the route
 * guards and menu (isGranted, features), the idle sign-out (settings), the
 * clock, the language (boot machine, useLanguage) and the impersonation banner.
 */
function readAsTheAppDoes(configuration: UserConfiguration, permission: string): void {
  expect(typeof isGranted(configuration, permission)).toBe('boolean');
  expect(typeof isFeatureEnabled(configuration, permission)).toBe('boolean');
  for (const section of SECTIONS) expect(typeof canOpen(configuration, section)).toBe('boolean');
  const fromServer = serverMenu(configuration);
  expect(fromServer === undefined || fromServer.every((entry) => /^[\w-]+$/.test(entry.key))).toBe(true);
  expect(
    knownMenu(configuration, i18n).every(
      (entry) => SECTIONS.some((section) => section.key === entry.key) && typeof entry.name === 'string',
    ),
  ).toBe(true);
  const timeOut = sessionTimeOutOf(configuration);
  if (timeOut) expect(Number.isFinite(timeOut.timeoutMs) && Number.isFinite(timeOut.warningMs)).toBe(true);
  expect(['unspecified', 'utc', 'local']).toContain(clockFor(configuration.clock.provider).provider);
  expect(typeof configuration.localization.currentLanguage.name).toBe('string');
  const language = configuration.localization.currentLanguage;
  expect(typeof (language.displayName || language.name)).toBe('string');
  const { impersonatorUserId, impersonatorTenantId } = configuration.session;
  expect(impersonatorUserId === null || typeof impersonatorUserId === 'number').toBe(true);
  expect(impersonatorTenantId === null || typeof impersonatorTenantId === 'number').toBe(true);
  expect(typeof configuration.setting.values).toBe('object');
}

/** GetAll's result as a stock ABP backend answers it (the local stack's shape, trimmed). */
const wellFormed = {
  multiTenancy: { isEnabled: true, ignoreFeatureCheckForHostUsers: false, sides: { host: 2, tenant: 1 } },
  session: { userId: 1, tenantId: 1, impersonatorUserId: null, impersonatorTenantId: null, multiTenancySide: 1 },
  localization: {
    currentCulture: { name: 'nl', displayName: 'Nederlands' },
    languages: [],
    currentLanguage: { name: 'nl', displayName: 'Nederlands', icon: null, isDefault: true, isDisabled: false, isRightToLeft: false },
    sources: [],
    values: {},
  },
  features: { allFeatures: {} },
  auth: { allPermissions: {}, grantedPermissions: {} },
  nav: { menus: {} },
  setting: { values: {} },
  clock: { provider: 'unspecifiedClockProvider' },
  timing: { timeZoneInfo: null },
  security: { antiForgery: { tokenCookieName: 'XSRF-TOKEN', tokenHeaderName: 'X-XSRF-TOKEN' } },
  custom: {},
};

const permission = fc.oneof(
  fc.constantFrom(...SECTIONS.map((section) => section.permission), '__proto__', 'constructor', 'toString', 'hasOwnProperty', ''),
  fc.string({ maxLength: 12 }),
);

const stringRecord = fc.dictionary(
  fc.oneof(permission, fc.constantFrom('App.UserManagement.SessionTimeOut.IsEnabled', 'App.UserManagement.SessionTimeOut.TimeOutSecond')),
  fc.oneof(fc.constantFrom('true', 'True', 'false', '30', '-1', ''), fc.jsonValue({ maxDepth: 1 })),
  { maxKeys: 4 },
);

const language = fc.record(
  {
    name: fc.oneof(fc.constantFrom('nl', 'en-US', ''), fc.jsonValue({ maxDepth: 1 })),
    displayName: fc.oneof(fc.constantFrom('Nederlands'), fc.jsonValue({ maxDepth: 1 })),
    icon: fc.jsonValue({ maxDepth: 0 }),
    isDefault: fc.jsonValue({ maxDepth: 0 }),
    isDisabled: fc.jsonValue({ maxDepth: 0 }),
    isRightToLeft: fc.jsonValue({ maxDepth: 0 }),
  },
  { requiredKeys: [] },
);

/** GetAll results: ABP's sections with any of their parts missing or of another type, or anything at all. */
const userConfigurationResult = fc.oneof(
  {
    weight: 4,
    arbitrary: fc.record(
      {
        multiTenancy: fc.jsonValue({ maxDepth: 1 }),
        session: fc.oneof(
          fc.record(
            {
              userId: fc.jsonValue({ maxDepth: 0 }),
              tenantId: fc.jsonValue({ maxDepth: 0 }),
              impersonatorUserId: fc.jsonValue({ maxDepth: 0 }),
              impersonatorTenantId: fc.jsonValue({ maxDepth: 0 }),
              multiTenancySide: fc.jsonValue({ maxDepth: 0 }),
            },
            { requiredKeys: [] },
          ),
          fc.jsonValue({ maxDepth: 1 }),
        ),
        localization: fc.oneof(
          fc.record(
            {
              currentLanguage: fc.oneof(language, fc.jsonValue({ maxDepth: 1 })),
              languages: fc.array(language, { maxLength: 2 }),
              currentCulture: fc.jsonValue({ maxDepth: 1 }),
              values: fc.jsonValue({ maxDepth: 2 }),
            },
            { requiredKeys: [] },
          ),
          fc.jsonValue({ maxDepth: 1 }),
        ),
        features: fc.oneof(
          fc.record(
            {
              allFeatures: fc.oneof(
                fc.dictionary(
                  permission,
                  fc.oneof(
                    fc.record({ value: fc.oneof(fc.constantFrom('true', 'false'), fc.jsonValue({ maxDepth: 0 })) }, { requiredKeys: [] }),
                    fc.jsonValue({ maxDepth: 1 }),
                  ),
                  { maxKeys: 3 },
                ),
                fc.jsonValue({ maxDepth: 1 }),
              ),
            },
            { requiredKeys: [] },
          ),
          fc.jsonValue({ maxDepth: 1 }),
        ),
        auth: fc.oneof(
          fc.record(
            {
              allPermissions: fc.oneof(stringRecord, fc.jsonValue({ maxDepth: 1 })),
              grantedPermissions: fc.oneof(stringRecord, fc.jsonValue({ maxDepth: 1 })),
            },
            { requiredKeys: [] },
          ),
          fc.jsonValue({ maxDepth: 1 }),
        ),
        nav: fc.oneof(
          fc.record(
            {
              menus: fc.oneof(
                fc.record(
                  {
                    MainMenu: fc.oneof(
                      fc.record(
                        {
                          items: fc.oneof(
                            fc.array(
                              fc.record(
                                {
                                  name: fc.jsonValue({ maxDepth: 0 }),
                                  url: fc.oneof(fc.constantFrom('verkoop', '/app/crm', 'app/home'), fc.jsonValue({ maxDepth: 0 })),
                                  order: fc.jsonValue({ maxDepth: 0 }),
                                  displayName: fc.jsonValue({ maxDepth: 0 }),
                                },
                                { requiredKeys: [] },
                              ),
                              { maxLength: 3 },
                            ),
                            fc.jsonValue({ maxDepth: 1 }),
                          ),
                        },
                        { requiredKeys: [] },
                      ),
                      fc.jsonValue({ maxDepth: 1 }),
                    ),
                  },
                  { requiredKeys: [] },
                ),
                fc.jsonValue({ maxDepth: 1 }),
              ),
            },
            { requiredKeys: [] },
          ),
          fc.jsonValue({ maxDepth: 1 }),
        ),
        setting: fc.oneof(
          fc.record({ values: fc.oneof(stringRecord, fc.jsonValue({ maxDepth: 1 })) }, { requiredKeys: [] }),
          fc.jsonValue({ maxDepth: 1 }),
        ),
        clock: fc.oneof(
          fc.record(
            {
              provider: fc.oneof(
                fc.constantFrom('utcClockProvider', 'localClockProvider', 'unspecifiedClockProvider', 'utc', 'local', 'unspecified'),
                fc.jsonValue({ maxDepth: 0 }),
              ),
            },
            { requiredKeys: [] },
          ),
          fc.jsonValue({ maxDepth: 1 }),
        ),
        timing: fc.jsonValue({ maxDepth: 1 }),
        security: fc.jsonValue({ maxDepth: 1 }),
        custom: fc.jsonValue({ maxDepth: 1 }),
      },
      { requiredKeys: [] },
    ),
  },
  { weight: 1, arbitrary: fc.jsonValue({ maxDepth: 2 }) },
);

/** A stock answer with its leaves changed to anything: what a newer or older ABP, or a customised backend, may send. */
const nearlyStockResult = fc
  .tuple(
    fc.record({
      granted: stringRecord,
      features: fc.dictionary(permission, fc.oneof(fc.record({ value: fc.jsonValue({ maxDepth: 0 }) }), fc.jsonValue({ maxDepth: 1 })), {
        maxKeys: 3,
      }),
      settings: stringRecord,
    }),
    fc.record({
      name: fc.oneof(fc.constantFrom('nl', 'en-US'), fc.string({ minLength: 1, maxLength: 5 })),
      displayName: fc.jsonValue({ maxDepth: 0 }),
      provider: fc.jsonValue({ maxDepth: 0 }),
      impersonatorUserId: fc.jsonValue({ maxDepth: 0 }),
      impersonatorTenantId: fc.jsonValue({ maxDepth: 0 }),
      menus: fc.jsonValue({ maxDepth: 2 }),
    }),
  )
  .map(([tables, leaves]) => {
    const result = structuredClone(wellFormed) as unknown as Record<string, Record<string, unknown>>;
    result.auth!.grantedPermissions = tables.granted;
    result.features!.allFeatures = tables.features;
    result.setting!.values = tables.settings;
    result.localization!.currentLanguage = {
      ...(result.localization!.currentLanguage as object),
      name: leaves.name,
      displayName: leaves.displayName,
    };
    result.clock!.provider = leaves.provider;
    result.session = {
      ...result.session,
      impersonatorUserId: leaves.impersonatorUserId,
      impersonatorTenantId: leaves.impersonatorTenantId,
    };
    result.nav!.menus =
      typeof leaves.menus === 'object' && leaves.menus !== null && !Array.isArray(leaves.menus) ? { MainMenu: leaves.menus } : {};
    return result;
  });

/** A client whose GetAll answers with a result, as unwrapEnvelope hands it over. */
function answering(result: unknown): AbpClient {
  const answer = async <T>() => result as T;
  return { get: answer, post: answer, put: answer, delete: answer };
}

describe('the user configuration, for any GetAll result', () => {
  asyncProperty(
    USER_CONFIGURATION,
    'is a configuration everything can read, or a malformed AbpError',
    [fc.oneof(userConfigurationResult, nearlyStockResult), permission],
    async (result, asked) => {
      const got = await getUserConfiguration(answering(result)).then(
        (configuration) => ({ configuration }),
        (error: unknown) => ({ error }),
      );
      if ('error' in got) {
        expect(expectAbpError(got.error).kind).toBe('malformed');
        return;
      }
      readAsTheAppDoes(got.configuration, asked);
    },
    { numRuns: 1200 },
  );

  asyncProperty(
    USER_CONFIGURATION,
    'accepts a stock answer whatever its leaves hold',
    [nearlyStockResult, permission],
    async (result, asked) => {
      readAsTheAppDoes(await getUserConfiguration(answering(result)), asked);
    },
    { numRuns: 800 },
  );

  asyncProperty(
    USER_CONFIGURATION,
    'grants exactly what grantedPermissions lists as "true"',
    [stringRecord, permission],
    async (granted, asked) => {
      const result = structuredClone(wellFormed);
      result.auth.grantedPermissions = granted as Record<string, string>;
      const configuration = await getUserConfiguration(answering(result));
      expect(isGranted(configuration, asked)).toBe(Object.hasOwn(granted, asked) && granted[asked] === 'true');
    },
    { numRuns: 2500 },
  );

  property(
    USER_CONFIGURATION,
    'isGranted without a configuration grants nothing',
    [permission],
    (asked) => {
      expect(isGranted(undefined, asked)).toBe(false);
    },
    { numRuns: 500 },
  );
});
