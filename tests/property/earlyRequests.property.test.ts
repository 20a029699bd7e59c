// @vitest-environment jsdom
import fc from 'fast-check';
import { afterEach, beforeEach, describe, expect, vi } from 'vitest';
import { createActor, waitFor } from 'xstate';
import { createBootMachine } from '../../machines/boot.machine.ts';
import { CULTURE_COOKIE, LEGACY_TENANT_COOKIE, TENANT_COOKIE, TOKEN_COOKIE } from '../../src/abp/cookies.ts';
import type { Session } from '../../src/abp/session.ts';
import { TenantAvailability } from '../../src/abp/tenantAvailability.ts';
import type { UserConfiguration } from '../../src/abp/userConfiguration.ts';
import { bootInput, browserBootMachine } from '../../src/boot/bootActor.ts';
import type { AppConfig } from '../../src/config/appConfig.ts';
import type { EarlyRequests } from '../../src/config/early.ts';
import { sendEarlyRequests } from '../../src/config/earlyRequests.ts';
import { parseAppConfig } from '../../src/config/parseAppConfig.ts';
import { asyncProperty, reportPropertyCases } from './support/property.ts';

/**
 * index.html's script (src/config/earlyRequests.ts) sends start-up's first
 * requests before the bundle runs; start-up takes an answer only when it
 * would have asked exactly so (config/early.ts). For any cookies (token,
 * tenant under either name, language), config and answer of the
 * environment's lookup, the early script sends what start-up sends, request
 * for request (address, method, headers, body), and sends it whenever
 * start-up would; with the early answers there, start-up asks the network
 * for none of them again. A change on one side only fails here instead of
 * silently costing a phone its round trips. Start-up here is the boot
 * machine with the browser's actors (boot/bootActor.ts), over a stubbed
 * `fetch` that records what each side sends: a change to either side fails.
 */

const GROUP = 'early-requests';

reportPropertyCases();

interface Sent {
  /** Start-up's requests that index.html's script may send; `later` is what start-up asks after GetAll (the session, the language), never sent early. */
  kind: 'config' | 'lookup' | 'getAll' | 'later';
  method: string;
  url: string;
  headers: [string, string][];
  body: string;
}

interface Cookies {
  token: string | null;
  tenant: string | null;
  legacyTenant: string | null;
  culture: string | null;
}

interface LookupAnswer {
  status: number;
  state: number;
  tenantId: number | null;
}

const COOKIE_NAMES: Record<keyof Cookies, string> = {
  token: TOKEN_COOKIE,
  tenant: TENANT_COOKIE,
  legacyTenant: LEGACY_TENANT_COOKIE,
  culture: CULTURE_COOKIE,
};

const tenantValue = fc.oneof(
  fc.constantFrom('1', '42', '0', '-3', '1.5', '', ' ', 'null', 'abc', ' 7 '),
  fc.integer({ min: 1, max: 10_000 }).map(String),
);
const cookies: fc.Arbitrary<Cookies> = fc.record({
  token: fc.option(fc.stringMatching(/^[A-Za-z0-9._-]{1,40}$/)),
  // Half the time each is unset, so a quarter of the cases have chosen no environment: the only ones where the lookup is sent.
  tenant: fc.option(tenantValue, { freq: 1 }),
  legacyTenant: fc.option(tenantValue, { freq: 1 }),
  culture: fc.option(fc.oneof(fc.constantFrom('nl', 'en', 'en-US', 'de-DE', 'zh-Hans', ' en ', ''), fc.string({ maxLength: 12 }))),
});

const apiAddress = fc.oneof(
  fc.constantFrom(
    'https://api.example.nl',
    'https://api.example.nl/',
    'http://localhost:5000//',
    'HTTPS://API.EXAMPLE.NL/abp',
    'https://api.example.nl/a b?x=1',
  ),
  fc.webUrl({ withQueryParameters: true }),
  // Addresses start-up refuses: the early script sends no bearer there.
  fc.constantFrom('ftp://api.example.nl', 'javascript:alert(1)', 'api.example.nl', '//api.example.nl', '', ' ', 42, null),
);
const config = fc.record(
  {
    appBaseUrl: fc.constant('http://localhost:3000'),
    remoteServiceBaseUrl: apiAddress,
    tenantHeaderName: fc.constantFrom('Abp-TenantId', 'Abp.TenantId', 'X-Tenant'),
    tenancyName: fc.constantFrom('Isolatie', 'Noord', 'A'.repeat(64), '', null),
  },
  { requiredKeys: ['appBaseUrl', 'remoteServiceBaseUrl'] },
);
const lookupAnswer: fc.Arbitrary<LookupAnswer> = fc.record({
  status: fc.constantFrom(200, 200, 200, 500),
  state: fc.constantFrom(
    TenantAvailability.Available,
    TenantAvailability.Available,
    TenantAvailability.InActive,
    TenantAvailability.NotFound,
  ),
  tenantId: fc.option(fc.oneof(fc.integer({ min: 1, max: 10_000 }), fc.constant(0))),
});
const languages = fc.constantFrom('nl', 'en', 'en-US');

