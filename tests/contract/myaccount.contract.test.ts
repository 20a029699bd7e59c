import { decodeJwt, decodeProtectedHeader } from 'jose';
import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestStack, type TestStack } from '../../devstack/test-stack.ts';
import { waitForMail } from '../devstack/helpers/mailbox.ts';
import { boundMyAccountAccess, myAccountUrl } from '../devstack/helpers/myaccount.ts';
import {
  addMyEmail,
  addMyPhone,
  changeMyPassword,
  createMyAccountClient,
  getMyAccount,
  MyAccountError,
  updateMyName,
  type WatchingFetch,
} from '../../src/myaccount/myAccount.ts';
import { ACCEPT, ERRORS, OPERATIONS, RECENT_AUTHENTICATION_CHALLENGE, type OperationName } from '../../src/myaccount/operations.lazy.ts';

// The contract of Mijn account with Okta's MyAccount API: the app's own
// client functions, run in Node against the local provider, and every
// request they send and every answer they get held to the table in
// src/myaccount/operations.lazy.ts (method, path, scope, request fields,
// answer fields, statuses and error codes). One row agrees when it was
// exercised, and each of its requests and answers is as the table says.

interface Exchange {
  operation: OperationName | undefined;
  method: string;
  path: string;
  headers: Headers;
  body: unknown;
  status: number;
  answer: unknown;
  challenge: string | null;
}

let stack: TestStack;
let skew = 0;
const exchanges: Exchange[] = [];
const agreed: string[] = [];
const rows = Object.keys(OPERATIONS) as OperationName[];

const patterns = rows.map((name) => ({
  name,
  method: OPERATIONS[name].method,
  pattern: new RegExp(`^/idp/myaccount${OPERATIONS[name].path.replace(/:\w+/g, '[^/]+')}$`),
}));

/** Which row of the table a request is, by its method and path; none when it is no row (a defect the row check names). */
function operationOf(method: string, path: string): OperationName | undefined {
  return patterns.find((row) => row.method === method && row.pattern.test(path))?.name;
}

/** The fetch the client is given: every exchange is kept, the answer handed on untouched. */
const watching: WatchingFetch = async (url, init) => {
  const response = await fetch(url, { ...init, body: init.body as string | null | undefined });
  const text = await response.clone().text();
  const path = new URL(url).pathname;
  exchanges.push({
    operation: operationOf(init.method ?? 'GET', path),
    method: init.method ?? 'GET',
    path,
    headers: new Headers(init.headers),
    body: typeof init.body === 'string' ? JSON.parse(init.body) : undefined,
    status: response.status,
    answer: text ? JSON.parse(text) : undefined,
    challenge: response.headers.get('www-authenticate'),
  });
  return response;
};

/** The dotted names of an object's fields, one level into `profile` (the table writes `profile.email`). */
function fieldNames(body: unknown): string[] {
  if (typeof body !== 'object' || body === null) return [];
  return Object.entries(body).flatMap(([key, value]) =>
    key === 'profile' && typeof value === 'object' && value !== null && Object.keys(value).length === 1 ? Object.keys(value).map((inner) => `profile.${inner}`) : [key],
  );
}

/** What is wrong with one exchange, held to its row. */
function problemsOf(exchange: Exchange, profileFields: string[], scopeOf: (token: string) => string): string[] {
  const row = OPERATIONS[exchange.operation!];
  const problems: string[] = [];
  const where = `${exchange.method} ${exchange.path} → ${exchange.status}`;
  if (exchange.headers.get('accept') !== ACCEPT) problems.push(`${where}: Accept is ${exchange.headers.get('accept')}`);
  // The token is DPoP-bound: the DPoP scheme, and a proof for this call and this token (RFC 9449 §7).
  const [scheme, token] = (exchange.headers.get('authorization') ?? '').split(' ');
  if (scheme !== 'DPoP') problems.push(`${where}: the token went as ${scheme}, not DPoP`);
  const proof = exchange.headers.get('dpop');
  if (!proof || decodeProtectedHeader(proof).typ !== 'dpop+jwt') problems.push(`${where}: no DPoP proof`);
  else {
    const claims = decodeJwt(proof);
    const ath = createHash('sha256').update(token ?? '').digest('base64url');
    if (claims.htm !== exchange.method || claims.htu !== `${new URL(myAccountUrl(stack.urls)).origin}${exchange.path}` || claims.ath !== ath) {
      problems.push(`${where}: the proof is not for this call (htm ${String(claims.htm)}, htu ${String(claims.htu)}, ath ${claims.ath === ath})`);
    }
  }
  if (!scopeOf(token ?? '').split(' ').includes(row.scope)) problems.push(`${where}: the token lacks ${row.scope}`);
  const sent = fieldNames(exchange.body).sort();
  const expected = row.method === 'GET' || row.request.length === 0 ? [] : [...row.request].sort();
  if (JSON.stringify(sent) !== JSON.stringify(expected)) problems.push(`${where}: sent ${sent.join(', ') || 'no body'}, the table says ${expected.join(', ') || 'none'}`);
  if (exchange.operation === 'updateProfile') {
    const profile = Object.keys((exchange.body as { profile: object }).profile).sort();
    if (JSON.stringify(profile) !== JSON.stringify([...profileFields].sort())) problems.push(`${where}: the profile sent (${profile.join(', ')}) is not the whole profile GET returns`);
  }
  if (exchange.status === row.success) {
    const answer = Array.isArray(exchange.answer) ? [] : Object.keys((exchange.answer as object | undefined) ?? {});
    const missing = row.answer.filter((field) => !answer.includes(field));
    if (missing.length) problems.push(`${where}: the answer lacks ${missing.join(', ')}`);
    if (row.success === 204 && exchange.answer !== undefined) problems.push(`${where}: 204 with a body`);
  } else {
    const errorCode = (exchange.answer as { errorCode?: string } | undefined)?.errorCode;
    const listed = row.errors.some((name) => ERRORS[name].status === exchange.status && ERRORS[name].errorCode === errorCode);
    if (!listed) problems.push(`${where}: ${errorCode} is not an error the table lists for ${exchange.operation}`);
    const causes = (exchange.answer as { errorCauses?: object[] } | undefined)?.errorCauses ?? [];
    if (causes.some((cause) => Object.keys(cause).join() !== 'errorSummary')) problems.push(`${where}: a cause carries more than errorSummary`);
  }
  return problems;
}

