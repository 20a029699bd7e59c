import { randomBytes } from 'node:crypto';
import { decodeJwt, SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findEndpoint, type EndpointName } from '../../devstack/api/endpoints.ts';
import type { StackOptions } from '../../devstack/stack.ts';
import { startTestStack, type TestStack } from '../../devstack/test-stack.ts';
import { signIn } from '../devstack/helpers/sign-in.ts';
import { differences } from './support/compare.ts';
import { inRunOrder, recordingFileNames, type Exchange } from './support/recordings.ts';

// The ABP contract: every exchange recorded from the real ABP host for the
// endpoints the app calls is sent to the stand-in (devstack/, started for
// real, with the local identity provider's real tokens), in the order the
// recording run sent them, and its answer compared with the recording. Each
// recording run (RUNS) starts from the seed on a stand-in of its own: the
// first run's eight files, onboarding.json and handover.json.
//
// What is compared, per exchange:
// - the status;
// - the body, value by value (envelope, result, error texts, validation
//   errors with their members), reading the recording's placeholders as
//   what they stand for: `<jwt: tenant=1 user=2 exp=+86400>` is an access
//   token with those claims, `<encrypted access token>` an opaque string,
//   `<datetime>` any ISO date-time; except the paths in NOT_COMPARED;
// - the headers the recording kept: Content-Type (absent where it has none)
//   and the CORS headers, exactly, with none the recording lacks; and for a
//   405 the Allow header its `why` names.
//
// NOT_COMPARED, by endpoint, and why:
// | Endpoint | Path                       | Why                                                                  |
// |----------|----------------------------|----------------------------------------------------------------------|
// | GetAll   | result.localization.values | ABP's and the template's hundreds of texts; the app reads none (its   |
// |          |                            | texts are its own catalogs). The stand-in sends the ones it uses.     |
// | GetAll   | result.localization.sources| names of those text sources (Abp, AbpWeb, AbpZero, AbpProjectName);   |
// |          |                            | the app reads none.                                                   |
// Everything else the app reads is compared word for word: languages and
// the current language and culture, the session, granted and all
// permissions, MainMenu's items, multiTenancy, clock.provider, the setting
// values, Session's user, tenant and application, ExternalAuthenticate's
// token (by its claims), expireInSeconds and waitingForActivation, and every
// error's message, details and validation errors.

interface RecordingRun {
  name: string;
  /** Its files, in the run's order (tests/contract/recorded/README.md, "Run order and state"). */
  files: readonly string[];
  /** The order of the "(recorded last)" exchanges. */
  lastFiles: readonly string[];
  /** The backend tokens its own sign-in exchanges gave, by exchange, under the placeholder names its README gives. */
  tokenSources: Record<string, string>;
  /** Exchanges the recorder sent only after a pause that lets something run out, and the exchange the pause started at. */
  pauses?: Record<string, { after: string; seconds: number }>;
  stackOptions?: StackOptions;
}

/** ABP's lockout lasts 300 s; the handover run's stand-in locks for this long, and the suite waits it out where the recorder waited. */
const LOCKOUT_S = 4;

const RUNS: readonly RecordingRun[] = [
  {
    name: 'the first recording run',
    files: ['externalauthenticate', 'userconfiguration', 'session', 'account', 'user', 'role', 'tenant', 'errors'],
    // The monteur ones, then the expired provider token.
    lastFiles: ['userconfiguration', 'externalauthenticate'],
    tokenSources: {
      'admin-tenant-1': 'admin@1',
      'admin-tenant-2': 'admin@2',
      'monteur-tenant-1': 'monteur@1',
      'vreemde-unknown-first': 'vreemde@1',
      'authenticate-host-admin': 'host-admin',
    },
  },
  {
    name: 'onboarding',
    files: ['onboarding'],
    lastFiles: [],
    tokenSources: {
      'host-admin-authenticate': 'host-admin',
      'west-admin-authenticate': 'admin@4',
      'vreemde-sign-in-after-email-freed': 'vreemde@4',
      'vreemde-sign-in-after-admin-role': 'vreemde@4 as Admin',
      'default-admin-sign-in': 'admin@1',
      'monteur-sign-in-before-deactivate': 'monteur@1',
      'noord-admin-sign-in': 'admin@2',
    },
  },
  {
    name: 'handover',
    files: ['handover'],
    lastFiles: [],
    tokenSources: {
      'host-admin-authenticate': 'host-admin',
      'west-admin-authenticate': 'admin@4',
      'west-admin-new-password-after-lockout': 'admin@4 new',
      'balie-authenticate-weak-password': 'balie@4',
      'vreemde-sign-in-after-admin-role': 'vreemde@4 as Admin',
    },
    // The recorder waited out ABP's 300 s lockout here.
    pauses: { 'west-admin-old-password-after-lockout': { after: 'west-admin-wrong-password-5', seconds: LOCKOUT_S + 0.5 } },
    stackOptions: { lockoutSeconds: LOCKOUT_S },
  },
];