function clearCookies(): void {
  for (const name of Object.values(COOKIE_NAMES))
    document.cookie = `${encodeURIComponent(name)}=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/`;
}

function setCookies(given: Cookies): void {
  clearCookies();
  for (const [key, name] of Object.entries(COOKIE_NAMES) as [keyof Cookies, string][]) {
    const value = given[key];
    // As writeCookie writes them.
    if (value !== null) document.cookie = `${encodeURIComponent(name)}=${encodeURIComponent(value)}; path=/`;
  }
}

function kindOf(url: string): Sent['kind'] {
  if (url.includes('/assets/appconfig')) return 'config';
  if (url.includes('Account/IsTenantAvailable')) return 'lookup';
  if (url.includes('AbpUserConfiguration/GetAll')) return 'getAll';
  if (url.includes('Session/GetCurrentLoginInformations')) return 'later';
  throw new Error(`unexpected request to ${url}`);
}

/** The browser's network as both sides see it: every request, and the answers of this case. */
function network(appConfig: unknown, lookup: LookupAnswer) {
  const sent: Sent[] = [];
  const fetch = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const request = new Request(input, init);
    const kind = kindOf(request.url);
    sent.push({ kind, method: request.method, url: request.url, headers: [...request.headers].sort(), body: await request.text() });
    if (kind === 'config') return Response.json(appConfig);
    if (kind === 'lookup')
      return Response.json(
        {
          success: lookup.status === 200,
          result: { state: lookup.state, tenantId: lookup.tenantId },
          error: null,
          unAuthorizedRequest: false,
          __abp: true,
        },
        { status: lookup.status },
      );
    return Response.json({ success: true, result: { session: {} }, error: null, unAuthorizedRequest: false, __abp: true });
  });
  vi.stubGlobal('fetch', fetch);
  return sent;
}

/**
 * What start-up asks for: the boot machine with the browser's actors, as
 * src/start.tsx makes it, run until it is past the config, the
 * environment's lookup and GetAll (or has stopped before them: a refused
 * config, a lookup without an answer).
 */
async function startUp(): Promise<void> {
  const machine = browserBootMachine(createBootMachine<AppConfig, UserConfiguration, Session, EarlyRequests>());
  // As the page makes it: its input takes what index.html's script sent (none when it sent nothing).
  const actor = createActor(machine, { input: bootInput() }).start();
  try {
    await waitFor(
      actor,
      (snapshot) => !(['loadingConfig', 'choosingTenant', 'loadingUserConfiguration'] as const).some((state) => snapshot.matches(state)),
    );
  } finally {
    actor.stop();
  }
}

/** The requests index.html's script could have sent. */
function early(list: Sent[]): Sent[] {
  return list.filter((request) => request.kind !== 'later');
}

beforeEach(() => {
  vi.spyOn(console, 'error').mockImplementation(() => undefined);
  vi.spyOn(console, 'warn').mockImplementation(() => undefined);
});

afterEach(() => {
  delete window.early;
  clearCookies();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe("index.html's early requests and start-up", () => {
  asyncProperty(
    GROUP,
    'send the same requests (address, method, headers, body), the early ones whenever start-up sends them, and start-up takes their answers',
    [cookies, config, lookupAnswer, languages],
    async (given, appConfig, lookup, language) => {
      const cookiesOf = { ...given, culture: given.culture ?? (language === 'nl' ? null : language) };

      // Start-up alone: what it sends.
      setCookies(cookiesOf);
      const ownSent = network(appConfig, lookup);
      await startUp();
      const startUpSent = early(ownSent);

      // index.html's script first, then start-up, from the same cookies.
      setCookies(cookiesOf);
      const sent = network(appConfig, lookup);
      window.early = sendEarlyRequests();
      await window.early?.getAll;
      await window.early?.tenant;
      const earlySent = sent.splice(0);
      await startUp();
      const askedAgain = early(sent);

      const kinds = (list: Sent[]) => list.map((request) => request.kind);
      expect(kinds(earlySent), 'the early script sends each request start-up sends, in order').toEqual(kinds(startUpSent));
      expect(earlySent, "the early requests are start-up's, to the letter").toEqual(startUpSent);
      expect(askedAgain, 'start-up takes every early answer').toEqual([]);
      if (!parseAppConfigAccepts(appConfig)) expect(kinds(earlySent), 'no request to an address start-up refuses').toEqual(['config']);
    },
    { numRuns: 40 },
  );
});

function parseAppConfigAccepts(value: unknown): boolean {
  try {
    parseAppConfig(value);
    return true;
  } catch {
    return false;
  }
}
