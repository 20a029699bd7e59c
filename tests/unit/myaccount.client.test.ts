import { describe, expect, it } from 'vitest';
import {
  addMyEmail,
  addMyPhone,
  changeMyPassword,
  createMyAccountClient,
  MyAccountError,
  resetMyPassword,
  type WatchingFetch,
} from '../../src/myaccount/myAccount.ts';
import { ACCEPT, CAUSES } from '../../src/myaccount/operations.lazy.ts';

// Where Okta's published material disagrees with itself, the client copes
// with either answer: an e-mail code's verify is 200 (the definition) or an
// empty 204 (the older reference page), a wrong phone code is 401 E0000004
// or 400 E0000001 (both published). A password change never falls back by
// itself to PUT /password (a reset that ignores the current password): an
// org without change-password (limited availability) answers 401 E0000015,
// which the client names so the form can offer the reset as what it is.

const BASE = 'http://org.example/idp/myaccount';

interface Sent {
  method: string;
  path: string;
  body: unknown;
  accept: string | null;
}

/** An org that answers each `METHOD path` as given (unlisted: 404 E0000007), keeping what was sent. */
function org(answers: Record<string, () => Response>) {
  const sent: Sent[] = [];
  const fetch: WatchingFetch = (url, init) => {
    const method = init.method ?? 'GET';
    const path = new URL(url).pathname.slice('/idp/myaccount'.length);
    sent.push({
      method,
      path,
      body: typeof init.body === 'string' ? JSON.parse(init.body) : undefined,
      accept: new Headers(init.headers).get('accept'),
    });
    const route = Object.keys(answers).find((key) => new RegExp(`^${key.replace(/\{\w+\}/g, '[^/]+')}$`).test(`${method} ${path}`));
    return Promise.resolve(
      route ? answers[route]!() : json(404, { errorCode: 'E0000007', errorSummary: 'Not found: Resource not found', errorCauses: [] }),
    );
  };
  const client = createMyAccountClient(BASE, () => Promise.resolve({ accessToken: 'an-access-token' }), { fetch });
  return { client, sent };
}

function json(status: number, body: unknown, headers: Record<string, string> = {}): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': ACCEPT, ...headers } });
}

const emailAnswers = (verify: () => Response) => ({
  'POST /emails': () =>
    json(201, { id: 'eml1', status: 'UNVERIFIED', roles: ['PRIMARY'], profile: { email: 'bea@example.com' }, _links: {} }),
  'POST /emails/{id}/challenge': () => json(201, { id: 'chl1', status: 'UNVERIFIED', expiresAt: '2026-01-01T00:05:00.000Z', _links: {} }),
  'POST /emails/{id}/challenge/{challengeId}/verify': verify,
});

