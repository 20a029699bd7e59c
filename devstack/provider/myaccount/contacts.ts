import type { Context, Hono } from 'hono';
import type { AccountServices } from '../accounts.ts';
import { badBody, jsonBody, link, oktaError, requireScope, type MyAccountEnv } from './http.ts';
import { randomId, type EmailAddress, type PhoneNumber, type ProviderUser } from '../user-store.ts';
import type { CodeCheck } from '../verification-codes.ts';

// My-account e-mail addresses and phone numbers, in the shapes of Okta's
// MyAccount API. A new one starts UNVERIFIED; a challenge sends a six-digit
// code (to the local mailbox) and verifying it with the code makes it
// VERIFIED. A verified PRIMARY address replaces the old primary address.

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const PHONE = /^\+?\d{8,15}$/;

const CODE_ERRORS: Record<Exclude<CodeCheck, 'verified' | 'unknown'>, string> = {
  wrong_code: 'De code klopt niet.',
  expired_code: 'De code is verlopen. Vraag een nieuwe code aan.',
  too_many_attempts: 'Te vaak een verkeerde code ingevoerd. Vraag een nieuwe code aan.',
};

function codeFailure(c: Context, result: Exclude<CodeCheck, 'verified'>) {
  if (result === 'unknown') return oktaError(c, 404, 'not_found', 'Er is geen openstaande code om te controleren.');
  return oktaError(c, 400, result, CODE_ERRORS[result], [{ errorSummary: CODE_ERRORS[result], property: 'verificationCode', reason: result }]);
}

const codeOf = (body: Record<string, unknown> | undefined) => (typeof body?.verificationCode === 'string' ? body.verificationCode : '');