beforeAll(async () => {
  stack = await startTestStack({ serveApp: false, accountClock: () => Date.now() + skew });
});

afterAll(async () => {
  console.log(`okta myaccount: ${agreed.length} of ${rows.length} agree`);
  await stack?.stop();
});

describe('okta myaccount contract', () => {
  it('drives every operation of the table through the app’s client', async () => {
    const access = await boundMyAccountAccess(stack.urls, 'admin');
    const client = createMyAccountClient(myAccountUrl(stack.urls), access.source, { fetch: watching });
    const expectCode = async (work: Promise<unknown>, code: string) => {
      const error = await work.then(() => undefined, (failure: unknown) => failure);
      expect(error).toBeInstanceOf(MyAccountError);
      expect((error as MyAccountError).code).toBe(code);
    };

    expect((await getMyAccount(client)).profile.login).toBe('admin');
    expect((await updateMyName(client, 'Bea', 'Admin')).firstName).toBe('Bea');

    const email = await addMyEmail(client, 'contract@isolatie.local');
    const mailed = await waitForMail(stack.urls, 'contract@isolatie.local', /verificatiecode/);
    const before = exchanges.length;
    await expectCode(email.verify(mailed.code === '000000' ? '111111' : '000000'), 'E0000004');
    // A wrong code is said, never sent again.
    expect(exchanges.slice(before).map((exchange) => exchange.operation)).toEqual(['verifyEmail']);
    await email.verify(mailed.code!);

    await expectCode(addMyEmail(client, 'geen-adres'), 'E0000001');
    const phone = await addMyPhone(client, '+31 6 11122233');
    const texted = await waitForMail(stack.urls, '+31611122233', /verificatiecode/);
    // The same number again, never confirmed: the way on is that number, with a new code.
    const again = await addMyPhone(client, '+31611122233');
    expect(again.unconfirmedBefore).toBe(true);
    await expectCode(again.resend(), 'E0000047');
    skew += 31_000;
    await again.resend();
    const second = await waitForMail(stack.urls, '+31611122233', /verificatiecode/, new Set([texted.id]));
    await expectCode(phone.verify(second.code === '000000' ? '111111' : '000000'), 'E0000004');
    await phone.verify(second.code!);

    await expectCode(changeMyPassword(client, 'verkeerd', 'Zomer-Dak-2026'), 'E0000001');
    await changeMyPassword(client, '123qwe', 'Zomer-Dak-2026');

    // Sixteen minutes on by the provider's clock: a change needs a fresh sign-in, and says so in Okta's words.
    skew += 16 * 60_000;
    await expectCode(updateMyName(client, 'Bea', 'Later'), 'recent_authentication');
    expect(exchanges.at(-1)).toMatchObject({ operation: 'updateProfile', status: 403, challenge: RECENT_AUTHENTICATION_CHALLENGE });

    const profileFields = Object.keys((exchanges.find((exchange) => exchange.operation === 'getProfile')!.answer as { profile: object }).profile);
    const unmatched = exchanges.filter((exchange) => !exchange.operation).map((exchange) => `${exchange.method} ${exchange.path}`);
    expect(unmatched, 'requests that are no row of the table').toEqual([]);
    const report: Record<string, string[]> = {};
    for (const name of rows) {
      const mine = exchanges.filter((exchange) => exchange.operation === name);
      const problems = mine.flatMap((exchange) => problemsOf(exchange, profileFields, access.scopeOf));
      if (!mine.some((exchange) => exchange.status === OPERATIONS[name].success)) problems.push(`${name}: never answered ${OPERATIONS[name].success}`);
      if (problems.length === 0) agreed.push(name);
      else report[name] = problems;
    }
    expect(report).toEqual({});
    expect(agreed).toEqual(rows);
  }, 60_000);
});