describe('my-account client, where Okta’s sources disagree', () => {
  it('takes the e-mail verify’s 200 (the definition) as done', async () => {
    const { client, sent } = org(emailAnswers(() => new Response(null, { status: 200 })));
    await (await addMyEmail(client, 'bea@example.com')).verify(' 123456 ');
    expect(sent.at(-1)).toEqual({
      method: 'POST',
      path: '/emails/eml1/challenge/chl1/verify',
      body: { verificationCode: '123456' },
      accept: ACCEPT,
    });
  });

  it('creates a new address with sendEmail false and challenges it once: one mail, one code', async () => {
    const { client, sent } = org(emailAnswers(() => json(200, {})));
    await addMyEmail(client, 'bea@example.com');
    expect(sent.map(({ method, path, body }) => ({ method, path, body }))).toEqual([
      { method: 'POST', path: '/emails', body: { profile: { email: 'bea@example.com' }, role: 'PRIMARY', sendEmail: false } },
      { method: 'POST', path: '/emails/eml1/challenge', body: undefined },
    ]);
  });

  it('takes the e-mail verify’s empty 204 (the older reference page) as done', async () => {
    const { client, sent } = org(emailAnswers(() => new Response(null, { status: 204 })));
    await expect((await addMyEmail(client, 'bea@example.com')).verify('123456')).resolves.toBeUndefined();
    expect(sent.map((request) => request.method + ' ' + request.path).at(-1)).toBe('POST /emails/eml1/challenge/chl1/verify');
  });

  it('still says a wrong e-mail code, whichever success the org uses', async () => {
    const { client } = org(
      emailAnswers(() => json(401, { errorCode: 'E0000004', errorSummary: 'Authentication failed', errorCauses: [{ errorSummary: 'x' }] })),
    );
    const error = await (await addMyEmail(client, 'bea@example.com')).verify('000000').catch((failure: unknown) => failure);
    expect(error).toBeInstanceOf(MyAccountError);
    expect((error as MyAccountError).code).toBe('E0000004');
  });

  it.each([
    [
      '401 E0000004 (the definition)',
      () => json(401, { errorCode: 'E0000004', errorSummary: 'Authentication failed', errorCauses: [{ errorSummary: CAUSES.wrongCode }] }),
    ],
    [
      '400 E0000001 on the code (the reference page)',
      () =>
        json(400, {
          errorCode: 'E0000001',
          errorSummary: 'Api validation failed: factorId and/or verificationCode',
          errorCauses: [
            { errorSummary: "This operation couldn't be completed as requested due to an issue with the specified authenticator." },
          ],
        }),
    ],
  ])('says a wrong phone code as a wrong code, whether Okta answers %s', async (_, answer) => {
    const { client, sent } = org({
      'POST /phones': () => json(201, { id: 'sms1', status: 'UNVERIFIED', profile: { phoneNumber: '+31611122233' }, _links: {} }),
      'POST /phones/{id}/verify': answer,
    });
    const error = await (await addMyPhone(client, '+31611122233')).verify('000000').catch((failure: unknown) => failure);
    expect((error as MyAccountError).code).toBe('E0000004');
    expect((error as MyAccountError).causes).toEqual([CAUSES.wrongCode]);
    expect(sent.filter((request) => request.path.endsWith('/verify'))).toHaveLength(1);
  });

  it('keeps any other refusal of a phone code as Okta said it', async () => {
    const { client } = org({
      'POST /phones': () => json(201, { id: 'sms1', status: 'UNVERIFIED', profile: { phoneNumber: '+31611122233' }, _links: {} }),
      'POST /phones/{id}/verify': () =>
        json(400, {
          errorCode: 'E0000001',
          errorSummary: 'Api validation failed: Transaction',
          errorCauses: [{ errorSummary: 'Invalid transaction.' }],
        }),
    });
    const error = await (await addMyPhone(client, '+31611122233')).verify('123456').catch((failure: unknown) => failure);
    expect((error as MyAccountError).code).toBe('E0000001');
  });

  it('changes the password with change-password where the org has it, and sends nothing more', async () => {
    const { client, sent } = org({ 'POST /password/change-password': () => new Response(null, { status: 204 }) });
    await changeMyPassword(client, 'oud-Wachtwoord-1', 'Zomer-Dak-2026');
    expect(sent.map(({ method, path, body }) => ({ method, path, body }))).toEqual([
      { method: 'POST', path: '/password/change-password', body: { oldPassword: 'oud-Wachtwoord-1', newPassword: 'Zomer-Dak-2026' } },
    ]);
  });

  it('names an org without change-password (401 E0000015) and sends no reset by itself', async () => {
    const { client, sent } = org({
      'POST /password/change-password': () =>
        json(401, {
          errorCode: 'E0000015',
          errorSummary: 'You do not have permission to access the feature you are requesting',
          errorCauses: [],
        }),
      'PUT /password': () => json(201, {}),
    });
    const error = await changeMyPassword(client, 'oud-Wachtwoord-1', 'Zomer-Dak-2026').catch((failure: unknown) => failure);
    expect((error as MyAccountError).code).toBe('change_password_unavailable');
    expect(sent.map(({ method, path }) => `${method} ${path}`)).toEqual(['POST /password/change-password']);
  });

  it.each([
    ['404, the path unknown', () => json(404, { errorCode: 'E0000007', errorSummary: 'Not found: Resource not found', errorCauses: [] })],
    ['405, the method not taken there', () => new Response(null, { status: 405, headers: { Allow: 'GET, PUT' } })],
  ])('does not fall back to PUT /password when change-password answers %s', async (_, answer) => {
    const { client, sent } = org({ 'POST /password/change-password': answer, 'PUT /password': () => json(201, {}) });
    await expect(changeMyPassword(client, 'oud-Wachtwoord-1', 'Zomer-Dak-2026')).rejects.toBeInstanceOf(MyAccountError);
    expect(sent.map((request) => request.method)).toEqual(['POST']);
  });

  it('resets with PUT /password and the new password alone, when asked to', async () => {
    const { client, sent } = org({ 'PUT /password': () => json(201, { id: 'pwd1', status: 'ACTIVE', _links: {} }) });
    await resetMyPassword(client, 'Zomer-Dak-2026');
    expect(sent.map(({ method, path, body }) => ({ method, path, body }))).toEqual([
      { method: 'PUT', path: '/password', body: { profile: { password: 'Zomer-Dak-2026' } } },
    ]);
  });

  it('says a refused reset in the org’s words', async () => {
    const { client } = org({
      'PUT /password': () =>
        json(400, {
          errorCode: 'E0000001',
          errorSummary: 'Api validation failed: password',
          errorCauses: [{ errorSummary: 'password: Password requirements were not met.' }],
        }),
    });
    const error = await resetMyPassword(client, 'kort').catch((failure: unknown) => failure);
    expect((error as MyAccountError).code).toBe('E0000001');
    expect((error as MyAccountError).causes).toEqual(['password: Password requirements were not met.']);
  });

  it.each([
    [
      'a wrong current password (400)',
      () => json(400, { errorCode: 'E0000001', errorSummary: 'Api validation failed: oldPassword', errorCauses: [] }),
      'E0000001',
    ],
    [
      'an authentication too old (403 with Okta’s challenge)',
      () =>
        json(
          403,
          { errorCode: 'E0000006', errorSummary: 'You do not have permission', errorCauses: [] },
          {
            'WWW-Authenticate':
              'Bearer realm="IdpMyAccountAPI", error="insufficient_authentication_context", error_description="x", max_age=900',
          },
        ),
      'recent_authentication',
    ],
  ])('does not reset the password when change-password refuses %s', async (_, answer, code) => {
    const { client, sent } = org({ 'POST /password/change-password': answer, 'PUT /password': () => json(201, {}) });
    const error = await changeMyPassword(client, 'verkeerd', 'Zomer-Dak-2026').catch((failure: unknown) => failure);
    expect((error as MyAccountError).code).toBe(code);
    expect(sent.map((request) => request.method)).toEqual(['POST']);
  });
});
