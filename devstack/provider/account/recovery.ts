import type { Context, Hono } from 'hono';
import { afterResponse, appSignInUrl, field, type AccountServices } from '../accounts.ts';
import { confirmPage, formPage, messagePage } from './pages.ts';
import { formToken, formTokenMatches } from './form-token.ts';
import { ACCOUNT_PATHS } from '../pages.ts';
import { passwordProblems, PASSWORD_PROBLEM_TEXT, PASSWORD_RULE_TEXT } from '../password-policy.ts';

// Password recovery and unlocking, both by a one-time link by e-mail. The
// page after asking reads the same for every name: whether an account (or a
// lock) exists is decided after the answer, and only shows in the mailbox
// of the account's owner.

const FORGOT = ACCOUNT_PATHS.forgotPassword;
const RESET = '/signin/reset-password';
const UNLOCK = ACCOUNT_PATHS.unlock;

interface LinkPayload {
  sub: string;
}

const LOGIN_FIELD = { name: 'login', label: 'Gebruikersnaam of e-mailadres', autocomplete: 'username' } as const;

export function registerRecoveryRoutes(app: Hono, services: AccountServices): void {
  const { users, lockout, links, mailbox, issuer } = services;
  const back = appSignInUrl(services);
  const message = (c: Context, title: string, text: string, status: 200 | 400 | 403 = 200, next?: { href: string; label: string }) =>
    c.html(messagePage({ title, text, backUrl: back, next }), status);

  /** The "which account?" form shared by recovery and unlock. */
  const askForm = (c: Context, path: string, title: string, intro: string, submit: string, error?: string) =>
    c.html(
      formPage({
        title,
        intro,
        action: path,
        formToken: formToken(c),
        fields: [{ ...LOGIN_FIELD, error }],
        submit,
        error: error ? 'Controleer het gemarkeerde veld.' : undefined,
        backUrl: back,
      }),
      error ? 400 : 200,
    );

  const askRoute = (path: string, title: string, intro: string, submit: string, job: (login: string) => void) => {
    app.get(path, (c) => askForm(c, path, title, intro, submit));
    app.post(path, async (c) => {
      const form = await c.req.parseBody();
      if (!formTokenMatches(c, form.form_token)) return message(c, 'Formulier verlopen', 'Dit formulier is verlopen. Probeer het opnieuw.', 403, { href: path, label: title });
      const login = field(form, 'login').trim();
      if (!login || login.length > 254) return askForm(c, path, title, intro, submit, 'Vul uw gebruikersnaam of e-mailadres in.');
      afterResponse(() => job(login));
      return c.redirect(`${path}/sent`, 303);
    });
  };

  askRoute(FORGOT, 'Wachtwoord vergeten', 'Vul uw gebruikersnaam of e-mailadres in. U krijgt een e-mail met een link om een nieuw wachtwoord in te stellen.', 'Link versturen', (login) => {
    const user = users.findByLogin(login);
    if (!user) return;
    const link = `${issuer}${RESET}?token=${links.issue<LinkPayload>('recovery', { sub: user.sub })}`;
    mailbox.send({
      to: user.email,
      channel: 'email',
      subject: 'Nieuw wachtwoord instellen',
      text: `Stel een nieuw wachtwoord in via ${link}\nDe link is 30 minuten geldig en werkt één keer. Heeft u dit niet gevraagd? Dan kunt u dit bericht negeren.`,
      link,
    });
  });
  app.get(`${FORGOT}/sent`, (c) =>
    message(c, 'Controleer uw e-mail', 'Als er een account bij deze gegevens hoort, hebben we een e-mail gestuurd met een link om een nieuw wachtwoord in te stellen. De link is 30 minuten geldig.'),
  );

  const resetForm = (c: Context, token: string, error?: string) =>
    formPage({
      title: 'Nieuw wachtwoord',
      action: RESET,
      formToken: formToken(c),
      hidden: { token },
      fields: [{ name: 'password', label: 'Nieuw wachtwoord', type: 'password', autocomplete: 'new-password', hint: PASSWORD_RULE_TEXT, error }],
      submit: 'Wachtwoord opslaan',
      error: error ? 'Controleer het gemarkeerde veld.' : undefined,
      backUrl: back,
    });
  const deadLink = (c: Context, expired: boolean, retry: { href: string; label: string }) =>
    message(c, 'Link werkt niet', expired ? 'Deze link is verlopen. Vraag een nieuwe aan.' : 'Deze link is ongeldig of al gebruikt.', 400, retry);
  const newRecoveryLink = { href: FORGOT, label: 'Nieuwe link aanvragen' };

  app.get(RESET, (c) => {
    const token = c.req.query('token') ?? '';
    const found = links.peek<LinkPayload>('recovery', token);
    if (found.kind !== 'valid' || !users.findBySub(found.payload.sub)) return deadLink(c, found.kind === 'expired', newRecoveryLink);
    return c.html(resetForm(c, token));
  });

  app.post(RESET, async (c) => {
    const form = await c.req.parseBody();
    const token = field(form, 'token');
    if (!formTokenMatches(c, form.form_token)) return message(c, 'Formulier verlopen', 'Dit formulier is verlopen. Open de link uit de e-mail opnieuw.', 403);
    // Looked at first and used only once the password is accepted, so a
    // refused password can be tried again with the same link.
    const found = links.peek<LinkPayload>('recovery', token);
    const user = found.kind === 'valid' ? users.findBySub(found.payload.sub) : undefined;
    if (!user) return deadLink(c, found.kind === 'expired', newRecoveryLink);
    const password = field(form, 'password');
    const problems = passwordProblems(password, user.userName);
    if (problems.length) return c.html(resetForm(c, token, problems.map((p) => PASSWORD_PROBLEM_TEXT[p]).join(' ')), 400);
    if (links.consume('recovery', token).kind !== 'valid') return deadLink(c, false, newRecoveryLink);
    users.setPassword(user, users.hash(password));
    // A new password also ends a lockout, as at Okta.
    lockout.clear(user.userName);
    mailbox.send({ to: user.email, channel: 'email', subject: 'Uw wachtwoord is gewijzigd', text: 'Het wachtwoord van uw account is zojuist gewijzigd. Was u dit niet? Neem dan contact op met de beheerder.' });
    return c.redirect(`${RESET}/done`, 303);
  });
  app.get(`${RESET}/done`, (c) => message(c, 'Wachtwoord gewijzigd', 'Uw wachtwoord is gewijzigd. U kunt nu inloggen met het nieuwe wachtwoord.'));

  askRoute(UNLOCK, 'Account ontgrendelen', 'Vul uw gebruikersnaam of e-mailadres in. Is uw account geblokkeerd, dan krijgt u een e-mail met een link om het te ontgrendelen.', 'Link versturen', (login) => {
    const user = users.findByLogin(login);
    if (!user || !lockout.isLocked(user.userName)) return;
    const link = `${issuer}${UNLOCK}/confirm?token=${links.issue<LinkPayload>('unlock', { sub: user.sub })}`;
    mailbox.send({
      to: user.email,
      channel: 'email',
      subject: 'Account ontgrendelen',
      text: `Uw account is geblokkeerd na te veel mislukte inlogpogingen. Ontgrendel het via ${link}\nDe link is 30 minuten geldig en werkt één keer.`,
      link,
    });
  });
  app.get(`${UNLOCK}/sent`, (c) =>
    message(c, 'Controleer uw e-mail', 'Als er een geblokkeerd account bij deze gegevens hoort, hebben we een e-mail gestuurd met een link om het te ontgrendelen. De link is 30 minuten geldig.'),
  );

  const newUnlockLink = { href: UNLOCK, label: 'Nieuwe link aanvragen' };
  app.get(`${UNLOCK}/confirm`, (c) => {
    const token = c.req.query('token') ?? '';
    const found = links.peek<LinkPayload>('unlock', token);
    if (found.kind !== 'valid') return deadLink(c, found.kind === 'expired', newUnlockLink);
    return c.html(
      confirmPage({ title: 'Account ontgrendelen', text: 'Ontgrendel uw account om weer te kunnen inloggen.', action: `${UNLOCK}/confirm`, formToken: formToken(c), token, submit: 'Ontgrendelen', backUrl: back }),
    );
  });
  app.post(`${UNLOCK}/confirm`, async (c) => {
    const form = await c.req.parseBody();
    if (!formTokenMatches(c, form.form_token)) return message(c, 'Formulier verlopen', 'Dit formulier is verlopen. Open de link uit de e-mail opnieuw.', 403);
    const found = links.consume<LinkPayload>('unlock', field(form, 'token'));
    const user = found.kind === 'valid' ? users.findBySub(found.payload.sub) : undefined;
    if (!user) return deadLink(c, found.kind === 'expired', newUnlockLink);
    lockout.clear(user.userName);
    return c.redirect(`${UNLOCK}/done`, 303);
  });
  app.get(`${UNLOCK}/done`, (c) => message(c, 'Account ontgrendeld', 'Uw account is ontgrendeld. U kunt weer inloggen.'));
}
