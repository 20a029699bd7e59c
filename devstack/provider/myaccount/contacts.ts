import type { Context, Hono } from 'hono';
import type { AccountServices } from '../accounts.ts';
import { jsonBody, link, oktaError, operation, requireScope, type MyAccountEnv, type MyAccountPolicy } from './http.ts';
import { randomId, type EmailAddress, type PhoneNumber, type ProviderUser } from '../user-store.ts';
import type { CodeCheck } from '../verification-codes.ts';
import { PHONE_CHALLENGE_INTERVAL_SECONDS } from '../../../src/myaccount/operations.lazy.ts';
import { OKTA_CAUSES as CAUSES } from './okta-answers.ts';

// My-account e-mail addresses and phone numbers, as Okta's MyAccount API
// has them. A new one starts UNVERIFIED; a challenge sends a six-digit code
// (to the local mailbox) and verifying it with the code makes it VERIFIED
// (an e-mail address answers 200, a phone number 204). A wrong code is 401
// E0000004. A verified PRIMARY address replaces the old primary address. A
// number already on the account is 409 E0000157 whatever its status, as at
// Okta: an unconfirmed one is confirmed by a new challenge to it, at most
// one every 30 seconds (429).

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const PHONE = /^\+?\d{8,15}$/;

const CODE_CAUSES: Record<Exclude<CodeCheck, 'verified' | 'unknown'>, string> = {
  wrong_code: CAUSES.wrongCode,
  expired_code: CAUSES.expiredCode,
  too_many_attempts: CAUSES.tooManyAttempts,
};

/** A code that does not confirm: 401 E0000004 with Okta's sentence (SPEC Error-VerifyPhoneEmail-Response-401). */
function codeFailure(c: Context, result: Exclude<CodeCheck, 'verified' | 'unknown'>) {
  return oktaError(c, 'wrongCode', [CODE_CAUSES[result]]);
}

const codeOf = (body: Record<string, unknown> | undefined) => (typeof body?.verificationCode === 'string' ? body.verificationCode : '');