const NOT_COMPARED: Partial<Record<EndpointName, readonly string[]>> = {
  GetAll: ['result.localization.values', 'result.localization.sources'],
};

/** The app origin the recording's host allowed. */
const RECORDED_APP_ORIGIN = 'http://localhost:4260';
/** Provider access tokens live this long in the suite's stack, so the recording's expired one is reached in seconds, not five minutes. */
const PROVIDER_TOKEN_TTL_S = 20;

const title = (exchange: Exchange) => `${exchange.file} ${exchange.name}: ${exchange.request.method} ${exchange.request.path}`;

/** What one run's replay keeps between its exchanges: its stand-in, the tokens it was given, when each exchange went out. */
interface Replay {
  stack: TestStack;
  backendTokens: Map<string, string>;
  /** admin's provider token of `admin-tenant-1`, sent again after its exp. */
  firstAdminProviderToken?: string;
  sentAt: Map<string, number>;
}

const runs = RUNS.map((run) => ({ run, exchanges: inRunOrder(run.files, run.lastFiles) }));
const total = runs.reduce((sum, { exchanges }) => sum + exchanges.length, 0);
let agreed = 0;

afterAll(() => {
  console.log(`abp contract: ${agreed} of ${total} agree`);
});

describe('the stand-in answers every recorded ABP exchange as ABP did', () => {
  it('reads every exchange of every recording file', () => {
    // The counts the recordings' README gives (externalauthenticate 20, userconfiguration 39, session 9, account 8,
    // user 40, role 18, tenant 14, errors 18, onboarding 42, handover 59): a file read short would shrink "N of N" unnoticed,
    // and a file left out of every run would not be compared at all.
    expect(total).toBe(267);
    expect(runs.flatMap(({ run }) => run.files).sort()).toEqual(recordingFileNames());
  });

  describe.each(runs.map(({ run, exchanges }) => ({ run, exchanges, name: run.name })))('$name', ({ run, exchanges }) => {
    const replay = { backendTokens: new Map<string, string>(), sentAt: new Map<string, number>() } as Replay;
    beforeAll(async () => {
      // The recorded host allowed no clock skew on the provider's token (its expired-provider-token exchange).
      replay.stack = await startTestStack({
        serveApp: false,
        accessTokenTtl: PROVIDER_TOKEN_TTL_S,
        providerClockSkew: 0,
        ...run.stackOptions,
      });
    });
    afterAll(async () => {
      await replay.stack?.stop();
    });

    it.each(exchanges.map((exchange) => ({ exchange, title: title(exchange) })))('$title', async ({ exchange }) => {
      const pause = run.pauses?.[exchange.name];
      if (pause) {
        const wait = (replay.sentAt.get(pause.after) ?? 0) + pause.seconds * 1000 - Date.now();
        if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
      }
      replay.sentAt.set(exchange.name, Date.now());
      const response = await send(replay, exchange);
      const text = await response.text();
      const problems = [...statusAndHeaders(replay.stack, exchange, response), ...bodyDifferences(exchange, text)];
      if (problems.length === 0) agreed += 1;
      expect(problems, `${exchange.file} ${exchange.name} (${exchange.why})`).toEqual([]);
      const source = run.tokenSources[exchange.name];
      if (source) replay.backendTokens.set(source, (JSON.parse(text) as { result: { accessToken: string } }).result.accessToken);
    });
  });
});

async function send(replay: Replay, exchange: Exchange): Promise<Response> {
  const { stack } = replay;
  const { method, path, headers, body } = exchange.request;
  const sent: Record<string, string> = {};
  for (const [name, value] of Object.entries(headers)) {
    if (name === 'Authorization') sent[name] = `Bearer ${await bearer(replay, value.replace(/^Bearer /, ''))}`;
    else if (name === 'Origin') sent[name] = value === RECORDED_APP_ORIGIN ? stack.urls.app : value;
    else sent[name] = value;
  }
  let payload: string | undefined;
  if (typeof body === 'string') payload = body;
  else if (body !== null) payload = JSON.stringify(await withProviderToken(replay, exchange, body as Record<string, unknown>));
  return fetch(`${stack.urls.api}${path}`, { method, headers: sent, body: payload });
}

