import type { Context, Hono } from 'hono';
import { afterResponse, appSignInUrl, field, requestLanguage, type AccountServices } from '../accounts.ts';
import { confirmPage, formPage, messagePage, type FormField } from './pages.ts';
import { formToken, formTokenMatches } from './form-token.ts';
import { ACCOUNT_PATHS } from '../pages.ts';
import { passwordProblems } from '../password-policy.ts';
import { TEXTS, withLanguage, type Language } from '../texts.ts';
import type { Credential } from '../../password.ts';
import type { NewUser } from '../user-store.ts';

// Registration at the provider ("Account aanvragen", as the app's login page
// calls it): a form, then a confirmation link by e-mail, then the account. The page after the form reads the same whether or not
// the user name or e-mail address is taken; only the mail differs, and it
// goes to the owner of the address.

const PATH = ACCOUNT_PATHS.register;
const USER_NAME = /^[a-z0-9][a-z0-9._-]{2,29}$/i;
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

interface Pending {
  input: NewUser;
  credential: Credential;
  /** The language the request was made in: the confirmation page speaks it too, whichever browser opens the mail. */
  language: Language;
}

type Values = Record<'givenName' | 'familyName' | 'email' | 'username', string>;
type Errors = Partial<Record<keyof Values | 'password', string>>;

function validate(values: Values, password: string, language: Language): Errors {
  const text = TEXTS[language];
  const errors: Errors = {};
  const name = (value: string) => value.trim().length >= 1 && value.trim().length <= 50;
  if (!name(values.givenName)) errors.givenName = text.givenNameError;
  if (!name(values.familyName)) errors.familyName = text.familyNameError;
  if (!EMAIL.test(values.email.trim()) || values.email.length > 254) errors.email = text.emailError;
  if (!USER_NAME.test(values.username.trim())) {
    errors.username = text.userNameError;
  }
  const problems = passwordProblems(password, values.username);
  if (problems.length) errors.password = problems.map((p) => text.passwordProblem[p]).join(' ');
  return errors;
}

function registrationForm(c: Context, services: AccountServices, language: Language, values: Values, errors: Errors = {}): string {
  const text = TEXTS[language];
  const fields: FormField[] = [
    { name: 'givenName', label: text.givenName, autocomplete: 'given-name', value: values.givenName, error: errors.givenName },
    { name: 'familyName', label: text.familyName, autocomplete: 'family-name', value: values.familyName, error: errors.familyName },
    { name: 'email', label: text.email, type: 'email', autocomplete: 'email', value: values.email, error: errors.email },
    { name: 'username', label: text.userName, autocomplete: 'username', value: values.username, error: errors.username },
    {
      name: 'password',
      label: text.password,
      type: 'password',
      autocomplete: 'new-password',
      hint: text.passwordRule,
      error: errors.password,
    },
  ];
  return formPage({
    language,
    title: text.requestAccount,
    intro: text.requestIntro,
    action: withLanguage(PATH, language),
    formToken: formToken(c),
    fields,
    submit: text.requestAccount,
    error: Object.keys(errors).length ? text.checkFields : undefined,
    backUrl: appSignInUrl(services),
  });
}

/** Decides, after the answer, what the mail to the given address says. */
function mailRegistration(services: AccountServices, input: NewUser, credential: Credential, language: Language): void {
  const { users, mailbox, links, issuer } = services;
  const text = TEXTS[language];
  const taken = users.isTaken(input);
  if (taken.email) {
    const link = withLanguage(`${issuer}${ACCOUNT_PATHS.forgotPassword}`, language);
    mailbox.send({
      to: input.email,
      channel: 'email',
      subject: text.mailAlreadyTitle,
      text: text.mailAlready(link),
      link,
    });
    return;
  }
  if (taken.userName) {
    const link = withLanguage(`${issuer}${PATH}`, language);
    mailbox.send({
      to: input.email,
      channel: 'email',
      subject: text.mailUserNameTakenTitle,
      text: text.mailUserNameTaken(input.userName, link),
      link,
    });
    return;
  }
  const token = links.issue<Pending>('registration', { input, credential, language });
  const link = withLanguage(`${issuer}${PATH}/confirm?token=${token}`, language);
  mailbox.send({
    to: input.email,
    channel: 'email',
    subject: text.mailConfirmTitle,
    text: text.mailConfirm(input.givenName, link),
    link,
  });
}

