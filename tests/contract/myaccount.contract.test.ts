import { decodeJwt, decodeProtectedHeader } from 'jose';
import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestStack, type TestStack } from '../../devstack/test-stack.ts';
import { MYACCOUNT_SCOPES } from '../../devstack/provider/myaccount/http.ts';
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
import {
  ACCEPT,
  challengeError,
  ERRORS,
  OPERATIONS,
  RECENT_AUTHENTICATION_CHALLENGE,
  RECENT_AUTHENTICATION_SECONDS,
  type MyAccountOperation,
} from '../../src/myaccount/operations.lazy.ts';
import {
  AUTHORIZATION_SERVERS,
  EVERY_OPERATION_ERRORS,
  MYACCOUNT_OPERATIONS,
  MYACCOUNT_RULES,
  type PublishedError,
  type PublishedOperation,
  type PublishedOperationName,
} from './okta-published.ts';
import { appRequests, type AppRequests } from './support/app-requests.ts';
import { TEST_MS } from '../support/limits.ts';

// Mijn account held to what Okta publishes (tests/contract/okta-published.ts),
// not to itself: the app's operation table (src/myaccount/operations.lazy.ts)
// row by row, and the local provider's imitation of the MyAccount API by what
// it really answers when the app's own client drives every operation in Node.
// One row of the report per published operation and side, and per rule
// (Accept header, the recent-authentication challenge, the error shape, the
// scopes); a row that disagrees fails the test and is named with what is
// wrong. Prints `okta published: N of N agree`.