/** The bearer a placeholder names: a token of an earlier exchange, a forged or expired one made as the README says, or the literal. */
async function bearer({ stack, backendTokens }: Replay, placeholder: string): Promise<string> {
  const named = /^<([\w@ -]+)>$/.exec(placeholder)?.[1];
  if (named) {
    const token = backendTokens.get(named);
    if (!token) throw new Error(`no backend token ${named} yet: the sign-in exchange that gives it did not run or failed`);
    return token;
  }
  const admin = backendTokens.get('admin@1');
  if (placeholder.startsWith('<forged:') && admin) {
    const now = Math.floor(Date.now() / 1000);
    return new SignJWT({ ...decodeJwt(admin), exp: now + 3600 }).setProtectedHeader({ alg: 'HS256', typ: 'JWT' }).sign(randomBytes(32));
  }
  if (placeholder.startsWith('<expired:') && admin) {
    const now = Math.floor(Date.now() / 1000);
    const userId = Number(decodeJwt(admin).sub);
    const response = await fetch(`${stack.urls.api}/__devstack/backend-token`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ userId, issuedAt: now - 7200, expiresAt: now - 3600 }),
    });
    return ((await response.json()) as { accessToken: string }).accessToken;
  }
  if (placeholder.startsWith('<')) throw new Error(`no token for ${placeholder}`);
  return placeholder;
}

/** The body with the provider's access token the placeholder describes: a real one of the local provider, forged, or admin's first one after its exp. */
async function withProviderToken(replay: Replay, exchange: Exchange, body: Record<string, unknown>): Promise<Record<string, unknown>> {
  const { stack } = replay;
  const code = body.providerAccessCode;
  if (typeof code !== 'string' || !code.startsWith('<jwt:')) return body;
  if (code.includes('the same token as in admin-tenant-1')) {
    const first = replay.firstAdminProviderToken;
    if (!first) throw new Error('admin-tenant-1 did not run');
    const exp = decodeJwt(first).exp!;
    const wait = exp * 1000 + 1_000 - Date.now();
    if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
    return { ...body, providerAccessCode: first };
  }
  const real = async (userName: string) => (await signIn(stack.urls, userName)).tokens.access_token;
  if (code.startsWith('<jwt: forged provider token')) {
    const claims = decodeJwt(await real('admin'));
    const forged = await new SignJWT(claims).setProtectedHeader({ alg: 'HS256', typ: 'at+jwt' }).sign(randomBytes(32));
    return { ...body, providerAccessCode: forged };
  }
  const userName = /provider access token of (\w+)/.exec(code)?.[1];
  if (!userName) throw new Error(`${exchange.name}: no provider token for ${code}`);
  const token = await real(userName);
  if (exchange.file === 'externalauthenticate' && exchange.name === 'admin-tenant-1') replay.firstAdminProviderToken = token;
  return { ...body, providerAccessCode: token };
}

const KEPT_HEADERS = /^(content-type|access-control-.*|vary)$/i;

function statusAndHeaders(stack: TestStack, exchange: Exchange, response: Response): string[] {
  const problems: string[] = [];
  if (response.status !== exchange.response.status)
    problems.push(`status: recorded ${exchange.response.status}, stand-in ${response.status}`);
  const recorded = new Map(
    Object.entries(exchange.response.headers).map(([name, value]) => [
      name.toLowerCase(),
      value === RECORDED_APP_ORIGIN ? stack.urls.app : value,
    ]),
  );
  for (const [name, value] of recorded) {
    if (response.headers.get(name) !== value)
      problems.push(`header ${name}: recorded ${JSON.stringify(value)}, stand-in ${JSON.stringify(response.headers.get(name))}`);
  }
  response.headers.forEach((value, name) => {
    if (KEPT_HEADERS.test(name) && !recorded.has(name))
      problems.push(`header ${name}: not recorded, sent by the stand-in (${JSON.stringify(value)})`);
  });
  const allow = /\(Allow: ([A-Z, ]+)\)/.exec(exchange.why)?.[1];
  if (allow && response.headers.get('allow') !== allow)
    problems.push(`header allow: recorded ${allow}, stand-in ${JSON.stringify(response.headers.get('allow'))}`);
  return problems;
}

function bodyDifferences(exchange: Exchange, text: string): string[] {
  if (exchange.response.body === '') return text === '' ? [] : [`body: recorded empty, stand-in ${text.slice(0, 120)}`];
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    return [`body: not JSON: ${text.slice(0, 120)}`];
  }
  const endpoint = findEndpoint(exchange.request.method, exchange.request.path);
  return differences(exchange.response.body, body, endpoint ? (NOT_COMPARED[endpoint.name] ?? []) : []);
}
