import fc from 'fast-check';
import { describe, expect, vi } from 'vitest';
import type { AppConfig } from '../../src/config/appConfig.ts';
import { ConfigError } from '../../src/config/configError.ts';
import { loadAppConfig } from '../../src/config/loadAppConfig.ts';
import { parseAppConfig } from '../../src/config/parseAppConfig.ts';
import { asyncProperty, property, reportPropertyCases } from './support/property.ts';

/**
 * The config file is written by whoever deploys the app, and a proxy may
 * answer in its place. For any JSON value `parseAppConfig` gives a config
 * whose addresses are http(s), or a ConfigError of the kind the start-up
 * screen words in Dutch ("het veld … klopt niet"), naming the bad field.
 */

const GROUP = 'appconfig';

reportPropertyCases();

const URL_FIELDS = ['appBaseUrl', 'remoteServiceBaseUrl'] as const;
const AUTH_URL_FIELDS = ['issuer', 'registrationUrl', 'passwordRecoveryUrl', 'unlockUrl'] as const;

/** Every field a ConfigError may name. */
function isKnownField(field: string | undefined): boolean {
  return (
    field !== undefined &&
    ([
      '(root)',
      'tenantHeaderName',
      'localeMappings',
      'auth',
      'auth.clientId',
      'auth.authProvider',
      'auth.clockSkew',
      ...URL_FIELDS,
    ].includes(field) ||
      AUTH_URL_FIELDS.some((name) => field === `auth.${name}`) ||
      /^localeMappings\[\d+\]$/.test(field))
  );
}

function isHttpAddress(value: string): boolean {
  const url = new URL(value);
  return url.protocol === 'http:' || url.protocol === 'https:';
}