interface Exchange {
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
const rows: Record<string, string[]> = {};

const published = Object.entries(MYACCOUNT_OPERATIONS) as [PublishedOperationName, PublishedOperation][];
const everyOperationErrors: readonly PublishedError[] = Object.values(EVERY_OPERATION_ERRORS);

/** A published path (`{id}`) or the app's (`:id`) as a pattern for request paths below /idp/myaccount. */
function pathPattern(path: string): RegExp {
  return new RegExp(`^${MYACCOUNT_RULES.base}${path.replace(/\{\w+\}|:\w+/g, '[^/]+')}$`);
}

/** Which published operation a request is, by method and path. */
function publishedOf(method: string, path: string): PublishedOperationName | undefined {
  return published.find(([, row]) => row.method === method && pathPattern(row.path).test(path))?.[0];
}

/** The fetch the client is given: every exchange is kept, the answer handed on untouched. */
const watching: WatchingFetch = async (url, init) => {
  const response = await fetch(url, { ...init, body: init.body as string | null | undefined });
  const text = await response.clone().text();
  exchanges.push({
    method: init.method ?? 'GET',
    path: new URL(url).pathname,
    headers: new Headers(init.headers),
    body: typeof init.body === 'string' ? JSON.parse(init.body) : undefined,
    status: response.status,
    answer: text ? JSON.parse(text) : undefined,
    challenge: response.headers.get('www-authenticate'),
  });
  return response;
};

/** A body's field names, nested ones dotted (`profile.email`); a profile of several attributes is `profile`, the whole profile. */
function fieldNames(body: unknown): string[] {
  if (typeof body !== 'object' || body === null) return [];
  return Object.entries(body).flatMap(([key, value]) =>
    key === 'profile' && typeof value === 'object' && value !== null && Object.keys(value).length === 1
      ? Object.keys(value).map((inner) => `profile.${inner}`)
      : [key],
  );
}

/** A `WWW-Authenticate` challenge as its scheme and parameters (RFC 9110 §11.6.1). */
function parseChallenge(header: string | null): Record<string, string> {
  const [scheme = '', ...rest] = (header ?? '').split(' ');
  const parameters: Record<string, string> = { scheme };
  for (const match of rest.join(' ').matchAll(/(\w+)=(?:"([^"]*)"|([^,\s]*))/g)) parameters[match[1]!] = match[2] ?? match[3] ?? '';
  return parameters;
}

const missing = (wanted: readonly string[], present: readonly string[]) => wanted.filter((name) => !present.includes(name));
/** Required fields not sent: an object (`profile`) counts as sent when any field of it is (`profile.phoneNumber`). */
const missingRequired = (required: readonly string[], present: readonly string[]) =>
  required.filter((name) => !present.some((field) => field === name || field.startsWith(`${name}.`)));
const errorLabel = (error: PublishedError) => `${error.status} ${error.errorCode}`;
const isPublishedError = (row: PublishedOperation, status: number, errorCode: unknown) =>
  [...row.errors, ...everyOperationErrors].some((error) => error.status === status && error.errorCode === errorCode);

/** The app's table row against the published one. */
function tableProblems(row: PublishedOperation, mine: MyAccountOperation | undefined): string[] {
  if (!mine) return [`the app's table has no ${row.method} ${row.path}`];
  const problems: string[] = [];
  if (mine.scope !== row.scope) problems.push(`scope ${mine.scope}, Okta: ${row.scope}`);
  const unlisted = missing(mine.request, row.requestFields);
  if (unlisted.length) problems.push(`sends ${unlisted.join(', ')}, not in Okta's request`);
  const required = missingRequired(row.requiredFields, mine.request);
  if (required.length) problems.push(`does not send the required ${required.join(', ')}`);
  const unknownAnswer = missing(mine.answer, row.answerFields);
  if (unknownAnswer.length) problems.push(`reads ${unknownAnswer.join(', ')}, not in Okta's answer`);
  const notTaken = row.success.filter((status) => !(mine.success as readonly number[]).includes(status));
  if (notTaken.length) problems.push(`does not take ${notTaken.join(', ')} as done`);
  const unpublishedSuccess = mine.success.filter((status) => !row.success.includes(status));
  if (unpublishedSuccess.length) problems.push(`counts ${unpublishedSuccess.join(', ')} as done, Okta: ${row.success.join(', ')}`);
  for (const name of mine.errors) {
    if (!isPublishedError(row, ERRORS[name].status, ERRORS[name].errorCode))
      problems.push(`expects ${errorLabel(ERRORS[name])}, not published for it`);
  }
  if (mine.recentAuthentication !== (row.method !== 'GET'))
    problems.push(`the 15-minute rule ${mine.recentAuthentication ? 'on' : 'off'} for a ${row.method}`);
  return problems;
}

/** One exchange with the imitation against the published operation. */
function exchangeProblems(
  exchange: Exchange,
  row: PublishedOperation,
  profileFields: string[],
  scopeOf: (token: string) => string,
): string[] {
  const problems: string[] = [];
  const where = `${exchange.method} ${exchange.path} → ${exchange.status}`;
  if (exchange.headers.get('accept') !== MYACCOUNT_RULES.accept) problems.push(`${where}: Accept is ${exchange.headers.get('accept')}`);
  const [scheme, token] = (exchange.headers.get('authorization') ?? '').split(' ');
  if (scheme !== MYACCOUNT_RULES.dpop.scheme) problems.push(`${where}: the token went as ${scheme}, not ${MYACCOUNT_RULES.dpop.scheme}`);
  const proof = exchange.headers.get('dpop');
  if (!proof || decodeProtectedHeader(proof).typ !== MYACCOUNT_RULES.dpop.proofType) problems.push(`${where}: no DPoP proof`);
  else {
    const claims = decodeJwt(proof);
    const ath = createHash('sha256')
      .update(token ?? '')
      .digest('base64url');
    if (
      claims.htm !== exchange.method ||
      claims.htu !== `${new URL(myAccountUrl(stack.urls)).origin}${exchange.path}` ||
      claims.ath !== ath
    ) {
      problems.push(
        `${where}: the proof is not for this call (htm ${String(claims.htm)}, htu ${String(claims.htu)}, ath ${claims.ath === ath})`,
      );
    }
  }
  if (
    !scopeOf(token ?? '')
      .split(' ')
      .includes(row.scope)
  )
    problems.push(`${where}: the token lacks ${row.scope}`);
  const sent = fieldNames(exchange.body);
  const unlisted = missing(sent, row.requestFields);
  if (unlisted.length) problems.push(`${where}: sent ${unlisted.join(', ')}, not in Okta's request`);
  const required = missingRequired(row.requiredFields, sent);
  if (required.length) problems.push(`${where}: without the required ${required.join(', ')}`);
  if (row.method === 'PUT' && row.requestFields.includes('profile')) {
    const profile = Object.keys((exchange.body as { profile?: object } | undefined)?.profile ?? {});
    if (missing(profileFields, profile).length)
      problems.push(`${where}: the profile sent (${profile.join(', ')}) is not the whole profile GET returns`);
  }
  if (exchange.status < 300) {
    if (!row.success.includes(exchange.status)) problems.push(`${where}: Okta answers ${row.success.join(' or ')}`);
    const items = Array.isArray(exchange.answer) ? (exchange.answer as object[]) : [(exchange.answer as object | undefined) ?? {}];
    const lacking = row.answerFields.length ? [...new Set(items.flatMap((item) => missing(row.answerFields, Object.keys(item))))] : [];
    if (lacking.length) problems.push(`${where}: the answer lacks ${lacking.join(', ')}`);
    if (exchange.status === 204 && exchange.answer !== undefined) problems.push(`${where}: 204 with a body`);
  } else {
    const errorCode = (exchange.answer as { errorCode?: string } | undefined)?.errorCode;
    if (!isPublishedError(row, exchange.status, errorCode))
      problems.push(`${where}: ${String(errorCode)} is not published for ${row.method} ${row.path}`);
  }
  return problems;
}

/** What is wrong with an error answer's shape: Okta's fields, causes with a sentence only. */
function errorShapeProblems(exchange: Exchange): string[] {
  const answer = (exchange.answer ?? {}) as { errorCauses?: object[] };
  const where = `${exchange.method} ${exchange.path} → ${exchange.status}`;
  const problems: string[] = [];
  const fields = Object.keys(answer).sort();
  if (JSON.stringify(fields) !== JSON.stringify([...MYACCOUNT_RULES.errorFields].sort()))
    problems.push(`${where}: fields ${fields.join(', ')}`);
  if ((answer.errorCauses ?? []).some((cause) => JSON.stringify(Object.keys(cause)) !== JSON.stringify(MYACCOUNT_RULES.causeFields)))
    problems.push(`${where}: a cause carries more than errorSummary`);
  return problems;
}

beforeAll(async () => {
  stack = await startTestStack({ serveApp: false, accountClock: () => Date.now() + skew });
});

afterAll(async () => {
  const names = Object.keys(rows);
  const agree = (part: string[]) => part.filter((name) => rows[name]!.length === 0).length;
  const servers = names.filter((name) => name.startsWith('authorization servers'));
  const myAccount = names.filter((name) => !name.startsWith('authorization servers'));
  console.log(
    `okta published: ${agree(names)} of ${names.length} agree (myaccount ${agree(myAccount)} of ${myAccount.length}, authorization servers ${agree(servers)} of ${servers.length})`,
  );
  await stack?.stop();
  // Every part ran: every published operation on each side, the rules, and the authorization servers' rows.
  expect(myAccount.length).toBeGreaterThanOrEqual(2 * published.length + 8);
  expect(servers.length).toBeGreaterThanOrEqual(7);
});

describe('okta published contract', () => {
  it('holds the app’s operation table to what Okta publishes', () => {
    for (const [name, row] of published) {
      const mine = Object.values(OPERATIONS).find(
        (operation) => operation.method === row.method && pathPattern(operation.path).test(`${MYACCOUNT_RULES.base}${row.path}`),
      );
      rows[`app table: ${name}`] = tableProblems(row, mine);
    }
    rows['app table: every row published'] = Object.entries(OPERATIONS)
      .filter(([, operation]) => !publishedOf(operation.method, `${MYACCOUNT_RULES.base}${operation.path}`))
      .map(([name, operation]) => `${name} (${operation.method} ${operation.path}) is no operation Okta publishes`);
    rows['app: Accept header'] = ACCEPT === MYACCOUNT_RULES.accept ? [] : [`sends ${ACCEPT}, Okta: ${MYACCOUNT_RULES.accept}`];
    const { challenge, maxAgeSeconds } = MYACCOUNT_RULES.recentAuthentication;
    rows['app: recent-authentication challenge'] = [
      ...(JSON.stringify(parseChallenge(RECENT_AUTHENTICATION_CHALLENGE)) === JSON.stringify(challenge)
        ? []
        : [`expects ${RECENT_AUTHENTICATION_CHALLENGE}`]),
      ...(RECENT_AUTHENTICATION_SECONDS === maxAgeSeconds ? [] : [`counts ${RECENT_AUTHENTICATION_SECONDS} s, Okta: ${maxAgeSeconds} s`]),
      ...(challengeError(`Bearer realm="${challenge.realm}", error="${challenge.error}", max_age=${challenge.max_age}`) === challenge.error
        ? []
        : ['does not read the challenge’s error']),
    ];
    const disagreeing = Object.fromEntries(Object.entries(rows).filter(([, problems]) => problems.length));
    expect(disagreeing).toEqual({});
  });

  it(
    'holds the imitation’s answers to the app’s own client to what Okta publishes',
    async () => {
      const access = await boundMyAccountAccess(stack.urls, 'admin');
      const client = createMyAccountClient(myAccountUrl(stack.urls), access.source, { fetch: watching });
      const expectCode = async (work: Promise<unknown>, code: string) => {
        const error = await work.then(
          () => undefined,
          (failure: unknown) => failure,
        );
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
      expect(exchanges.slice(before).map((exchange) => publishedOf(exchange.method, exchange.path))).toEqual(['verifyEmailOtp']);
      await email.verify(mailed.code!);
      await expectCode(client.call('challengeEmail', { id: 'eml-unknown' }), 'E0000007');

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
      // Okta's other way to a new password (what the app falls back to): a reset, the current password not asked.
      await expectCode(client.call('replacePassword', {}, { profile: { password: 'kort' } }), 'E0000001');
      await client.call('replacePassword', {}, { profile: { password: 'Herfst-Dak-2027' } });

      // Sixteen minutes on by the provider's clock: a change needs a fresh sign-in, and says so in Okta's words.
      skew += 16 * 60_000;
      await expectCode(updateMyName(client, 'Bea', 'Later'), 'recent_authentication');
      const refused = exchanges.at(-1)!;

      // Without Okta's Accept header the API does not answer.
      const unversioned = await fetch(`${myAccountUrl(stack.urls)}/profile`, { headers: { Accept: 'application/json' } });
      const unversionedAnswer = (await unversioned.json()) as { errorCode?: string };

      const profileFields = Object.keys(
        (exchanges.find((exchange) => publishedOf(exchange.method, exchange.path) === 'getProfile')!.answer as { profile: object }).profile,
      );
      for (const [name, row] of published) {
        const mine = exchanges.filter((exchange) => publishedOf(exchange.method, exchange.path) === name);
        const problems = mine.flatMap((exchange) => exchangeProblems(exchange, row, profileFields, access.scopeOf));
        if (!mine.some((exchange) => row.success.includes(exchange.status)))
          problems.push(`never answered ${row.success.join(' or ')} to the app`);
        rows[`imitation: ${name}`] = problems;
      }
      rows['imitation: no request outside Okta’s operations'] = exchanges
        .filter((exchange) => !publishedOf(exchange.method, exchange.path))
        .map((exchange) => `${exchange.method} ${exchange.path}`);
      rows['imitation: Accept header'] =
        unversioned.status === EVERY_OPERATION_ERRORS.notAcceptable.status &&
        unversionedAnswer.errorCode === EVERY_OPERATION_ERRORS.notAcceptable.errorCode
          ? []
          : [`without it: ${unversioned.status} ${String(unversionedAnswer.errorCode)}`];
      const { status, challenge } = MYACCOUNT_RULES.recentAuthentication;
      rows['imitation: recent-authentication challenge'] =
        refused.status === status && JSON.stringify(parseChallenge(refused.challenge)) === JSON.stringify(challenge)
          ? []
          : [`${refused.status} ${String(refused.challenge)}`];
      rows['imitation: error shape'] = exchanges.filter((exchange) => exchange.status >= 400).flatMap(errorShapeProblems);
      rows['imitation: okta.myAccount scopes'] =
        JSON.stringify([...MYACCOUNT_SCOPES].sort()) === JSON.stringify([...MYACCOUNT_RULES.scopes].sort())
          ? []
          : [`knows ${MYACCOUNT_SCOPES.join(' ')}`];

      const disagreeing = Object.fromEntries(
        Object.entries(rows).filter(([name, problems]) => name.startsWith('imitation') && problems.length),
      );
      expect(disagreeing).toEqual({});
    },
    TEST_MS,
  );
  it(
    'holds the app’s authorize, token, refresh and logout requests to the authorization servers’ rows',
    async () => {
      const sent: AppRequests = await appRequests(stack.urls, { ...stack.appConfig.auth, issuer: stack.urls.signInIssuer }, 'monteur');
      const { authorize, token, logout, scopes } = AUTHORIZATION_SERVERS;
      const parameters = (url: URL | undefined) => [...new Set(url ? [...url.searchParams.keys()] : [])];
      const unlisted = (sentNames: string[], listed: readonly string[], ignored: readonly string[]) =>
        sentNames.filter((name) => !listed.includes(name) && !ignored.includes(name));
      const fields = (form: URLSearchParams | undefined) => [...new Set(form ? [...form.keys()] : [])];

      for (const [where, url] of [
        ['sign-in', sent.authorize],
        ['Mijn account', sent.myAccountAuthorize],
      ] as const) {
        const names = parameters(url);
        rows[`authorization servers: ${where} authorize, required parameters`] = missing(authorize.required, names).map(
          (name) => `does not send ${name}`,
        );
        rows[`authorization servers: ${where} authorize, every parameter Okta’s or a named extension`] = unlisted(
          names,
          authorize.parameters,
          authorize.ignoredExtensions,
        ).map((name) => `sends ${name}, no Okta parameter`);
        rows[`authorization servers: ${where} authorize, PKCE`] =
          authorize.codeChallengeMethods.includes(url.searchParams.get('code_challenge_method') as 'S256') &&
          url.searchParams.get('code_challenge')
            ? []
            : [`code_challenge_method ${String(url.searchParams.get('code_challenge_method'))}`];
        rows[`authorization servers: ${where} authorize, state`] = authorize.stateCharacters.test(url.searchParams.get('state') ?? '')
          ? []
          : [`state ${String(url.searchParams.get('state'))}`];
        const prompt = url.searchParams.get('prompt');
        rows[`authorization servers: ${where} authorize, prompt`] =
          prompt === null || authorize.prompt.includes(prompt as 'none') ? [] : [`prompt ${prompt}`];
      }
      const orgScopes = (sent.myAccountAuthorize.searchParams.get('scope') ?? '').split(' ');
      rows['authorization servers: Mijn account asks the org server for Okta API scopes only, the person named'] = [
        ...(sent.myAccountAuthorize.pathname === AUTHORIZATION_SERVERS.org.endpoints.authorize
          ? []
          : [`at ${sent.myAccountAuthorize.pathname}, Okta: ${AUTHORIZATION_SERVERS.org.endpoints.authorize}`]),
        ...orgScopes
          .filter((scope) => scope !== 'openid' && !MYACCOUNT_RULES.scopes.includes(scope as 'okta.myAccount.profile.read'))
          .map((scope) => `asks ${scope}`),
        ...(sent.myAccountAuthorize.searchParams.get('login_hint') ? [] : ['no login_hint']),
      ];
      rows['authorization servers: the sign-in asks no Okta API scope'] = (sent.authorize.searchParams.get('scope') ?? '')
        .split(' ')
        .filter((scope) => scope.startsWith('okta.'))
        .map((scope) => `asks ${scope}`);
      const notSent = (what: string) => [`the app sent no ${what}${sent.failure ? `: ${sent.failure}` : ''}`];
      const codeFields = fields(sent.token?.form);
      rows['authorization servers: token, the code grant'] = !sent.token
        ? notSent('code grant')
        : [
            ...missing(token.codeGrant.required, codeFields).map((name) => `does not send ${name}`),
            ...unlisted(codeFields, token.codeGrant.required, token.codeGrant.optional).map((name) => `sends ${name}`),
          ];
      const refreshFields = fields(sent.refresh?.form);
      const refreshScopes = (sent.refresh?.form?.get('scope') ?? '').split(' ');
      const signInScopes = (sent.authorize.searchParams.get('scope') ?? '').split(' ');
      rows['authorization servers: token, the refresh grant with the sign-in’s scopes'] = !sent.refresh
        ? notSent('refresh grant')
        : [
            ...missing(token.refreshGrant.required, refreshFields).map((name) => `does not send ${name}`),
            ...unlisted(refreshFields, token.refreshGrant.required, token.refreshGrant.optional).map((name) => `sends ${name}`),
            ...(refreshScopes.every((scope) => signInScopes.includes(scope))
              ? []
              : [`asks ${refreshScopes.join(' ')}, more than the sign-in (${token.refreshScope} only)`]),
            ...(refreshScopes.includes(token.refreshTokenNeeds)
              ? []
              : [`leaves out ${token.refreshTokenNeeds}: no refresh token comes back`]),
          ];
      const logoutNames = parameters(sent.logout);
      rows['authorization servers: logout'] = sent.logout
        ? [
            ...missing(logout.required, logoutNames).map((name) => `does not send ${name}`),
            ...unlisted(logoutNames, [...logout.required, ...logout.optional], logout.ignoredExtensions).map((name) => `sends ${name}`),
          ]
        : notSent('logout request');

      // The org server's answer to Okta API scopes the app was not granted, as the imitation gives it.
      const refused = await fetch(
        `${sent.myAccountAuthorize.origin}${AUTHORIZATION_SERVERS.org.endpoints.authorize}?${new URLSearchParams({ ...Object.fromEntries(sent.myAccountAuthorize.searchParams), scope: 'openid okta.users.read' })}`,
        { redirect: 'manual' },
      );
      const answer = new URL(refused.headers.get('location') ?? 'about:blank').searchParams;
      rows['authorization servers: ungranted Okta API scopes'] =
        answer.get('error') === scopes.ungrantedOktaApiScopes && answer.get('error_description') === scopes.ungrantedDescription
          ? []
          : [`answered ${String(answer.get('error'))}: ${String(answer.get('error_description'))}`];

      const disagreeing = Object.fromEntries(
        Object.entries(rows).filter(([name, problems]) => name.startsWith('authorization servers') && problems.length),
      );
      expect(disagreeing).toEqual({});
    },
    TEST_MS,
  );
});
