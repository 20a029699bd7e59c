import type { Context, Hono } from 'hono';
import { afterResponse, appSignInUrl, field, type AccountServices } from '../accounts.ts';
import { confirmPage, formPage, messagePage, type FormField } from './pages.ts';
import { formToken, formTokenMatches } from './form-token.ts';
import { ACCOUNT_PATHS } from '../pages.ts';
import { passwordProblems, PASSWORD_PROBLEM_TEXT, PASSWORD_RULE_TEXT } from '../password-policy.ts';
import type { Credential, NewUser } from '../user-store.ts';

// Registration at the provider: a form, then a confirmation link by e-mail,
// then the account. The page after the form reads the same whether or not
// the user name or e-mail address is taken; only the mail differs, and it
// goes to the owner of the address.

const PATH = ACCOUNT_PATHS.register;
const USER_NAME = /^[a-z0-9][a-z0-9._-]{2,29}$/i;
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

interface Pending {
  input: NewUser;
  credential: Credential;
}

type Values = Record<'givenName' | 'familyName' | 'email' | 'username', string>;
type Errors = Partial<Record<keyof Values | 'password', string>>;

function validate(values: Values, password: string): Errors {
  const errors: Errors = {};
  const name = (value: string) => value.trim().length >= 1 && value.trim().length <= 50;
  if (!name(values.givenName)) errors.givenName = 'Vul uw voornaam in (hoogstens 50 tekens).';
  if (!name(values.familyName)) errors.familyName = 'Vul uw achternaam in (hoogstens 50 tekens).';
  if (!EMAIL.test(values.email.trim()) || values.email.length > 254) errors.email = 'Vul een geldig e-mailadres in.';
  if (!USER_NAME.test(values.username.trim())) {
    errors.username = 'Gebruik 3 tot 30 letters, cijfers, punten, streepjes of liggende streepjes.';
  }
  const problems = passwordProblems(password, values.username);
  if (problems.length) errors.password = problems.map((p) => PASSWORD_PROBLEM_TEXT[p]).join(' ');
  return errors;
}

function registrationForm(c: Context, services: AccountServices, values: Values, errors: Errors = {}): string {
  const fields: FormField[] = [
    { name: 'givenName', label: 'Voornaam', autocomplete: 'given-name', value: values.givenName, error: errors.givenName },
    { name: 'familyName', label: 'Achternaam', autocomplete: 'family-name', value: values.familyName, error: errors.familyName },
    { name: 'email', label: 'E-mailadres', type: 'email', autocomplete: 'email', value: values.email, error: errors.email },
    { name: 'username', label: 'Gebruikersnaam', autocomplete: 'username', value: values.username, error: errors.username },
    { name: 'password', label: 'Wachtwoord', type: 'password', autocomplete: 'new-password', hint: PASSWORD_RULE_TEXT, error: errors.password },
  ];
  return formPage({
    title: 'Registreren',
    intro: 'Maak een account aan. U krijgt een e-mail om de registratie te bevestigen.',
    action: PATH,
    formToken: formToken(c),
    fields,
    submit: 'Registreren',
    error: Object.keys(errors).length ? 'Controleer de gemarkeerde velden.' : undefined,
    backUrl: appSignInUrl(services),
  });
}

/** Decides, after the answer, what the mail to the given address says. */
function mailRegistration(services: AccountServices, input: NewUser, credential: Credential): void {
  const { users, mailbox, links, issuer } = services;
  const taken = users.isTaken(input);
  if (taken.email) {
    const link = `${issuer}${ACCOUNT_PATHS.forgotPassword}`;
    mailbox.send({
      to: input.email,
      channel: 'email',
      subject: 'U heeft al een account',
      text: `Er is geprobeerd met dit e-mailadres een account te registreren, maar er bestaat al een account met dit adres.\nWachtwoord vergeten? Vraag een nieuw wachtwoord aan via ${link}\nWas u dit niet? Dan kunt u dit bericht negeren.`,
      link,
    });
    return;
  }
  if (taken.userName) {
    const link = `${issuer}${PATH}`;
    mailbox.send({
      to: input.email,
      channel: 'email',
      subject: 'Registratie niet afgerond',
      text: `De gebruikersnaam "${input.userName}" is niet beschikbaar. Registreer opnieuw met een andere gebruikersnaam via ${link}`,
      link,
    });
    return;
  }
  const token = links.issue<Pending>('registration', { input, credential });
  const link = `${issuer}${PATH}/confirm?token=${token}`;
  mailbox.send({
    to: input.email,
    channel: 'email',
    subject: 'Bevestig uw registratie',
    text: `Welkom, ${input.givenName}. Bevestig uw registratie via ${link}\nDe link is 24 uur geldig en werkt één keer.`,
    link,
  });
}