export function registerContactRoutes(app: Hono<MyAccountEnv>, services: AccountServices, base: string): void {
  const { users, codes, mailbox } = services;
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
        ...(open ? { verify: link(`${self}/challenge/${challengeId}/verify`, 'POST'), poll: link(`${self}/challenge/${challengeId}`, 'GET') } : {}),
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
  const notFound = (c: Context, what: string) => oktaError(c, 404, 'not_found', `${what} bestaat niet (meer).`);
  const findEmail = (c: Context<MyAccountEnv>) => c.get('user').emails.find((e) => e.id === c.req.param('id'));
  const findPhone = (c: Context<MyAccountEnv>) => c.get('user').phones.find((p) => p.id === c.req.param('id'));

  app.get('/emails', requireScope('email', 'read'), (c) => c.json(c.get('user').emails.map((e) => emailJson(c.get('user'), e))));

  app.post('/emails', requireScope('email', 'manage'), async (c) => {
    const user = c.get('user');
    const body = await jsonBody(c);
    const profile = body?.profile as Record<string, unknown> | undefined;
    const address = typeof profile?.email === 'string' ? profile.email.trim() : '';
    const role = body?.role ?? 'SECONDARY';
    if (!EMAIL.test(address) || address.length > 254) return badBody(c, [{ errorSummary: 'Vul een geldig e-mailadres in.', property: 'profile.email', reason: 'invalid_email' }]);
    if (role !== 'PRIMARY' && role !== 'SECONDARY') return badBody(c, [{ errorSummary: 'role is PRIMARY of SECONDARY.', property: 'role', reason: 'invalid_role' }]);
    if (user.emails.some((e) => e.address.toLowerCase() === address.toLowerCase())) {
      return oktaError(c, 409, 'already_exists', 'Dit e-mailadres staat al bij je account.');
    }
    // sendEmail is accepted for Okta's sake; the code goes out on POST .../challenge.
    const email: EmailAddress = { id: randomId('eml'), address, role, status: 'UNVERIFIED' };
    user.emails.push(email);
    users.touch(user);
    return c.json(emailJson(user, email), 201);
  });

  app.get('/emails/:id', requireScope('email', 'read'), (c) => {
    const email = findEmail(c);
    return email ? c.json(emailJson(c.get('user'), email)) : notFound(c, 'Dit e-mailadres');
  });

  app.delete('/emails/:id', requireScope('email', 'manage'), (c) => {
    const user = c.get('user');
    const email = findEmail(c);
    if (!email) return notFound(c, 'Dit e-mailadres');
    if (email.role === 'PRIMARY' && email.status === 'VERIFIED') {
      return oktaError(c, 400, 'cannot_delete_primary', 'Het primaire e-mailadres kan niet worden verwijderd; vervang het door een nieuw primair adres.');
    }
    user.emails = user.emails.filter((e) => e !== email);
    users.touch(user);
    return c.body(null, 204);
  });

  app.post('/emails/:id/challenge', requireScope('email', 'manage'), (c) => {
    const user = c.get('user');
    const email = findEmail(c);
    if (!email) return notFound(c, 'Dit e-mailadres');
    if (email.status === 'VERIFIED') return oktaError(c, 400, 'already_verified', 'Dit e-mailadres is al bevestigd.');
    const challengeId = randomId('chl');
    const { code, expiresAt } = codes.issue(emailKey(email.id, challengeId), user.sub);
    openEmailChallenge.set(email.id, challengeId);
    mailbox.send({ to: email.address, channel: 'email', subject: 'Je verificatiecode', text: `Je code om dit e-mailadres te bevestigen: ${code}\nDe code is 5 minuten geldig.`, code });
    const self = `${base}/emails/${email.id}/challenge/${challengeId}`;
    return c.json(
      { id: challengeId, status: 'UNVERIFIED', expiresAt: new Date(expiresAt).toISOString(), profile: { email: email.address }, _links: { verify: link(`${self}/verify`, 'POST'), poll: link(self, 'GET') } },
      201,
    );
  });

  app.get('/emails/:id/challenge/:challengeId', requireScope('email', 'read'), (c) => {
    const email = findEmail(c);
    const challengeId = c.req.param('challengeId');
    if (!email || openEmailChallenge.get(email.id) !== challengeId) return notFound(c, 'Deze controle');
    return c.json({ id: challengeId, status: email.status, _links: { self: link(`${base}/emails/${email.id}/challenge/${challengeId}`, 'GET') } });
  });

  app.post('/emails/:id/challenge/:challengeId/verify', requireScope('email', 'manage'), async (c) => {
    const user = c.get('user');
    const email = findEmail(c);
    if (!email) return notFound(c, 'Dit e-mailadres');
    const result = codes.check(emailKey(email.id, c.req.param('challengeId')), user.sub, codeOf(await jsonBody(c)));
    if (result !== 'verified') return codeFailure(c, result);
    if (email.role === 'PRIMARY') {
      const owner = users.findByLogin(email.address);
      if (owner && owner !== user) return oktaError(c, 409, 'already_exists', 'Dit e-mailadres hoort al bij een ander account.');
      user.emails = user.emails.filter((e) => e === email || e.role !== 'PRIMARY');
      user.email = email.address;
    }
    email.status = 'VERIFIED';
    users.touch(user);
    return c.body(null, 204);
  });

  app.get('/phones', requireScope('phone', 'read'), (c) => c.json(c.get('user').phones.map(phoneJson)));

  const sendPhoneCode = (user: ProviderUser, phone: PhoneNumber, method: string) => {
    const { code } = codes.issue(phoneKey(phone.id), user.sub);
    const subject = method === 'CALL' ? 'Spraakoproep met je verificatiecode' : 'Je verificatiecode';
    mailbox.send({ to: phone.number, channel: 'sms', subject, text: `Je code om dit telefoonnummer te bevestigen: ${code}. De code is 5 minuten geldig.`, code });
  };
  const methodOf = (value: unknown) => (value === undefined ? 'SMS' : value === 'SMS' || value === 'CALL' ? value : undefined);
  const badMethod = (c: Context) => badBody(c, [{ errorSummary: 'method is SMS of CALL.', property: 'method', reason: 'invalid_method' }]);

  app.post('/phones', requireScope('phone', 'manage'), async (c) => {
    const user = c.get('user');
    const body = await jsonBody(c);
    const profile = body?.profile as Record<string, unknown> | undefined;
    const number = typeof profile?.phoneNumber === 'string' ? profile.phoneNumber.replace(/[\s().-]/g, '') : '';
    if (!PHONE.test(number)) return badBody(c, [{ errorSummary: 'Vul een geldig telefoonnummer in, bijvoorbeeld +31612345678.', property: 'profile.phoneNumber', reason: 'invalid_phone' }]);
    const method = methodOf(body?.method);
    if (!method) return badMethod(c);
    if (user.phones.some((p) => p.number === number)) return oktaError(c, 409, 'already_exists', 'Dit telefoonnummer staat al bij je account.');
    const phone: PhoneNumber = { id: randomId('sms'), number, status: 'UNVERIFIED' };
    user.phones.push(phone);
    users.touch(user);
    if (body?.sendCode === true) sendPhoneCode(user, phone, method);
    return c.json(phoneJson(phone), 201);
  });

  app.get('/phones/:id', requireScope('phone', 'read'), (c) => {
    const phone = findPhone(c);
    return phone ? c.json(phoneJson(phone)) : notFound(c, 'Dit telefoonnummer');
  });

  app.delete('/phones/:id', requireScope('phone', 'manage'), (c) => {
    const user = c.get('user');
    const phone = findPhone(c);
    if (!phone) return notFound(c, 'Dit telefoonnummer');
    user.phones = user.phones.filter((p) => p !== phone);
    users.touch(user);
    return c.body(null, 204);
  });

  app.post('/phones/:id/challenge', requireScope('phone', 'manage'), async (c) => {
    const phone = findPhone(c);
    if (!phone) return notFound(c, 'Dit telefoonnummer');
    if (phone.status === 'VERIFIED') return oktaError(c, 400, 'already_verified', 'Dit telefoonnummer is al bevestigd.');
    const method = methodOf((await jsonBody(c))?.method);
    if (!method) return badMethod(c);
    sendPhoneCode(c.get('user'), phone, method);
    return c.json({ _links: { verify: link(`${base}/phones/${phone.id}/verify`, 'POST') } });
  });

  app.post('/phones/:id/verify', requireScope('phone', 'manage'), async (c) => {
    const user = c.get('user');
    const phone = findPhone(c);
    if (!phone) return notFound(c, 'Dit telefoonnummer');
    const result = codes.check(phoneKey(phone.id), user.sub, codeOf(await jsonBody(c)));
    if (result !== 'verified') return codeFailure(c, result);
    phone.status = 'VERIFIED';
    users.touch(user);
    return c.body(null, 204);
  });
}
