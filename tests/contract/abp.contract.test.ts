import { randomBytes } from 'node:crypto';
import { decodeJwt, SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findEndpoint, type EndpointName } from '../../src/abp/endpoints.ts';
import { startTestStack, type TestStack } from '../../devstack/test-stack.ts';
import { signIn } from '../devstack/helpers/sign-in.ts';
import { differences } from './support/compare.ts';
import { inRunOrder, type Exchange } from './support/recordings.ts';

// The ABP contract: every exchange recorded from the real ABP host for the
// endpoints the app calls is sent to the stand-in (devstack/, started for
// real, with the local identity provider's real tokens), in the order the
// recording run sent them, and its answer compared with the recording.
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

/** Every recording file, in the recording run's order (tests/contract/recorded/README.md, "Run order and state"). */
const FILES = ['externalauthenticate', 'userconfiguration', 'session', 'account', 'user', 'role', 'tenant', 'errors'];
/** The order of the "(recorded last)" exchanges: the monteur ones, then the expired provider token. */
const LAST_FILES = ['userconfiguration', 'externalauthenticate'];

const NOT_COMPARED: Partial<Record<EndpointName, readonly string[]>> = {
  GetAll: ['result.localization.values', 'result.localization.sources'],
};

/** The app origin the recording's host allowed. */
const RECORDED_APP_ORIGIN = 'http://localhost:4260';
/** Provider access tokens live this long in the suite's stack, so the recording's expired one is reached in seconds, not five minutes. */
const PROVIDER_TOKEN_TTL_S = 20;

/** The backend tokens the suite's own sign-in exchanges gave, by file and exchange, under the recording's placeholder names. */
const TOKEN_SOURCES: Record<string, string> = {
  'externalauthenticate admin-tenant-1': 'admin@1',
  'externalauthenticate admin-tenant-2': 'admin@2',
  'externalauthenticate monteur-tenant-1': 'monteur@1',
  'externalauthenticate vreemde-unknown-first': 'vreemde@1',
  'tenant authenticate-host-admin': 'host-admin',
};

const exchanges = inRunOrder(FILES, LAST_FILES);
const backendTokens = new Map<string, string>();
let stack: TestStack;
/** admin's provider token of `admin-tenant-1`, sent again after its exp. */
let firstAdminProviderToken: string | undefined;
const agreed: string[] = [];

beforeAll(async () => {
  stack = await startTestStack({ serveApp: false, accessTokenTtl: PROVIDER_TOKEN_TTL_S });
});
afterAll(async () => {
  console.log(`abp contract: ${agreed.length} of ${exchanges.length} agree`);
  await stack?.stop();
});

const title = (exchange: Exchange) => `${exchange.file} ${exchange.name}: ${exchange.request.method} ${exchange.request.path}`;

describe('the stand-in answers every recorded ABP exchange as ABP did', () => {
  it('reads every exchange of every recording file', () => {
    // The counts the recordings' README gives (externalauthenticate 20, userconfiguration 39, session 9, account 8,
    // user 40, role 18, tenant 14, errors 18): a file read short would shrink "N of N" unnoticed.
    expect(exchanges.length).toBe(166);
    expect(new Set(exchanges.map((exchange) => exchange.file))).toEqual(new Set(FILES));
  });

  it.each(exchanges.map((exchange) => ({ exchange, title: title(exchange) })))('$title', async ({ exchange }) => {
    const response = await send(exchange);
    const text = await response.text();
    const problems = [...statusAndHeaders(exchange, response), ...bodyDifferences(exchange, text)];
    if (problems.length === 0) agreed.push(exchange.name);
    expect(problems, `${exchange.file} ${exchange.name} (${exchange.why})`).toEqual([]);
    const source = TOKEN_SOURCES[`${exchange.file} ${exchange.name}`];
    if (source) backendTokens.set(source, (JSON.parse(text) as { result: { accessToken: string } }).result.accessToken);
  });
});

async function send(exchange: Exchange): Promise<Response> {
  const { method, path, headers, body } = exchange.request;
  const sent: Record<string, string> = {};
  for (const [name, value] of Object.entries(headers)) {
    if (name === 'Authorization') sent[name] = `Bearer ${await bearer(value.replace(/^Bearer /, ''))}`;
    else if (name === 'Origin') sent[name] = value === RECORDED_APP_ORIGIN ? stack.urls.app : value;
    else sent[name] = value;
  }
  let payload: string | undefined;
  if (typeof body === 'string') payload = body;
  else if (body !== null) payload = JSON.stringify(await withProviderToken(exchange, body as Record<string, unknown>));
  return fetch(`${stack.urls.api}${path}`, { method, headers: sent, body: payload });
}

/** The bearer a placeholder names: a token of an earlier exchange, a forged or expired one made as the README says, or the literal. */
async function bearer(placeholder: string): Promise<string> {
  const named = /^<(\w+@\d|host-admin)>$/.exec(placeholder)?.[1];
  if (named) {
    const token = backendTokens.get(named);
    if (!token) throw new Error(`no backend token ${named} yet: its ExternalAuthenticate exchange did not run or failed`);
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
async function withProviderToken(exchange: Exchange, body: Record<string, unknown>): Promise<Record<string, unknown>> {
  const code = body.providerAccessCode;
  if (typeof code !== 'string' || !code.startsWith('<jwt:')) return body;
  if (code.includes('the same token as in admin-tenant-1')) {
    if (!firstAdminProviderToken) throw new Error('admin-tenant-1 did not run');
    const exp = decodeJwt(firstAdminProviderToken).exp!;
    const wait = exp * 1000 + 1_000 - Date.now();
    if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
    return { ...body, providerAccessCode: firstAdminProviderToken };
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
  if (exchange.name === 'admin-tenant-1') firstAdminProviderToken = token;
  return { ...body, providerAccessCode: token };
}

const KEPT_HEADERS = /^(content-type|access-control-.*|vary)$/i;

function statusAndHeaders(exchange: Exchange, response: Response): string[] {
  const problems: string[] = [];
  if (response.status !== exchange.response.status) problems.push(`status: recorded ${exchange.response.status}, stand-in ${response.status}`);
  const recorded = new Map(Object.entries(exchange.response.headers).map(([name, value]) => [name.toLowerCase(), value === RECORDED_APP_ORIGIN ? stack.urls.app : value]));
  for (const [name, value] of recorded) {
    if (response.headers.get(name) !== value) problems.push(`header ${name}: recorded ${JSON.stringify(value)}, stand-in ${JSON.stringify(response.headers.get(name))}`);
  }
  response.headers.forEach((value, name) => {
    if (KEPT_HEADERS.test(name) && !recorded.has(name)) problems.push(`header ${name}: not recorded, sent by the stand-in (${JSON.stringify(value)})`);
  });
  const allow = /\(Allow: ([A-Z, ]+)\)/.exec(exchange.why)?.[1];
  if (allow && response.headers.get('allow') !== allow) problems.push(`header allow: recorded ${allow}, stand-in ${JSON.stringify(response.headers.get('allow'))}`);
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
