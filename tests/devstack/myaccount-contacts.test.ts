import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { waitForMail } from './helpers/mailbox.ts';
import { callMyAccount, myAccountToken, myAccountUrl } from './helpers/myaccount.ts';
import { signIn } from './helpers/sign-in.ts';
import { startTestStack, type TestStack } from './helpers/test-stack.ts';
import { CAUSES } from '../../src/myaccount/operations.lazy.ts';

// E-mail addresses and phone numbers at the my-account API: add, challenge
// (a code in the local mailbox), verify, delete. The account clock is moved
// by hand to expire codes.

let stack: TestStack;
let now = Date.parse('2026-03-02T08:00:00Z');
beforeAll(async () => {
  stack = await startTestStack({ accountClock: () => now });
});
afterAll(() => stack.stop());

const EMAIL_SCOPES = ['okta.myAccount.email.manage'];
const PHONE_SCOPES = ['okta.myAccount.phone.manage'];

describe('my-account e-mail addresses', () => {
  it('lists the verified primary address', async () => {
    const token = await myAccountToken(stack.urls, 'admin', ['okta.myAccount.email.read']);
    const { status, body } = await callMyAccount(stack.urls, token, 'GET', '/emails');
    expect(status).toBe(200);
    expect(body).toEqual([
      {
        id: expect.any(String),
        status: 'VERIFIED',
        roles: ['PRIMARY'],
        profile: { email: 'admin@isolatie.local' },
        _links: { self: { href: `${myAccountUrl(stack.urls)}/emails/${body[0].id}`, hints: { allow: ['GET', 'DELETE'] } } },
      },
    ]);
  });

  it('adds a secondary address, verifies it with the mailed code, and deletes it', async () => {
    const token = await myAccountToken(stack.urls, 'admin', EMAIL_SCOPES);
    const added = await callMyAccount(stack.urls, token, 'POST', '/emails', {
      profile: { email: 'beheer@isolatie.local' },
      sendEmail: true,
      role: 'SECONDARY',
    });
    expect(added.status).toBe(201);
    expect(added.body).toMatchObject({ status: 'UNVERIFIED', roles: ['SECONDARY'], profile: { email: 'beheer@isolatie.local' } });
    const id = added.body.id;

    const challenge = await callMyAccount(stack.urls, token, 'POST', `/emails/${id}/challenge`);
    expect(challenge.status).toBe(201);
    expect(challenge.body).toMatchObject({ status: 'UNVERIFIED', profile: { email: 'beheer@isolatie.local' } });
    expect(Date.parse(challenge.body.expiresAt) - now).toBe(5 * 60_000);
    const verifyHref: string = challenge.body._links.verify.href;
    expect(verifyHref).toBe(`${myAccountUrl(stack.urls)}/emails/${id}/challenge/${challenge.body.id}/verify`);

    const mail = await waitForMail(stack.urls, 'beheer@isolatie.local', /verificatiecode/);
    expect(mail.code).toMatch(/^\d{6}$/);
    const wrong = await callMyAccount(stack.urls, token, 'POST', `/emails/${id}/challenge/${challenge.body.id}/verify`, {
      verificationCode: mail.code === '000000' ? '111111' : '000000',
    });
    expect(wrong.status).toBe(401);
    expect(wrong.body).toMatchObject({ errorCode: 'E0000004', errorCauses: [{ errorSummary: CAUSES.wrongCode }] });
    const right = await callMyAccount(stack.urls, token, 'POST', `/emails/${id}/challenge/${challenge.body.id}/verify`, {
      verificationCode: mail.code,
    });
    expect(right.status).toBe(200);
    expect((await callMyAccount(stack.urls, token, 'GET', `/emails/${id}`)).body.status).toBe('VERIFIED');
    // A code works once.
    const again = await callMyAccount(stack.urls, token, 'POST', `/emails/${id}/challenge/${challenge.body.id}/verify`, {
      verificationCode: mail.code,
    });
    expect(again.status).toBe(404);

    expect((await callMyAccount(stack.urls, token, 'DELETE', `/emails/${id}`)).status).toBe(204);
    expect((await callMyAccount(stack.urls, token, 'GET', `/emails/${id}`)).status).toBe(404);
  });

  it('refuses a code after five minutes', async () => {
    const token = await myAccountToken(stack.urls, 'monteur', EMAIL_SCOPES);
    const { body: email } = await callMyAccount(stack.urls, token, 'POST', '/emails', {
      profile: { email: 'piet@thuis.local' },
      role: 'SECONDARY',
    });
    const { body: challenge } = await callMyAccount(stack.urls, token, 'POST', `/emails/${email.id}/challenge`);
    const mail = await waitForMail(stack.urls, 'piet@thuis.local', /verificatiecode/);
    now += 5 * 60_000;
    const late = await callMyAccount(stack.urls, token, 'POST', `/emails/${email.id}/challenge/${challenge.id}/verify`, {
      verificationCode: mail.code,
    });
    expect(late.status).toBe(401);
    expect(late.body).toMatchObject({ errorCode: 'E0000004', errorCauses: [{ errorSummary: CAUSES.expiredCode }] });
  });

  it('spends a challenge after five wrong codes', async () => {
    const token = await myAccountToken(stack.urls, 'monteur', EMAIL_SCOPES);
    const { body: email } = await callMyAccount(stack.urls, token, 'POST', '/emails', {
      profile: { email: 'piet@werk.local' },
      role: 'SECONDARY',
    });
    const { body: challenge } = await callMyAccount(stack.urls, token, 'POST', `/emails/${email.id}/challenge`);
    const { code } = await waitForMail(stack.urls, 'piet@werk.local', /verificatiecode/);
    const wrongCode = code === '123456' ? '654321' : '123456';
    const verify = (verificationCode: string) =>
      callMyAccount(stack.urls, token, 'POST', `/emails/${email.id}/challenge/${challenge.id}/verify`, { verificationCode });
    const codes = [];
    for (let i = 0; i < 5; i++) codes.push((await verify(wrongCode)).body.errorCauses[0].errorSummary);
    expect(codes).toEqual([CAUSES.wrongCode, CAUSES.wrongCode, CAUSES.wrongCode, CAUSES.wrongCode, CAUSES.tooManyAttempts]);
    expect((await verify(code!)).body.errorCauses[0].errorSummary).toBe(CAUSES.tooManyAttempts);
  });

  it('makes a verified new primary address the sign-in e-mail, and keeps the primary from being deleted', async () => {
    const token = await myAccountToken(stack.urls, 'vreemde', EMAIL_SCOPES);
    const list = (await callMyAccount(stack.urls, token, 'GET', '/emails')).body;
    const refused = await callMyAccount(stack.urls, token, 'DELETE', `/emails/${list[0].id}`);
    expect(refused.status).toBe(403);
    expect(refused.body.errorCode).toBe('E0000038');

    const { body: email } = await callMyAccount(stack.urls, token, 'POST', '/emails', {
      profile: { email: 'vera@isolatie.local' },
      role: 'PRIMARY',
    });
    const { body: challenge } = await callMyAccount(stack.urls, token, 'POST', `/emails/${email.id}/challenge`);
    const { code } = await waitForMail(stack.urls, 'vera@isolatie.local', /verificatiecode/);
    const verified = await callMyAccount(stack.urls, token, 'POST', `/emails/${email.id}/challenge/${challenge.id}/verify`, {
      verificationCode: code,
    });
    expect(verified.status).toBe(200);
    const after = (await callMyAccount(stack.urls, token, 'GET', '/emails')).body;
    expect(after.map((e: { profile: { email: string }; roles: string[] }) => [e.profile.email, e.roles])).toEqual([
      ['vera@isolatie.local', ['PRIMARY']],
    ]);
    expect((await signIn(stack.urls, 'vreemde')).idTokenClaims.email).toBe('vera@isolatie.local');
  });

  it('refuses a malformed address and one already on the account', async () => {
    const token = await myAccountToken(stack.urls, 'admin', EMAIL_SCOPES);
    const bad = await callMyAccount(stack.urls, token, 'POST', '/emails', { profile: { email: 'geen-adres' }, role: 'SECONDARY' });
    expect(bad.body).toMatchObject({ errorCode: 'E0000001', errorCauses: [{ errorSummary: CAUSES.invalidEmail }] });
    const twice = await callMyAccount(stack.urls, token, 'POST', '/emails', {
      profile: { email: 'ADMIN@isolatie.local' },
      role: 'SECONDARY',
    });
    expect(twice.status).toBe(409);
    expect(twice.body).toMatchObject({
      errorCode: 'E0000157',
      errorCauses: [{ errorSummary: CAUSES.emailExists('ADMIN@isolatie.local') }],
    });
  });
});