export function registerRegistrationRoutes(app: Hono, services: AccountServices): void {
  const back = appSignInUrl(services);
  const staleForm = (c: Context) =>
    c.html(messagePage({ title: 'Formulier verlopen', text: 'Dit formulier is verlopen. Probeer het opnieuw.', backUrl: back, next: { href: PATH, label: 'Opnieuw registreren' } }), 403);
  const deadLink = (c: Context, expired: boolean) =>
    c.html(
      messagePage({
        title: 'Registreren',
        text: expired ? 'Deze link is verlopen.' : 'Deze link is ongeldig of al gebruikt.',
        backUrl: back,
        next: { href: PATH, label: 'Opnieuw registreren' },
      }),
      400,
    );

  app.get(PATH, (c) => c.html(registrationForm(c, services, { givenName: '', familyName: '', email: '', username: '' })));

  app.post(PATH, async (c) => {
    const form = await c.req.parseBody();
    if (!formTokenMatches(c, form.form_token)) return staleForm(c);
    const values: Values = {
      givenName: field(form, 'givenName'),
      familyName: field(form, 'familyName'),
      email: field(form, 'email'),
      username: field(form, 'username'),
    };
    const password = field(form, 'password');
    const errors = validate(values, password);
    if (Object.keys(errors).length) return c.html(registrationForm(c, services, values, errors), 400);
    // The scrypt work happens here for every registration, taken or not.
    const credential = services.users.hash(password);
    const input: NewUser = {
      userName: values.username.trim().toLowerCase(),
      givenName: values.givenName.trim(),
      familyName: values.familyName.trim(),
      email: values.email.trim(),
    };
    afterResponse(() => mailRegistration(services, input, credential));
    return c.redirect(`${PATH}/sent`, 303);
  });

  app.get(`${PATH}/sent`, (c) =>
    c.html(messagePage({ title: 'Controleer uw e-mail', text: 'We hebben een e-mail gestuurd naar het opgegeven adres. Volg de link in die e-mail om uw registratie af te ronden.', backUrl: back })),
  );

  app.get(`${PATH}/confirm`, (c) => {
    const token = c.req.query('token') ?? '';
    const found = services.links.peek<Pending>('registration', token);
    if (found.kind !== 'valid') return deadLink(c, found.kind === 'expired');
    return c.html(
      confirmPage({
        title: 'Registratie bevestigen',
        text: `Bevestig de registratie van gebruikersnaam "${found.payload.input.userName}".`,
        action: `${PATH}/confirm`,
        formToken: formToken(c),
        token,
        submit: 'Registratie bevestigen',
        backUrl: back,
      }),
    );
  });

  app.post(`${PATH}/confirm`, async (c) => {
    const form = await c.req.parseBody();
    if (!formTokenMatches(c, form.form_token)) return staleForm(c);
    const found = services.links.consume<Pending>('registration', field(form, 'token'));
    if (found.kind !== 'valid') return deadLink(c, found.kind === 'expired');
    const { input, credential } = found.payload;
    const taken = services.users.isTaken(input);
    if (taken.userName || taken.email) {
      return c.html(messagePage({ title: 'Registreren', text: 'Deze registratie kan niet meer worden afgerond. Registreer opnieuw.', backUrl: back, next: { href: PATH, label: 'Opnieuw registreren' } }), 409);
    }
    services.users.add(input, credential);
    return c.redirect(`${PATH}/done`, 303);
  });

  app.get(`${PATH}/done`, (c) =>
    c.html(messagePage({ title: 'Account aangemaakt', text: 'Uw account is aangemaakt. U kunt nu inloggen.', backUrl: back })),
  );
}