export function registerRegistrationRoutes(app: Hono, services: AccountServices): void {
  const back = appSignInUrl(services);
  const again = (language: Language) => ({ href: withLanguage(PATH, language), label: TEXTS[language].requestAgain });
  const staleForm = (c: Context, language: Language) =>
    c.html(
      messagePage({
        language,
        title: TEXTS[language].formExpiredTitle,
        text: TEXTS[language].formExpired,
        backUrl: back,
        next: again(language),
      }),
      403,
    );
  const deadLink = (c: Context, language: Language, expired: boolean) =>
    c.html(
      messagePage({
        language,
        title: TEXTS[language].requestAccount,
        text: expired ? TEXTS[language].linkExpired : TEXTS[language].linkUsed,
        backUrl: back,
        next: again(language),
      }),
      400,
    );

  app.get(PATH, (c) =>
    c.html(registrationForm(c, services, requestLanguage(c), { givenName: '', familyName: '', email: '', username: '' })),
  );

  app.post(PATH, async (c) => {
    const language = requestLanguage(c);
    const form = await c.req.parseBody();
    if (!formTokenMatches(c, form.form_token)) return staleForm(c, language);
    const values: Values = {
      givenName: field(form, 'givenName'),
      familyName: field(form, 'familyName'),
      email: field(form, 'email'),
      username: field(form, 'username'),
    };
    const password = field(form, 'password');
    const errors = validate(values, password, language);
    if (Object.keys(errors).length) return c.html(registrationForm(c, services, language, values, errors), 400);
    // The scrypt work happens here for every registration, taken or not.
    const credential = services.users.hash(password);
    const input: NewUser = {
      userName: values.username.trim().toLowerCase(),
      givenName: values.givenName.trim(),
      familyName: values.familyName.trim(),
      email: values.email.trim(),
    };
    afterResponse(() => mailRegistration(services, input, credential, language));
    return c.redirect(withLanguage(`${PATH}/sent`, language), 303);
  });

  app.get(`${PATH}/sent`, (c) => {
    const language = requestLanguage(c);
    return c.html(messagePage({ language, title: TEXTS[language].checkMail, text: TEXTS[language].requestSent, backUrl: back }));
  });

  app.get(`${PATH}/confirm`, (c) => {
    const token = c.req.query('token') ?? '';
    const found = services.links.peek<Pending>('registration', token);
    const language = found.kind === 'valid' ? found.payload.language : requestLanguage(c);
    if (found.kind !== 'valid') return deadLink(c, language, found.kind === 'expired');
    const text = TEXTS[language];
    return c.html(
      confirmPage({
        language,
        title: text.confirmRequest,
        text: text.confirmRequestText(found.payload.input.userName),
        action: withLanguage(`${PATH}/confirm`, language),
        formToken: formToken(c),
        token,
        submit: text.confirmRequest,
        backUrl: back,
      }),
    );
  });

  app.post(`${PATH}/confirm`, async (c) => {
    const language = requestLanguage(c);
    const form = await c.req.parseBody();
    if (!formTokenMatches(c, form.form_token)) return staleForm(c, language);
    const found = services.links.consume<Pending>('registration', field(form, 'token'));
    if (found.kind !== 'valid') return deadLink(c, language, found.kind === 'expired');
    const { input, credential } = found.payload;
    const taken = services.users.isTaken(input);
    if (taken.userName || taken.email) {
      return c.html(
        messagePage({
          language,
          title: TEXTS[language].requestAccount,
          text: TEXTS[language].requestStale,
          backUrl: back,
          next: again(language),
        }),
        409,
      );
    }
    services.users.add(input, credential);
    return c.redirect(withLanguage(`${PATH}/done`, language), 303);
  });

  // What really comes next: the first sign-in registers the person at the
  // API, active and without roles (the stand-in's externalUserRegistration
  // default, as ABP's template does), so the home shows no sections yet.
  app.get(`${PATH}/done`, (c) => {
    const language = requestLanguage(c);
    return c.html(
      messagePage({ language, title: TEXTS[language].accountCreatedTitle, text: TEXTS[language].accountCreated, backUrl: back }),
    );
  });
}
