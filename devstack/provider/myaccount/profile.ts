import type { Hono } from 'hono';
import type { AccountServices } from '../accounts.ts';
import { jsonBody, link, oktaError, operation, requireScope, type MyAccountEnv, type MyAccountPolicy } from './http.ts';
import { passwordProblems, MIN_PASSWORD_LENGTH } from '../password-policy.ts';
import type { ProviderUser } from '../user-store.ts';
import { OKTA_CAUSES as CAUSES } from './okta-answers.ts';

// My-account profile and password, as Okta's MyAccount API has them:
// GET/PUT /profile (PUT validates the whole profile: every attribute GET
// returns must come back, optional ones as null, read-only ones unchanged),
// GET /profile/schema, GET /password, POST /password/change-password (the
// current password checked) and PUT /password (a reset: 201 with the
// password's status, the current password not asked).

const MAX_NAME = 50;

/** Editable: first and last name, and the optional mobile phone. The e-mail address changes through /emails; the login never. */
const SCHEMA = {
  firstName: { title: 'First name', type: 'string', required: true, minLength: 1, maxLength: MAX_NAME, mutability: 'READ_WRITE' },
  lastName: { title: 'Last name', type: 'string', required: true, minLength: 1, maxLength: MAX_NAME, mutability: 'READ_WRITE' },
  email: { title: 'Primary email', type: 'string', format: 'email', required: true, mutability: 'READ_ONLY' },
  login: { title: 'Username', type: 'string', required: true, mutability: 'READ_ONLY' },
  mobilePhone: { title: 'Mobile phone', type: 'string', required: false, maxLength: 100, mutability: 'READ_WRITE' },
} as const;
type Property = keyof typeof SCHEMA;
const PROPERTIES = Object.keys(SCHEMA) as Property[];

/** The rules of the local policy, in the words of Okta's requirement list. */
const PASSWORD_REQUIREMENTS = `at least ${MIN_PASSWORD_LENGTH} characters, no parts of your username, not a commonly used password. Your password cannot be your current password`;

export function registerProfileRoutes(app: Hono<MyAccountEnv>, services: AccountServices, base: string, policy: MyAccountPolicy): void {
  const { users, mailbox } = services;
  /** The optional attribute, kept here by the person's sub: the accounts themselves know no mobile phone. */
  const mobilePhones = new Map<string, string>();

  const profileOf = (user: ProviderUser): Record<Property, string | null> => ({
    firstName: user.givenName,
    lastName: user.familyName,
    email: user.email,
    login: user.userName,
    mobilePhone: mobilePhones.get(user.sub) ?? null,
  });
  const profileJson = (user: ProviderUser) => ({
    createdAt: user.created,
    modifiedAt: user.lastUpdated,
    profile: profileOf(user),
    _links: { self: link(`${base}/profile`, 'GET', 'PUT'), describedBy: link(`${base}/profile/schema`, 'GET') },
  });

  operation(app, policy, 'getProfile', (c) => c.json(profileJson(c.get('user'))));

  app.get('/profile/schema', requireScope('profile', 'read'), (c) =>
    c.json({ _links: { self: link(`${base}/profile/schema`, 'GET') }, properties: SCHEMA }),
  );

  operation(app, policy, 'updateProfile', async (c) => {
    const user = c.get('user');
    const profile = (await jsonBody(c))?.profile;
    if (typeof profile !== 'object' || profile === null || Array.isArray(profile))
      return oktaError(c, 'validation', PROPERTIES.map(CAUSES.missingProperty));
    const values = profile as Record<string, unknown>;
    const current = profileOf(user);
    const causes: string[] = [];
    for (const property of Object.keys(values)) if (!(property in SCHEMA)) causes.push(CAUSES.unknownProperty(property));
    for (const property of PROPERTIES) {
      const value = values[property];
      if (value === undefined) causes.push(CAUSES.missingProperty(property));
      else if (value !== null && typeof value !== 'string') causes.push(`Invalid value data type for property '${property}'`);
      else if (SCHEMA[property].mutability === 'READ_ONLY') {
        if (value !== current[property]) causes.push(CAUSES.readOnlyProperty(property));
      } else if (SCHEMA[property].required && !value?.trim()) causes.push(CAUSES.blank(property));
      else if (value && value.trim().length > (SCHEMA[property].maxLength ?? Infinity)) causes.push(CAUSES.tooLong(property));
    }
    if (causes.length) return oktaError(c, 'validation', causes);
    user.givenName = (values.firstName as string).trim();
    user.familyName = (values.lastName as string).trim();
    if (typeof values.mobilePhone === 'string' && values.mobilePhone.trim()) mobilePhones.set(user.sub, values.mobilePhone.trim());
    else mobilePhones.delete(user.sub);
    users.touch(user);
    return c.json(profileJson(user));
  });

  const passwordJson = (user: ProviderUser) => ({
    id: `pwd${user.sub}`,
    status: 'ACTIVE',
    created: user.created,
    lastUpdated: user.passwordChanged,
    _links: { self: link(`${base}/password`, 'GET', 'PUT') },
  });
  const passwordChanged = (user: ProviderUser, newPassword: string) => {
    users.setPassword(user, users.hash(newPassword));
    mailbox.send({
      to: user.email,
      channel: 'email',
      subject: 'Je wachtwoord is gewijzigd',
      text: 'Het wachtwoord van je account is zojuist gewijzigd via Mijn account. Was jij dit niet? Neem dan contact op met de beheerder.',
    });
  };

  app.get('/password', requireScope('password', 'read'), (c) => c.json(passwordJson(c.get('user'))));

  operation(app, policy, 'replacePassword', async (c) => {
    const user = c.get('user');
    const profile = (await jsonBody(c))?.profile as Record<string, unknown> | undefined;
    const password = typeof profile?.password === 'string' ? profile.password : '';
    if (!password) return oktaError(c, 'validation', [CAUSES.blank('password')], 'Api validation failed: password');
    if (passwordProblems(password, user.userName).length || users.checkPassword(user, password)) {
      return oktaError(c, 'validation', [CAUSES.weakPassword(PASSWORD_REQUIREMENTS)], 'Api validation failed: password');
    }
    passwordChanged(user, password);
    return c.json(passwordJson(user), 201);
  });

  operation(app, policy, 'changePassword', async (c) => {
    // An org without the limited-availability operation: Okta's published answer (SPEC Error-IdpMyAccountNotEnabled-Response-401).
    if (policy.changePassword === false) return oktaError(c, 'notEnabled');
    const user = c.get('user');
    const body = await jsonBody(c);
    const oldPassword = typeof body?.oldPassword === 'string' ? body.oldPassword : '';
    const newPassword = typeof body?.newPassword === 'string' ? body.newPassword : '';
    const missing = (['oldPassword', 'newPassword'] as const).filter((p) => !(p === 'oldPassword' ? oldPassword : newPassword));
    if (missing.length) return oktaError(c, 'validation', missing.map(CAUSES.blank), 'Api validation failed: password');
    // The scrypt check of the current password runs before anything else is said about the request.
    if (!users.checkPassword(user, oldPassword))
      return oktaError(c, 'validation', [CAUSES.wrongOldPassword], 'Api validation failed: oldPassword');
    if (passwordProblems(newPassword, user.userName).length || newPassword === oldPassword) {
      return oktaError(c, 'validation', [CAUSES.weakPassword(PASSWORD_REQUIREMENTS)], 'Api validation failed: password');
    }
    passwordChanged(user, newPassword);
    return c.body(null, 204);
  });
}
