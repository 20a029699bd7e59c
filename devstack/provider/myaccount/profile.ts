import type { Context, Hono } from 'hono';
import type { AccountServices } from '../accounts.ts';
import { badBody, jsonBody, link, oktaError, requireScope, type ErrorCause, type MyAccountEnv } from './http.ts';
import { passwordProblems } from '../password-policy.ts';
import { TEXTS } from '../texts.ts';
import type { ProviderUser } from '../user-store.ts';

// My-account profile and password, in the shapes of Okta's MyAccount API:
// GET/PUT /profile, GET /profile/schema, GET /password and
// POST /password/change-password { oldPassword, newPassword }.

const MAX_NAME = 50;

/** Editable: first and last name. The e-mail address changes through /emails; the login never. */
const SCHEMA = {
  firstName: { title: 'Voornaam', type: 'string', required: true, minLength: 1, maxLength: MAX_NAME, mutability: 'READ_WRITE' },
  lastName: { title: 'Achternaam', type: 'string', required: true, minLength: 1, maxLength: MAX_NAME, mutability: 'READ_WRITE' },
  email: { title: 'E-mailadres', type: 'string', format: 'email', required: true, mutability: 'READ_ONLY' },
  login: { title: 'Gebruikersnaam', type: 'string', required: true, mutability: 'READ_ONLY' },
};

export function registerProfileRoutes(app: Hono<MyAccountEnv>, services: AccountServices, base: string): void {
  const { users, mailbox } = services;

  const profileJson = (user: ProviderUser) => ({
    createdAt: user.created,
    modifiedAt: user.lastUpdated,
    profile: { firstName: user.givenName, lastName: user.familyName, email: user.email, login: user.userName },
    _links: { self: link(`${base}/profile`, 'GET', 'PUT'), describedBy: link(`${base}/profile/schema`, 'GET') },
  });

  app.get('/profile', requireScope('profile', 'read'), (c) => c.json(profileJson(c.get('user'))));

  app.get('/profile/schema', requireScope('profile', 'read'), (c) =>
    c.json({ _links: { self: link(`${base}/profile/schema`, 'GET') }, properties: SCHEMA }),
  );

  app.put('/profile', requireScope('profile', 'manage'), async (c) => {
    const user = c.get('user');
    const profile = (await jsonBody(c))?.profile;
    if (typeof profile !== 'object' || profile === null) return badBody(c, [{ errorSummary: 'Het veld profile ontbreekt.', property: 'profile', reason: 'required' }]);
    const values = profile as Record<string, unknown>;
    const causes: ErrorCause[] = [];
    const name = (property: 'firstName' | 'lastName') => {
      const value = typeof values[property] === 'string' ? (values[property] as string).trim() : '';
      if (!value || value.length > MAX_NAME) {
        causes.push({ errorSummary: `${SCHEMA[property].title}: 1 tot ${MAX_NAME} tekens.`, property, reason: value ? 'too_long' : 'required' });
      }
      return value;
    };
    const firstName = name('firstName');
    const lastName = name('lastName');
    // Okta's PUT replaces the whole profile, so the read-only fields come
    // back too; they may be left out or repeated, never changed.
    for (const [property, current] of [['email', user.email], ['login', user.userName]] as const) {
      const given = values[property];
      if (given !== undefined && given !== null && given !== current) {
        causes.push({ errorSummary: `${SCHEMA[property].title} kan hier niet worden gewijzigd.`, property, reason: 'read_only' });
      }
    }
    if (causes.length) return badBody(c, causes);
    user.givenName = firstName;
    user.familyName = lastName;
    users.touch(user);
    return c.json(profileJson(user));
  });

  app.get('/password', requireScope('password', 'read'), (c) => {
    const user = c.get('user');
    return c.json({
      id: `pwd${user.sub}`,
      status: 'ACTIVE',
      created: user.created,
      lastUpdated: user.passwordChanged,
      _links: { self: link(`${base}/password`, 'GET') },
    });
  });

  app.post('/password/change-password', requireScope('password', 'manage'), async (c: Context<MyAccountEnv>) => {
    const user = c.get('user');
    const body = await jsonBody(c);
    const oldPassword = typeof body?.oldPassword === 'string' ? body.oldPassword : '';
    const newPassword = typeof body?.newPassword === 'string' ? body.newPassword : '';
    const missing = (['oldPassword', 'newPassword'] as const).filter((p) => !(p === 'oldPassword' ? oldPassword : newPassword));
    if (missing.length) return badBody(c, missing.map((property) => ({ errorSummary: `Het veld ${property} ontbreekt.`, property, reason: 'required' })));
    // The scrypt check of the current password runs before anything else is said about the request.
    if (!users.checkPassword(user, oldPassword)) {
      return oktaError(c, 400, 'wrong_current_password', 'Het huidige wachtwoord klopt niet.', [
        { errorSummary: 'Het huidige wachtwoord klopt niet.', property: 'oldPassword', reason: 'wrong_current_password' },
      ]);
    }
    const problems = passwordProblems(newPassword, user.userName);
    if (newPassword === oldPassword) problems.push('same_as_current');
    if (problems.length) {
      return oktaError(
        c,
        400,
        'weak_password',
        'Het nieuwe wachtwoord voldoet niet aan de regels.',
        problems.map((reason) => ({ errorSummary: TEXTS.nl.passwordProblem[reason], property: 'newPassword', reason })),
      );
    }
    users.setPassword(user, users.hash(newPassword));
    mailbox.send({ to: user.email, channel: 'email', subject: 'Je wachtwoord is gewijzigd', text: 'Het wachtwoord van je account is zojuist gewijzigd via Mijn account. Was jij dit niet? Neem dan contact op met de beheerder.' });
    return c.body(null, 204);
  });
}