export function registerContactRoutes(app: Hono<MyAccountEnv>, services: AccountServices, base: string, policy: MyAccountPolicy): void {
  const { users, codes, mailbox, clock } = services;
  const emailKey = (emailId: string, challengeId: string) => `email:${emailId}:${challengeId}`;
  const phoneKey = (phoneId: string) => `phone:${phoneId}`;
  /** The latest challenge per address, for the verify and poll links. */
  const openEmailChallenge = new Map<string, string>();

  const emailJson = (user: ProviderUser, email: EmailAddress) => {
    const self = `${base}/emails/${email.id}`;
    const challengeId = openEmailChallenge.get(email.id);
    const open = email.status === 'UNVERIFIED' && challengeId && codes.has(emailKey(email.id, challengeId), user.sub);
    return {
      id: email.id,
      status: email.status,
      roles: [email.role],
      profile: { email: email.address },
      _links: {
        self: link(self, 'GET', 'DELETE'),
        ...(email.status === 'UNVERIFIED' ? { challenge: link(`${self}/challenge`, 'POST') } : {}),
        ...(open
          ? { verify: link(`${self}/challenge/${challengeId}/verify`, 'POST'), poll: link(`${self}/challenge/${challengeId}`, 'GET') }
          : {}),
      },
    };
  };
  const phoneJson = (phone: PhoneNumber) => {
    const self = `${base}/phones/${phone.id}`;
    return {
      id: phone.id,
      status: phone.status,
      profile: { phoneNumber: phone.number },
      _links: {
        self: link(self, 'GET', 'DELETE'),
        ...(phone.status === 'UNVERIFIED' ? { challenge: link(`${self}/challenge`, 'POST'), verify: link(`${self}/verify`, 'POST') } : {}),
      },
    };
  };
  const emailNotFound = (c: Context, id: string) =>
    oktaError(c, 'notFound', [], `Not found: Resource not found: ${id} (IdpMyAccountEmail)`);
  const phoneNotFound = (c: Context) =>
    oktaError(c, 'phoneNotFound', ["This operation couldn't be completed as requested due to an issue with the specified authenticator."]);
  const findEmail = (c: Context<MyAccountEnv>) => c.get('user').emails.find((e) => e.id === c.req.param('id'));
  const findPhone = (c: Context<MyAccountEnv>) => c.get('user').phones.find((p) => p.id === c.req.param('id'));

  /** A challenge with a code, mailed to the address: the latest one is the address's open challenge. */
  const sendEmailCode = (user: ProviderUser, email: EmailAddress) => {
    const challengeId = randomId('chl');
    const { code, expiresAt } = codes.issue(emailKey(email.id, challengeId), user.sub);
    openEmailChallenge.set(email.id, challengeId);
    mailbox.send({
      to: email.address,
      channel: 'email',
      subject: 'Je verificatiecode',
      text: `Je code om dit e-mailadres te bevestigen: ${code}\nDe code is 5 minuten geldig.`,
      code,
    });
    return { challengeId, expiresAt };
  };

  app.get('/emails', requireScope('email', 'read'), (c) => c.json(c.get('user').emails.map((e) => emailJson(c.get('user'), e))));

  operation(app, policy, 'createEmail', async (c) => {
    const user = c.get('user');
    const body = await jsonBody(c);
    const profile = body?.profile as Record<string, unknown> | undefined;
    const address = typeof profile?.email === 'string' ? profile.email.trim() : '';
    const role = body?.role ?? 'SECONDARY';
    if (!EMAIL.test(address) || address.length > 254)
      return oktaError(c, 'validation', [CAUSES.invalidEmail], 'Api validation failed: email');
    if (role !== 'PRIMARY' && role !== 'SECONDARY')
      return oktaError(c, 'validation', [`Invalid role ${String(role)} in the request.`], 'Api validation failed: role');
    if (user.emails.some((e) => e.address.toLowerCase() === address.toLowerCase()))
      return oktaError(c, 'conflict', [CAUSES.emailExists(address)]);
    const email: EmailAddress = { id: randomId('eml'), address, role, status: 'UNVERIFIED' };
    user.emails.push(email);
    users.touch(user);
    // sendEmail (default true at Okta): Okta mails the address itself at once, a code of a challenge of its own.
    if (body?.sendEmail !== false) sendEmailCode(user, email);
    return c.json(emailJson(user, email), 201);
  });

  app.get('/emails/:id', requireScope('email', 'read'), (c) => {
    const email = findEmail(c);
    return email ? c.json(emailJson(c.get('user'), email)) : emailNotFound(c, c.req.param('id') ?? '');
  });

  app.delete('/emails/:id', requireScope('email', 'manage'), (c) => {
    const user = c.get('user');
    const email = findEmail(c);
    if (!email) return emailNotFound(c, c.req.param('id') ?? '');
    if (email.role === 'PRIMARY' && email.status === 'VERIFIED')
      return oktaError(c, 'notAllowed', ['The primary email cannot be deleted.']);
    user.emails = user.emails.filter((e) => e !== email);
    users.touch(user);
    return c.body(null, 204);
  });

  operation(app, policy, 'challengeEmail', (c) => {
    const user = c.get('user');
    const email = findEmail(c);
    if (!email) return emailNotFound(c, c.req.param('id') ?? '');
    if (email.status === 'VERIFIED') return oktaError(c, 'notAllowed', ['This email address is already verified.']);
    const { challengeId, expiresAt } = sendEmailCode(user, email);
    const self = `${base}/emails/${email.id}/challenge/${challengeId}`;
    return c.json(
      {
        id: challengeId,
        status: 'UNVERIFIED',
        expiresAt: new Date(expiresAt).toISOString(),
        profile: { email: email.address },
        _links: { verify: link(`${self}/verify`, 'POST'), poll: link(self, 'GET') },
      },
      201,
    );
  });

  app.get('/emails/:id/challenge/:challengeId', requireScope('email', 'read'), (c) => {
    const email = findEmail(c);
    const challengeId = c.req.param('challengeId');
    if (!email || openEmailChallenge.get(email.id) !== challengeId) return emailNotFound(c, challengeId);
    return c.json({
      id: challengeId,
      status: email.status,
      _links: { self: link(`${base}/emails/${email.id}/challenge/${challengeId}`, 'GET') },
    });
  });

  operation(app, policy, 'verifyEmail', async (c) => {
    const user = c.get('user');
    const email = findEmail(c);
    if (!email) return emailNotFound(c, c.req.param('id') ?? '');
    const challengeId = c.req.param('challengeId') ?? '';
    const result = codes.check(emailKey(email.id, challengeId), user.sub, codeOf(await jsonBody(c)));
    if (result === 'unknown') return emailNotFound(c, challengeId);
    if (result !== 'verified') return codeFailure(c, result);
    if (email.role === 'PRIMARY') {
      const owner = users.findByLogin(email.address);
      if (owner && owner !== user) return oktaError(c, 'conflict', [CAUSES.emailExists(email.address)]);
      user.emails = user.emails.filter((e) => e === email || e.role !== 'PRIMARY');
      user.email = email.address;
    }
    email.status = 'VERIFIED';
    users.touch(user);
    return c.body(null, 200);
  });

  operation(app, policy, 'listPhones', (c) => c.json(c.get('user').phones.map(phoneJson)));

  /** When each number last got a code, by the provider's clock: a new one only after 30 s. */
  const lastCode = new Map<string, number>();
  const sendPhoneCode = (user: ProviderUser, phone: PhoneNumber, method: string) => {
    const { code } = codes.issue(phoneKey(phone.id), user.sub);
    lastCode.set(phone.id, clock());
    const subject = method === 'CALL' ? 'Spraakoproep met je verificatiecode' : 'Je verificatiecode';
    mailbox.send({
      to: phone.number,
      channel: 'sms',
      subject,
      text: `Je code om dit telefoonnummer te bevestigen: ${code}. De code is 5 minuten geldig.`,
      code,
    });
  };
  const methodOf = (value: unknown) => (value === 'SMS' || value === 'CALL' ? value : undefined);
  const badMethod = (c: Context, value: unknown) =>
    oktaError(c, 'validation', [CAUSES.invalidMethod(String(value))], 'Api validation failed: Method');

  operation(app, policy, 'createPhone', async (c) => {
    const user = c.get('user');
    const body = await jsonBody(c);
    const profile = body?.profile as Record<string, unknown> | undefined;
    const number = typeof profile?.phoneNumber === 'string' ? profile.phoneNumber.replace(/[\s().-]/g, '') : '';
    if (!PHONE.test(number)) {
      return oktaError(
        c,
        'validation',
        [CAUSES.invalidPhone],
        'Api validation failed: Error type: NOT_A_NUMBER. The string supplied did not seem to be a phone number.',
      );
    }
    const method = body?.method === undefined ? 'SMS' : methodOf(body.method);
    if (!method) return badMethod(c, body?.method);
    // Okta's rule: a number on the account, confirmed or not, is a conflict.
    if (user.phones.some((p) => p.number === number))
      return oktaError(c, 'conflict', [CAUSES.phoneExists], `Another authenticator with key: ${number} is already active.`);
    const phone: PhoneNumber = { id: randomId('sms'), number, status: 'UNVERIFIED' };
    user.phones.push(phone);
    users.touch(user);
    if (body?.sendCode === true) sendPhoneCode(user, phone, method);
    return c.json(phoneJson(phone), 201);
  });

  app.get('/phones/:id', requireScope('phone', 'read'), (c) => {
    const phone = findPhone(c);
    return phone ? c.json(phoneJson(phone)) : phoneNotFound(c);
  });

  app.delete('/phones/:id', requireScope('phone', 'manage'), (c) => {
    const user = c.get('user');
    const phone = findPhone(c);
    if (!phone) return phoneNotFound(c);
    user.phones = user.phones.filter((p) => p !== phone);
    users.touch(user);
    return c.body(null, 204);
  });

  operation(app, policy, 'challengePhone', async (c) => {
    const phone = findPhone(c);
    if (!phone) return phoneNotFound(c);
    if (phone.status === 'VERIFIED') return oktaError(c, 'notAllowed', ['This phone number is already verified.']);
    const body = await jsonBody(c);
    const method = methodOf(body?.method);
    if (!method) return badMethod(c, body?.method);
    const last = lastCode.get(phone.id);
    if (last !== undefined && clock() - last < PHONE_CHALLENGE_INTERVAL_SECONDS * 1000) return oktaError(c, 'tooSoon', [CAUSES.tooSoon]);
    sendPhoneCode(c.get('user'), phone, method);
    return c.json({ _links: { verify: link(`${base}/phones/${phone.id}/verify`, 'POST') } });
  });

  operation(app, policy, 'verifyPhone', async (c) => {
    const user = c.get('user');
    const phone = findPhone(c);
    if (!phone) return phoneNotFound(c);
    const result = codes.check(phoneKey(phone.id), user.sub, codeOf(await jsonBody(c)));
    if (result === 'unknown')
      return oktaError(c, 'conflict', [CAUSES.noTransaction], 'Another authenticator with key: transactionHandle is already active.');
    if (result !== 'verified') return codeFailure(c, result);
    phone.status = 'VERIFIED';
    users.touch(user);
    return c.body(null, 204);
  });
}