/** What every accepted config promises the code that reads it. */
function expectValidConfig(config: AppConfig): void {
  for (const field of URL_FIELDS) {
    expect(isHttpAddress(config[field])).toBe(true);
    expect(config[field].endsWith('/')).toBe(false);
  }
  if (config.klantenportaal !== undefined) expect(isHttpAddress(config.klantenportaal)).toBe(true);
  for (const field of AUTH_URL_FIELDS) {
    const value = config.auth[field];
    if (value !== undefined) expect(isHttpAddress(value)).toBe(true);
  }
  expect(config.tenantHeaderName).toMatch(/^[A-Za-z0-9.!#$%&'*+^_`|~-]+$/);
  expect(Array.isArray(config.localeMappings)).toBe(true);
  for (const mapping of config.localeMappings) {
    expect(typeof mapping.from === 'string' && mapping.from !== '').toBe(true);
    expect(typeof mapping.to === 'string' && mapping.to !== '').toBe(true);
  }
  expect(typeof config.auth.authProvider === 'string' && config.auth.authProvider !== '').toBe(true);
  expect(Number.isFinite(config.auth.clockSkew) && config.auth.clockSkew >= 0).toBe(true);
  if (config.auth.clientId !== undefined) expect(typeof config.auth.clientId).toBe('string');
}

type Parsed = { ok: true; config: AppConfig } | { ok: false; error: unknown };

function parsed(value: unknown): Parsed {
  try {
    return { ok: true, config: parseAppConfig(value) };
  } catch (error) {
    return { ok: false, error };
  }
}

/** A config, or a ConfigError of the kind the start-up screen explains with the field's name. */
function expectConfigOrFieldError(outcome: Parsed): void {
  if (outcome.ok) {
    expectValidConfig(outcome.config);
    return;
  }
  expect(outcome.error).toBeInstanceOf(ConfigError);
  const error = outcome.error as ConfigError;
  expect(error.kind).toBe('config-invalid');
  expect(isKnownField(error.field)).toBe(true);
}

const trailingSlashes = fc.constantFrom('', '', '/', '//');
/** http(s) addresses as deployments write them: any case of the scheme, names, IPs, ports, paths, trailing slashes. */
const httpUrl = fc
  .tuple(
    fc.constantFrom('http', 'https', 'HTTP', 'Https'),
    fc.oneof(
      fc.constantFrom('localhost', 'api.example.nl', 'id.example.nl', '127.0.0.1', '[::1]', 'xn--bcher-kva.example', 'bücher.example'),
      // A label that starts with xn-- is punycode and must decode (xn--0 does not; URL refuses it), so such names come from the list above only.
      fc.stringMatching(/^[a-z]([a-z0-9-]{0,10}[a-z0-9])?(\.[a-z]{2,6}){0,2}$/).filter((host) => !host.startsWith('xn--')),
    ),
    fc.option(fc.integer({ min: 1, max: 65535 })),
    fc.array(fc.stringMatching(/^[A-Za-z0-9._~-]{1,8}$/), { maxLength: 3 }),
    trailingSlashes,
  )
  .map(
    ([scheme, host, port, segments, slashes]) =>
      `${scheme}://${host}${port === null ? '' : `:${port}`}${segments.map((segment) => `/${segment}`).join('')}${slashes}`,
  );
const text = fc.string({ minLength: 1, maxLength: 12 });
const headerName = fc.stringMatching(/^[A-Za-z0-9.!#$%&'*+^_`|~-]{1,20}$/);

/** Configs as a deployment writes them: every field valid, the optional ones present or not. */
const validConfig = fc.record(
  {
    appBaseUrl: httpUrl,
    remoteServiceBaseUrl: httpUrl,
    localeMappings: fc.oneof(fc.constant(null), fc.array(fc.record({ from: text, to: text }), { maxLength: 4 })),
    klantenportaal: fc.oneof(httpUrl, fc.constant(null), fc.constant('')),
    tenantHeaderName: fc.oneof(fc.constantFrom('Abp-TenantId', 'Abp.TenantId'), headerName),
    auth: fc.oneof(
      fc.constant(null),
      fc.record(
        {
          issuer: httpUrl,
          clientId: fc.oneof(text, fc.constant('')),
          authProvider: text,
          clockSkew: fc.oneof(fc.nat({ max: 3600 }), fc.double({ min: 0, max: 1e6, noNaN: true })),
          registrationUrl: httpUrl,
          passwordRecoveryUrl: httpUrl,
          unlockUrl: httpUrl,
        },
        { requiredKeys: [] },
      ),
    ),
  },
  { requiredKeys: ['appBaseUrl', 'remoteServiceBaseUrl'] },
);

/** A place in a config where a field can hold something else. */
const fieldPaths = [
  ...URL_FIELDS.map((field) => [field]),
  ['localeMappings'],
  ['klantenportaal'],
  ['tenantHeaderName'],
  ['auth'],
  ...['clientId', 'authProvider', 'clockSkew', ...AUTH_URL_FIELDS].map((field) => ['auth', field]),
];

/** Anything a field could hold by mistake: any JSON, and near-misses of addresses and numbers. */
const badValue = fc.oneof(
  fc.jsonValue(),
  fc.constantFrom(
    '',
    ' ',
    'localhost:4200',
    '//localhost',
    'ftp://example.nl',
    'javascript:alert(1)',
    'file:///etc/passwd',
    'http://',
    'https://[',
    'Abp TenantId',
    'Abp-TenantId\r\nX: 1',
    -1,
    Number.MAX_VALUE,
    '300',
    [],
    {},
  ),
  fc.string({ maxLength: 20, unit: 'binary' }),
);

function withField(config: Record<string, unknown>, path: string[], value: unknown, remove: boolean): Record<string, unknown> {
  const copy = structuredClone(config);
  const [first, second] = path as [string, string | undefined];
  if (second === undefined) {
    if (remove) delete copy[first];
    else copy[first] = value;
    return copy;
  }
  const auth = typeof copy.auth === 'object' && copy.auth !== null ? { ...(copy.auth as Record<string, unknown>) } : {};
  if (remove) delete auth[second];
  else auth[second] = value;
  copy.auth = auth;
  return copy;
}

describe('parseAppConfig, for any JSON value', () => {
  property(
    GROUP,
    'gives a valid config or a ConfigError naming a known field',
    [fc.jsonValue({ maxDepth: 3 })],
    (value) => {
      expectConfigOrFieldError(parsed(value));
    },
    { numRuns: 500 },
  );

  property(
    GROUP,
    "the same for objects with the config's own keys holding anything",
    [
      fc.dictionary(
        fc.constantFrom('appBaseUrl', 'remoteServiceBaseUrl', 'localeMappings', 'klantenportaal', 'tenantHeaderName', 'auth'),
        badValue,
      ),
    ],
    (value) => {
      expectConfigOrFieldError(parsed(value));
    },
    { numRuns: 2000 },
  );

  property(
    GROUP,
    'accepts every valid config, and reading the result again changes nothing (also through JSON)',
    [validConfig],
    (config) => {
      const outcome = parsed(config);
      if (!outcome.ok) throw outcome.error;
      expectValidConfig(outcome.config);
      expect(parseAppConfig(outcome.config)).toEqual(outcome.config);
      expect(parseAppConfig(JSON.parse(JSON.stringify(outcome.config)))).toEqual(outcome.config);
      expect(outcome.config.appBaseUrl).toBe(config.appBaseUrl.replace(/\/+$/, ''));
      expect(outcome.config.remoteServiceBaseUrl).toBe(config.remoteServiceBaseUrl.replace(/\/+$/, ''));
    },
    { numRuns: 800 },
  );

  property(
    GROUP,
    'one field of a valid config changed to anything: still valid, or a ConfigError naming that field',
    [validConfig, fc.constantFrom(...fieldPaths), badValue, fc.boolean()],
    (config, path, value, remove) => {
      const outcome = parsed(withField(config, path, value, remove));
      expectConfigOrFieldError(outcome);
      if (outcome.ok) return;
      const field = (outcome.error as ConfigError).field!;
      // A whole auth that is no object is reported as auth; a bad entry of localeMappings by its index.
      const named = path.join('.');
      expect(field === named || field.startsWith(`${named}[`) || (path[0] === 'auth' && field === 'auth')).toBe(true);
    },
    { numRuns: 1200 },
  );
});

const answerText = fc.oneof(
  fc.jsonValue({ maxDepth: 3 }).map((value) => JSON.stringify(value)),
  validConfig.map((config) => JSON.stringify(config)),
  fc.constantFrom('', '<!doctype html><title>502 Bad Gateway</title>', '{', 'null', '{"appBaseUrl":'),
  fc.string({ maxLength: 40, unit: 'binary' }),
);

describe('loadAppConfig, for any answer of the server', () => {
  asyncProperty(
    GROUP,
    'gives a valid config or a ConfigError: missing (404), unreachable (other failures), not JSON, or invalid naming a field',
    [fc.integer({ min: 200, max: 599 }), answerText, fc.boolean()],
    async (status, body, fails) => {
      const nullBody = [204, 205, 304].includes(status);
      vi.stubGlobal('fetch', async () => {
        if (fails) throw new TypeError('Failed to fetch');
        return new Response(nullBody ? null : body, { status, headers: { 'Content-Type': 'application/json' } });
      });
      let outcome: Parsed;
      try {
        outcome = { ok: true, config: await loadAppConfig('http://localhost:4200/assets/appconfig.json', {}) };
      } catch (error) {
        outcome = { ok: false, error };
      }
      vi.unstubAllGlobals();
      if (outcome.ok) {
        expectValidConfig(outcome.config);
        return;
      }
      expect(outcome.error).toBeInstanceOf(ConfigError);
      const error = outcome.error as ConfigError;
      if (fails) expect(error.kind).toBe('config-unreachable');
      else if (status === 404) expect(error.kind).toBe('config-missing');
      else if (status >= 300) expect(error.kind).toBe('config-unreachable');
      else if (error.kind === 'config-invalid') expect(isKnownField(error.field)).toBe(true);
      else expect(error.kind).toBe('config-not-json');
    },
    { numRuns: 1000 },
  );
});