describe('my-account phone numbers', () => {
  it('adds a number, texts a code on request and verifies it', async () => {
    const token = await myAccountToken(stack.urls, 'monteur', PHONE_SCOPES);
    const added = await callMyAccount(stack.urls, token, 'POST', '/phones', {
      profile: { phoneNumber: '+31 6 1234 5678' },
      sendCode: false,
      method: 'SMS',
    });
    expect(added.status).toBe(201);
    expect(added.body).toMatchObject({ status: 'UNVERIFIED', profile: { phoneNumber: '+31612345678' } });
    const id = added.body.id;

    const challenge = await callMyAccount(stack.urls, token, 'POST', `/phones/${id}/challenge`, { method: 'SMS', retry: false });
    expect(challenge.status).toBe(200);
    expect(challenge.body._links.verify.href).toBe(`${myAccountUrl(stack.urls)}/phones/${id}/verify`);
    const text = await waitForMail(stack.urls, '+31612345678', /verificatiecode/);
    expect(text.channel).toBe('sms');

    const verified = await callMyAccount(stack.urls, token, 'POST', `/phones/${id}/verify`, { verificationCode: text.code });
    expect(verified.status).toBe(204);
    const list = (await callMyAccount(stack.urls, token, 'GET', '/phones')).body;
    expect(list).toEqual([
      {
        id,
        status: 'VERIFIED',
        profile: { phoneNumber: '+31612345678' },
        _links: { self: { href: `${myAccountUrl(stack.urls)}/phones/${id}`, hints: { allow: ['GET', 'DELETE'] } } },
      },
    ]);
    expect((await callMyAccount(stack.urls, token, 'DELETE', `/phones/${id}`)).status).toBe(204);
    expect((await callMyAccount(stack.urls, token, 'GET', '/phones')).body).toEqual([]);
  });

  it('sends the code at once with sendCode and expires it after five minutes', async () => {
    const token = await myAccountToken(stack.urls, 'admin', PHONE_SCOPES);
    const { body: phone } = await callMyAccount(stack.urls, token, 'POST', '/phones', {
      profile: { phoneNumber: '0201234567' },
      sendCode: true,
      method: 'CALL',
    });
    const call = await waitForMail(stack.urls, '0201234567', /Spraakoproep/);
    now += 5 * 60_000 + 1;
    const late = await callMyAccount(stack.urls, token, 'POST', `/phones/${phone.id}/verify`, { verificationCode: call.code });
    expect(late.body).toMatchObject({ errorCode: 'E0000004', errorCauses: [{ errorSummary: CAUSES.expiredCode }] });
  });

  it('refuses a malformed number and a method other than SMS or CALL', async () => {
    const token = await myAccountToken(stack.urls, 'admin', PHONE_SCOPES);
    const bad = await callMyAccount(stack.urls, token, 'POST', '/phones', { profile: { phoneNumber: 'bel me' }, method: 'SMS' });
    expect(bad.body).toMatchObject({ errorCode: 'E0000001', errorCauses: [{ errorSummary: CAUSES.invalidPhone }] });
    const pigeon = await callMyAccount(stack.urls, token, 'POST', '/phones', { profile: { phoneNumber: '+31201234567' }, method: 'DUIF' });
    expect(pigeon.body).toMatchObject({ errorCode: 'E0000001', errorCauses: [{ errorSummary: CAUSES.invalidMethod('DUIF') }] });
  });
});
